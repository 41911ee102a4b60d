"""Strength bars of the graded exercises as sequential tests (issue 52): one constant per bar, read by the notebook's
header, ``check()`` and the grader alike.

A :class:`Bar` states a set's bars as indifference zones (:class:`~jaliz_learn.sequential.WinZone` for the win rate,
:class:`~jaliz_learn.sequential.MeanZone` for coins or points per game). The grader plays the set's games in the
fixed order of the secret seed, block by block (a block rotates the learner over every seat), and stops as soon as
every bar passed or one failed (:func:`grade_sets_sequential`); the hard maximum is the set's ``games``. A regrade
plays the same games and so reaches the same verdict. ``games="fixed"`` plays today's fixed counts instead, and a
number ``N`` plays ``N`` games per strength set; both judge the estimate against the bar (the zone's middle).

``check()`` turns its practice games into the chance that the grader passes the bot (:func:`pass_chance`): a
posterior predictive of the same sequential test (win rates drawn from the Beta posterior of the practice games,
mean scores from the normal one, each run through the grader's stopping rule).

>>> from jaliz_learn.sequential import WinZone
>>> bar = Bar(win=WinZone(0.30, 0.50, max_games=80, block=4))
>>> round(pass_chance(bar, wins=8, games=8, runs=200), 1) >= 0.9
True
>>> parse_games("auto"), parse_games("fixed"), parse_games("24")
('auto', 'fixed', 24)
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..core.errors import InvalidOption
from ..core.game import Game
from ..core.rng import Rng
from ..grading.match import (
    LEARNER,
    Budget,
    Contestant,
    GameSet,
    _duration,
    grading_budget,
    legality_item,
    opponent_name,
    play_learner_games,
    strength_items,
    time_item,
)
from ..grading.report import CheckResult, GradeReport, failure_hint
from ..sequential import MeanZone, SetTest, Verdict, WinZone, beta, gauss

Games = str | int


@dataclass(frozen=True)
class Bar:
    """The bars of one set of graded games: a win-rate zone and/or a mean-score zone."""

    win: WinZone | None = None
    score: MeanZone | None = None

    def test(self) -> SetTest:
        return SetTest(self.win, self.score)

    @property
    def limit(self) -> int:
        return self.test().limit

    def header(self, score_word: str = "points") -> str:
        """The bars as the notebook's header states them (a test checks the notebook holds these words)."""
        parts = []
        if self.win is not None:
            parts.append(f"win rate at least {100 * self.win.bar:.0f}%: {self.win.describe_zone()}")
        if self.score is not None:
            parts.append(f"{score_word} per game at least {self.score.bar:g}: {self.score.describe_zone(False)}")
        return "; ".join(parts)


def parse_games(text: Games | None) -> Games:
    """``auto`` (the sequential test, the default), ``fixed`` (today's fixed counts) or a number of games."""
    if text is None or text == "auto":
        return "auto"
    if text == "fixed":
        return "fixed"
    try:
        n = int(text)
    except (TypeError, ValueError):
        raise InvalidOption(f"--games takes 'auto', 'fixed' or a number of games, got {str(text)[:40]!r}") from None
    if n < 1:
        raise InvalidOption(f"--games must be at least 1, got {n}")
    return n


def feed(records: Sequence[Mapping[str, Any]], bar: Bar) -> SetTest:
    """The sequential test of the learner's completed games in ``records`` (in the order played)."""
    test = bar.test()
    for r in records:
        if r["bot"] == LEARNER and r["completed"]:
            test.add(bool(r.get("win")), float(r["score"]) if bar.score is not None else None)
    return test


def _verdict_line(v: Verdict, *, percent: bool) -> str:
    return v.describe(percent)


def sequential_items(records: Sequence[Mapping[str, Any]], game_set: GameSet, bar: Bar) -> list[CheckResult]:
    """``win rate`` and ``<score_word> per game`` of a set judged by its sequential test: games played, the estimate
    with its interval, and which boundary was crossed (or that the maximum was hit)."""
    mine = [r for r in records if r["bot"] == LEARNER]
    played = len({r["game"] for r in mine})
    failed = sum(1 for r in mine if r["failure"] is not None)
    test = feed(records, bar)
    lost = f"; {failed} of {played} games not completed (see the items above)" if failed else ""
    if not played:
        lost = "; its games were not played (grading stopped early)"
    items = []
    if test.games == 0:
        if bar.win is not None:
            items.append(CheckResult("win rate", False, f"no completed game to judge{lost}", game_set.win_hint))
        if bar.score is not None:
            items.append(CheckResult(f"{game_set.score_word} per game", False, f"no completed game to judge{lost}",
                                     game_set.score_hint))
        return items
    verdicts = test.verdicts()
    against = f"against {game_set.num_players - 1} x {opponent_name(game_set.opponent)}"
    if bar.win is not None:
        v = verdicts["win"]
        items.append(CheckResult(
            "win rate", v.passed,
            f"won {test.wins} of {test.games} completed games {against}: {_verdict_line(v, percent=True)}; "
            f"needed {100 * bar.win.bar:.0f}% ({bar.win.describe_zone()}){lost}",
            "" if v.passed else game_set.win_hint,
            {"win_rate": v.estimate, "wins": test.wins, "games": test.games, "interval": list(v.interval),
             "llr": v.llr, "reason": v.reason}))
    if bar.score is not None:
        v = verdicts["score"]
        word = game_set.score_word
        items.append(CheckResult(
            f"{word} per game", v.passed,
            f"mean {word} per game {against if game_set.num_players > 1 else 'alone'}: "
            f"{_verdict_line(v, percent=False)}; needed {bar.score.bar:g} ({bar.score.describe_zone(False)}){lost}",
            "" if v.passed else game_set.score_hint,
            {"mean_score": v.estimate, f"mean_{word}": v.estimate, "games": test.games,
             "interval": list(v.interval), "llr": v.llr, "reason": v.reason}))
    return items


def grade_sets_sequential(game: Game | str, learner: Contestant, sets: Sequence[GameSet],
                          bars: Mapping[str, Bar], *, seed: int, time_limit: float, report: GradeReport,
                          exercise: str | None = None, budget: float | None = None, games: Games = "auto",
                          fixed: Mapping[str, int] | None = None, progress: Callable[[str], None] | None = None,
                          max_failures: int | None = 3) -> GradeReport:
    """Play ``sets`` and add their items to ``report`` (as :func:`~jaliz_learn.grading.match.grade_sets`), the sets
    named in ``bars`` judged by their sequential test (``games="auto"``) or by a fixed count (``"fixed"``: the
    counts in ``fixed``; ``N``: ``N`` games) against the bar's middle.

    The games keep their numbers (1, 2, ... over each set's maximum) whatever the count, so a failed game's replay
    reference is the same in every mode.
    """
    games = parse_games(games)
    if games != "auto":
        sets = [dataclasses.replace(s, games=(games if isinstance(games, int) else (fixed or {}).get(s.name, s.games)))
                if s.name in bars else s for s in sets]
    total = sum(s.total() for s in sets)
    seconds = grading_budget(sets, time_limit) if budget is None else budget
    if progress is not None:
        how = "until each sequential test decides, at most" if games == "auto" else "playing"
        progress(f"grading {how} {total} games ({', '.join(f'{s.total()} {s.name}' for s in sets)}), at most "
                 f"{time_limit:g} s per decision; budget {_duration(seconds)}")
    clock = Budget(seconds)
    records: list[dict[str, Any]] = []
    number = 1
    for game_set in sets:
        failed = len({(r["set"], r["game"]) for r in records if r["bot"] == LEARNER and r["failure"] is not None})
        left = None if max_failures is None else max_failures - failed
        if left is not None and left <= 0:
            break
        bar = bars.get(game_set.name) if games == "auto" else None
        stop = None
        if bar is not None:
            def stop(rows: list[dict[str, Any]], bar: Bar = bar, name: str = game_set.name) -> bool:
                test = feed(rows, bar)
                if progress is not None:
                    progress(f"  {name}: " + "; ".join(
                        f"{key} LLR {v.llr:.2f} in [{v.bounds[0]:.2f}, {v.bounds[1]:.2f}]"
                        for key, v in test.verdicts().items()))
                return test.decided()
        records += play_learner_games(game, learner, games=game_set.games, num_players=game_set.num_players,
                                      seed=seed + game_set.seed_offset, opponent=game_set.opponent,
                                      time_limit=time_limit, max_failures=left, set_name=game_set.name,
                                      first_number=number, exercise=exercise, budget=clock, progress=progress,
                                      stop=stop)
        number += game_set.total()
    mine = [r for r in records if r["bot"] == LEARNER]
    played = len({(r["set"], r["game"]) for r in mine})
    n_failed = len({(r["set"], r["game"]) for r in mine if r["failure"] is not None})
    stopped = clock.expired or (max_failures is not None and n_failed >= max_failures)
    # a sequential set has no fixed count: "the first 3 games", not "of 96" (the most it could have played)
    report.items.append(legality_item(records, stopped_early=stopped, time_limit=time_limit,
                                      total=total if stopped and games != "auto" else None))
    report.items.append(time_item(records, time_limit))
    for game_set in sets:
        rows = [r for r in records if r["set"] == game_set.name]
        bar = bars.get(game_set.name)
        if bar is not None and games == "auto":
            report.items.extend(sequential_items(rows, game_set, bar))
        else:
            report.items.extend(strength_items(rows, min_win_rate=game_set.min_win_rate,
                                               min_score=game_set.min_score,
                                               opponent_name=opponent_name(game_set.opponent),
                                               num_players=game_set.num_players, score_word=game_set.score_word,
                                               win_hint=game_set.win_hint, score_hint=game_set.score_hint,
                                               time_limit=time_limit, expected=game_set.total()))
    if any(r["failure"] == "budget" for r in mine):
        report.add("grading time", False, f"grading stopped after {_duration(seconds)} (the budget for "
                   f"{total} games at up to {time_limit:g} s per decision) with {played} games played",
                   hint=failure_hint("budget", "", time_limit))
    return report


# ---- check(): the chance that the grader passes --------------------------------------------------------------


def pass_chance(bar: Bar, *, wins: int, games: int, scores: Sequence[float] = (), runs: int = 400,
                seed: int = 52) -> float:
    """The chance that the grader's sequential test passes a bot that won ``wins`` of ``games`` practice games
    (with ``scores``): a posterior predictive (win rate from Beta(wins + 1, losses + 1), mean score from the normal
    posterior of the practice scores; the two drawn independently), each run through the grader's stopping rule.
    Seeded: the same practice games give the same chance."""
    rng = Rng(seed)
    mean = sum(scores) / len(scores) if scores else 0.0
    var = sum((s - mean) ** 2 for s in scores) / (len(scores) - 1) if len(scores) > 1 else 0.0
    if bar.score is not None:
        var = max(var, ((bar.score.high - bar.score.low) / 2) ** 2)  # few games: assume at least this spread
    sd = math.sqrt(var)
    passes = 0
    for _ in range(runs):
        p = beta(rng, wins + 1, games - wins + 1)
        mu = gauss(rng, mean, sd / math.sqrt(max(len(scores), 1)))
        test = bar.test()
        while not test.decided():
            test.add(rng.random() < p, gauss(rng, mu, sd) if bar.score is not None else None)
        passes += test.passed()
    return passes / runs


def chance_words(chance: float) -> str:
    """``'about 70%'``, ``'over 95%'``, ``'under 5%'``."""
    if chance >= 0.95:
        return "over 95%"
    if chance <= 0.05:
        return "under 5%"
    return f"about {5 * round(20 * chance):.0f}%"


def _describe(bar: Bar, test: SetTest, score_word: str) -> tuple[str, float, float]:
    """(what the practice games show, chance that the win bar passes, chance that the score bar passes)."""
    parts, win_chance, score_chance = [], 1.0, 1.0
    if bar.win is not None:
        v = bar.win.verdict(test.wins, test.games, final=True)
        assert v is not None
        parts.append(f"won {test.wins} of {test.games} ({100 * v.estimate:.0f}%, 95% interval "
                     f"{100 * v.interval[0]:.0f}-{100 * v.interval[1]:.0f}%; the bar is {100 * bar.win.bar:.0f}%)")
        win_chance = pass_chance(Bar(win=bar.win), wins=test.wins, games=test.games, runs=200)
    if bar.score is not None:
        v = bar.score.verdict(test.scores, final=True)
        assert v is not None
        spread = (f"95% interval {v.interval[0]:.1f}-{v.interval[1]:.1f}; " if len(test.scores) > 1
                  and math.isfinite(v.interval[0]) else "")
        parts.append(f"{v.estimate:.1f} {score_word} per game ({spread}the bar is {bar.score.bar:g})")
        score_chance = pass_chance(Bar(score=bar.score), wins=0, games=0, scores=test.scores, runs=200)
    return ", ".join(parts), win_chance, score_chance


def prediction(parts: Sequence[tuple[Bar, GameSet, Sequence[Mapping[str, Any]]]]) -> tuple[bool, str, str]:
    """(likely to pass, the line for the learner, the hint where the bot is short) from ``check()``'s practice
    games, one ``(bar, game set, records)`` per graded set: the estimates with their intervals and the chance that
    the grader passes this bot (the sets' chances multiplied: their games are independent)."""
    lines, chance, weakest = [], 1.0, (2.0, "")
    for bar, game_set, records in parts:
        test = feed(records, bar)
        line, win_chance, score_chance = _describe(bar, test, game_set.score_word)
        lines.append(line)
        chance *= pass_chance(bar, wins=test.wins, games=test.games, scores=test.scores)
        for c, hint in ((win_chance, game_set.win_hint), (score_chance, game_set.score_hint)):
            if c < weakest[0]:
                weakest = (c, hint)
    limit = sum(bar.limit for bar, _, _ in parts)
    line = (f"{'; '.join(lines)}: the grader would pass this bot with a chance of {chance_words(chance)} "
            f"(it plays other games until its test is sure, at most {limit})")
    return chance >= 0.5, line, weakest[1] if chance < 0.9 else ""


__all__ = ["Bar", "Games", "chance_words", "feed", "grade_sets_sequential", "parse_games", "pass_chance", "prediction",
           "sequential_items"]
