"""The table server: it alone holds the real states; every client sees only its own seat.

Run it with ``jaliz-learn serve`` (see :mod:`jaliz_learn.cli`) or from Python::

    server = TableServer(port=0).start()          # in a background thread (a notebook, a test)
    table = server.open_table("jaliz", players=3, bots={2: "heuristic"})
    table.urls                                    # one join link per human seat: share them
    server.stop()

Built on the ``websockets`` library (asyncio). One event loop runs every table; the engine's moves take
microseconds, and bots that think (ISMCTS) think in a worker thread so the other tables go on.

A table starts when every human seat has joined once (until then its bots wait and no timer runs). A seat with
a decision deadline (``timeout`` seconds, :data:`~.deadlines.DEFAULT_TIMEOUT` unless the teacher says otherwise;
``timeout=0``: none) that lets it run out plays its default action (``on_timeout="first"``:
the first legal action; ``"pass"``: a passing action where the game has one, else the first). A finished
table is saved as a replayable record (:mod:`.records`).
"""

from __future__ import annotations

import asyncio
import secrets
import ssl
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from jaliz_learn.bots import make_bot
from jaliz_learn.core.errors import InvalidOption, JalizLearnError
from jaliz_learn.core.game import State
from jaliz_learn.core.registry import load_game
from jaliz_learn.core.text import safe_line

from .deadlines import (
    DEFAULT_TIMEOUT,
    ON_TIMEOUT,
    PASSING_WORDS,
    Deadline,
    check_timeout,
    deadline_json,
    default_action,
)
from .doors import Doors
from .limits import PASS, Gate, Limits
from .network import BAD_ORIGIN, TOO_MANY_GUESSES, GuessLimiter, OriginRule, is_loopback
from .protocol import MAX_FRAME, MAX_LEGAL, BadMessage, check_message, dumps
from .turns import Turns
from .viewers import Viewer

#: Connections waiting to be accepted (the system caps it: net.core.somaxconn): a burst of a thousand connection
#: attempts must not crowd out a student's in the accept queue (they would wait for TCP's retry, 1 s then 3 s).
BACKLOG = 2048


@dataclass
class Seat:
    """One seat of a table: its secret code, who sits there, and its decision statistics."""

    index: int
    code: str
    name: str
    bot: Any = None  # a bot run by the server (None: a human or a remote bot joins with the code)
    joined: bool = False
    decisions: int = 0
    total_ms: float = 0.0
    max_ms: float = 0.0
    timeouts: int = 0
    asked_at: float | None = None  # when this seat was last asked to decide (its decision time)
    busy: Any = None  # a server bot's decision still running in its thread (past its deadline)
    flooded: bool = False  # closed for flooding: its decisions are played by default at once until it rejoins
    error: str = ""  # the last failure a remote bot reported for this seat (one safe line), for the teacher's list


@dataclass
class Table:
    """One game on the server: the real state, its seats and who watches it."""

    id: str
    state: State
    seats: list[Seat]
    spectator_code: str
    teacher_code: str | None
    timeout: float | None
    on_timeout: str
    viewers: set[Any] = field(default_factory=set)
    started: bool = False
    saved: Path | None = None
    timer: asyncio.TimerHandle | None = None
    deadline: Deadline | None = None  # the decision deadline running now (every update shows it)
    thinking: bool = False
    notice: str = ""  # the last thing the server did on its own (a default action), shown to every viewer

    @property
    def step(self) -> int:
        return len(self.state.history)

    def waiting(self) -> list[int]:
        """Human seats nobody has joined yet."""
        return [s.index for s in self.seats if s.bot is None and not s.joined]


@dataclass
class OpenedTable:
    """What :meth:`TableServer.open_table` gives the teacher: the links to share."""

    table: str
    seats: list[dict[str, Any]]
    spectator: str
    teacher: str | None

    @property
    def urls(self) -> list[str]:
        """The join links of the seats humans (or remote bots) take, in seat order."""
        return [s["url"] for s in self.seats if s["kind"] == "open"]

    def __str__(self) -> str:
        lines = [f"table {self.table}"]
        for s in self.seats:
            lines.append(f"  seat {s['seat']}: {s['url'] if s['kind'] == 'open' else 'bot ' + s['bot']}")
        lines.append(f"  spectators: {self.spectator}")
        if self.teacher:
            lines.append(f"  teacher (every hand): {self.teacher}")
        return "\n".join(lines)


class TableServer(Doors, Turns):
    """Serves live tables on ``ws://host:port``; ``key`` lets a teacher open tables remotely (random when not
    given); finished tables are saved in ``records`` (a folder; ``None``: not saved).

    ``tls`` (a server :class:`ssl.SSLContext`, see :mod:`.tls`) serves ``wss://``; its certificate's SHA-256
    ``fingerprint`` is put in every link so clients pin it. The teacher's endpoint (``/admin``) shares the seats'
    port only when the server listens on loopback without TLS; otherwise it listens apart, on
    ``127.0.0.1:admin_port`` (0: a free port), and the seats' port does not know it. Browser pages may connect
    only from the origins of :class:`~.network.OriginRule` (plus ``allow_origins``).

    ``limits`` bounds what each participant may cost (:class:`~.limits.Limits`); ``default_timeout`` is a seat's
    deadline per decision on tables opened without one (:data:`~.deadlines.DEFAULT_TIMEOUT`, 120 s).
    """

    def __init__(self, host: str = "127.0.0.1", port: int = 8765, *, key: str | None = None,
                 records: str | Path | None = "tables", public_host: str | None = None,
                 tls: ssl.SSLContext | None = None, fingerprint: str | None = None, admin_port: int | None = None,
                 allow_origins: Sequence[str] = (), limits: Limits | None = None,
                 default_timeout: float | None = DEFAULT_TIMEOUT) -> None:
        self.host = host
        self.limits = limits or Limits()  # the fair share of every participant (see .limits)
        self.default_timeout = check_timeout(default_timeout)
        self.gate = Gate(self.limits)
        self.port = port
        self.key = key or secrets.token_urlsafe(12)
        self.tls = tls
        self.fingerprint = fingerprint if tls is not None else None
        # the admin endpoint is apart from the seats whenever the seats are reachable from elsewhere or encrypted
        self.admin_apart = admin_port is not None or tls is not None or not is_loopback(host)
        self.admin_port = admin_port or 0
        self.allow_origins = tuple(allow_origins)
        self.guesses = GuessLimiter()
        self._admin_server: Any = None
        self.records = Path(records) if records is not None else None
        self.public_host = public_host or ("127.0.0.1" if host in ("", "0.0.0.0", "::") else host)
        self.tables: dict[str, Table] = {}
        self._codes: dict[str, tuple[Table, str, int | None]] = {}
        self._loop: asyncio.AbstractEventLoop | None = None
        self._server: Any = None
        self._thread: threading.Thread | None = None
        self._stopped: asyncio.Event | None = None

    # ------------------------------------------------------------------ running
    @property
    def url(self) -> str:
        return f"{'wss' if self.tls is not None else 'ws'}://{self.public_host}:{self.port}"

    @property
    def admin_url(self) -> str:
        """Where ``jaliz-learn table`` reaches the teacher's endpoint (``/admin`` under it)."""
        return f"ws://127.0.0.1:{self.admin_port}" if self.admin_apart else self.url

    def link(self, code: str) -> str:
        """The link of a code: ``URL/CODE``, with ``#sha256=FINGERPRINT`` when served over TLS (clients pin it)."""
        return f"{self.url}/{code}" + (f"#sha256={self.fingerprint}" if self.fingerprint else "")

    def origin_rule(self) -> OriginRule:
        """The browser origins let in (see :mod:`.network`)."""
        return OriginRule(own_hosts=[self.public_host, self.host], extra=self.allow_origins)

    async def serve(self, on_ready: Callable[[], Any] | None = None) -> None:
        """Serve until :meth:`stop` (or the task is cancelled); ``on_ready()`` is called once it listens."""
        from websockets.asyncio.server import serve

        self._loop = asyncio.get_running_loop()
        self._stopped = asyncio.Event()
        self._origins = self.origin_rule()
        if self.admin_apart:  # loopback only and plain: what it carries never crosses the network
            self._admin_server = await serve(self._admin_handle, "127.0.0.1", self.admin_port, max_size=MAX_FRAME)
            self.admin_port = self._admin_server.sockets[0].getsockname()[1]
        try:
            async with serve(self._handle, self.host, self.port, max_size=MAX_FRAME, ssl=self.tls,
                             process_request=self._door, backlog=BACKLOG) as server:
                self._server = server
                self.port = server.sockets[0].getsockname()[1]  # port=0: the one the system chose
                for table in self.tables.values():  # tables opened before serving: their bots move now
                    if table.started:
                        self._loop.create_task(self._broadcast(table))
                if on_ready is not None:
                    on_ready()
                await self._stopped.wait()
        finally:
            if self._admin_server is not None:
                self._admin_server.close()
                await self._admin_server.wait_closed()

    def start(self) -> TableServer:
        """Serve in a background thread (a notebook, a test); returns when it listens."""
        ready = threading.Event()
        failure: list[BaseException] = []

        def run() -> None:
            try:
                asyncio.run(self.serve(ready.set))
            except BaseException as exc:  # noqa: BLE001 - handed to the starting thread
                failure.append(exc)
                ready.set()

        self._thread = threading.Thread(target=run, name="jaliz-learn-tables", daemon=True)
        self._thread.start()
        ready.wait(30)
        if failure:
            raise failure[0]
        return self

    def stop(self) -> None:
        """Stop serving (a background server's thread ends)."""
        if self._loop is not None and self._stopped is not None:
            self._loop.call_soon_threadsafe(self._stopped.set)
        if self._thread is not None:
            self._thread.join(10)

    def _call(self, fn: Any, *args: Any, **kw: Any) -> Any:
        """Run ``fn`` on the server's loop (from another thread: wait for it)."""
        loop = self._loop
        if loop is None or not loop.is_running():
            return fn(*args, **kw)
        try:
            if asyncio.get_running_loop() is loop:
                return fn(*args, **kw)
        except RuntimeError:
            pass

        async def call() -> Any:
            return fn(*args, **kw)
        return asyncio.run_coroutine_threadsafe(call(), loop).result(30)

    # ------------------------------------------------------------------ tables
    def open_table(self, game: str, players: int | None = None, *, seed: int | None = None,
                   options: Mapping[str, Any] | None = None, bots: Mapping[int, Any] | None = None,
                   timeout: float | str | None = "default", on_timeout: str = "first", teacher_view: bool = False,
                   names: Mapping[int, str] | None = None) -> OpenedTable:
        """Open a table of ``game`` and return its join links.

        ``bots`` maps seats to bots the server runs (a bot name such as ``"mcts"``, or a bot object); the other
        seats are for humans or remote bots. ``seed`` fixes the deal (random when not given); ``timeout`` is
        each seat's time to decide in seconds (``"default"``: the server's ``default_timeout``, 120 s; ``None`` or
        ``0``: no limit, a table may then wait forever; a bot with a ``time_limit`` has that); ``teacher_view``
        adds a link that sees every hand. Raises :class:`~jaliz_learn.InvalidOption` for a bad game, seat, bot or
        option.
        """
        return self._call(self._open, game, players, seed, dict(options or {}), dict(bots or {}), timeout,
                          on_timeout, teacher_view, dict(names or {}))

    def _open(self, game_name: str, players: int | None, seed: int | None, options: dict[str, Any],
              bots: dict[Any, Any], timeout: float | str | None, on_timeout: str, teacher_view: bool,
              names: dict[Any, str]) -> OpenedTable:
        game = load_game(game_name, **options)
        seed = secrets.randbelow(2**31) if seed is None else seed
        state = game.initial_state(num_players=players, seed=seed)
        n = state.num_players
        if on_timeout not in ON_TIMEOUT:
            raise InvalidOption(f"on_timeout must be one of {', '.join(ON_TIMEOUT)}, not {on_timeout!r}")
        timeout = self.default_timeout if timeout == "default" else check_timeout(timeout)  # 0, None: no deadline
        seat_bots: dict[int, Any] = {}
        for seat, spec in bots.items():
            s = int(seat) if isinstance(seat, (int, str)) and str(seat).isdigit() else -1
            if not 0 <= s < n:
                raise InvalidOption(f"bots: seat {seat!r} is not a seat 0-{n - 1}")
            seat_bots[s] = make_bot(spec, game.name, seed + 1000 + s) if isinstance(spec, str) else spec
            if not callable(getattr(seat_bots[s], "act", None)):
                raise InvalidOption(f"bots: seat {s} needs a bot name or an object with act()")
        table_id = f"{game.name}-{len(self.tables) + 1}-{secrets.token_hex(2)}"
        seats = []
        for s in range(n):
            bot = seat_bots.get(s)
            label = names.get(s) or names.get(str(s)) or (f"{getattr(bot, 'name', type(bot).__name__)} bot"  # type: ignore[call-overload]
                                                          if bot is not None else f"P{s}")
            seats.append(Seat(s, secrets.token_urlsafe(9), str(label)[:40], bot=bot))
        table = Table(table_id, state, seats, secrets.token_urlsafe(9),
                      secrets.token_urlsafe(9) if teacher_view else None, timeout, on_timeout)
        self.tables[table_id] = table
        for seat in seats:
            self._codes[seat.code] = (table, "seat", seat.index)
        self._codes[table.spectator_code] = (table, "spectator", None)
        if table.teacher_code:
            self._codes[table.teacher_code] = (table, "teacher", None)
        self._maybe_start(table)
        return self.describe(table)

    def describe(self, table: Table) -> OpenedTable:
        seats = [{"seat": s.index, "kind": "bot" if s.bot is not None else "open", "name": s.name,
                  "bot": s.name if s.bot is not None else None, "url": self.link(s.code), "error": s.error}
                 for s in table.seats]
        return OpenedTable(table.id, seats, self.link(table.spectator_code),
                           self.link(table.teacher_code) if table.teacher_code else None)

    # ------------------------------------------------------------------ connections
    async def _handle(self, ws: Any) -> None:
        getattr(ws, "jaliz_shaken", lambda: None)()  # its handshake is done (see _door)
        refused = self._origins.check(ws.request.headers)
        if refused is not None:  # a web page the student visits may not drive their seat
            await ws.close(BAD_ORIGIN, refused)
            return
        code = ws.request.path.strip("/")
        if code == "admin" and not self.admin_apart:
            await self._admin(ws)
            return
        address = str((ws.remote_address or ("?",))[0])
        refusal = self.gate.enter(address, code)  # connections per address, code guesses, a flooder's pause
        if refusal is not None:
            await self._turn_away(ws, address, 4029, refusal)
            return
        try:
            await self._join(ws, code, address)
        finally:
            self.gate.leave(address)

    async def _join(self, ws: Any, code: str, address: str) -> None:
        from websockets.exceptions import ConnectionClosed

        found = self._codes.get(code)
        if found is None:
            self.gate.wrong_code(address)  # one code per connection: a guesser needs a connection per guess
            await self._turn_away(ws, address, 4004, "unknown table code: ask your teacher for the link")
            return
        table, role, seat = found
        watching = sum(v.role == "spectator" for v in table.viewers)
        if role == "spectator" and watching >= self.limits.spectators_per_table:
            await self._turn_away(ws, address, 4029, f"this table has {self.limits.spectators_per_table} spectators "
                                  "already: watch on the projector or ask your teacher")
            return
        viewer = Viewer(ws, table, role, seat, render=self._update, limits=self.limits, address=address)
        if seat is not None:
            for old in [v for v in table.viewers if v.seat == seat]:  # a reconnect replaces the old connection
                table.viewers.discard(old)
                await old.close(4001, "this seat joined again from another connection")
            table.seats[seat].joined = True
            table.seats[seat].flooded = False
        table.viewers.add(viewer)
        try:
            await asyncio.wait_for(ws.send(dumps(self._welcome(viewer))), self.limits.send_seconds)
            viewer.start()  # the writer: updates and answers from now on, coalesced, never waited for
            viewer.update()
            self._maybe_start(table)
            async for raw in ws:
                if not viewer.closed:  # once closing, what still comes is read and dropped (the close gets through)
                    await self._on_message(viewer, raw)
        except (ConnectionClosed, asyncio.TimeoutError, TimeoutError):  # it ends only itself; its seat waits
            pass
        finally:
            viewer.stop()
            table.viewers.discard(viewer)

    async def _on_message(self, viewer: Viewer, raw: str | bytes) -> None:
        try:
            msg: dict[str, Any] = check_message(raw)
        except BadMessage as exc:
            msg = {"type": "bad", "error": exc}
        kind = msg["type"]
        verdict = viewer.limiter.admit(kind)  # metered before anything is done for it
        if verdict != PASS:
            await self._over_limit(viewer, verdict, kind)
            return
        try:
            if kind == "bad":
                raise msg["error"]
            if msg["type"] in ("open", "tables"):
                raise BadMessage("tables are opened on the admin link, not a seat's")
            if msg["type"] == "sync":
                viewer.events_sent = 0
                viewer.update()
            elif msg["type"] == "hello":
                if viewer.seat is None:
                    raise BadMessage("only a seat has a name")
                from .names import seat_name_for  # checked (core.text.check_name), numbered if another seat has it

                others = [s.name for s in viewer.table.seats if s.index != viewer.seat]
                viewer.table.seats[viewer.seat].name = seat_name_for(msg["name"], others)
                await self._send_updates(viewer.table)  # every board names the seat now, not at the next move
            else:
                await self._act(viewer, msg["action"], msg.get("step"), failure=msg.get("error"))
                viewer.limiter.played()  # a played action costs nothing: the game bounds a seat's moves
        except (BadMessage, JalizLearnError, ValueError) as exc:
            verdict = viewer.limiter.refused() if kind == "act" else PASS
            if verdict != PASS:
                await self._over_limit(viewer, verdict, kind)
            else:
                viewer.send({"type": "error", "message": str(exc), "rule": getattr(exc, "rule", None)})

    async def _act(self, viewer: Viewer, text: str, step: Any = None, failure: Any = None) -> None:
        table = viewer.table
        if viewer.seat is None:
            raise BadMessage(f"a {viewer.role} watches: only a seat's link can play")
        state = table.state
        if state.is_over():
            raise BadMessage("the game is over")
        if not table.started:
            raise BadMessage(f"the table waits for seats {', '.join(map(str, table.waiting()))} to join")
        if step is None:  # an old client: without the step it answers, a frame sent twice would be played twice
            raise BadMessage(f"'act' needs 'step': the step the action answers (the table is at step {table.step})")
        if step != table.step:
            raise BadMessage(f"stale action: it answers step {step}, but the table is at step {table.step} "
                             f"(expected 'step': {table.step}); nothing was played")
        current = state.current_player()
        if current != viewer.seat:
            raise BadMessage(f"it is not your turn: P{current} decides {state.decision()}")
        action = state.game.parse_action(text, state)
        seat = table.seats[viewer.seat]
        self._play(table, viewer.seat, action, seat)  # IllegalAction (a ValueError) leaves the state unchanged
        if failure:
            self._bot_failed(table, seat, failure, action)
        await self._broadcast(table, first=viewer)
        viewer.send({"type": "ok", "action": str(action), "step": table.step})  # after the update it caused

    def _bot_failed(self, table: Table, seat: Seat, failure: Any, action: Any) -> None:
        """A remote bot (``jaliz-learn join``) played its default action because it failed: its one line goes on
        every board (the notice) and in the teacher's list (the seat's ``error``). Sent with a played action only,
        so it costs no more than the action (a seat cannot flood boards with it)."""
        why = safe_line(failure, limit=160)
        seat.error = why
        table.notice = safe_line(f"P{seat.index} {seat.name}: {why}; played {action}", limit=240)

    def _play(self, table: Table, seat_index: int, action: Any, seat: Seat) -> None:
        table.state.apply(action, seat_index)
        if seat.asked_at is not None:
            ms = 1000.0 * (time.monotonic() - seat.asked_at)
            seat.decisions += 1
            seat.total_ms += ms
            seat.max_ms = max(seat.max_ms, ms)
            seat.asked_at = None

    async def _broadcast(self, table: Table, first: Viewer | None = None) -> None:
        """Send every viewer its update, then let bots move and timers run."""
        self._after_change(table)
        await self._send_updates(table, first)

    async def _send_updates(self, table: Table, first: Viewer | None = None) -> None:
        """Mark every viewer's view out of date: its writer sends one update with the latest state when it can
        (however many changes came meanwhile), and nothing here waits for any viewer's network."""
        if first is not None:
            first.update()
        for v in table.viewers:
            v.update()

    def _maybe_start(self, table: Table) -> None:
        if table.started or table.waiting():
            return
        table.started = True
        if self._loop is not None and self._loop.is_running():
            self._loop.create_task(self._broadcast(table))

    # ------------------------------------------------------------------ what a viewer sees
    def _welcome(self, viewer: Viewer) -> dict[str, Any]:
        table = viewer.table
        st = table.state
        return {"type": "welcome", "table": table.id, "game": st.game.name, "options": dict(st.game.options),
                "num_players": st.num_players, "seat": viewer.seat, "role": viewer.role,
                "names": [s.name for s in table.seats], "timeout": table.timeout, "on_timeout": table.on_timeout}

    def _update(self, viewer: Viewer) -> dict[str, Any]:
        table = viewer.table
        st = table.state
        who = viewer.seat  # None for the spectator and the teacher: the public view
        enc = viewer.encoder
        current = st.current_player()
        over = st.is_over()
        msg: dict[str, Any] = {"type": "update", "step": table.step, "current_player": current,
                               "decision": st.decision(), "over": over,
                               "observation": enc.encode(st.observation(who)),
                               "names": [s.name for s in table.seats], "waiting": table.waiting()}
        if viewer.role == "teacher":
            msg["observations"] = [enc.encode(st.observation(p)) for p in range(st.num_players)]
        legal: list[str] = []
        count = 0
        if who is not None and current == who and not over and table.started:
            actions = st.legal_actions(who)
            count = len(actions)
            legal = [str(a) for a in (actions[:MAX_LEGAL] if count > MAX_LEGAL else actions)]
        msg["legal"], msg["legal_count"] = legal, count
        events = st.log.since(viewer.events_sent)
        viewer.events_sent += len(events)
        msg["events"] = [_event_json(e.seen_by(who)) for e in events]
        out = st.outcome()
        msg["outcome"] = None if out is None else {"scores": list(out.scores), "winners": list(out.winners),
                                                   "ranking": [list(g) for g in out.ranking]}
        msg["notice"] = table.notice
        msg["deadline"] = None if over else deadline_json(table.deadline)  # every board shows a countdown
        msg["defs"] = enc.take_defs()
        return msg

    # ------------------------------------------------------------------ the teacher's link
    async def _admin_handle(self, ws: Any) -> None:
        """The admin listener (loopback): only ``/admin``, and only from non-browser clients or local pages."""
        refused = self._origins.check(ws.request.headers)
        if refused is not None:
            await ws.close(BAD_ORIGIN, refused)
        elif ws.request.path.strip("/") != "admin":
            await ws.close(4004, "unknown code")
        else:
            await self._admin(ws)

    async def _admin(self, ws: Any) -> None:
        address = str((ws.remote_address or ("?",))[0])
        wrong = 0
        async for raw in ws:
            try:
                msg = check_message(raw)
                wait = self.guesses.wait(address)
                if wait > 0:  # nothing is checked meanwhile, the right key included: guessing gains no speed
                    await ws.send(dumps({"type": "error", "message": f"too many wrong keys from {address}: "
                                         f"wait {wait:.0f} s"}))
                    await ws.close(TOO_MANY_GUESSES, "too many wrong keys from this address")
                    return
                if not secrets.compare_digest(str(msg.get("key", "")).encode("utf-8", "replace"),
                                              self.key.encode("utf-8", "replace")):
                    wrong += 1
                    self.guesses.failed(address)
                    if wrong >= self.guesses.per_connection:
                        await ws.send(dumps({"type": "error", "message": "wrong key: connection closed"}))
                        await ws.close(TOO_MANY_GUESSES, "too many wrong keys")
                        return
                    raise BadMessage("wrong key: use the key the server printed when it started")
                if msg["type"] == "open":
                    opened = self._open(str(msg.get("game", "")), msg.get("players"), msg.get("seed"),
                                        dict(msg.get("options") or {}), dict(msg.get("bots") or {}),
                                        "default" if msg.get("timeout") is None else msg["timeout"],  # 0: none
                                        str(msg.get("on_timeout", "first")),
                                        bool(msg.get("teacher_view")), dict(msg.get("names") or {}))
                    await ws.send(dumps({"type": "opened", **opened.__dict__}))
                elif msg["type"] == "tables":
                    await ws.send(dumps({"type": "tables", "tables": [self.describe(t).__dict__ | {
                        "step": t.step, "over": t.state.is_over(), "waiting": t.waiting()}
                        for t in self.tables.values()]}))
                else:
                    raise BadMessage("the admin link takes 'open' and 'tables'")
            except (BadMessage, JalizLearnError, ValueError, TypeError) as exc:
                await ws.send(dumps({"type": "error", "message": str(exc)}))


def _event_json(event: Any) -> dict[str, Any]:
    """An event as its viewer sees it; who may see its secret stays said even where the secret is removed
    (that a player drew five cards is public; which five is not)."""
    data: dict[str, Any] = event.to_json()
    if event.visible_to is not None:
        data["visible_to"] = list(event.visible_to)
    return data


__all__ = ["DEFAULT_TIMEOUT", "OpenedTable", "PASSING_WORDS", "Seat", "Table", "TableServer", "Viewer",
           "default_action"]
