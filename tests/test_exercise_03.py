"""Exercise 3 (Jungli-La, push your luck with probability): notebooks, exact values, bars and grader.

The skeleton must fail, the reference solution pass, weak baselines (first legal action, random, the
game's own greedy bot handed in as is) fail, and values that are close but not exact (floats, a wrong
recursion) be refused. Also the grader's channel for computed values (``Sandbox.call``).
"""

from __future__ import annotations

import json
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from jaliz_learn_teacher.answers.ex03 import exact_best, exact_roll

from jaliz_learn.bots import BaseBot, RandomBot
from jaliz_learn.exercises import ex03_jungli_la_probability as ex03
from jaliz_learn.exercises.ex03_jungli_la_probability import (
    MIN_WIN_RATE,
    SCENARIOS,
    cases,
    check_probability,
    compare,
    grade_probability,
    keep_value,
    value_items,
)
from jaliz_learn.exercises.scenarios import check_scenarios
from jaliz_learn.games.jungli_la import actions as A
from jaliz_learn.games.jungli_la.bots import JungliLaGreedyBot
from jaliz_learn.grading import InProcessContestant, load_bot_from_notebook, read_notebook
from jaliz_learn.grading.batch import load_grader
from jaliz_learn.grading.values import Opaque, from_plain, to_plain

ROOT = Path(__file__).resolve().parents[1]
FOLDER = ROOT / "exercises" / "03_jungli_la_probability"
SOLUTION = FOLDER / "solution.ipynb"
EXERCISE = FOLDER / "exercise.ipynb"

grader = load_grader(FOLDER)  # the teacher's grader.py, imported once


def items(report: Any) -> dict[str, Any]:
    return {i.name: i for i in report.items}


# ---- the notebooks ----------------------------------------------------------------------------------


def test_bars_are_stated_at_the_top_of_the_notebook():
    top = "".join(read_notebook(EXERCISE)["cells"][0]["source"])
    assert f"**{100 * MIN_WIN_RATE:.0f}%**" in top and ex03.LIMITS_TEXT in top and "hidden cases" in top
    assert "Fraction" in top and "JungliLaGreedyBot" in top


# ---- exact values -------------------------------------------------------------------------------------


def test_checker_answers_are_probabilities():
    for n in range(4):
        assert sum(exact_roll(n).values()) == 1
    assert exact_roll(2)[(0, 0, 0, 0, 0, 2)] == Fraction(1, 36)
    # two Letters already showing: the rolling has stopped, the dice are worth what they show
    assert exact_best((1, 0, 1, 0, 0, 2), 2, (1, 0, 0), keep_value) == keep_value((1, 0, 1, 0, 0, 2), (1, 0, 0))
    # a reroll can only help in expectation: the best play is worth at least keeping
    for dice, left, need in cases(1, 4)["best_value"]:
        assert exact_best(dice, left, need, keep_value) >= keep_value(dice, need)


def test_hidden_cases_depend_on_the_seed():
    assert cases(1, 6) != cases(2, 6) and cases(1, 6) == cases(1, 6)


@pytest.mark.parametrize("name, args, value, words", [
    ("roll_probabilities", (1,), {tuple(int(i == f) for i in range(6)): 1 / 6 for f in range(6)}, "floats"),
    ("roll_probabilities", (1,), {(1, 0, 0, 0, 0, 0): Fraction(1, 2)}, "add up to 1/2"),
    ("roll_probabilities", (1,), {(1, 0, 0, 0, 0, 0): Fraction(1)}, "misses outcomes"),
    ("roll_probabilities", (1,), {"M1": Fraction(1)}, "keys are face counts"),
    ("best_value", ((1, 0, 1, 1, 1, 0), 1, (1, 1, 0)), 7.5, "return a fractions.Fraction"),
    ("best_value", ((1, 0, 1, 1, 1, 0), 1, (1, 1, 0)), Fraction(999), "too high"),
    ("best_value", ((1, 0, 1, 1, 1, 0), 1, (1, 1, 0)), Opaque("ndarray"), "returned a ndarray"),
])
def test_compare_says_what_is_wrong_without_the_answer(name, args, value, words):
    message = compare(name, args, value)
    assert message is not None and words in message
    answer = exact_best(*args, keep_value) if name == "best_value" else None
    assert answer is None or str(answer) not in message


def test_reroll_outcomes_mistakes_are_named():
    dice, faces = (1, 0, 1, 1, 0, 1), ("M1",)
    wrong = {(0, 0, 1, 1, 0, 1): Fraction(1)}  # forgot to roll the die again
    assert "cannot happen" in compare("reroll_outcomes", (dice, faces), wrong)


@pytest.fixture(scope="module")
def solution_bot() -> type:
    return load_bot_from_notebook(SOLUTION, "MyJungliBot")


@pytest.fixture(scope="module")
def skeleton_bot() -> type:
    return load_bot_from_notebook(EXERCISE, "MyJungliBot")


def test_solution_is_exact_on_many_cases(solution_bot):
    found = value_items(InProcessContestant(solution_bot), seed=99, count=12)
    assert all(i.passed for i in found), [str(i) for i in found]


class FloatBot(BaseBot):
    """Right numbers, as floats: the grader compares to the last digit, so floats fail."""

    def roll_probabilities(self, n):
        return {k: float(v) for k, v in exact_roll(n).items()}

    def reroll_outcomes(self, dice, faces):
        return {}

    def best_value(self, dice, rerolls_left, need):
        return float(exact_best(tuple(dice), rerolls_left, tuple(need), keep_value))

    def act(self, observation, legal_actions):
        return legal_actions[0]


class OneStepBot(FloatBot):
    """Exact fractions, but a best_value that looks only one reroll ahead (a wrong recursion)."""

    def best_value(self, dice, rerolls_left, need):
        return exact_best(tuple(dice), min(rerolls_left, 1), tuple(need), keep_value)


def test_close_values_are_refused(solution_bot):
    found = items(check_probability(FloatBot, games=0))
    assert not found["roll_probabilities"].passed and "floats" in found["roll_probabilities"].message
    assert not found["best_value"].passed and "Fraction" in found["best_value"].message
    one = {i.name: i for i in value_items(InProcessContestant(OneStepBot), seed=5, count=8)}
    assert not one["best_value"].passed and "too low" in one["best_value"].message
    assert "one reroll less" in one["best_value"].hint


def test_check_passes_on_the_solution(solution_bot):
    report = check_probability(solution_bot)
    assert report.passed, str(report)


def test_check_fails_on_the_skeleton_with_a_hint(skeleton_bot):
    report = check_probability(skeleton_bot)
    assert not report.passed
    found = items(report)
    first = found["roll_probabilities"]
    assert not first.passed and "NotImplementedError" in first.message
    assert "still raises NotImplementedError" in first.hint
    assert "not run yet" in found["4 practice games"].message


# ---- scenarios and bars --------------------------------------------------------------------------------


class FirstBot(BaseBot):
    def act(self, observation, legal_actions):
        return legal_actions[0]


class KeepBot(BaseBot):
    """Never rerolls."""

    def act(self, observation, legal_actions):
        return A.Keep() if A.Keep() in legal_actions else JungliLaGreedyBot(0).act(observation, legal_actions)


def test_scenarios_need_the_expected_values(solution_bot):
    """The game's greedy bot (rerolls by a rule of thumb) misses all three positions; always keeping misses two."""
    def passed(bot):
        return [i.passed for i in check_scenarios(bot, SCENARIOS, time_limit=ex03.TIME_LIMIT).items]

    assert all(passed(solution_bot))
    assert not any(passed(JungliLaGreedyBot))
    assert passed(KeepBot) == [False, True, False]


def test_scenarios_do_not_depend_on_random_values():
    for scenario in SCENARIOS:
        game = scenario.state().game
        a = game.state_from_json(dict(scenario.position, seed=1))
        b = game.state_from_json(dict(scenario.position, seed=2))
        assert a.observation(scenario.seat).dice == b.observation(scenario.seat).dice
        assert list(a.legal_actions(scenario.seat)) == list(b.legal_actions(scenario.seat))
        assert a.observation(scenario.seat).track == b.observation(scenario.seat).track


@pytest.mark.parametrize("bot", [FirstBot, RandomBot])
def test_weak_baselines_fail_the_win_bar(bot):
    report = grade_probability(bot, seed=5, games=8, count=2)
    found = items(report)
    assert not found["win rate"].passed, str(report)
    assert found["win rate"].details["win_rate"] < MIN_WIN_RATE / 2
    assert not found["roll_probabilities"].passed  # they have no such method


def test_greedy_bot_handed_in_fails_the_grade():
    report = grade_probability(JungliLaGreedyBot, seed=5, games=4, count=2)
    assert not report.passed
    found = items(report)
    assert "no method roll_probabilities()" in found["roll_probabilities"].message


# ---- the grader -----------------------------------------------------------------------------------


def test_reference_solution_passes_the_grader():
    """Grading time is a benchmark figure (exercises/README.md), not asserted here."""
    report = grader.grade(SOLUTION)
    assert report.passed, str(report)
    found = items(report)
    assert "exact on all" in found["best_value"].message
    assert found["win rate"].details["win_rate"] >= MIN_WIN_RATE
    assert any("practice" in note for note in report.notes)


def test_untouched_skeleton_fails_the_grader_with_helpful_messages():
    report = grader.grade(EXERCISE)
    assert not report.passed
    found = items(report)
    assert found["load your bot"].passed
    for name in ("roll_probabilities", "reroll_outcomes", "best_value"):
        assert not found[name].passed and "NotImplementedError" in found[name].message
        assert "cell 10 (starting `class MyJungliBot(BaseBot):`)" in found[name].message
    legal = found["legal actions"]
    assert not legal.passed and "choose_reroll" in legal.message
    assert 'jaliz_learn.exercises.replay("ex03", game=1, decision=' in legal.message
    assert "no completed game to judge" in found["win rate"].message
    assert "Traceback" not in str(report)


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


def test_float_probabilities_fail_in_the_sandbox(tmp_path):
    """Values cross from the learner's process keeping their type: a float is seen as a float."""
    path = _notebook_with(tmp_path, "p * Fraction(1, 6)", "p * (1 / 6)")
    report = grader.grade(path, seed=3, games=2, count=2)
    found = items(report)
    assert not found["roll_probabilities"].passed and "floats" in found["roll_probabilities"].message, str(report)


def test_plain_values_round_trip_and_refuse_garbage():
    value = {(1, 2): [Fraction(-3, 7), 2**80, float("inf"), "x", None], "k": (True,)}
    back = from_plain(json.loads(json.dumps(to_plain(value))))
    assert back == {(1, 2): (Fraction(-3, 7), 2**80, float("inf"), "x", None), "k": (True,)}
    assert type(back[(1, 2)][1]) is int and type(back[(1, 2)][0]) is Fraction
    for bad in ({"$frac": ["1", "0"]}, {"$int": "1" * 5000}, {"$dict": [[{"$seq": []}, 1], 2]}, {"$x": 1}, [1],
                {"$seq": [{"$seq": []}] * 2, "other": 1}):
        with pytest.raises((ValueError, ZeroDivisionError)):
            from_plain(bad)
    deep: Any = 1
    for _ in range(40):
        deep = [deep]
    with pytest.raises(ValueError, match="nested"):
        to_plain(deep)


def test_dict_subclasses_cross_as_dicts(tmp_path):
    """A defaultdict (or Counter) is a dict in the grader too, as it is in the learner's own check()."""
    path = _notebook_with(tmp_path, "        result = {}\n",
                          "        result = __import__('collections').defaultdict(Fraction)\n")
    report = grader.grade(path, seed=3, games=2, count=2)
    assert items(report)["reroll_outcomes"].passed, str(report)


class SlowBot(BaseBot):
    """Exact values, slowly (like a search that never remembers a result)."""

    def best_value(self, dice, rerolls_left, need):
        import time

        time.sleep(1.7)
        return exact_best(tuple(dice), rerolls_left, tuple(need), keep_value)

    def act(self, observation, legal_actions):
        return legal_actions[0]


def test_speed_check_asks_for_remembered_results(solution_bot):
    from jaliz_learn.exercises.ex03_jungli_la_probability import speed_item

    slow = speed_item(InProcessContestant(SlowBot))
    assert not slow.passed and "at most 1.5 s" in slow.message and "remember results" in slow.hint
    solution_bot.memo.clear()
    assert speed_item(InProcessContestant(solution_bot)).passed


def test_grader_script_exit_status_and_secret_file(tmp_path, secret_file):
    import subprocess

    cmd = [sys.executable, str(FOLDER / "grader.py"), "--secret-file", str(secret_file), str(EXERCISE)]
    out = subprocess.run(cmd, cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert out.returncode == 1, out.stdout + out.stderr
    assert "secret seed from the file secret.txt" in out.stdout and "practice" not in out.stdout
    assert "Traceback" not in out.stdout + out.stderr
