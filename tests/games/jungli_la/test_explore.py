"""The Movement/Discovery phase: exact moves, discoveries and the Letter effects of this phase."""

from __future__ import annotations

import pytest

from jaliz_learn import IllegalAction, RuleViolation
from jaliz_learn.games.jungli_la import GOAL
from jaliz_learn.games.jungli_la import actions as A

from .helpers import position, run

TRACK = ["A01", "A07", "A03", "B08", "C02"]  # costs: 1/1/0, 1/1/1, 1/0/1, 2/1/1, 2/2/2


def explore(dice=("M1", "M2", "F", "L"), players=None, **kw):
    players = players or [{"pos": 1, "materials": [2, 2, 2], "letters": 0}, {"pos": 2}]
    return position(track=list(kw.pop("track", TRACK)), players=players, phase="explore", dice=list(dice), **kw)


@pytest.mark.rules("JUN-MOVE-02", "JUN-DISC-05")
def test_move_exactly_the_dice_total_and_pass_other_explorers():
    st = explore()
    moves = [a.steps for a in st.legal_actions() if isinstance(a, A.Move)]
    assert moves == [3], "Move 1 + Move 2 = 3 steps, never fewer: a move is one indivisible action"
    with pytest.raises(RuleViolation) as err:
        st.apply("move 2")
    assert err.value.rule == "JUN-MOVE-02"
    run(st, "move 3")
    assert st.pos[0] == 4 and st.pos[1] == 2


@pytest.mark.rules("JUN-MOVE-01")
def test_move_and_discover_once_each_in_either_order():
    st = explore()
    run(st, "move 3")
    with pytest.raises(RuleViolation) as err:
        st.apply("move 3")
    assert err.value.rule == "JUN-MOVE-01"
    run(st, "discover")
    assert st.cards[0] == ["B08"]
    st2 = explore()
    run(st2, "discover", "move 3")
    assert st2.cards[0] == ["A01"] and st2.pos[0] == 4
    st3 = explore()
    run(st3, "end")  # neither is fine too
    assert st3.current_player() == 1 and st3.cards[0] == []


@pytest.mark.rules("JUN-MOVE-03", "JUN-RUL-05", "JUN-RUL-12")
def test_the_goal_stops_movement():
    st = explore(players=[{"pos": 4, "letters": 0}, {}])
    run(st, "move 3")  # two steps would reach the Goal: the rest is lost
    assert st.pos[0] == GOAL and len(st.treasures[0]) == 1
    at_goal = explore(players=[{"pos": "goal", "letters": 3, "materials": [2, 2, 2]}, {}])
    assert not any(isinstance(a, (A.Move, A.Discover)) for a in at_goal.legal_actions())
    with pytest.raises(RuleViolation) as err:
        at_goal.apply("move 3")
    assert err.value.rule == "JUN-MOVE-03"
    assert any(isinstance(a, A.Remote) for a in at_goal.legal_actions()), "remote discovery works from the Goal"


@pytest.mark.rules("JUN-DISC-01", "JUN-DISC-03", "JUN-CARD-07")
def test_discover_pays_the_cost_and_takes_the_card():
    st = explore(players=[{"pos": 2, "materials": [1, 1, 1], "letters": 0}, {}])
    run(st, "discover")
    assert st.materials[0] == [0, 0, 0] and st.cards[0] == ["A07"] and "A07" not in st.track
    assert st.score_breakdown(0)["discovery"] == 3, "the Noble only brings its points"
    poor = explore(players=[{"pos": 4, "materials": [1, 1, 1], "letters": 0}, {}])
    assert A.Discover() not in poor.legal_actions()
    with pytest.raises(RuleViolation) as err:
        poor.apply("discover")
    assert err.value.rule == "JUN-DISC-01"


@pytest.mark.rules("JUN-DISC-02")
def test_explorers_on_the_card_move_to_the_next_card():
    players = [{"pos": 2, "materials": [2, 2, 2]}, {"pos": 2}, {"pos": 4}]
    st = explore(players=players, dice=("F", "F", "W", "T"))
    run(st, "discover")
    assert st.track == ["A01", "A03", "B08", "C02"]
    assert st.pos == [2, 2, 3], "players on A07 now stand on A03; the one on B08 still stands on B08"
    assert st.track[st.pos[2] - 1] == "B08"


@pytest.mark.rules("JUN-DISC-04", "JUN-LET-04")
def test_one_discovery_action_per_turn():
    st = explore(players=[{"pos": 1, "materials": [2, 2, 2], "letters": 6}, {}])
    run(st, "discover")
    assert st.track[st.pos[0] - 1] == "A07"
    for text in ("discover", "remote C02", "wagon", "exchange A01 C02"):
        with pytest.raises(RuleViolation) as err:
            st.apply(text)
        assert err.value.rule == "JUN-DISC-04"
    st2 = explore(players=[{"pos": 1, "materials": [2, 2, 2], "letters": 6}, {}])
    run(st2, "wagon")
    assert st2.wagons[0] == 1 and st2.letters[0] == 4 and st2.wagon_stock == 9
    assert A.Discover() not in st2.legal_actions(), "the Wagon was this turn's Discovery action"


@pytest.mark.rules("JUN-LET-04")
def test_at_most_two_wagons():
    st = explore(players=[{"pos": 1, "letters": 6, "wagons": 2}, {}])
    assert A.BuyWagon() not in st.legal_actions()
    with pytest.raises(RuleViolation) as err:
        st.apply("wagon")
    assert err.value.rule == "JUN-LET-04"


@pytest.mark.rules("JUN-LET-05", "JUN-RUL-06")
def test_remote_discovery():
    st = explore(players=[{"pos": 1, "materials": [2, 2, 1], "letters": 3}, {"pos": 2}])
    targets = {a.card for a in st.legal_actions() if isinstance(a, A.Remote)}
    assert targets == {"A03", "B08"}, "not the own card, not the occupied A07, not the unaffordable C02"
    with pytest.raises(RuleViolation) as err:
        st.apply("remote A07")
    assert err.value.rule == "JUN-RUL-06"
    run(st, "remote B08")
    assert st.letters[0] == 0 and st.materials[0] == [0, 1, 0] and st.cards[0] == ["B08"]
    assert st.pos == [1, 2], "nobody stood on B08"
    poor = explore(players=[{"pos": 1, "materials": [2, 2, 2], "letters": 2}, {}])
    with pytest.raises(RuleViolation) as err:
        poor.apply("remote B08")
    assert err.value.rule == "JUN-LET-05"


@pytest.mark.rules("JUN-LET-07", "JUN-RUL-07")
def test_exchange_a_discovery_card():
    players = [{"pos": 1, "materials": [0, 0, 0], "letters": 5, "cards": ["A05"]}, {"pos": 4}]
    st = explore(players=players)
    takes = {a.take for a in st.legal_actions() if isinstance(a, A.Exchange)}
    assert takes == {"A07", "A03", "C02"}
    with pytest.raises(RuleViolation) as err:
        st.apply("exchange A05 B08")
    assert err.value.rule == "JUN-RUL-07"
    run(st, "exchange A05 C02")
    assert st.cards[0] == ["C02"] and st.track == ["A01", "A07", "A03", "B08", "A05"]
    assert st.letters[0] == 0 and st.materials[0] == [0, 0, 0], "no cost is paid"
    cheap = explore(players=[{"pos": 1, "letters": 4, "cards": ["A05"]}, {}])
    with pytest.raises(RuleViolation) as err:
        cheap.apply("exchange A05 C02")
    assert err.value.rule == "JUN-LET-07"


@pytest.mark.rules("JUN-CARD-03", "JUN-RUL-04")
def test_geographer_adds_an_optional_virtual_move():
    st = explore(players=[{"pos": 1, "cards": ["A01"]}, {}], track=TRACK[1:], dice=("M1", "M1", "F", "F"))
    assert [a.steps for a in st.legal_actions() if isinstance(a, A.Move)] == [2, 3]
    two = explore(players=[{"pos": 1, "cards": ["A01", "B01"]}, {}], track=TRACK[1:], dice=("F", "F", "W", "W"))
    assert [a.steps for a in two.legal_actions() if isinstance(a, A.Move)] == [1, 2]


@pytest.mark.rules("JUN-RUL-10", "JUN-DISC-03")
def test_a_new_card_acts_from_the_next_turn():
    st = explore(players=[{"pos": 1, "materials": [2, 2, 2]}, {}], dice=("M1", "F", "F", "W"))
    run(st, "discover")  # A01 Geographer
    assert [a.steps for a in st.legal_actions() if isinstance(a, A.Move)] == [1]
    assert st.virtual(0)[0] == 1, "from the next Dice phase on the Geographer counts"


@pytest.mark.rules("JUN-RUL-12")
def test_nothing_to_discover_on_start():
    st = explore(players=[{"pos": 0, "materials": [2, 2, 2], "letters": 0}, {}], dice=("M1", "F", "F", "W"))
    with pytest.raises(IllegalAction) as err:
        st.apply("discover")
    assert err.value.rule == "JUN-RUL-12"
