"""Whose turn it is and how long it may take (issue 49): after every change the server starts the deciding seat's
deadline (:class:`~.deadlines.Deadline`), lets a server bot think in a worker thread within its time limit, and
plays a seat's default action when its time runs out, its bot fails or it was closed for flooding. A mixin of
:class:`~.server.TableServer`.
"""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from jaliz_learn.core.text import safe_line

from .deadlines import Deadline, bot_time_limit, default_action
from .records import save_record

if TYPE_CHECKING:
    from .server import Table


class Turns:
    """The deadlines and default moves of :class:`~.server.TableServer`."""

    records: Path | None
    _play: Any
    _broadcast: Any

    def _after_change(self, table: Table) -> None:
        state = table.state
        if table.timer is not None:
            table.timer.cancel()
            table.timer = None
        current = None if state.is_over() or not table.started else state.current_player()
        if current is None:
            table.deadline = None
            if state.is_over() and table.saved is None and self.records is not None:
                table.saved = save_record(self.records, table)
            return
        seat = table.seats[current]
        if seat.asked_at is None:
            seat.asked_at = time.monotonic()
        total = bot_time_limit(seat.bot, table.timeout) if seat.bot is not None else table.timeout
        if seat.flooded:  # the honest seats do not wait for one that flooded the table
            total = 0.0
        if table.deadline is None or table.deadline.step != table.step:  # a new decision: its clock starts
            table.deadline = Deadline(current, total, step=table.step) if total is not None else None
        loop = asyncio.get_running_loop()
        if seat.bot is not None:
            if not table.thinking:
                table.thinking = True
                loop.create_task(self._bot_move(table, current, table.step, total))
        elif table.deadline is not None:
            table.timer = loop.call_later(table.deadline.left(), lambda: loop.create_task(
                self._timed_out(table, current, table.step)))

    async def _bot_move(self, table: Table, seat_index: int, step: int, limit: float | None) -> None:
        seat = table.seats[seat_index]
        state = table.state
        try:
            if seat.busy is not None and not seat.busy.done():  # its thread cannot be stopped: it is not asked again
                raise _Late("the bot is still thinking about an earlier decision")
            legal = state.legal_actions(seat_index)  # lazy and a copy: a Jaliz buyer's offers are never all built
            obs = state.observation(seat_index)
            seat.busy = asyncio.ensure_future(asyncio.to_thread(seat.bot.act, obs, legal))
            seat.busy.add_done_callback(lambda f: f.cancelled() or f.exception())  # a late failure is not logged
            done, _ = await asyncio.wait({seat.busy}, timeout=limit)  # its deadline is its time limit
            if not done:
                seat.timeouts += 1
                raise _Late(f"the bot did not answer within {limit:g} s")
            action = seat.busy.result()
            if table.step != step:  # pragma: no cover - nothing else moves for a bot's seat
                return
            self._play(table, seat_index, action, seat)
        except Exception as exc:  # noqa: BLE001 - a failing bot plays its seat's default action
            table.thinking = False
            why = str(exc) if isinstance(exc, _Late) else f"the bot failed ({type(exc).__name__}: {exc})"
            await self._default_move(table, seat_index, safe_line(why, limit=200))
            return
        table.thinking = False
        await self._broadcast(table)

    async def _timed_out(self, table: Table, seat_index: int, step: int) -> None:
        if table.step != step or table.state.is_over():
            return
        table.seats[seat_index].timeouts += 1
        total = table.deadline.total if table.deadline is not None else table.timeout
        why = (f"P{seat_index} was closed for flooding the table" if table.seats[seat_index].flooded
               else f"P{seat_index} ran out of time ({total or 0:g} s)")
        await self._default_move(table, seat_index, why)

    async def _default_move(self, table: Table, seat_index: int, why: str) -> None:
        action = default_action(table.state.legal_actions(seat_index), table.on_timeout)
        table.notice = f"{why}: played {action}"
        self._play(table, seat_index, action, table.seats[seat_index])
        await self._broadcast(table)


class _Late(Exception):
    """A server bot that did not answer within its time limit."""


__all__ = ["Turns"]
