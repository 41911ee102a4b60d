"""Exercise 2, "Nizam: evaluate and look one move ahead" (``exercises/02_nizam_one_ply``).

The learner writes ``MyNizamBot`` with three methods: ``points_if_scored(state, me)`` (the
points ``me`` would have after saying "score" now), ``evaluate(state, me)`` (those points plus
:data:`CARD_VALUE` per card in hand) and ``act``: sample a state from the observation
(``game.sample_state``), clone it once per legal action, apply the action to the clone and keep
the action whose clone evaluates best (a one-ply search).

* :func:`check_one_ply` is the quick check of the notebook (``check(MyNizamBot)``, a few seconds):
  the two methods on positions written out in full (:func:`method_cases`), the scenario positions
  (:data:`SCENARIOS`) and a few practice games with public seeds.
* :func:`grade_one_ply` is what ``grader.py`` runs with a hidden seed on the learner's bot in its
  own process: the scenarios, :data:`GRADER_SOLO_GAMES` solo games (legality, then the average
  score) and :data:`GRADER_DUEL_GAMES` two-player games against
  :class:`~jaliz_learn.games.nizam.bots.NizamGreedyBot` (seats rotated).

Bars (stated in the notebook): every action legal in every graded game, at most
:data:`TIME_LIMIT` s per decision, at least :data:`MIN_SOLO_POINTS` points per solo game on
average and at least :data:`MIN_WIN_RATE` of the two-player games won (shared wins count)
against the greedy bot. Playing the first legal action scores about 2 points per solo game and
playing at random about 8; both win no game against the greedy bot. The greedy bot and the
reference solution score about 41 and win about 60% against each other (ties count for both).

>>> from jaliz_learn.bots import BaseBot
>>> class FirstBot(BaseBot):
...     def act(self, observation, legal_actions):
...         return legal_actions[0]
>>> [item.passed for item in check_scenarios(FirstBot, SCENARIOS, time_limit=TIME_LIMIT).items]
[False, False, True]
"""

from __future__ import annotations

import functools
import json
import time
from collections.abc import Callable
from typing import Any

from ..bots.base import RandomBot
from ..core.actions import Action
from ..core.game import State
from ..core.play import as_game
from ..games.nizam.actions import Draw, Move, Score
from ..games.nizam.bots import NizamGreedyBot
from ..grading.failures import BotFailure
from ..grading.match import (
    GameSet,
    InProcessContestant,
    grading_budget,
    legality_item,
    play_learner_games,
    time_item,
)
from ..grading.notebooks import describe_learner_exception
from ..grading.report import CheckResult, GradeReport, failure_hint
from ..sequential import MeanZone, WinZone
from .practice import Call, answer
from .scenarios import ExerciseReport, Scenario, check_scenarios, contestant, limits_text, setup_limit
from .strength_bars import Bar, Games, grade_sets_sequential, prediction

GAME = "nizam"
#: The class the learner writes.
CLASS_NAME = "MyNizamBot"
#: What one card in hand is worth to the evaluation (given in the notebook; a tuning choice).
CARD_VALUE = 0.3
#: Seconds one decision may take: a slower decision forfeits its game (the notebook, check() and the grader all
#: use this one number).
TIME_LIMIT = 1.0
#: Points per solo game the bot must score on average (first legal action: about 2, random: about 8,
#: greedy and reference: about 41).
#: As a sequential test (issue 52; one constant for the notebook's header, check() and the grader): 25 points or
#: less fails, 35 or more passes, each with chance at least 95%; at most 16 solo games.
SOLO_BAR = Bar(score=MeanZone(25.0, 35.0, max_games=16, block=1, min_games=4))
MIN_SOLO_POINTS = SOLO_BAR.score.bar if SOLO_BAR.score else 30.0
#: Share of two-player games against NizamGreedyBot the bot must win (ties count as wins for both).
#: As a sequential test: 20% or less fails, 50% or more passes, each with chance at least 95%; decisions after
#: whole pairs of games (each deal from both seats), at most 40 games.
DUEL_BAR = Bar(win=WinZone(0.20, 0.50, max_games=40, block=2))
MIN_WIN_RATE = DUEL_BAR.win.bar if DUEL_BAR.win else 0.35
#: The opponent of the two-player games.
OPPONENT: Any = NizamGreedyBot
#: Games of the grader (grading the reference solution took 17-24 s wall time with both processes pinned to one
#: core by `taskset -c 0` on a busy machine).
#: The fixed counts before issue 52 (``--games fixed``); by default the sequential tests decide.
GRADER_SOLO_GAMES = 8
GRADER_DUEL_GAMES = 16
#: Public seed of the practice games of :func:`check_one_ply` (the grader uses hidden seeds).
PRACTICE_SEED = 2025

# ---- positions ------------------------------------------------------------------------------------

#: A board without any three equal gems in a row or column.
_BASE = ["ABCDE", "FGHAB", "CDEFG", "HABCD", "EFGHA"]
#: The same board with row 1 one move away from three A: pay an A at its right end.
_ALMOST = ["AADCA", "FGHBB", "CBEFG", "HEBCD", "EFGHD"]
#: _ALMOST after that move (row 1 now starts with three A).
_MADE = ["AAADC", "FGHBB", "CBEFG", "HEBCD", "EFGHD"]


def _position(board: list[str], hand: str, **extra: Any) -> dict[str, Any]:
    return {"board": list(board), "hands": [hand] + list(extra.pop("other_hands", [])), **extra}


#: (name, position, seat) of the method cases; each position is a solo or two-player game.
_METHOD_CASES: tuple[tuple[str, dict[str, Any], int], ...] = (
    ("a turn in progress: a move made three A in a row", _position(_MADE, "H", start_board=_ALMOST, moves_made=1,
                                                                    scores=[5]), 0),
    ("the start of a turn: no move made yet", _position(_BASE, "BH", scores=[12]), 0),
    ("the other player's turn", _position(_MADE, "HG", other_hands=["BC"], start_board=_ALMOST, moves_made=1,
                                          current=1, scores=[7, 4]), 0),
    ("a turn in progress with a bigger hand", _position(_MADE, "BCGH", start_board=_ALMOST, moves_made=1,
                                                        scores=[20]), 0),
)


def method_cases() -> list[tuple[str, State, int]]:
    """(description, state, seat) of the positions on which ``check`` tests the two methods."""
    game = as_game(GAME)
    return [(name, game.state_from_json(dict(pos)), seat) for name, pos, seat in _METHOD_CASES]


def _points_after(state: State, seat: int, action: Action, answers: Any) -> float:
    after = state.clone()
    after.apply(action, seat)
    return float(answers.reference_points_if_scored(after, seat))


def _move_points(state: State, seat: int, action: Action) -> float:
    """The points ``seat`` would have after ``action`` and a score (the reference answer of ``points_if_scored``
    on the position after the move): a practice answer for the public scenario."""
    position = json.dumps(state.to_json(compact=True), sort_keys=True)
    return float(answer("ex02", ("points after", position, seat, str(action)),
                        functools.partial(_points_after, state, seat, action)))


def _expect_best_scoring_move(action: Action, obs: Any) -> str | None:
    if not isinstance(action, Move):
        return "it did not move, although paying one card makes three equal gems in a row"
    state = as_game(GAME).state_from_json(dict(SCENARIOS[0].position))
    if _move_points(state, obs.player, action) <= 0:
        return "that move makes no combination, although another one makes three equal gems in a row"
    return None


def _expect_score(action: Action, obs: Any) -> str | None:
    if isinstance(action, Score):
        return None
    return "it paid for another move that adds no points instead of scoring the combination it made"


def _expect_draw(action: Action, obs: Any) -> str | None:
    if isinstance(action, Draw):
        return None
    return "it paid cards for a move that makes no combination, instead of drawing three cards"


SCENARIOS: tuple[Scenario, ...] = (
    Scenario("move to make a combination", _position(_ALMOST, "AH"), 0, _expect_best_scoring_move,
             "one move (paying one card) makes three equal gems in a row: that is worth more than the cards a "
             "draw brings. Does your one-ply search try every legal action on its own copy of the state, and "
             "does your evaluation count the points that saying 'score' would bring?", game=GAME),
    Scenario("score when no move adds points", _position(_MADE, "H", start_board=_ALMOST, moves_made=1), 0,
             _expect_score,
             "your move already made a combination and no further move adds points: every further move only "
             "costs a card. Score(), applied to a copy, shows what scoring brings; compare it with the other "
             "actions in the same way.", game=GAME),
    Scenario("draw when no move scores", _position(_BASE, "BH"), 0, _expect_draw,
             "no move makes a combination here, so a move only costs cards; a draw adds three cards to your "
             "hand. Does your evaluation count the cards in hand (CARD_VALUE each)?", game=GAME),
)

# ---- the quick check ----------------------------------------------------------------------------------


def _call_method(bot: Any, name: str, state: State, me: int) -> tuple[Any, str | None]:
    """(value, None) or (None, a sentence saying what went wrong)."""
    method = getattr(bot, name, None)
    if method is None:
        return None, f"your bot has no method {name}()"
    try:
        value = method(state.clone(), me)
    except Exception as exc:  # the learner's code: report (with the cell and line), never raise
        return None, f"{name}() raised {describe_learner_exception(exc)}"
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None, f"{name}() returned {value!r} ({type(value).__name__}), not a number"
    return value, None


_METHOD_HINTS = {
    "points_if_scored": ("the points `me` would have after saying 'score' now. Scoring happens only through the "
                         "engine: copy the state with state.clone(), apply Score() to the copy when it is legal for "
                         "`me`, and read its scores(); when `me` cannot score now, the points are state.scores()[me]. "
                         "Never apply an action to the state you were given."),
    "evaluate": ("evaluate(state, me) is points_if_scored(state, me) plus CARD_VALUE for every card in the hand of "
                 "`me` (state.observation(me).hand)."),
}


def _method_value(name: str, state: State, me: int, answers: Any) -> float:
    if name == "evaluate":
        return float(answers.reference_evaluate(state, me, CARD_VALUE))
    return float(answers.reference_points_if_scored(state, me))


def _method_answer(name: str, description: str, state: State, me: int) -> float:
    """What method ``name`` must return on the method case ``description`` (a practice answer)."""
    return float(answer("ex02", (name, description, CARD_VALUE), functools.partial(_method_value, name, state, me)))


def practice_calls() -> list[Call]:
    """Every answer the quick check and the grader may ask for (all public): the method cases and the points of
    every move of the first scenario. :mod:`jaliz_learn_teacher.practice` writes them into the practice answers."""
    calls: list[Call] = [((name, description, CARD_VALUE), functools.partial(_method_value, name, state, me))
                         for name in ("points_if_scored", "evaluate") for description, state, me in method_cases()]
    state = as_game(GAME).state_from_json(dict(SCENARIOS[0].position))
    seat = SCENARIOS[0].seat
    position = json.dumps(state.to_json(compact=True), sort_keys=True)
    calls += [(("points after", position, seat, str(action)), functools.partial(_points_after, state, seat, action))
              for action in state.legal_actions(seat) if isinstance(action, Move)]
    return calls


def check_methods(bot_class: Any) -> list[CheckResult]:
    """``points_if_scored`` and ``evaluate`` on the positions of :func:`method_cases` (in this process)."""
    items = []
    try:
        bot = bot_class(0)
    except Exception as exc:
        return [CheckResult("create your bot", False, f"{type(exc).__name__}: {exc}", failure_hint("crash", str(exc)))]
    for name in ("points_if_scored", "evaluate"):
        problem = None
        for description, state, me in method_cases():
            before = state.to_json(compact=True)
            value, problem = _call_method(bot, name, state, me)
            if problem is None:
                expected = _method_answer(name, description, state, me)
                if abs(value - expected) > 1e-9:
                    problem = f"in {description}, {name}() returned {value!r}, which is not what {name} means here"
            if problem is None and state.to_json(compact=True) != before:  # pragma: no cover - we pass a clone
                problem = f"{name}() changed the state it was given"
            if problem is not None:
                break
        hint = _METHOD_HINTS[name]
        if problem is not None and "NotImplementedError" in problem:
            hint = f"{name}() still raises NotImplementedError: write its code, then run check() again."
        message = problem or f"right on all {len(_METHOD_CASES)} test positions"
        items.append(CheckResult(name, problem is None, message, hint if problem else ""))
    return items


_SOLO_HINT = ("the solo game ends when the deck runs out once: every draw brings the end closer, and every card "
              "spent on a move that makes nothing is lost. Look one move ahead with every legal action and keep "
              "the one whose copy evaluates best.")
_DUEL_HINT = ("against the greedy bot an even share is 50% (ties count as wins for both). Check that your search "
              "tries every legal action, that Score() is among them, and that your evaluation counts the cards in "
              "hand.")


#: The games the grader plays (numbered 1, 2, ... in reports and in :func:`jaliz_learn.exercises.replay`).
GRADED: tuple[GameSet, ...] = (
    GameSet("solo games", SOLO_BAR.limit, 1, RandomBot, min_score=MIN_SOLO_POINTS, score_word="solo points",
            score_hint=_SOLO_HINT, decisions_per_game=45),
    GameSet("two-player games against NizamGreedyBot", DUEL_BAR.limit, 2, OPPONENT, seed_offset=1,
            min_win_rate=MIN_WIN_RATE, win_hint=_DUEL_HINT, decisions_per_game=20),
)
#: Seconds the graded games of one notebook may take in all (every decision at about 0.5 s on average, with a
#: margin); a notebook over it fails with the games it played.
AVERAGE_DECISION_SECONDS = 0.5
BUDGET = grading_budget(GRADED, AVERAGE_DECISION_SECONDS)
#: How the notebook states the limits (a test checks that it does, word for word).
LIMITS_TEXT = limits_text(TIME_LIMIT, BUDGET)
#: The label of :func:`jaliz_learn.exercises.replay` references.
LABEL = "ex02"


def check_one_ply(bot: Any, *, solo_games: int = 2, duel_games: int = 4, seed: int = PRACTICE_SEED,
                  time_limit: float = TIME_LIMIT) -> GradeReport:
    """The quick check of exercise 2 (a few seconds): the two methods, the scenarios, practice games.

    ``bot`` is your bot class (called as ``MyNizamBot(seed)``). The practice games use public
    seeds; the grader plays other games, so passing here is a good sign, not a guarantee.
    """
    report = ExerciseReport("Exercise 2 quick check")
    learner = InProcessContestant(bot)
    try:
        learner.drop(learner.new_bot(0, setup_limit(time_limit)))
    except BotFailure as exc:
        report.add("create your bot", False, exc.reason, hint=failure_hint("crash", exc.reason))
        return report
    report.add("create your bot", True, f"{getattr(bot, '__name__', type(bot).__name__)}(seed) works")
    report.items.extend(check_methods(bot))
    start = time.perf_counter()
    scenarios = check_scenarios(learner, SCENARIOS, time_limit=time_limit)
    report.extend(scenarios)
    broken = [i for i in scenarios.items if i.details.get("kind") not in ("ok", "strategy")]
    name = f"{solo_games} solo and {duel_games} two-player practice games"
    if broken:
        report.add(name, False, "not run yet: first make your bot answer every scenario above with a legal action")
        return report
    solo = play_learner_games(GAME, learner, games=solo_games, num_players=1, seed=seed, opponent=RandomBot,
                              time_limit=time_limit, max_failures=1, exercise=LABEL)
    duel = play_learner_games(GAME, learner, games=duel_games, num_players=2, seed=seed + 1, opponent=OPPONENT,
                              time_limit=time_limit, max_failures=1, exercise=LABEL)
    records = list(solo) + list(duel)
    failed = [i for i in (legality_item(records, stopped_early=True, time_limit=time_limit),
                          time_item(records, time_limit)) if not i.passed]
    if failed:
        report.add(name, False, failed[0].message, hint=failed[0].hint)
        return report
    ok, line, hint = prediction([(SOLO_BAR, GRADED[0], solo), (DUEL_BAR, GRADED[1], duel)])
    report.add(name, ok, f"all actions legal (two-player games against {OPPONENT.__name__}); {line}", hint=hint,
               seconds=time.perf_counter() - start)
    return report


# ---- the grader -----------------------------------------------------------------------------------


def grade_one_ply(bot: Any, *, seed: int, time_limit: float = TIME_LIMIT, solo_games: int | None = None,
                  duel_games: int | None = None, title: str = "Exercise 2: Nizam, one move ahead",
                  budget: float | None = None, games: Games = "auto",
                  progress: Callable[[str], None] | None = None) -> GradeReport:
    """Grade a bot for exercise 2: scenarios, then the games of :data:`GRADED`: ``legal actions`` and ``time per
    decision`` over all of them, solo points over the solo games and the win rate over the two-player games.

    ``bot`` is a contestant (the learner's notebook in its own process) or, for trusted code, a bot class.
    ``budget``: seconds for all the games (default :data:`BUDGET`, scaled to the games asked). ``games``:
    ``"auto"`` (the sequential tests of :data:`SOLO_BAR` and :data:`DUEL_BAR` decide), ``"fixed"``
    (:data:`GRADER_SOLO_GAMES`, :data:`GRADER_DUEL_GAMES`) or a number of games per set; ``solo_games`` and
    ``duel_games`` fix the counts (both, or the other one keeps its fixed count).
    """
    learner: Any = contestant(bot)
    report = ExerciseReport(title)
    report.extend(check_scenarios(learner, SCENARIOS, time_limit=time_limit))
    fixed = {GRADED[0].name: GRADER_SOLO_GAMES, GRADED[1].name: GRADER_DUEL_GAMES}
    if solo_games is not None or duel_games is not None:
        games = "fixed"
        fixed = {GRADED[0].name: solo_games or GRADER_SOLO_GAMES, GRADED[1].name: duel_games or GRADER_DUEL_GAMES}
    if budget is None:
        budget = grading_budget(GRADED, AVERAGE_DECISION_SECONDS)
    return grade_sets_sequential(GAME, learner, GRADED, {GRADED[0].name: SOLO_BAR, GRADED[1].name: DUEL_BAR},
                                 seed=seed, time_limit=time_limit, report=report, exercise=LABEL, budget=budget,
                                 games=games, fixed=fixed, progress=progress)


check: Callable[..., GradeReport] = check_one_ply

__all__ = ["AVERAGE_DECISION_SECONDS", "BUDGET", "CARD_VALUE", "DUEL_BAR", "GAME", "GRADED", "LABEL", "LIMITS_TEXT",
           "SOLO_BAR", "MIN_SOLO_POINTS", "MIN_WIN_RATE", "OPPONENT", "SCENARIOS", "TIME_LIMIT", "check",
           "check_methods", "check_one_ply", "grade_one_ply", "method_cases"]
