"""Grading bot exercises: learner notebooks, reports, and bots checked in a separate process.

* **Notebooks** (:mod:`.notebooks`): the solution notebook is the master;
  :func:`generate_learner_notebook` writes the learner version (``### BEGIN/END SOLUTION`` blocks
  become ``raise NotImplementedError(...)``); :func:`learner_notebook_diff` tells whether the
  committed one is still the generated one. Command line::

      python -m jaliz_learn.grading generate MASTER.ipynb LEARNER.ipynb
      python -m jaliz_learn.grading check MASTER.ipynb LEARNER.ipynb

* **Learner code never runs in the grader's process.** :class:`Sandbox` (:mod:`.sandbox`) runs a
  notebook in a fresh child process with OS limits; the grader keeps the engine and the real state
  and sends the bot observations and legal actions as data (:mod:`.protocol`). :func:`grade_notebook`
  and the exercise graders use it; :func:`play_learner_games` (:mod:`.match`) plays the graded games.
* **In-process checks** (:mod:`.checks`) for trusted bots and the learner's own ``check()`` in a
  notebook: :func:`check_legality`, :func:`check_time_limit`, :func:`check_win_rate`, :func:`grade_bot`.
* **Reports** (:mod:`.report`): :class:`GradeReport`, a gradebook of many notebooks (:mod:`.batch`).
"""

from __future__ import annotations

from typing import Any

from .checks import check_legality, check_time_limit, check_win_rate, grade_bot
from .failures import BotFailure, IsolationFailure, Limits, LoadFailure
from .main import main
from .match import InProcessContestant, SandboxContestant, grade_notebook, play_learner_games
from .notebooks import (
    BEGIN_SOLUTION,
    DEFAULT_STUB,
    END_SOLUTION,
    GRADER_SKIP_TAG,
    LEARNER,
    LEARNER_MODULE,
    MARKDOWN_STUB,
    SKIP_CALLS,
    SOLUTION_ONLY_TAG,
    cell_ref,
    check_learner_notebook,
    describe_learner_exception,
    find_bot_classes,
    generate_learner_notebook,
    learner_notebook_diff,
    learner_version,
    load_bot_from_notebook,
    notebook_text,
    read_notebook,
    run_notebook,
    strip_solution,
)
from .report import CheckResult, GradeReport, LearnerCodeError, failure_hint


def __getattr__(name: str) -> Any:
    """:class:`Sandbox` loads only when grading: it starts processes with POSIX limits (``resource``), which a
    learner's Windows machine or Pyodide does not have, and nothing else here needs it."""
    if name == "Sandbox":
        from .sandbox import Sandbox

        return Sandbox
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["BEGIN_SOLUTION", "BotFailure", "CheckResult", "DEFAULT_STUB", "END_SOLUTION", "GRADER_SKIP_TAG",
           "GradeReport", "InProcessContestant", "IsolationFailure", "LEARNER", "LEARNER_MODULE", "LearnerCodeError",
           "Limits", "LoadFailure", "MARKDOWN_STUB", "SKIP_CALLS", "SOLUTION_ONLY_TAG", "Sandbox", "SandboxContestant",
           "cell_ref", "check_learner_notebook", "check_legality", "check_time_limit", "check_win_rate",
           "describe_learner_exception", "failure_hint", "find_bot_classes", "generate_learner_notebook",
           "grade_bot", "grade_notebook", "learner_notebook_diff", "learner_version", "load_bot_from_notebook",
           "main", "notebook_text", "play_learner_games", "read_notebook", "run_notebook", "strip_solution"]
