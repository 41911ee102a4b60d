"""The API reference site (issue 53): Sphinx builds the docstrings of every module and the Markdown guides into
HTML with ``-W``, so any warning (a broken docstring markup, a guide left out of the tree, a module that fails to
import) fails the test. The docstrings' examples run as doctests in the suite (``--doctest-modules``)."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CONF = ROOT / "docs" / "site" / "conf.py"


def _conf() -> object:
    spec = importlib.util.spec_from_file_location("_site_conf", CONF)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_site_lists_every_module_and_every_guide() -> None:
    conf = _conf()
    modules = set(conf._modules())  # type: ignore[attr-defined]
    assert {"jaliz_learn", "jaliz_learn.core.game", "jaliz_learn.widgets.framework", "jaliz_learn.cli"} <= modules
    assert "jaliz_learn.__main__" not in modules  # importing it would run the command line
    files = [p for folder in ("jaliz_learn", "widgets") for p in (ROOT / folder).rglob("*.py")
             if "__pycache__" not in p.parts and p.stem != "__main__"]
    assert len(modules) == len(files)
    index = (ROOT / "docs" / "site" / "index.md").read_text(encoding="utf-8")
    for guide in (ROOT / "docs").glob("*.md"):
        assert f"../{guide.stem}\n" in index, f"docs/{guide.name} is not in the site's table of contents"


def test_a_broken_docstring_would_be_caught() -> None:
    """The star escaping keeps rule-ID wildcards and *args readable, and leaves literals and plain stars alone."""
    conf = _conf()
    lines = ["setup (JAL-SETUP-*), whose", "fn(*args, **kwargs)", "``_touch*`` and ``JAL-X-*``", "a * b"]
    conf._escape_stars(None, "module", "x", None, None, lines)  # type: ignore[attr-defined]
    assert lines == ["setup (JAL-SETUP-\\*), whose", "fn(\\*args, \\*\\*kwargs)", "``_touch*`` and ``JAL-X-*``",
                     "a * b"]


@pytest.mark.slow
def test_the_site_builds_without_a_warning(tmp_path: Path) -> None:
    pytest.importorskip("sphinx")
    pytest.importorskip("myst_parser")
    out = tmp_path / "site"
    proc = subprocess.run([sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-j", "2", "-c",
                           str(CONF.parent), "-b", "html", str(ROOT / "docs"), str(out)],
                          capture_output=True, text=True, timeout=1200, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr[-4000:]
    assert proc.stderr.strip() == ""
    page = (out / "site" / "_api" / "jaliz_learn.core.game.html").read_text(encoding="utf-8")
    assert "initial_state" in page and "legal_actions" in page  # built from the docstrings
    assert (out / "ADAPTERS.html").is_file() and (out / "site" / "readme.html").is_file()
    assert "Keep a Changelog" in (out / "site" / "changelog.html").read_text(encoding="utf-8")
