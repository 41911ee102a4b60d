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
from jaliz_learn.widgets import (  # noqa: E402
    JalizBoard,
    NizamBoard,
    ReplayViewer,
    _layout,
    board,
    framework,
    nizam_board,
    replay,
)

import jaliz_learn  # noqa: E402
from jaliz_learn.bots import RandomBot, make_bot  # noqa: E402
from jaliz_learn.core.registry import REGISTRY  # noqa: E402
from jaliz_learn.games.nizam.actions import EndTurn, Move, Score  # noqa: E402


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
    # shown at its pixel size, shrunk (keeping its aspect) only when the column is narrower
    assert b.canvas.layout.width == f"{lay.width}px" and b.canvas.layout.max_width == "100%"
    fit = JalizBoard(num_players=3, human=0, seed=1, speed=0, fit=True)
    assert fit.canvas.layout.width == "100%" and fit.canvas.layout.height == "auto"
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
    assert ReplayViewer(finished).step == len(finished.history)  # opens at the last position by default
    rv = ReplayViewer(finished, step=0)
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


@pytest.mark.parametrize("game,players", [("nizam", 2), ("nizam", 1), ("pearl-of-the-east", 3), ("jungli-la", 2),
                                          ("bali", 2), ("bali-tani", 2), ("jaliz-advanced", 3)])
def test_replay_works_for_every_game_and_opens_at_a_chosen_step(game, players):
    bots = [RandomBot(i + 1) for i in range(players)]
    done = jaliz_learn.play(game, bots, seed=3).state
    steps = len(done.history)
    rv = ReplayViewer(done, step=steps // 2)
    assert rv.step == steps // 2 and len(rv.state.history) == steps // 2
    assert rv.state.dumps() == ReplayViewer(done.record(), step=steps // 2).state.dumps()
    if rv.canvas is not None:
        assert rv.board_widget is rv.canvas and rv.painter is not None
        rv._on_client_ready()  # a new front-end: everything is drawn again
        assert rv.painter.regions_drawn >= 4
    else:
        assert "<" in rv.picture.value  # the static picture (or the game's own HTML)
    rv.set_viewer(0)
    assert rv.observation().player == 0
    assert ReplayViewer(done, step=-1).step == steps - 1 and ReplayViewer(done).step == steps
    with pytest.raises(jaliz_learn.InvalidOption):
        ReplayViewer(done, step=1.5)


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


# ---------------------------------------------------------------- NizamBoard


@pytest.fixture
def nb():
    brd = NizamBoard(num_players=2, human=0, bots="greedy", seed=3, speed=0)
    assert brd.state.current_player() == 0  # seed 3: P1 starts; the greedy bot has already moved
    return brd


def test_nizam_board_layout_is_the_pictures_layout(nb):
    lay = nb.layout_geometry
    assert (nb.canvas.width, nb.canvas.height) == (lay.width, lay.height) and lay.width <= 1000
    ends = [t for _, t in nb.hits.areas if t[0] == "end"]
    assert len(ends) == 20
    assert nb.hits.rect_of(("end", 0, True)) == lay.end_rect(0, True)
    assert nb.hits.at(*centre(lay.draw_button())) == ("draw",)
    svg = nb.observation()._repr_svg_()
    assert nb._repr_svg_() == svg and "Your hand" in svg


def test_nizam_click_an_end_then_a_payment(nb):
    assert nb.apply("draw")  # six cards: most ends can be paid in more than one way
    obs = nb.observation()
    legal = nb.legal()
    moves = [a for a in legal if isinstance(a, Move)]
    by_end: dict = {}
    for m in moves:
        by_end.setdefault((m.line, m.end), []).append(m.pay)
    (line, end), pays = next((k, v) for k, v in by_end.items() if len(v) > 1)
    li = int(line[1]) - 1 + (5 if line[0] == "c" else 0)
    first = end in ("left", "top")
    nb.click(*centre(nb.layout_geometry.end_rect(li, first)))
    assert nb.ui["selected_end"] == (li, first) and sorted(nb.ui["pay_options"]) == sorted(pays)
    assert list(nb.pay_dd.options) == list(nb.ui["pay_options"]) and nb.pay_dd.layout.display == "flex"
    assert nb.state.observation(0) == obs  # nothing played yet
    assert nb.hits.at(*centre(nb.layout_geometry.pay_rect(0))) == ("pay", 0)
    pay = nb.ui["pay_options"][0]
    nb.click(*centre(nb.layout_geometry.pay_rect(0)))
    assert nb.error == "", nb.error
    assert str(nb.state.history[-1][1]) == f"move {line} {end} {pay}"
    assert nb.ui["selected_end"] is None and nb.state.decision() == "move-or-score"


def test_nizam_a_single_payment_plays_at_once_and_a_second_click_cancels(nb):
    by_end: dict = {}
    for m in (a for a in nb.legal() if isinstance(a, Move)):
        by_end.setdefault((m.line, m.end), []).append(m.pay)
    single = [k for k, v in by_end.items() if len(v) == 1]
    multi = [k for k, v in by_end.items() if len(v) > 1]
    if multi:
        line, end = multi[0]
        li = int(line[1]) - 1 + (5 if line[0] == "c" else 0)
        rect = nb.layout_geometry.end_rect(li, end in ("left", "top"))
        nb.click(*centre(rect))
        nb.click(*centre(rect))
        assert nb.ui["selected_end"] is None and not nb.ui["pay_options"]
    if single:
        line, end = single[0]
        li = int(line[1]) - 1 + (5 if line[0] == "c" else 0)
        before = len(nb.state.history)
        nb.click(*centre(nb.layout_geometry.end_rect(li, end in ("left", "top"))))
        assert len(nb.state.history) == before + 1 and nb.error == ""


def test_nizam_illegal_clicks_show_the_rule(nb):
    before = nb.state.dumps()
    nb.click(*centre(nb.layout_geometry.finish_button()))  # score before any move
    assert "NIZ-MOVE-05" in nb.error and nb.state.dumps() == before
    assert "NIZ-MOVE-05" in nb.error_html.value
    watch = NizamBoard(num_players=2, human=0, seed=3, speed=0)
    watch.pause.value = True
    assert watch.apply("draw")  # now P1 (a bot, paused) is to move
    watch.click(*centre(watch.layout_geometry.end_rect(0, True)))
    assert "rule protocol" in watch.error and "not player 0" in watch.error


def test_nizam_draw_score_and_scored_cells_are_marked():
    brd = NizamBoard(num_players=1, human=0, seed=5, speed=0)  # solo: no bots
    for _ in range(300):
        if brd.state.is_over():
            break
        legal = brd.legal()
        scoring = [a for a in legal if isinstance(a, Score)]
        obs = brd.observation()
        if scoring and obs.changed_lines and nizam_board.N.runs_now(obs)[0]:
            runs = nizam_board.N.runs_now(obs)[0]
            brd.click(*centre(brd.layout_geometry.finish_button()))
            cells = {c for r in runs for c in nizam_board.B.run_cells(r)}
            assert set(brd.ui["scored_cells"]) == cells and brd.observation().scores[0] > 0
            break
        # a move that makes a run if there is one, else draw, else any legal action
        pick = next((a for a in legal if isinstance(a, Move)), None) if obs.moves_made < 3 else scoring[0]
        if pick is None or (obs.moves_made == 0 and len(obs.hand) < 3):
            pick = legal[0]
        assert brd.apply(pick), brd.error
    else:
        pytest.fail("no scoring turn in 300 moves")


def test_nizam_watch_mode_plays_to_the_end_and_client_ready_redraws():
    brd = NizamBoard(num_players=2, human=None, seed=4, speed=0)
    assert brd.state.is_over() and "Game over" in brd.status.value
    brd._on_client_ready()
    assert brd.painter.regions_drawn == 5


def test_pearl_board_ends_a_turn_with_a_task_choice():
    brd = NizamBoard(num_players=2, human=0, game="pearl-of-the-east", bots="random", seed=1, speed=0)
    helper = make_bot("greedy", "pearl-of-the-east", 1)  # plays the human seat until tasks can be completed
    for _ in range(60):
        assert not brd.state.is_over()
        legal = brd.legal()
        ends = [a for a in legal if isinstance(a, EndTurn)]
        if len(ends) > 1:
            break
        assert brd.apply(helper.act(brd.observation(), legal)), brd.error
    else:
        pytest.fail("no turn with a choice of tasks")
    assert brd.end_dd.layout.display == "flex" and list(brd.end_dd.options) == [str(a) for a in ends]
    brd.click(*centre(brd.layout_geometry.finish_button()))
    assert "choose the tasks" in brd.status.value and brd.state.history[-1][1] not in ends
    brd.end_dd.value = str(ends[-1])
    brd.finish_btn.click()
    assert brd.error == ""
    assert any(a == ends[-1] for _, a in list(brd.state.history)[-3:])
    assert ends[-1].top in brd.state.observation(0).completed[0]


def click_action(brd, action):
    """Play ``action`` on a NizamBoard with clicks and board widgets only (no text, no apply)."""
    lay = brd.layout_geometry
    if isinstance(action, Move):
        li = int(action.line[1]) - 1 + (5 if action.line[0] == "c" else 0)
        first = action.end in ("left", "top")
        brd.click(*centre(lay.end_rect(li, first)))
        if brd.ui["selected_end"] is not None:  # a choice of payments: click it (or pick it in the list)
            i = list(brd.ui["pay_options"]).index(action.pay)
            if i < 8:
                brd.click(*centre(lay.pay_rect(i)))
            else:
                brd.pay_dd.value = action.pay
                brd.pay_btn.click()
    elif isinstance(action, EndTurn) and len([a for a in brd.legal() if isinstance(a, EndTurn)]) > 1:
        brd.end_dd.value = str(action)
        brd.finish_btn.click()
    elif isinstance(action, (Score, EndTurn)):
        brd.click(*centre(lay.finish_button()))
    else:
        brd.click(*centre(lay.draw_button()))


@pytest.mark.parametrize("game,players,seed", [("nizam", 1, 2), ("nizam", 2, 5), ("pearl-of-the-east", 2, 6)])
def test_a_whole_game_can_be_played_by_clicking(game, players, seed):
    brd = NizamBoard(num_players=players, human=0, game=game, bots="greedy", seed=seed, speed=0)
    helper = make_bot("greedy", game, seed)
    clicks = 0
    while not brd.state.is_over():
        assert clicks < 3000, "the game should end"
        legal = brd.legal()
        assert legal and brd.state.current_player() == 0
        action = helper.act(brd.observation(), legal)
        before = len(brd.state.history)
        click_action(brd, action)
        assert brd.error == "", (action, brd.error)
        assert any(a == action for p, a in list(brd.state.history)[before:] if p == 0), action
        clicks += 1
    assert "Game over" in brd.status.value


def jaliz_click(brd, text):
    """Play a Jaliz action on the board with canvas clicks and its buttons (offers: see the builder test)."""
    from jaliz_learn.widgets._paint import Painter

    from jaliz_learn.games.jaliz.actions import pname

    head, *rest = text.split()
    obs, lay = brd.observation(), brd.layout_geometry
    if head == "plant":
        cards = Painter.hand_cards(obs)
        i = next(k for k, (c, _src) in enumerate(cards) if pname(c) == rest[0])
        if brd.ui["hand_sel"] != i:
            brd.click(*centre(lay.card_rect(i, len(cards))))
        brd.click(*centre(lay.plot_rect(brd.human, int(rest[1]) - 1)))
    elif head in ("harvest", "buy", "accept"):
        dd, btn = {"harvest": (brd.harvest_dd, brd.harvest_btn), "buy": (brd.buy_dd, brd.buy_btn),
                   "accept": (brd.accept_dd, brd.accept_btn)}[head]
        dd.value = text
        btn.click()
    elif head in ("keep", "claim"):
        brd.click(*centre(lay.market_card_rect([pname(c) for c in obs.market].index(rest[0]))))
    elif head == "give":
        brd.market_dd.value = next(c for c in obs.market if pname(c) == rest[0])
        brd.give_to.value = int(rest[2])
        brd.give_btn.click()
    else:
        {"done": brd.done_btn, "pass": brd.pass_btn, "refuse": brd.refuse_btn}[head].click()


def test_a_whole_jaliz_game_can_be_played_by_clicking():
    brd = JalizBoard(num_players=3, human=0, bots="heuristic", seed=5, speed=0)
    helper = make_bot("heuristic", "jaliz", 5)
    kinds = set()
    for _ in range(2000):
        if brd.state.is_over():
            break
        legal = brd.legal()
        text = str(helper.act(brd.observation(), legal))
        if text.startswith("offer"):  # the offer builder has its own test
            text = "pass"
        before = len(brd.state.history)
        jaliz_click(brd, text)
        assert brd.error == "", (text, brd.error)
        assert str(brd.state.history[before][1]) == text
        kinds.add(text.split()[0])
    assert brd.state.is_over() and "Game over" in brd.status.value
    assert {"plant", "harvest", "done", "pass", "keep"} <= kinds, kinds


def test_framework_pause_pace_and_pen_state():
    brd = NizamBoard(num_players=2, human=None, seed=4, speed=0)
    assert brd.state.is_over()
    live = NizamBoard(num_players=2, human=0, seed=3, speed=0)
    live.pause.value = True
    assert live.pause.description == "Resume bots"
    assert live.apply("draw") and live.state.current_player() == 1  # the bot waits while paused
    assert "(paused)" in live.status.value
    live.pause.value = False  # resume: the bot moves (no event loop here: at once)
    assert live.state.current_player() == 0 and live.bot_moves >= 2
    live.pace.value = 1.2
    assert live.speed == 1.2
    pen = live.painter.pen
    assert pen._state  # drawing state is remembered ...
    live._on_client_ready()  # ... and forgotten, then sent again, for a new front-end
    assert pen._state.get("fill_style") is not None and live.painter.regions_drawn == 5


def test_framework_dropdown_lists_short_lists_only():
    brd = NizamBoard(num_players=2, human=0, seed=3, speed=0)
    legal = brd.legal()
    if len(legal) > framework.MAX_LISTED:
        assert brd.all_dd.layout.display == "none" and "type one" in brd.all_dd.description
    else:
        assert list(brd.all_dd.options) == [str(a) for a in legal]
    jb = JalizBoard(num_players=4, human=1, seed=7, speed=0)  # P1 must offer: thousands of offers
    assert len(jb.legal()) > 1000
    assert "pass" in jb.all_dd.options and not any(o.startswith("offer") for o in jb.all_dd.options)


@pytest.mark.parametrize("module", [_layout, board, replay, framework, nizam_board])
def test_widget_doctests(module):
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


# ---------------------------------------------------------------- jaliz-learn board GAME


@pytest.mark.parametrize("game,players,cls", [("nizam", 2, "NizamBoard"), ("pearl-of-the-east", 3, "NizamBoard"),
                                              ("jaliz", 3, "JalizBoard")])
def test_board_command_writes_a_page_width_board_notebook(tmp_path, capsys, game, players, cls):
    from jaliz_learn.cli import main

    path = tmp_path / "board.ipynb"
    assert main(["board", game, "--players", str(players), "--seed", "4", "--human", "none", "--bots", "random",
                 "--write", str(path)]) == 0
    nb = json.loads(path.read_text(encoding="utf-8"))
    source = nb["cells"][0]["source"]
    assert f"from jaliz_learn.widgets import {cls}" in source and "fit=True" in source
    namespace: dict = {}
    exec(source, namespace)  # the cell Voila runs
    brd = namespace["board"]
    assert type(brd).__name__ == cls and brd.game.name == game and brd.state.num_players == players
    assert brd.canvas.layout.width == "100%" and brd.human is None and brd.state.is_over()  # watch mode, speed 0.3
    if game == "jaliz":  # every registered game has a board; Village of Tani is BaliBoard(tani=True)
        for other in REGISTRY:
            assert main(["board", other, "--write", str(path)]) == 0, other
            cell = json.loads(path.read_text(encoding="utf-8"))["cells"][0]["source"]
            assert f"game={other!r}" in cell or ("tani=True" in cell) == (other == "bali-tani"), cell
    assert main(["board", "no-such-game", "--write", str(path)]) == 2
    assert main(["board", game, "--human", "x", "--write", str(path)]) == 2
    assert "error" in capsys.readouterr().err
