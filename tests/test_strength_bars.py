"""The exercises' strength bars as sequential tests (issue 52): one constant per bar in the notebook's header,
check() and the grader; a regrade plays the same games and gives the same verdict; the report shows games played,
the estimate with its interval and the boundary crossed; ``games="fixed"`` keeps the fixed counts."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from jaliz_learn.exercises import ex01_first_jaliz_bot as ex01
from jaliz_learn.exercises import ex02_nizam_one_ply as ex02
from jaliz_learn.exercises import ex03_jungli_la_probability as ex03
from jaliz_learn.exercises import ex04_monte_carlo as ex04
from jaliz_learn.games.nizam.bots import NizamGreedyBot

ROOT = Path(__file__).resolve().parents[1] / "exercises"


def _top(folder: str, name: str) -> str:
    nb = json.loads((ROOT / folder / name).read_text(encoding="utf-8"))
    return " ".join("".join(nb["cells"][0]["source"]).split())


@pytest.mark.parametrize("folder, headers", [
    ("01_first_jaliz_bot", [ex01.FIRST_BOT_BAR.header("coins")]),
    ("02_nizam_one_ply", [ex02.SOLO_BAR.header("solo points"), ex02.DUEL_BAR.header()]),
    ("03_jungli_la_probability", [ex03.BAR.header()]),
    ("04_monte_carlo_search", [ex04.BAR.header()]),
])
@pytest.mark.parametrize("name", ["solution.ipynb", "exercise.ipynb"])
def test_the_notebook_states_the_zones_the_grader_uses(folder, headers, name):
    top = _top(folder, name)
    for header in headers:
        assert " ".join(header.split()) in top


def test_bars_are_the_zones_middles():
    assert ex01.FIRST_BOT_MIN_WIN_RATE == pytest.approx(0.40) and ex01.FIRST_BOT_MIN_COINS == pytest.approx(13)
    assert ex02.MIN_WIN_RATE == pytest.approx(0.35) and ex02.MIN_SOLO_POINTS == pytest.approx(30)
    assert ex03.MIN_WIN_RATE == pytest.approx(0.25) and ex04.MIN_WIN_RATE == pytest.approx(0.40)
    # the graded sets' game counts are the tests' maxima, so replay numbers stay the same in every mode
    assert ex01.GRADED[1].games == ex01.FIRST_BOT_BAR.limit and ex04.GRADED[0].games == ex04.BAR.limit


def _strength(report):
    return [(i.name, i.passed, i.details.get("games"), i.details.get("reason"), i.message) for i in report.items
            if i.name in ("win rate", "solo points per game")]


def test_a_regrade_gives_the_same_verdict_after_the_same_games():
    first = ex02.grade_one_ply(NizamGreedyBot, seed=11)
    again = ex02.grade_one_ply(NizamGreedyBot, seed=11)
    assert _strength(first) == _strength(again) and first.passed
    for _name, _passed, games, _reason, message in _strength(first):
        assert games is not None and "after" in message and "95% interval" in message
        assert "boundary" in message or "maximum" in message
    duel = next(i for i in first.items if i.name == "win rate")
    assert duel.details["games"] < ex02.DUEL_BAR.limit  # a clear bot stops early


def test_fixed_counts_are_kept_on_request():
    report = ex02.grade_one_ply(NizamGreedyBot, seed=11, games="fixed")
    duel = next(i for i in report.items if i.name == "win rate")
    assert duel.details["games"] == ex02.GRADER_DUEL_GAMES and "boundary" not in duel.message
    report = ex02.grade_one_ply(NizamGreedyBot, seed=11, games=6)
    assert next(i for i in report.items if i.name == "win rate").details["games"] == 6


def test_a_weak_bot_fails_early_with_the_lower_boundary():
    from jaliz_learn.bots import RandomBot

    report = ex02.grade_one_ply(RandomBot, seed=11)
    solo = next(i for i in report.items if i.name == "solo points per game")
    assert not solo.passed and "fail boundary" in solo.message and solo.hint


def test_check_predicts_the_grade_in_one_line():
    report = ex02.check_one_ply(NizamGreedyBot)
    line = report.items[-1]
    assert "the grader would pass this bot with a chance of" in line.message and "95% interval" in line.message
    from jaliz_learn.bots import RandomBot

    weak = ex02.check_one_ply(RandomBot)
    assert not weak.items[-1].passed and "under 5%" in weak.items[-1].message and weak.items[-1].hint


def _records(wins: list[bool], scores: list[float]) -> list[dict]:
    from jaliz_learn.grading.match import LEARNER

    return [{"bot": LEARNER, "completed": True, "win": w, "score": s, "game": i, "failure": None}
            for i, (w, s) in enumerate(zip(wins, scores))]


def test_the_hint_points_where_the_bot_is_short():
    from jaliz_learn.exercises.strength_bars import prediction

    game_set, bar = ex01.GRADED[1], ex01.FIRST_BOT_BAR
    ok, line, hint = prediction([(bar, game_set, _records([True] * 8, [9.0, 10.0, 8.0, 11.0] * 2))])
    assert not ok and hint == game_set.score_hint and "won 8 of 8" in line and "coins per game" in line
    ok, line, hint = prediction([(bar, game_set, _records([False] * 8, [18.0, 19.0, 17.0, 20.0] * 2))])
    assert not ok and hint == game_set.win_hint and "under 5%" in line
    ok, line, hint = prediction([(bar, game_set, _records([True, True, False, True] * 2, [17.0, 18.0] * 4))])
    assert ok and "over 95%" in line and hint == ""


def test_a_bad_games_option_is_one_line(tmp_path, capsys):
    from jaliz_learn.cli import main
    from jaliz_learn.exercises.common import grader_main

    assert main(["grade", "02", str(tmp_path), "--games", "lots"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "--games takes 'auto', 'fixed' or a number" in err[0]
    assert grader_main(["--games", "0", "x.ipynb"], grade=lambda *a, **k: None, default_notebook=tmp_path / "x",
                       description="") == 2
    assert "--games must be at least 1" in capsys.readouterr().err
