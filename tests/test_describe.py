"""The position in words (issue 50): one structured description per game (jaliz_learn.pictures.describe), built
from an observation only, kept in step with the state, never naming a card its viewer may not see, and the same
text as the SVG picture's title and description."""

from __future__ import annotations

import json
import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import jaliz_learn
from jaliz_learn.pictures import picture_svg
from jaliz_learn.pictures.describe import HAND, SCORES, TURN, Description, describe
from jaliz_learn.pictures.markup import esc

#: (game, players, has a hand section for a seated viewer)
GAMES = [("jaliz", 3, True), ("jaliz-advanced", 4, True), ("nizam", 2, True), ("nizam", 1, True),
         ("pearl-of-the-east", 2, True), ("jungli-la", 3, False), ("bali", 3, True), ("bali-tani", 4, True)]


def _played(game: str, players: int, seed: int, moves: int):
    """A state after ``moves`` random legal moves (or the end)."""
    g = jaliz_learn.load_game(game)
    state = g.initial_state(num_players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_over():
            break
        state.apply(rng.choice(list(state.legal_actions(state.current_player()))))
    return g, state


@pytest.mark.parametrize("game,players,hand", GAMES)
def test_structured_for_every_viewer_and_in_step_with_the_state(game, players, hand):
    _g, state = _played(game, players, seed=11, moves=25)
    for viewer in [*range(players), None]:
        obs = state.observation(viewer)
        d = describe(obs)
        headings = [s.heading for s in d.sections]
        assert headings[0] == TURN and SCORES in headings, headings
        assert len(headings) == len(set(headings)), headings
        for p in range(players):  # one section per seat, found by its number
            assert d.section(f"P{p}") is not None, (p, headings)
            assert d.section(f"P{p}").items
        assert (d.section(HAND) is not None) == (hand and viewer is not None), headings
        # whose turn: the title and the turn section say it as the state does
        cur = state.current_player()
        if state.is_over():
            assert "game over" in d.title
        elif cur == viewer:
            assert "your turn" in d.title and d.section(TURN).items[0].startswith("Your turn")
        else:
            assert f"P{cur} decides" in d.title, d.title
        assert obs.decision.replace("-", " ") in d.title or state.is_over()
        # text and HTML keep the structure: a heading line per section, a list per section
        assert d.text().count("\n- ") == sum(len(s.items) for s in d.sections)
        assert d.to_html().count("<h3>") == len(d.sections)


@pytest.mark.parametrize("game,players,hand", GAMES)
def test_changes_with_every_move(game, players, hand):
    g, state = _played(game, players, seed=5, moves=3)
    before = describe(state.observation(None))
    state.apply(list(state.legal_actions(state.current_player()))[0])
    assert describe(state.observation(None)) != before


@pytest.mark.parametrize("game,players,hand", GAMES)
def test_only_what_the_viewer_may_see(game, players, hand):
    """Hidden things differ between the real state and states sampled from the viewer's observation; the
    description of every one of them is the same (it is built from what the viewer sees, nothing else)."""
    g, state = _played(game, players, seed=3, moves=15)
    viewer = state.current_player() if state.current_player() is not None else 0
    obs = state.observation(viewer)
    mine = describe(obs)
    hidden_differs = False
    for k in range(6):
        sampled = g.sample_state(obs, k)
        assert describe(sampled.observation(viewer)) == mine
        others = [q for q in range(players) if q != viewer]
        hidden_differs |= any(sampled.observation(q) != state.observation(q) for q in others)
        hidden_differs |= sampled.to_json() != state.to_json()
    assert hidden_differs, "the samples hid nothing: this test would prove nothing"


def test_a_jaliz_hand_is_listed_only_for_its_owner():
    _g, state = _played("jaliz", 3, seed=2, moves=0)
    for viewer in range(3):
        d = describe(state.observation(viewer))
        listed = [item.split(": ", 1)[1] for item in d.section(HAND).items]
        from jaliz_learn.games.jaliz.actions import pname
        assert listed == [pname(c) for c in state.observation(viewer).hand]
        others = [q for q in range(3) if q != viewer]
        for q in others:  # another seat: its hand size only
            assert f"{len(state.observation(q).hand)} card(s) in hand" in d.section(f"P{q}").items
    assert describe(state.observation(None)).section(HAND) is None


@pytest.mark.parametrize("game,players,hand", GAMES)
def test_the_svg_picture_carries_the_same_words(game, players, hand):
    _g, state = _played(game, players, seed=7, moves=10)
    obs = state.observation(0)
    d = describe(obs)
    svg = picture_svg(obs)
    assert f"<title>{esc(d.title)}</title>" in svg
    assert f"<desc>{esc(d.text())}</desc>" in svg


TEXT = st.text(st.characters(codec=None, exclude_categories=()), max_size=30)


@settings(max_examples=40, deadline=None)
@given(names=st.lists(TEXT, min_size=3, max_size=3))
def test_hostile_names_stay_text(names):
    """A classmate's name is text in the picture's <title>/<desc> and in the HTML, never markup; lone surrogates
    and controls are made valid (the widget's JSON and the XML must encode)."""
    _g, state = _played("jaliz", 3, seed=1, moves=4)
    d = describe(state.observation(0), names)
    assert isinstance(d, Description)
    html = d.to_html()
    assert re.sub(r"</?(p|h3|ul|li)>", "", html).count("<") == 0
    html.encode("utf-8")
    from xml.dom.minidom import parseString

    from jaliz_learn.pictures.svg import Svg
    pen = Svg(10, 10)
    pen.title, pen.desc = d.title, d.text()
    parseString(pen.to_svg())  # well-formed XML whatever the names
    from jaliz_learn.widgets.access import BoardAccess

    a = BoardAccess()
    a.set_description(d)
    json.dumps(a.description).encode("utf-8")
