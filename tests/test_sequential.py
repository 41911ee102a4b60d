"""Sequential tests (issue 52): the SPRT's error rates hold for biased-coin bots at the zone's ends, within their
Monte-Carlo error; the exact operating characteristic agrees with the simulation; the maximum decides by the
estimate and says so; the mean and match forms decide the right way."""

from __future__ import annotations

import math
import random

import pytest

from jaliz_learn.exercises.strength_bars import Bar, parse_games, pass_chance
from jaliz_learn.sequential import (
    LOWER,
    MAXIMUM,
    UPPER,
    MatchZone,
    MeanZone,
    SetTest,
    WinZone,
    bounds,
    elo_score,
    gauss,
    oc_exact,
    score_elo,
    simulate,
)

ZONE = WinZone(0.30, 0.50, max_games=80, block=4)


def _three_sigma(rate: float, runs: int) -> float:
    return 3 * math.sqrt(rate * (1 - rate) / runs)


def _coin(p: float):
    return lambda rng: (rng.random() < p, None)


def test_wald_bounds_and_their_checks():
    low, high = bounds(0.05, 0.10)
    assert high == pytest.approx(math.log(0.9 / 0.05)) and low == pytest.approx(math.log(0.1 / 0.95))
    with pytest.raises(ValueError):
        bounds(0.0, 0.05)
    with pytest.raises(ValueError):
        WinZone(0.5, 0.3)
    with pytest.raises(ValueError):
        WinZone(0.0, 0.3)


@pytest.mark.parametrize("p, limit", [(ZONE.low, ZONE.alpha), (ZONE.high, ZONE.beta)])
def test_error_rates_of_biased_coins_at_the_zone_ends(p, limit):
    """A bot at p0 passes at most α of the time, one at p1 fails at most β (3 sigma of Monte-Carlo error)."""
    runs = 1500
    rate, games = simulate(lambda: SetTest(ZONE), _coin(p), runs=runs, seed=7)
    error = rate if p == ZONE.low else 1 - rate
    assert error <= limit + _three_sigma(limit, runs), (p, error)
    assert games < ZONE.limit


def test_the_test_can_fail_a_too_loose_maximum_breaks_the_error_rate():
    """The same check catches a test whose maximum is too small (its errors exceed α): it can fail."""
    loose = WinZone(0.30, 0.50, max_games=12, block=4)
    rate, _ = simulate(lambda: SetTest(loose), _coin(0.30), runs=1500, seed=7)
    assert rate > loose.alpha + _three_sigma(loose.alpha, 1500)


@pytest.mark.parametrize("p", [0.3, 0.4, 0.5, 0.7])
def test_exact_operating_characteristic_agrees_with_the_simulation(p):
    exact, exact_games = oc_exact(ZONE, p)
    runs = 1500
    rate, games = simulate(lambda: SetTest(ZONE), _coin(p), runs=runs, seed=11)
    assert abs(rate - exact) <= 4 * math.sqrt(max(exact * (1 - exact), 0.01) / runs)
    assert games == pytest.approx(exact_games, rel=0.1)


def test_clear_bots_decide_in_few_games_near_the_bar_in_more():
    strong, weak, near = oc_exact(ZONE, 0.85), oc_exact(ZONE, 0.05), oc_exact(ZONE, 0.40)
    assert strong[0] > 0.999 and weak[0] < 0.001
    assert strong[1] < 14 and weak[1] < 14 and near[1] > 3 * strong[1]


def test_decisions_only_at_block_ends_and_the_maximum_decides_by_the_estimate():
    zone = WinZone(0.30, 0.50, max_games=8, block=4)
    assert zone.decide(3, 3) is None  # mid-block: play on even with strong evidence
    v = zone.decide(4, 8)
    assert v is not None and v.reason == MAXIMUM and v.at_maximum and v.passed == (0.5 >= zone.neutral)
    assert "maximum of 8 games" in v.describe()
    assert zone.verdict(8, 8).reason in (UPPER, MAXIMUM)
    assert WinZone(0.3, 0.5, max_games=200).verdict(0, 20).reason == LOWER
    assert 0.3 < zone.neutral < 0.5


def test_mean_zone_passes_high_scores_and_fails_low_ones():
    zone = MeanZone(12.0, 14.0, max_games=80, block=4)
    rng = random.Random(3)
    high = [rng.gauss(17, 4) for _ in range(40)]
    low = [rng.gauss(9, 4) for _ in range(40)]
    assert zone.verdict(high).passed and zone.verdict(high).reason == UPPER
    assert not zone.verdict(low).passed and zone.verdict(low).reason == LOWER
    assert zone.verdict(high[:4]) is None or zone.verdict(high[:4]).reason == MAXIMUM  # fewer than min_games


@pytest.mark.parametrize("mean, passes", [(12.0, False), (14.0, True)])
def test_mean_zone_error_rates_at_its_ends(mean, passes):
    zone = MeanZone(12.0, 14.0, max_games=160, block=4)
    runs = 600
    rate, _ = simulate(lambda: SetTest(score=zone), lambda rng: (False, gauss(rng, mean, 4.0)), runs=runs, seed=5)
    error = 1 - rate if passes else rate
    # the GSPRT's plug-in variance makes its errors approximate: allow 3 sigma and a little more
    assert error <= 0.05 + _three_sigma(0.05, runs) + 0.02, error


def test_a_set_stops_when_one_bar_fails_and_passes_only_when_all_pass():
    test = SetTest(WinZone(0.3, 0.5, max_games=80, block=2), MeanZone(10, 12, max_games=80, block=2))
    for _ in range(12):
        test.add(True, 2.0)  # wins every game, scores far too little
    assert test.decided() and not test.passed()
    v = test.verdicts()
    assert v["win"].passed and not v["score"].passed


def test_match_zone_and_elo():
    assert elo_score(0) == 0.5 and score_elo(elo_score(35)) == pytest.approx(35)
    zone = MatchZone(0, 20)
    rng = random.Random(1)
    strong = [min(1.0, max(0.0, rng.choice([0.5, 0.75, 1.0]))) for _ in range(60)]
    assert zone.verdict(strong).passed
    even = [0.0, 0.5, 1.0] * 700  # an even match: the mean is exactly 1/2
    v = zone.verdict(even, final=True)
    assert v is not None and not v.passed


def test_pass_chance_follows_the_evidence_and_is_seeded():
    bar = Bar(win=ZONE)
    assert pass_chance(bar, wins=8, games=8) > 0.9
    assert pass_chance(bar, wins=0, games=8) < 0.1
    middle = pass_chance(bar, wins=3, games=8)
    assert 0.1 < middle < 0.9
    assert pass_chance(bar, wins=3, games=8) == middle


def test_parse_games():
    from jaliz_learn.core.errors import InvalidOption

    assert parse_games(None) == "auto" and parse_games("12") == 12
    for bad in ("0", "many", "-3"):
        with pytest.raises(InvalidOption):
            parse_games(bad)


@pytest.mark.slow
@pytest.mark.parametrize("p", [0.30, 0.50])
def test_error_rates_with_many_runs(p):
    runs = 20000
    rate, _ = simulate(lambda: SetTest(ZONE), _coin(p), runs=runs, seed=99)
    error = rate if p == 0.30 else 1 - rate
    exact = oc_exact(ZONE, p)[0]
    assert abs(rate - exact) <= 4 * math.sqrt(exact * (1 - exact) / runs)
    assert error <= 0.05 + _three_sigma(0.05, runs)


# ---- every exercise's bars ----------------------------------------------------------------------------------


def _bars():
    from jaliz_learn.exercises.operating_characteristic import win_bars

    return win_bars()


@pytest.mark.parametrize("name, zone, fixed", _bars(), ids=[b[0] for b in _bars()])
def test_each_exercise_holds_its_error_rates_exactly_and_by_simulation(name, zone, fixed):
    from jaliz_learn.exercises.operating_characteristic import fixed_pass_rate

    false_pass, false_fail = oc_exact(zone, zone.low)[0], 1 - oc_exact(zone, zone.high)[0]
    assert false_pass <= zone.alpha and false_fail <= zone.beta, (name, false_pass, false_fail)
    # and no worse than the fixed count it replaced, at both ends of the zone
    assert false_pass <= fixed_pass_rate(zone.low, fixed, zone.bar) + 1e-9
    assert false_fail <= 1 - fixed_pass_rate(zone.high, fixed, zone.bar) + 1e-9
    runs = 800
    for p, exact in ((zone.low, false_pass), (zone.high, 1 - false_fail)):
        rate, _ = simulate(lambda: SetTest(zone), _coin(p), runs=runs, seed=17)
        assert abs(rate - exact) <= 4 * math.sqrt(max(exact * (1 - exact), 0.01) / runs), (name, p, rate, exact)


@pytest.mark.parametrize("which", ["ex01 coins", "ex02 solo points"])
def test_each_mean_score_bar_holds_its_error_rates_by_simulation(which):
    from jaliz_learn.exercises import ex01_first_jaliz_bot as ex01
    from jaliz_learn.exercises import ex02_nizam_one_ply as ex02

    zone, sd = (ex01.FIRST_BOT_BAR.score, 3.0) if which == "ex01 coins" else (ex02.SOLO_BAR.score, 8.0)
    runs = 600
    for mean, passes in ((zone.low, False), (zone.high, True)):
        rate, _ = simulate(lambda: SetTest(score=zone), lambda rng, m=mean: (False, gauss(rng, m, sd)), runs=runs,
                           seed=23)
        error = 1 - rate if passes else rate
        # the plug-in variance makes the GSPRT's errors approximate: 3 sigma and 2 points more
        assert error <= zone.alpha + _three_sigma(zone.alpha, runs) + 0.02, (which, mean, error)
