"""pytest options for grading one learner notebook of any exercise:

    python -m pytest exercises/02_nizam_one_ply --notebook path/to/notebook.ipynb

The notebook to grade comes from ``--notebook``, else the environment variable ``JALIZ_NOTEBOOK``;
without either the grading test is skipped (so the repository's plain ``python -m pytest`` stays
green; the reference solution and the skeleton are checked in ``tests/test_exercise_NN.py``).
Each folder's own ``conftest.py`` keeps ``grader.py`` and ``exercise.ipynb`` out of collection (so
``--doctest-modules`` and ``--nbval`` leave them alone; the learner notebook raises
NotImplementedError by design).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from jaliz_learn.grading.batch import load_grader


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--notebook", action="store", default=None,
                     help="an exercise's learner notebook to grade (default: $JALIZ_NOTEBOOK)")


@pytest.fixture
def notebook_path(request: pytest.FixtureRequest) -> Path:
    """The notebook to grade; the test is skipped when none is named (the repository's own test run)."""
    chosen = request.config.getoption("--notebook", default=None) or os.environ.get("JALIZ_NOTEBOOK")
    if not chosen:
        pytest.skip("no notebook to grade: pass --notebook PATH (or set JALIZ_NOTEBOOK); the reference "
                    "solution and the skeleton are checked in tests/test_exercise_NN.py")
    return Path(chosen)


@pytest.fixture
def grader(request: pytest.FixtureRequest) -> object:
    """The ``grader.py`` of the exercise folder the test lives in (the teacher's code)."""
    return load_grader(Path(str(request.fspath)).parent)
