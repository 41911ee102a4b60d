"""Exercise 1, "Your first Jaliz bot": master, generated learner notebook, quick check and grader.

Both ways, as ``nbgrader validate --invert`` does: the reference solution passes, the
untouched skeleton fails with messages a learner can act on. Broken bots (raising,
returning None, hanging, illegal) are contained and reported, never crash the grader.
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from jaliz_learn.bots import BaseBot
from jaliz_learn.exercise_tools import (
    FIRST_BOT_SCENARIOS,
    check_first_bot,
    check_strength,
)
from jaliz_learn.games.jaliz import Plant
from jaliz_learn.grading import learner_notebook_diff, load_bot_from_notebook, read_notebook

ROOT = Path(__file__).resolve().parents[1]
FOLDER = ROOT / "exercises" / "01_first_jaliz_bot"
SOLUTION = FOLDER / "solution.ipynb"
EXERCISE = FOLDER / "exercise.ipynb"


def _grader() -> Any:
    name = "_jaliz_ex01_grader"  # the same name as in the folder's pytest wrapper: loaded once
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, FOLDER / "grader.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


grader = _grader()


def items(report: Any) -> dict[str, Any]:
    return {i.name: i for i in report.items}


# ---- the notebooks ----------------------------------------------------------------------------------


def test_learner_notebook_is_the_generated_one():
    problems = learner_notebook_diff(SOLUTION, EXERCISE)
    assert not problems, ("exercise.ipynb is stale; regenerate it: python -m jaliz_learn.grading generate "
                          f"{SOLUTION.relative_to(ROOT)} {EXERCISE.relative_to(ROOT)}\n" + "\n".join(problems))


def test_learner_notebook_has_no_outputs_and_no_solution():
    nb = read_notebook(EXERCISE)
    code = [c for c in nb["cells"] if c["cell_type"] == "code"]
    assert all(not c.get("outputs") and c.get("execution_count") is None for c in code)
    text = EXERCISE.read_text(encoding="utf-8")
    assert "BEGIN SOLUTION" not in text and "plot_is_full(plots[a.plot - 1])" not in text
    stubs = [c for c in code if 'raise NotImplementedError("Write your code here' in c["source"]]
    assert len(stubs) == 1 and stubs[0]["source"].count("raise NotImplementedError") == 5  # one per method


def test_master_has_stored_outputs_for_nbval():
    nb = read_notebook(SOLUTION)
    shown = [c for c in nb["cells"] if c["cell_type"] == "code" and "grader-skip" in c["metadata"].get("tags", [])]
    assert shown and all(c.get("outputs") for c in shown), "execute solution.ipynb in place (nbconvert --inplace)"


def test_hidden_seed_is_not_in_the_notebooks():
    secret = grader.SECRET_SEED
    for path in (SOLUTION, EXERCISE):
        text = path.read_text(encoding="utf-8")
        assert str(secret) not in text and hex(secret) not in text and "SECRET" not in text


def test_secret_can_be_set_by_the_teacher(monkeypatch):
    monkeypatch.setenv("JALIZ_EX01_SECRET", "0x2a")
    assert grader.secret_seed() == 42
    monkeypatch.delenv("JALIZ_EX01_SECRET")
    assert grader.secret_seed() == grader.SECRET_SEED


# ---- the quick check ----------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def solution_bot() -> type:
    return load_bot_from_notebook(SOLUTION, "MyJalizBot")


@pytest.fixture(scope="module")
def skeleton_bot() -> type:
    return load_bot_from_notebook(EXERCISE, "MyJalizBot")


def test_check_passes_on_the_solution_quickly(solution_bot):
    start = time.perf_counter()
    report = check_first_bot(solution_bot)
    seconds = time.perf_counter() - start
    assert report.passed, str(report)
    assert seconds < 10, f"check() took {seconds:.1f} s; it should answer in a few seconds"


def test_check_fails_on_the_skeleton_with_a_hint(skeleton_bot):
    report = check_first_bot(skeleton_bot)
    assert not report.passed
    found = items(report)
    assert found["create your bot"].passed
    first = found["plant onto a matching plot"]
    assert not first.passed
    assert "NotImplementedError" in first.message and "harvest_or_buy" in first.message
    assert "still raises NotImplementedError" in first.hint and "write its code" in first.hint
    assert "same error as above" in found["keep a revealed card that fits"].message
    assert "not run yet" in found["8 practice games"].message


class FirstBot(BaseBot):
    """Plays the first legal action: legal and fast, but no plan."""

    def act(self, observation, legal_actions):
        return legal_actions[0]


class ListingBot(BaseBot):
    """Turns legal_actions into a list (millions of offers) and picks the first plant if any."""

    def act(self, observation, legal_actions):
        actions = list(legal_actions)
        return next((a for a in actions if isinstance(a, Plant)), actions[0])


def test_check_hints_point_at_what_to_improve():
    report = check_first_bot(FirstBot)
    found = items(report)
    assert not found["plant onto a matching plot"].passed
    assert "`plant peas 2`" in found["plant onto a matching plot"].message
    assert "longer row" in found["plant onto a matching plot"].hint
    assert not found["harvest a plot at the top of its meter"].passed
    assert found["answer fast when there are millions of offers"].passed
    practice = found["8 practice games"]
    assert not practice.passed and "coins per game" in practice.message and "harvest" in practice.hint


def test_check_catches_listing_the_lazy_offers():
    report = check_first_bot(ListingBot, time_limit=0.3)
    item = items(report)["answer fast when there are millions of offers"]
    assert not item.passed and "took more than 0.3 s" in item.message
    assert "Never call list()" in item.hint and "offer in legal_actions" in item.hint


def test_scenarios_do_not_depend_on_random_values():
    for scenario in FIRST_BOT_SCENARIOS:
        one = dict(scenario.position, seed=1)
        two = dict(scenario.position, seed=2)
        game = scenario.state().game
        a, b = game.state_from_json(one), game.state_from_json(two)
        assert a.observation(scenario.seat) == b.observation(scenario.seat), scenario.name
        assert list(a.legal_actions(scenario.seat)[:50]) == list(b.legal_actions(scenario.seat)[:50])


# ---- the grader -----------------------------------------------------------------------------------


def test_reference_solution_passes_the_grader():
    start = time.perf_counter()
    report = grader.grade(SOLUTION)
    seconds = time.perf_counter() - start
    assert report.passed, str(report)
    found = items(report)
    assert found["win rate"].details["win_rate"] >= 0.9
    assert found["coins per game"].details["mean_coins"] >= 15
    assert seconds < 60, f"grading the solution took {seconds:.1f} s (target: under 30 s on one core)"


def test_untouched_skeleton_fails_the_grader_with_helpful_messages():
    report = grader.grade(EXERCISE)
    assert not report.passed
    found = items(report)
    assert found["load your bot"].passed
    legal = found["legal actions"]
    assert not legal.passed
    assert "NotImplementedError" in legal.message and "harvest_or_buy" in legal.message
    assert "replace the `raise NotImplementedError(...)` line" in legal.hint
    for name in ("time per decision", "win rate", "coins per game"):
        assert "not run yet: first make every action legal" in found[name].message
    text = str(report)
    assert "hint:" in text and "Traceback" not in text


class RaisingBot(BaseBot):
    def act(self, observation, legal_actions):
        return 1 / 0


class NoneBot(BaseBot):
    def act(self, observation, legal_actions):
        if observation.decision == "plant":
            return None
        return legal_actions[0]


class HangingBot(BaseBot):
    def act(self, observation, legal_actions):
        while True:
            pass


class IllegalBot(BaseBot):
    def act(self, observation, legal_actions):
        return Plant(6, 3)  # plot 3 does not exist without a third plot


class BadInitBot(BaseBot):
    def __init__(self, seed):
        raise ValueError("oops")


@pytest.mark.parametrize("bot, words, hint", [
    (RaisingBot, "ZeroDivisionError", "your code raised an error"),
    (NoneBot, "returned None", "forget the `return` statement"),
    (HangingBot, "took more than", "a loop that never ends"),
    (IllegalBot, "plant pepper 3", "return only actions taken from legal_actions"),
    (BadInitBot, "creating the bot failed", "check __init__"),
])
def test_broken_bots_are_contained_and_reported(bot, words, hint):
    start = time.perf_counter()
    report = grader.grade_bot_class(bot, seed=3, time_limit=0.2, legality_time_limit=0.3, legality_games=8)
    assert time.perf_counter() - start < 15
    assert not report.passed
    legal = items(report)["legal actions"]
    assert not legal.passed and words in legal.message and hint in legal.hint, str(report)
    quick = check_first_bot(bot, time_limit=0.2)  # the quick check contains them too
    assert not quick.passed and words in str(quick)


def _notebook_with(tmp_path: Path, old: str, new: str) -> Path:
    data = json.loads(SOLUTION.read_text(encoding="utf-8"))
    for cell in data["cells"]:
        source = "".join(cell["source"])
        if old in source:
            cell["source"] = source.replace(old, new)
    path = tmp_path / "learner.ipynb"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


@pytest.mark.parametrize("old, new, words", [
    ("class MyJalizBot(BaseBot):", "class MyBot(BaseBot):", "defines no `MyJalizBot`"),
    ("        return None\n", "        return None\n    oops(\n", "syntax error"),
    ("game = jaliz_learn.load_game(\"jaliz\")", "while True:\n    pass", "did not finish within"),
])
def test_broken_notebooks_are_reported_not_raised(tmp_path, old, new, words):
    report = grader.grade(_notebook_with(tmp_path, old, new), cell_time_limit=0.5)
    assert not report.passed
    load = items(report)["load your bot"]
    assert not load.passed and words in load.message and load.hint


def test_strength_check_reports_both_bars():
    report = check_strength("jaliz", FirstBot, min_win_rate=0.75, min_coins=10, games=8, seed=5)
    found = items(report)
    assert found["win rate"].passed  # almost any plan beats random players...
    assert not found["coins per game"].passed  # ...but the first legal action scores too few coins
    assert "needed 10" in found["coins per game"].message


def test_teacher_command_line(tmp_path):
    """``pytest exercises/01_first_jaliz_bot/test_ex01_grader.py --notebook X`` grades X (the skeleton fails)."""
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
    env.pop("JALIZ_NOTEBOOK", None)
    cmd = [sys.executable, "-m", "pytest", str(FOLDER / "test_ex01_grader.py"), "--notebook", str(EXERCISE), "-q",
           "-p", "no:cacheprovider", "--rootdir", str(ROOT)]
    out = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert out.returncode == 1, out.stdout + out.stderr
    assert "1 failed" in out.stdout and "NotImplementedError" in out.stdout
    assert "harvest_or_buy" in out.stdout
