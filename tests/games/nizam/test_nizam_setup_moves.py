"""Nizam: set-up, the four slide directions, payments, draws and the turn structure."""

from __future__ import annotations

import pytest

import jaliz_learn
from jaliz_learn import IllegalAction, InvalidNotation, RuleViolation, WrongPhase
from jaliz_learn.games.nizam import Draw, Move, Score
from jaliz_learn.games.nizam.data import KINDS

from .helpers import totals

NIZAM = jaliz_learn.load_game("nizam")

#: A board without any combination (rows and columns all mixed).
PLAIN = ["ABCDE", "FGHAB", "CDEFG", "HABCD", "EFGHA"]


def position(board=PLAIN, **kw):
    return NIZAM.state_from_json({"board": board, **kw})


def column(state, c):
    return "".join(row[c - 1] for row in state.board_rows())




@pytest.mark.rules("NIZ-COMP-01", "NIZ-SETUP-01", "NIZ-SETUP-02")
@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
def test_setup_deals_board_hands_and_deck(n):
    state = NIZAM.initial_state(num_players=n, seed=7)
    assert len(state.board) == 25 and "P" not in state.board, "25 gem cards, no pearl in Nizam"
    assert [sum(h.values()) for h in state.hands] == [3] * n
    assert len(state.deck) == 96 - 25 - 3 * n
    assert totals(state) == dict.fromkeys(KINDS, 12), "12 cards of each of the 8 kinds"
    assert state.scores() == (0,) * n and state.decision() == "draw-or-move"


@pytest.mark.rules("NIZ-SETUP-03")
def test_first_player_is_random_and_play_is_clockwise():
    firsts = {NIZAM.initial_state(num_players=4, seed=s).current_player() for s in range(30)}
    assert firsts == {0, 1, 2, 3}
    state = position(hands=["", "", ""], current=2)
    state.apply("draw")
    assert state.current_player() == 0, "after seat 2 comes seat 0"


@pytest.mark.rules("NIZ-INFO-01")
def test_observation_hides_hands_and_deck():
    state = position(hands=["ABC", "DDF"], deck="GHGHGH", discard="AA")
    obs = state.observation(0)
    assert obs.hand == "ABC" and obs.hand_sizes == (3, 3)
    assert obs.deck_size == 6 and obs.discard == "AA"
    assert "DDF" not in repr(obs) and "GHGHGH" not in repr(obs)
    spectator = state.observation(None)
    assert spectator.hand == "" and spectator.board == tuple(PLAIN)
    state.apply("draw")
    seen_by_1 = [e for e in state.events(1) if e.kind == "draw"][0]
    assert seen_by_1.secret is None, "opponents do not see drawn cards"
    assert [e for e in state.events(0) if e.kind == "draw"][0].secret == {"cards": "GHG"}


@pytest.mark.rules("NIZ-MOVE-01")
@pytest.mark.parametrize("action,line,after", [
    ("move r1 left A", "r1", "BCDEA"),      # left card goes to the right end
    ("move r1 right E", "r1", "EABCD"),     # right card goes to the left end
    ("move c1 top A", "c1", "FCHEA"),       # top card goes to the bottom
    ("move c1 bottom E", "c1", "EAFCH"),    # bottom card goes to the top
])
def test_slide_in_all_four_directions(action, line, after):
    state = position(hands=["AE", ""])
    state.apply(action)
    got = state.board_rows()[0] if line == "r1" else column(state, 1)
    assert got == after, f"{action}: expected {after}, got {got}"
    assert state.discard[action[-1]] == 1, "the payment goes to the discard pile"
    assert sum(state.hands[0].values()) == 1


@pytest.mark.rules("NIZ-MOVE-01", "NIZ-MOVE-02")
def test_several_moves_in_one_turn_one_card_each():
    state = position(hands=["ABB", ""])
    state.apply("move r1 left A")
    state.apply("move r1 left B")
    assert state.board_rows()[0] == "CDEAB", "two moves in the same row"
    state.apply("move r2 right B")
    assert state.board_rows()[1] == "BFGHA", "then a move in another row"
    assert state.current_player() == 0 and state.decision() == "move-or-score"
    assert list(state.legal_actions()) == [Score()], "no cards left: only 'score'"
    assert state.discard == {**dict.fromkeys(KINDS, 0), "A": 1, "B": 2}


@pytest.mark.rules("NIZ-MOVE-03")
def test_three_cards_of_any_kind_pay_without_a_match():
    state = position(hands=["BCD", ""])
    with pytest.raises(RuleViolation) as err:
        state.apply("move r1 left A")
    assert err.value.rule == "NIZ-MOVE-01"
    state.apply("move r1 left BCD")
    assert state.board_rows()[0] == "BCDEA"
    assert sum(state.hands[0].values()) == 0 and sum(state.discard.values()) == 3


@pytest.mark.rules("NIZ-MOVE-03", "NIZ-MOVE-04")
def test_three_card_payment_must_be_held_and_only_without_a_match():
    state = position(hands=["ABCD", ""])
    before = state.dumps()
    with pytest.raises(RuleViolation) as err:
        state.apply("move r1 left BCD")
    assert err.value.rule == "NIZ-MOVE-04", "holding an A, the move costs the A"
    with pytest.raises(RuleViolation) as err:
        state.apply("move r2 left BBC")     # end card F is not held, but BB is not in hand
    assert err.value.rule == "NIZ-MOVE-03"
    assert state.dumps() == before, "illegal actions leave the state unchanged"


@pytest.mark.rules("NIZ-MOVE-04")
def test_legal_moves_are_distinct_sorted_multisets():
    state = position(hands=["AABC", ""])
    legal = state.legal_actions()
    # ends holding A (4), B (2) or C (2) cost that card; the other 12 ends accept AAB, AAC or ABC
    assert len(legal) == 1 + 8 + 12 * 3
    assert Move("r2", "left", "AAB") in legal and Move("r2", "left", "ABA") not in legal
    assert Move("r1", "left", "A") in legal and Move("r1", "left", "AAB") not in legal
    assert len(set(legal)) == len(legal) == len(list(legal)), "no duplicates"
    assert NIZAM.parse_action("move r2 left BAA", state) == Move("r2", "left", "AAB"), "notation is sorted"


@pytest.mark.rules("NIZ-TURN-01", "NIZ-MOVE-05")
def test_a_turn_is_a_draw_or_moves_then_score():
    state = position(hands=["AA", ""], deck="BCDEFG")
    assert Score() not in state.legal_actions()
    with pytest.raises(WrongPhase) as err:
        state.apply("score")
    assert err.value.rule == "NIZ-MOVE-05"
    state.apply("move r1 left A")
    assert Draw() not in state.legal_actions()
    with pytest.raises(WrongPhase) as err:
        state.apply("draw")
    assert err.value.rule == "NIZ-TURN-01"
    state.apply("score")
    assert state.current_player() == 1 and state.decision() == "draw-or-move"


@pytest.mark.rules("NIZ-DRAW-01")
def test_draw_takes_the_top_three_cards_and_passes():
    state = position(hands=["", ""], deck="BCDEFG")
    state.apply("draw")
    assert state.hands[0]["B"] == state.hands[0]["C"] == state.hands[0]["D"] == 1
    assert "".join(reversed(state.deck)) == "EFG"
    assert state.current_player() == 1 and state.log.turn == 2


@pytest.mark.rules("NIZ-DRAW-02", "NIZ-END-02")
def test_draw_reshuffles_the_discard_pile_when_the_deck_runs_out():
    state = position(hands=["", ""], deck="AB", discard="CCC")
    state.apply("draw")
    assert dict(state.hands[0]) == {**dict.fromkeys(KINDS, 0), "A": 1, "B": 1, "C": 1}
    assert state.deck == ["C", "C"] and sum(state.discard.values()) == 0
    assert state.runouts == 1, "the deck ran out when its last card was taken"
    kinds = [e.kind for e in state.events()]
    assert kinds[-3:] == ["deck-out", "reshuffle", "draw"]


@pytest.mark.rules("NIZ-DRAW-03", "NIZ-END-02")
def test_nothing_to_draw():
    # deck and discard empty: a player who can move may not draw
    state = position(hands=["A", "BCD"], deck="", discard="")
    with pytest.raises(RuleViolation) as err:
        state.apply("draw")
    assert err.value.rule == "NIZ-DRAW-03"
    # a player who cannot move draws nothing, and the turn passes; an empty deck found is not a new run-out
    state = position(hands=["", "BCD"], deck="", discard="", runouts=1)
    assert list(state.legal_actions()) == [Draw()]
    state.apply("draw")
    assert state.current_player() == 1 and state.runouts == 1 and not state.is_over()


def test_notation_round_trip_and_errors():
    state = position(hands=["AB", ""])
    for action in state.legal_actions():
        assert NIZAM.parse_action(str(action), state) == action
    for text in ["", "fly", "move r6 left A", "move r1 top A", "move r1 left AB", "move r1 left Z", "score 3"]:
        with pytest.raises(InvalidNotation):
            NIZAM.parse_action(text, state)
    assert NIZAM.parse_action("r1 right e", state) == Move("r1", "right", "E")


def test_illegal_action_names_rule_and_allowed():
    state = position(hands=["A", ""])
    with pytest.raises(IllegalAction) as err:
        state.apply("move r1 right E")
    assert err.value.rule == "NIZ-MOVE-01" and "rule NIZ-MOVE-01" in str(err.value)
    assert len(err.value.allowed) == len(state.legal_actions())


def test_bad_positions_are_clear_errors():
    for bad in [{"board": ["ABCDE"] * 4}, {"board": ["ABCDZ"] + PLAIN[1:]}, {"board": ["PBCDE"] + PLAIN[1:]},
                {"board": PLAIN, "hands": ["A" * 13, ""]}, {"board": PLAIN, "hands": ["A"], "players": 2},
                {"board": PLAIN, "current": 5}, {"hands": ["A", ""]}, ["not", "a", "dict"]]:
        with pytest.raises(jaliz_learn.InvalidPosition):
            NIZAM.state_from_json(bad)


@pytest.mark.rules("NIZ-SCORE-03")
def test_mid_turn_position_with_start_board():
    start = ["AABAA", "CDEFG", "DEFGH", "EFGHC", "FGHCD"]
    state = position(["AAABA", "CDEFG", "DEFGH", "EFGHC", "FGHCD"], start_board=start, hands=["", ""],
                     deck="BCD")
    assert state.decision() == "move-or-score" and state.observation(0).changed_lines == ("r1",)
    state.apply("score")
    assert state.scores() == (3, 0)
