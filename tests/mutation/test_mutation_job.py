"""The mutation job (issue 51): a slow run, never part of the default suite.

``JALIZ_LEARN_MUTATION=1 pytest -m slow tests/mutation`` runs ``tests/mutation/run.py`` for each game family in
``JALIZ_LEARN_MUTATION_GAMES`` (default: jaliz) with a seeded sample of mutants per rule module and fails when a
module's score falls under ``JALIZ_LEARN_MUTATION_FLOOR`` percent (default 95). See docs/TESTING.md.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

pytestmark = [pytest.mark.slow, pytest.mark.skipif(os.environ.get("JALIZ_LEARN_MUTATION") != "1",
                                                   reason="the mutation job: set JALIZ_LEARN_MUTATION=1 (slow)")]


@pytest.mark.parametrize("game", os.environ.get("JALIZ_LEARN_MUTATION_GAMES", "jaliz").split(","))
def test_the_rule_tests_kill_the_mutants_of_the_rule_modules(game):
    floor = os.environ.get("JALIZ_LEARN_MUTATION_FLOOR", "95")
    sample = os.environ.get("JALIZ_LEARN_MUTATION_SAMPLE", "40")
    run = subprocess.run([sys.executable, str(ROOT / "tests" / "mutation" / "run.py"), game, "--sample", sample,
                          "--floor", floor], capture_output=True, text=True)
    print(run.stdout)
    assert run.returncode == 0, run.stdout + run.stderr
