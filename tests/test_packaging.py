"""Every package folder is installed (pyproject lists packages by hand because of widgets/)."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _pyproject() -> dict:
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover
        import tomli as tomllib
    return tomllib.loads((ROOT / "pyproject.toml").read_text())


def test_every_package_folder_is_listed():
    listed = set(_pyproject()["tool"]["setuptools"]["packages"])
    found = {".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "jaliz_learn").rglob("__init__.py")}
    found.add("jaliz_learn.widgets")
    assert found <= listed, f"add to [tool.setuptools] packages in pyproject.toml: {sorted(found - listed)}"


def test_widgets_install_as_part_of_the_package():
    import importlib.util

    spec = importlib.util.find_spec("jaliz_learn.widgets")
    assert spec is not None and Path(spec.origin).parent == ROOT / "widgets"
