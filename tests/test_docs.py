"""docs/RULINGS.md is assembled from docs/rulings/ and records every ruling of every catalogue."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

import jaliz_learn
from jaliz_learn.core.registry import available

ROOT = Path(__file__).resolve().parent.parent


def _builder():
    spec = importlib.util.spec_from_file_location("build_rulings", ROOT / "docs/tools/build_rulings.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_rulings_file_is_up_to_date():
    text = (ROOT / "docs/RULINGS.md").read_text()
    assert text == _builder().build(), "run: python docs/tools/build_rulings.py"


@pytest.mark.parametrize("name", available())
def test_every_ruling_is_recorded(name):
    text = (ROOT / "docs/RULINGS.md").read_text()
    rulings = [r.id for r in jaliz_learn.load_game(name).rules if r.status in ("ruling", "proposed")]
    missing = [rid for rid in rulings if rid not in text]
    assert not missing, f"{name}: rulings missing from docs/RULINGS.md: {missing}"
