"""Bot comparisons by SPRT: ``jaliz-learn match GAME BOT_A BOT_B --sprt elo0=0 elo1=20`` (issue 52).

As cutechess-cli and Fishtest do, two bots play **pairs** of games (one deal, each bot once in each seat) until the
pentanomial GSPRT of :class:`jaliz_learn.sequential.MatchZone` decides: H1 (``BOT_A`` is at least ``elo1`` stronger)
or H0 (at most ``elo0``), at error rates α and β, or the maximum is reached and the estimate decides. A clear pair
decides in a few dozen games, a close one in many more.

Pair ``k`` is dealt from ``derive_seed(seed, k)`` and the bots' seeds follow from it, so the games do not depend on
where they run: on an executor (processes, Dask, Ray) pairs are played ahead in a window but taken **in order**, and
the test stops at the same pair as a serial run; the pairs played ahead are dropped. The verdict is the same on
every executor (for bots that decide by their seed, not by the clock).

>>> result = sprt_match("nizam", "greedy", "random", zone=MatchZone(0, 100), max_pairs=30, say=lambda line: None)
>>> result["verdict"].passed, result["pairs"] < 30
(True, True)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from typing import Any

from .core.errors import InvalidOption
from .core.play import as_game
from .executors import make_executor, run_tasks
from .sequential import MatchZone, Verdict, score_elo
from .tournament import derive_seed, play_contained


def parse_sprt(words: Sequence[str]) -> dict[str, float]:
    """``["elo0=0", "elo1=20", "alpha=0.05"]`` -> the :class:`MatchZone` settings (one clear line if wrong).

    >>> parse_sprt(["elo0=0", "elo1=20"])
    {'elo0': 0.0, 'elo1': 20.0}
    """
    out: dict[str, float] = {}
    for word in words:
        key, sep, value = word.partition("=")
        if not sep or key not in ("elo0", "elo1", "alpha", "beta"):
            raise InvalidOption(f"--sprt takes elo0=, elo1=, alpha= and beta=, got {word[:40]!r}")
        try:
            out[key] = float(value)
        except ValueError:
            raise InvalidOption(f"--sprt {key} must be a number, got {value[:40]!r}") from None
        if not math.isfinite(out[key]):
            raise InvalidOption(f"--sprt {key} must be finite")
    return out


def _pair(task: tuple[Any, ...]) -> tuple[float, float, int]:
    """One pair of games: (A's score in the pair's first game, in its second, failures). A win scores 1, a win
    shared with the other bot 1/2, a loss 0; a game a bot failed is lost by that bot."""
    game, a, b, seed, time_limit = task
    scores = []
    failures = 0
    for seat_a in (0, 1):
        specs = [a, b] if seat_a == 0 else [b, a]
        game_seed = derive_seed(seed, seat_a)
        _, rows = play_contained(game, specs, game_seed, time_limit=time_limit,
                                 bot_seeds=[derive_seed(game_seed, 1 + s) for s in range(2)])
        mine, theirs = rows[seat_a], rows[1 - seat_a]
        failures += any(r["failure"] is not None for r in rows)
        won, lost = bool(mine.get("win")), bool(theirs.get("win"))
        scores.append(0.5 if won and lost else 1.0 if won else 0.0)
    return scores[0], scores[1], failures


def progress_line(verdict: Verdict, games: int, points: float) -> str:
    """``games 24, score 15.5-8.5 (64.6%), Elo +104, LLR 1.86 [-2.94, 2.94]``."""
    elo = score_elo(verdict.estimate)
    shown = f"{elo:+.0f}" if math.isfinite(elo) else ("+inf" if elo > 0 else "-inf")
    return (f"games {games}, score {points:g}-{games - points:g} ({100 * points / games:.1f}%), Elo {shown}, "
            f"LLR {verdict.llr:.2f} [{verdict.bounds[0]:.2f}, {verdict.bounds[1]:.2f}]")


def sprt_match(game: str, bot_a: Any, bot_b: Any, *, zone: MatchZone | None = None, seed: int = 0,
               max_pairs: int | None = None, time_limit: float | None = None, executor: Executor | None = None,
               every: int = 5, say: Callable[[str], None] = print) -> dict[str, Any]:
    """Play pairs of ``bot_a`` against ``bot_b`` until ``zone``'s test decides; ``say`` gets a progress line every
    ``every`` pairs and the verdict. Returns ``verdict``, ``pairs``, ``games``, ``points`` (A's), ``failures``."""
    from .ladder import resolve

    g = as_game(game)
    g.info.check_players(2)
    zone = zone or MatchZone()
    if max_pairs is not None:
        zone = MatchZone(zone.elo0, zone.elo1, zone.alpha, zone.beta, max_pairs=max_pairs, min_pairs=zone.min_pairs)
    (name_a, a), (name_b, b) = resolve(bot_a, g.name), resolve(bot_b, g.name)
    window = 2 * (getattr(executor, "_max_workers", None) or 2) if executor is not None else 1
    pair_scores: list[float] = []
    points = 0.0
    failures = 0
    verdict: Verdict | None = None
    while verdict is None:
        first = len(pair_scores)
        tasks = [(g, a, b, derive_seed(seed, k), time_limit) for k in range(first, min(first + window, zone.max_pairs))]
        results: dict[int, tuple[float, float, int]] = {}
        for index, result in run_tasks(_pair, tasks, executor):
            results[index] = result
        for index in range(len(tasks)):  # in pair order: the stop falls where a serial run's does
            s1, s2, bad = results[index]
            pair_scores.append((s1 + s2) / 2)
            points += s1 + s2
            failures += bad
            verdict = zone.verdict(pair_scores)
            n = len(pair_scores)
            if verdict is not None or n % every == 0:
                shown = verdict or zone.verdict(pair_scores, final=True)
                assert shown is not None
                say(f"{name_a} vs {name_b}: {progress_line(shown, 2 * n, points)}")
            if verdict is not None:
                break
    result = "H1 accepted" if verdict.passed else "H0 accepted"
    why = {"upper boundary crossed": "the LLR crossed the upper bound",
           "lower boundary crossed": "the LLR crossed the lower bound"}.get(verdict.reason, verdict.reason)
    say(f"SPRT elo0={zone.elo0:g} elo1={zone.elo1:g} alpha={zone.alpha:g} beta={zone.beta:g}: {result} "
        f"({name_a} {'is' if verdict.passed else 'is not'} {zone.elo1:g}+ Elo stronger than {name_b}: "
        f"{why}) after {verdict.games} games; score {100 * verdict.estimate:.1f}% (95% interval "
        f"{100 * verdict.interval[0]:.1f}-{100 * verdict.interval[1]:.1f}%)"
        + (f"; {failures} games had a bot failure (lost by that bot)" if failures else ""))
    return {"verdict": verdict, "pairs": len(pair_scores), "games": 2 * len(pair_scores), "points": points,
            "failures": failures, "bots": (name_a, name_b)}


def cmd_match(args: Any) -> int:
    """``jaliz-learn match``: exit status 0 when H1 is accepted (A is stronger), 1 when H0 is."""
    settings = parse_sprt(args.sprt or [])
    try:
        zone = MatchZone(**settings, max_pairs=max(1, math.ceil(args.max_games / 2)))  # type: ignore[arg-type]
    except ValueError as exc:
        raise InvalidOption(f"--sprt: {exc}") from None
    if args.jobs is not None and args.jobs < 1:
        raise InvalidOption("--jobs must be at least 1")
    with make_executor(args.executor, jobs=args.jobs, address=args.address) as executor:
        result = sprt_match(args.game, args.bot_a, args.bot_b, zone=zone, seed=args.seed, time_limit=args.time_limit,
                            executor=executor, say=print if args.verbosity >= 0 else (lambda line: None))
    return 0 if result["verdict"].passed else 1


def add_match_command(sub: Any, verbosity: Callable[[Any], None]) -> None:
    """The ``match`` subcommand (kept here so that cli.py stays small)."""
    p = sub.add_parser("match", help="compare two bots by a sequential test (SPRT), as cutechess-cli does: paired, "
                       "seat-swapped games until the test decides")
    p.add_argument("game", help="a two-player game")
    p.add_argument("bot_a", help="a bot name (random, greedy, mcts, mcts@160) or module:Class")
    p.add_argument("bot_b", help="the bot to compare with")
    p.add_argument("--sprt", nargs="*", default=["elo0=0", "elo1=20"], metavar="KEY=VALUE",
                   help="elo0=, elo1= (default 0 and 20), alpha=, beta= (default 0.05)")
    p.add_argument("--max-games", type=int, default=4000, help="the hard maximum (then the estimate decides)")
    p.add_argument("--seed", type=int, default=0, help="every pair's deal follows from it and its number")
    p.add_argument("--time-limit", type=float, default=None, help="seconds per decision (slower: forfeit)")
    p.add_argument("--executor", default=None, choices=["serial", "process", "dask", "ray"],
                   help="where the pairs run (default: serial, or process with --jobs > 1)")
    p.add_argument("--jobs", type=int, default=None, help="worker processes (process pool or local Dask cluster)")
    p.add_argument("--address", default=None, help="an existing Dask or Ray cluster's address")
    verbosity(p)
    p.set_defaults(func=cmd_match)


__all__ = ["add_match_command", "cmd_match", "parse_sprt", "progress_line", "sprt_match"]
