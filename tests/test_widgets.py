"""Python-level tests of the Jupyter widgets (no browser): JalizBoard and ReplayViewer.

ipywidgets works without a front-end, so boards are built headless, played through
``board.apply`` and ``board.click``, and inspected through their state, error text and
static HTML. Skipped when ipywidgets or ipycanvas is missing.
"""

from __future__ import annotations

import doctest
import json

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("ipycanvas")

import ipywidgets  # noqa: E402
from jaliz_learn.widgets import JalizBoard, ReplayViewer, _layout, board, replay  # noqa: E402

import jaliz_learn  # noqa: E402
from jaliz_learn.bots import RandomBot  # noqa: E402


def centre(rect):
    return rect[0] + rect[2] / 2, rect[1] + rect[3] / 2


@pytest.fixture
def b():
    return JalizBoard(num_players=4, human=0, bots="heuristic", seed=7, speed=0)


def test_board_is_a_widget_with_a_fixed_size_canvas(b):
    assert isinstance(b, ipywidgets.VBox)
    assert b.canvas in b.children
    lay = b.layout_geometry
    assert (b.canvas.width, b.canvas.height) == (lay.width, lay.height)
    assert b.canvas.layout.width == f"{lay.width}px" and b.canvas.layout.height == f"{lay.height}px"
    assert b.state.decision() == "plant" and b.state.current_player() == 0
    assert b.error == ""


def test_apply_text_and_actions(b):
    assert b.apply("plant peas 1") is True
    assert b.state.observation(0).farms[0].plots[0].count == 1
    assert b.apply(b.state.game.parse_action("plant eggplant 2", b.state)) is True
    # two cards planted: the market opened and the bots (speed 0) made their offers already
    assert b.state.current_player() == 0 and b.state.decision() == "respond"
    assert b.bot_moves == 3


def test_illegal_move_shows_the_engine_message_and_changes_nothing(b):
    before = b.state.dumps()
    assert b.apply("plant carrot 3") is False
    assert "JAL-" in b.error and "plant carrot 3" in b.error, b.error
    assert b.error in b.error_html.value.replace("&#x27;", "'")
    assert b.state.dumps() == before
    assert b.apply("fly to the moon") is False
    assert b.error
    assert b.apply("plant peas 1") is True and b.error == "" and b.error_html.value == ""


def test_clicks_select_a_card_then_plant_it(b):
    lay = b.layout_geometry
    hand = b.state.observation(0).hand
    b.click(*centre(lay.card_rect(0, len(hand))))
    assert b.ui["hand_sel"] == 0
    assert b.painter.regions_drawn == 1  # only the hand was redrawn
    b.click(*centre(lay.plot_rect(0, 0)))
    plot = b.state.observation(0).farms[0].plots[0]
    assert (plot.product, plot.count) == (hand[0], 1)
    assert b.ui["hand_sel"] is None


def test_illegal_click_harvest_of_an_empty_plot(b):
    b.click(*centre(b.layout_geometry.plot_rect(0, 1)))
    assert "JAL-HARVEST-04" in b.error
    # the third plot is not bought: planting there names the rule
    b.click(*centre(b.layout_geometry.card_rect(0, 5)))
    b.click(*centre(b.layout_geometry.plot_rect(0, 2)))
    assert "plots 1-2" in b.error


def test_buttons_follow_the_legal_actions(b):
    assert b.done_btn.disabled and b.pass_btn.disabled and b.harvest_btn.disabled
    assert not b.all_btn.disabled and "plant peas 1" in b.all_dd.options
    b.apply("plant peas 1")
    assert not b.done_btn.disabled and b.harvest_dd.options == ("harvest 1",)
    b.all_dd.value = "plant eggplant 2"
    b.all_btn.click()
    assert b.state.decision() == "respond"
    assert not b.keep_btn.disabled and not b.give_btn.disabled
    b.market_dd.index = 0
    card = b.market_dd.value
    b.keep_btn.click()
    assert b.error == ""
    assert card in [c for _, cs in b.state.observation(0).pending for c in cs] or b.state.decision() != "respond"


def test_offer_builder_makes_an_offer():
    brd = JalizBoard(num_players=4, human=1, seed=7, speed=0)
    obs = brd.observation()
    assert obs.current_player == 1 and obs.decision == "offer", obs.decision
    assert brd.offer_box.layout.display == "flex"
    brd.want.value = (0,)
    brd.give_cards.value = (0,)
    text = brd.offer_text()
    assert text.startswith("offer ") and " for " in text
    brd.offer_btn.click()
    assert brd.error == "", brd.error
    offers = dict(brd.state.observation(None).offers)
    # the offer was made (or already answered by the bots that moved after it)
    assert 1 in offers or any(e.kind == "offer" and e.player == 1 for e in brd.state.events(None))


def test_bots_advance_with_speed_zero_and_watch_mode_plays_to_the_end():
    brd = JalizBoard(num_players=3, human=None, seed=2, speed=0)
    assert brd.state.is_over()
    assert "Game over" in brd.status.value
    assert brd.run_bots() == 0


def test_bots_without_an_event_loop_move_at_once_even_with_a_speed():
    brd = JalizBoard(num_players=3, human=2, seed=4, speed=0.5)  # P0 and P1 are bots and start
    assert brd.state.current_player() == 2 and brd.bot_moves > 0


def test_bot_objects_per_seat_and_a_failing_bot():
    class Broken:
        def act(self, observation, legal_actions):
            raise RuntimeError("oops")

    brd = JalizBoard(num_players=3, human=None, bots=[RandomBot(1), Broken(), RandomBot(3)], seed=1, speed=0)
    assert "bot in seat 1 failed" in brd.error and "oops" in brd.error
    assert brd.state.current_player() == 1
    with pytest.raises(jaliz_learn.InvalidOption):
        JalizBoard(num_players=3, bots=["random"] * 5, speed=0)
    with pytest.raises(jaliz_learn.InvalidOption):
        JalizBoard(num_players=3, human=3, speed=0)


def test_client_ready_redraws_everything(b):
    assert b.painter.draw(b.observation(), b.ui) == 0  # nothing changed
    b._on_client_ready()
    assert b.painter.regions_drawn == 3 + b.state.num_players


def test_static_html_of_board_and_observations(b):
    html = b._repr_html_()
    assert "Your hand" in html and "peas" in html and "P3" in html
    assert repr(b).startswith("JalizBoard(jaliz, 4 players")
    spectator = b.state.observation(None)
    assert "Your hand" not in spectator._repr_html_()
    svg = b.state.observation(0)._repr_svg_()
    assert svg.startswith("<svg") and svg.endswith("</svg>") and "Your hand" in svg


@pytest.fixture(scope="module")
def finished():
    return jaliz_learn.play("jaliz", [RandomBot(1), RandomBot(2), RandomBot(3)], seed=5).state


def test_replay_steps_and_caches(finished):
    rv = ReplayViewer(finished)
    assert rv.steps == len(finished.history) and rv.step == 0
    assert rv.step_events(0)[0].startswith("Setup")
    rv.next_btn.click()
    assert rv.step == 1 and rv.slider.value == 1
    assert str(rv.actions[0]) in rv.step_html.value
    rv.last_btn.click()
    assert rv.state.is_over() and rv.state.dumps() == finished.dumps()
    rv.prev_btn.click()
    assert rv.step == rv.steps - 1 and not rv.state.is_over()
    rv.slider.value = 10
    assert rv.step == 10 and len(rv.state.history) == 10
    rv.first_btn.click()
    assert rv.step == 0 and rv.state.history == []
    rv.go(10_000)
    assert rv.step == rv.steps


def test_replay_viewer_switch_hides_other_hands(finished):
    rv = ReplayViewer(finished, viewer=1)
    rv.go(0)
    own = [t for t in rv.step_events() if t.startswith("P1 draws")]
    other = [t for t in rv.step_events() if t.startswith("P0 draws")]
    assert own and "card(s)" not in own[0]          # P1 sees its own deal
    assert other and "5 card(s)" in other[0]         # but not P0's
    assert rv.observation().hand is not None
    rv.viewer_dd.value = -1                          # spectator
    assert rv.viewer is None and rv.observation().hand is None
    assert all("card(s)" in t for t in rv.step_events() if " draws " in t)
    assert "Your hand" not in rv._repr_html_()
    rv.set_viewer(2)
    assert rv.viewer_dd.value == 2 and rv.observation().hand == finished.__class__.observation(rv.state, 2).hand


def test_replay_from_record_path_and_in_progress_state(tmp_path, b):
    b.apply("plant peas 1")
    rv = ReplayViewer(b.state)  # a game in progress
    assert rv.steps == len(b.state.history) and rv.steps >= 1
    path = tmp_path / "game.json"
    path.write_text(json.dumps(b.state.record()), encoding="utf-8")
    from_path = ReplayViewer(str(path), viewer=0)
    from_path.go(from_path.steps)
    assert from_path.state.dumps() == b.state.dumps()
    from_dict = ReplayViewer({k: v for k, v in b.state.record().items() if k != "actions_json"})
    assert from_dict.steps == rv.steps
    with pytest.raises(jaliz_learn.InvalidPosition):
        ReplayViewer({"game": "jaliz"})
    with pytest.raises(jaliz_learn.InvalidPosition):
        ReplayViewer(str(tmp_path / "missing.json"))


def test_advanced_mode_board_if_available():
    try:
        jaliz_learn.load_game("jaliz-advanced")
    except jaliz_learn.InvalidOption as exc:
        pytest.skip(f"advanced mode not available yet: {exc}")
    brd = JalizBoard(num_players=4, human=0, seed=3, game="jaliz-advanced", speed=0)
    for _ in range(30):
        if brd.state.is_over():
            break
        legal = brd.state.legal_actions(0)
        assert legal, brd.state.decision()
        assert brd.apply(str(legal[0])), brd.error
    obs = brd.observation()
    html = brd._repr_html_()
    for key, value in obs.extras:
        if value not in (None, (), [], ""):  # empty extras are not drawn
            assert str(key).replace("_", " ") in html, key


@pytest.mark.parametrize("module", [_layout, board, replay])
def test_widget_doctests(module):
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
