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

import argparse
import sys
import time
from pathlib import Path
from typing import Any

from jaliz_learn.core.registry import load_game
from jaliz_learn.exercise_tools import ExerciseReport
from jaliz_learn.exercises.ex04_monte_carlo import (
    CLASS_NAME,
    GAME,
    ancestry_problem,
    grade_monte_carlo,
    notebook_source,
    source_problems,
)
from jaliz_learn.grading import GradeReport, Limits, LoadFailure, Sandbox, SandboxContestant
from jaliz_learn.grading.seeds import secret_seed
from jaliz_learn.tournament import derive_seed, describe_exception

HERE = Path(__file__).resolve().parent
#: The notebook graded when no path is given: the untouched learner version (it fails by design).
DEFAULT_NOTEBOOK = HERE / "exercise.ipynb"
#: The practice seed: public (it is in the repository), so only for trying the grader out.
PRACTICE_SEED = 0x6D6F6E7465  # "monte"
#: Limits of the learner's process (a teacher may pass others to grade()).
LIMITS = Limits(load_seconds=60.0, cell_seconds=30.0, setup_seconds=5.0, cpu_seconds=300, memory_mb=1536)

_OWN_SEARCH_HINT = ("write MyMonteCarloBot yourself: sample states with game.sample_state, clone them for every "
                    "legal action and play each clone out (sections 2 to 4 of the notebook)")


def grade_bot_class(bot: Any, *, seed: int = PRACTICE_SEED, **kwargs: Any) -> GradeReport:
    """Grade a *trusted* bot class in this process; ``kwargs`` go to ``grade_monte_carlo``."""
    return grade_monte_carlo(bot, seed=derive_seed(seed, 4), **kwargs)


def grade(notebook: str | Path = DEFAULT_NOTEBOOK, *, seed: int | None = None, secret_file: str | Path | None = None,
          limits: Limits | None = None, **kwargs: Any) -> GradeReport:
    """Run ``notebook`` in its own process, take its ``MyMonteCarloBot`` and grade it; never raises for
    the learner's problems. ``seed`` overrides the secret seed (tests)."""
    path = Path(notebook)
    report = ExerciseReport(f"Exercise 4 (Monte-Carlo search in Bali): {path.name}")
    if seed is None:
        seed, note = secret_seed(PRACTICE_SEED, secret_file=secret_file)
    else:
        note = "seed given by the caller"
    report.notes.append(note)
    try:
        problems = source_problems(notebook_source(path))
    except Exception as exc:  # an unreadable notebook: the sandbox says why below
        problems = []
        report.notes.append(f"the notebook's code could not be read: {describe_exception(exc)}")
    with Sandbox(path, load_game(GAME), CLASS_NAME, limits or LIMITS) as box:
        if box.isolation_note:
            report.notes.append(box.isolation_note)
        try:
            found = box.start()
        except LoadFailure as exc:
            report.add("load your bot", False, str(exc),
                       hint="fix this in the notebook, save it, then Restart Kernel and Run All Cells to see it "
                            "fail or work the same way")
            return report
        report.add("load your bot", True, f"found class {found}")
        inherited = ancestry_problem(box.class_bases)
        if inherited:
            problems.append(inherited)
        report.add("your own search", not problems, "; ".join(problems) or "your bot samples states and searches "
                   "by itself", hint=_OWN_SEARCH_HINT if problems else "")
        if any("library" in p or "ISMCTSBot" in p or "MCTSBot" in p for p in problems):
            return report  # the library's search plays no graded game
        try:
            report.extend(grade_monte_carlo(SandboxContestant(box), seed=derive_seed(seed, 4), **kwargs))
        except Exception as exc:  # a grader bug must still give a report, never a traceback for the learner
            report.add("grader", False, f"the grader itself failed: {describe_exception(exc)}",
                       hint="this is not your fault: tell your teacher and hand in the notebook as it is")
    return report


def main(argv: list[str] | None = None) -> int:
    """Grade every notebook named on the command line (default: the learner notebook)."""
    parser = argparse.ArgumentParser(prog="grader.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("notebooks", nargs="*", default=[str(DEFAULT_NOTEBOOK)])
    parser.add_argument("--secret-file", default=None, help="a file outside the repository holding the secret seed")
    args = parser.parse_args(argv)
    failed = 0
    for p in args.notebooks:
        start = time.perf_counter()
        try:
            report = grade(p, secret_file=args.secret_file)
        except Exception as exc:  # never a traceback: one line per notebook the grader could not handle
            print(f"{p}: the grader could not grade it: {describe_exception(exc)}\n")
            failed += 1
            continue
        print(report)
        print(f"({time.perf_counter() - start:.1f} s)\n", flush=True)
        failed += not report.passed
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
