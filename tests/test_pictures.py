"""Static pictures (``jaliz_learn.pictures``): well-formed SVG for every game that has one, drawn from the
observation only, readable (contrast, a shape or text cue besides colour) and from the boards' layout.

Pure Python: these tests need neither Jupyter nor a browser.
"""

from __future__ import annotations

import dataclasses
import doctest
import random
import xml.etree.ElementTree as ET

import pytest

import jaliz_learn
from jaliz_learn import pictures
from jaliz_learn.core.registry import REGISTRY
from jaliz_learn.pictures import jaliz as JP
from jaliz_learn.pictures import nizam as NP
from jaliz_learn.pictures import svg as S

SVG_NS = "{http://www.w3.org/2000/svg}"


def played(game: str, players: int, seed: int, moves: int):
    """A state after ``moves`` random legal moves (a varied position)."""
    st = jaliz_learn.load_game(game).initial_state(num_players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if st.is_over():
            break
        legal = st.legal_actions(st.current_player())
        st.apply(legal[rng.randrange(len(legal))])
    return st


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG_NS}svg"
    return root


def texts(root: ET.Element) -> list[str]:
    return [t.text or "" for t in root.iter(f"{SVG_NS}text")]


@pytest.mark.parametrize("game,players", [("jaliz", 3), ("jaliz", 5), ("nizam", 1), ("nizam", 2), ("nizam", 5),
                                          ("pearl-of-the-east", 2), ("pearl-of-the-east", 4)])
@pytest.mark.parametrize("moves", [0, 7, 60])
def test_every_position_is_a_well_formed_svg_for_every_viewer(game, players, moves):
    st = played(game, players, seed=11 + moves, moves=moves)
    for viewer in [None, *range(players)]:
        obs = st.observation(viewer)
        root = parse(pictures.picture_svg(obs))
        width = float(root.get("width"))
        assert width <= 1000, "a picture fits a 1,000 px notebook column"
        module = JP if game == "jaliz" else NP
        html = module.picture_html(obs)
        assert obs._repr_svg_() == module.picture(obs).to_svg() and obs._repr_html_() == html
        assert "<svg" in html and "max-width:100%" in html
        words = " ".join(texts(root))
        if viewer is None:
            assert "Your hand" not in words and "hidden" in words
        else:
            assert "Your hand" in words or "Received cards" in words or "Game over" in words


def test_picture_svg_dispatches_on_the_game_and_states_draw_the_spectator_view():
    st = played("nizam", 2, seed=3, moves=4)
    assert pictures.picture_svg(st) == st.observation(None)._repr_svg_()
    assert pictures.picture_svg(st, viewer=1) == st.observation(1)._repr_svg_()
    assert "<svg" in st._repr_html_()
    for name in ("jaliz", "nizam", "pearl-of-the-east"):
        assert pictures.has_picture(name)
    assert not pictures.has_picture("no-such-game")


@pytest.mark.parametrize("game", sorted(REGISTRY))
def test_every_game_with_a_picture_module_draws_its_start(game):
    if not pictures.has_picture(game):
        pytest.skip(f"no picture module for {game} yet")
    st = jaliz_learn.load_game(game).initial_state(seed=2)
    parse(pictures.picture_svg(st, viewer=0))


def test_spectator_picture_shows_no_hand_letters():
    st = played("nizam", 3, seed=5, moves=0)
    own = st.observation(0)
    spectator = st.observation(None)
    # the hand row is drawn only for a player: the spectator's picture has no hand cards at all
    hand_y = NP.HAND_Y + 28
    root = parse(spectator._repr_svg_())
    assert not [r for r in root.iter(f"{SVG_NS}rect") if float(r.get("y", -1)) == hand_y]
    root = parse(own._repr_svg_())
    assert len([r for r in root.iter(f"{SVG_NS}rect") if float(r.get("y", -1)) == hand_y]) == len(own.hand)


def test_nizam_scoring_runs_are_framed_and_counted():
    obs = played("nizam", 2, seed=3, moves=0).observation(0)
    board = ("AAAHB", "EDEBA", "CADFA", "GEFEB", "HAFCE")
    scoring = dataclasses.replace(obs, board=board, moves_made=1, changed_lines=("r1",), decision="move-or-score")
    runs, idle, points = NP.runs_now(scoring)
    assert [(r[0], r[1], r[3]) for r in runs] == [(0, "A", 3)] and points == 3 and not idle
    svg = NP.picture(scoring).to_svg()
    assert f"stroke='{NP.SCORE_GOLD}' stroke-width='5'" in svg and "+3" in svg
    unchanged = dataclasses.replace(scoring, changed_lines=("r2",))
    runs, idle, points = NP.runs_now(unchanged)
    assert not runs and len(idle) == 1 and points == 0
    svg = NP.picture(unchanged).to_svg()
    assert "stroke-dasharray" in svg and "will not score" in svg


def test_pearl_stands_out_and_task_stacks_show_their_top():
    st = played("pearl-of-the-east", 3, seed=3, moves=40)
    obs = st.observation(0)
    svg = obs._repr_svg_()
    assert "PEARL" in svg and "P pearl" in svg
    for done in obs.completed:
        if done:
            assert f"top: {NP.GEM_NAMES[done[-1]]}" in svg


def test_every_gem_has_its_own_shape_name_and_legend_entry():
    assert len(set(NP.GEM_SHAPES.values())) == len(NP.GEM_SHAPES)
    svg = played("pearl-of-the-east", 2, seed=1, moves=0).observation(0)._repr_svg_()
    for kind, name in NP.GEM_NAMES.items():
        assert f"{kind} {name}" in svg


def test_text_contrast_is_at_least_4_5():
    # gem letters are dark ink on the tinted cells; seat colours on every panel background
    for colour in NP.GEM_COLOURS.values():
        assert S.contrast(S.INK, NP.tint(colour, 0.62)) >= 4.5, colour
    for seat in NP.SEAT_COLOURS:
        for bg in (NP.BG, NP.PANEL_BG, "#fff6d5"):
            assert S.contrast(seat, bg) >= 4.5, (seat, bg)
    for seat in JP.COLOURS:
        for bg in (JP.BG, JP.FARM_BG, JP.ACTIVE_BG):
            assert S.contrast(seat, bg) >= 4.5, (seat, bg)
    for fill in JP.PRODUCT_COLOURS.values():
        assert S.contrast(S.text_on(fill), fill) >= 4.5, fill
    for fg, bg in ((S.INK, JP.HAND_BG), (S.MUTED, JP.BG), ("#ffffff", JP.HEADER_BG), ("#ffffff", NP.HEADER_BG),
                   ("#4a4a4a", "#dedad0"), (S.INK, "#e6e0cf")):
        assert S.contrast(fg, bg) >= 4.5, (fg, bg)


def test_jaliz_cards_carry_their_harvest_meter():
    obs = jaliz_learn.load_game("jaliz").initial_state(num_players=3, seed=1).observation(0)
    pen = S.Svg(100, 100)
    JP.card(pen, 17, (0, 0, 62, 88))
    words = texts(parse(pen.to_svg()))
    # potato: 4, 6, 8, 9 cards for 1, 2, 3, 4 coins
    assert words[-8:] == ["1", "4", "2", "6", "3", "8", "4", "9"]
    pen = S.Svg(100, 100)
    JP.card(pen, 6, (0, 0, 62, 88))
    assert texts(parse(pen.to_svg()))[-8:] == ["1", "2", "2", "–", "3", "4", "4", "–"]
    assert obs._repr_svg_().count("<circle") >= 4 * len(obs.hand)


def test_pen_squeezes_long_text_and_escapes():
    pen = S.Svg(50, 20)
    pen.text("<a very long label & more>", 0, 10, size=12, max_width=40)
    svg = pen.to_svg()
    assert "textLength='40'" in svg and "&lt;a very" in svg
    parse(svg)


@pytest.mark.parametrize("module", [pictures, S, JP, NP])
def test_picture_doctests(module):
    assert doctest.testmod(module, optionflags=doctest.ELLIPSIS).failed == 0
