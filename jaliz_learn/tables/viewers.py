"""One connection to a table and its writer (issue 49): updates coalesced, slow readers dropped, never waited for.

Nothing the table does waits for a viewer's network. A change only marks each viewer's view as out of date
(:meth:`Viewer.update`); the viewer's own writer task renders the view when it gets to it, so a burst of changes
while it was sending (or, for a spectator, within :attr:`~.limits.Limits.spectator_interval`) costs that viewer
ONE update showing the latest state. A viewer whose connection takes nothing for
:attr:`~.limits.Limits.send_seconds`, or who lets :attr:`~.limits.Limits.queue` answers pile up, is dropped (its
seat waits for a rejoin, as after a lost network).
"""

from __future__ import annotations

import asyncio
import time
from collections import deque
from collections.abc import Callable
from typing import Any

from jaliz_learn.grading.protocol import Encoder

from .limits import Limits, MessageLimiter
from .protocol import dumps

#: The place of "this viewer's update, rendered when sent" in a viewer's queue.
_UPDATE = object()


class Viewer:
    """One connection: its table, its role (``seat``, ``spectator``, ``teacher``) and what it was sent."""

    def __init__(self, ws: Any, table: Any, role: str, seat: int | None, *,
                 render: Callable[[Viewer], dict[str, Any]] | None = None, limits: Limits | None = None,
                 address: str = "") -> None:
        self.ws = ws
        self.table = table
        self.role = role
        self.seat = seat
        self.address = address
        self.encoder = Encoder()  # class numbers are per connection (a reconnect starts afresh)
        self.events_sent = 0
        self.limits = limits or Limits()
        self.limiter = MessageLimiter(self.limits)
        self.render = render
        self.interval = 0.0 if seat is not None else self.limits.spectator_interval  # a seat must see at once
        self.updates_sent = 0
        self.closed = False
        self.why_closed = ""
        self._queue: deque[Any] = deque()
        self._update_queued = False
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self.closing: asyncio.Task[None] | None = None  # a close under way (kept: the loop holds tasks weakly)

    def start(self) -> None:
        """Start the writer (on the server's loop)."""
        self._task = asyncio.get_running_loop().create_task(self._write())

    def update(self) -> None:
        """The table changed: this viewer gets one update showing the latest state (one, however many changes
        come before it is sent)."""
        if not self._update_queued and not self.closed:
            self._update_queued = True
            self._queue.append(_UPDATE)
            self._wake.set()

    def send(self, message: dict[str, Any]) -> None:
        """Queue an answer (``ok``, ``error``) after the updates already queued (an ``ok`` follows the update of
        the action it answers)."""
        if self.closed:
            return
        if len(self._queue) >= self.limits.queue:
            self.drop("it does not read what it is sent")
            return
        self._queue.append(message)
        self._wake.set()

    def drop(self, why: str) -> None:
        """Cut the connection now (no closing handshake to wait for: its buffer may be full)."""
        if self.closed:
            return
        self.closed = True
        self.why_closed = why
        self._queue.clear()
        self._wake.set()
        transport = getattr(self.ws, "transport", None)
        if transport is not None:
            transport.abort()

    async def close(self, code: int, reason: str) -> None:
        """Close the connection with a code the client can read (a closing handshake of at most 2 s)."""
        self.closed = True
        self.why_closed = reason
        self._wake.set()
        try:
            await asyncio.wait_for(self.ws.close(code, reason), 2.0)
        except Exception:  # noqa: BLE001 - it did not answer the close: cut it
            self.drop(reason)

    async def _write(self) -> None:
        last = 0.0
        try:
            while not self.closed:
                await self._wake.wait()
                self._wake.clear()
                while self._queue and not self.closed:
                    item = self._queue.popleft()
                    if item is _UPDATE:
                        wait = self.interval - (time.monotonic() - last)
                        if wait > 0:  # a spectator: the changes of the next moments join this update
                            await asyncio.sleep(wait)
                        self._update_queued = False  # a change from now on needs another update
                        assert self.render is not None
                        item = self.render(self)
                        last = time.monotonic()
                        self.updates_sent += 1
                    await asyncio.wait_for(self.ws.send(dumps(item)), self.limits.send_seconds)
        except (asyncio.TimeoutError, TimeoutError):
            self.drop(f"it took nothing for {self.limits.send_seconds:g} s")
        except Exception:  # noqa: BLE001 - a closed connection: its handler ends it and the seat waits for a rejoin
            self.closed = True

    def stop(self) -> None:
        """The connection ended: stop the writer."""
        self.closed = True
        self._wake.set()
        if self._task is not None and not self._task.done():
            self._task.cancel()


__all__ = ["Viewer"]
