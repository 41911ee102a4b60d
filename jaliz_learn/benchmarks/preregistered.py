"""Pre-registered strength runs (issue 34, part 3): the registered search bot against the game's own bot, on deals
no tuning ever saw.

What is fixed before any game is played (the registration):

* the bot: ``make_bot("mcts", game)``'s settings (:func:`~jaliz_learn.benchmarks.strength.bot_settings`), printed
  with every line;
* the lines: every game mode at 2, 3 and 4 players (3, 4 and 5 where 2 is not allowed), :data:`GAMES_PER_LINE`
  games each, seats rotated (blocks of ``players`` games share one deal);
* the seeds: block ``b`` of a line is :func:`block_seed` ``(game, players, b)``, derived from :data:`MASTER_SEED`.
  Tuning (the settings in ``TUNED``, the rows of docs/BENCHMARKS.md's tuning section) used seeds 0-999 and the
  fresh-deal checks and the later Jaliz tuning used 20261206-20261209; the master seed and every seed derived from
  it are outside both (:data:`TUNING_SEEDS` records them; a test checks the derived game seeds avoid them).

A run writes one JSON line per finished block to a results file and skips the blocks already there, so a long
run can be stopped and resumed (or split over machines) without changing a game. The report gives, per line, the
win rate with its Wilson 95% interval, the same for sole wins (a tie for first is not one: see :func:`sole_win`),
the mean score margin (the search bot's final score minus the best
opponent's), the CPU time of a searched decision, and the games played so far: a line that has not reached
:data:`GAMES_PER_LINE` games says so and gets no verdict ("interim"), since reading a verdict off a run that may
still be stopped at a favourable moment would bias it.

    python -m jaliz_learn.benchmarks.preregistered run nizam --players 2 --out prereg.jsonl
    python -m jaliz_learn.benchmarks.preregistered run jaliz --shard 0/8 --out prereg-0.jsonl   # machine 0 of 8
    python -m jaliz_learn.benchmarks.preregistered report prereg.jsonl
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..core.registry import load_game
from ..core.rng import hash_seed
from ..ladder import BotSpec
from ..tournament import derive_seed, tournament, wilson_interval
from .strength import _SearchFactory, bot_settings, heuristic_name, settings_at, settings_text

#: The master seed of the pre-registered runs (chosen 2026-12-06, before any of their games was played).
MASTER_SEED = 918_273_645
#: Seeds the tuning and the earlier fresh-deal checks used (none of the pre-registered runs may use them).
TUNING_SEEDS: tuple[range, ...] = (range(0, 1000), range(20261206, 20261210))
#: Games per line (the search bot plays one seat of each).
GAMES_PER_LINE = 200
#: The game modes, in the order of the report.
MODES = ("jaliz", "jaliz-advanced", "nizam", "pearl-of-the-east", "jungli-la", "bali", "bali-tani")


def player_counts(game_name: str) -> tuple[int, ...]:
    """2, 3 and 4 players, or 3, 4 and 5 where the game needs at least three.

    >>> player_counts("jaliz"), player_counts("nizam")
    ((3, 4, 5), (2, 3, 4))
    """
    low = max(2, load_game(game_name).info.min_players)
    return (low, low + 1, low + 2)


def block_seed(game_name: str, players: int, block: int) -> int:
    """The deal of block ``block`` of a line: derived from :data:`MASTER_SEED`, the mode and the player count."""
    line = hash_seed(hash_seed(MASTER_SEED, MODES.index(game_name)), players)
    return derive_seed(line, block)


def play_block(game_name: str, players: int, block: int) -> dict[str, Any]:
    """One block (``players`` games on one deal, the search bot in each seat once) as a JSON-able record."""
    game = load_game(game_name)
    settings = settings_at(bot_settings(game_name), players)  # what the bot plays with at this count
    own = heuristic_name(game_name)
    search = _SearchFactory(game, **settings)
    entries: list[Any] = [("mcts", search)] + [(own, BotSpec(own, game_name))] * (players - 1)
    seed = block_seed(game_name, players, block)
    df = tournament(game, entries, games=players, seed=seed, num_players=players, executor=None)
    games: dict[int, list[dict[str, Any]]] = {}
    for r in df.attrs["games"]:
        games.setdefault(r["game"], []).append(r)
    results = []
    for seats in games.values():
        mine = next(r for r in seats if r["bot"] == "mcts")
        others = [r["score"] for r in seats if r["bot"] != "mcts"]
        completed = all(r["completed"] for r in seats)
        results.append({"win": bool(mine["win"]), "winners": mine["winners"], "failure": mine["failure"],
                        "margin": (mine["score"] - max(others)) if completed and others else None})
    return {"game": game_name, "players": players, "block": block, "seed": seed, "settings": settings,
            "opponent": own, "results": results, "searched": sum(b.searched for b in search.made),
            "cpu_seconds": sum(b.cpu_seconds for b in search.made)}


def sole_win(result: dict[str, Any]) -> bool:
    """Whether the search bot won a game alone. Records written before 2026-12-06's second session have no
    ``winners``: there a win counts as sole only with a score margin above 0, so a win on a tie-break counts as
    shared (an undercount: the test stays on the safe side).

    >>> sole_win({"win": True, "winners": 2, "margin": 0.0}), sole_win({"win": True, "margin": 0.0})
    (False, False)
    >>> sole_win({"win": True, "winners": 1, "margin": 0.0}), sole_win({"win": True, "margin": 3.0})
    (True, True)
    """
    if not result["win"]:
        return False
    if "winners" in result:
        return bool(result["winners"] == 1)
    return result["margin"] is not None and result["margin"] > 0


def read(path: Path | str) -> list[dict[str, Any]]:
    """The block records of a results file (none if it does not exist)."""
    p = Path(path)
    if not p.exists():
        return []
    return [json.loads(line) for line in p.read_text().splitlines() if line.strip()]


def run(game_name: str, players: int, out: Path | str, *, games: int = GAMES_PER_LINE, shard: tuple[int, int] = (0, 1),
        progress: bool = True) -> Iterator[dict[str, Any]]:
    """Play the blocks of one line that ``out`` does not hold yet, appending each record as it finishes.

    ``shard=(k, n)``: only the blocks whose number is ``k`` modulo ``n`` (machine ``k`` of ``n``; concatenate
    their results files for the report: a block's games depend on its number alone)."""
    blocks = math.ceil(games / players)
    settings = _settings_key(settings_at(bot_settings(game_name), players))
    done = {r["block"] for r in read(out)
            if r["game"] == game_name and r["players"] == players and _settings_key(r["settings"]) == settings}
    k, n = shard
    for block in range(blocks):
        if block in done or block % n != k:
            continue
        record = play_block(game_name, players, block)
        with open(out, "a") as f:
            f.write(json.dumps(record) + "\n")
        if progress:
            print(f"{game_name} {players}p block {block + 1}/{blocks}: "
                  f"{sum(r['win'] for r in record['results'])}/{players} wins", flush=True)
        yield record


@dataclass(frozen=True)
class Line:
    """One line of the pre-registered report."""

    game: str
    players: int
    settings: str
    opponent: str
    games: int
    wins: int
    ci_low: float
    ci_high: float
    margin: float
    cpu_ms: float
    sole: int = 0  # wins the search bot did not share (see sole_win)

    @property
    def equal_share(self) -> float:
        return 1.0 / self.players

    @property
    def complete(self) -> bool:
        """Whether the line has its registered :data:`GAMES_PER_LINE` games; only then does the report give it a
        verdict."""
        return self.games >= GAMES_PER_LINE

    @property
    def verdict(self) -> str:
        """The registered test, on all wins (shared ones count): ``beats`` (lower bound above the equal share),
        ``loses`` (upper bound below it) or ``not separated``."""
        return _verdict(self.ci_low, self.ci_high, self.equal_share)

    @property
    def sole_interval(self) -> tuple[float, float]:
        return wilson_interval(self.sole, self.games)

    @property
    def sole_verdict(self) -> str:
        """The same test on sole wins, which ties cannot pass (why: ``StrengthResult.beats`` in
        :mod:`jaliz_learn.benchmarks.strength`)."""
        return _verdict(*self.sole_interval, self.equal_share)


def _verdict(low: float, high: float, share: float) -> str:
    return "beats" if low > share else "loses" if high < share else "not separated"


def _settings_key(settings: dict[str, Any]) -> str:
    """A bot's settings as one comparable text (as read back from JSON: tuples become lists)."""
    return json.dumps(settings, sort_keys=True)


def lines(records: Iterable[dict[str, Any]]) -> list[Line]:
    """The report's lines from block records, in :data:`MODES` order then by player count, then in the order
    their settings first appear (a line played again after the registered bot changed is a line of its own). A
    block found twice (overlapping shards, a rerun) counts once: its games depend on its number and the settings
    alone."""
    grouped: dict[tuple[str, int, str], list[dict[str, Any]]] = {}
    seen: set[tuple[str, int, str, int]] = set()
    for r in records:
        key = (r["game"], r["players"], _settings_key(r["settings"]))
        if (*key, r["block"]) in seen:
            continue
        seen.add((*key, r["block"]))
        grouped.setdefault(key, []).append(r)
    out = []
    for (game, players, _), blocks in sorted(grouped.items(), key=lambda kv: (MODES.index(kv[0][0]), kv[0][1])):
        results = [g for b in blocks for g in b["results"]]
        wins = sum(g["win"] for g in results)
        lo, hi = wilson_interval(wins, len(results))
        margins = [g["margin"] for g in results if g["margin"] is not None]
        searched = sum(b["searched"] for b in blocks)
        out.append(Line(game, players, settings_text(**blocks[0]["settings"]), blocks[0]["opponent"], len(results),
                        wins, lo, hi, sum(margins) / len(margins) if margins else float("nan"),
                        1000 * sum(b["cpu_seconds"] for b in blocks) / searched if searched else float("nan"),
                        sum(sole_win(g) for g in results)))
    return out


def report(records: Iterable[dict[str, Any]]) -> str:
    """A markdown table of the lines (the one in docs/BENCHMARKS.md)."""
    rows = ["| mode | players | search bot | vs | games | wins | win rate | Wilson 95% | equal share | verdict "
            "| sole wins | Wilson 95% | verdict on sole wins | mean margin | CPU / searched decision |",
            "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for ln in lines(records):
        short = "" if ln.complete else f" (of {GAMES_PER_LINE})"
        # A short line's figures are shown, but its verdict is not read off them before the registered count.
        verdict, sole_verdict = (ln.verdict, ln.sole_verdict) if ln.complete else ("interim", "interim")
        low, high = ln.sole_interval
        rows.append(f"| {ln.game} | {ln.players} | {ln.settings} | {ln.opponent} | {ln.games}{short} | {ln.wins} "
                    f"| {ln.wins / ln.games:.2f} | {ln.ci_low:.2f}-{ln.ci_high:.2f} | {ln.equal_share:.2f} "
                    f"| {verdict} | {ln.sole} ({ln.sole / ln.games:.2f}) | {low:.2f}-{high:.2f} | {sole_verdict} "
                    f"| {ln.margin:+.1f} | {ln.cpu_ms:.0f} ms |")
    return "\n".join(rows)


def main(argv: list[str] | None = None) -> int:
    import argparse

    p = argparse.ArgumentParser(prog="python -m jaliz_learn.benchmarks.preregistered",
                                description=__doc__.split("\n")[0])
    sub = p.add_subparsers(dest="command", required=True)
    r = sub.add_parser("run", help="play the missing blocks of lines (default: every line of every mode)")
    r.add_argument("games", nargs="*", help=f"modes (default: all of {', '.join(MODES)})")
    r.add_argument("--players", type=int, action="append", help="player counts (default: the mode's three)")
    r.add_argument("--out", required=True, help="results file (JSON lines; appended, resumable)")
    r.add_argument("--shard", default="0/1", metavar="K/N",
                   help="play only the blocks numbered K modulo N (one of N machines; default 0/1: all)")
    r.add_argument("--per-line", type=int, default=GAMES_PER_LINE, help=argparse.SUPPRESS)
    s = sub.add_parser("report", help="the markdown table of a results file")
    s.add_argument("results", nargs="+", help="results files (several: the shards of a run)")
    a = p.parse_args(argv)
    if a.command == "report":
        print(report([r for path in a.results for r in read(path)]))
        return 0
    try:
        k, n_shards = (int(x) for x in a.shard.split("/"))
        if not 0 <= k < n_shards:
            raise ValueError
    except ValueError:
        p.error(f"--shard takes K/N with 0 <= K < N, e.g. 0/4, not {a.shard!r}")
    for name in a.games or MODES:
        if name not in MODES:
            p.error(f"unknown mode {name!r}; choose from {', '.join(MODES)}")
        for n in a.players or player_counts(name):
            for _ in run(name, n, a.out, games=a.per_line, shard=(k, n_shards)):
                pass
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())


__all__ = ["GAMES_PER_LINE", "MASTER_SEED", "MODES", "TUNING_SEEDS", "Line", "block_seed", "lines", "main",
           "play_block", "player_counts", "read", "report", "run"]
