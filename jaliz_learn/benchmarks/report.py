"""The tables printed by ``jaliz-learn bench --peer / --copies / --strength`` (Markdown, as in docs/BENCHMARKS.md).

Each function yields lines as soon as a row is measured, so a long run shows progress.
"""

from __future__ import annotations

import datetime
import os
import platform
from collections.abc import Iterator, Sequence

from .costs import CLONE_TARGET, ROUND_TRIP_TARGET, clone_cost, round_trip_cost
from .peer import FLOORS, MISSING, PEER, load_peer, peer_ratio
from .strength import search_strength


def machine() -> str:
    """One line describing where the figures come from: cores, CPU model, Python, date (UTC)."""
    model = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    return (f"{os.cpu_count()} cores (nproc), {model}, Python {platform.python_version()} "
            f"({platform.python_implementation()}), {now}")


def _mark(ok: bool) -> str:
    return "yes" if ok else "**no**"


def peer_table(games: Sequence[str], *, rounds: int = 9, seconds: float = 0.3,
               players: int | None = None) -> Iterator[str]:
    """``play()`` decisions/s of each game over the peer's, median of alternating slices
    (``players``: one player count for every game; default: each game's own)."""
    peer = load_peer()
    if peer is None:
        yield MISSING
        return
    yield f"play() with random bots vs {PEER}, random loop; median ratio of {rounds} rounds of {seconds:g} s slices"
    yield ("(the decisions per second show the machine's state: on a shared machine both rates move from slice to "
           "slice, and not always together)")
    yield ""
    yield "| game | players | ratio | lowest–highest round | floor | holds | play() decisions/s | peer's |"
    yield "|---|---|---|---|---|---|---|---|"
    for name in games:
        r = peer_ratio(name, players, rounds=rounds, seconds=seconds, peer=peer)
        assert r is not None
        lo, hi = r.timing.spread
        floor = FLOORS.get(name)
        shown, holds = (f"{floor:g}×", _mark(r.ratio >= floor)) if floor is not None else ("—", "—")
        yield (f"| {name} | {r.players} | {r.ratio:.2f}× | {lo:.2f}–{hi:.2f} | {shown} | {holds} "
               f"| {r.timing.rate_a:,.0f} | {r.timing.rate_b:,.0f} |")


def copies_table(games: Sequence[str], *, rounds: int = 7, seconds: float = 0.3) -> Iterator[str]:
    """``clone()`` and the compact position round trip of a mid-game state, in random-play decisions."""
    yield (f"cost of one operation on a mid-game state, in random-play decisions of the same game; "
           f"median of {rounds} rounds of {seconds:g} s slices")
    yield ""
    yield (f"| game | players | clone() | target ≤ {CLONE_TARGET:g} | compact round trip | "
           f"target ≤ {ROUND_TRIP_TARGET:g} (jaliz 4p) |")
    yield "|---|---|---|---|---|---|"
    for name in games:
        cells: list[str] = []
        players = None
        for fn, target in ((clone_cost, CLONE_TARGET), (round_trip_cost, ROUND_TRIP_TARGET)):
            try:
                r = fn(name, rounds=rounds, seconds=seconds)
            except (TypeError, NotImplementedError):  # a game without the compact form (yet)
                cells += ["n/a: no to_json(compact=True)", "—"]
                continue
            players = r.players
            applies = fn is clone_cost or name == "jaliz"
            cells += [f"{r.decisions:.2f}", _mark(r.decisions <= target) if applies else "—"]
        yield f"| {name} | {players if players is not None else '?'} | " + " | ".join(cells) + " |"


def strength_table(games: Sequence[str], *, opponents: Sequence[str] = ("heuristic", "random"), matches: int = 12,
                   iterations: int | None = None, rollout_depth: int | None = None, to_the_end: bool = False,
                   reuse: int = 1, seed: int = 0, players: int | None = None,
                   budgets: Sequence[int] = ()) -> Iterator[str]:
    """Win rate of one ISMCTS bot against the others, seat-rotated, with a Wilson 95% interval.

    The bot is the registered one (``make_bot("mcts", game)``, :func:`~.strength.bot_settings`) unless
    ``iterations`` / ``rollout_depth`` / ``to_the_end`` change it; every line prints the settings it used.
    ``budgets``: one line per budget (iterations per decision) instead, the budget lines of a game: its strength
    should not fall as the budget grows."""
    reused = f"; each sampled state used for {reuse} iterations" if reuse > 1 else ""
    asked = [f"{iterations} iterations" if iterations is not None else "",
             "rollouts to the end" if to_the_end else f"rollouts cut after {rollout_depth}" if rollout_depth else ""]
    changed = ", ".join(a for a in asked if a)
    which = (f"the registered bot (make_bot(\"mcts\", game)) with {changed}" if changed
             else "the registered bot, make_bot(\"mcts\", game), as learners get it")
    yield (f"one ISMCTS bot, {which}{reused} (the game's own bot as prior and in rollouts), against the "
           f"others, seats rotated, {matches} games per line (rounded up to full rotations), seed {seed}; settings: "
           f"search mode, iterations per decision, rollout cut-off, decisions left to the rule; wins: shared ones "
           f"(ties for first) in brackets; "
           f"beats them: the Wilson 95% interval of its *sole* wins lies above the equal share (so ties cannot pass "
           f"the test); ms/decision: mean CPU time of a searched decision (in brackets: wall time, which other load "
           f"on the machine inflates, over all decisions, forced ones included)")
    yield ""
    yield ("| game | players | settings | opponents | games | wins (shared) | win rate | sole wins "
           "| Wilson 95% of sole wins | equal share | beats them | CPU (wall) ms/decision |")
    yield "|---|---|---|---|---|---|---|---|---|---|---|---|"
    per_game: list[int | None] = list(budgets) or [iterations]
    lines = [(name, opp, budget) for name in games for opp in opponents for budget in per_game]
    skip: set[str] = set()
    for name, opp, budget in lines:
        if name in skip:
            continue
        try:
            r = search_strength(name, opp, games=matches, players=players, iterations=budget,
                                rollout_depth=rollout_depth, to_the_end=to_the_end, reuse=reuse, seed=seed)
        except NotImplementedError as exc:
            yield f"| {name} | | | {opp} | | | | | | | n/a: {exc} | |"
            skip.add(name)
            continue
        fail = f" ({r.failures} failed)" if r.failures else ""
        low, high = r.sole_interval
        yield (f"| {name} | {r.players} | {r.settings_text} | {r.opponent} | {r.games}{fail} | {r.wins} ({r.shared}) "
               f"| {r.win_rate:.2f} | {r.sole_wins / r.games:.2f} | {low:.2f}–{high:.2f} | {r.equal_share:.2f} "
               f"| {_mark(r.beats)} | {r.cpu_ms:.0f} ({r.mean_ms:.0f}) |")
