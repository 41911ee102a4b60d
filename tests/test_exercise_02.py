"""Exercise 2 (Nizam, one move ahead): the notebooks, the quick check, the bars and the grader.

The skeleton must fail, the reference solution pass, and weak baselines (first legal action,
random, a search that forgets the cards in hand or never scores) fail the bars.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest
from jaliz_learn_teacher.answers.ex02 import reference_points_if_scored

from jaliz_learn.bots import BaseBot, RandomBot
from jaliz_learn.exercises import ex02_nizam_one_ply as ex02
from jaliz_learn.exercises.ex02_nizam_one_ply import (
    MIN_SOLO_POINTS,
    MIN_WIN_RATE,
    SCENARIOS,
    check_methods,
    check_one_ply,
    grade_one_ply,
    method_cases,
)
from jaliz_learn.exercises.scenarios import check_scenarios
from jaliz_learn.games.nizam import Move, Score
from jaliz_learn.grading import load_bot_from_notebook, read_notebook
from jaliz_learn.grading.batch import load_grader

ROOT = Path(__file__).resolve().parents[1]
FOLDER = ROOT / "exercises" / "02_nizam_one_ply"
SOLUTION = FOLDER / "solution.ipynb"
EXERCISE = FOLDER / "exercise.ipynb"

grader = load_grader(FOLDER)  # the teacher's grader.py, imported once


def items(report: Any) -> dict[str, Any]:
    return {i.name: i for i in report.items}


# ---- the notebooks ----------------------------------------------------------------------------------


def test_bars_are_stated_at_the_top_of_the_notebook():
    top = "".join(read_notebook(EXERCISE)["cells"][0]["source"])
    assert f"{MIN_SOLO_POINTS:g} points per solo game" in top and f"{100 * MIN_WIN_RATE:.0f}%" in top
    assert ex02.LIMITS_TEXT in top and "NizamGreedyBot" in top  # the limits, word for word from the module


# ---- the quick check ----------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def solution_bot() -> type:
    return load_bot_from_notebook(SOLUTION, "MyNizamBot")


@pytest.fixture(scope="module")
def skeleton_bot() -> type:
    return load_bot_from_notebook(EXERCISE, "MyNizamBot")


def test_check_passes_on_the_solution(solution_bot):
    report = check_one_ply(solution_bot)
    assert report.passed, str(report)


def test_check_fails_on_the_skeleton_with_a_hint(skeleton_bot):
    report = check_one_ply(skeleton_bot)
    assert not report.passed
    found = items(report)
    assert found["create your bot"].passed
    method = found["points_if_scored"]
    assert not method.passed and "NotImplementedError" in method.message
    assert "still raises NotImplementedError" in method.hint
    assert "NotImplementedError" in found["move to make a combination"].message
    assert "not run yet" in found["2 solo and 4 two-player practice games"].message


def test_method_cases_cover_the_three_situations():
    """A pending combination, no move yet, someone else's turn: the reference points differ from a naive read."""
    cases = method_cases()
    naive = [float(state.scores()[me]) for _, state, me in cases]
    exact = [reference_points_if_scored(state, me) for _, state, me in cases]
    assert exact[0] > naive[0] and exact[1] == naive[1] and exact[2] == naive[2]
    assert {state.current_player() for _, state, _ in cases} == {0, 1}


class NaiveBot(BaseBot):
    """Reads the points without scoring and forgets the cards: wrong methods, a legal act."""

    def points_if_scored(self, state, me):
        return state.scores()[me]

    def evaluate(self, state, me):
        return self.points_if_scored(state, me)

    def act(self, observation, legal_actions):
        return legal_actions[0]


class MutatingBot(NaiveBot):
    """Applies Score() to the state it was given instead of a copy."""

    def points_if_scored(self, state, me):
        if Score() in state.legal_actions(me):
            state.apply(Score(), me)
        return state.scores()[me]


def test_check_methods_catch_wrong_values_with_a_hint():
    found = {i.name: i for i in check_methods(NaiveBot)}
    assert not found["points_if_scored"].passed and "clone" in found["points_if_scored"].hint
    assert not found["evaluate"].passed and "CARD_VALUE" in found["evaluate"].hint
    assert "returned 5" in found["points_if_scored"].message  # the first case: what the bot answered, not the answer


def test_check_methods_run_on_copies(solution_bot):
    """A method that applies an action to the state it gets cannot spoil the next case."""
    assert {i.name: i.passed for i in check_methods(MutatingBot)}["points_if_scored"]
    before = [state.to_json(compact=True) for _, state, _ in method_cases()]
    check_methods(solution_bot)
    assert before == [state.to_json(compact=True) for _, state, _ in method_cases()]


class FirstBot(BaseBot):
    """Plays the first legal action: legal and fast, but no plan."""

    def act(self, observation, legal_actions):
        return legal_actions[0]


class NeverScoreBot(BaseBot):
    """Moves whenever it can (the first move), never says score until forced: spends cards for nothing."""

    def act(self, observation, legal_actions):
        moves = [a for a in legal_actions if isinstance(a, Move)]
        return moves[0] if moves else legal_actions[-1]


def test_scenarios_separate_a_search_from_a_first_action_bot(solution_bot):
    def passed(bot):
        return [i.passed for i in check_scenarios(bot, SCENARIOS, time_limit=ex02.TIME_LIMIT).items]

    assert passed(FirstBot) == [False, False, True]
    assert all(passed(solution_bot))


def test_scenarios_do_not_depend_on_random_values():
    for scenario in SCENARIOS:
        game = scenario.state().game
        a = game.state_from_json(dict(scenario.position, seed=1))
        b = game.state_from_json(dict(scenario.position, seed=2))
        assert a.observation(scenario.seat) == b.observation(scenario.seat), scenario.name
        assert list(a.legal_actions(scenario.seat)) == list(b.legal_actions(scenario.seat))


# ---- the bars ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("bot", [FirstBot, RandomBot, NeverScoreBot])
def test_weak_baselines_fail_both_bars(bot):
    report = grade_one_ply(bot, seed=5, solo_games=4, duel_games=6)
    found = items(report)
    assert found["legal actions"].passed, str(report)
    assert not found["solo points per game"].passed and not found["win rate"].passed, str(report)
    assert found["solo points per game"].details["mean_score"] < MIN_SOLO_POINTS / 2
    assert found["win rate"].details["win_rate"] < MIN_WIN_RATE / 2


# ---- the grader -----------------------------------------------------------------------------------


def test_reference_solution_passes_the_grader():
    """Grading time is a benchmark figure (exercises/README.md), not asserted here."""
    report = grader.grade(SOLUTION)
    assert report.passed, str(report)
    found = items(report)
    assert found["solo points per game"].details["mean_score"] >= MIN_SOLO_POINTS
    assert found["win rate"].details["win_rate"] >= MIN_WIN_RATE
    assert any("practice" in note for note in report.notes)


def test_untouched_skeleton_fails_the_grader_with_helpful_messages():
    report = grader.grade(EXERCISE)
    assert not report.passed
    found = items(report)
    assert found["load your bot"].passed
    legal = found["legal actions"]
    assert not legal.passed and "NotImplementedError" in legal.message
    assert "cell 11 (starting `class MyNizamBot(BaseBot):`)" in legal.message
    assert 'jaliz_learn.exercises.replay("ex02", game=1, decision=' in legal.message
    for name in ("solo points per game", "win rate"):
        assert "no completed game to judge" in found[name].message
    assert "Traceback" not in str(report)


class RaisingBot(BaseBot):
    def act(self, observation, legal_actions):
        return 1 / 0


class NoneBot(BaseBot):
    def act(self, observation, legal_actions):
        return None


class HangingBot(BaseBot):
    def act(self, observation, legal_actions):
        while True:
            pass


@pytest.mark.parametrize("bot, item, words", [
    (RaisingBot, "legal actions", "ZeroDivisionError"),
    (NoneBot, "legal actions", "returned None"),
    (HangingBot, "time per decision", "took more than the limit of 0.2 s"),
])
def test_broken_bots_are_contained_and_reported(bot, item, words):
    report = grader.grade_bot_class(bot, seed=3, time_limit=0.2, solo_games=2, duel_games=2)
    assert not report.passed
    assert not items(report)[item].passed and words in str(report)
    assert words in str(check_one_ply(bot, time_limit=0.2))


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


def test_a_crash_in_a_two_player_game_fails_the_grade(tmp_path):
    """A typo on a path the solo games never take (someone else's points) fails the grade with line and replay."""
    path = _notebook_with(tmp_path, "        return state.scores()[me]\n        ### END SOLUTION",
                          "        if state.num_players > 1:\n            return state.score()[me]\n"
                          "        return state.scores()[me]\n        ### END SOLUTION")
    report = grader.grade(path, seed=7, solo_games=2, duel_games=2)
    assert not report.passed
    found = items(report)
    legal = found["legal actions"]  # every graded game counts for legality, the two-player ones too
    assert not legal.passed and "AttributeError" in legal.message and "points_if_scored" in legal.message
    assert "`return state.score()[me]`" in legal.message and "rebuild that position:" in legal.message, str(report)
    assert found["solo points per game"].passed, "the solo games did not fail"


def test_grader_script_exit_status_and_secret_file(tmp_path, secret_file):
    import subprocess

    cmd = [sys.executable, str(FOLDER / "grader.py"), "--secret-file", str(secret_file), str(EXERCISE)]
    out = subprocess.run(cmd, cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert out.returncode == 1, out.stdout + out.stderr
    assert "secret seed from the file secret.txt" in out.stdout and "practice" not in out.stdout
    assert "Traceback" not in out.stdout + out.stderr
