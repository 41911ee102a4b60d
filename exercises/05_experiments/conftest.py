"""pytest options for grading exercise 5: ``python -m pytest exercises/05_experiments --notebook PATH``.

The notebook to grade comes from ``--notebook``, else the environment variable
``JALIZ_NOTEBOOK``; without either the grading test is skipped (so the repository's
plain ``python -m pytest`` stays green). ``grader.py`` and ``exercise.ipynb`` are not
collected (so ``--doctest-modules`` and ``--nbval`` over this folder leave them alone;
the learner notebook raises NotImplementedError by design).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

collect_ignore = ["grader.py", "exercise.ipynb"]


def pytest_addoption(parser: pytest.Parser) -> None:
    try:
        parser.addoption("--notebook", action="store", default=None,
                         help="an exercise's learner notebook to grade (default: $JALIZ_NOTEBOOK or exercise.ipynb)")
    except ValueError:  # another exercise folder's conftest added it already (a run over all exercises)
        pass


@pytest.fixture
def notebook_path(request: pytest.FixtureRequest) -> Path:
    """The notebook to grade; the test is skipped when none is named (the repository's own test run)."""
    chosen = request.config.getoption("--notebook", default=None) or os.environ.get("JALIZ_NOTEBOOK")
    if not chosen:
        pytest.skip("no notebook to grade: pass --notebook PATH (or set JALIZ_NOTEBOOK); the reference "
                    "solution and the skeleton are checked in tests/test_exercise_05.py")
    return Path(chosen)
