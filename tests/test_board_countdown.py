"""The turn deadline on every board joined to a live table (issue 49): "Seat 1 (Ben): 1:55 left", set from each
update's ``deadline`` and counted down in the page. (The page's own count: tests/browser/test_hostile_names.py.)"""

from __future__ import annotations

import re

import pytest

pytest.importorskip("ipywidgets")

from jaliz_learn.widgets import BaliBoard, JalizBoard, JungliLaBoard, NizamBoard  # noqa: E402
from jaliz_learn.widgets.countdown import read_deadline  # noqa: E402

from jaliz_learn.tables import TableServer  # noqa: E402


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    srv = TableServer(port=0, records=tmp_path_factory.mktemp("records")).start()
    yield srv
    srv.stop()


def _wait(board, predicate, seconds=20):
    assert board.state.client.wait(lambda _s: predicate(), seconds), board.status.value


@pytest.mark.parametrize("cls,game,players", [(JalizBoard, "jaliz", 3), (NizamBoard, "nizam", 2),
                                              (JungliLaBoard, "jungli-la", 3), (BaliBoard, "bali", 3)])
def test_every_board_at_a_timed_table_counts_down_the_seat_on_turn(server, cls, game, players):
    names = ["Ana", "Ben", "Cy"][:players]
    opened = server.open_table(game, players, seed=5, timeout=90)
    boards = [cls(join=url, name=n) for url, n in zip(opened.urls, names)]
    watch = boards[-1]
    try:
        _wait(watch, lambda: watch.state.names == names and watch.state.current_player() is not None
              and watch.state.deadline is not None)
        cur = watch.state.current_player()
        seat, left, total = read_deadline(watch.state.deadline, cur)
        assert seat == cur and 80 < left <= total == 90
        for p, board in enumerate(boards):
            you = ", you" if p == cur else ""
            _wait(board, lambda board=board, you=you: board.countdown.label == f"Seat {cur} ({names[cur]}{you})")
            assert re.fullmatch(rf"Seat {cur} \({names[cur]}{you}\): (1:30|1:[0-2]\d) left", board.countdown.text()), \
                board.countdown.text()
            assert board.children.index(board.countdown) == 2  # right under the status line
    finally:
        for b in boards:
            b.state.client.close()


@pytest.fixture
def ben(server):
    """Seat 1 of a Nizam table, disconnected after joining: the test feeds its state updates by hand."""
    opened = server.open_table("nizam", 2, seed=5)
    ana = NizamBoard(join=opened.urls[0], name="Ana")
    board = NizamBoard(join=opened.urls[1], name="Ben")
    _wait(board, lambda: board.state.names == ["Ana", "Ben"])
    for b in (ana, board):
        b.state.client.close()
    return board


def _update(board, deadline, names=None):
    """What a new update from the server does to the board: new fields, one more update counted, a redraw."""
    board.state._deadline = deadline  # as RemoteState._update stores the message's field
    if names is not None:
        board.state.names = names
    board.state.updates += 1
    board.redraw()


def test_the_countdown_follows_the_contract_of_the_update_message(ben):
    c = ben.countdown
    _update(ben, {"seat": 1, "seconds_left": 114.2, "total": 120.0})
    assert c.label == "Seat 1 (Ben, you)" and c.text(now=c._set_at) == "Seat 1 (Ben, you): 1:55 left"
    assert c.text(now=c._set_at + 100) == "Seat 1 (Ben, you): 0:15 left"
    assert c.text(now=c._set_at + 1000).endswith(": 0:00 left")
    _update(ben, {"seat": 0, "seconds_left": 7, "total": 120}, names=["Shirin", "Ben"])
    assert c.text(now=c._set_at) == "Seat 0 (Shirin): 0:07 left"
    _update(ben, None)  # nobody timed (a bot's turn, a table without deadlines)
    assert c.label == "" and c.text() == ""
    _update(ben, {"seat": "0", "seconds_left": "soon"})  # malformed: hidden, never an error on the board
    assert c.text() == "" and ben.error == ""


def test_a_redraw_between_updates_does_not_wind_the_clock_back(ben):
    c = ben.countdown
    _update(ben, {"seat": 0, "seconds_left": 60.0, "total": 120.0})
    stamp = c.stamp
    c._set_at -= 20  # 20 s pass in the kernel
    ben.set_note("a click")
    ben.redraw()
    assert c.stamp == stamp and c.text(now=None).endswith("0:40 left")
    ben._on_client_ready()  # a reload: the new page is sent the time left now, not the minute of the update
    assert c.stamp == stamp + 1 and 39 <= c.seconds_left <= 40


def test_a_local_board_has_no_countdown():
    board = NizamBoard(num_players=2, seed=1, speed=0)
    assert board.countdown is None and all(type(w).__name__ != "Countdown" for w in board.children)
