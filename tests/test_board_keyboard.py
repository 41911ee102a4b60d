"""The keyboard model of every board (issue 50), on the kernel's side: the messages the page sends (a part
played with Enter, a query key, Escape) and what the board answers in its live region. The page's side (focus,
Tab, the live region read out) is tested in tests/browser/test_board_keyboard.py."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

pytest.importorskip("ipywidgets")

from jaliz_learn.widgets import BaliBoard, JalizBoard, JungliLaBoard, NizamBoard, ReplayViewer  # noqa: E402
from jaliz_learn.widgets.access import BoardAccess  # noqa: E402
from jaliz_learn.widgets.keyboard import KEYS  # noqa: E402

from jaliz_learn.core.actions import Action  # noqa: E402
from jaliz_learn.pictures.describe import HAND, describe  # noqa: E402

#: every board: (id, class, keyword arguments)
BOARDS = [
    ("jaliz", JalizBoard, {"num_players": 3}),
    ("jaliz-advanced", JalizBoard, {"num_players": 3, "game": "jaliz-advanced"}),
    ("nizam", NizamBoard, {"num_players": 2}),
    ("nizam-solo", NizamBoard, {"num_players": 1}),
    ("pearl", NizamBoard, {"num_players": 2, "game": "pearl-of-the-east"}),
    ("jungli-la", JungliLaBoard, {"num_players": 3}),
    ("bali", BaliBoard, {"num_players": 3}),
    ("bali-tani", BaliBoard, {"num_players": 3, "tani": True}),
]


def _board(cls, kw, seed=4):
    return cls(human=0, bots="random", seed=seed, speed=0, **kw)


def _send(board, **message):
    """What the page sends (the anywidget's message), handled as the kernel handles it."""
    board.access._on_message(board.access, message, [])


def _playable(board):
    return [p["id"] for p in board.access.parts if board._part_targets.get(p["id"]) is not None]


@pytest.mark.parametrize("name,cls,kw", BOARDS, ids=[b[0] for b in BOARDS])
def test_every_decision_is_played_from_the_keyboard(name, cls, kw):
    """A player that only presses Enter on parts (chosen at random; no click, no typed notation, no list) keeps
    the game going through the board's decisions: every human move here came from a part."""
    board = _board(cls, kw)
    rng = random.Random(1)
    moves, decisions, presses = 0, set(), 0
    while not board.state.is_over() and moves < 30 and presses < 2500:
        assert board.state.current_player() == board.human  # the bots moved at once (speed 0)
        decision = board.state.decision()
        before = len(board.state.history)
        _send(board, event="activate", id=rng.choice(_playable(board)))
        presses += 1
        if len(board.state.history) > before:
            moves += 1
            decisions.add(decision)
    assert moves >= 30 or board.state.is_over(), (name, moves, presses, board.state.decision(), board.error)
    assert len(decisions) >= 2, decisions


@pytest.mark.parametrize("name,cls,kw", BOARDS, ids=[b[0] for b in BOARDS])
def test_parts_are_unique_named_and_read_what_the_player_sees(name, cls, kw):
    board = _board(cls, kw)
    parts = board.access.parts
    ids = [p["id"] for p in parts]
    assert parts and len(ids) == len(set(ids))
    assert all(p["label"].strip() and p["row"].strip() for p in parts)
    assert set(ids) == set(board._part_targets)
    # the description in the page is the description of the board's observation
    assert board.access.description["title"] == describe(board.observation()).title
    assert board.access.label.endswith("board (you are P0)")


@pytest.mark.parametrize("name,cls,kw", BOARDS, ids=[b[0] for b in BOARDS])
def test_query_keys_answer_from_the_position(name, cls, kw):
    board = _board(cls, kw)
    obs = board.observation()
    d = describe(obs)
    board.handle_key("t")
    assert board.access.said()[-1] == d.section("Turn").text()
    if d.section(HAND) is not None:
        assert board.handle_key("h") == d.section(HAND).text()
    assert board.handle_key("s") == d.section("Scores").text()
    assert board.handle_key("0").startswith("P0")
    assert board.handle_key("9") == "There is no seat 9."
    legal = [str(a) for a in board.legal()]
    assert board.handle_key("a").startswith(f"{len(legal)} legal action(s): {legal[0]}")
    assert board.handle_key("l").startswith("Last moves:") or board.handle_key("l") == "No moves yet."
    assert board.handle_key("?").count(";") == len(KEYS) - 1
    assert board.handle_key("x") == ""  # not a key of the board: nothing said
    for key, _meaning in KEYS:  # every documented key is answered
        if key not in ("arrow keys", "Enter", "0-9"):
            assert board.answer(key), key


def test_the_keys_are_documented_in_the_framework():
    from jaliz_learn.widgets import keyboard

    for key, _meaning in KEYS:
        if len(key) == 1:
            assert f"``{key}``" in keyboard.__doc__, key


def test_escape_cancels_a_selection_and_says_so():
    board = JalizBoard(num_players=3, human=0, bots="random", seed=1, speed=0)
    _send(board, event="activate", id="hand-1")
    assert board.ui["hand_sel"] == 1
    assert board.access.said()[-1] == "tomato selected: choose a plot"
    assert [p["pressed"] for p in board.access.parts if p["id"].startswith("hand-")] == [False, True, False, False,
                                                                                        False]
    _send(board, event="key", key="Escape")
    assert board.ui["hand_sel"] is None and board.access.said()[-1] == "selection cancelled"
    _send(board, event="key", key="Escape")
    assert board.access.said()[-1] == "nothing to cancel"
    nizam = NizamBoard(num_players=2, human=1, seed=3, speed=0)
    nizam.apply("draw")
    many = next(pid for pid, t in nizam._part_targets.items()
                if isinstance(t, tuple) and t[0] == "end" and len(nizam.payments(t[1], t[2])) > 1)
    _send(nizam, event="activate", id=many)
    assert nizam.ui["selected_end"] is not None and any(p["row"] == "Pay with" for p in nizam.access.parts)
    _send(nizam, event="key", key="Escape")
    assert nizam.ui["selected_end"] is None and nizam.access.said()[-1] == "line end choice cancelled"


def test_enter_on_a_part_is_a_click_and_the_move_then_the_bots_are_announced_in_order():
    board = JalizBoard(num_players=3, human=0, bots="random", seed=1, speed=0)
    said = len(board.access.said())
    _send(board, event="activate", id="hand-0")
    _send(board, event="activate", id="plot-0")
    assert board.state.history[-1][1] == board.game.parse_action("plant eggplant 1", board.state)
    _send(board, event="activate", id=board.part_id("done"))
    lines = board.access.said()[said:]
    events = [board.game.describe_event(e, 0) for e in board.state.events(0)]
    tail = events[events.index("P0 plants eggplant on plot 1"):]
    assert [ln for ln in lines if ln in events] == tail  # every move, each once, in order (the bots' too)
    assert any(ln.startswith("P1 ") for ln in lines) and any(ln.startswith("P2 ") for ln in lines)
    assert lines[-1] == f"Your turn: {board.state.decision().replace('-', ' ')}."


def test_an_illegal_part_says_the_rule_and_a_gone_part_says_so():
    board = JalizBoard(num_players=3, human=0, bots="random", seed=1, speed=0)
    _send(board, event="activate", id="plot-1")  # harvest an empty plot
    assert "JAL-HARVEST" in board.access.said()[-1] and board.access.said()[-1] == board.error
    _send(board, event="activate", id="no-such-part")
    assert board.access.said()[-1] == "that part is gone: the board changed"
    _send(board, event="bogus")  # an unknown message changes nothing
    _send(board, event="activate", id=3)


def test_the_end_of_the_game_is_announced():
    board = BaliBoard(num_players=3, human=0, bots="random", seed=2, speed=0)
    rng = random.Random(0)
    while not board.state.is_over():
        board.apply(rng.choice(list(board.legal())))
    assert board.access.said()[-1].startswith("Game over. Winner(s): ")


def test_a_watching_board_announces_every_bot_move():
    board = NizamBoard(num_players=2, human=None, bots="random", seed=3, speed=0)  # the bots play it all at once
    events = [board.game.describe_event(e, None) for e in board.state.events(None)]
    said = board.access.said()
    assert board.state.is_over() and said[-1] == board.game_over_text()
    assert said[:-1] == events[-(len(said) - 1):]  # the last lines kept: the game's last moves, in order
    assert board.access.label == "Nizam board (watching)"


def test_replay_reads_each_step_and_answers_keys():
    board = JalizBoard(num_players=3, human=0, bots="random", seed=1, speed=0)
    board.apply("plant eggplant 1")
    rv = ReplayViewer(board.state, viewer=0, step=0)
    assert rv.access.said() == []
    _send(rv, event="activate", id="nav-next")
    assert rv.step == 1 and rv.access.said()[-1].startswith("Step 1 of ")
    assert "P0 plants eggplant on plot 1" in rv.access.said()[-1]
    assert rv.handle_key("h") == describe(rv.observation()).section(HAND).text()
    _send(rv, event="activate", id="nav-prev")
    _send(rv, event="activate", id="nav-prev")  # before the start: said, nothing moves
    assert rv.step == 0 and rv.access.said()[-1].startswith("no step there")
    assert rv.access.description["title"] == describe(rv.observation()).title


def test_controls_have_accessible_names():
    board = JalizBoard(num_players=3, human=0, seed=1, speed=0)
    names = dict((name, cls) for cls, name in board.access.control_names)
    for expected in ("type an action in notation, then Enter", "plot to harvest", "item to buy", "bot pace (s)",
                     "want", "give", "tokens", "ask"):
        assert expected in names, names
    for cls in names.values():  # each named control carries the class the page finds it by
        assert any(cls in w._dom_classes for w in _descendants(board))


def _descendants(widget):
    todo, out = [widget], []
    while todo:
        w = todo.pop()
        out.append(w)
        todo.extend(getattr(w, "children", ()))
    return out


def test_access_messages_are_valid_text():
    a = BoardAccess()
    a.say("P1 \udcff<b>bold</b>\x00")
    a.say("   ")  # nothing to say: nothing added
    assert len(a.said()) == 1 and "\udcff" not in a.said()[0] and "<b>bold</b>" in a.said()[0]
    for k in range(40):
        a.say(f"line {k}")
    assert len(a.messages) == 30 and a.said()[-1] == "line 39"
    assert [m[0] for m in a.messages] == sorted(m[0] for m in a.messages)  # numbered in order: read once each


def test_actions_row_holds_what_has_no_part():
    board = NizamBoard(num_players=2, human=1, seed=3, speed=0)
    actions = [board._part_targets[p["id"]] for p in board.access.parts if p["row"] == "Actions"]
    assert all(isinstance(a, Action) for a in actions) and [str(a) for a in actions] == ["draw"]


def test_a_board_at_a_live_table_announces_the_other_seats_moves(tmp_path):
    """Two seats of a live Nizam table: what one seat plays is read out on the other seat's board, by the name the
    seat joined with in the position in words, and its description follows the table."""
    from jaliz_learn.tables import TableServer

    server = TableServer(port=0, records=tmp_path).start()
    boards = []
    try:
        opened = server.open_table("nizam", 2, seed=5, timeout=0)
        boards = [NizamBoard(join=url, name=n) for url, n in zip(opened.urls, ["Ana", "Ben"])]
        watch = boards[1]
        assert watch.state.client.wait(lambda s: s.names == ["Ana", "Ben"] and s.current_player() is not None, 20)
        cur = watch.state.current_player()
        mover, other = boards[cur], boards[1 - cur]
        assert mover.state.client.wait(lambda s: s.current_player() == cur, 20)
        assert mover.apply("draw"), mover.error
        line = f"P{cur} draws 3 cards"
        assert other.state.client.wait(lambda _s: any(x.startswith(line) for x in other.access.said()), 20), \
            other.access.said()
        assert other.access.label == f"Nizam board (you are P{1 - cur})"
        assert "Every seat has joined: the game starts." in boards[0].access.said()  # seat 0 joined first
        assert any(s["heading"] == "P0 Ana" + (" (you)" if cur == 1 else "")
                   for s in other.access.description["sections"]), other.access.description
    finally:
        for b in boards:
            b.state.client.close()
        server.stop()


def test_the_svg_surface_is_named_by_the_position(monkeypatch):
    monkeypatch.setenv("JALIZ_LEARN_BOARD_SURFACE", "svg")
    board = BaliBoard(num_players=3, human=0, bots="random", seed=3, speed=0)
    from jaliz_learn.widgets.surface import SvgSurface

    assert isinstance(board.canvas, SvgSurface)
    assert board.canvas.label == describe(board.observation()).title
    board.apply(next(iter(board.legal())))
    assert board.canvas.label == describe(board.observation()).title


def test_the_offer_builder_is_played_from_the_keyboard():
    board = JalizBoard(num_players=3, human=1, bots="random", seed=1, speed=0)
    assert board.state.decision() == "offer" and board.state.current_player() == 1
    _send(board, event="activate", id="make-offer")  # nothing wanted yet: the rule is said, nothing is played
    assert "JAL-MARKET-05" in board.access.said()[-1]
    for pid in ("market-0", "give-0", "token-1", "ask-7-1"):
        _send(board, event="activate", id=pid)
        assert next(p for p in board.access.parts if p["id"] == pid)["pressed"] is True, pid
    text = board.offer_text()
    assert board.access.said()[-1] == text and "for" in text and "token:1" in text and "ask" in text
    make = next(p for p in board.access.parts if p["id"] == "make-offer")
    assert make["label"] == f"make offer: {text}"
    _send(board, event="activate", id="give-0")  # Enter again takes it out
    assert next(p for p in board.access.parts if p["id"] == "give-0")["pressed"] is False
    text = board.offer_text()
    played = len(board.state.history)
    _send(board, event="activate", id="make-offer")
    assert len(board.state.history) > played, board.error
    assert str(board.state.history[played][1]) == text


@settings(max_examples=60, deadline=None)
@given(text=st.text(st.characters(codec=None, exclude_categories=()), max_size=40))
def test_any_text_reaches_the_page_as_valid_text(text):
    """A seat's name, a message or an event line may be any text (lone surrogates, controls, bidi, markup): what
    the layer sends encodes as JSON in UTF-8, and the page puts it in text nodes only (no innerHTML in its code)."""
    import json

    from jaliz_learn.widgets.access import Part
    from jaliz_learn.widgets.access_page import ESM

    from jaliz_learn.pictures.describe import Description, Section

    a = BoardAccess(label=text)
    a.say(text)
    a.set_parts([Part("p1", text, text)])
    a.set_description(Description(text, (Section(text, (text,)),)))
    a.set_keys([(text[:1] or "k", text)])
    json.dumps([a.messages, a.parts, a.description, a.key_help]).encode("utf-8")
    assert "innerHTML" not in ESM and "insertAdjacentHTML" not in ESM


def test_the_replay_on_the_svg_surface_is_named_by_the_position(monkeypatch):
    monkeypatch.setenv("JALIZ_LEARN_BOARD_SURFACE", "svg")
    board = NizamBoard(num_players=2, human=1, seed=3, speed=0)
    board.apply("draw")
    rv = ReplayViewer(board.state, viewer=1, step=1)
    assert rv.canvas.label == describe(rv.observation()).title
    rv.go(0)
    assert rv.canvas.label == describe(rv.observation()).title
