"""Pearl of the East: set-up, the pearl's payment rule, tasks, blocking and the end."""

from __future__ import annotations

import pytest

import jaliz_learn
from jaliz_learn import IllegalAction, RuleViolation, WrongPhase
from jaliz_learn.games.nizam import Draw, EndTurn, Move, Score
from jaliz_learn.games.nizam.data import KINDS

from .helpers import totals

PEARL = jaliz_learn.load_game("pearl-of-the-east")

#: No run anywhere; the pearl in the middle.
PLAIN = ["ABCDE", "FGHAB", "CDPEF", "GHABC", "DEFGH"]
#: A standing run of three A in r1.
RUN_A = ["AAABC", "FGHDE", "CDPEF", "GHBCD", "DEFGH"]
#: The pearl makes AAA in r1 when it stands for A.
JOKER = ["AAPBC", "FGHDE", "CDBEF", "GHBCD", "DEFGH"]
#: The pearl could stand for A (r1: AAP) or for B (c3: P,B,B) but not both.
TWO = ["AAPCD", "EFBGH", "CDBEF", "GHABC", "DEFGH"]
#: Natural runs of A (r1) and of B (c4).
A_AND_B = ["AAABC", "FGHBE", "CDPBF", "GHBCD", "DEFGH"]


def position(board, **kw):
    return PEARL.state_from_json({"board": board, **kw})




@pytest.mark.rules("PRL-COMP-01", "PRL-SETUP-01", "PRL-SETUP-02", "PRL-SETUP-03", "PRL-SETUP-04")
@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_setup(n):
    state = PEARL.initial_state(num_players=n, seed=5)
    assert state.board.count("P") == 1
    assert all(state.board.count(k) == 3 for k in KINDS), "three of each kind on the board"
    assert state.tasks == [set(KINDS)] * n and state.completed == [[]] * n
    assert [sum(h.values()) for h in state.hands] == [3] * n
    assert len(state.deck) == 96 - 8 * n - 24 - 3 * n
    assert totals(state) == dict.fromkeys(KINDS, 12)


@pytest.mark.rules("PRL-SETUP-05")
def test_first_player_random():
    assert {PEARL.initial_state(num_players=3, seed=s).current_player() for s in range(30)} == {0, 1, 2}


@pytest.mark.rules("PRL-INFO-01")
def test_observation_shows_counts_of_hidden_cards():
    state = position(RUN_A, hands=["AB", "HHG"], completed=["C", "DE"], deck="FFFF")
    obs = state.observation(1)
    assert obs.hand == "GHH" and obs.hand_sizes == (2, 3)
    assert obs.completed == ("C", "DE") and obs.tasks_left == (7, 6)
    assert obs.deck_size == 4 and "FFFF" not in repr(obs)
    assert state.observation(None).hand == ""


@pytest.mark.rules("PRL-TURN-01", "PRL-MOVE-01", "PRL-MOVE-02", "PRL-MOVE-05", "PRL-DRAW-01")
def test_turn_structure():
    state = position(PLAIN, hands=["AB", ""], deck="CDEF")
    with pytest.raises(WrongPhase) as err:
        state.apply("end")
    assert err.value.rule == "PRL-MOVE-05"
    state.apply("move r1 left A")
    assert state.board_rows()[0] == "BCDEA"
    state.apply("move r1 left B")
    assert state.board_rows()[0] == "CDEAB"
    with pytest.raises(WrongPhase) as err:
        state.apply("draw")
    assert err.value.rule == "PRL-TURN-01"
    with pytest.raises(IllegalAction) as err:
        state.apply(Score())
    assert err.value.rule == "protocol", "'score' is a Nizam action, refused before the rules are asked"
    assert list(state.legal_actions()) == [EndTurn("", "")]
    state.apply("end")
    state.apply("draw")
    assert sum(state.hands[1].values()) == 3 and state.current_player() == 0


@pytest.mark.rules("PRL-MOVE-03", "PRL-MOVE-04")
def test_three_any_cards():
    state = position(PLAIN, hands=["BCD", ""])
    legal = state.legal_actions()
    assert Move("r1", "left", "BCD") in legal and Move("r1", "left", "A") not in legal
    with pytest.raises(RuleViolation) as err:
        state.apply("move r2 right BCD")    # the end card B is held
    assert err.value.rule == "PRL-MOVE-04"
    with pytest.raises(RuleViolation) as err:
        state.apply("move r1 left BBC")
    assert err.value.rule == "PRL-MOVE-03"


@pytest.mark.rules("PRL-MOVE-06")
def test_a_line_beginning_with_the_pearl_costs_three_cards():
    board = ["ABCDE", "FGHAB", "PCDEF", "GHABC", "DEFGH"]
    state = position(board, hands=["ABC", ""])
    with pytest.raises(RuleViolation) as err:
        state.apply("move r3 left C")
    assert err.value.rule == "PRL-MOVE-06"
    assert Move("r3", "left", "ABC") in state.legal_actions()
    state.apply("move r3 left ABC")
    assert state.board_rows()[2] == "CDEFP"


@pytest.mark.rules("PRL-DRAW-02", "PRL-DRAW-03")
def test_draws_reshuffle_and_count_run_outs():
    state = position(PLAIN, hands=["", ""], deck="AB", discard="CC")
    state.apply("draw")
    assert state.runouts == 1 and state.hands[0]["C"] == 1 and state.deck == ["C"]
    state = position(PLAIN, hands=["", "A"], deck="", discard="")
    state.apply("draw")                     # nothing to draw, player 0 cannot move
    assert state.runouts == 0 and state.current_player() == 1
    with pytest.raises(RuleViolation) as err:
        state.apply("draw")                 # player 1 could move (the A at r2 right end)
    assert err.value.rule == "PRL-DRAW-03"


@pytest.mark.rules("PRL-TASK-01", "PRL-TASK-07", "PRL-TASK-08")
def test_a_standing_run_completes_the_task_after_any_move():
    state = position(RUN_A, hands=["F", ""])
    state.apply("move r2 left F")
    assert list(state.legal_actions()) == [EndTurn("A", "A")]
    with pytest.raises(RuleViolation) as err:
        state.apply("end")
    assert err.value.rule == "PRL-TASK-07", "completion is compulsory"
    board = list(state.board)
    state.apply("end A")
    assert state.completed[0] == ["A"] and "A" not in state.tasks[0]
    assert state.board == board, "board cards are not discarded"
    assert state.scores() == (1, 0)


@pytest.mark.rules("PRL-TASK-01")
def test_a_task_is_completed_once():
    state = position(RUN_A, hands=["F", ""], completed=["A", ""])
    state.apply("move r2 left F")
    assert list(state.legal_actions()) == [EndTurn("", "")]
    with pytest.raises(RuleViolation) as err:
        state.apply("end A")
    assert err.value.rule == "PRL-TASK-01"


@pytest.mark.rules("PRL-TASK-02")
@pytest.mark.parametrize("row", ["AAAAB", "AAPAA", "BAAAA"])
def test_runs_of_four_and_five_complete(row):
    middle = "CDBEF" if "P" in row else "CDPEF"  # the pearl is always on the board (PRL-SETUP-02)
    state = position([row, "FGHDE", middle, "GHBCD", "DEFGH"], hands=["D", ""])
    state.apply("move r5 left D")
    assert EndTurn("A", "A") in state.legal_actions()


@pytest.mark.rules("PRL-TASK-03")
def test_the_pearl_is_a_joker():
    state = position(JOKER, hands=["D", ""])
    state.apply("move r5 left D")
    assert list(state.legal_actions()) == [EndTurn("A", "A")]
    state.apply("end A")
    assert [e.data for e in state.events() if e.kind == "complete"][0]["pearl_as"] == "A"


@pytest.mark.rules("PRL-TASK-04")
def test_the_pearl_stands_for_one_kind_per_turn():
    state = position(TWO, hands=["D", ""])
    state.apply("move r5 left D")
    assert set(state.legal_actions()) == {EndTurn("A", "A"), EndTurn("B", "B")}
    with pytest.raises(RuleViolation) as err:
        state.apply("end AB top A")
    assert err.value.rule == "PRL-TASK-04"


@pytest.mark.rules("PRL-TASK-05")
def test_opponents_top_card_blocks():
    state = position(RUN_A, hands=["F", ""], completed=["", "CA"])
    state.apply("move r2 left F")
    assert list(state.legal_actions()) == [EndTurn("", "")]
    with pytest.raises(RuleViolation) as err:
        state.apply("end A")
    assert err.value.rule == "PRL-TASK-05"
    # an A lower in the pile does not block, nor does the player's own top card
    for piles in (["", "AC"], ["A", ""]):
        state = position(RUN_A, hands=["F", ""], completed=piles)
        state.apply("move r2 left F")
        expected = EndTurn("", "") if piles[0] == "A" else EndTurn("A", "A")
        assert list(state.legal_actions()) == [expected]


@pytest.mark.rules("PRL-TASK-06")
def test_several_tasks_the_player_chooses_the_top():
    state = position(A_AND_B, hands=["H", ""])
    state.apply("move r5 right H")
    assert list(state.legal_actions()) == [EndTurn("AB", "A"), EndTurn("AB", "B")]
    with pytest.raises(RuleViolation) as err:
        state.apply(EndTurn("AB", "C"))
    assert err.value.rule == "PRL-TASK-06"
    state.apply("end AB top A")
    assert state.completed[0] == ["B", "A"], "A on top"
    assert state.observation(1).completed[0][-1] == "A"


@pytest.mark.rules("PRL-END-01")
def test_completing_all_eight_wins_at_once():
    board = ["HHHBC", "FGADE", "CDPEF", "GABCD", "DEFGA"]
    state = position(board, hands=["D", "ABC"], completed=["ABCDEFG", "AB"])
    state.apply("move r5 left D")
    state.apply("end H")
    assert state.is_over() and state.winners() == (0,) and state.scores() == (8, 2)


@pytest.mark.rules("PRL-END-02", "PRL-END-03")
def test_safeguard_ends_the_game_after_max_rounds():
    # 2 players, round 3 of 3: turns 5 and 6 remain
    state = position(PLAIN, hands=["", ""], deck="ABCDEF", turn=5, max_rounds=3, completed=["AB", "C"])
    assert state.observation(0).round == 3
    state.apply("draw")
    assert not state.is_over(), "the last player of the last round still plays"
    state.apply("draw")
    assert state.is_over() and state.winners() == (0,) and state.scores() == (2, 1)
    game = jaliz_learn.load_game("pearl-of-the-east", max_rounds=3)
    assert game.initial_state(num_players=2).max_rounds == 3
    assert PEARL.initial_state(num_players=2).max_rounds == 200
    with pytest.raises(jaliz_learn.InvalidOption):
        jaliz_learn.load_game("pearl-of-the-east", max_rounds=0)
    result = jaliz_learn.play(game, [jaliz_learn.RandomBot(1), jaliz_learn.RandomBot(2)], seed=1)
    assert result.state.log.turn <= 3 * 2


def test_draw_is_first_legal_action():
    state = PEARL.initial_state(num_players=2, seed=1)
    assert state.legal_actions()[0] == Draw()
