"""Boards at a live table (issue 29): two humans trade in Jaliz through their boards' offer builders, every
board joins a seat, and a spectator's board shows no hand. (In a real browser: tests/browser/test_tables.py.)"""

from __future__ import annotations

import pytest

pytest.importorskip("ipywidgets")

from jaliz_learn.widgets import BaliBoard, JalizBoard, JungliLaBoard, NizamBoard  # noqa: E402

from jaliz_learn.tables import TableServer  # noqa: E402


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    srv = TableServer(port=0, records=tmp_path_factory.mktemp("records")).start()
    yield srv
    srv.stop()


def until(board, predicate, seconds=15):
    assert board.state.client.wait(lambda _s: predicate(), seconds), board.status.value


def test_two_humans_trade_through_their_boards_with_a_bot_at_the_table(server):
    opened = server.open_table("jaliz", 3, seed=4, bots={2: "heuristic"})
    ana = JalizBoard(join=opened.urls[0], name="Ana")
    ben = JalizBoard(join=opened.urls[1], name="Ben")
    watch = JalizBoard(join=opened.spectator)
    table = server.tables[opened.table]
    try:
        assert ana.human == 0 and ben.human == 1 and watch.human is None
        # Ana plants until the market opens and Ben must make an offer
        for _ in range(10):
            if ben.state.current_player() == 1 and ben.state.decision() == "offer":
                break
            until(ana, lambda: ana.state.current_player() == 0 and len(ana.legal()) > 0)
            texts = [str(a) for a in ana.legal()]
            assert ana.apply(texts[0] if texts[0].startswith("plant") else "done"), ana.error
            until(ben, lambda: ben.state.step == table.step)
        assert "Ben" in ana.status.value or ana.state.current_player() != 1
        # Ben builds an offer on his board: the revealed card, for the first card of his hand
        assert ben.offer_box.layout.display == "flex"
        ben.want.value = (0,)
        ben.give_cards.value = (0,)
        offer = ben.offer_text()
        ben.offer_btn.click()
        assert ben.error == "", ben.error
        # Ana sees it and accepts it with her board's button
        until(ana, lambda: ana.state.decision() == "respond" and ana.state.current_player() == 0)
        assert any(p == 1 for p, _o in ana.observation().offers)
        assert ("P1 Ben", "accept 1") in ana.accept_dd.options  # the seat's number and the name it joined with
        hand_before = ben.observation().hand
        ana.accept_dd.value = "accept 1"
        ana.accept_btn.click()
        assert ana.error == "", ana.error
        until(ben, lambda: ben.state.step == table.step)
        kinds = [e.kind for e in table.state.events("all")]
        assert "accept" in kinds or "trade" in kinds, kinds[-8:]
        assert ben.observation().hand != hand_before  # he paid with a card of his hand
        assert offer.startswith("offer ")
        # the spectator's board saw it all without a hand
        until(watch, lambda: watch.state.step == table.step)
        assert watch.observation().hand is None and watch.observation() == table.state.observation(None)
        assert "Your turn" not in watch.status.value
    finally:
        for b in (ana, ben, watch):
            b.state.client.close()


def test_an_illegal_click_at_a_table_shows_the_rule_and_changes_nothing(server):
    opened = server.open_table("nizam", 2, seed=3, bots={1: "greedy"})
    board = NizamBoard(join=opened.urls[0])
    table = server.tables[opened.table]
    try:
        until(board, lambda: board.state.current_player() == 0 and len(board.legal()) > 0)
        before = table.state.dumps()
        assert not board.apply("score")
        assert "NIZ-" in board.error
        assert table.state.dumps() == before
    finally:
        board.state.client.close()


@pytest.mark.parametrize("cls,game,players,kwargs", [
    (NizamBoard, "nizam", 2, {}), (NizamBoard, "pearl-of-the-east", 2, {}),
    (JungliLaBoard, "jungli-la", 3, {}), (BaliBoard, "bali", 3, {}), (BaliBoard, "bali-tani", 3, {}),
    (JalizBoard, "jaliz-advanced", 3, {"stop_after": 50})])  # random Jaliz games are long: a stretch
def test_every_board_joins_a_seat_and_plays_it_to_the_end(server, cls, game, players, kwargs):
    import random

    opened = server.open_table(game, players, seed=5, bots={s: "random" for s in range(1, players)})
    stop_after = kwargs.pop("stop_after", None)
    board = cls(join=opened.urls[0], **kwargs)
    table = server.tables[opened.table]
    rng = random.Random(2)
    try:
        assert board.game.name == game
        for _ in range(stop_after or 3000):
            until(board, lambda: board.state.is_over() or (board.state.current_player() == 0 and len(board.legal())))
            if board.state.is_over():
                break
            legal = list(board.legal())
            assert board.apply(rng.choice(legal)), board.error
        until(board, lambda: board.state.current_player() == 0 or board.state.is_over())
        assert board.observation() == table.state.observation(0)
        if stop_after is None:
            assert table.state.is_over()
            assert "Game over" in board.status.value
            from jaliz_learn.widgets import ReplayViewer

            replay = ReplayViewer(str(table.saved))  # the saved table steps like any replay
            assert replay.steps == table.step and replay.state.dumps() == table.state.dumps()
    finally:
        board.state.client.close()


@pytest.mark.parametrize("cls,game", [(JalizBoard, "jaliz"), (NizamBoard, "nizam"), (NizamBoard, "pearl-of-the-east"),
                                      (JungliLaBoard, "jungli-la"), (BaliBoard, "bali"), (BaliBoard, "bali-tani")])
def test_boards_at_a_table_write_the_names_the_seats_joined_with(server, cls, game):
    import importlib

    from jaliz_learn.pictures import PICTURE_MODULES

    opened = server.open_table(game, 3, seed=5)  # no bots: the table waits, so only the names change it
    ana = cls(join=opened.urls[0], name="Ana")
    ben = cls(join=opened.urls[1], name="Ben")
    try:
        # Ben's name reaches Ana's board when he says it, not at the next move (nobody can move yet)
        until(ana, lambda: ana.state.names[:2] == ["Ana", "Ben"])
        ana.redraw()
        assert ana.ui["seat_names"][:2] == ("Ana", "Ben")
        scene = hasattr(ana, "scene")  # Bali and Jungli-La write the name beside a disc with the number
        if scene:
            drawn = " ".join(ana.scene.texts())
        else:
            module = importlib.import_module(f"jaliz_learn.pictures.{PICTURE_MODULES[game]}")
            drawn = module.picture(ana.observation(), ana.ui).to_svg()
        assert ("Ana (you)" if scene else "P0 Ana (you)") in drawn and ("Ben" if scene else "P1 Ben") in drawn
        assert "P2" in drawn  # the seat nobody took keeps its number
    finally:
        for b in (ana, ben):
            b.state.client.close()
