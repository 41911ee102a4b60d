"""Code health: ruff and mypy are clean on the engine and the boards (run by the README's test command)."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _tool(module: str) -> None:
    if importlib.util.find_spec(module) is None:
        pytest.skip(f"{module} is not installed (pip install -e '.[test]')")


def test_ruff_is_clean():
    _tool("ruff")
    proc = subprocess.run([sys.executable, "-m", "ruff", "check", "jaliz_learn", "widgets", "tests"],
                          cwd=ROOT, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_mypy_is_clean():
    _tool("mypy")
    proc = subprocess.run([sys.executable, "-m", "mypy", "jaliz_learn", "widgets"], cwd=ROOT,
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_engine_imports_nothing_from_jupyter():
    """Principle 5: the engine is pure Python; importing every game pulls in no Jupyter module."""
    code = ("import sys, jaliz_learn\n"
            "from jaliz_learn.core.registry import available\n"
            "for name in available(): jaliz_learn.load_game(name).initial_state(seed=1)\n"
            "bad = [m for m in sys.modules if m.split('.')[0] in "
            "('ipywidgets', 'ipycanvas', 'IPython', 'jupyter_client', 'ipykernel', 'traitlets', 'pandas')]\n"
            "print(','.join(bad))")
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "", f"the engine imported: {proc.stdout.strip()}"


def test_no_module_level_random_in_the_engine():
    """Principle 4: all chance flows from the state's Rng; no engine module uses the random module directly."""
    offenders = []
    for path in (ROOT / "jaliz_learn").rglob("*.py"):
        if path.name == "rng.py":
            continue
        text = path.read_text()
        if "import random" in text or "from random import" in text:
            offenders.append(str(path.relative_to(ROOT)))
    assert not offenders, f"modules importing random directly: {offenders}"
