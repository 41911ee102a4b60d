"""Exercise 5 (running experiments): the notebooks, the quick check, the hidden data sets and the grader.

The skeleton must fail, the reference solution pass, and plausible mistakes (the simple Wald
interval, a shared win as half a win, Elo updated with new ratings, a schedule without rotated
seats) fail with a hint that does not give the number.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest
from jaliz_learn_teacher.answers.ex05 import reference_elo, reference_seat_advantage, reference_wilson

from jaliz_learn.exercises.ex05_experiments import (
    K_FACTOR,
    START_RATING,
    Z,
    check_experiments,
    grade_experiments,
    hidden_cases,
    public_cases,
)
from jaliz_learn.grading import load_bot_from_notebook, read_notebook
from jaliz_learn.grading.batch import load_grader

ROOT = Path(__file__).resolve().parents[1]
FOLDER = ROOT / "exercises" / "05_experiments"
SOLUTION = FOLDER / "solution.ipynb"
EXERCISE = FOLDER / "exercise.ipynb"


grader = load_grader(FOLDER)  # the teacher's grader.py, imported once


def items(report: Any) -> dict[str, Any]:
    return {i.name: i for i in report.items}


def test_bars_are_stated_at_the_top_of_the_notebook():
    top = "".join(read_notebook(EXERCISE)["cells"][0]["source"])
    assert "5 hidden data sets" in top and "1e-9" in top and "5 seconds per call" in top


def test_hidden_cases_depend_on_the_seed_and_show_seat_effects():
    a, b = hidden_cases(1), hidden_cases(2)
    assert a != b and hidden_cases(1) == a and a != public_cases()
    verdicts = {reference_seat_advantage(g, Z) for seed in range(3) for g in hidden_cases(seed)}
    assert verdicts == {True, False}  # both answers occur, so a constant answer fails
    assert any(len(w) == 2 for g in a for _, w in g)  # shared wins occur


def test_reference_wilson_is_the_score_interval():
    low, high = reference_wilson(7, 10, 1.96)
    assert 0 < low < 0.7 < high < 1
    assert reference_wilson(0, 0, 1.96) == (0.0, 1.0) and reference_wilson(10, 10, 1.96)[1] == 1.0


@pytest.fixture(scope="module")
def solution_cls() -> type:
    return load_bot_from_notebook(SOLUTION, "MyExperiments")


def test_check_passes_on_the_solution(solution_cls):
    assert check_experiments(solution_cls).passed


def test_grade_passes_the_solution_on_other_seeds(solution_cls):
    for seed in (3, 4):
        report = grade_experiments(solution_cls, seed=seed)
        assert report.passed, str(report)


def _mistake(solution_cls: type, method: str, body: Any) -> type:
    return type("Mistaken", (solution_cls,), {method: body})


def _wald(self, wins, n, z):
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    half = z * math.sqrt(p * (1 - p) / n)
    return (max(0.0, p - half), min(1.0, p + half))


def _half_wins(self, games):
    played, won = {}, {}
    for seats, winners in games:
        for seat, name in enumerate(seats):
            played[name] = played.get(name, 0) + 1
            won[name] = won.get(name, 0) + (1 / len(winners) if seat in winners else 0)
    return {name: won[name] / played[name] for name in played}


def _elo_in_place(self, games, k=16):
    ratings = {}
    for (a, b), winners in games:
        ratings.setdefault(a, 1500.0)
        ratings.setdefault(b, 1500.0)
        score = 0.5 if len(winners) == 2 else (1.0 if 0 in winners else 0.0)
        ratings[a] += k * (score - 1 / (1 + 10 ** ((ratings[b] - ratings[a]) / 400)))
        ratings[b] += k * ((1 - score) - 1 / (1 + 10 ** ((ratings[a] - ratings[b]) / 400)))
    return ratings


def _one_order(self, names, rounds):
    return [(a, b) for _ in range(rounds) for i, a in enumerate(names) for b in names[i + 1:]]


@pytest.mark.parametrize("method, body, shown", [
    ("wilson", _wald, "Wilson score interval"),
    ("win_rates", _half_wins, "shared first place is a win for each"),
    ("elo", _elo_in_place, "ratings from before the game"),
    ("schedule", _one_order, "as often as b sits first"),
])
def test_plausible_mistakes_fail_with_a_hint(solution_cls, method, body, shown):
    report = grade_experiments(_mistake(solution_cls, method, body), seed=11)
    found = items(report)[method]
    assert not found.passed and shown in found.hint
    if method in ("elo", "win_rates"):  # the message names the value, never the expected one
        expected = reference_elo(hidden_cases(11)[0], K_FACTOR, START_RATING) if method == "elo" else None
        assert expected is None or all(f"{v!r}" not in found.message for v in expected.values())
    others = [i for i in report.items if i.name != method and i.name != "seat_advantage"]
    assert all(i.passed for i in others)


def test_numpy_values_are_refused_with_a_hint(solution_cls):
    import numpy as np

    def rates(self, games):
        return {k: np.float32(v) for k, v in solution_cls.win_rates(self, games).items()}

    found = items(grade_experiments(_mistake(solution_cls, "win_rates", rates), seed=1))["win_rates"]
    assert not found.passed


# ---- the grader on notebooks (each in its own process) ------------------------------------------------


def test_grader_passes_the_reference_and_fails_the_skeleton():
    good = grader.grade(SOLUTION, seed=5)
    assert good.passed, str(good)
    bad = grader.grade(EXERCISE, seed=5)
    assert not bad.passed and items(bad)["load your bot"].passed and items(bad)["your own code"].passed
    assert items(good)["your own code"].passed
    assert all("NotImplementedError" in i.message for i in bad.items[2:])


def test_grader_contains_a_crash_and_a_hang(tmp_path):
    source = ("import time\nclass MyExperiments:\n    def act(self, o, l):\n        pass\n"
              "    def schedule(self, names, rounds):\n        while True:\n            time.sleep(0.01)\n"
              "    def win_rates(self, games):\n        return 1 / 0\n")
    path = tmp_path / "broken.ipynb"
    cell = {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [], "source": source}
    path.write_text(json.dumps({"cells": [cell], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}))
    report = grader.grade(path, seed=5)
    found = items(report)
    assert not found["schedule"].passed and "5" in found["schedule"].message
    assert not found["win_rates"].passed and "ZeroDivisionError" in found["win_rates"].message
    assert not report.passed
