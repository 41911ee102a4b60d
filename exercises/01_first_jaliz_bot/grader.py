"""Grader of exercise 1, "Your first Jaliz bot".

Grade a learner's notebook (prints the report; exit status 0 when it passes)::

    python exercises/01_first_jaliz_bot/grader.py path/to/notebook.ipynb [more.ipynb ...]
    python -m pytest exercises/01_first_jaliz_bot --notebook path/to/notebook.ipynb

or from Python: ``grade("path/to/notebook.ipynb")`` returns a report
(``.passed``, ``print(report)``, an HTML table in Jupyter).

What is checked (the bars are stated in the notebook): the six scenario positions
of ``check()``, every action legal over 32 games, at most 1 s per decision, and
against three ``RandomBot`` players (4 players, seats rotated) at least 75% of 100
games won and at least 10 coins per game on average. The games' seeds derive from
:data:`SECRET_SEED`, which the notebook never shows; a teacher can change it without
editing this file through the environment variable ``JALIZ_EX01_SECRET``.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path
from typing import Any

from jaliz_learn.exercise_tools import ExerciseReport, grade_first_bot
from jaliz_learn.grading import GradeReport, LearnerCodeError, load_bot_from_notebook
from jaliz_learn.tournament import derive_seed, describe_exception

HERE = Path(__file__).resolve().parent
#: The notebook graded when no path is given: the untouched learner version (it fails by design).
DEFAULT_NOTEBOOK = HERE / "exercise.ipynb"
#: The class the learner must write.
CLASS_NAME = "MyJalizBot"
#: Hidden seed of the graded games (not shown in the notebook; override with JALIZ_EX01_SECRET).
SECRET_SEED = 0x6A616C697A  # "jaliz"
#: Seconds a cell of the learner's notebook may run while it is loaded.
CELL_TIME_LIMIT = 60.0


def secret_seed() -> int:
    """The seed the graded games derive from (``JALIZ_EX01_SECRET`` if set)."""
    text = os.environ.get("JALIZ_EX01_SECRET", "").strip()
    return int(text, 0) if text else SECRET_SEED


def grade_bot_class(bot: Any, *, seed: int | None = None, **kwargs: Any) -> GradeReport:
    """Grade a bot class (or factory) directly; ``kwargs`` go to :func:`grade_first_bot`."""
    base = derive_seed(secret_seed() if seed is None else seed, 1)
    return grade_first_bot(bot, seed=base, **kwargs)


def grade(notebook: str | Path = DEFAULT_NOTEBOOK, *, seed: int | None = None,
          cell_time_limit: float = CELL_TIME_LIMIT, **kwargs: Any) -> GradeReport:
    """Load ``MyJalizBot`` from ``notebook`` and grade it; every problem becomes a report item.

    Never raises for problems in the learner's code (loading errors, crashes, hangs,
    non-actions and illegal actions are all reported with a hint).
    """
    path = Path(notebook)
    report = ExerciseReport(f"Exercise 1 (your first Jaliz bot): {path.name}")
    try:
        cls = load_bot_from_notebook(path, CLASS_NAME, cell_time_limit=cell_time_limit)
    except LearnerCodeError as exc:
        report.add("load your bot", False, str(exc),
                   hint="fix this in the notebook, save it, then Restart Kernel and Run All Cells to see it "
                        "fail or work the same way")
        return report
    report.add("load your bot", True, f"found class {cls.__name__}")
    try:
        report.extend(grade_bot_class(cls, seed=seed, **kwargs))
    except Exception as exc:  # a grader bug must still give a report, never a traceback for the learner
        report.add("grader", False, f"the grader itself failed: {describe_exception(exc)}",
                   hint="this is not your fault: tell your teacher and hand in the notebook as it is")
    return report


def main(argv: list[str] | None = None) -> int:
    """Grade every notebook named on the command line (default: the learner notebook)."""
    paths = list(sys.argv[1:] if argv is None else argv) or [str(DEFAULT_NOTEBOOK)]
    if any(p in ("-h", "--help") for p in paths):
        print(__doc__)
        return 0
    failed = 0
    for p in paths:
        start = time.perf_counter()
        report = grade(p)
        print(report)
        print(f"({time.perf_counter() - start:.1f} s)\n")
        failed += not report.passed
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
