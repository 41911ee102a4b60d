"""A board at a live table in a kernel (an event loop runs) draws a burst of updates once, not once each (issue 49):
a table moved on by its deadlines plays hundreds of moves in seconds, and a board that queued one drawing per
update fell far behind (the browser test waited for "Game over" in vain while the kernel drew stale positions)."""

from __future__ import annotations

import asyncio
import time

import pytest

pytest.importorskip("ipywidgets")

from jaliz_learn.widgets import JalizBoard  # noqa: E402

from jaliz_learn.tables import TableServer  # noqa: E402


def test_a_burst_of_updates_costs_a_board_a_few_drawings_of_the_latest_state(tmp_path):
    server = TableServer(port=0, records=None).start()
    opened = server.open_table("jaliz", 3, seed=4, bots={1: "heuristic", 2: "heuristic"})
    table = server.tables[opened.table]

    async def in_a_kernel() -> tuple[JalizBoard, int]:
        board = JalizBoard(join=opened.urls[0], name="Ana")  # made while a loop runs, as in a notebook cell
        assert board._loop is not None
        drawn = [0]
        draw = board._render_now

        def counted() -> None:
            drawn[0] += 1
            time.sleep(0.02)  # a drawing in a kernel sends its messages to the page: not free
            draw()

        board._render_now = counted  # type: ignore[method-assign]
        table.on_timeout, table.timeout = "pass", 0.001  # every decision of seat 0 times out at once
        board.apply(str(table.state.legal_actions(0)[0])) if table.state.current_player() == 0 else None
        end = time.monotonic() + 60
        while not (board.state.is_over() and "Game over" in board.status.value) and time.monotonic() < end:
            await asyncio.sleep(0.01)
        return board, drawn[0]

    try:
        board, drawn = asyncio.run(in_a_kernel())
        try:
            assert "Game over" in board.status.value
            updates = board.state.updates
            assert updates > 100, updates  # a real burst
            assert drawn < updates / 3, (drawn, updates)  # not one drawing per update
        finally:
            board.state.client.close()
    finally:
        server.stop()
