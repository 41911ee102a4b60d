"""Graded games played by the grader, with the learner's bot behind a :class:`Contestant`.

The grader's process keeps the game and the real state. The learner's bot is reached through a
contestant: :class:`SandboxContestant` (the notebook in its own process, for grading) or
:class:`InProcessContestant` (a bot object or class in this process, for the learner's own
``check()`` or trusted bots). Opponents are library bots and run here.

:func:`play_learner_games` plays games with the learner's seat rotated and returns one record per
seat and game (the fields of :mod:`jaliz_learn.tournament`'s records, plus ``replay``: a one-line
snippet that rebuilds the position where the learner's bot failed, and ``where``: the notebook
cell and line). :func:`legality_item`, :func:`time_item` and :func:`strength_items` turn records
into report items; any failure in a graded game fails the item that played it.
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Mapping, Sequence
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
from .failures import BotFailure, Limits, LoadFailure
from .notebooks import LEARNER, describe_learner_exception, learner_frame
from .report import CheckResult, GradeReport, failure_hint

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
        start = time.perf_counter()
        with TimeGuard() as guard:
            try:
                return guard.call(bot.act, (observation, legal), limit)  # type: ignore[no-any-return]
            except DecisionTimeout:
                elapsed = time.perf_counter() - start
                raise BotFailure("timeout", f"one decision took more than {limit:g} s (stopped after "
                                            f"{elapsed:.2f} s)", method="act") from None
            except (Exception, SystemExit) as exc:
                raise BotFailure("crash", describe_learner_exception(exc), learner_frame(exc), "act") from None

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

    def drop(self, bot: Any) -> None:
        self.sandbox.drop(bot)


# ---- replay snippets -----------------------------------------------------------------------------


def replay_snippet(state: State, seat: int, class_name: str, bot_seed: int) -> str:
    """One line of Python that rebuilds ``state`` and asks a fresh bot for its action there."""
    try:
        data = state.to_json(compact=True)  # type: ignore[call-arg]
    except TypeError:  # a game without the compact form yet
        data = state.to_json()
    text = json.dumps(data, separators=(",", ":"))
    return (f"import json, jaliz_learn; s = jaliz_learn.load_game({state.game.name!r}).state_from_json("
            f"json.loads({text!r})); {class_name}({bot_seed}).act(s.observation({seat}), s.legal_actions({seat}))")


# ---- playing -------------------------------------------------------------------------------------


def _describe_non_action(value: Any) -> str:
    try:
        shown = repr(value)
    except Exception:
        shown = f"<{type(value).__name__}>"
    shown = shown if len(shown) <= 80 else shown[:77] + "..."
    return f"act() returned {shown} ({type(value).__name__}), which is not an action"


def play_one(game: Game, learner: Contestant, opponent: Any, *, seat_of_learner: int, num_players: int, seed: int,
             time_limit: float | None, max_decisions: int = 100_000) -> tuple[State, list[dict[str, Any]]]:
    """One game with the learner in ``seat_of_learner``; the final state and one record per seat."""
    n = num_players
    bot_seeds = [derive_seed(seed, 1000 + s) for s in range(n)]
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
            try:
                action, elapsed = learner.act(handle, obs, legal, time_limit)
            except BotFailure as exc:
                failure = {"kind": exc.kind, "reason": exc.reason, "decision": decision, "method": exc.method,
                           "frame": exc.frame}
                elapsed = 0.0
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
                failure["replay"] = replay_snippet(state, seat, learner.class_name, bot_seeds[seat])
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
            "method": None, "where": None, "replay": None,
        }
        if failure is None:
            row["win"] = s in standings.winners
        elif mine:
            frame = failure.get("frame") or {}
            row.update(win=False, failure=failure["kind"], reason=failure["reason"], decision=failure["decision"],
                       method=failure.get("method"), replay=failure.get("replay"),
                       where=(f"{frame['cell']}, line {frame['line']}" if frame.get("cell") else None))
        else:
            row.update(win=True, reason="won by forfeit: your bot failed")
        rows.append(row)
    return state, rows


def play_learner_games(game: Game | str, learner: Contestant, *, games: int, num_players: int, seed: int,
                       opponent: Any = RandomBot, time_limit: float | None = 1.0,
                       max_failures: int | None = None) -> list[dict[str, Any]]:
    """Play ``games`` games (rounded up to a multiple of ``num_players``): the learner's seat rotates
    over blocks of games that share one deal. Stops after ``max_failures`` failed games."""
    g = as_game(game)
    g.info.check_players(num_players)
    records: list[dict[str, Any]] = []
    failed = 0
    total = math.ceil(games / num_players) * num_players
    for index in range(total):
        if max_failures is not None and failed >= max_failures:
            break
        block, seat = divmod(index, num_players)
        game_seed = derive_seed(seed, block)
        state, rows = play_one(g, learner, opponent, seat_of_learner=seat, num_players=num_players, seed=game_seed,
                               time_limit=time_limit)
        for row in rows:
            records.append({"game": index, "seed": game_seed, "turns": state.log.turn, **row})
        failed += any(r["failure"] is not None for r in rows)
    return records


# ---- report items --------------------------------------------------------------------------------

_WORDS = {"crash": ("crash", "crashes"), "timeout": ("timeout", "timeouts"),
          "non-action": ("non-action", "non-actions"), "illegal": ("illegal action", "illegal actions")}


def _mine(records: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    return [r for r in records if r["bot"] == LEARNER]


def _failure_text(first: Mapping[str, Any]) -> str:
    text = f"game seed {first['seed']}, seat {first['seat']}, decision '{first['decision']}': {first['reason']}"
    if first.get("replay"):
        text += f"\n  replay that position: {first['replay']}"
    return text


def failures_summary(records: Sequence[Mapping[str, Any]]) -> tuple[int, str, Mapping[str, Any] | None]:
    """(failed games, 'N crashes, M timeouts', the first failed record) of the learner's games."""
    bad = [r for r in _mine(records) if r["failure"] is not None]
    counts: dict[str, int] = {}
    for r in bad:
        counts[r["failure"]] = counts.get(r["failure"], 0) + 1
    what = ", ".join(f"{n} {_WORDS.get(k, (k, k + 's'))[n != 1]}" for k, n in counts.items())
    return len(bad), what, (bad[0] if bad else None)


def legality_item(records: Sequence[Mapping[str, Any]], *, stopped_early: bool,
                  time_limit: float | None) -> CheckResult:
    """``legal actions``: every game played to its end without a failure of the learner's bot."""
    mine = _mine(records)
    played = len({r["game"] for r in mine})
    decisions = sum(r["decisions"] for r in mine)
    n, what, first = failures_summary(records)
    if first is None:
        return CheckResult("legal actions", True, f"{played} games, {decisions} decisions, every action legal",
                           details={"games": played, "decisions": decisions})
    of = f"the first {played}" if stopped_early else f"{played}"
    return CheckResult("legal actions", False, f"your bot failed in {n} of {of} games ({what}). First: "
                       + _failure_text(first), failure_hint(first["failure"], first["reason"], time_limit),
                       {"games": played, "failures": n, "first": dict(first)})


def time_item(records: Sequence[Mapping[str, Any]], time_limit: float) -> CheckResult:
    """``time per decision``: the slowest decision of the learner's bot within ``time_limit``."""
    mine = _mine(records)
    decisions = sum(r["decisions"] for r in mine)
    slowest = max((r["max_ms"] for r in mine), default=0.0)
    mean = sum(r["total_ms"] for r in mine) / decisions if decisions else 0.0
    timeouts = [r for r in mine if r["failure"] == "timeout"]
    if not timeouts and slowest <= 1000 * time_limit:
        return CheckResult("time per decision", True, f"slowest decision {slowest:.1f} ms, mean {mean:.2f} ms "
                           f"(limit {1000 * time_limit:g} ms)", details={"slowest_ms": slowest, "mean_ms": mean})
    games = len({r["game"] for r in mine})
    if not timeouts:  # no decision was stopped, but the slowest one took longer than the bar
        slow = max(mine, key=lambda r: r["max_ms"])
        return CheckResult("time per decision", False,
                           f"a decision took longer than {time_limit:g} s: the slowest took {slowest:.0f} ms "
                           f"(game seed {slow['seed']}, seat {slow['seat']})", failure_hint("timeout", "", time_limit),
                           {"slowest_ms": slowest, "mean_ms": mean})
    first = timeouts[0]
    return CheckResult("time per decision", False,
                       f"in {len(timeouts)} of {games} games a decision took longer than {time_limit:g} s. First: "
                       + _failure_text(first), failure_hint("timeout", first["reason"], time_limit),
                       {"slowest_ms": slowest, "mean_ms": mean})


def strength_items(records: Sequence[Mapping[str, Any]], *, min_win_rate: float | None,
                   min_score: float | None = None, opponent_name: str, num_players: int,
                   score_word: str = "points", win_hint: str = "", score_hint: str = "",
                   time_limit: float | None = None) -> list[CheckResult]:
    """``win rate`` (and ``<score_word> per game`` with ``min_score``) of the learner's bot.

    A game lost by a failure of the bot counts as a loss and has no score, *and* fails both
    items: a bot that crashed in any graded game does not pass.
    """
    summary = summarize(list(records), [LEARNER, OPPONENT])
    r = summary.loc[LEARNER]
    games, wins = int(r["games"]), int(r["wins"])
    n_failed, what, first = failures_summary(records)
    failure_text = f"; {n_failed} games were lost by failures ({what}). First: {_failure_text(first)}" if first else ""
    hint_fail = failure_hint(first["failure"], first["reason"], time_limit) if first else ""
    items = []
    if min_win_rate is not None:
        passed = r["win_rate"] >= min_win_rate and first is None
        items.append(CheckResult(
            "win rate", bool(passed),
            f"won {wins} of {games} games ({100 * r['win_rate']:.0f}%, 95% interval {100 * r['ci_low']:.0f}-"
            f"{100 * r['ci_high']:.0f}%) against {num_players - 1} x {opponent_name}; needed "
            f"{100 * min_win_rate:.0f}%" + failure_text,
            hint_fail or win_hint, {"win_rate": float(r["win_rate"]), "wins": wins, "games": games}))
    if min_score is not None:
        score = float(r["mean_score"]) if not math.isnan(r["mean_score"]) else 0.0
        completed = sum(1 for x in _mine(records) if x["completed"])
        items.append(CheckResult(
            f"{score_word} per game", bool(score >= min_score and first is None),
            f"{score:.1f} {score_word} per game on average over {completed} completed games; needed {min_score:g}"
            + failure_text, hint_fail or score_hint, {"mean_score": score, f"mean_{score_word}": score}))
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
                     report: GradeReport | None = None) -> GradeReport:
    """Legality sweep, time per decision and (with ``min_win_rate``) win rate of a contestant."""
    g = as_game(game)
    n = num_players if num_players is not None else g.resolve_num_players(None)
    report = report if report is not None else GradeReport(f"{g.info.title}: grading")
    legal_limit = max(2.0, 3 * time_limit)
    records = play_learner_games(g, learner, games=legality_games, num_players=n, seed=seed, opponent=opponent,
                                 time_limit=legal_limit, max_failures=3)
    total = math.ceil(legality_games / n) * n
    legal = legality_item(records, stopped_early=len({r["game"] for r in records}) < total, time_limit=legal_limit)
    report.items.append(legal)
    later = ["time per decision"] + (["win rate"] if min_win_rate is not None else [])
    if not legal.passed:
        for name in later:
            report.add(name, False, "not run yet: first make every action legal (see above)")
        return report
    games = play_learner_games(g, learner, games=win_games if min_win_rate is not None else max(n, 6),
                               num_players=n, seed=seed + 1, opponent=opponent, time_limit=max(2.0, 2 * time_limit))
    report.items.append(time_item(games, time_limit))
    if min_win_rate is not None:
        report.items.extend(strength_items(games, min_win_rate=min_win_rate, opponent_name=opponent_name(opponent),
                                           num_players=n, win_hint=win_hint(n), time_limit=time_limit))
    return report


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


__all__ = ["Contestant", "InProcessContestant", "OPPONENT", "SandboxContestant", "failures_summary",
           "grade_contestant", "grade_notebook", "legality_item", "opponent_name", "play_learner_games", "play_one",
           "replay_snippet", "strength_items", "time_item", "win_hint"]
