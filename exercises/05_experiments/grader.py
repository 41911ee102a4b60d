"""Grader of exercise 5, "Running experiments".

Grade learners' notebooks (prints a report per notebook; exit status 0 only when all pass)::

    .venv/bin/python exercises/05_experiments/grader.py [--secret-file FILE] NOTEBOOK.ipynb [...]
    .venv/bin/jaliz-learn grade 05_experiments submissions/      # a whole folder, with a gradebook
    .venv/bin/python -m pytest exercises/05_experiments --notebook path/to/notebook.ipynb

The learner's code never runs in the grader's process: the notebook runs in its own process with
CPU, memory, output and wall-time limits; the grader sends each data set of game results as plain
values and receives the numbers as plain values (:meth:`jaliz_learn.grading.Sandbox.call`).

What is checked (the bars are stated in the notebook; see :mod:`jaliz_learn.exercises.ex05_experiments`):
``schedule``, ``win_rates``, ``wilson``, ``seat_win_rates``, ``seat_advantage`` and ``elo`` of
``MyExperiments`` on 5 hidden data sets drawn from the secret seed, each right to 1e-9 and within 5 s.

Seeds: the data sets derive from a secret seed (``JALIZ_LEARN_SECRET_SEED`` or ``--secret-file``);
without either, :data:`PRACTICE_SEED` below is used and the report says the grade is for practice only.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from jaliz_learn.exercises.common import grade_in_sandbox, grader_main
from jaliz_learn.exercises.ex05_experiments import CLASS_NAME, OWN_WORK, grade_experiments
from jaliz_learn.exercises.practice import teacher_answers
from jaliz_learn.grading import GradeReport, Limits
from jaliz_learn.tournament import derive_seed

HERE = Path(__file__).resolve().parent
#: The notebook graded when no path is given: the untouched learner version (it fails by design).
DEFAULT_NOTEBOOK = HERE / "exercise.ipynb"
#: The practice seed: public (it is in the repository), so only for trying the grader out.
PRACTICE_SEED = 0x6578706572  # "exper"
#: Limits of the learner's process (a teacher may pass others to grade()).
LIMITS = Limits(load_seconds=60.0, cell_seconds=30.0, setup_seconds=5.0, cpu_seconds=120, memory_mb=1536)
#: The sandbox needs a game for its action classes; this exercise plays none.
_GAME = "bali"


def grade_bot_class(cls: Any, *, seed: int = PRACTICE_SEED, **kwargs: Any) -> GradeReport:
    """Grade a *trusted* class in this process; ``kwargs`` go to ``grade_experiments``."""
    return grade_experiments(cls, seed=derive_seed(seed, 5), **kwargs)


def preflight() -> None:
    """The hidden cases need the teacher kit's reference answers: without the kit, one line (an ``InvalidOption``)
    before any notebook runs (``jaliz-learn grade`` calls this first too)."""
    teacher_answers("ex05")


def grade(notebook: str | Path = DEFAULT_NOTEBOOK, *, seed: int | None = None, secret_file: str | Path | None = None,
          limits: Limits | None = None, **kwargs: Any) -> GradeReport:
    """Run ``notebook`` in its own process, take its ``MyExperiments`` and grade it; never raises for the
    learner's problems. ``seed`` overrides the secret seed (tests)."""
    preflight()
    return grade_in_sandbox(notebook, title="Exercise 5 (running experiments)", game=_GAME, class_name=CLASS_NAME,
                            practice_seed=PRACTICE_SEED, limits=limits or LIMITS, grade=grade_experiments, label=5,
                            seed=seed, secret_file=secret_file, own_work=OWN_WORK, **kwargs)


def main(argv: list[str] | None = None) -> int:
    """Grade every notebook named on the command line (default: the learner notebook)."""
    return grader_main(argv, grade=grade, default_notebook=DEFAULT_NOTEBOOK, description=__doc__.split("\n\n")[0])


if __name__ == "__main__":
    sys.exit(main())
