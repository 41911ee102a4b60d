"""Grader of exercise 3, "Jungli-La: push your luck with probability".

Grade learners' notebooks (prints a report per notebook; exit status 0 only when all pass)::

    .venv/bin/python exercises/03_jungli_la_probability/grader.py [--secret-file FILE] NOTEBOOK.ipynb [...]
    .venv/bin/jaliz-learn grade 03_jungli_la_probability submissions/      # a whole folder, with a gradebook
    .venv/bin/python -m pytest exercises/03_jungli_la_probability --notebook path/to/notebook.ipynb

or from Python: ``grade("path/to/notebook.ipynb")`` returns a report (``.passed``, ``print(report)``).

The learner's code never runs in the grader's process: the notebook runs in its own process with
CPU, memory, output and wall-time limits (:mod:`jaliz_learn.grading.sandbox`), and its bot answers
observations and legal actions sent as data; the grader calls the bot's computing methods there
too and compares their results (sent back as plain values, fractions kept exact). The checks live in
:mod:`jaliz_learn.exercises.ex03_jungli_la_probability` (shared with the notebook's ``check()``):
``roll_probabilities``, ``reroll_outcomes`` and ``best_value`` on hidden cases, exact to the last
digit; the three reroll positions (the choice of highest expected value); 40 two-player games against
``JungliLaGreedyBot`` (seats rotated; at least 25% won, at most 3 s per decision).
A crash, hang or illegal action in any graded game fails the grade; the report names the
exception, the method, the notebook cell and line, and gives a one-line snippet that rebuilds that
position.

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
from jaliz_learn.exercises.ex03_jungli_la_probability import GAME, grade_probability
from jaliz_learn.exercises.practice import teacher_answers
from jaliz_learn.grading import GradeReport, Limits
from jaliz_learn.tournament import derive_seed

HERE = Path(__file__).resolve().parent
#: The notebook graded when no path is given: the untouched learner version (it fails by design).
DEFAULT_NOTEBOOK = HERE / "exercise.ipynb"
#: The class the learner must write.
CLASS_NAME = "MyJungliBot"
#: The practice seed: public (it is in the repository), so only for trying the grader out.
PRACTICE_SEED = 0x6A756E676C69  # "jungli"
#: Limits of the learner's process (a teacher may pass others to grade()).
LIMITS = Limits(load_seconds=60.0, cell_seconds=30.0, setup_seconds=5.0, cpu_seconds=300, memory_mb=1536)


def grade_bot_class(bot: Any, *, seed: int = PRACTICE_SEED, **kwargs: Any) -> GradeReport:
    """Grade a *trusted* bot class in this process; ``kwargs`` go to ``grade_probability``.

    For learners' notebooks use :func:`grade`, which runs their code in its own process.
    """
    return grade_probability(bot, seed=derive_seed(seed, 3), **kwargs)


def preflight() -> None:
    """The hidden cases need the teacher kit's reference answers: without the kit, one line (an ``InvalidOption``)
    before any notebook runs (``jaliz-learn grade`` calls this first too)."""
    teacher_answers("ex03")


def grade(notebook: str | Path = DEFAULT_NOTEBOOK, *, seed: int | None = None, secret_file: str | Path | None = None,
          limits: Limits | None = None, **kwargs: Any) -> GradeReport:
    """Run ``notebook`` in its own process, take its ``MyJungliBot`` and grade it; never raises for the
    learner's problems. ``seed`` overrides the secret seed (tests)."""
    preflight()
    return grade_in_sandbox(notebook, title="Exercise 3 (Jungli-La probability)", game=GAME, class_name=CLASS_NAME,
                            practice_seed=PRACTICE_SEED, limits=limits or LIMITS, grade=grade_probability, label=3,
                            seed=seed, secret_file=secret_file, **kwargs)


def main(argv: list[str] | None = None) -> int:
    """Grade every notebook named on the command line (default: the learner notebook)."""
    return grader_main(argv, grade=grade, default_notebook=DEFAULT_NOTEBOOK, description=__doc__.split("\n\n")[0])


if __name__ == "__main__":
    sys.exit(main())
