"""Exercise 3, "Jungli-La: push your luck with probability" (``exercises/03_jungli_la_probability``).

The learner writes four methods of ``MyJungliBot``, all with exact fractions
(:class:`fractions.Fraction`):

* ``roll_probabilities(n)``: the probability of every outcome of rolling ``n`` dice, as a dict
  from face counts (a 6-tuple in the order of :data:`FACES`, like ``observation.dice``) to a Fraction;
* ``reroll_outcomes(dice, faces)``: the same for the dice after rerolling the dice showing ``faces``;
* ``best_value(dice, rerolls_left, need)``: the expected :func:`keep_value` of the final dice when
  every later choice (keep, or reroll one or two dice) is the best one, under the rules (Letter dice
  are never rerolled, two Letters stop the rolling, at most two dice per reroll);
* ``choose_reroll(observation, legal_actions)``: the policy: the Keep or Reroll whose expected value
  is highest. The other decisions are left to the game's greedy bot (given in the notebook).

:func:`keep_value` (what the final dice are worth to a player who still needs ``need`` materials)
and :func:`materials_needed` are given. :func:`check_probability` is the notebook's quick check;
:func:`grade_probability` is what ``grader.py`` runs with a hidden seed: the three computing methods
on hidden cases, compared to the last digit; the reroll scenarios; and :data:`GRADER_GAMES`
two-player games against :class:`~jaliz_learn.games.jungli_la.bots.JungliLaGreedyBot` (seats
rotated). Bars (stated in the notebook): every value exact, every action legal, at most
:data:`TIME_LIMIT` s per decision, at least :data:`MIN_WIN_RATE` of the games won. The greedy bot
wins about 50% against itself, the reference solution 50-65%, first-action and random bots none.

The checker computes its answers by brute force over every sequence of faces, not by the recursion
the learner writes (the teacher kit's ``jaliz_learn_teacher.answers.ex03``, which a learner's graded process cannot
read; the practice cases' answers are in :mod:`.practice_answers`).

>>> keep_value((1, 0, 2, 0, 0, 1), (1, 0, 0))
8
"""

from __future__ import annotations

import functools
import time
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

from ..bots.base import RandomBot
from ..core.actions import Action
from ..core.play import as_game
from ..core.rng import Rng
from ..games.jungli_la.actions import Keep, Reroll
from ..games.jungli_la.bots import JungliLaGreedyBot
from ..games.jungli_la.common import GOAL
from ..games.jungli_la.data import CARDS, FACES, MAX_REROLLS
from ..grading.failures import BotFailure
from ..grading.match import (
    GameSet,
    grading_budget,
    legality_item,
    play_learner_games,
    time_item,
)
from ..grading.report import CheckResult, GradeReport, failure_hint
from ..grading.values import Opaque
from ..sequential import WinZone
from .practice import Call, answer
from .scenarios import ExerciseReport, Scenario, check_scenarios, contestant, limits_text, setup_limit
from .strength_bars import Bar, Games, grade_sets_sequential, prediction

GAME = "jungli-la"
#: The class the learner writes.
CLASS_NAME = "MyJungliBot"
PLAYERS = 2
M1, M2, FOOD, WOOD, TOOL, LETTER = range(6)
#: Seconds one decision may take (an exact search over two rerolls of seven dice takes about a second on a busy
#: machine the first time, ten dice longer; remembered results make later decisions fast).
TIME_LIMIT = 3.0
#: Share of two-player games against JungliLaGreedyBot the bot must win (the greedy bot wins about 50%
#: against itself, the reference solution 50-65% over 60 games but as little as 35% over 40 games on some seeds;
#: first-action and random bots none).
#: As a sequential test (issue 52; one constant for the notebook's header, check() and the grader): 15% or less
#: fails, 35% or more passes, each with chance at least 95%; decisions after whole pairs of games, at most 80.
BAR = Bar(win=WinZone(0.15, 0.35, max_games=80, block=2))
MIN_WIN_RATE = BAR.win.bar if BAR.win else 0.25
OPPONENT: Any = JungliLaGreedyBot
#: Games of the grader (grading the reference solution took 16-26 s wall time with both processes pinned to one
#: core by `taskset -c 0` on a busy machine; a learner's search without remembered results can take minutes).
GRADER_GAMES = 40  # the fixed count before issue 52 (``games="fixed"``); by default the sequential test decides
#: Hidden cases per computing method in the grader (the quick check uses other, public ones).
GRADER_CASES = 6
#: Public seed of the quick check's cases and practice games.
PRACTICE_SEED = 2026

# ---- given functions ------------------------------------------------------------------------------


def keep_value(dice: Sequence[int], need: Sequence[int]) -> int:
    """What final dice (face counts in the order M1, M2, F, W, T, L) are worth to a player who still needs
    ``need`` = (Food, Wood, Tools) materials: the better way of gaining materials (all the dice of one
    material, or one of each material shown; 4 for a needed token, 1 for another), 2 for a Letter, and
    1 per step of movement.

    >>> keep_value((0, 0, 3, 0, 0, 0), (2, 0, 0))  # three Food, two needed: 3 * 2 + 3
    9
    """
    materials = dice[FOOD:LETTER]
    one_type = max(3 * min(c, n) + c for c, n in zip(materials, need))
    each = sum(3 * (n > 0) + 1 for c, n in zip(materials, need) if c > 0)
    letter = 2 if dice[LETTER] > 0 else 0
    return max(one_type, each) + letter + dice[M1] + 2 * dice[M2]


def materials_needed(observation: Any) -> tuple[int, int, int]:
    """Materials (Food, Wood, Tools) the player still lacks for the card under their explorer."""
    p = observation.player
    pos = observation.positions[p]
    if pos == GOAL or not observation.track:
        return (0, 0, 0)
    cost = CARDS[observation.track[min(max(pos, 1), len(observation.track)) - 1]].cost
    have = observation.materials[p]
    return (max(0, cost[0] - have[0]), max(0, cost[1] - have[1]), max(0, cost[2] - have[2]))


# ---- cases ------------------------------------------------------------------------------------------


def _random_dice(rng: Rng, letters_max: int = 1) -> tuple[int, ...]:
    n = 4 + rng.randrange(3)
    counts = [0] * 6
    for _ in range(n):
        counts[rng.randrange(LETTER)] += 1
    counts[LETTER] = rng.randrange(letters_max + 1)
    return tuple(counts)


def cases(seed: int, count: int) -> dict[str, list[tuple[Any, ...]]]:
    """Arguments of the checked calls: ``roll_probabilities``, ``reroll_outcomes``, ``best_value`` (the practice
    cases from the practice answers; hidden ones need the teacher kit, whose ``reroll_choices`` draws them)."""
    return answer("ex03", ("cases", seed, count), lambda a: _draw_cases(a, seed, count))  # type: ignore[no-any-return]


def _draw_cases(answers: Any, seed: int, count: int) -> dict[str, list[tuple[Any, ...]]]:
    rng = Rng(seed)  # the project's generator (no module-level random): the same cases for the same seed
    small = [1, 2, 3]
    rng.shuffle(small)
    rolls = [(n,) for n in small[:2]] + [(rng.choice([4, 5]),)]
    rerolls, best = [], []
    for _ in range(count):
        dice = _random_dice(rng)
        rerolls.append((dice, rng.choice(answers.reroll_choices(dice))))
        need = tuple(rng.randrange(4) for _ in range(3))
        best.append((_random_dice(rng), rng.choice([1, 2, 2]), need))
    return {"roll_probabilities": rolls, "reroll_outcomes": rerolls, "best_value": best}


def _exact(name: str, args: tuple[Any, ...], answers: Any) -> Any:
    if name == "roll_probabilities":
        return answers.exact_roll(*args)
    if name == "reroll_outcomes":
        return answers.exact_reroll(*args)
    return answers.exact_best(*args, keep_value)


def _answer(name: str, args: tuple[Any, ...]) -> Any:
    """The exact answer of ``name(*args)``, computed by brute force over every sequence of faces in the kit."""
    return answer("ex03", (name, *args), functools.partial(_exact, name, args))


def _values(dice: tuple[int, ...], left: int, need: tuple[int, ...], answers: Any) -> dict[str, Fraction]:
    options = [Keep(), *(Reroll(f) for f in answers.reroll_choices(dice))]
    return {str(a): answers.action_value(dice, left, need, a, keep_value) for a in options}


def _action_values(dice: tuple[int, ...], left: int, need: tuple[int, ...]) -> dict[str, Fraction]:
    """``{action text: expected value}`` of Keep and every allowed Reroll (then the best play)."""
    return answer("ex03", ("action values", dice, left, need),  # type: ignore[no-any-return]
                  functools.partial(_values, dice, left, need))


def practice_calls() -> list[Call]:
    """Every answer the quick check (its default seed and count) and the scenarios ask for; all public.
    :mod:`jaliz_learn_teacher.practice` writes them into the practice answers."""
    from .practice import teacher_answers

    calls: list[Call] = [(("cases", PRACTICE_SEED, 3), lambda a: _draw_cases(a, PRACTICE_SEED, 3))]
    for name, arglist in _draw_cases(teacher_answers("ex03"), PRACTICE_SEED, 3).items():
        calls += [((name, *args), functools.partial(_exact, name, args)) for args in arglist]
    game = as_game(GAME)
    for scenario in SCENARIOS:
        obs: Any = game.state_from_json(dict(scenario.position)).observation(scenario.seat)
        dice, left, need = tuple(obs.dice), MAX_REROLLS - obs.rerolls_used, tuple(materials_needed(obs))
        calls.append((("action values", dice, left, need), functools.partial(_values, dice, left, need)))
    return calls


def _show(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 70 else text[:67] + "..."


def _call_text(name: str, args: tuple[Any, ...]) -> str:
    return f"{name}({', '.join(repr(a) for a in args)})"


def compare(name: str, args: tuple[Any, ...], value: Any) -> str | None:
    """None when ``value`` is exactly right, else a sentence saying what is wrong (never the answer)."""
    call = _call_text(name, args)
    expected = _answer(name, args)
    if isinstance(value, Opaque):
        return f"{call} returned a {value.type_name}, not a {'dict' if isinstance(expected, dict) else 'Fraction'}"
    if isinstance(expected, Fraction):
        if isinstance(value, float):
            return f"{call} returned the float {value!r}: return a fractions.Fraction, floats are rounded"
        if not isinstance(value, (int, Fraction)) or isinstance(value, bool):
            return f"{call} returned {_show(value)} ({type(value).__name__}), not a Fraction"
        if value != expected:
            side = "too high" if value > expected else "too low"
            return f"{call} returned {value}, which is {side}"
        return None
    if not isinstance(value, dict):
        return f"{call} returned {_show(value)} ({type(value).__name__}), not a dict"
    floats = [v for v in value.values() if isinstance(v, float)]
    if floats:
        return f"{call} holds floats such as {floats[0]!r}: use fractions.Fraction, floats are rounded"
    bad_keys = [k for k in value if not (isinstance(k, tuple) and len(k) == 6 and all(type(x) is int for x in k))]
    if bad_keys:
        return (f"{call} has the key {_show(bad_keys[0])}: keys are face counts, 6-tuples of ints in the order "
                f"{', '.join(FACES)} (like observation.dice)")
    got = {k: v for k, v in value.items() if v != 0}
    total = sum(got.values(), Fraction(0))
    if total != 1:
        return f"the probabilities of {call} add up to {total}, not 1"
    if set(got) != set(expected):
        missing = sorted(set(expected) - set(got))
        extra = sorted(set(got) - set(expected))
        if extra:
            return f"{call} gives a probability to {extra[0]}, an outcome that cannot happen"
        return f"{call} misses outcomes, for example {missing[0]}"
    wrong = [k for k in expected if got[k] != expected[k]]
    if wrong:
        return f"{call} gives {got[wrong[0]]} to the outcome {wrong[0]}: that is not its exact probability"
    return None


_HINTS = {
    "roll_probabilities": ("each die shows each of the 6 faces with probability 1/6, independently. Build the "
                           "outcomes of n dice from those of n - 1 dice (add one die: 6 ways), or count the "
                           "orders of each multiset. Use Fraction(1, 6), never 1 / 6."),
    "reroll_outcomes": ("take the rerolled dice out of the counts, roll that many dice (roll_probabilities) and "
                        "add each outcome to the dice that stay; equal results add up."),
    "best_value": ("with no reroll left, or two Letters showing, the value is keep_value(dice, need). Otherwise "
                   "it is the best of keeping now and, for every allowed reroll (one or two dice not showing "
                   "a Letter), the expected best_value of the outcomes with one reroll less."),
}


# ---- calling the learner's methods -------------------------------------------------------------------


def value_items(learner: Any, seed: int, count: int, time_limit: float = TIME_LIMIT) -> list[CheckResult]:
    """One item per computing method: every case exact, or the first problem with a hint."""
    items = []
    try:
        handle = learner.new_bot(0, setup_limit(time_limit))
    except BotFailure as exc:
        return [CheckResult(n, False, exc.reason, failure_hint("crash", exc.reason)) for n in _HINTS]
    try:
        for name, arglist in cases(seed, count).items():
            problem = None
            for args in arglist:
                try:
                    value = learner.call(handle, name, args, 5 * time_limit)[0]
                except BotFailure as exc:
                    if exc.kind == "timeout":
                        problem = f"{_call_text(name, args)} took more than {5 * time_limit:g} s"
                    else:
                        problem = f"{_call_text(name, args)} raised {exc.reason}"
                    if not learner_alive(learner):
                        handle = learner.new_bot(0, setup_limit(time_limit))
                    break
                problem = compare(name, args, value)
                if problem is not None:
                    break
            hint = _HINTS[name]
            if problem is not None and "NotImplementedError" in problem:
                hint = f"{name}() still raises NotImplementedError: write its code, then run check() again."
            elif problem is not None and "took more than" in problem:
                hint = ("remember results you already computed (a dict keyed by the arguments): the same "
                        "positions come back again and again.")
            items.append(CheckResult(name, problem is None,
                                     problem or f"exact on all {len(arglist)} cases", hint if problem else ""))
    finally:
        learner.drop(handle)
    return items


def learner_alive(learner: Any) -> bool:
    box = getattr(learner, "sandbox", None)
    return True if box is None else bool(box.alive)


# ---- scenarios (the policy) ------------------------------------------------------------------------

#: A fixed two-player track, so the scenarios never depend on random values.
_TRACK = ["A10", "A05", "A08", "A03", "A09", "A04", "B10", "B06", "B02", "B04", "B05", "B08", "C08", "C01", "C06",
          "C07", "C03", "C04"]


def _reroll_position(dice: list[str], rerolls: int, pos: int, materials: list[int]) -> dict[str, Any]:
    me = {"pos": pos, "materials": materials, "letters": 2}
    return {"num_players": 2, "seed": 1, "track": list(_TRACK), "phase": "reroll", "dice": dice,
            "dice_rolled": len(dice), "rerolls": rerolls, "players": [me, {"pos": 0}]}


def _expect_best(action: Action, obs: Any) -> str | None:
    values = _action_values(tuple(obs.dice), MAX_REROLLS - obs.rerolls_used, tuple(materials_needed(obs)))
    best = max(values.values())
    mine = values.get(str(action))
    if mine is None:  # pragma: no cover - the scenario refuses an illegal action first
        return f"{action} is not among Keep and the rerolls the rules allow"
    if mine == best:
        return None
    return f"its expected value is {float(mine):.3f}, and another choice expects {float(best):.3f}"


_SCENARIO_HINT = ("compare Keep (keep_value of the dice now) with every Reroll in legal_actions: the expected "
                  "best_value of its outcomes (reroll_outcomes) with one reroll less. Take the need from "
                  "materials_needed(observation) and the rerolls left from observation.rerolls_used.")

#: Each position has one best choice, better than the next by at least 1/3 of a point, and the greedy
#: bot's rule of thumb misses all three.
SCENARIOS: tuple[Scenario, ...] = (
    Scenario("reroll the two dice worth least", _reroll_position(["M1", "F", "W", "W", "W"], 1, 3, [0, 0, 0]), 0,
             _expect_best, _SCENARIO_HINT, game=GAME),
    Scenario("keep when rerolling loses value", _reroll_position(["W", "W", "W", "W", "L"], 1, 5, [0, 2, 0]), 0,
             _expect_best, _SCENARIO_HINT, game=GAME),
    Scenario("one die, not two", _reroll_position(["M2", "M2", "F", "F"], 0, 2, [0, 1, 1]), 0,
             _expect_best, _SCENARIO_HINT, game=GAME),
)

#: A big first decision: eight dice, two rerolls to come (the reference takes a few tenths of a second).
SPEED_CASE = ((1, 1, 2, 2, 1, 1), 2, (1, 2, 1))
_SPEED_HINT = ("remember results you already computed (a dict keyed by the arguments, e.g. self.memo): the same "
               "dice come back again and again inside one search, and from one decision to the next.")


def speed_item(learner: Any, time_limit: float = TIME_LIMIT) -> CheckResult:
    """``speed``: best_value on :data:`SPEED_CASE` within half the time a decision may take."""
    budget = time_limit / 2
    try:
        handle = learner.new_bot(1, setup_limit(time_limit))
    except BotFailure as exc:
        return CheckResult("speed", False, exc.reason, failure_hint("crash", exc.reason))
    try:
        start = time.perf_counter()
        learner.call(handle, "best_value", SPEED_CASE, 4 * time_limit)
        seconds = time.perf_counter() - start
    except BotFailure as exc:
        return CheckResult("speed", False, f"{_call_text('best_value', SPEED_CASE)}: {exc.reason}", _SPEED_HINT)
    finally:
        learner.drop(handle)
    message = (f"{_call_text('best_value', SPEED_CASE)} took {seconds:.2f} s (a decision may take {time_limit:g} s; "
               f"this check wants at most {budget:g} s to leave room on a busy machine)")
    return CheckResult("speed", seconds <= budget, message, "" if seconds <= budget else _SPEED_HINT)


# ---- check and grade -------------------------------------------------------------------------------

_WIN_HINT = ("two equal bots each win about 50%. The dice decide what you gain: compare Keep and every Reroll by "
             "their exact expected value (best_value) and play the best one.")


#: The games the grader plays (numbered 1, 2, ... in reports and in :func:`jaliz_learn.exercises.replay`).
GRADED: tuple[GameSet, ...] = (
    GameSet("two-player games against JungliLaGreedyBot", BAR.limit, PLAYERS, OPPONENT, seed_offset=1,
            min_win_rate=MIN_WIN_RATE, win_hint=_WIN_HINT, decisions_per_game=65),
)
#: Seconds the graded games of one notebook may take in all (every decision at about 0.1 s on average, with a
#: margin); a notebook over it fails with the games it played.
AVERAGE_DECISION_SECONDS = 0.1
BUDGET = grading_budget(GRADED, AVERAGE_DECISION_SECONDS)
#: How the notebook states the limits (a test checks that it does, word for word).
LIMITS_TEXT = limits_text(TIME_LIMIT, BUDGET)
#: The label of :func:`jaliz_learn.exercises.replay` references.
LABEL = "ex03"


def check_probability(bot: Any, *, games: int = 4, seed: int = PRACTICE_SEED, time_limit: float = TIME_LIMIT,
                      count: int = 3) -> GradeReport:
    """The quick check of exercise 3 (a few seconds): the three computing methods on public cases, the
    reroll scenarios and ``games`` practice games against the greedy bot. ``bot`` is your bot class."""
    learner = contestant(bot)
    report = ExerciseReport("Exercise 3 quick check")
    report.items.extend(value_items(learner, seed, count, time_limit))
    if all(i.passed for i in report.items):
        report.items.append(speed_item(learner, time_limit))
    start = time.perf_counter()
    scenarios = check_scenarios(learner, SCENARIOS, time_limit=time_limit)
    report.extend(scenarios)
    name = f"{games} practice games"
    if any(i.details.get("kind") not in ("ok", "strategy") for i in scenarios.items):
        report.add(name, False, "not run yet: first make your bot answer every scenario above with a legal action")
        return report
    records = play_learner_games(GAME, learner, games=games, num_players=PLAYERS, seed=seed, opponent=OPPONENT,
                                 time_limit=time_limit, max_failures=1, exercise=LABEL)
    failed = [i for i in (legality_item(records, stopped_early=True, time_limit=time_limit),
                          time_item(records, time_limit)) if not i.passed]
    if failed:
        report.add(name, False, failed[0].message, hint=failed[0].hint)
        return report
    ok, line, hint = prediction([(BAR, GRADED[0], records)])
    report.add(name, ok, f"all actions legal against {OPPONENT.__name__}; {line}", hint=hint,
               seconds=time.perf_counter() - start)
    return report


def grade_probability(bot: Any, *, seed: int, time_limit: float = TIME_LIMIT, games: Games = "auto",
                      count: int = GRADER_CASES, title: str = "Exercise 3: Jungli-La probability",
                      budget: float | None = None, progress: Callable[[str], None] | None = None) -> GradeReport:
    """Grade a bot for exercise 3: exact values on hidden cases (seed ``seed``), scenarios, then the games of
    :data:`GRADED` (seed ``seed + 1``): ``legal actions``, ``time per decision`` and the win rate. ``games``:
    ``"auto"`` (the sequential test of :data:`BAR` decides), ``"fixed"`` (:data:`GRADER_GAMES`) or a number."""
    learner = contestant(bot)
    report = ExerciseReport(title)
    report.items.extend(value_items(learner, seed, count, time_limit))
    report.extend(check_scenarios(learner, SCENARIOS, time_limit=time_limit))
    if budget is None:
        budget = grading_budget(GRADED, AVERAGE_DECISION_SECONDS)
    grade_sets_sequential(GAME, learner, GRADED, {GRADED[0].name: BAR}, seed=seed, time_limit=time_limit,
                          report=report, exercise=LABEL, budget=budget, games=games,
                          fixed={GRADED[0].name: GRADER_GAMES}, progress=progress)
    timing = next(i for i in report.items if i.name == "time per decision")
    if not timing.passed:
        timing.hint = "a slow decision is almost always a search that computes the same values again: " + _SPEED_HINT
    return report


check: Callable[..., GradeReport] = check_probability

__all__ = ["AVERAGE_DECISION_SECONDS", "BAR", "BUDGET", "FACES", "GAME", "GRADED", "LABEL", "LIMITS_TEXT",
           "MIN_WIN_RATE", "OPPONENT", "RandomBot", "SCENARIOS", "TIME_LIMIT", "cases", "check", "check_probability",
           "compare", "grade_probability", "keep_value", "materials_needed", "speed_item", "value_items"]
