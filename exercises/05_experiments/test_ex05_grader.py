"""Grade one learner notebook of exercise 5 as a pytest test (see conftest.py for --notebook).

    python -m pytest exercises/05_experiments --notebook path/to/notebook.ipynb

The test fails with the grader's full report (what failed, and a hint for each item).
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any


def _grader() -> Any:
    name = "_jaliz_ex05_grader"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, Path(__file__).with_name("grader.py"))
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


def test_notebook_passes_the_grader(notebook_path: Path) -> None:
    report = _grader().grade(notebook_path)
    assert report.passed, "\n" + str(report)
