"""Reaching the Goal, Treasure draws and excavation, the game-end card, the last round, the safeguard."""

from __future__ import annotations

import pytest

import jaliz_learn
from jaliz_learn import RuleViolation
from jaliz_learn.bots import RandomBot
from jaliz_learn.games.jungli_la import GOAL
from jaliz_learn.games.jungli_la.data import END_TREASURE

from .helpers import GAME, position, run

END = END_TREASURE
DECK = [0, 12, 22, 1, 13, 23, END, 2, 3]  # values 1, 2, 3, 1, 2, 3, end(3), 1, 1


@pytest.mark.rules("JUN-GOAL-01")
def test_reaching_the_goal_draws_one_hidden_treasure():
    st = position(track=["A01", "A02"], deck=DECK, players=[{"pos": 2}, {}], phase="explore",
                  dice=["M1", "F", "F", "W"])
    run(st, "move 1")
    assert st.pos[0] == GOAL and st.treasures[0] == [0] and st.deck == DECK[1:]
    ev = [e for e in st.log if e.kind == "treasure"][-1]
    assert ev.secret == {"card": 0, "value": 1} and ev.visible_to == (0,)
    assert ev.seen_by(1).secret is None and ev.seen_by(None).secret is None
    assert st.observation(0).own_treasures == (1,)
    assert st.observation(1).own_treasures == () and st.observation(1).treasure_counts == (1, 0)


@pytest.mark.rules("JUN-GOAL-02", "JUN-DISC-02")
def test_several_explorers_reach_the_goal_active_player_first():
    players = [{"pos": 2}, {"pos": 2, "materials": [2, 2, 2]}, {"pos": 2}]
    st = position(track=["A01", "A02"], deck=DECK, players=players, current=1, phase="explore",
                  dice=["F", "F", "W", "W"])
    run(st, "discover")
    assert st.pos == [GOAL, GOAL, GOAL]
    draws = [(e.player, e.data["reason"]) for e in st.log if e.kind == "treasure"]
    assert draws[:3] == [(1, "goal"), (2, "goal"), (0, "goal")]
    assert [st.treasures[p][0] for p in (1, 2, 0)] == [0, 12, 22]


@pytest.mark.rules("JUN-GOAL-03", "JUN-RUL-14")
def test_treasure_at_the_start_of_each_turn_at_the_goal():
    st = position(deck=DECK, players=[{"pos": "goal", "treasures": [5], "letters": 0}, {}])
    assert st.treasures[0] == [5, 0], "drawn before the dice are rolled"
    kinds = [e.kind for e in st.log]
    assert kinds.index("treasure") < kinds.index("roll")


@pytest.mark.rules("JUN-GOAL-04")
def test_livingston_six_dice_three_move1_three_tools_two_treasures():
    """Rulebook example: at the Goal since last turn, six dice show 3 Move 1s and 3 Tools: 2 Treasure cards."""
    st = position(deck=DECK, players=[{"pos": "goal", "letters": 2}, {}],
                  forced_dice=["M1", "M1", "M1", "T", "T", "T"])
    assert len(st.treasures[0]) == 1  # the start-of-turn draw
    run(st, "roll 6", "keep")
    assert [e.data["sets"] for e in st.log if e.kind == "excavation"] == [2]
    assert len(st.treasures[0]) == 3 and st.decision() == "materials"


@pytest.mark.rules("JUN-GOAL-04")
def test_move1_and_move2_are_different_faces():
    st = position(deck=DECK, players=[{"pos": "goal", "letters": 0}, {}], phase="adjust",
                  dice=["M1", "M1", "M2", "F"])
    assert "excavation" not in [e.kind for e in st.log] and st.treasures[0] == []


@pytest.mark.rules("JUN-RUL-14", "JUN-LET-03")
def test_excavation_counts_the_dice_after_changes_only_for_goal_players():
    st = position(deck=DECK, players=[{"pos": "goal", "letters": 2}, {}], phase="adjust",
                  dice=["T", "T", "W", "F"])
    run(st, "change W T")
    assert [e.data["sets"] for e in st.log if e.kind == "excavation"] == [1]
    walker = position(deck=DECK, players=[{"pos": 3, "letters": 0}, {}], phase="adjust",
                      dice=["T", "T", "T", "F"])
    assert walker.treasures[0] == [], "not at the Goal when the turn began: no excavation"


@pytest.mark.rules("JUN-LET-06")
def test_buy_treasure_cards_after_reaching_the_goal():
    st = position(deck=DECK, players=[{"pos": "goal", "letters": 8, "wagons": 1}, {}], phase="explore",
                  dice=["F", "F", "W", "W"])
    run(st, "treasure", "treasure")
    assert st.letters[0] == 0 and st.treasures[0] == [0, 12]
    walker = position(deck=DECK, players=[{"pos": 1, "letters": 6}, {}], phase="explore", dice=["M1", "F", "W", "W"])
    with pytest.raises(RuleViolation) as err:
        walker.apply("treasure")
    assert err.value.rule == "JUN-LET-06"


@pytest.mark.rules("JUN-END-01", "JUN-END-02")
def test_game_end_card_starts_the_last_round():
    players = [{}, {"pos": "goal", "letters": 0}, {"letters": 0}]
    st = position(deck=[END, 0, 1, 2], players=players, current=1)
    ev = [e for e in st.log if e.kind == "treasure"][-1]
    assert ev.data["end_card"] and ev.data["value"] == 3, "the end card is shown to everybody"
    assert st.end_triggered and st.observation(0).end_triggered
    assert [e.data for e in st.log if e.kind == "last-round"] == [{"ends_after": 2}]
    while st.current_player() == 1:
        st.apply(st.legal_actions()[-1])
    assert st.current_player() == 2
    while not st.is_over():
        assert st.current_player() == 2, "the game ends with the player right of the start player"
        st.apply(st.legal_actions()[-1])
    assert st.log[-1].kind == "game-end" and st.end_reason == "end-card"


@pytest.mark.rules("JUN-END-02")
def test_end_card_drawn_by_the_last_seat_ends_after_that_turn():
    st = position(deck=[END, 0], players=[{}, {"pos": "goal", "letters": 0}], current=1)
    while not st.is_over():
        assert st.current_player() == 1
        st.apply(st.legal_actions()[-1])


@pytest.mark.rules("JUN-RUL-08")
def test_empty_treasure_decks_skip_draws():
    st = position(deck=[], players=[{"pos": "goal", "letters": 6}, {}], end_triggered=True)
    assert st.treasures[0] == [] and "treasure-none" in [e.kind for e in st.log]
    st2 = position(deck=[], players=[{"pos": "goal", "letters": 6}, {}], phase="explore", dice=["F"] * 4)
    with pytest.raises(RuleViolation) as err:
        st2.apply("treasure")
    assert err.value.rule == "JUN-RUL-08"


@pytest.mark.rules("JUN-RUL-09")
def test_round_limit_safeguard():
    game = jaliz_learn.load_game("jungli-la", max_rounds=2)
    result = jaliz_learn.play(game, [RandomBot(1), RandomBot(2), RandomBot(3)], seed=1)
    st = result.state
    assert st.end_reason == "round-limit" and st.round() == 2
    assert "round-limit" in [e.kind for e in st.log]
    assert GAME.options["max_rounds"] == 100
