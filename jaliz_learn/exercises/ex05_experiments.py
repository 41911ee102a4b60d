"""Exercise 5, "Running experiments" (``exercises/05_experiments``).

The learner writes ``MyExperiments``, a class of methods that turn game results into numbers:
a tournament schedule with rotated seats, win rates, Wilson confidence intervals, win rates per
seat and a seat-advantage test, and Elo ratings. A *game result* is a pair ``(seats, winners)``:
``seats`` the bot names by seat, ``winners`` the winning seats (several when they tie).

* :func:`check_experiments` is the quick check of the notebook (``check(MyExperiments)``): every
  method on public data sets, each failure with a hint that never gives the number.
* :func:`grade_experiments` is what ``grader.py`` runs: the same methods on hidden data sets
  generated from the secret seed (:func:`hidden_cases`), in the learner's process.

Definitions (stated in the notebook; the reference functions here are what the methods must return):

* **win rate** of a bot: games it won (a shared first place counts as a win) over games it played;
* **Wilson interval** for ``wins`` of ``n`` at ``z``: the score interval, ``(0.0, 1.0)`` for ``n = 0``
  (:func:`jaliz_learn.stats.wilson_interval`);
* **seat win rates**: for each seat, the share of games won by whoever sat there;
* **seat advantage**: ``True`` when the Wilson interval (z = 1.96) of seat 0's wins lies entirely
  above ``1 / num_players`` (two-player data sets);
* **Elo**: every bot starts at 1500; games in the given order; each two-player game updates both
  ratings by ``K * (S - E)`` with ``E = 1 / (1 + 10 ** ((R_other - R_mine) / 400))`` and ``S`` 1 for a
  win, 0.5 for a shared win, 0 for a loss (K = 16 by default).

Bars: every method right (to 1e-9) on every hidden data set, within 5 s per call.

The reference functions are in the teacher kit (``jaliz_learn_teacher.answers.ex05``), which a learner's graded
process cannot read (the public data sets' answers are in :mod:`.practice_answers`). While the exercise is graded
the library's own Wilson interval (:mod:`jaliz_learn.stats`), the ladder and the benchmarks are out of the learner's
reach too (:data:`OWN_WORK`); reading the code (:func:`source_problems`) is an early hint.
"""

from __future__ import annotations

import ast
import functools
import math
import time
from collections.abc import Callable, Sequence
from typing import Any

from ..core.rng import Rng
from ..grading.failures import BotFailure
from ..grading.report import CheckResult, GradeReport, failure_hint
from ..grading.values import Opaque
from ..tournament import SETUP_MIN_SECONDS
from .own_work import OwnWork, learner_source
from .practice import Call, answer
from .scenarios import ExerciseReport, contestant

#: The class the learner writes.
CLASS_NAME = "MyExperiments"
#: Seconds one method call may take.
TIME_LIMIT = 5.0
#: Largest difference from the reference that counts as right.
TOLERANCE = 1e-9
#: z of a 95% interval, as the notebook states it.
Z = 1.96
START_RATING = 1500.0
K_FACTOR = 16.0

Game = tuple[tuple[str, ...], tuple[int, ...]]

# ---- data sets ----------------------------------------------------------------------------------------


def make_games(seed: Rng | int, *, bots: int, games: int, seat_bonus: float, ties: float = 0.05) -> list[Game]:
    """Two-player results of ``bots`` bots of random strength (a generator or its seed), random pairs in
    random seats, seat 0 favoured by ``seat_bonus`` (a logistic bonus; 0 = no seat effect)."""
    rng = seed if isinstance(seed, Rng) else Rng(seed)
    names = [f"bot{i}" for i in range(bots)]
    strength = {name: 2.0 * rng.random() - 1.0 for name in names}
    out: list[Game] = []
    for _ in range(games):
        i, j = rng.randrange(bots), rng.randrange(bots - 1)
        a, b = names[i], names[j + (j >= i)]
        if rng.random() < ties:
            out.append(((a, b), (0, 1)))
            continue
        p = 1.0 / (1.0 + math.exp(-(strength[a] - strength[b] + seat_bonus)))
        out.append(((a, b), (0,) if rng.random() < p else (1,)))
    return out


def public_cases() -> list[list[Game]]:
    """The data sets of the quick check (the grader uses others, see :func:`hidden_cases`)."""
    rng = Rng(2024)
    small: list[Game] = [(("ann", "ben"), (0,)), (("ben", "ann"), (0, 1)), (("ann", "ben"), (1,)),
                         (("ben", "ann"), (1,))]
    return [small, make_games(rng, bots=3, games=60, seat_bonus=1.0),
            make_games(rng, bots=5, games=200, seat_bonus=0.0)]


def hidden_cases(seed: int) -> list[list[Game]]:
    """Data sets drawn from ``seed``: different bots, sizes, ties and seat effects."""
    rng = Rng(seed)
    cases = []
    for bots, games, bonus in ((2, 30, 0.0), (4, 120, 0.8), (6, 400, 0.3), (3, 80, -0.6), (5, 250, 1.2)):
        cases.append(make_games(rng, bots=bots, games=games, seat_bonus=bonus, ties=rng.choice((0.0, 0.05, 0.2))))
    return cases


# ---- checking the methods -------------------------------------------------------------------------------


def _number(value: Any) -> float | None:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    return float(value)


def _close(a: Any, b: float) -> bool:
    x = _number(a)
    return x is not None and abs(x - b) <= TOLERANCE


def _describe(value: Any) -> str:
    if isinstance(value, Opaque):
        return f"a {value.type_name} (return plain Python numbers, tuples and dicts: float(x), int(x))"
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


def _compare_mapping(got: Any, expected: dict[str, float], what: str) -> str | None:
    if not hasattr(got, "keys"):
        return f"{what} returned {_describe(got)}, not a dict from bot name to number"
    if set(got.keys()) != set(expected):
        keys = sorted(map(str, got.keys()))[:6]
        return f"{what} returned a dict with the keys {keys}, not one key per bot that played"
    for name in sorted(expected):
        if not _close(got[name], expected[name]):
            return f"{what}[{name!r}] is {_describe(got[name])}, which is not right"
    return None


def _compare_sequence(got: Any, expected: Sequence[float], what: str) -> str | None:
    if not isinstance(got, (tuple, list)) or len(got) != len(expected):
        return f"{what} returned {_describe(got)}, not a tuple of {len(expected)} numbers"
    for i, (g, e) in enumerate(zip(got, expected)):
        if not _close(g, e):
            return f"{what}[{i}] is {_describe(g)}, which is not right"
    return None


def _check_schedule(got: Any, names: Sequence[str], rounds: int) -> str | None:
    if not isinstance(got, (tuple, list)):
        return f"schedule() returned {_describe(got)}, not a list of (first seat, second seat) pairs"
    counts: dict[tuple[str, str], int] = {}
    for pair in got:
        if not isinstance(pair, (tuple, list)) or len(pair) != 2 or pair[0] == pair[1] or \
                not set(pair) <= set(names):
            return f"schedule() holds {_describe(pair)}, which is not a pair of two different bots of the list"
        key = (str(pair[0]), str(pair[1]))
        counts[key] = counts.get(key, 0) + 1
    for a in names:
        for b in names:
            if a != b and counts.get((a, b), 0) != rounds:
                return (f"in schedule({list(names)}, {rounds}), {a!r} sits first against {b!r} in "
                        f"{counts.get((a, b), 0)} games")
    return None


HINTS = {
    "schedule": ("every ordered pair (a, b) with a != b must appear exactly `rounds` times: a sits first against b as "
                 "often as b sits first against a, so no bot gains from its seat."),
    "win_rates": ("count, for every bot, the games it played (in any seat) and the games it won (its seat is among "
                  "the winners; a shared first place is a win for each), then divide."),
    "wilson": ("use the Wilson score interval of the notebook (centre (p + z²/2n) / (1 + z²/n)), not the simple "
               "p ± z·sqrt(p(1-p)/n); with n = 0 return (0.0, 1.0); clip to [0, 1]; with 0 wins the low end is 0 "
               "and with n wins the high end is 1."),
    "seat_win_rates": ("for each seat s, the share of ALL games in which seat s is among the winners (whoever sat "
                       "there); ties count for every winning seat, so the shares may add up to more than 1."),
    "seat_advantage": ("seat 0 has an advantage when the low end of the Wilson interval (z = 1.96) of its wins "
                       "over all games is above 1 / number of players: use your wilson()."),
    "elo": ("go through the games in the order given; both players start at 1500; the expected score of the first "
            "seat is 1 / (1 + 10 ** ((R_second - R_first) / 400)); a shared win scores 0.5; update both ratings "
            "with the ratings from before the game."),
}


#: the kit's reference function of each method, and its arguments after the games
_REFERENCE: dict[str, tuple[str, tuple[Any, ...]]] = {
    "win_rates": ("reference_win_rates", ()), "seat_win_rates": ("reference_seat_win_rates", ()),
    "seat_advantage": ("reference_seat_advantage", (Z,)), "elo": ("reference_elo", (K_FACTOR, START_RATING))}


def _data(games: Sequence[Game]) -> tuple[Game, ...]:
    return tuple((tuple(seats), tuple(winners)) for seats, winners in games)


def _reference_value(method: str, data: tuple[Game, ...], answers: Any) -> Any:
    function, extra = _REFERENCE[method]
    return getattr(answers, function)(list(data), *extra)


def _reference(method: str, games: Sequence[Game]) -> Any:
    """What ``method`` must return on ``games``: a practice answer for a public data set, else the teacher kit's."""
    data = _data(games)
    return answer("ex05", (method, data, *_REFERENCE[method][1]), functools.partial(_reference_value, method, data))


def _wilson_value(wins: int, n: int, z: float, answers: Any) -> tuple[float, float]:
    return tuple(answers.reference_wilson(wins, n, z))  # type: ignore[return-value]


def _wilson(wins: int, n: int, z: float) -> tuple[float, float]:
    return tuple(answer("ex05", ("wilson", wins, n, z), functools.partial(_wilson_value, wins, n, z)))  # type: ignore


#: (wins, n, z) of the fixed Wilson cases (the data sets' counts are checked too)
WILSON_CASES = ((0, 0, Z), (0, 10, Z), (10, 10, Z), (7, 10, Z), (55, 100, 2.576), (1, 3, 1.0))


def practice_calls() -> list[Call]:
    """Every answer the quick check asks for (the public data sets); :mod:`jaliz_learn_teacher.practice` writes
    them into the practice answers."""
    calls: list[Call] = [(("wilson", *case), functools.partial(_wilson_value, *case)) for case in WILSON_CASES]
    for games in public_cases():
        data = _data(games)
        wins = sum(1 for _, w in data if 0 in w)
        calls.append((("wilson", wins, len(data), Z), functools.partial(_wilson_value, wins, len(data), Z)))
        calls += [((method, data, *extra), functools.partial(_reference_value, method, data))
                  for method, (_, extra) in _REFERENCE.items()]
    return calls


def check_methods(learner: Any, first: Any, cases: Sequence[Sequence[Game]], *, label: str) -> list[CheckResult]:
    """One report item per method, over every data set of ``cases``.

    After a hang or a crash of the learner's process, the next method gets a fresh process (so one
    broken method does not fail the others).
    """
    items = []
    current = [first]

    def _call(learner: Any, _handle: Any, name: str, args: tuple[Any, ...]) -> Any:
        return learner.call(current[0], name, args, TIME_LIMIT)[0]

    def run(name: str, body: Callable[[], str | None]) -> None:
        try:
            problem = body()
        except BotFailure as exc:
            text = exc.reason
            box = getattr(learner, "sandbox", None)
            if box is not None and not box.alive:
                try:
                    current[0] = learner.new_bot(0, SETUP_MIN_SECONDS)
                except BotFailure:
                    pass  # the next method reports the process that cannot start
            if "NotImplementedError" in text:
                items.append(CheckResult(name, False, f"{name}() raised NotImplementedError",
                                         f"{name}() still raises NotImplementedError: write its code, then run "
                                         "check() again."))
                return
            items.append(CheckResult(name, False, f"{name}() failed: {text}",
                                     failure_hint(exc.kind, text, TIME_LIMIT) + " " + HINTS[name]))
            return
        items.append(CheckResult(name, problem is None, problem or f"right on all {label}",
                                 HINTS[name] if problem else ""))

    def schedule() -> str | None:
        for names, rounds in ((("a", "b"), 1), (("x", "y", "z"), 2), (tuple(f"bot{i}" for i in range(5)), 3)):
            problem = _check_schedule(_call(learner, None, "schedule", (names, rounds)), names, rounds)
            if problem:
                return problem
        return None

    def per_case(name: str, compare: Callable[[list[Game]], str | None]) -> Callable[[], str | None]:
        def body() -> str | None:
            for number, games in enumerate(cases, 1):
                problem = compare(list(games))
                if problem:
                    return f"data set {number} ({len(games)} games): {problem}"
            return None
        return body

    def wilson() -> str | None:
        for wins, n, z in WILSON_CASES:
            problem = _compare_sequence(_call(learner, None, "wilson", (wins, n, z)),
                                        _wilson(wins, n, z), f"wilson({wins}, {n}, {z})")
            if problem:
                return problem
        for games in cases:  # the counts of the data sets too
            wins = sum(1 for _, w in games if 0 in w)
            expected = _wilson(wins, len(games), Z)
            problem = _compare_sequence(_call(learner, None, "wilson", (wins, len(games), Z)), expected,
                                        f"wilson({wins}, {len(games)}, {Z})")
            if problem:
                return problem
        return None

    def advantage(games: list[Game]) -> str | None:
        got = _call(learner, None, "seat_advantage", (tuple(games),))
        if not isinstance(got, bool):
            return f"seat_advantage() returned {_describe(got)}, not True or False"
        if got == _reference("seat_advantage", games):
            return None
        return f"seat_advantage() said {got}, which is not right"

    run("schedule", schedule)
    run("win_rates", per_case("win_rates", lambda g: _compare_mapping(
        _call(learner, None, "win_rates", (tuple(g),)), _reference("win_rates", g), "win_rates()")))
    run("wilson", wilson)
    run("seat_win_rates", per_case("seat_win_rates", lambda g: _compare_sequence(
        _call(learner, None, "seat_win_rates", (tuple(g),)), _reference("seat_win_rates", g),
        "seat_win_rates()")))
    run("seat_advantage", per_case("seat_advantage", advantage))
    run("elo", per_case("elo", lambda g: _compare_mapping(
        _call(learner, None, "elo", (tuple(g),)), _reference("elo", g), "elo()")))
    return items


def _grade(bot: Any, cases: Sequence[Sequence[Game]], title: str, label: str) -> GradeReport:
    learner: Any = contestant(bot)
    report = ExerciseReport(title)
    try:
        handle = learner.new_bot(0, SETUP_MIN_SECONDS)
    except BotFailure as exc:
        report.add("create your class", False, exc.reason, hint=failure_hint("crash", exc.reason))
        return report
    report.items.extend(check_methods(learner, handle, cases, label=label))
    return report


def check_experiments(cls: Any) -> GradeReport:
    """The quick check of exercise 5: every method of ``cls`` on the public data sets (a second or two)."""
    start = time.perf_counter()
    report = _grade(cls, public_cases(), "Exercise 5 quick check", f"{len(public_cases())} public data sets")
    problems = source_problems(learner_source(cls))  # an early hint: the grader hides the library's statistics
    if problems:
        report.items.insert(0, CheckResult("your own code", False, "; ".join(problems),
                                           f"compute every number with your own code. {OWN_WORK.rule}: while "
                                           "grading, the library's statistics are not there to use"))
    report.notes.append(f"checked in {time.perf_counter() - start:.1f} s; the grader uses other, hidden data sets")
    return report


#: Names whose use in a hand-in means the library computes the answers (the reference answers are not even
#: readable from a graded notebook's process; the library's Wilson interval is public, for tournaments).
FORBIDDEN_NAMES = frozenset({"wilson_interval", "reference_wilson", "reference_elo", "reference_win_rates",
                             "reference_seat_win_rates", "reference_seat_advantage", "reference_schedule"})
FORBIDDEN_MODULES = ("jaliz_learn.exercises.answers", "jaliz_learn_teacher")
#: What the learner's process cannot reach while this exercise is graded: the Wilson interval, the ladder's ratings
#: and the benchmarks' intervals (the teacher kit's reference answers are out of every graded process's reach).
OWN_WORK = OwnWork("exercise 5 asks for your own statistics", ("jaliz_learn.stats", "jaliz_learn.ladder",
                                                               "jaliz_learn.benchmarks", "jaliz_learn.sequential"),
                   item="your own code")


def source_problems(source: str) -> list[str]:
    """Problems found by reading the notebook's code (not run here): the library's answers used.

    >>> source_problems("from jaliz_learn.tournament import wilson_interval")
    ['the notebook uses wilson_interval: write wilson() yourself']
    """
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return []  # the sandbox reports syntax errors with their cell and line
    problems: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            modules = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""]
            names = [a.name for a in node.names] if isinstance(node, ast.ImportFrom) else []
            if any(m.startswith(FORBIDDEN_MODULES) for m in modules) or "answers" in names:
                problems.append("the notebook imports the exercises' reference answers: write the methods yourself")
            problems += [f"the notebook uses {n}: write wilson() yourself" if n == "wilson_interval"
                         else f"the notebook uses {n}: write the methods yourself" for n in names
                         if n in FORBIDDEN_NAMES]
        elif isinstance(node, (ast.Name, ast.Attribute)):
            name = node.id if isinstance(node, ast.Name) else node.attr
            if name in FORBIDDEN_NAMES:
                problems.append(f"the notebook uses {name}: write wilson() yourself" if name == "wilson_interval"
                                else f"the notebook uses {name}: write the methods yourself")
    return list(dict.fromkeys(problems))


def grade_experiments(bot: Any, *, seed: int, title: str = "Exercise 5: running experiments",
                      progress: Callable[[str], None] | None = None) -> GradeReport:
    """Grade ``MyExperiments`` (a contestant in its own process, or a trusted class) on hidden data sets; for a
    notebook, the library's answers used in its code fail the item "your own code" first."""
    cases = hidden_cases(seed)
    report = _grade(bot, cases, title, f"{len(cases)} hidden data sets")
    box = getattr(bot, "sandbox", None)
    if box is not None:
        from .ex04_monte_carlo import notebook_source

        problems = source_problems(notebook_source(box.notebook))
        report.items.insert(0, CheckResult("your own code", not problems, "; ".join(problems) or
                                           "the methods are written in the notebook",
                                           "compute every number with your own code (sections 2 to 5 of the "
                                           "notebook); the library's functions are for later experiments"
                                           if problems else ""))
    return report


check: Callable[..., GradeReport] = check_experiments

__all__ = ["CLASS_NAME", "HINTS", "K_FACTOR", "OWN_WORK", "START_RATING", "TIME_LIMIT", "Z", "check",
           "check_experiments", "check_methods", "grade_experiments", "hidden_cases", "make_games", "public_cases",
           "source_problems"]
