"""Checks for the bot exercises in ``exercises/``: learner-facing quick checks and graders' pieces.

Exercise 1, "Your first Jaliz bot" (``exercises/01_first_jaliz_bot``):

* :func:`check_first_bot` is the quick check learners call in the notebook
  (``check(MyJalizBot)``). It runs in a few seconds: a few named scenario
  positions (:data:`FIRST_BOT_SCENARIOS`, written out in full so they never
  depend on random values) and a handful of practice games with public seeds.
  Every failed item says what happened and gives a hint, never a solution.
* :func:`grade_first_bot` is what the exercise's ``grader.py`` runs with its
  own hidden seed, on the learner's bot in its own process (a
  :class:`~jaliz_learn.grading.match.SandboxContestant`): the scenarios, a
  legality sweep against ``RandomBot`` players, then the strength bars against
  three :class:`~jaliz_learn.games.jaliz.bots.HeuristicJalizBot` players (seats
  rotated), which also time every decision.

The bars are stated in the notebook: every action legal in every graded game (a
crash, a hang or an illegal action in any of them fails the grade), at most
:data:`FIRST_BOT_TIME_LIMIT` seconds per decision, at least
:data:`FIRST_BOT_MIN_WIN_RATE` of the games won and :data:`FIRST_BOT_MIN_COINS`
coins per game on average against three ``HeuristicJalizBot``. Playing the
first legal action or at random wins no game there.

>>> from jaliz_learn.bots import BaseBot
>>> class FirstBot(BaseBot):
...     def act(self, observation, legal_actions):
...         return legal_actions[0]
>>> report = check_scenarios(FirstBot)
>>> [item.passed for item in report.items]
[False, False, True, True, False, True]
>>> print(report.items[0].hint)  # doctest: +ELLIPSIS
you must plant now. Plot 1 already grows carrots and you hold a carrot: ...
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .bots.base import RandomBot
from .core.actions import Action, check_exact_action
from .core.errors import IllegalAction
from .core.game import Game
from .core.play import as_game
from .games.jaliz.bots import HeuristicJalizBot
from .grading.failures import BotFailure
from .grading.match import (
    Contestant,
    InProcessContestant,
    legality_item,
    play_learner_games,
    strength_items,
    time_item,
)
from .grading.report import CheckResult, GradeReport, failure_hint
from .tournament import SETUP_FACTOR, SETUP_MIN_SECONDS

#: Game and table size of exercise 1.
FIRST_BOT_GAME = "jaliz"
FIRST_BOT_PLAYERS = 4
#: Seconds one decision may take.
FIRST_BOT_TIME_LIMIT = 1.0
#: The baseline of the strength bars: the library's simple heuristic bot. Four of them each win about
#: 32% (shared wins count) and score about 12 coins; playing the first legal action, or at random,
#: wins no game against three of them (about 6 and 0 coins); the reference solution wins about 60%
#: with about 16 coins.
FIRST_BOT_OPPONENT: Any = HeuristicJalizBot
#: Share of games the bot must win against three HeuristicJalizBots (seats rotated).
FIRST_BOT_MIN_WIN_RATE = 0.40
#: Coins the bot must score per game on average in those games (the heuristic bot scores about 12).
FIRST_BOT_MIN_COINS = 13.0
#: Seed of the practice games of :func:`check_first_bot` (public; the grader uses other, hidden seeds).
PRACTICE_SEED = 2024
#: Games of the grader: a legality sweep against RandomBots (they lead the bot into more varied
#: positions), then the strength games against the heuristic bots (also timed). The reference
#: solution grades in well under 30 s of CPU time (see the exercise's README).
GRADER_LEGALITY_GAMES = 16
GRADER_STRENGTH_GAMES = 40


class ExerciseReport(GradeReport):
    """A :class:`GradeReport` that also prints as readable text where there is no HTML (consoles, nbval)."""

    def __repr__(self) -> str:
        return str(self)


# ---- scenarios ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Scenario:
    """A named position, the seat that decides, and what a sensible bot does there.

    ``expect(action, observation)`` returns ``None`` when the action is fine, else
    a sentence saying what is wrong with it; ``hint`` tells how to think about it.
    """

    name: str
    position: Mapping[str, Any]
    seat: int
    expect: Callable[[Action, Any], str | None]
    hint: str
    game: str = FIRST_BOT_GAME

    def state(self) -> Any:
        return as_game(self.game).state_from_json(dict(self.position))


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
        1, _expect_anything,
        "in an 'offer' decision legal_actions lists every offer you could make: here millions, built one "
        "at a time only when asked. Never call list() or sorted() on it and do not loop over all of it. "
        "Build the Offer you want and test `offer in legal_actions` (fast), or stop looping at the first "
        "Offer (the other actions come first).",
    ),
)


def _contestant(bot: Any) -> Contestant:
    """A contestant for ``bot``: a contestant already (e.g. a notebook in its own process), or a bot
    class, factory or object run in this process (the learner's own ``check()``)."""
    if hasattr(bot, "new_bot") and hasattr(bot, "drop"):
        return bot  # type: ignore[no-any-return]
    return InProcessContestant(bot)


def _setup_limit(time_limit: float) -> float:
    return max(SETUP_MIN_SECONDS, SETUP_FACTOR * time_limit)


def run_scenario(bot: Any, scenario: Scenario, *, time_limit: float = FIRST_BOT_TIME_LIMIT) -> CheckResult:
    """Ask ``bot`` (a class, factory, bot object or contestant) for its action in ``scenario``; one item."""
    learner = _contestant(bot)
    state = scenario.state()
    seat = scenario.seat
    legal = state.legal_actions(seat)
    if isinstance(legal, list):
        legal = tuple(legal)
    obs = state.observation(seat)
    decision = state.decision()
    article = "an" if decision[0] in "aeiou" else "a"
    where = f"({article} '{decision}' decision; {len(legal):,} legal actions)"

    def fail(message: str, hint: str, kind: str) -> CheckResult:
        return CheckResult(scenario.name, False, f"{where} {message}", hint, {"kind": kind})

    try:
        handle = learner.new_bot(0, _setup_limit(time_limit))
    except BotFailure as exc:
        if exc.kind == "timeout":
            return fail(exc.reason + ".", "look at __init__: it should only set up a few attributes.", "timeout")
        return fail(exc.reason, failure_hint("crash", exc.reason), "crash")
    try:
        try:
            action, seconds = learner.act(handle, obs, legal, time_limit)
        except BotFailure as exc:
            if exc.kind == "timeout":
                return fail(f"your bot took more than {time_limit:g} s to decide.",
                            scenario.hint if scenario.expect is _expect_anything
                            else failure_hint("timeout", "", time_limit), "timeout")
            if exc.kind in ("non-action", "illegal"):
                return fail(exc.reason + ".", failure_hint(exc.kind, exc.reason), exc.kind)
            hint = failure_hint("crash", exc.reason)
            if exc.reason.startswith("NotImplementedError"):
                hint = ("a method that act() calls still raises NotImplementedError (the message shows which): "
                        "write its code, then run check() again.")
            item = fail(f"your bot raised {exc.reason}.", hint, "crash")
            item.details["crash"] = exc.reason
            return item
    finally:
        learner.drop(handle)
    if not isinstance(action, Action):
        shown = repr(action) if len(repr(action)) <= 60 else repr(action)[:57] + "..."
        reason = f"act() returned {shown} ({type(action).__name__}), which is not an action"
        return fail(reason + ".", failure_hint("non-action", reason), "non-action")
    try:
        check_exact_action(action, state.game.action_types)  # no look-alikes: Plant(p, 1.0) is not Plant(p, 1)
        state.check_action(seat, action)
    except (IllegalAction, ValueError) as exc:
        return fail(f"your bot played `{action}`, which is not legal here: {exc}",
                    failure_hint("illegal", str(exc)), "illegal")
    problem = scenario.expect(action, obs)
    if problem is not None:
        return fail(f"your bot played `{action}`: {problem}.", scenario.hint, "strategy")
    return CheckResult(scenario.name, True, f"{where} played `{action}` in {1000 * seconds:.0f} ms",
                       details={"kind": "ok"})


def check_scenarios(bot: Any, scenarios: Sequence[Scenario] = FIRST_BOT_SCENARIOS, *,
                    time_limit: float = FIRST_BOT_TIME_LIMIT, title: str = "scenarios") -> GradeReport:
    """Run every scenario (see :func:`run_scenario`); one item each."""
    learner = _contestant(bot)
    report = ExerciseReport(title)
    seen: set[str] = set()
    for scenario in scenarios:
        item = run_scenario(learner, scenario, time_limit=time_limit)
        crash = item.details.get("crash")
        if crash is not None:  # say the same error only once
            if crash in seen:
                item.message = item.message.split(")", 1)[0] + ") your bot raised the same error as above."
                item.hint = ""
            seen.add(crash)
        report.items.append(item)
    return report


# ---- strength ----------------------------------------------------------------------------------

_WIN_HINT = ("{n} equal players each win about {share:.0f}% (more with shared wins). Make your bot prefer actions "
             "that add coins: plant onto matching plots, harvest at the top of the meter, keep the market cards "
             "that fit, and buy fertilizer early.")
_COIN_HINT = ("grow long rows of one product and harvest a plot when it pays most (at the top of its meter); do not "
              "harvest plots that pay 0; keep market cards that fit your plots and give away the rest. Fertilizer "
              "(2 coins) counts as one more card at every harvest of its plot.")


def check_strength(game: Game | str, bot: Any, *, min_win_rate: float, min_coins: float | None = None,
                   games: int = 100, num_players: int = FIRST_BOT_PLAYERS, seed: int = 0,
                   opponent: Any = RandomBot, time_limit: float | None = 2.0) -> GradeReport:
    """Win rate and mean score of ``bot`` against ``num_players - 1`` copies of ``opponent``.

    Seats are rotated; shared wins count as wins. A game lost by a failure of the bot counts as
    a loss (and has no score) and fails both items. Two items: ``win rate`` and ``coins per
    game`` (if ``min_coins``).
    """
    g = as_game(game)
    records = play_learner_games(g, _contestant(bot), games=games, num_players=num_players, seed=seed,
                                 opponent=opponent, time_limit=time_limit)
    return _strength_report(g, records, min_win_rate, min_coins, opponent, num_players, time_limit)


def _strength_report(g: Game, records: Sequence[Mapping[str, Any]], min_win_rate: float, min_coins: float | None,
                     opponent: Any, num_players: int, time_limit: float | None) -> GradeReport:
    report = ExerciseReport(f"{g.name}: strength")
    name = getattr(opponent, "__name__", type(opponent).__name__)
    report.items.extend(strength_items(
        records, min_win_rate=min_win_rate, min_score=min_coins, opponent_name=name, num_players=num_players,
        score_word="coins", win_hint=_WIN_HINT.format(n=num_players, share=100 / num_players),
        score_hint=_COIN_HINT, time_limit=time_limit))
    return report


# ---- exercise 1 ----------------------------------------------------------------------------------


def check_first_bot(bot: Any, *, practice_games: int = 8, seed: int = PRACTICE_SEED,
                    time_limit: float = FIRST_BOT_TIME_LIMIT) -> GradeReport:
    """The quick check of exercise 1: scenarios plus ``practice_games`` public games (a few seconds).

    ``bot`` is your bot class (called as ``MyJalizBot(seed)``), a factory or a bot object.
    The practice games use public seeds against the same opponents as the grader; the grader
    plays other games, so passing here is a good sign, not a guarantee.
    """
    learner = _contestant(bot)
    report = ExerciseReport("Exercise 1 quick check")
    try:
        learner.drop(learner.new_bot(0, _setup_limit(time_limit)))
    except BotFailure as exc:
        hint = ("look at __init__: it should only set up a few attributes." if exc.kind == "timeout"
                else failure_hint("crash", exc.reason))
        report.add("create your bot", False, exc.reason, hint=hint)
        return report
    report.add("create your bot", True, f"{getattr(bot, '__name__', type(bot).__name__)}(seed) works")
    start = time.perf_counter()
    scenarios = check_scenarios(learner, time_limit=time_limit)
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
                                 opponent=FIRST_BOT_OPPONENT, time_limit=time_limit, max_failures=1)
    legal = legality_item(records, stopped_early=True, time_limit=time_limit)
    if not legal.passed:
        report.add(name, False, legal.message, hint=legal.hint)
        return report
    win, coins = _strength_report(g, records, FIRST_BOT_MIN_WIN_RATE, FIRST_BOT_MIN_COINS, FIRST_BOT_OPPONENT,
                                  FIRST_BOT_PLAYERS, time_limit).items
    ok = win.passed and coins.passed
    report.add(name, ok,
               f"all actions legal; won {win.details['wins']} of {win.details['games']} against three "
               f"HeuristicJalizBot, {coins.details['mean_score']:.1f} coins per game (the grader plays "
               f"{GRADER_STRENGTH_GAMES} other games and needs {100 * FIRST_BOT_MIN_WIN_RATE:.0f}% wins and "
               f"{FIRST_BOT_MIN_COINS:g} coins per game)",
               hint=(win.hint if not win.passed else coins.hint), seconds=time.perf_counter() - start)
    return report


def grade_first_bot(bot: Any, *, seed: int, time_limit: float = FIRST_BOT_TIME_LIMIT,
                    legality_games: int = GRADER_LEGALITY_GAMES, strength_games: int = GRADER_STRENGTH_GAMES,
                    title: str = "Exercise 1: your first Jaliz bot",
                    legality_time_limit: float | None = None) -> GradeReport:
    """Grade a bot for exercise 1: scenarios, legality, time per decision, win rate and coins per game.

    ``bot`` is a contestant (the grader passes the learner's notebook running in its own process)
    or, for trusted code, a bot class, factory or object. Later checks run only once the bot plays
    legally (else they are reported as not run yet, so a learner fixes one thing at a time).
    Seeds: legality ``seed``, strength ``seed + 2``. Every failure is contained and reported; a
    failure in any graded game fails the grade.
    """
    if legality_time_limit is None:
        legality_time_limit = max(2.0, 3 * time_limit)
    learner = _contestant(bot)
    report = ExerciseReport(title)
    report.extend(check_scenarios(learner, time_limit=time_limit))
    g = as_game(FIRST_BOT_GAME)
    records = play_learner_games(g, learner, games=legality_games, num_players=FIRST_BOT_PLAYERS, seed=seed,
                                 time_limit=legality_time_limit, max_failures=3)
    total = -(-legality_games // FIRST_BOT_PLAYERS) * FIRST_BOT_PLAYERS
    legal = legality_item(records, stopped_early=len({r["game"] for r in records}) < total,
                          time_limit=legality_time_limit)
    report.items.append(legal)
    later = ["time per decision", "win rate", "coins per game"]
    if not legal.passed:
        for name in later:
            report.add(name, False, "not run yet: first make every action legal (see above)")
        return report
    games = play_learner_games(g, learner, games=strength_games, num_players=FIRST_BOT_PLAYERS, seed=seed + 2,
                               opponent=FIRST_BOT_OPPONENT, time_limit=max(2.0, 2 * time_limit))
    report.items.append(time_item(list(records) + list(games), time_limit))
    report.extend(_strength_report(g, games, FIRST_BOT_MIN_WIN_RATE, FIRST_BOT_MIN_COINS, FIRST_BOT_OPPONENT,
                                   FIRST_BOT_PLAYERS, time_limit))
    return report


__all__ = ["ExerciseReport", "FIRST_BOT_MIN_COINS", "FIRST_BOT_MIN_WIN_RATE", "FIRST_BOT_OPPONENT",
           "FIRST_BOT_SCENARIOS", "FIRST_BOT_TIME_LIMIT", "Scenario", "check_first_bot", "check_scenarios",
           "check_strength", "grade_first_bot", "run_scenario"]
