"""The fair-share benchmark (issue 49): an honest table's pace, quiet and while others flood the server.

An honest 4-seat table (every seat a client playing random legal actions as fast as the server answers) is
measured in slices of ``seconds`` each, on fresh tables (a finished game is followed by the next one), in
``rounds`` rounds of the four phases below (their order turns from round to round); a flood's figure is the
median over the rounds of its pace over the same round's quiet pace (docs/BENCHMARKS.md: ratios, in alternating
slices, as the machines of this project vary several-fold from minute to minute):

- ``quiet``: nothing else happens;
- ``renames``: one seat also sends renames (``hello``) as fast as its connection takes them, reconnecting after
  a close the way :class:`~.client.TableClient` does;
- ``spectators``: ``connections`` clients try the table's spectator link at once, each trying again a second
  after a refusal (on the link of the table then playing); an accepted one never reads (the slowest reader
  there is) and leaves after 5 s. The slice starts :data:`SETTLE` seconds after the flood: the one-off cost of
  its first burst of handshakes is reported apart (the server's CPU in that second), the slice measures the
  table while the thousand clients keep trying;
- ``both``: the two floods together.

Seats 0-2 play from this process (beside the server, in its own thread); seat 3 (and its renames) and the
spectator flood each run in a worker process from other loopback addresses (127.0.0.3 and 127.0.0.2), as a
classmate's machine would. The flood's clients are raw sockets sending a ready-made upgrade request, and their
process runs at a lower priority (``nice`` :data:`FLOOD_NICE`): on a 2-core machine a thousand client
connections would otherwise take from the server the CPU a classmate's own machine pays. The pace is the moves
the server applied per second; the server's CPU per move (its thread's CPU time over the moves) says what the
floods cost the server itself, whatever else the machine runs.

``python -m jaliz_learn.tables.load --fairness [--seconds 5] [--connections 1000]`` prints the table
(docs/BENCHMARKS.md, "Live tables: a fair share"); tests/test_tables_fairness.py runs a short one.
"""

from __future__ import annotations

import asyncio
import json
import statistics
import sys
import time
from dataclasses import dataclass, field
from typing import Any

from jaliz_learn.core.rng import Rng

from .limits import Limits, Rate, open_files
from .server import TableServer

PHASES = ("quiet", "renames", "spectators", "both")
#: Seconds between a flood's start and its slice: the first burst of handshakes falls there (counted apart).
SETTLE = 1.0
#: The flooding process's priority: lower than the server's, not so low that a busy machine starves the flood.
FLOOD_NICE = 10
#: Where the flooding worker connects from (Linux routes all of 127/8 to loopback).
SEAT_FROM, SPECTATORS_FROM = "127.0.0.3", "127.0.0.2"


@dataclass
class Phase:
    """One measured slice: the moves the honest table made and what the workers did meanwhile."""

    name: str
    round: int
    seconds: float
    moves: int
    tables: int
    worker: dict[str, int] = field(default_factory=dict)
    server_cpu: float = 0.0  # CPU seconds of the server's thread during the slice
    burst_cpu: float = 0.0  # CPU seconds of the server's thread in the second before it (the flood's first burst)

    @property
    def pace(self) -> float:
        """Moves per second."""
        return self.moves / self.seconds if self.seconds else 0.0


@dataclass
class FairnessResult:
    game: str
    connections: int
    phases: list[Phase]

    def ratios(self, name: str) -> list[float]:
        """Each round's pace of phase ``name`` over that round's quiet pace."""
        quiet = {p.round: p.pace for p in self.phases if p.name == "quiet"}
        return [p.pace / quiet[p.round] if quiet.get(p.round) else 0.0 for p in self.phases if p.name == name]

    def ratio(self, name: str) -> float:
        """The median over the rounds of :meth:`ratios`."""
        return statistics.median(self.ratios(name))

    def __str__(self) -> str:
        lines = [f"{self.game}, 4 seats, {self.connections} spectator connections in the floods, "
                 f"{max(p.round for p in self.phases) + 1} rounds of {self.phases[0].seconds:.0f} s slices",
                 "| phase | moves/s (mean) | of quiet (median, lowest) | server CPU per move | server CPU in the "
                 "burst | renames sent | spectator tries | admitted | refused | seat closed |",
                 "|---|---|---|---|---|---|---|---|---|---|"]
        for name in dict.fromkeys(p.name for p in self.phases):
            mine = [p for p in self.phases if p.name == name]
            total = {k: sum(p.worker.get(k, 0) for p in mine) for k in ("renames", "tries", "admitted", "refused",
                                                                          "closed")}
            ratios = self.ratios(name)
            per_move = 1000 * sum(p.server_cpu for p in mine) / max(1, sum(p.moves for p in mine))
            burst = 1000 * statistics.fmean(p.burst_cpu for p in mine)
            lines.append(f"| {name} | {statistics.fmean(p.pace for p in mine):.0f} | "
                         f"{statistics.median(ratios):.0%}, {min(ratios):.0%} | {per_move:.1f} ms | {burst:.0f} ms | "
                         f"{total['renames']} | "
                         f"{total['tries']} | {total['admitted']} | {total['refused']} | {total['closed']} |")
        return "\n".join(lines)


# ---------------------------------------------------------------- the clients


async def _play(ws: Any, seat: int, rng: Rng) -> bool:
    """Play ``seat`` on an open connection until the game ends (True) or the connection does (False): a random
    legal action whenever it decides."""
    async for raw in ws:
        msg = json.loads(raw)
        if msg["type"] != "update":
            continue
        if msg["over"]:
            return True
        if msg["current_player"] == seat and msg["legal"]:
            await ws.send(json.dumps({"type": "act", "action": rng.choice(msg["legal"]), "step": msg["step"]}))
    return False


async def _honest(url: str, seat: int, rng: Rng) -> None:
    from websockets.asyncio.client import connect

    async with connect(url, max_size=None) as ws:
        await _play(ws, seat, rng)


async def _flooding_seat(url: str, seat: int, renames: bool, rng: Rng, stats: dict[str, int]) -> None:
    """Play ``seat``; with ``renames``, also rename it as fast as the connection takes it. Rejoin after a close
    with :class:`~.client.TableClient`'s backoff."""
    from websockets.asyncio.client import connect

    tries = 0
    while True:
        spam: asyncio.Task[None] | None = None
        try:
            async with connect(url, max_size=None, local_addr=(SEAT_FROM, 0), open_timeout=10) as ws:
                if renames:
                    spam = asyncio.create_task(_spam_renames(ws, stats))
                if await _play(ws, seat, rng):
                    return
        except Exception:  # noqa: BLE001,S110 - refused or cut: try again like a client would
            pass
        finally:
            if spam is not None:
                spam.cancel()
        stats["closed"] = stats.get("closed", 0) + 1
        tries += 1
        await asyncio.sleep(min(2.0, 0.2 * tries))


async def _spam_renames(ws: Any, stats: dict[str, int]) -> None:
    n = 0
    while True:
        n += 1
        await ws.send(json.dumps({"type": "hello", "name": f"spam {n % 1000}"}))
        stats["renames"] = stats.get("renames", 0) + 1
        await asyncio.sleep(0)  # let the same seat's moves go out between renames


async def _within(awaitable: Any, seconds: float) -> Any:
    """``awaitable``'s result, or TimeoutError after ``seconds`` (as wait_for, which in Python 3.11 may swallow a
    cancel that races a result: a cancelled flood would then go on)."""
    task = asyncio.ensure_future(awaitable)
    try:
        done, _ = await asyncio.wait({task}, timeout=seconds)
        if not done:
            raise TimeoutError
        return task.result()
    finally:
        task.cancel()


async def _spectator(target: dict[str, str], stats: dict[str, int]) -> None:
    """Try the spectator link ``target["url"]`` (the current table's: it follows the table) again and again with
    a ready-made upgrade request (a raw socket: the flood costs this machine little); once in, never read (the
    slowest reader) and leave after 5 s."""
    from urllib.parse import urlsplit

    while target["url"]:
        where = urlsplit(target["url"])
        request = (f"GET {where.path} HTTP/1.1\r\nHost: {where.netloc}\r\nUpgrade: websocket\r\n"
                   "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                   "Sec-WebSocket-Version: 13\r\n\r\n").encode()
        stats["tries"] = stats.get("tries", 0) + 1
        writer = None
        try:
            reader, writer = await _within(asyncio.open_connection(
                where.hostname, where.port, local_addr=(SPECTATORS_FROM, 0)), 10)
            writer.write(request)
            head = await _within(reader.readuntil(b"\r\n\r\n"), 10)
            first = await _within(reader.read(200), 10) if b" 101 " in head[:20] else b""
            if first and b'"error"' not in first:  # the welcome: in, as a spectator that never reads
                stats["admitted"] = stats.get("admitted", 0) + 1
                await asyncio.sleep(5.0)
            else:  # HTTP 429 before the handshake, or an error message after it
                stats["refused"] = stats.get("refused", 0) + 1
        except (OSError, asyncio.TimeoutError, asyncio.IncompleteReadError, asyncio.LimitOverrunError):
            stats["refused"] = stats.get("refused", 0) + 1
        finally:
            if writer is not None:
                writer.close()
        if target["url"]:
            await asyncio.sleep(1.0)


# ---------------------------------------------------------------- the worker process


async def _worker() -> None:
    """Read commands (JSON lines) on stdin: ``{"seat": URL or null, "index": 3, "renames": bool}`` plays that
    seat (the previous one stops), ``{"spectators": URL or null, "count": N}`` floods that link, ``{"report": true}``
    prints the counts since the last report, an empty line ends."""
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    stats: dict[str, int] = {}
    seat_task: asyncio.Task[None] | None = None
    flood: list[asyncio.Task[None]] = []
    target = {"url": ""}
    rng = Rng(7)
    print("ready", flush=True)
    while line := (await reader.readline()).strip():
        cmd = json.loads(line)
        if "seat" in cmd:
            if seat_task is not None:
                seat_task.cancel()
            seat_task = None if not cmd["seat"] else asyncio.create_task(
                _flooding_seat(cmd["seat"], cmd["index"], cmd["renames"], rng, stats))
        if "spectators" in cmd:  # a new link: the running flood follows it (as a script polling the link would)
            target["url"] = cmd["spectators"] or ""
            if not cmd["spectators"]:
                for task in flood:
                    task.cancel()
                flood = []
            elif not flood:
                flood = [asyncio.create_task(_spectator(target, stats)) for _ in range(cmd["count"])]
        if cmd.get("report"):
            print(json.dumps(stats), flush=True)
            stats.clear()


class _Worker:
    """A worker process, driven from the benchmark."""

    async def start(self, nice: int = 0) -> _Worker:
        self.proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "jaliz_learn.tables.fairness", "--worker", str(nice),
            stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE)
        assert self.proc.stdout is not None
        await asyncio.wait_for(self.proc.stdout.readline(), 60)  # "ready": imported and listening
        return self

    async def tell(self, **cmd: Any) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(json.dumps(cmd).encode() + b"\n")
        await self.proc.stdin.drain()

    async def report(self) -> dict[str, int]:
        await self.tell(report=True)
        assert self.proc.stdout is not None
        return dict(json.loads(await asyncio.wait_for(self.proc.stdout.readline(), 30)))

    async def stop(self) -> None:
        if self.proc.stdin is not None:
            self.proc.stdin.write(b"\n")
            self.proc.stdin.close()
        try:
            await asyncio.wait_for(self.proc.wait(), 10)
        except (asyncio.TimeoutError, TimeoutError):
            self.proc.kill()
            await self.proc.wait()


# ---------------------------------------------------------------- the phases


async def _phase(server: TableServer, seat3: _Worker, flood: _Worker, game: str, name: str, round_: int,
                 seconds: float, connections: int, seed: int) -> Phase:
    renames = name in ("renames", "both")
    spectators = name in ("spectators", "both") and connections > 0
    rng = Rng(seed)
    opened = await asyncio.to_thread(server.open_table, game, 4, seed=seed)
    burst = await asyncio.to_thread(server._call, time.thread_time)  # the server's thread
    if spectators:  # the flood's first burst of connections, before the slice: its cost is counted apart
        await flood.tell(spectators=opened.spectator, count=connections)
    await asyncio.sleep(SETTLE)  # in every phase alike
    cpu = await asyncio.to_thread(server._call, time.thread_time)
    burst = cpu - burst
    start = time.monotonic()
    end = start + seconds
    moves = tables = 0
    while time.monotonic() < end:
        if tables:
            opened = await asyncio.to_thread(server.open_table, game, 4, seed=seed + tables)
        table = server.tables[opened.table]
        await seat3.tell(seat=opened.urls[3], index=3, renames=renames)
        if spectators:
            await flood.tell(spectators=opened.spectator, count=connections)
        players = [asyncio.create_task(_honest(url, s, rng)) for s, url in enumerate(opened.urls[:3])]
        while time.monotonic() < end and not table.state.is_over():
            await asyncio.sleep(0.02)
        moves += table.step
        tables += 1
        for task in players:
            task.cancel()
        await asyncio.gather(*players, return_exceptions=True)
    elapsed = time.monotonic() - start
    cpu = await asyncio.to_thread(server._call, time.thread_time) - cpu
    if spectators:
        await flood.tell(spectators=None, count=0)
    await seat3.tell(seat=None, index=3, renames=False)
    return Phase(name, round_, elapsed, moves, tables, await seat3.report() | await flood.report(), cpu, burst)


def fd_room(wanted: int) -> int:
    """How many flooding connections this process can hold: ``wanted``, cut to what fits beside 200 other files
    once the soft limit on open files is raised to the hard one (:func:`~.limits.open_files`)."""
    return max(0, min(wanted, open_files() - 200))


async def _fairness(game: str, seconds: float, rounds: int, connections: int, phases: tuple[str, ...], seed: int,
                    limits: Limits | None) -> FairnessResult:
    connections = fd_room(connections)  # fewer at once where the system allows fewer open files (it says so)
    server = TableServer(port=0, records=None, limits=limits).start()
    seat3, flood = await _Worker().start(), await _Worker().start(nice=FLOOD_NICE)
    try:
        await _phase(server, seat3, flood, game, "quiet", -1, min(1.0, seconds), 0, seed - 1)  # warming up
        done = []
        for r in range(rounds):
            for i, name in enumerate(phases[r % len(phases):] + phases[:r % len(phases)]):  # the order turns
                done.append(await _phase(server, seat3, flood, game, name, r, seconds, connections,
                                         seed + 1000 * r + 100 * i))
    finally:
        await seat3.stop()
        await flood.stop()
        server.stop()
    return FairnessResult(game, connections, done)


def unlimited() -> Limits:
    """Limits too generous to matter (what the server would do without a fair share; updates stay coalesced,
    as the writers are the server's design, but spectators are updated at every change)."""
    big = Rate(1e9, 1e9)
    return Limits(hello=big, sync=big, refused=big, messages=big, drops=big, spectators_per_table=10**6,
                  connections_per_address=10**6, refusals=big, handshakes=10**6, code_guesses=10**6,
                  spectator_interval=0.0, send_seconds=3600.0, queue=10**6)


def fairness(game: str = "jaliz", *, seconds: float = 5.0, rounds: int = 3, connections: int = 1000,
             phases: tuple[str, ...] = PHASES, seed: int = 0, limits: Limits | None = None) -> FairnessResult:
    """Run the fair-share benchmark (see the module docstring): ``rounds`` rounds of ``phases`` (``"quiet"``
    among them), ``seconds`` each; ``limits``: the server's (default :class:`~.limits.Limits`; :func:`unlimited`
    shows what they buy)."""
    return asyncio.run(_fairness(game, seconds, rounds, connections, phases, seed, limits))


if __name__ == "__main__":  # pragma: no cover - a worker process
    if sys.argv[1:2] == ["--worker"]:
        import os

        os.nice(int(sys.argv[2]))
        fd_room(10_000)
        asyncio.run(_worker())


__all__ = ["FairnessResult", "PHASES", "Phase", "fairness", "fd_room", "unlimited"]
