"""Python-level tests of JungliLaBoard and BaliBoard (no browser; ipywidgets works headless).

Boards are played through ``board.click`` at the coordinates of the picture's own hit areas
(what a mouse click does) and ``board.apply``; every game can be finished from the board; an
illegal click leaves the state unchanged and shows the rule ID.
"""

from __future__ import annotations

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("ipycanvas")

import ipywidgets  # noqa: E402
from jaliz_learn.widgets import BaliBoard, JungliLaBoard  # noqa: E402

from jaliz_learn.bots import RandomBot  # noqa: E402


def centre(rect):
    return rect[0] + rect[2] / 2, rect[1] + rect[3] / 2


def click_key(board, key):
    rect = board.hits.rect_of(key)
    assert rect is not None, f"no hit area {key}; have {[k for _, k in board.hits.areas][:20]}"
    board.click(*centre(rect))


def play_out_as_human(board, seed=0, limit=5000):
    """The human plays random legal moves through the board until the game ends."""
    bot = RandomBot(seed)
    for _ in range(limit):
        if board.state.is_over():
            return
        legal = board.legal()
        assert legal, f"the human has no move but the game is not over ({board.state.decision()})"
        assert board.apply(bot.act(board.observation(), legal)), board.error
    raise AssertionError("the game did not end")


# ---------------------------------------------------------------- Jungli-La


@pytest.fixture
def jb():
    return JungliLaBoard(num_players=3, human=0, bots="greedy", seed=4, speed=0)


def test_jungli_board_is_a_widget_of_column_width(jb):
    assert isinstance(jb, ipywidgets.VBox) and jb.canvas in jb.children
    assert jb.canvas.width <= 1000 and (jb.canvas.width, jb.canvas.height) == jb.size
    assert jb.geometry.height <= jb.canvas.height


def test_jungli_dice_clicks_choose_a_reroll_and_letters_are_refused(jb):
    jb.state.force_dice("M1", "M2", "F", "L")
    jb.apply("roll 4")
    assert jb.state.decision() == "reroll"
    click_key(jb, ("die", 0))
    click_key(jb, ("die", 2))
    assert jb.ui["dice"] == [0, 2] and "reroll" in jb.scene.texts()
    before = jb.state.to_json()
    click_key(jb, ("die", 3))  # a Letter die
    assert "JUN-DICE-02" in jb.error and jb.state.to_json() == before
    jb.state.force_dice("T", "W")
    jb.reroll_btn.click()
    assert jb.error == "" and jb.state.rerolls == 1
    assert sorted(jb.state.dice_faces()) == sorted(["M2", "L", "T", "W"])
    assert jb.ui["dice"] == []  # the choice is cleared after the move


def test_jungli_die_click_in_adjust_puts_its_changes_first(jb):
    jb.state.force_dice("M1", "M2", "F", "W")
    jb.apply("roll 4")
    jb.apply("keep")
    assert jb.state.decision() == "adjust"  # P0 holds 2 Letters: a change is possible
    click_key(jb, ("die", 2))  # the Food die
    assert jb.change_dd.value.startswith("change F ")
    jb.change_btn.click()
    assert jb.error == "" and jb.state.letters[0] == 0 and jb.state.dice[2] == 0  # no Food die left


def test_jungli_track_clicks_move_and_illegal_click_names_rule(jb):
    jb.state.force_dice("M2", "M1", "F", "W")
    jb.apply("roll 4")
    jb.apply("keep")
    if jb.state.decision() == "adjust":
        jb.apply("done")
    click_key(jb, ("material", 0, "F"))  # gain Food by clicking the token
    assert jb.state.decision() in ("explore", "discard"), jb.error
    assert jb.ui["targets"] == {3: "move 3"}  # the tag shows where the dice lead
    before = jb.state.to_json()
    click_key(jb, ("cell", 2))  # two steps: the dice say three
    assert "JUN-MOVE-02" in jb.error and jb.state.to_json() == before
    click_key(jb, ("cell", 3))
    assert jb.error == "" and jb.state.pos[0] == 3


def test_jungli_board_plays_to_the_end_and_watch_mode(jb):
    play_out_as_human(jb, seed=1)
    assert jb.state.is_over() and "Game over" in jb.status.value
    watch = JungliLaBoard(num_players=2, human=None, bots="random", seed=9, speed=0)
    assert watch.state.is_over() and watch.bot_moves > 0


def test_jungli_board_redraws_only_on_change(jb):
    before = jb.painter.paints
    jb.redraw()
    assert jb.painter.paints == before  # nothing changed: nothing sent
    jb.apply("roll 4")
    assert jb.painter.paints == before + 1
    jb._on_client_ready()  # a new front-end (reload, Voila): everything is sent again
    assert jb.painter.paints == before + 2
    assert jb._repr_svg_() == jb.observation()._repr_svg_()


# ---------------------------------------------------------------- Bali


@pytest.fixture
def bb():
    return BaliBoard(num_players=3, human=0, bots="greedy", seed=3, speed=0, tani=True)


def test_bali_hand_click_plays_and_column_click_takes(bb):
    assert bb.state.decision() == "play"
    hand = list(bb.observation().hand)
    before = bb.state.to_json()
    click_key(bb, ("column", 2))  # not the take decision yet
    assert "BAL-" in bb.error or "TAN-" in bb.error
    assert bb.state.to_json() == before
    click_key(bb, ("hand", 0, hand[0]))
    assert bb.error == "" and len(bb.observation().hand) == len(hand) - 1
    assert bb.state.decision() == "take"
    assert bb.ui["takeable"] == [0, 1, 2, 3] and "take 2" in bb.scene.texts()
    col = list(bb.observation().square[1])
    click_key(bb, ("column", 2))
    assert bb.error == ""
    assert sorted(bb.state.observation(0).hand) == sorted(hand[1:] + [col[-1]])


def test_bali_field_click_lists_the_huts_of_that_field(bb):
    click_key(bb, ("field", "rice", 2))
    options = list(bb.build_dd.options)
    assert options and all(o.startswith("build rice 2 ") for o in options)
    bb.build_btn.click()
    assert bb.error == "" and bb.state.village[0][1] == 0


@pytest.mark.parametrize("tani", [False, True])
def test_bali_board_plays_to_the_end(tani):
    board = BaliBoard(num_players=2, human=1, bots="random", seed=5, speed=0, tani=tani)
    play_out_as_human(board, seed=2)
    assert board.state.is_over() and "Game over" in board.status.value
    assert ("Village of Tani" in board._repr_html_()) == tani
