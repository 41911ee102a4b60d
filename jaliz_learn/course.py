"""The course material: the rule notebooks and the exercises (learner notebooks, graders, guides).

In a repository checkout it is the checkout's ``notebooks/`` and ``exercises/``; in an installed wheel (a
JupyterHub image, a JupyterLite site) it is package data under ``jaliz_learn/course/``, copied there by the build
(``setup.py``), without the solution masters. :func:`copy_course` puts a learner's own copy in a folder, never
overwriting a notebook the learner has edited.

>>> sorted({path.split("/")[0] for path in course_files()})
['exercises', 'notebooks']
"""

from __future__ import annotations

import filecmp
import shutil
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent


def root() -> Path:
    """The folder holding ``notebooks/`` and ``exercises/``: the checkout, else the installed package data."""
    checkout = PACKAGE.parent
    if (checkout / "notebooks" / "00_welcome.ipynb").is_file() and (checkout / "exercises").is_dir():
        return checkout
    return PACKAGE / "course"


def course_files(base: Path | None = None) -> dict[str, Path]:
    """``{relative path: file}`` of the material a learner gets: every notebook and guide of ``notebooks/``, and
    each exercise's learner notebook, grader and the exercises' guide (never a solution master)."""
    base = base or root()
    files: dict[str, Path] = {}
    for pattern in ("notebooks/*.ipynb", "notebooks/README.md", "exercises/README.md", "exercises/*/exercise.ipynb",
                    "exercises/*/grader.py"):
        for path in sorted(base.glob(pattern)):
            files[path.relative_to(base).as_posix()] = path
    return files


def copy_course(target: Path) -> list[str]:
    """Copy the course into ``target`` (made if needed); a line per file: copied, already there, or kept (a copy the
    learner changed is never overwritten)."""
    lines = []
    for relative, source in course_files().items():
        destination = target / relative
        if destination.exists():
            same = filecmp.cmp(source, destination, shallow=False)
            lines.append(f"{relative}: already there" if same else f"{relative}: kept your edited copy")
            continue
        destination.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, destination)
        lines.append(f"{relative}: copied")
    return lines


__all__ = ["copy_course", "course_files", "root"]
