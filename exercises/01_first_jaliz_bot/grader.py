"""Grader of exercise 1, "Your first Jaliz bot".

Grade learners' notebooks (prints a report per notebook; exit status 0 only when all pass)::

    .venv/bin/python exercises/01_first_jaliz_bot/grader.py [--secret-file FILE] NOTEBOOK.ipynb [...]
    .venv/bin/jaliz-learn grade 01_first_jaliz_bot submissions/      # a whole folder, with a gradebook
    .venv/bin/python -m pytest exercises/01_first_jaliz_bot --notebook path/to/notebook.ipynb

or from Python: ``grade("path/to/notebook.ipynb")`` returns a report (``.passed``, ``print(report)``,
an HTML table in Jupyter).

The learner's code never runs in the grader's process: each notebook runs in its own fresh process
with CPU, memory, output and wall-time limits, and its bot answers observations and legal actions
sent as data (:mod:`jaliz_learn.grading.sandbox`). The grader keeps the game and decides the grade.

What is checked (the bars are stated in the notebook): the six scenario positions of ``check()``,
every action legal over 16 games against RandomBots, then 40 games against three
``HeuristicJalizBot`` (4 players, seats rotated): at most 1 s per decision, at least 40% of the
games won and at least 13 coins per game on average. A crash, hang or illegal action in any graded
game fails the grade; the report names the exception, the method, the notebook cell and line, and
gives a one-line snippet that rebuilds that position.

Seeds: the graded games derive from a secret seed, read from the environment variable
``JALIZ_LEARN_SECRET_SEED`` or from ``--secret-file`` (a file outside the repository). Without
either, :data:`PRACTICE_SEED` below is used, which every learner can read: the report then says
the grade is for practice only.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from jaliz_learn.exercises.common import grade_in_sandbox, grader_main
from jaliz_learn.exercises.ex01_first_jaliz_bot import FIRST_BOT_GAME, grade_first_bot
from jaliz_learn.grading import GradeReport, Limits
from jaliz_learn.tournament import derive_seed

HERE = Path(__file__).resolve().parent
#: The notebook graded when no path is given: the untouched learner version (it fails by design).
DEFAULT_NOTEBOOK = HERE / "exercise.ipynb"
#: The class the learner must write.
CLASS_NAME = "MyJalizBot"
#: The practice seed: public (it is in the repository), so only for trying the grader out.
PRACTICE_SEED = 0x6A616C697A  # "jaliz"
#: Limits of the learner's process (a teacher may pass others to grade()).
LIMITS = Limits(load_seconds=60.0, cell_seconds=30.0, setup_seconds=5.0, cpu_seconds=300, memory_mb=1536)


def grade_bot_class(bot: Any, *, seed: int = PRACTICE_SEED, **kwargs: Any) -> GradeReport:
    """Grade a *trusted* bot class (or factory) in this process; ``kwargs`` go to ``grade_first_bot``.

    For learners' notebooks use :func:`grade`, which runs their code in its own process.
    """
    return grade_first_bot(bot, seed=derive_seed(seed, 1), **kwargs)


def grade(notebook: str | Path = DEFAULT_NOTEBOOK, *, seed: int | None = None, secret_file: str | Path | None = None,
          limits: Limits | None = None, **kwargs: Any) -> GradeReport:
    """Run ``notebook`` in its own process, take its ``MyJalizBot`` and grade it; never raises for the
    learner's problems (loading errors, crashes, hangs, exits, non-actions and illegal actions are
    all reported with a hint). ``seed`` overrides the secret seed (tests)."""
    return grade_in_sandbox(notebook, title="Exercise 1 (your first Jaliz bot)", game=FIRST_BOT_GAME,
                            class_name=CLASS_NAME, practice_seed=PRACTICE_SEED, limits=limits or LIMITS,
                            grade=grade_first_bot, label=1, seed=seed, secret_file=secret_file, **kwargs)


def main(argv: list[str] | None = None) -> int:
    """Grade every notebook named on the command line (default: the learner notebook)."""
    return grader_main(argv, grade=grade, default_notebook=DEFAULT_NOTEBOOK, description=__doc__.split("\n\n")[0])


if __name__ == "__main__":
    sys.exit(main())
