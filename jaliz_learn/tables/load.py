"""A load test of the table server: many clients on many tables, each answered, some dropping and rejoining.

``load_test(tables=10, seats=3)`` opens ``tables`` tables of ``game`` on a server in this process and plays
every seat from its own WebSocket client (random actions, one asyncio task per client, like a class of
browsers). Every ``drop_every``-th action a client breaks its connection and rejoins with its code. It returns
the number of actions, the median and 95th-percentile time from sending an action to its ``ok``, and whether
every table finished with every client's view equal to the server's (nothing lost by a reconnect).

``python -m jaliz_learn.tables.load [GAME] [--tables 10] [--seats 3]`` prints it (docs/BENCHMARKS.md, "Live
tables"); tests/test_tables.py runs a bounded one. ``--fairness`` runs the fair-share benchmark instead
(:mod:`.fairness`: an honest 4-seat table's pace, quiet and under floods of renames and spectator connections;
``--seconds`` per phase, ``--connections``); tests/test_tables_fairness.py runs a short one.
"""

from __future__ import annotations

import asyncio
import json
import statistics
import time
from dataclasses import dataclass
from typing import Any

from jaliz_learn.core.rng import Rng

from .server import TableServer


@dataclass
class LoadResult:
    clients: int
    tables: int
    actions: int
    reconnects: int
    errors: int
    median_ms: float
    p95_ms: float
    seconds: float
    finished: int
    consistent: bool

    def __str__(self) -> str:
        return (f"{self.clients} clients on {self.tables} tables: {self.actions} actions in {self.seconds:.1f} s, "
                f"median answer {self.median_ms:.1f} ms (95%: {self.p95_ms:.1f} ms), {self.reconnects} reconnects, "
                f"{self.errors} refused, {self.finished}/{self.tables} games finished, "
                f"views {'equal to' if self.consistent else 'DIFFERENT from'} the server's")


async def _client(url: str, seat: int, rng: Rng, drop_every: int, stats: dict[str, Any],
                  deadline: float) -> tuple[int, int]:
    """Play one seat to the end; returns (step, events seen) at the end."""
    from websockets.asyncio.client import connect

    events = 0
    step = 0
    actions = 0
    while time.monotonic() < deadline:
        async with connect(url) as ws:
            events = 0  # a new connection is sent the whole log again
            latest: dict[str, Any] = {}
            dropped = False
            while time.monotonic() < deadline:
                if not (latest.get("current_player") == seat and latest.get("legal")):
                    msg = json.loads(await ws.recv())  # wait for the next update
                    if msg["type"] != "update":
                        continue
                    latest = msg
                    events += len(msg["events"])
                    step = msg["step"]
                    if msg["over"]:
                        return step, events
                    continue
                text = rng.choice(latest["legal"])
                answers = latest["step"]  # the step this action answers (a stale one is refused)
                latest = {}
                sent = time.perf_counter()
                await ws.send(json.dumps({"type": "act", "action": text, "step": answers}))
                while True:  # the updates it caused come first, then the answer
                    answer = json.loads(await ws.recv())
                    if answer["type"] != "update":
                        break
                    latest = answer
                    events += len(answer["events"])
                    step = answer["step"]
                stats["latency"].append(1000.0 * (time.perf_counter() - sent))
                if answer["type"] == "error":
                    stats["errors"] += 1
                actions += 1
                if latest.get("over"):
                    return step, events
                if drop_every and actions % drop_every == 0:
                    stats["reconnects"] += 1
                    dropped = True
                    break
            if not dropped:
                break
    return step, events


async def _run(game: str, tables: int, seats: int, seed: int, drop_every: int, seconds: float) -> LoadResult:
    server = TableServer(port=0, records=None)
    listening = asyncio.Event()
    serving = asyncio.create_task(server.serve(on_ready=listening.set))
    await listening.wait()
    opened = [server.open_table(game, seats, seed=seed + i) for i in range(tables)]
    stats: dict[str, Any] = {"latency": [], "errors": 0, "reconnects": 0}
    deadline = time.monotonic() + seconds
    start = time.perf_counter()
    jobs = [_client(url, s, Rng(seed * 1000 + i * 10 + s), drop_every, stats, deadline)
            for i, t in enumerate(opened) for s, url in enumerate(t.urls)]
    ends = await asyncio.gather(*jobs)
    elapsed = time.perf_counter() - start
    finished = sum(1 for t in server.tables.values() if t.state.is_over())
    consistent = True
    for (step, events), i in zip(ends, [i for i in range(tables) for _seat in range(seats)]):
        table = server.tables[opened[i].table]
        if step != table.step or events != len(table.state.log):
            consistent = False
    server.stop()
    await serving
    lat = sorted(stats["latency"])
    return LoadResult(tables * seats, tables, len(lat), stats["reconnects"], stats["errors"],
                      statistics.median(lat) if lat else float("nan"),
                      lat[min(len(lat) - 1, int(0.95 * len(lat)))] if lat else float("nan"), elapsed, finished,
                      consistent)


def load_test(game: str = "nizam", tables: int = 10, seats: int = 3, *, seed: int = 0, drop_every: int = 25,
              seconds: float = 120.0) -> LoadResult:
    """Run the load test (see the module docstring); stops after ``seconds`` whatever happened."""
    return asyncio.run(_run(game, tables, seats, seed, drop_every, seconds))


def main(argv: list[str] | None = None) -> int:
    import argparse

    p = argparse.ArgumentParser(prog="python -m jaliz_learn.tables.load", description=__doc__.split("\n")[0])
    p.add_argument("game", nargs="?", default="nizam")
    p.add_argument("--tables", type=int, default=10)
    p.add_argument("--seats", type=int, default=3)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--drop-every", type=int, default=25, help="a client drops and rejoins after this many actions")
    p.add_argument("--seconds", type=float, default=None, help="the whole test (default 120), or each phase of "
                   "--fairness (default 5)")
    p.add_argument("--fairness", action="store_true", help="the fair-share benchmark (default game: jaliz)")
    p.add_argument("--connections", type=int, default=1000, help="--fairness: spectator connections in the floods")
    p.add_argument("--rounds", type=int, default=3, help="--fairness: rounds of the four phases")
    p.add_argument("--unlimited", action="store_true", help="--fairness: with limits too generous to matter "
                   "(what the fair share buys)")
    a = p.parse_args(argv)
    if a.fairness:
        from .fairness import fairness, unlimited

        result = fairness(a.game if a.game != "nizam" else "jaliz", seconds=a.seconds or 5.0, rounds=a.rounds,
                          connections=a.connections, seed=a.seed, limits=unlimited() if a.unlimited else None)
        print(result)
        return 0
    a.seconds = a.seconds or 120.0
    print(load_test(a.game, a.tables, a.seats, seed=a.seed, drop_every=a.drop_every, seconds=a.seconds))
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())


__all__ = ["LoadResult", "load_test", "main"]
