"""Exercise 1, "Your first Jaliz bot": master, generated learner notebook, quick check and grader.

Both ways, as ``nbgrader validate --invert`` does: the reference solution passes, the
untouched skeleton fails with messages a learner can act on. Broken bots (raising,
returning None, hanging, illegal) are contained and reported, never crash the grader.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from jaliz_learn.bots import BaseBot, RandomBot
from jaliz_learn.exercise_tools import (
    FIRST_BOT_MIN_COINS,
    FIRST_BOT_MIN_WIN_RATE,
    FIRST_BOT_OPPONENT,
    FIRST_BOT_SCENARIOS,
    check_first_bot,
    check_strength,
)
from jaliz_learn.games.jaliz import Offer, Plant
from jaliz_learn.grading import load_bot_from_notebook
from jaliz_learn.grading.batch import load_grader

ROOT = Path(__file__).resolve().parents[1]
FOLDER = ROOT / "exercises" / "01_first_jaliz_bot"
SOLUTION = FOLDER / "solution.ipynb"
EXERCISE = FOLDER / "exercise.ipynb"


grader = load_grader(FOLDER)  # the teacher's grader.py, imported once


def items(report: Any) -> dict[str, Any]:
    return {i.name: i for i in report.items}


# ---- the notebooks ----------------------------------------------------------------------------------


def test_secret_seed_comes_from_the_environment_or_a_file(tmp_path, monkeypatch):
    from jaliz_learn.grading.seeds import PRACTICE_NOTE, SECRET_ENV, secret_seed

    monkeypatch.delenv(SECRET_ENV, raising=False)
    assert secret_seed(grader.PRACTICE_SEED) == (grader.PRACTICE_SEED, PRACTICE_NOTE)
    long_secret = "9b" + "".join(f"{i:x}" for i in range(40))  # 72 hex digits: well over 128 bits as written
    monkeypatch.setenv(SECRET_ENV, long_secret)
    from_env = secret_seed(grader.PRACTICE_SEED)[0]
    assert from_env != grader.PRACTICE_SEED and from_env >= 2**64  # a keyed seed, never the secret itself
    secret = tmp_path / "seed.txt"
    secret.write_text(long_secret + "\n", encoding="utf-8")
    seed, note = secret_seed(grader.PRACTICE_SEED, secret_file=secret)
    assert seed == from_env and "file" in note  # the same secret gives the same seeds, from a file or the env
    secret.write_text("12345", encoding="utf-8")  # a short secret falls to a brute force: refused
    with pytest.raises(ValueError, match="too weak.*--new-secret"):
        secret_seed(grader.PRACTICE_SEED, secret_file=secret)


# ---- the quick check ----------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def solution_bot() -> type:
    return load_bot_from_notebook(SOLUTION, "MyJalizBot")


@pytest.fixture(scope="module")
def skeleton_bot() -> type:
    return load_bot_from_notebook(EXERCISE, "MyJalizBot")


def test_check_passes_on_the_solution(solution_bot):
    report = check_first_bot(solution_bot)
    assert report.passed, str(report)


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


class SimpleRandomBot(BaseBot):
    """Plays at random among the actions that are not offers: legal, no plan."""

    def act(self, observation, legal_actions):
        simple = []
        for action in legal_actions:
            if isinstance(action, Offer):
                break
            simple.append(action)
        return simple[self.rng.randrange(len(simple))]


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
    assert not practice.passed and "HeuristicJalizBot" in practice.message and "harvest" in practice.hint


def test_check_catches_listing_the_lazy_offers():
    report = check_first_bot(ListingBot, time_limit=0.3)
    item = items(report)["answer fast when there are millions of offers"]
    assert not item.passed and "took more than the limit of 0.3 s" in item.message
    assert "Never call list()" in item.hint and "offer in legal_actions" in item.hint


def test_scenarios_do_not_depend_on_random_values():
    for scenario in FIRST_BOT_SCENARIOS:
        one = dict(scenario.position, seed=1)
        two = dict(scenario.position, seed=2)
        game = scenario.state().game
        a, b = game.state_from_json(one), game.state_from_json(two)
        assert a.observation(scenario.seat) == b.observation(scenario.seat), scenario.name
        assert list(a.legal_actions(scenario.seat)[:50]) == list(b.legal_actions(scenario.seat)[:50])


# ---- the bars ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("bot", [FirstBot, RandomBot, SimpleRandomBot])
def test_weak_baselines_fail_both_strength_bars(bot):
    """Against three HeuristicJalizBot, playing the first legal action or at random wins (almost) nothing."""
    report = check_strength("jaliz", bot, min_win_rate=FIRST_BOT_MIN_WIN_RATE, min_coins=FIRST_BOT_MIN_COINS,
                            games=12, seed=5, opponent=FIRST_BOT_OPPONENT)
    found = items(report)
    assert not found["win rate"].passed and not found["coins per game"].passed, str(report)
    assert found["win rate"].details["win_rate"] < FIRST_BOT_MIN_WIN_RATE / 2


def test_strength_check_reports_both_bars(solution_bot):
    report = check_strength("jaliz", solution_bot, min_win_rate=FIRST_BOT_MIN_WIN_RATE,
                            min_coins=FIRST_BOT_MIN_COINS, games=12, seed=5, opponent=FIRST_BOT_OPPONENT)
    found = items(report)
    assert "needed 13" in found["coins per game"].message and "needed 40%" in found["win rate"].message
    assert found["coins per game"].details["mean_score"] > FIRST_BOT_MIN_COINS, str(report)


# ---- the grader -----------------------------------------------------------------------------------


def test_reference_solution_passes_the_grader():
    """Grading time is a benchmark figure (exercises/README.md), not asserted here."""
    report = grader.grade(SOLUTION)
    assert report.passed, str(report)
    found = items(report)
    assert found["win rate"].details["win_rate"] >= FIRST_BOT_MIN_WIN_RATE
    assert found["coins per game"].details["mean_score"] >= FIRST_BOT_MIN_COINS
    assert any("practice" in note for note in report.notes)  # no secret seed set here: said in the report


def test_untouched_skeleton_fails_the_grader_with_helpful_messages():
    report = grader.grade(EXERCISE)
    assert not report.passed
    found = items(report)
    assert found["load your bot"].passed
    legal = found["legal actions"]
    assert not legal.passed
    assert "NotImplementedError" in legal.message and "harvest_or_buy" in legal.message
    assert "cell 13 (starting `class MyJalizBot(BaseBot):`), line 28" in legal.message
    assert 'your teacher can rebuild that position: jaliz_learn.exercises.replay("ex01", game=1, decision=' \
        in legal.message and "what your bot saw: " in legal.message
    assert "replace the `raise NotImplementedError(...)` line" in legal.hint
    assert "3 of the first 3 games" in legal.message and found["time per decision"].passed  # no slow decision
    for name in ("win rate", "coins per game"):
        assert "no completed game to judge" in found[name].message and "not played (grading stopped early)" \
            in found[name].message
    text = str(report)
    assert "hint:" in text and "Traceback" not in text


def test_replay_reference_rebuilds_the_failing_position():
    """The report's short reference (no seed, no hidden card) rebuilds the position on the teacher's machine; the
    learner's report shows the observation their bot was given there."""
    import re

    import jaliz_learn.exercises
    from jaliz_learn.grading.match import observation_lines

    report = grader.grade(EXERCISE)
    first = items(report)["legal actions"].details["first"]
    found = re.fullmatch(r'jaliz_learn\.exercises\.replay\("ex01", game=(\d+), decision=(\d+), notebook=\.\.\.\)',
                         first["replay"])
    assert found, first["replay"]
    state = jaliz_learn.exercises.replay("ex01", int(found[1]), int(found[2]), notebook=EXERCISE)
    seat = state.current_player()
    assert seat == first["seat"] and observation_lines(state.observation(seat)) == first["seen"]
    with pytest.raises(NotImplementedError):  # the same call that failed in the graded game fails the same way
        skeleton_class()(first["bot_seed"]).act(state.observation(seat), state.legal_actions(seat))
    assert all(len(line) <= 300 for line in str(report).splitlines())


def skeleton_class() -> type:
    return load_bot_from_notebook(EXERCISE, "MyJalizBot")


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


@pytest.mark.parametrize("bot, item, words, hint", [
    (RaisingBot, "legal actions", "ZeroDivisionError", "your code raised an error"),
    (NoneBot, "legal actions", "returned None", "forget the `return` statement"),
    (HangingBot, "time per decision", "a decision took more than the limit of 0.2 s", "a loop that never ends"),
    (IllegalBot, "legal actions", "plant pepper 3", "return only actions taken from legal_actions"),
    (BadInitBot, "legal actions", "creating the bot failed", "check __init__"),
])
def test_broken_bots_are_contained_and_reported(bot, item, words, hint):
    report = grader.grade_bot_class(bot, seed=3, time_limit=0.2, legality_games=8)
    assert not report.passed
    found = items(report)[item]
    assert not found.passed and words in found.message and hint in found.hint, str(report)
    quick = check_first_bot(bot, time_limit=0.2)  # the quick check contains them too
    assert not quick.passed and words in str(quick)


def _notebook_with(tmp_path: Path, old: str, new: str) -> Path:
    data = json.loads(SOLUTION.read_text(encoding="utf-8"))
    found = False
    for cell in data["cells"]:
        source = "".join(cell["source"])
        if old in source:
            cell["source"] = source.replace(old, new)
            found = True
    assert found, old
    path = tmp_path / "learner.ipynb"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_a_crash_in_a_late_graded_game_fails_the_grade(tmp_path):
    """A typo on a rare path (here: once the deck ran out twice) fails the grade with the line and a replay."""
    path = _notebook_with(tmp_path, "        return Pass()\n        ### END SOLUTION\n\n    def choose_claim",
                          "        if obs.deck_runs_out >= 2:\n            return Pas()\n"
                          "        return Pass()\n        ### END SOLUTION\n\n    def choose_claim")
    report = grader.grade(path, seed=7, legality_games=4, strength_games=4)
    assert not report.passed
    failed = [i for i in report.items if not i.passed]
    text = " ".join(i.message for i in failed)
    assert "NameError: name 'Pas' is not defined (in choose_offer, cell 13 (starting `class MyJalizBot" in text
    assert "`return Pas()`" in text and "your teacher can rebuild that position:" in text, str(report)


@pytest.mark.parametrize("old, new, words", [
    ("class MyJalizBot(BaseBot):", "class MyBot(BaseBot):", "defines no `MyJalizBot`"),
    ("        return None\n", "        return None\n    oops(\n", "syntax error"),
])
def test_broken_notebooks_are_reported_not_raised(tmp_path, old, new, words):
    report = grader.grade(_notebook_with(tmp_path, old, new))
    assert not report.passed
    load = items(report)["load your bot"]
    assert not load.passed and words in load.message and load.hint


def test_endless_top_level_loop_is_stopped(tmp_path):
    from jaliz_learn.grading import Limits

    path = _notebook_with(tmp_path, "game = jaliz_learn.load_game(\"jaliz\")", "while True:\n    pass")
    report = grader.grade(path, limits=Limits(load_seconds=5, cell_seconds=1))
    load = items(report)["load your bot"]
    assert not load.passed and "did not finish within 1 s" in load.message


def test_teacher_command_line(tmp_path):
    """``pytest exercises/01_first_jaliz_bot/test_ex01_grader.py --notebook X`` grades X (the skeleton fails)."""
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
    env.pop("JALIZ_NOTEBOOK", None)
    cmd = [sys.executable, "-m", "pytest", str(FOLDER / "test_ex01_grader.py"), "--notebook", str(EXERCISE), "-q",
           "-p", "no:cacheprovider", "--rootdir", str(ROOT)]
    out = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert out.returncode == 1, out.stdout + out.stderr
    assert "1 failed" in out.stdout and "NotImplementedError" in out.stdout
    assert "harvest_or_buy" in out.stdout


def test_grader_script_exit_status_and_secret_file(tmp_path, secret_file):
    cmd = [sys.executable, str(FOLDER / "grader.py"), "--secret-file", str(secret_file), str(EXERCISE)]
    out = subprocess.run(cmd, cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert out.returncode == 1, out.stdout + out.stderr
    assert "secret seed from the file secret.txt" in out.stdout and "practice" not in out.stdout
    assert "Traceback" not in out.stdout + out.stderr
