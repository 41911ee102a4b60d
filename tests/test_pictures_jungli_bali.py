"""Static pictures of Jungli-La and Bali (jaliz_learn.pictures.jungli_la / .bali).

Valid SVG for positions all through random games, the expected labels for seeded positions,
readable text (WCAG contrast >= 4.5 for every text), a width that fits a notebook column, and
no hidden information: changing only what a viewer may not see leaves that viewer's picture
byte for byte the same.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

import jaliz_learn
from jaliz_learn.bots import RandomBot
from jaliz_learn.pictures import bali as BP
from jaliz_learn.pictures import jungli_la as JP
from jaliz_learn.pictures.svg import contrast

SVG_NS = "{http://www.w3.org/2000/svg}"


def _texts(svg: str) -> list[str]:
    root = ET.fromstring(svg)  # raises on malformed XML
    assert root.tag == f"{SVG_NS}svg"
    return [t.text or "" for t in root.iter(f"{SVG_NS}text")]


def _positions(game: str, n: int, seed: int, every: int = 13, limit: int = 600):
    """States along a random game (copies), every ``every`` decisions, and the final one."""
    g = jaliz_learn.load_game(game)
    s = g.initial_state(n, seed=seed)
    bots = [RandomBot(seed * 10 + i) for i in range(n)]
    out = [s.clone()]
    for k in range(limit):
        if s.is_over():
            break
        p = s.current_player()
        s.apply(bots[p].act(s.observation(p), s.legal_actions(p)), p)
        if k % every == 0:
            out.append(s.clone())
    out.append(s)
    return out


def _check_scene(sc) -> None:
    assert sc.width <= 1000, "must fit a 1,000 px notebook column"
    for shape in sc.shapes:
        if shape.kind == "text":
            ratio = contrast(shape.fill, shape.bg)
            assert ratio >= 4.5, f"text {shape.text!r}: contrast {ratio:.2f} on {shape.bg}"
        else:
            g = shape.geom
            xs, ys = g[0::2], g[1::2]
            if shape.kind == "rect":
                xs, ys = (g[0], g[0] + g[2]), (g[1], g[1] + g[3])
            assert min(xs) >= -3 and max(xs) <= sc.width + 3 and max(ys) <= sc.height + 3, shape


# ---------------------------------------------------------------- Jungli-La


@pytest.mark.parametrize("n,seed", [(2, 1), (5, 4)])
def test_jungli_la_pictures_valid_readable_for_every_viewer(n, seed):
    for st in _positions("jungli-la", n, seed):
        texts = _texts(st._repr_svg_())
        assert "GOAL" in texts and "START" in texts
        assert st._repr_html_().count("<svg") == 1
        for viewer in (None, *range(n)):
            obs = st.observation(viewer)
            _texts(obs._repr_svg_())
            _check_scene(JP.scene(obs))


def test_jungli_la_seeded_position_labels():
    st = jaliz_learn.load_game("jungli-la").initial_state(3, seed=2)
    st.force_dice("M1", "M2", "F", "L").apply("roll 4")
    obs = st.observation(0)
    texts = _texts(obs._repr_svg_())
    for cid in obs.track:  # every Discovery card of the track, with its patron
        assert cid in texts
    assert {"P0", "P1", "P2", "P0 (you)"} <= set(texts)
    # the dice are drawn as dice: big face symbols with their names
    assert {"1", "2", "F", "L"} <= set(texts) and {"move", "food", "letter"} <= set(texts)
    k = obs.cards_before_end_card
    assert any(f"end card {k + 1}" in t for t in texts), "the Goal shows the end card's depth"
    assert "F 1" in texts and "L 2/6" in texts  # starting materials and Letters


def test_jungli_la_track_winds_and_hits():
    lay = JP.JungliLayout(4, 27)
    first_row = [lay.cell_rect(i) for i in range(JP.COLS)]
    second_row = [lay.cell_rect(i) for i in range(JP.COLS, 2 * JP.COLS)]
    assert [r[0] for r in first_row] == sorted(r[0] for r in first_row)
    assert [r[0] for r in second_row] == sorted((r[0] for r in second_row), reverse=True)  # winds back
    st = jaliz_learn.load_game("jungli-la").initial_state(4, seed=3)
    st.force_dice("M1", "F", "W", "T").apply("roll 4")
    sc = JP.scene(st.observation(0), selected_dice={2})
    x, y, w, h = lay.die_rect(2)
    assert sc.hit_test(x + w / 2, y + h / 2) == ("die", 2)
    x, y, w, h = lay.cell_rect(5)
    assert sc.hit_test(x + 5, y + 5) == ("cell", 5)
    assert "reroll" in sc.texts()  # the chosen die is marked


def test_jungli_la_pictures_hide_other_players_treasure_values():
    st = jaliz_learn.load_game("jungli-la").initial_state(3, seed=5)
    other = st.clone()
    st.treasures[1] = [0, 1]  # two Treasure cards of value 1
    other.treasures[1] = [27, 28]  # two Treasure cards of value 3: same count, other values
    for viewer in (None, 0, 2):
        assert st.observation(viewer)._repr_svg_() == other.observation(viewer)._repr_svg_(), viewer
    assert st._repr_svg_() == other._repr_svg_()  # the state's picture is the spectator's
    mine, theirs = st.observation(1)._repr_svg_(), other.observation(1)._repr_svg_()
    assert mine != theirs and "Treasure 2, 2 VP" in mine and "Treasure 2, 6 VP" in theirs  # the owner sees them


# ---------------------------------------------------------------- Bali


@pytest.mark.parametrize("game,n,seed", [("bali", 2, 1), ("bali-tani", 4, 3)])
def test_bali_pictures_valid_readable_for_every_viewer(game, n, seed):
    for st in _positions(game, n, seed, every=11):
        texts = _texts(st._repr_svg_())
        assert any(t.startswith("Altar") for t in texts)
        assert (any(t.startswith("Village of Tani") for t in texts)) == (game == "bali-tani")
        assert st._repr_html_().count("<svg") == 1
        for viewer in (None, *range(n)):
            obs = st.observation(viewer)
            _texts(obs._repr_svg_())
            _check_scene(BP.scene(obs))


def test_bali_seeded_position_labels_and_takeable_columns():
    st = jaliz_learn.load_game("bali-tani").initial_state(3, seed=3)
    obs = st.observation(0)
    texts = _texts(obs._repr_svg_())
    for col in obs.square:
        for card in col:
            assert card in texts
    assert f"stones {obs.stones[0]}" in texts and f"stones {obs.stones[2]}" in texts
    assert "3 cards" in texts  # the others' hands as counts
    assert not any(t.startswith("take ") for t in texts)  # decision 'play': nothing to take yet
    bots = [RandomBot(i) for i in range(3)]
    while st.decision() != "take":
        p = st.current_player()
        st.apply(bots[p].act(st.observation(p), st.legal_actions(p)), p)
    obs = st.observation(st.current_player())
    sc = BP.scene(obs)
    assert {f"take {c}" for c in range(1, 5)} <= set(sc.texts())
    lay = BP.BaliLayout(3, True)
    for c, col in enumerate(obs.square):
        x, y, w, h = lay.square_card(c, len(col) - 1)
        assert sc.hit_test(x + w / 2, y + h / 2) == ("column", c + 1)


def test_bali_pictures_hide_hands_and_stocks_of_others():
    st = jaliz_learn.load_game("bali-tani").initial_state(3, seed=8)
    other = st.clone()
    st.hands[1] = [0, 1, 2]  # mason, priest, shrine
    other.hands[1] = [3, 4, 5]  # three farmers: same count, other cards
    st.stocks[1] = [4, 0, 0, 0]
    other.stocks[1] = [0, 0, 1, 3]  # same number of offering cards
    for viewer in (None, 0, 2):
        assert st.observation(viewer)._repr_svg_() == other.observation(viewer)._repr_svg_(), viewer
    assert st._repr_svg_() == other._repr_svg_()
    mine = _texts(st.observation(1)._repr_svg_())
    assert "shrine" in mine and "rice 4" in mine
    assert "rice 4" not in _texts(st.observation(0)._repr_svg_())
