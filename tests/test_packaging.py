"""Every package folder is installed (pyproject lists packages by hand because of widgets/)."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _pyproject(path: Path = ROOT / "pyproject.toml") -> dict:
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover
        import tomli as tomllib
    return tomllib.loads(path.read_text())


def test_every_package_folder_is_listed():
    listed = set(_pyproject()["tool"]["setuptools"]["packages"])
    found = {".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "jaliz_learn").rglob("__init__.py")}
    found.add("jaliz_learn.widgets")
    assert found <= listed, f"add to [tool.setuptools] packages in pyproject.toml: {sorted(found - listed)}"


def test_widgets_install_as_part_of_the_package():
    import importlib.util

    spec = importlib.util.find_spec("jaliz_learn.widgets")
    assert spec is not None and Path(spec.origin).parent == ROOT / "widgets"


def test_the_teacher_kit_lists_its_packages_and_the_learner_package_not_the_answers():
    """The teacher kit (issue 48) is a distribution of its own: its pyproject lists every package folder of it, and
    the learner package lists no answers package."""
    kit = _pyproject(ROOT / "teacher" / "pyproject.toml")
    folders = sorted(".".join(p.parent.relative_to(ROOT / "teacher").parts)
                     for p in (ROOT / "teacher" / "jaliz_learn_teacher").rglob("__init__.py"))
    assert sorted(kit["tool"]["setuptools"]["packages"]) == folders
    learner = _pyproject()
    assert not [p for p in learner["tool"]["setuptools"]["packages"] if "answers" in p or "teacher" in p]
