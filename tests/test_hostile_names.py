"""Every text a participant sends is data, never markup (issue 49): seat names full of markup, quotes, entities,
lone surrogates, controls and bidi characters on every picture (SVG parsed as XML), every board at a live table
(its HTML lines and its drawing, on the SVG surface so the drawing can be parsed too), the countdown, the replay
viewer and the server's ``hello``. A name shows as the text it is and adds no element and no ``on*`` attribute.
(In a real browser: tests/browser/test_hostile_names.py.)"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from html.parser import HTMLParser

import pytest
from hypothesis import given
from hypothesis import strategies as st

import jaliz_learn
from jaliz_learn.core.text import safe_text
from jaliz_learn.pictures import bali, jaliz, jungli_la, nizam
from jaliz_learn.pictures._jb_scene import Scene
from jaliz_learn.pictures.markup import esc
from jaliz_learn.pictures.svg import Svg, html_figure

#: One hostile name per game (each a valid name: markup is allowed in names, boards must show it as text).
HOSTILE = {
    "jaliz": "<svg onload=window.__pwned=1>",
    "jaliz-advanced": "\"><script>alert('x')</script>",
    "nizam": "<img src=x onerror=alert(1)>&amp;",
    "pearl-of-the-east": "'><b onclick=alert(2)>P1</b>",
    "jungli-la": "</text><svg onload=alert(3)>",
    "bali": "<!-- ]]> --><a href=javascript:x>",
    "bali-tani": "&lt;&#60;<style>*{}</style>",
}
FRAGMENTS = ["<svg onload=alert(1)>", '"><script>alert(1)</script>', "&amp;", "&#60;", "'", '"', "<", ">", "&",
             "]]>", "<!--", "<![CDATA[", "\udcff", "\ud800", "\u202e", "\u2066", "\x00", "\x1b[2K", "\ufffe", "\n"]
#: Arbitrary text: hostile fragments, any characters, and surrogates, controls and format characters.
TEXT = st.lists(st.one_of(st.sampled_from(FRAGMENTS), st.text(max_size=6),
                          st.text(st.characters(categories=["Cs", "Cc", "Cf", "Co"]), max_size=3)),
                max_size=6).map("".join)
SVG_TAGS = {"svg", "title", "desc", "rect", "circle", "line", "polygon", "polyline", "text"}
HTML_TAGS = {"div", "span", "b", "i", "code", "br", "pre", "figure", "figcaption", *SVG_TAGS}


def inert_svg(svg: str) -> str:
    """Parse ``svg`` as XML (it must be well-formed), check it holds only drawing elements and no ``on*`` or
    link attribute; return its text content."""
    root = ET.fromstring(svg)
    for el in root.iter():
        tag = el.tag.rsplit("}", 1)[-1]
        assert tag in SVG_TAGS, f"unexpected element <{tag}> in the picture"
        bad = [a for a in el.attrib if a.rsplit("}", 1)[-1].lower().startswith("on") or a.endswith("href")]
        assert not bad, f"<{tag}> has {bad}"
    return "".join(root.itertext())


class _Html(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, list[tuple[str, str | None]]]] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, attrs))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, attrs))

    def handle_data(self, data: str) -> None:
        self.text.append(data)

    def handle_comment(self, data: str) -> None:
        raise AssertionError(f"a comment in the HTML: {data!r}")


def inert_html(html: str) -> str:
    """Check an HTML fragment holds only the boards' own tags and no ``on*``/``href`` attribute; its text."""
    parser = _Html()
    parser.feed(html)
    parser.close()
    for tag, attrs in parser.tags:
        assert tag in HTML_TAGS, f"unexpected element <{tag}> in {html[:200]!r}"
        bad = [a for a, _v in attrs if a.startswith("on") or a.endswith("href")]
        assert not bad, f"<{tag}> has {bad}"
    return "".join(parser.text)


# ------------------------------------------------------------------ the one escape and the pictures


@given(TEXT)
def test_esc_gives_inert_valid_text_for_any_input(text):
    out = esc(text)
    assert not set(out) & set("<>\"'") and "\udcff" not in out
    node = ET.fromstring(f"<t a=\"{out}\" b='{out}'>{out}</t>")  # content and both attribute quotings
    shown = safe_text(text, limit=None, keep_newlines=True)  # what a reader sees: the text, made visible
    assert (node.text or "") == shown
    assert node.get("a") == node.get("b") == shown.replace("\n", " ").replace("\t", " ")  # XML's attribute rule
    out.encode("utf-8")  # valid: a widget's message can carry it


@given(TEXT, TEXT)
def test_the_svg_pen_and_the_scene_write_any_text_and_title_as_text(text, title):
    def shown(s: str) -> str:
        return safe_text(s, limit=None, keep_newlines=True)

    pen = Svg(200, 50, title=title)
    pen.text(text, 10, 20)
    assert inert_svg(pen.to_svg()) == shown(title) + shown(text)  # the texts, as text, and nothing else
    scene = Scene(200, 50, title)  # the title is also an aria-label attribute
    scene.text(10, 20, text)
    assert inert_svg(scene.to_svg()) == shown(title) + shown(text)
    assert ET.fromstring(scene.to_svg()).get("aria-label") == shown(title).replace("\n", " ").replace("\t", " ")
    assert inert_html(html_figure(pen.to_svg(), caption=text)) == shown(title) + shown(text) + shown(text)


NAMES_OBS = [("jaliz", 3), ("jaliz-advanced", 3), ("nizam", 2), ("pearl-of-the-east", 2), ("jungli-la", 3),
             ("bali", 3), ("bali-tani", 3)]


def _picture_svg(game: str, obs, names, note: str) -> str:
    if game.startswith("jaliz"):
        return jaliz.picture(obs, {"seat_names": names, "viewer_label": note}).to_svg()
    if game in ("nizam", "pearl-of-the-east"):
        return nizam.picture(obs, {"seat_names": names, "viewer_label": note}).to_svg()
    module = jungli_la if game == "jungli-la" else bali
    return module.scene(obs, note=note, names=names).to_svg()


@pytest.mark.parametrize("game,players", NAMES_OBS)
def test_every_picture_shows_a_hostile_name_as_text(game, players):
    state = jaliz_learn.load_game(game).initial_state(num_players=players, seed=3)
    name = HOSTILE[game]
    names = [name] + [f"P{p}" for p in range(1, players)]
    text = inert_svg(_picture_svg(game, state.observation(0), names, note=name))
    assert name[:8] in text, (name, text[:300])  # the name (maybe cut to fit) as typed


@pytest.mark.parametrize("game,players", NAMES_OBS)
@given(name=TEXT)
def test_every_picture_stays_well_formed_with_any_name(game, players, name):
    state = jaliz_learn.load_game(game).initial_state(num_players=players, seed=3)
    inert_svg(_picture_svg(game, state.observation(None), [name] * players, note=name))


# ------------------------------------------------------------------ boards at a live table

widgets_mod = pytest.importorskip("jaliz_learn.widgets")
BOARDS = {"jaliz": widgets_mod.JalizBoard, "jaliz-advanced": widgets_mod.JalizBoard, "nizam": widgets_mod.NizamBoard,
          "pearl-of-the-east": widgets_mod.NizamBoard, "jungli-la": widgets_mod.JungliLaBoard,
          "bali": widgets_mod.BaliBoard, "bali-tani": widgets_mod.BaliBoard}


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    from jaliz_learn.tables import TableServer

    srv = TableServer(port=0, records=tmp_path_factory.mktemp("records")).start()
    yield srv
    srv.stop()


@pytest.fixture
def svg_surface(monkeypatch):
    """Boards draw on the SVG surface (as in JupyterLite), so what they draw can be parsed too."""
    from jaliz_learn.widgets.surface import SURFACE_VARIABLE

    monkeypatch.setenv(SURFACE_VARIABLE, "svg")


def _wait(board, predicate, seconds=20):
    assert board.state.client.wait(lambda _s: predicate(), seconds), board.status.value


def _board_html(board) -> str:
    return "".join(inert_html(w.value) for w in (board.status, board.error_html, board.log_html))


@pytest.mark.parametrize("game,players", NAMES_OBS)
def test_a_hostile_name_reads_as_typed_on_every_board_at_a_table(server, svg_surface, game, players):
    """Seat 0 joins with a hostile name (through the server's hello) and must decide; its board, a spectator's
    board (the projector) and their countdowns show the name as text; any other name, set on those boards, adds no
    element either."""
    name = HOSTILE[game]
    cls = BOARDS[game]
    opened = server.open_table(game, players, seed=5, bots={s: "random" for s in range(1, players)}, timeout=600)
    seat = cls(join=opened.urls[0], name=name)
    watch = cls(join=opened.spectator)
    try:
        _wait(watch, lambda: watch.state.names[0] == name and watch.state.current_player() == 0
              and watch.state.deadline is not None)
        watch.redraw()
        _wait(seat, lambda: seat.state.current_player() == 0 and len(seat.legal()) > 0
              and seat.countdown.label == f"Seat 0 ({name}, you)")
        status = inert_html(watch.status.value)
        assert f"P0 ({name}) decides" in status, status
        assert "Your turn" in inert_html(seat.status.value)
        drawn = inert_svg(watch.canvas.svg) + inert_svg(seat.canvas.svg)
        assert name[:8] in drawn, drawn[:400]
        assert re.fullmatch(rf"Seat 0 \({re.escape(name)}\): (10:00|9:[0-5]\d) left", watch.countdown.text())
        assert watch.countdown.text().replace("Seat 0 (", "").startswith(name)
        assert seat.countdown.label == f"Seat 0 ({name}, you)"
        for board in (seat, watch):
            _board_html(board)
            if game.startswith("jaliz"):  # the gift list names the other seats (as option text, not markup)
                assert all(isinstance(label, str) for label, _v in board.give_to.options)
    finally:
        for b in (seat, watch):
            b.state.client.close()

    @given(TEXT)
    def any_name(other):
        for board in (seat, watch):  # closed: nothing from the server changes the names under the test
            board.state.names = [other] * players
            board.state.updates += 1  # as an update would: the countdown is set again, with the new name
            board.redraw()
            _board_html(board)
            inert_svg(board.canvas.svg)
            assert board.countdown.text().startswith("Seat 0")

    any_name()


@pytest.mark.parametrize("game,players", NAMES_OBS)
def test_the_game_over_line_the_replay_and_the_record_keep_a_hostile_name_as_text(server, svg_surface, game,
                                                                                  players):
    """The line issue 49 found running script: "Game over. Winner(s): ... Scores: ..." with the seats' names;
    then the table's saved record in the replay viewer."""
    name = HOSTILE[game]
    cls = BOARDS[game]
    bots = {s: ("heuristic" if game.startswith("jaliz") else "greedy") for s in range(players)}
    opened = server.open_table(game, players, seed=7, bots=bots, names={0: name})
    table = server.tables[opened.table]
    watch = cls(join=opened.spectator)
    try:
        _wait(watch, lambda: watch.state.is_over() and table.saved is not None, seconds=60)
        watch.redraw()
        over = inert_html(watch.status.value)
        assert over.startswith("Game over.") and f"P0 {name[:17]}" in over, over
        assert watch.countdown.text() == ""  # nobody is timed once the game is over
        inert_svg(watch.canvas.svg)
    finally:
        watch.state.client.close()
    replay = widgets_mod.ReplayViewer(str(table.saved), viewer=0)
    assert replay.names is not None and replay.names[0] == name
    replay.go(3)
    inert_html(replay.step_html.value)
    inert_html(replay.events_html.value)
    if replay.canvas is not None:  # Jaliz and Nizam replay on a board drawing; the others show the picture
        assert name[:8] in inert_svg(replay.canvas.svg)
    else:
        inert_html(replay.picture.value)
    assert replay.viewer_dd.options[1][0].startswith("P0 ")


@given(names=st.lists(TEXT | st.integers() | st.none(), max_size=4))
def test_a_hostile_record_file_replays_with_its_names_as_valid_text(names):
    from jaliz_learn.bots import make_bot

    done = jaliz_learn.play("nizam", [make_bot("greedy", "nizam", s) for s in (0, 1)], seed=2).state
    record = dict(done.record(), names=names)
    replay = widgets_mod.ReplayViewer(record, step=1)
    assert replay.names is None or all(isinstance(n, str) for n in replay.names)
    for n in replay.names or ():
        n.encode("utf-8")
    inert_html(replay.step_html.value)


# ------------------------------------------------------------------ names where the server takes them


def _hello(url: str, name: str) -> dict:
    """Join ``url``, say ``hello`` with ``name`` and return the server's first answer to it."""
    import json

    from websockets.sync.client import connect

    with connect(url) as ws:
        ws.recv(timeout=10)  # welcome
        before = json.loads(ws.recv(timeout=10))["names"]
        ws.send(json.dumps({"type": "hello", "name": name}))
        while True:  # the error, or the update that names the seat (a table that starts sends one before)
            msg = json.loads(ws.recv(timeout=10))
            if msg["type"] == "error" or (msg["type"] == "update" and msg["names"] != before):
                return msg


def test_the_server_refuses_a_name_with_controls_or_bidi_and_numbers_a_taken_one(server):
    opened = server.open_table("nizam", 2, seed=1)
    table = server.tables[opened.table]
    for bad in ("Ali\u202eS", "x\x1b[2K", "   ", "a\u200bb"):
        answer = _hello(opened.urls[0], bad)
        assert answer["type"] == "error" and "name" in answer["message"], answer
    assert table.seats[0].name == "P0"  # nothing changed
    assert _hello(opened.urls[0], "<b>Ana</b>")["names"][0] == "<b>Ana</b>"  # markup is text: accepted as typed
    assert _hello(opened.urls[1], "<B>ana</b>")["names"] == ["<b>Ana</b>", "<B>ana</b> (2)"]  # taken: numbered
    assert _hello(opened.urls[1], "P0")["names"][1] == "P0"  # a seat may take the name another left
    assert _hello(opened.urls[0], "P0")["names"][0] == "P0 (2)"


def test_a_board_refuses_a_bad_name_before_joining(server):
    opened = server.open_table("nizam", 2, seed=1)
    with pytest.raises(ValueError, match="control or direction"):
        widgets_mod.NizamBoard(join=opened.urls[0], name="Ana\u202e")
    assert not server.tables[opened.table].seats[0].joined


def test_boards_and_pictures_escape_in_one_place():
    """The boards and pictures have one escape (pictures.markup.esc); another would be one more to get wrong."""
    from pathlib import Path

    import jaliz_learn.pictures as pictures_pkg

    folders = [Path(widgets_mod.__file__).parent, Path(pictures_pkg.__file__).parent]
    others = [str(p) for folder in folders for p in folder.glob("*.py") if p.name != "markup.py"
              and re.search(r"^\s*(from html import|import html\b)", p.read_text(encoding="utf-8"), re.M)]
    assert others == []
