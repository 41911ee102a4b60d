"""The door of the table server (issue 49): who is held back before the handshake, who is turned away after it,
and what happens to a connection over its limits. A mixin of :class:`~.server.TableServer`; the bounds are in
:class:`~.limits.Limits` and the bookkeeping in :class:`~.limits.Gate`.
"""

from __future__ import annotations

import asyncio
from http import HTTPStatus
from typing import Any

from .limits import CLOSE, WARN, Gate, Limits
from .protocol import dumps
from .viewers import Viewer


class Doors:
    """The connection-level fair share of :class:`~.server.TableServer`."""

    gate: Gate
    limits: Limits
    _after_change: Any

    async def _door(self, connection: Any, request: Any) -> Any:
        """Before the WebSocket handshake: an address with too many connections opening or too many refused (see
        :class:`~.limits.Limits`) is answered late (a script retrying in a loop slows down, at no cost meanwhile)
        and refused with HTTP 429."""
        address = str((connection.remote_address or ("?",))[0])
        if self.gate.knock(address):
            shaking = [True]

            def shaken() -> None:  # once: when the handler starts, or the connection is lost
                if shaking:
                    shaking.clear()
                    self.gate.shaken(address)

            def lost(_waiter: Any) -> None:
                shaken()
                self.gate.gone(address)

            connection.jaliz_shaken = shaken
            connection.connection_lost_waiter.add_done_callback(lost)
            return None
        if self.gate.held < self.gate.held_max:  # held back: each holds a file descriptor meanwhile
            self.gate.held += 1
            try:
                await asyncio.sleep(self.limits.tarpit_seconds)
            finally:
                self.gate.held -= 1
        return connection.respond(HTTPStatus.TOO_MANY_REQUESTS,
                                  "too many connections from your address: wait a few seconds\n")

    async def _turn_away(self, ws: Any, address: str, code: int, message: str) -> None:
        self.gate.refused(address)  # an address refused again and again is held at the door
        await refuse(ws, code, message)

    async def _over_limit(self, viewer: Viewer, verdict: str, kind: str) -> None:
        """A message over its limit: dropped (the first of a run says so); a connection that keeps flooding is
        closed, and its address waits before that link joins again."""
        if verdict == WARN:
            viewer.send({"type": "error", "message": viewer.limiter.what(kind)})
        elif verdict == CLOSE:
            code = viewer.table.seats[viewer.seat].code if viewer.seat is not None else (
                viewer.table.spectator_code if viewer.role == "spectator" else viewer.table.teacher_code or "")
            self.gate.penalise(viewer.address, code)
            viewer.stop()
            if viewer.seat is not None:  # its decisions are played by default at once until it rejoins
                viewer.table.seats[viewer.seat].flooded = True
                if viewer.table.deadline is not None and viewer.table.deadline.seat == viewer.seat:
                    viewer.table.deadline = None  # its clock runs out now (another seat's clock is left alone)
                    self._after_change(viewer.table)
            viewer.closing = asyncio.get_running_loop().create_task(  # not awaited here: see _join's loop
                viewer.close(4029, "too many messages: closed for flooding the table"))


async def refuse(ws: Any, code: int, message: str) -> None:
    """Refuse a connection: one error message, then close with ``code`` (bounded: it may not read)."""
    try:
        await asyncio.wait_for(ws.send(dumps({"type": "error", "message": message})), 2.0)
        await asyncio.wait_for(ws.close(code, message.encode("utf-8")[:120].decode("utf-8", "ignore")), 2.0)
    except Exception:  # noqa: BLE001,S110 - gone already, or not reading: the handler's end closes it
        pass


__all__ = ["Doors", "refuse"]
