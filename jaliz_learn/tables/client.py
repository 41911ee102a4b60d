"""Joining a live table: a seat's view that boards draw, and bots that play a seat from anywhere.

:class:`TableClient` keeps one connection to a table (in a background thread) and a :class:`RemoteState`: the
seat's side of the game, with the calls a board makes on a local state (``observation``, ``legal_actions``,
``apply``, ``events``, ``outcome`` ...) answered from what the server sent. ``apply`` sends the action and
waits for the server's verdict; an illegal one raises the engine's message as :class:`RemoteIllegalAction`
(a ``ValueError``), and nothing changes.

>>> from jaliz_learn.tables import TableServer, join
>>> server = TableServer(port=0, records=None).start()
>>> table = server.open_table("nizam", players=2, seed=3, bots={1: "greedy"})
>>> result = join("random", table.urls[0])      # a bot takes seat 0 and plays until the end
>>> result.over, len(result.scores)
(True, 2)
>>> server.stop()
"""

from __future__ import annotations

import json
import queue
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from jaliz_learn.core.errors import IllegalAction, InvalidOption
from jaliz_learn.core.events import Event
from jaliz_learn.core.game import Outcome
from jaliz_learn.core.registry import load_game
from jaliz_learn.core.text import safe_line
from jaliz_learn.grading.protocol import Decoder

from .protocol import MAX_FRAME
from .tls import client_context

#: The close code of a connection whose seat joined again from another one (the server's ``REPLACED``).
REPLACED = 4001
#: Seconds to wait for the server's answer to an action.
ANSWER_SECONDS = 30.0
#: Seconds before the first attempt to rejoin after a lost connection; each further attempt waits twice as long, up
#: to :data:`BACKOFF_MAX` (with the default 10 attempts a client tries for about a minute, then gives up).
BACKOFF_FIRST = 0.25
BACKOFF_MAX = 8.0


class RemoteIllegalAction(IllegalAction):
    """The server refused an action (its message names the rule); the game is as it was."""


class TableClosed(ConnectionError):
    """The connection to the table is gone and could not be made again."""


class TableDecoder(Decoder):
    """A decoder that imports classes only from the installed package: a server never makes a client load a file."""

    def define(self, defs: Any) -> None:
        for ref, _path in defs.values():
            if not str(ref).startswith("jaliz_learn."):
                raise TableClosed(f"the server sent a class outside jaliz_learn ({str(ref)[:60]})")
        super().define({k: [ref, None] for k, (ref, _path) in defs.items()})


class Legal(Sequence[Any]):
    """The seat's legal actions as the server sent them: ``len`` is the whole count, the items are the first
    :data:`~.protocol.MAX_LEGAL` (a longer list, e.g. every Jaliz offer, is composed with the board's tools)."""

    def __init__(self, actions: Sequence[Any], count: int) -> None:
        self._actions = tuple(actions)
        self._count = max(count, len(self._actions))

    def __len__(self) -> int:
        return self._count

    def __getitem__(self, i: Any) -> Any:
        return self._actions[i]

    def __iter__(self) -> Iterator[Any]:
        return iter(self._actions)

    def __contains__(self, action: object) -> bool:
        return action in self._actions or self._count > len(self._actions)


class RemoteState:
    """A seat's side of a live game (see the module docstring); updated by its :class:`TableClient`."""

    def __init__(self, client: TableClient, welcome: dict[str, Any]) -> None:
        self.client = client
        self.game = load_game(welcome["game"], **(welcome.get("options") or {}))
        self.num_players: int = welcome["num_players"]
        self.seat: int | None = welcome["seat"]
        self.role: str = welcome["role"]
        self.table: str = welcome["table"]
        self.names: list[str] = list(welcome.get("names") or [])
        self.step = 0
        self.updates = 0  # updates received (what a board's caches are keyed by)
        self._current: int | None = None
        self._decision = ""
        self._over = False
        self._obs: Any = None
        self._all_obs: list[Any] = []
        self._legal = Legal((), 0)
        self._events: list[Event] = []
        self._outcome: Outcome | None = None
        self._own: dict[int, Any] = {}  # step -> this seat's action played there
        self.waiting: list[int] = []
        self.notice = ""
        self._deadline: Any = None
        #: what the server plays for this seat when it does not decide in time (``first`` or ``pass``)
        self.on_timeout: str = str(welcome.get("on_timeout") or "first")

    @property
    def deadline(self) -> dict[str, Any] | None:
        """The current decision's deadline as the server announced it in its last update (a dict, e.g. the seconds
        it allows and the seat it waits for), or ``None`` when no timer runs. A server that sends a bare number of
        seconds is read as ``{"seconds": N}``."""
        value = self._deadline
        if isinstance(value, dict):
            return dict(value)
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return {"seconds": float(value)}
        return None

    # -- what a board asks of a state
    def current_player(self) -> int | None:
        return self._current

    def decision(self) -> str:
        return self._decision

    def is_over(self) -> bool:
        return self._over

    def observation(self, player: int | None = None) -> Any:
        """This seat's observation (the teacher's view: any seat's; the spectator: the public one)."""
        if player is not None and player != self.seat:
            if self.role == "teacher" and 0 <= player < len(self._all_obs):
                return self._all_obs[player]
            raise InvalidOption(f"seat {self.seat} sees only its own observation, not P{player}'s")
        return self._obs

    def legal_actions(self, player: int | None = None) -> Sequence[Any]:
        return self._legal if player in (None, self.seat) else ()

    def events(self, viewer: Any = None) -> list[Event]:
        return list(self._events)

    def outcome(self) -> Outcome | None:
        return self._outcome

    def scores(self) -> tuple[float, ...]:
        return self._outcome.scores if self._outcome else ()

    @property
    def history(self) -> list[tuple[int | None, Any]]:
        """One entry per action played so far: ``(seat, action)`` for this seat's own, ``(None, None)`` for the
        others' (a seat is not told the actions of others, only their public effects through its observation)."""
        return [(self.seat, self._own[i]) if i in self._own else (None, None) for i in range(self.step)]

    def apply(self, action: Any, player: int | None = None) -> None:
        """Send ``action`` (an Action or its text) and wait for the server; raises :class:`RemoteIllegalAction`."""
        self.client.act(action)

    # -- fed by the client
    def _update(self, msg: dict[str, Any], dec: Decoder) -> None:
        dec.define(msg.get("defs") or {})
        self._obs = dec.decode(msg["observation"])
        self._all_obs = [dec.decode(o) for o in msg.get("observations") or ()]
        self._current = msg["current_player"]
        self._decision = msg["decision"]
        self._over = msg["over"]
        self.names = list(msg.get("names") or self.names)
        self.waiting = list(msg.get("waiting") or ())
        self.notice = msg.get("notice") or ""
        self._deadline = msg.get("deadline")
        parse = self.game.parse_action  # no game's notation needs the state
        self._legal = Legal([parse(t, None) for t in msg["legal"]], msg.get("legal_count", 0))  # type: ignore[arg-type]
        self._events.extend(Event.from_json(e) for e in msg["events"])
        self.step = msg["step"]  # last: a reader that waits for the step finds the rest in place
        self.updates += 1
        o = msg.get("outcome")
        self._outcome = None if o is None else Outcome(tuple(o["scores"]), tuple(tuple(g) for g in o["ranking"]),
                                                       tuple(o["winners"]))

    def __repr__(self) -> str:
        who = f"seat {self.seat}" if self.seat is not None else self.role
        return f"RemoteState({self.game.name} table {self.table}, {who}: step {self.step}, {self._decision})"


class TableClient:
    """One connection to a table, read in a background thread; reconnects with the same code when it drops.

    ``on_update(state)`` is called (in the reader thread) after every update.
    """

    def __init__(self, url: str, *, on_update: Callable[[RemoteState], None] | None = None,
                 name: str | None = None, reconnects: int = 10) -> None:
        self.url = url
        #: the address connected to (the link without its ``#sha256=`` pin) and its TLS context (pinned or None)
        self.address, self._tls = client_context(url)
        self.on_update = on_update
        self.reconnects = reconnects
        self._answers: queue.Queue[dict[str, Any]] = queue.Queue()
        self._updated = threading.Condition()
        self._closing = False
        self._ws: Any = None
        self.connections = 0  # how often it connected (1 + the rejoins after a lost connection)
        self.failure = ""  # why the reader stopped for good, if it did (one line)
        self.state: RemoteState = None  # type: ignore[assignment]  # set by _connect
        self._connect()
        if name:
            self._send({"type": "hello", "name": name})
        self._thread = threading.Thread(target=self._read, name=f"table {self.state.table}", daemon=True)
        self._thread.start()

    def _connect(self) -> None:
        """Connect and read the welcome and the first update; any failure is one :class:`TableClosed` (the reader
        thread retries on it, and a caller gets one line, never a library's traceback)."""
        from websockets.exceptions import WebSocketException
        from websockets.sync.client import connect

        shown = self.address  # never the pin: a line may be pasted where others read it
        try:
            # entered as a context manager would be (websockets 17 warns about a bare connect()); close() ends it
            ws = connect(self.address, max_size=MAX_FRAME, open_timeout=10, ssl=self._tls).__enter__()
        except (OSError, ValueError, TimeoutError, WebSocketException) as exc:
            raise TableClosed(f"cannot reach the table at {shown}: {safe_line(exc, limit=200)}") from None
        try:
            welcome = json.loads(ws.recv(timeout=10))
            if welcome.get("type") == "error":
                ws.close()
                raise TableClosed(f"{shown}: {safe_line(welcome.get('message'), limit=200)}")
            first = json.loads(ws.recv(timeout=10))
        except TableClosed:
            raise
        except (OSError, ValueError, TimeoutError, WebSocketException, AttributeError) as exc:
            ws.close()
            why = getattr(ws, "close_reason", None) or safe_line(exc, limit=200) or type(exc).__name__
            raise TableClosed(f"the table at {shown} closed the connection: {safe_line(why, limit=200)}") from None
        dec = TableDecoder()
        if self.state is None or self.state.table != welcome["table"]:
            self.state = RemoteState(self, welcome)
        self.state._events.clear()  # a new connection is sent the whole log again
        self._decoder = dec
        self.state._update(first, dec)
        self._ws = ws
        self.connections += 1

    def _send(self, message: dict[str, Any]) -> None:
        try:
            self._ws.send(json.dumps(message))
        except Exception as exc:  # noqa: BLE001 - a closed connection: the reader rejoins; the caller hears one line
            raise TableClosed(f"the connection to the table dropped ({type(exc).__name__}): rejoining") from None

    @property
    def lost(self) -> bool:
        """The connection is gone for good (the reader gave up rejoining, or the seat was taken elsewhere)."""
        return not self._thread.is_alive() and not self._closing

    def _read(self) -> None:
        tries = 0
        while not self._closing:
            try:
                raw = self._ws.recv()
            except Exception:  # noqa: BLE001 - the connection dropped: join again with the same code
                if self._closing or self.state.is_over():
                    break
                if getattr(self._ws, "close_code", None) == REPLACED:  # the seat was taken from another device:
                    self.state.notice = "this seat joined again from another connection: this one is closed"
                    self.failure = self.state.notice
                    self._answers.put({"type": "error", "message": self.state.notice})
                    self._notify()  # not rejoining, or two devices would take the seat from each other forever
                    break
                if tries >= self.reconnects:
                    self.failure = f"the connection to the table is lost ({tries} attempts to join again failed)"
                    self._answers.put({"type": "error", "message": self.failure})
                    self._notify()
                    break
                time.sleep(min(BACKOFF_MAX, BACKOFF_FIRST * 2 ** tries))  # bounded backoff: a server coming back
                tries += 1  # is not flooded by a class of clients
                try:
                    self._connect()
                except TableClosed:
                    continue
                self._answers.put({"type": "rejoined"})  # an action in flight may have been lost: its caller
                self._notify()  # hears so now, not after ANSWER_SECONDS
                continue
            tries = 0
            try:
                msg = json.loads(raw)
                if msg["type"] == "update":
                    with self._updated:  # a waiter wakes when what the update shows (a board) is drawn too
                        self.state._update(msg, self._decoder)
                        self._notify()
                        self._updated.notify_all()
                elif msg["type"] in ("ok", "error"):
                    self._answers.put(msg)
            except Exception as exc:  # noqa: BLE001 - a message this client cannot read: one line, no traceback
                self.failure = safe_line(f"the table sent a message this client cannot read: {exc}", limit=200)
                self.state.notice = self.failure
                self._answers.put({"type": "error", "message": self.failure})
                self._notify()
                break

    def _notify(self) -> None:
        if self.on_update is not None:
            try:
                self.on_update(self.state)
            except Exception:  # noqa: BLE001,S110 - a display error must not stop the reader
                pass

    def act(self, action: Any, *, error: str | None = None) -> Any:
        """Play ``action`` for this seat; returns the action as the server read it (raises when refused).

        ``error``: why a bot's seat plays this (its default action) instead of the bot's choice, one line the
        server shows on the seat's board and in the teacher's list. Raises :class:`TableClosed` when the
        connection dropped (the reader is rejoining) or no answer came.
        """
        text = str(action)
        while not self._answers.empty():  # answers nobody waited for (a timed-out earlier call)
            self._answers.get_nowait()
        message: dict[str, Any] = {"type": "act", "action": text, "step": self.state.step}
        if error:
            message["error"] = safe_line(error, limit=200)
        if self.lost:
            raise TableClosed(self.failure or "the connection to the table is lost")
        self._send(message)
        end = time.monotonic() + ANSWER_SECONDS
        while True:  # in short waits: a reader that stops for good ends the wait at once
            try:
                answer = self._answers.get(timeout=0.25)
                break
            except queue.Empty:
                if self.lost:
                    raise TableClosed(self.failure or "the connection to the table is lost") from None
                if time.monotonic() > end:
                    raise TableClosed(f"the table did not answer within {ANSWER_SECONDS:g} s") from None
        if answer["type"] == "rejoined":
            raise TableClosed("the connection dropped and was joined again; the action may not have arrived")
        if answer["type"] == "error":
            raise RemoteIllegalAction(answer["message"], rule=answer.get("rule"), action=action)
        played = self.state.game.parse_action(answer["action"], None)  # type: ignore[arg-type]
        self.state._own[answer["step"] - 1] = played  # the step it was played at (others may have moved since)
        return played

    def wait(self, predicate: Callable[[RemoteState], bool], timeout: float | None = None) -> bool:
        """Wait until ``predicate(state)`` holds (checked after every update); False on timeout."""
        end = None if timeout is None else time.monotonic() + timeout
        with self._updated:
            while not predicate(self.state):
                left = None if end is None else end - time.monotonic()
                if (left is not None and left <= 0) or (not self._thread.is_alive() and not self._closing):
                    return predicate(self.state)
                self._updated.wait(0.5 if left is None else min(left, 0.5))
        return True

    def drop(self) -> None:
        """Break the connection without closing it properly (tests: a lost network); the reader rejoins."""
        import socket

        self._ws.socket.shutdown(socket.SHUT_RDWR)  # wakes the blocked reader, as a lost network would

    def close(self) -> None:
        self._closing = True
        try:
            self._ws.close()
        finally:
            self._thread.join(5)


__all__ = ["Legal", "RemoteIllegalAction", "RemoteState", "TableClient", "TableClosed"]
