"""Exercise 1, "Your first Jaliz bot" (``exercises/01_first_jaliz_bot``): the quick check and the grader.


* :func:`check_first_bot` is the quick check learners call in the notebook
  (``check(MyJalizBot)``). It runs in a few seconds: a few named scenario
  positions (:data:`FIRST_BOT_SCENARIOS`, written out in full so they never
  depend on random values) and a handful of practice games with public seeds.
  Every failed item says what happened and gives a hint, never a solution.
* :func:`grade_first_bot` is what the exercise's ``grader.py`` runs with its
  own hidden seed, on the learner's bot in its own process (a
  :class:`~jaliz_learn.grading.match.SandboxContestant`): the scenarios, then
  the games of :data:`GRADED` (:data:`GRADER_LEGALITY_GAMES` against
  ``RandomBot`` players, who lead a bot into varied positions, and
  :data:`GRADER_STRENGTH_GAMES` against three
  :class:`~jaliz_learn.games.jaliz.bots.HeuristicJalizBot`, seats rotated), every
  decision timed against :data:`TIME_LIMIT`, the whole within :data:`BUDGET`.

The bars are stated in the notebook: every action legal in every graded game (a
crash, a hang or an illegal action in any of them fails the grade), at most
:data:`TIME_LIMIT` seconds per decision (a slower decision forfeits its game), at least
:data:`FIRST_BOT_MIN_WIN_RATE` of the games won and :data:`FIRST_BOT_MIN_COINS`
coins per game on average against three ``HeuristicJalizBot``. Playing the
first legal action or at random wins no game there.

>>> from jaliz_learn.bots import BaseBot
>>> class FirstBot(BaseBot):
...     def act(self, observation, legal_actions):
...         return legal_actions[0]
>>> report = check_scenarios(FirstBot, FIRST_BOT_SCENARIOS, time_limit=TIME_LIMIT)
>>> [item.passed for item in report.items]
[False, False, True, True, False, True]
>>> print(report.items[0].hint)  # doctest: +ELLIPSIS
you must plant now. Plot 1 already grows carrots and you hold a carrot: ...
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable, Sequence
from typing import Any

from ..bots.base import RandomBot
from ..core.actions import Action
from ..core.game import Game
from ..core.play import as_game
from ..games.jaliz.bots import HeuristicJalizBot
from ..grading.failures import BotFailure
from ..grading.match import (
    GameSet,
    grading_budget,
    legality_item,
    opponent_name,
    play_learner_games,
    strength_items,
    time_item,
)
from ..grading.report import GradeReport, failure_hint
from ..sequential import MeanZone, WinZone
from .scenarios import ExerciseReport, Scenario, check_scenarios, contestant, limits_text, setup_limit
from .strength_bars import Bar, Games, grade_sets_sequential, prediction

#: Game and table size of exercise 1.
FIRST_BOT_GAME = "jaliz"
FIRST_BOT_PLAYERS = 4
GAME = FIRST_BOT_GAME
#: The class the learner writes.
CLASS_NAME = "MyJalizBot"
#: Seconds one decision may take: a slower decision forfeits its game (the notebook, check() and the grader all
#: use this one number).
TIME_LIMIT = 1.0
FIRST_BOT_TIME_LIMIT = TIME_LIMIT  # the earlier name
#: The baseline of the strength bars: the library's simple heuristic bot. Four of them each win about
#: 32% (shared wins count) and score about 12 coins; playing the first legal action, or at random,
#: wins no game against three of them (about 6 and 0 coins); the reference solution wins about 60%
#: with about 16 coins.
FIRST_BOT_OPPONENT: Any = HeuristicJalizBot
#: The strength bars as sequential tests (issue 52), one constant read by the notebook's header, check() and the
#: grader: a bot that wins 30% or less fails with chance at least 95%, one that wins 50% or more passes with chance
#: at least 95% (measured: docs/BENCHMARKS.md); likewise 12 and 14 coins per game. Decisions at whole rotations of
#: the seats (4 games); at most 80 games, then the estimate decides.
FIRST_BOT_BAR = Bar(win=WinZone(0.30, 0.50, max_games=80, block=4), score=MeanZone(12.0, 14.0, max_games=80, block=4))
#: Share of games the bot must win against three HeuristicJalizBots (seats rotated): the middle of the zone.
FIRST_BOT_MIN_WIN_RATE = FIRST_BOT_BAR.win.bar if FIRST_BOT_BAR.win else 0.40
#: Coins the bot must score per game on average in those games (the heuristic bot scores about 12).
FIRST_BOT_MIN_COINS = FIRST_BOT_BAR.score.bar if FIRST_BOT_BAR.score else 13.0
#: Seed of the practice games of :func:`check_first_bot` (public; the grader uses other, hidden seeds).
PRACTICE_SEED = 2024
#: Games of the grader: a legality sweep against RandomBots (they lead the bot into more varied
#: positions), then the strength games against the heuristic bots (also timed). The reference
#: solution grades in well under 30 s of CPU time (see the exercise's README).
GRADER_LEGALITY_GAMES = 16
#: The fixed count of strength games before issue 52 (``--games fixed``); by default the sequential test decides.
GRADER_STRENGTH_GAMES = 40


# ---- scenarios ---------------------------------------------------------------------------------


def _plot_of(obs: Any, plot: int) -> Any:
    return obs.farms[obs.player].plots[plot - 1]


def _expect_matching_plant(action: Action, obs: Any) -> str | None:
    if action.kind == "plant" and _plot_of(obs, action.plot).product == action.product:  # type: ignore[attr-defined]
        return None
    return "it did not plant the card onto the plot that already grows that product"


def _expect_harvest_1(action: Action, obs: Any) -> str | None:
    if action.kind == "harvest" and action.plot == 1:  # type: ignore[attr-defined]
        return None
    return "it did not harvest the plot that can no longer grow"


def _expect_no_zero_harvest(action: Action, obs: Any) -> str | None:
    if action.kind == "harvest":
        return "it harvested a plot that pays 0 coins, although a card could be planted"
    return None


def _expect_keep(action: Action, obs: Any) -> str | None:
    if action.kind == "keep":
        return None
    return "it did not keep the revealed card that fits its own farm"


def _expect_give(action: Action, obs: Any) -> str | None:
    if action.kind == "give":
        return None
    return "it did not give away the revealed card that fits none of its plots"


def _expect_anything(action: Action, obs: Any) -> str | None:
    return None


def _player(hand: Sequence[str] = (), plots: Sequence[Sequence[Any]] = ((None, 0), (None, 0))) -> dict[str, Any]:
    return {"hand": list(hand), "plots": [[p[0], p[1], False] for p in plots]}


def _four(me: int, mine: dict[str, Any]) -> list[dict[str, Any]]:
    players: list[dict[str, Any]] = [_player() for _ in range(FIRST_BOT_PLAYERS)]
    players[me] = mine
    return players


#: Hand of the buyer in the "lazy offers" scenario: two of each of the ten products (millions of offers).
_BIG_HAND = [name for name in ("pepper", "peas", "eggplant", "tomato", "watermelon", "melon", "pumpkin",
                               "turnip", "carrot", "beans") for _ in range(2)]

_OFFERS_HINT = ("in an 'offer' decision legal_actions lists every offer you could make: here millions, built one "
                "at a time only when asked. Never call list() or sorted() on it and do not loop over all of it. "
                "Build the Offer you want and test `offer in legal_actions` (fast), or stop looping at the first "
                "Offer (the other actions come first).")

FIRST_BOT_SCENARIOS: tuple[Scenario, ...] = (
    Scenario(
        "plant onto a matching plot",
        {"num_players": 4, "phase": "plant", "active": 0,
         "players": _four(0, _player(["carrot", "peas", "peas"], [("carrot", 3), (None, 0)]))},
        0, _expect_matching_plant,
        "you must plant now. Plot 1 already grows carrots and you hold a carrot: a longer row of one "
        "product pays more at harvest. Look for a Plant action whose plot already holds that product.",
    ),
    Scenario(
        "harvest a plot at the top of its meter",
        {"num_players": 4, "phase": "plant", "active": 1, "pending": [[0, ["carrot"]]],
         "players": _four(0, _player([], [("carrot", 8), ("turnip", 2)]))},
        0, _expect_harvest_1,
        "you received a carrot and must plant it. Plot 1 holds 8 carrots: carrots pay 4 coins from 8 "
        "cards and never more, so a 9th carrot is wasted. Harvest plot 1 first (then plant the carrot "
        "on the emptied plot). PRODUCTS[product].meter tells where a product's meter ends.",
    ),
    Scenario(
        "do not harvest for nothing",
        {"num_players": 4, "phase": "plant", "active": 0,
         "players": _four(0, _player(["peas"], [("carrot", 2), (None, 0)]))},
        0, _expect_no_zero_harvest,
        "2 carrots pay 0 coins (carrots pay from 4 cards), and plot 2 is empty for your peas. Compute "
        "what a harvest pays (coins_for) before you take it.",
    ),
    Scenario(
        "keep a revealed card that fits",
        {"num_players": 4, "phase": "respond", "active": 0, "round": 2, "market": ["carrot"],
         "players": _four(0, _player([], [("carrot", 3), ("turnip", 2)]))},
        0, _expect_keep,
        "it is your market step and the revealed carrot matches your carrot plot. Keep(product) plants "
        "it on your farm; Give(product, player) hands it to someone else.",
    ),
    Scenario(
        "give away a revealed card that fits nowhere",
        {"num_players": 4, "phase": "respond", "active": 0, "round": 2, "market": ["peas"],
         "players": _four(0, _player([], [("carrot", 3), ("turnip", 4)]))},
        0, _expect_give,
        "the revealed peas match neither of your plots: keeping them forces you to harvest a plot early. "
        "Give(product, player) makes another player plant it instead.",
    ),
    Scenario(
        "answer fast when there are millions of offers",
        {"num_players": 4, "phase": "offer", "active": 0, "market": ["carrot", "turnip"],
         "players": _four(1, _player(_BIG_HAND, [("carrot", 2), (None, 0)]))},
        1, _expect_anything, _OFFERS_HINT, timeout_hint=_OFFERS_HINT,
    ),
)



_WIN_HINT = ("{n} equal players each win about {share:.0f}% (more with shared wins). Make your bot prefer actions "
             "that add coins: plant onto matching plots, harvest at the top of the meter, keep the market cards "
             "that fit, and buy fertilizer early.")
_COIN_HINT = ("grow long rows of one product and harvest a plot when it pays most (at the top of its meter); do not "
              "harvest plots that pay 0; keep market cards that fit your plots and give away the rest. Fertilizer "
              "(2 coins) counts as one more card at every harvest of its plot.")




#: The games the grader plays (numbered 1, 2, ... in reports and in :func:`jaliz_learn.exercises.replay`).
GRADED: tuple[GameSet, ...] = (
    GameSet("legality games against RandomBots", GRADER_LEGALITY_GAMES, FIRST_BOT_PLAYERS, RandomBot,
            decisions_per_game=210),
    GameSet("strength games against HeuristicJalizBots", FIRST_BOT_BAR.limit, FIRST_BOT_PLAYERS,
            FIRST_BOT_OPPONENT, seed_offset=2, min_win_rate=FIRST_BOT_MIN_WIN_RATE, min_score=FIRST_BOT_MIN_COINS,
            score_word="coins", win_hint=_WIN_HINT.format(n=FIRST_BOT_PLAYERS, share=100 / FIRST_BOT_PLAYERS),
            score_hint=_COIN_HINT, decisions_per_game=170),
)
#: Seconds the graded games of one notebook may take in all (every decision at about 0.05 s on average, with a
#: margin); a notebook over it fails with the games it played.
AVERAGE_DECISION_SECONDS = 0.05
BUDGET = grading_budget(GRADED, AVERAGE_DECISION_SECONDS)
#: How the notebook states the limits (a test checks that it does, word for word).
LIMITS_TEXT = limits_text(TIME_LIMIT, BUDGET)
#: The label of :func:`jaliz_learn.exercises.replay` references.
LABEL = "ex01"


def check_strength(game: Game | str, bot: Any, *, min_win_rate: float, min_coins: float | None = None,
                   games: int = 100, num_players: int = FIRST_BOT_PLAYERS, seed: int = 0,
                   opponent: Any = RandomBot, time_limit: float | None = TIME_LIMIT) -> GradeReport:
    """Win rate and mean score of ``bot`` against ``num_players - 1`` copies of ``opponent`` (seats rotated; shared
    wins count as wins), over the games it completed: ``win rate`` and ``coins per game`` (if ``min_coins``)."""
    g = as_game(game)
    records = play_learner_games(g, contestant(bot), games=games, num_players=num_players, seed=seed,
                                 opponent=opponent, time_limit=time_limit)
    report = ExerciseReport(f"{g.name}: strength")
    report.items.extend(strength_items(
        records, min_win_rate=min_win_rate, min_score=min_coins, opponent_name=opponent_name(opponent),
        num_players=num_players, score_word="coins", win_hint=_WIN_HINT.format(n=num_players, share=100 / num_players),
        score_hint=_COIN_HINT, time_limit=time_limit))
    return report


# ---- exercise 1 ----------------------------------------------------------------------------------


def check_first_bot(bot: Any, *, practice_games: int = 8, seed: int = PRACTICE_SEED,
                    time_limit: float = TIME_LIMIT) -> GradeReport:
    """The quick check of exercise 1: scenarios plus ``practice_games`` public games (a few seconds).

    ``bot`` is your bot class (called as ``MyJalizBot(seed)``), a factory or a bot object.
    The practice games use public seeds against the same opponents as the grader; the grader
    plays other games, so passing here is a good sign, not a guarantee.
    """
    learner = contestant(bot)
    report = ExerciseReport("Exercise 1 quick check")
    try:
        learner.drop(learner.new_bot(0, setup_limit(time_limit)))
    except BotFailure as exc:
        hint = ("look at __init__: it should only set up a few attributes." if exc.kind == "timeout"
                else failure_hint("crash", exc.reason))
        report.add("create your bot", False, exc.reason, hint=hint)
        return report
    report.add("create your bot", True, f"{getattr(bot, '__name__', type(bot).__name__)}(seed) works")
    start = time.perf_counter()
    scenarios = check_scenarios(learner, FIRST_BOT_SCENARIOS, time_limit=time_limit)
    report.extend(scenarios)
    if practice_games <= 0:
        return report
    broken = [i for i in scenarios.items if i.details.get("kind") not in ("ok", "strategy")]
    name = f"{practice_games} practice games"
    if broken:
        report.add(name, False, "not run yet: first make your bot answer every scenario above with a legal "
                                "action")
        return report
    g = as_game(FIRST_BOT_GAME)
    records = play_learner_games(g, learner, games=practice_games, num_players=FIRST_BOT_PLAYERS, seed=seed,
                                 opponent=FIRST_BOT_OPPONENT, time_limit=time_limit, max_failures=1,
                                 exercise=LABEL)
    failed = [i for i in (legality_item(records, stopped_early=True, time_limit=time_limit),
                          time_item(records, time_limit)) if not i.passed]
    if failed:
        report.add(name, False, failed[0].message, hint=failed[0].hint)
        return report
    ok, line, hint = prediction([(FIRST_BOT_BAR, GRADED[1], records)])
    report.add(name, ok, f"all actions legal against three HeuristicJalizBot; {line}", hint=hint,
               seconds=time.perf_counter() - start)
    return report


def grade_first_bot(bot: Any, *, seed: int, time_limit: float = TIME_LIMIT,
                    legality_games: int = GRADER_LEGALITY_GAMES, strength_games: int | None = None,
                    title: str = "Exercise 1: your first Jaliz bot", budget: float | None = None,
                    games: Games = "auto", progress: Callable[[str], None] | None = None) -> GradeReport:
    """Grade a bot for exercise 1: scenarios, then the games of :data:`GRADED`: ``legal actions`` and ``time per
    decision`` over all of them, ``win rate`` and ``coins per game`` over the strength games.

    ``bot`` is a contestant (the grader passes the learner's notebook running in its own process) or, for trusted
    code, a bot class, factory or object. Every failure is contained and reported; a failure in any graded game
    fails the grade. ``budget``: seconds for all the games (default :data:`BUDGET`, scaled to the games asked).
    ``games``: ``"auto"`` (the sequential test of :data:`FIRST_BOT_BAR` decides), ``"fixed"``
    (:data:`GRADER_STRENGTH_GAMES`) or a number of strength games; ``strength_games`` is the same as a number.
    """
    learner = contestant(bot)
    report = ExerciseReport(title)
    report.extend(check_scenarios(learner, FIRST_BOT_SCENARIOS, time_limit=time_limit))
    if strength_games is not None:
        games = strength_games
    sets = (dataclasses.replace(GRADED[0], games=legality_games), GRADED[1])
    if budget is None:
        budget = grading_budget(sets, AVERAGE_DECISION_SECONDS)
    return grade_sets_sequential(FIRST_BOT_GAME, learner, sets, {GRADED[1].name: FIRST_BOT_BAR}, seed=seed,
                                 time_limit=time_limit, report=report, exercise=LABEL, budget=budget, games=games,
                                 fixed={GRADED[1].name: GRADER_STRENGTH_GAMES}, progress=progress)


check = check_first_bot

__all__ = ["AVERAGE_DECISION_SECONDS", "BUDGET", "FIRST_BOT_BAR", "FIRST_BOT_GAME", "FIRST_BOT_MIN_COINS",
           "FIRST_BOT_MIN_WIN_RATE",
           "FIRST_BOT_OPPONENT", "FIRST_BOT_PLAYERS", "FIRST_BOT_SCENARIOS", "FIRST_BOT_TIME_LIMIT", "GRADED",
           "GRADER_LEGALITY_GAMES", "GRADER_STRENGTH_GAMES", "LABEL", "LIMITS_TEXT", "PRACTICE_SEED", "TIME_LIMIT",
           "check", "check_first_bot", "check_strength", "grade_first_bot"]
