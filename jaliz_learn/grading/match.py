"""Graded games played by the grader, with the learner's bot behind a :class:`Contestant`.

The grader's process keeps the game and the real state. The learner's bot is reached through a
contestant: :class:`SandboxContestant` (the notebook in its own process, for grading) or
:class:`InProcessContestant` (a bot object or class in this process, for the learner's own
``check()`` or trusted bots). Opponents are library bots and run here.

:func:`play_learner_games` plays games with the learner's seat rotated and returns one record per
seat and game (the fields of :mod:`jaliz_learn.tournament`'s records, plus, for a failed game, ``replay``: a
short reference the teacher rebuilds the position from, ``seen``: what the bot saw, and ``where``: the notebook
cell and line). An exercise declares what it grades as :class:`GameSet` s; :func:`grade_sets` plays them under
one time limit per decision (a decision over it forfeits its game) and a wall-time budget, and reports
``legal actions`` and ``time per decision`` over every game and each set's bars over its completed games.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from ..bots.base import RandomBot
from ..core.actions import Action
from ..core.errors import IllegalAction
from ..core.game import Game, State
from ..core.play import as_game
from ..tournament import (
    SETUP_FACTOR,
    SETUP_MIN_SECONDS,
    DecisionTimeout,
    TimeGuard,
    derive_seed,
    make_bot,
    summarize,
)
from .failures import BotFailure, Limits, LoadFailure, over_the_limit
from .notebooks import LEARNER, describe_learner_exception, learner_frame
from .report import CheckResult, GradeReport, failure_hint
from .seeds import bot_seeds as graded_bot_seeds

if TYPE_CHECKING:
    from .sandbox import Sandbox

OPPONENT = "opponent"


class Contestant(Protocol):
    """The learner's bot as the grader reaches it."""

    class_name: str

    def new_bot(self, seed: int, limit: float | None) -> Any: ...

    def act(self, bot: Any, observation: Any, legal: Sequence[Action],
            limit: float | None) -> tuple[Any, float]: ...

    def drop(self, bot: Any) -> None: ...


class InProcessContestant:
    """A bot class, factory or object run in this process (``check()`` in a notebook, trusted bots)."""

    def __init__(self, spec: Any) -> None:
        self.spec = spec
        self.class_name = getattr(spec, "__name__", type(spec).__name__)

    def new_bot(self, seed: int, limit: float | None) -> Any:
        with TimeGuard() as guard:
            try:
                bot, _ = guard.call(make_bot, (self.spec, seed), limit)
            except DecisionTimeout:
                raise BotFailure("timeout", f"creating the bot took longer than {limit:g} s",
                                 method="__init__") from None
            except (Exception, SystemExit) as exc:
                raise BotFailure("crash", "creating the bot failed: " + describe_learner_exception(exc),
                                 learner_frame(exc), "__init__") from None
        if not callable(getattr(bot, "act", None)):
            raise BotFailure("crash", f"the factory returned {bot!r}, which has no act() method", method="__init__")
        return bot

    def act(self, bot: Any, observation: Any, legal: Sequence[Action], limit: float | None) -> tuple[Any, float]:
        with TimeGuard() as guard:
            try:
                return guard.call(bot.act, (observation, legal), limit)  # type: ignore[no-any-return]
            except DecisionTimeout:
                raise BotFailure("timeout", over_the_limit(limit), method="act") from None
            except (Exception, SystemExit) as exc:
                raise BotFailure("crash", describe_learner_exception(exc), learner_frame(exc), "act") from None

    def call(self, bot: Any, method: str, args: tuple[Any, ...], limit: float | None) -> tuple[Any, float]:
        """``bot.method(*args)`` and the seconds it took, as :meth:`Sandbox.call` runs it in the learner's process
        (exercises that check the values a learner's methods compute); :class:`BotFailure` on a problem."""
        function = getattr(bot, method, None)
        if not callable(function):
            raise BotFailure("crash", f"there is no method {method}() in your class", method=method)
        with TimeGuard() as guard:
            try:
                return guard.call(function, args, limit)  # type: ignore[no-any-return]
            except DecisionTimeout:
                raise BotFailure("timeout", f"{method}() took more than {limit:g} s", method=method) from None
            except (Exception, SystemExit) as exc:
                raise BotFailure("crash", describe_learner_exception(exc), learner_frame(exc), method) from None

    def drop(self, bot: Any) -> None:
        pass


class SandboxContestant:
    """The bot class of a notebook, run in its own process (see :class:`jaliz_learn.grading.Sandbox`)."""

    def __init__(self, sandbox: Sandbox) -> None:
        self.sandbox = sandbox
        self.class_name = sandbox.class_found or sandbox.class_name or "MyBot"

    def new_bot(self, seed: int, limit: float | None) -> Any:
        return self.sandbox.new_bot(seed, limit)

    def act(self, bot: Any, observation: Any, legal: Sequence[Action], limit: float | None) -> tuple[Any, float]:
        return self.sandbox.act(bot, observation, legal, limit)

    def call(self, bot: Any, method: str, args: tuple[Any, ...], limit: float | None) -> tuple[Any, float]:
        return self.sandbox.call(bot, method, args, limit)

    def drop(self, bot: Any) -> None:
        self.sandbox.drop(bot)


# ---- where a failure happened: a reference, and what the learner saw --------------------------------


def replay_reference(exercise: str | None, number: int, decision: int) -> str:
    """A short, readable reference to a graded position (no seed, no hidden card in it): the teacher rebuilds it
    with the secret they hold (:func:`jaliz_learn.exercises.replay`).

    >>> replay_reference("ex04", 7, 31)
    'jaliz_learn.exercises.replay("ex04", game=7, decision=31, notebook=...)'
    """
    label = f'"{exercise}"' if exercise else "EXERCISE"
    return f"jaliz_learn.exercises.replay({label}, game={number}, decision={decision}, notebook=...)"


def observation_lines(observation: Any, *, width: int = 110, limit: int = 8) -> list[str]:
    """The learner's own observation as a few short lines (``field: value``; long values cut), for a report.

    Only what that player saw: it is the observation the bot was given.
    """
    names = [f.name for f in getattr(observation, "__dataclass_fields__", {}).values()]  # in declaration order
    parts = []
    for name in names:
        if name in ("game", "fast"):
            continue
        try:
            value = repr(getattr(observation, name))
        except Exception:  # a field whose repr fails: skip it
            continue
        parts.append(f"{name}={value if len(value) <= 60 else value[:57] + '...'}")
    lines: list[str] = []
    line = ""
    for part in parts:
        if line and len(line) + 2 + len(part) > width:
            lines.append(line)
            line = part
        else:
            line = f"{line}, {part}" if line else part
    if line:
        lines.append(line)
    return lines[:limit] + (["..."] if len(lines) > limit else [])


# ---- playing -------------------------------------------------------------------------------------


class Budget:
    """Wall time left for grading one notebook; ``None`` seconds: no budget."""

    def __init__(self, seconds: float | None) -> None:
        self.seconds = seconds
        self.deadline = None if seconds is None else time.monotonic() + seconds

    @property
    def expired(self) -> bool:
        return self.deadline is not None and time.monotonic() > self.deadline


def _describe_non_action(value: Any) -> str:
    try:
        shown = repr(value)
    except Exception:
        shown = f"<{type(value).__name__}>"
    shown = shown if len(shown) <= 80 else shown[:77] + "..."
    return f"act() returned {shown} ({type(value).__name__}), which is not an action"


def play_one(game: Game, learner: Contestant, opponent: Any, *, seat_of_learner: int, num_players: int, seed: int,
             time_limit: float | None, max_decisions: int = 100_000, number: int = 0, exercise: str | None = None,
             budget: Budget | None = None,
             bot_seeds: Sequence[int] | None = None) -> tuple[State, list[dict[str, Any]]]:
    """One game with the learner in ``seat_of_learner``; the final state and one record per seat.

    A decision over ``time_limit`` forfeits the game (failure ``timeout``); an exhausted ``budget`` stops it
    (failure ``budget``). The learner's failed record holds ``replay`` (a :func:`replay_reference` to graded game
    ``number``) and ``seen`` (the observation the bot was given, as :func:`observation_lines`).
    """
    n = num_players
    # the bots' seeds: given by a graded set (keyed: see jaliz_learn.grading.seeds.bot_seeds), else from the game's
    bot_seeds = list(bot_seeds) if bot_seeds is not None else [derive_seed(seed, 1000 + s) for s in range(n)]
    state = game.initial_state(num_players=n, seed=seed)
    setup_limit = None if time_limit is None else max(SETUP_MIN_SECONDS, SETUP_FACTOR * time_limit)
    failure: dict[str, Any] | None = None
    decisions, total, longest = [0] * n, [0.0] * n, [0.0] * n
    players: list[Any] = [None] * n
    handle: Any = None
    try:
        try:
            handle = learner.new_bot(bot_seeds[seat_of_learner], setup_limit)
        except BotFailure as exc:
            failure = {"kind": exc.kind, "reason": exc.reason, "decision": "setup", "method": exc.method,
                       "frame": exc.frame}
        for s in range(n):
            if s != seat_of_learner:
                players[s] = make_bot(opponent, bot_seeds[s])
        count = 0
        while failure is None and not state.is_over():
            seat = state.current_player()
            if seat is None:  # pragma: no cover - is_over() and current_player() disagree
                break
            legal = state.legal_actions(seat)
            if isinstance(legal, list):
                legal = tuple(legal)
            obs = state.observation(seat)
            if seat != seat_of_learner:
                state.apply(players[seat].act(obs, legal), seat)
                count += 1
                continue
            decision = state.decision()
            if budget is not None and budget.expired:
                failure = {"kind": "budget", "reason": f"the grading budget of {_duration(budget.seconds)} ran out",
                           "decision": decision, "method": None}
                break
            try:
                action, elapsed = learner.act(handle, obs, legal, time_limit)
            except BotFailure as exc:
                failure = {"kind": exc.kind, "reason": exc.reason, "decision": decision, "method": exc.method,
                           "frame": exc.frame}
                elapsed = 0.0 if exc.kind != "timeout" or time_limit is None else time_limit
            decisions[seat] += 1
            total[seat] += elapsed
            longest[seat] = max(longest[seat], elapsed)
            if failure is None and not isinstance(action, Action):
                failure = {"kind": "non-action", "reason": _describe_non_action(action), "decision": decision,
                           "method": "act"}
            if failure is None:
                try:
                    state.apply(action, seat)
                except (IllegalAction, ValueError) as exc:
                    failure = {"kind": "illegal", "reason": str(exc), "decision": decision, "method": "act"}
            if failure is not None:
                # an illegal action left the state unchanged: this is the position of the failed decision
                failure["replay"] = replay_reference(exercise, number, count + 1)
                failure["seen"] = observation_lines(obs)
                break
            count += 1
            if count >= max_decisions:
                raise RuntimeError(f"{game.name} did not end within {max_decisions} decisions (seed {seed})")
    finally:
        if handle is not None:
            learner.drop(handle)
    standings = state.standings()
    completed = failure is None and state.is_over()
    rows = []
    for s in range(n):
        mine = s == seat_of_learner
        row: dict[str, Any] = {
            "bot": LEARNER if mine else OPPONENT, "bot_seed": bot_seeds[s], "seat": s,
            "score": float(standings.scores[s]), "completed": completed, "failure": None, "reason": "",
            "decision": None, "decisions": decisions[s], "total_ms": 1000.0 * total[s], "max_ms": 1000.0 * longest[s],
            "method": None, "where": None, "replay": None, "seen": None, "number": number,
        }
        if failure is None:
            row["win"] = s in standings.winners
        elif mine:
            frame = failure.get("frame") or {}
            row.update(win=False, failure=failure["kind"], reason=failure["reason"], decision=failure["decision"],
                       method=failure.get("method"), replay=failure.get("replay"), seen=failure.get("seen"),
                       where=(f"{frame['cell']}, line {frame['line']}" if frame.get("cell") else None))
        else:
            row.update(win=True, reason="won by forfeit: your bot failed")
        rows.append(row)
    return state, rows


def _duration(seconds: float | None) -> str:
    """``9 min 20 s``, ``45 s``."""
    if seconds is None:
        return "no limit"
    whole = round(seconds)
    return f"{whole // 60} min {whole % 60} s" if whole >= 60 else f"{seconds:.0f} s"


def play_learner_games(game: Game | str, learner: Contestant, *, games: int, num_players: int, seed: int,
                       opponent: Any = RandomBot, time_limit: float | None = 1.0,
                       max_failures: int | None = None, set_name: str = "games", first_number: int = 1,
                       exercise: str | None = None, budget: Budget | None = None,
                       progress: Callable[[str], None] | None = None,
                       stop: Callable[[list[dict[str, Any]]], bool] | None = None) -> list[dict[str, Any]]:
    """Play ``games`` games (rounded up to a multiple of ``num_players``): the learner's seat rotates
    over blocks of games that share one deal. Stops after ``max_failures`` failed games and when the ``budget``
    ran out. Games are numbered from ``first_number`` (the numbers of :func:`replay_reference`); ``progress``
    gets a line after each block of games; ``stop(records)``, asked after each block, ends the set early (a
    sequential test that has decided: :mod:`jaliz_learn.sequential`)."""
    g = as_game(game)
    g.info.check_players(num_players)
    records: list[dict[str, Any]] = []
    failed = 0
    total = math.ceil(games / num_players) * num_players
    start = time.monotonic()
    for index in range(total):
        if (max_failures is not None and failed >= max_failures) or (budget is not None and budget.expired):
            break
        block, seat = divmod(index, num_players)
        game_seed = derive_seed(seed, block)
        state, rows = play_one(g, learner, opponent, seat_of_learner=seat, num_players=num_players, seed=game_seed,
                               time_limit=time_limit, number=first_number + index, exercise=exercise, budget=budget,
                               bot_seeds=graded_bot_seeds(seed, block, game_seed, num_players))
        for row in rows:
            records.append({"game": index, "seed": game_seed, "turns": state.log.turn, "set": set_name, **row})
        failed += any(r["failure"] is not None for r in rows)
        if progress is not None and (seat == num_players - 1 or index == total - 1):
            mine = _mine(records)
            wins = sum(1 for r in mine if r.get("win"))
            progress(f"  {set_name}: {index + 1} of {total} games played, {wins} won, {failed} failed "
                     f"({time.monotonic() - start:.0f} s)")
        if stop is not None and seat == num_players - 1 and stop(records):
            break
    return records


# ---- game sets: what an exercise grades --------------------------------------------------------------


@dataclass(frozen=True)
class GameSet:
    """A set of graded games: ``games`` games of ``num_players`` against ``opponent`` (the learner's seat rotated),
    seeded by ``derive_seed``-style offsets of the grade's seed, and the bar they are judged by."""

    name: str
    games: int
    num_players: int
    opponent: Any
    seed_offset: int = 0
    min_win_rate: float | None = None
    min_score: float | None = None
    score_word: str = "points"
    win_hint: str = ""
    score_hint: str = ""
    #: most decisions of the learner's bot in one game of this set (measured; the grading budget's basis)
    decisions_per_game: int = 60

    def total(self) -> int:
        return math.ceil(self.games / self.num_players) * self.num_players


def grading_budget(sets: Sequence[GameSet], time_limit: float, *, margin: float = 1.5, floor: float = 120.0) -> float:
    """Seconds a notebook may take for its graded games: every decision at the limit, with a margin.

    >>> grading_budget([GameSet("duel", 16, 2, None, decisions_per_game=40)], 1.0)
    960.0
    """
    return max(floor, margin * sum(s.total() * s.decisions_per_game * time_limit for s in sets))


def play_sets(game: Game | str, learner: Contestant, sets: Sequence[GameSet], *, seed: int, time_limit: float,
              exercise: str | None = None, budget: Budget | None = None, max_failures: int | None = 3,
              progress: Callable[[str], None] | None = None) -> list[dict[str, Any]]:
    """Every game of every set (numbered 1, 2, ... across the sets), stopping after ``max_failures`` failed games
    in all or when the budget ran out; the records carry their set's ``name`` in ``set``."""
    records: list[dict[str, Any]] = []
    number = 1
    for game_set in sets:
        failed = len({(r["set"], r["game"]) for r in _mine(records) if r["failure"] is not None})
        left = None if max_failures is None else max_failures - failed
        if left is not None and left <= 0:
            break
        records += play_learner_games(game, learner, games=game_set.games, num_players=game_set.num_players,
                                      seed=seed + game_set.seed_offset, opponent=game_set.opponent,
                                      time_limit=time_limit, max_failures=left, set_name=game_set.name,
                                      first_number=number, exercise=exercise, budget=budget, progress=progress)
        number += game_set.total()
    return records


def grade_sets(game: Game | str, learner: Contestant, sets: Sequence[GameSet], *, seed: int, time_limit: float,
               report: GradeReport, exercise: str | None = None, budget: float | None = None,
               progress: Callable[[str], None] | None = None, max_failures: int | None = 3) -> GradeReport:
    """Play the sets and add their items to ``report``: ``legal actions`` and ``time per decision`` over every
    game, then each set's bars over its completed games (and ``grading time`` when the budget ran out)."""
    total = sum(s.total() for s in sets)
    seconds = grading_budget(sets, time_limit) if budget is None else budget
    if progress is not None:
        progress(f"grading {total} games ({', '.join(f'{s.total()} {s.name}' for s in sets)}), at most "
                 f"{time_limit:g} s per decision; budget {_duration(seconds)}")
    clock = Budget(seconds)
    records = play_sets(game, learner, sets, seed=seed, time_limit=time_limit, exercise=exercise, budget=clock,
                        max_failures=max_failures, progress=progress)
    played = len({r["number"] for r in _mine(records)})
    stopped = played < total
    report.items.append(legality_item(records, stopped_early=stopped, time_limit=time_limit, total=total))
    report.items.append(time_item(records, time_limit))
    for game_set in sets:
        mine = [r for r in records if r["set"] == game_set.name]
        report.items.extend(strength_items(mine, min_win_rate=game_set.min_win_rate, min_score=game_set.min_score,
                                           opponent_name=opponent_name(game_set.opponent),
                                           num_players=game_set.num_players, score_word=game_set.score_word,
                                           win_hint=game_set.win_hint, score_hint=game_set.score_hint,
                                           time_limit=time_limit, expected=game_set.total()))
    if any(r["failure"] == "budget" for r in _mine(records)):
        report.add("grading time", False, f"grading stopped after {_duration(seconds)} (the budget for "
                   f"{total} games at up to {time_limit:g} s per decision) with {played} of {total} games played",
                   hint=failure_hint("budget", "", time_limit))
    return report


# ---- report items --------------------------------------------------------------------------------

_WORDS = {"crash": ("crash", "crashes"), "timeout": ("timeout", "timeouts"),
          "non-action": ("non-action", "non-actions"), "illegal": ("illegal action", "illegal actions"),
          "budget": ("game stopped by the budget", "games stopped by the budget")}
#: failures that the ``legal actions`` item judges (timeouts are the time item's, the budget its own)
LEGALITY_FAILURES = ("crash", "non-action", "illegal")


def _mine(records: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    return [r for r in records if r["bot"] == LEARNER]


def _failure_text(first: Mapping[str, Any]) -> str:
    game = f"game {first['number']}" if first.get("number") else f"game seed {first['seed']}"
    text = f"{game} (seat {first['seat']}), decision '{first['decision']}': {first['reason']}"
    if first.get("seen"):
        text += "\n  what your bot saw: " + "\n    ".join(first["seen"])
    if first.get("replay"):
        text += f"\n  your teacher can rebuild that position: {first['replay']}"
    return text


def failures_summary(records: Sequence[Mapping[str, Any]],
                     kinds: Sequence[str] | None = None) -> tuple[int, str, Mapping[str, Any] | None]:
    """(failed games, 'N crashes, M timeouts', the first failed record) of the learner's games (of ``kinds``)."""
    bad = [r for r in _mine(records) if r["failure"] is not None and (kinds is None or r["failure"] in kinds)]
    counts: dict[str, int] = {}
    for r in bad:
        counts[r["failure"]] = counts.get(r["failure"], 0) + 1
    what = ", ".join(f"{n} {_WORDS.get(k, (k, k + 's'))[n != 1]}" for k, n in counts.items())
    return len(bad), what, (bad[0] if bad else None)


def legality_item(records: Sequence[Mapping[str, Any]], *, stopped_early: bool, time_limit: float | None,
                  total: int | None = None, kinds: Sequence[str] = LEGALITY_FAILURES) -> CheckResult:
    """``legal actions``: in every game played, no failure of ``kinds`` (crash, non-action, illegal action; a
    timeout is the time item's unless ``kinds`` has it)."""
    mine = _mine(records)
    played = len({(r.get("set"), r["game"]) for r in mine})
    decisions = sum(r["decisions"] for r in mine)
    n, what, first = failures_summary(records, kinds)
    of = f"the first {played} of {total}" if stopped_early and total else f"the first {played}" if stopped_early \
        else f"{played}"
    if first is None:
        note = " (grading stopped early: see the other items)" if stopped_early else ""
        return CheckResult("legal actions", not stopped_early or played > 0,
                           f"{of} games, {decisions} decisions, every action legal{note}",
                           details={"games": played, "decisions": decisions})
    return CheckResult("legal actions", False, f"your bot failed in {n} of {of} games ({what}). First: "
                       + _failure_text(first), failure_hint(first["failure"], first["reason"], time_limit),
                       {"games": played, "failures": n, "first": dict(first)})


def time_item(records: Sequence[Mapping[str, Any]], time_limit: float) -> CheckResult:
    """``time per decision``: no decision of the learner's bot over ``time_limit`` (each one over it forfeited its
    game)."""
    mine = _mine(records)
    decisions = sum(r["decisions"] for r in mine)
    slowest = max((r["max_ms"] for r in mine), default=0.0)
    mean = sum(r["total_ms"] for r in mine) / decisions if decisions else 0.0
    timeouts = [r for r in mine if r["failure"] == "timeout"]
    games = len({(r.get("set"), r["game"]) for r in mine})
    if not timeouts and slowest <= 1000 * time_limit:
        return CheckResult("time per decision", True, f"{games} games: slowest decision {slowest:.1f} ms, mean "
                           f"{mean:.2f} ms (limit {time_limit:g} s)", details={"slowest_ms": slowest, "mean_ms": mean})
    if not timeouts:  # measured over the limit without being stopped (a contestant without a watchdog)
        slow = max(mine, key=lambda r: r["max_ms"])
        return CheckResult("time per decision", False,
                           f"a decision took more than the limit of {time_limit:g} s: the slowest took {slowest:.0f} "
                           f"ms (game {slow.get('number') or slow['seed']}, seat {slow['seat']})",
                           failure_hint("timeout", "", time_limit), {"slowest_ms": slowest, "mean_ms": mean})
    first = timeouts[0]
    return CheckResult("time per decision", False,
                       f"in {len(timeouts)} of {games} games a decision took more than the limit of {time_limit:g} s "
                       "(each such game is forfeited). First: " + _failure_text(first),
                       failure_hint("timeout", first["reason"], time_limit), {"slowest_ms": slowest, "mean_ms": mean})


def strength_items(records: Sequence[Mapping[str, Any]], *, min_win_rate: float | None,
                   min_score: float | None = None, opponent_name: str, num_players: int,
                   score_word: str = "points", win_hint: str = "", score_hint: str = "",
                   time_limit: float | None = None, expected: int | None = None) -> list[CheckResult]:
    """``win rate`` (and ``<score_word> per game`` with ``min_score``) of the learner's bot over the games it
    completed; games lost by a failure are counted as such in the message (their failures fail ``legal actions``
    or ``time per decision``). Nothing to judge (every game failed or none played) fails the item."""
    completed = [r for r in records if r["completed"]]
    summary = summarize(completed, [LEARNER, OPPONENT]) if completed else None
    n_failed, what, _ = failures_summary(records)
    played = len({r["game"] for r in _mine(records)})
    lost = f"; {n_failed} of {played} games were not completed ({what}: see the items above)" if n_failed else ""
    short = f"; {expected - played} games not played (grading stopped early)" if expected and played < expected \
        else ""
    items = []
    if min_win_rate is not None:
        if summary is None:
            items.append(CheckResult("win rate", False, f"no completed game to judge{lost}{short}", win_hint))
        else:
            r = summary.loc[LEARNER]
            games, wins = int(r["games"]), int(r["wins"])
            passed = r["win_rate"] >= min_win_rate
            items.append(CheckResult(
                "win rate", bool(passed),
                f"won {wins} of {games} completed games ({100 * r['win_rate']:.0f}%, 95% interval "
                f"{100 * r['ci_low']:.0f}-{100 * r['ci_high']:.0f}%) against {num_players - 1} x {opponent_name}; "
                f"needed {100 * min_win_rate:.0f}%" + lost + short,
                win_hint, {"win_rate": float(r["win_rate"]), "wins": wins, "games": games}))
    if min_score is not None:
        name = f"{score_word} per game"
        if summary is None:
            items.append(CheckResult(name, False, f"no completed game to judge{lost}{short}", score_hint))
        else:
            r = summary.loc[LEARNER]
            score = float(r["mean_score"]) if not math.isnan(r["mean_score"]) else 0.0
            items.append(CheckResult(
                name, bool(score >= min_score),
                f"{score:.1f} {score_word} per game on average over {int(r['games'])} completed games; needed "
                f"{min_score:g}" + lost + short, score_hint, {"mean_score": score, f"mean_{score_word}": score}))
    return items


# ---- grading a notebook (generic) --------------------------------------------------------------------


def opponent_name(opponent: Any) -> str:
    return str(getattr(opponent, "__name__", type(opponent).__name__))


def win_hint(n: int) -> str:
    return (f"with {n} players an even share is {100 / n:.0f}% (more where tied players all win, as in "
            "low-scoring games). Make your bot prefer actions that score now, and avoid actions that give "
            "opponents points; compare two versions with jaliz_learn.tournament().")


def grade_contestant(game: Game | str, learner: Contestant, *, min_win_rate: float | None = None,
                     legality_games: int = 30, win_games: int = 100, time_limit: float = 1.0,
                     num_players: int | None = None, seed: int = 0, opponent: Any = RandomBot,
                     report: GradeReport | None = None, progress: Callable[[str], None] | None = None) -> GradeReport:
    """Legality, time per decision and (with ``min_win_rate``) win rate of a contestant: ``legality_games``
    against random bots, then ``win_games`` against ``opponent``."""
    g = as_game(game)
    n = num_players if num_players is not None else g.resolve_num_players(None)
    report = report if report is not None else GradeReport(f"{g.info.title}: grading")
    sets = [GameSet("legality", legality_games, n, RandomBot)]
    if min_win_rate is not None:
        sets.append(GameSet("strength", win_games, n, opponent, seed_offset=1, min_win_rate=min_win_rate,
                            win_hint=win_hint(n)))
    return grade_sets(g, learner, sets, seed=seed, time_limit=time_limit, report=report, progress=progress)


def grade_notebook(nb: str | Path | Mapping[str, Any], game: Game | str, *, class_name: str | None = None,
                   limits: Limits | None = None, isolation: Any = None, **kwargs: Any) -> GradeReport:
    """Grade the bot of a notebook (a path or the notebook as data), run in its own, closed process (see
    :class:`Sandbox`); never raises for problems of the learner's code. ``kwargs`` go to :func:`grade_contestant`."""
    from .sandbox import Sandbox

    g = as_game(game)
    report = GradeReport(f"{g.info.title}: grading your notebook")
    with Sandbox(nb, g, class_name, limits, isolation=isolation) as box:
        if box.isolation_note:
            report.notes.append(box.isolation_note)
        try:
            found = box.start()
        except LoadFailure as exc:
            report.add("load your bot", False, str(exc), hint="fix this in the notebook, save it, and run the "
                                                              "check again")
            return report
        report.notes.append(box.describe_isolation())
        report.add("load your bot", True, f"found class {found}")
        return grade_contestant(g, SandboxContestant(box), report=report, **kwargs)


__all__ = ["Budget", "Contestant", "GameSet", "InProcessContestant", "OPPONENT", "SandboxContestant",
           "failures_summary", "grade_contestant", "grade_notebook", "grade_sets", "grading_budget", "legality_item",
           "observation_lines", "opponent_name", "play_learner_games", "play_one", "play_sets", "replay_reference",
           "strength_items", "time_item", "win_hint"]
