"""Grade one learner notebook of exercise 1 as a pytest test (see conftest.py for --notebook).

    python -m pytest exercises/01_first_jaliz_bot --notebook path/to/notebook.ipynb

The test fails with the grader's full report (what failed, and a hint for each item).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any


def test_notebook_passes_the_grader(grader: Any, notebook_path: Path) -> None:
    report = grader.grade(notebook_path)
    assert report.passed, "\n" + str(report)
