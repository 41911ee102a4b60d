"""Grader of exercise 4, "Monte-Carlo search under hidden information" (Bali).

Grade learners' notebooks (prints a report per notebook; exit status 0 only when all pass)::

    .venv/bin/python exercises/04_monte_carlo_search/grader.py [--secret-file FILE] NOTEBOOK.ipynb [...]
    .venv/bin/jaliz-learn grade 04_monte_carlo_search submissions/      # a whole folder, with a gradebook
    .venv/bin/python -m pytest exercises/04_monte_carlo_search --notebook path/to/notebook.ipynb

or from Python: ``grade("path/to/notebook.ipynb")`` returns a report.

The learner's code never runs in the grader's process: the notebook runs in its own process with
CPU, memory, output and wall-time limits, and its bot answers observations and legal actions sent
as data (:mod:`jaliz_learn.grading.sandbox`). The bot builds its own game in that process
(``jaliz_learn.load_game("bali")``) to sample states from the observation it receives.

What is checked (the bars are stated in the notebook; see :mod:`jaliz_learn.exercises.ex04_monte_carlo`):
the notebook's code does not import or use the library's ``ISMCTSBot`` and the bot class calls
``sample_state`` (read from the notebook, not run); the bot class is not built on a library bot
(as its process reports); then 16 two-player games against ``BaliGreedyBot`` (8 deals, both seats):
every action legal, at most 1 s per decision, at least 40% of the games won.

Seeds: the graded games derive from a secret seed (``JALIZ_LEARN_SECRET_SEED`` or ``--secret-file``);
without either, :data:`PRACTICE_SEED` below is used and the report says the grade is for practice only.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from jaliz_learn.exercises.common import grade_in_sandbox, grader_main
from jaliz_learn.exercises.ex04_monte_carlo import CLASS_NAME, GAME, OWN_WORK, grade_monte_carlo, grade_own_search
from jaliz_learn.grading import GradeReport, Limits
from jaliz_learn.tournament import derive_seed

HERE = Path(__file__).resolve().parent
#: The notebook graded when no path is given: the untouched learner version (it fails by design).
DEFAULT_NOTEBOOK = HERE / "exercise.ipynb"
#: The practice seed: public (it is in the repository), so only for trying the grader out.
PRACTICE_SEED = 0x6D6F6E7465  # "monte"
#: Limits of the learner's process (a teacher may pass others to grade()).
LIMITS = Limits(load_seconds=60.0, cell_seconds=30.0, setup_seconds=5.0, cpu_seconds=300, memory_mb=1536)


def grade_bot_class(bot: Any, *, seed: int = PRACTICE_SEED, **kwargs: Any) -> GradeReport:
    """Grade a *trusted* bot class in this process; ``kwargs`` go to ``grade_monte_carlo``."""
    return grade_monte_carlo(bot, seed=derive_seed(seed, 4), **kwargs)


def grade(notebook: str | Path = DEFAULT_NOTEBOOK, *, seed: int | None = None, secret_file: str | Path | None = None,
          limits: Limits | None = None, **kwargs: Any) -> GradeReport:
    """Run ``notebook`` in its own process, take its ``MyMonteCarloBot`` and grade it; never raises for
    the learner's problems. ``seed`` overrides the secret seed (tests)."""
    return grade_in_sandbox(notebook, title="Exercise 4 (Monte-Carlo search in Bali)", game=GAME,
                            class_name=CLASS_NAME, practice_seed=PRACTICE_SEED, limits=limits or LIMITS,
                            grade=grade_own_search, label=4, seed=seed, secret_file=secret_file,
                            own_work=OWN_WORK, **kwargs)


def main(argv: list[str] | None = None) -> int:
    """Grade every notebook named on the command line (default: the learner notebook)."""
    return grader_main(argv, grade=grade, default_notebook=DEFAULT_NOTEBOOK, description=__doc__.split("\n\n")[0])


if __name__ == "__main__":
    sys.exit(main())
