"""Nizam: activating the board, refills, the end of the game and the solo variant.

Boards are written as five rows, top row first; ``c3`` is the third column.
"""

from __future__ import annotations

import pytest

import jaliz_learn
from jaliz_learn import RuleViolation
from jaliz_learn.games.nizam import Draw
from jaliz_learn.games.nizam.board import turn_points

NIZAM = jaliz_learn.load_game("nizam")


def position(board, **kw):
    return NIZAM.state_from_json({"board": board, **kw})


def score_event(state):
    return [e for e in state.events() if e.kind == "score"][-1].data


#: "move r1 right A" turns AABAA into AAABA: a new run of three A.
THREE = ["AABAA", "CDEFG", "DEFGH", "EFGHC", "FGHCD"]
#: "move c3 top G" lifts the A of r2 into r1: AAGAB -> AAAAB (four) ...
FOUR = ["AAGAB", "CDAEF", "DEFGH", "EFHCD", "FHCDE"]
#: ... and AAGAA -> AAAAA (five).
FIVE = ["AAGAA", "CDAEF", "DEFGH", "EFHCD", "FHCDE"]
#: "move r1 right A" makes AAABC in r1 and A,A,A down c3: two crossing runs sharing r1c3.
CROSS = ["AABCA", "DEAFG", "EFAGH", "FGCHD", "GHDEF"]
#: r3 already holds HHH at the start of the turn.
STANDING = ["AABAA", "CDEFG", "HHHCD", "DEFGC", "EFGDE"]


@pytest.mark.rules("NIZ-SCORE-01")
@pytest.mark.parametrize("board,move,length,points", [
    (THREE, "move r1 right A", 3, 3),
    (FOUR, "move c3 top G", 4, 5),
    (FIVE, "move c3 top G", 5, 7),
])
def test_run_points(board, move, length, points):
    state = position(board, hands=[move[-1], ""], deck="HHHHHHHH")
    state.apply(move)
    state.apply("score")
    data = score_event(state)
    assert [(r["line"], r["kind"], r["length"]) for r in data["runs"]] == [("r1", "A", length)]
    assert state.scores() == (points, 0)


@pytest.mark.rules("NIZ-SCORE-02", "NIZ-SCORE-05")
def test_crossing_runs_are_two_combinations_and_share_a_card():
    state = position(CROSS, hands=["A", ""], deck="BCDEFGH")
    state.apply("move r1 right A")
    state.apply("score")
    runs = score_event(state)["runs"]
    assert sorted((r["line"], r["length"]) for r in runs) == [("c3", 3), ("r1", 3)]
    assert state.scores() == (3 + 3 + 1, 0), "3 + 3 VP plus 1 for the additional combination"
    assert state.discard["A"] == 1 + 5, "the payment plus five board cards (the shared r1c3 once)"
    assert state.board_rows()[0] == "BCDBC" and state.board_rows()[1][2] == "E" and state.board_rows()[2][2] == "F"


@pytest.mark.rules("NIZ-SCORE-02")
def test_each_additional_combination_adds_one():
    runs = [(0, "A", 0, 3), (6, "B", 0, 4), (9, "C", 0, 5)]
    assert turn_points(runs) == 3 + 5 + 7 + 2
    assert turn_points(runs[:1]) == 3 and turn_points([]) == 0


@pytest.mark.rules("NIZ-SCORE-03")
def test_untouched_run_does_not_score():
    state = position(STANDING, hands=["A", ""], deck="BCDEFGH")
    state.apply("move r1 right A")
    state.apply("score")
    assert [r["line"] for r in score_event(state)["runs"]] == ["r1"], "HHH in r3 was already there"
    assert state.scores() == (3, 0)
    assert state.board_rows()[2] == "HHHCD", "an unscored run stays on the board"


@pytest.mark.rules("NIZ-SCORE-03")
def test_shifting_a_run_without_changing_it_does_not_score():
    state = position(STANDING, hands=["D", ""])
    state.apply("move r3 right D")
    assert state.board_rows()[2] == "DHHHC"
    state.apply("score")
    assert score_event(state)["runs"] == [] and state.scores() == (0, 0)


@pytest.mark.rules("NIZ-SCORE-03")
def test_changing_the_count_scores_even_when_shorter():
    board = ["ABCDE", "CDEFG", "HHHHC", "DEFGA", "EFGAB"]
    state = position(board, hands=["H", ""], deck="ABCDEFG")
    state.apply("move r3 left H")
    assert state.board_rows()[2] == "HHHCH"
    state.apply("score")
    assert state.scores() == (3, 0), "four H became three: the number of identical cards changed"


@pytest.mark.rules("NIZ-SCORE-04")
def test_broken_and_rejoined_run_scores():
    state = position(STANDING, hands=["HH", ""], deck="ABCDEFG")
    state.apply("move r3 left H")
    assert state.board_rows()[2] == "HHCDH"
    state.apply("move r3 right H")
    assert state.board_rows()[2] == "HHHCD", "the same run as at the start of the turn"
    assert state.observation(0).changed_lines == ("r3",)
    state.apply("score")
    assert state.scores() == (3, 0)


@pytest.mark.rules("NIZ-SCORE-06")
def test_refill_runs_neither_score_nor_leave():
    state = position(THREE, hands=["A", ""], deck="HHHB")
    state.apply("move r1 right A")
    state.apply("score")
    assert state.board_rows()[0] == "HHHBA", "refilled from the top of the deck"
    assert state.scores() == (3, 0), "the new HHH does not score"
    refill = [e for e in state.events() if e.kind == "refill"][0].data
    assert refill == {"cells": ["r1c1", "r1c2", "r1c3"], "cards": "HHH"}
    # next turn, the refilled run is untouched and still does not score
    state.apply("draw")
    state.apply("draw")
    assert state.board_rows()[0] == "HHHBA"


@pytest.mark.rules("NIZ-SCORE-07", "NIZ-DRAW-02")
def test_refill_reshuffles_and_may_reuse_scored_cards():
    state = position(THREE, hands=["A", ""], deck="B", discard="")
    state.apply("move r1 right A")
    state.apply("score")
    assert state.runouts == 1
    assert state.board_rows()[0] == "BAABA", "B from the deck, then two A from the reshuffled discard pile"
    assert state.deck == ["A", "A"] and sum(state.discard.values()) == 0


@pytest.mark.rules("NIZ-END-01", "NIZ-END-02", "NIZ-END-03")
def test_game_ends_when_the_deck_has_run_out_once_per_player():
    state = position(THREE, hands=["", ""], deck="ABC", discard="DD", runouts=1, scores=[3, 5])
    state.apply("draw")
    assert state.runouts == 2 and state.is_over(), "second run-out in a 2-player game"
    assert state.hands[0]["C"] == 1, "the draw was completed"
    assert state.winners() == (1,) and state.decision() == "game-over"
    assert state.legal_actions() == ()


@pytest.mark.rules("NIZ-END-02")
def test_the_count_is_taken_when_the_last_card_is_drawn():
    state = position(THREE, hands=["", ""], deck="AB")
    state.apply("draw")
    assert state.runouts == 1 and sum(state.hands[0].values()) == 2 and not state.is_over()
    state.apply("draw")        # player 1 finds the deck empty: not a second run-out
    assert state.runouts == 1 and not state.is_over()


@pytest.mark.rules("NIZ-END-04")
def test_tied_players_share_the_victory():
    state = position(THREE, hands=["", "", ""], deck="A", runouts=2, scores=[4, 4, 1])
    state.apply("draw")
    assert state.is_over() and state.winners() == (0, 1)


@pytest.mark.rules("NIZ-SOLO-01", "NIZ-SOLO-02")
def test_solo_hand_limit():
    state = position(THREE, hands=["ABCDEFG"], deck="HHHHHH")
    assert Draw() not in state.legal_actions()
    with pytest.raises(RuleViolation) as err:
        state.apply("draw")
    assert err.value.rule == "NIZ-SOLO-02"
    state = position(THREE, hands=["ABCDEF"], deck="HHHHHH")
    state.apply("draw")
    assert sum(state.hands[0].values()) == 9 and state.current_player() == 0, "solo: the turn passes to yourself"


@pytest.mark.rules("NIZ-SOLO-01", "NIZ-SOLO-03")
def test_solo_game_ends_after_one_run_out():
    result = jaliz_learn.play("nizam", [jaliz_learn.RandomBot(1)], seed=3)
    assert result.state.runouts == 1 and result.winners == (0,)
    assert max(n for e in result.state.events() if e.kind == "draw" for n in [e.data["count"]]) <= 3
