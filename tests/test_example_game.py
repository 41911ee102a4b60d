"""The worked example of docs/PROTOCOL.md: Pig, a game outside the package, registered through JALIZ_LEARN_GAMES,
passes the conformance suite, its doctests and the command line, as the document says it does."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
EXAMPLE = REPO / "docs" / "example_game"


def _env() -> dict[str, str]:
    return {**os.environ, "JALIZ_LEARN_GAMES": "pig=pig:PigGame", "PYTHONPATH": str(EXAMPLE)}


def test_pig_passes_the_conformance_suite_and_its_doctests() -> None:
    run = subprocess.run([sys.executable, "-m", "pytest", str(REPO / "tests" / "conformance"), "-k", "pig", "-q",
                          "-p", "no:cacheprovider", "-p", "no:randomly", "--rootdir", str(REPO)],
                         cwd=EXAMPLE, env=_env(), capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
    summary = run.stdout.strip().splitlines()[-1]
    assert "passed" in summary and "failed" not in summary and int(summary.split()[0]) >= 60, summary
    doc = subprocess.run([sys.executable, "-m", "pytest", "--doctest-modules", str(EXAMPLE / "pig.py"), "-q",
                          "-p", "no:cacheprovider", "--rootdir", str(EXAMPLE), "-c", os.devnull],
                         cwd=EXAMPLE, env=_env(), capture_output=True, text=True, timeout=300)
    assert doc.returncode == 0, doc.stdout[-2000:]


def test_pig_plays_from_the_command_line_and_bad_registrations_are_one_line() -> None:
    play = subprocess.run([sys.executable, "-m", "jaliz_learn", "play", "pig", "--seed", "3"], cwd=EXAMPLE,
                          env=_env(), capture_output=True, text=True, timeout=120)
    assert play.returncode == 0 and "rolls" in play.stdout, play.stdout[-1000:] + play.stderr[-1000:]
    bad = subprocess.run([sys.executable, "-m", "jaliz_learn", "play", "pig"], cwd=EXAMPLE,
                         env={**_env(), "JALIZ_LEARN_GAMES": "pig"}, capture_output=True, text=True, timeout=120)
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1 and "name=module:GameClass" in bad.stderr


RULE_IDS = [line.split("|")[1].strip() for line in (EXAMPLE / "RULES.md").read_text().splitlines()
            if line.startswith("| PIG-")]


@pytest.mark.parametrize("rule", RULE_IDS)
def test_every_pig_rule_is_cited_in_a_docstring(rule: str) -> None:
    """As the document asks of a game: each rule ID in the docstring of the function that carries it out."""
    import ast

    tree = ast.parse((EXAMPLE / "pig.py").read_text())
    docs = [ast.get_docstring(n) or "" for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.ClassDef))]
    assert any(rule in d for d in docs)
