"""The Dice phase: rolling, rerolling, the two-Letter stop, added dice, cancel and die changes."""

from __future__ import annotations

import pytest

from jaliz_learn import RuleViolation, WrongPhase
from jaliz_learn.games.jungli_la import actions as A

from .helpers import kinds, position, run


def _p(letters=2, cards=(), **kw):
    return {"letters": letters, "cards": list(cards), **kw}


@pytest.mark.rules("JUN-DICE-02", "JUN-DICE-04", "JUN-DICE-05", "JUN-TURN-01")
def test_livingston_rerolls_end_in_three_tools_and_a_letter():
    """Rulebook example: M1 M1 F L; the two Move 1s become T T; the kept Food is rerolled to T."""
    st = position(players=[_p(letters=0), _p()], forced_dice=["M1", "M1", "F", "L", "T", "T", "T"])
    assert st.decision() == "reroll" and st.dice_faces() == ["M1", "M1", "F", "L"]
    legal = {str(a) for a in st.legal_actions()}
    assert "reroll M1 M1" in legal and "reroll F" in legal and not any("L" in a.split()[1:] for a in legal)
    run(st, "reroll M1 M1")
    assert st.dice_faces() == ["F", "T", "T", "L"]
    run(st, "reroll F")  # a die set aside earlier may be rerolled
    # two rerolls used and no Letter for a cancel: the dice are set aside automatically
    assert st.dice_faces() == ["T", "T", "T", "L"]
    assert st.decision() == "materials"
    assert "roll" in kinds(st) and kinds(st).count("reroll") == 2


@pytest.mark.rules("JUN-DICE-04")
def test_no_third_reroll():
    st = position(players=[_p(letters=1), _p()], phase="reroll", dice=["M1", "F", "W", "T"], rerolls=2)
    assert not any(isinstance(a, A.Reroll) for a in st.legal_actions())
    with pytest.raises(RuleViolation) as err:
        st.apply("reroll F")
    assert err.value.rule == "JUN-DICE-04"


@pytest.mark.rules("JUN-DICE-02")
def test_letter_dice_cannot_be_rerolled():
    st = position(players=[_p(letters=1), _p()], phase="reroll", dice=["M1", "F", "W", "L"])
    before = st.dumps()
    with pytest.raises(RuleViolation) as err:
        st.apply("reroll L")
    assert err.value.rule == "JUN-DICE-02" and st.dumps() == before


@pytest.mark.rules("JUN-DICE-03", "JUN-LET-01")
def test_at_most_two_dice_per_reroll_even_with_added_dice():
    st = position(players=[_p(letters=3), _p()], forced_dice=["M1", "M2", "F", "W", "T", "T", "M1"])
    run(st, "roll 7")
    assert st.letters[0] == 0, "three added dice cost three Letters"
    assert all(len(a.faces) <= 2 for a in st.legal_actions() if isinstance(a, A.Reroll))
    with pytest.raises(RuleViolation) as err:
        st.apply("reroll M1 M2 F")
    assert err.value.rule == "JUN-DICE-03"


@pytest.mark.rules("JUN-DICE-01", "JUN-LET-01", "JUN-RUL-02")
def test_dice_count_is_four_plus_added_at_most_ten():
    st = position(players=[_p(letters=2), _p()])
    assert [a.dice for a in st.legal_actions()] == [4, 5, 6]
    with pytest.raises(RuleViolation) as err:
        st.apply("roll 7")
    assert err.value.rule == "JUN-LET-01"
    rich = position(players=[_p(letters=6, cards=["B07", "C08", "A05"]), _p()])  # 2 + 2 + 1 free dice
    assert [a.dice for a in rich.legal_actions()][-1] == 10
    with pytest.raises(RuleViolation) as err:
        rich.apply("roll 11")
    assert err.value.rule == "JUN-DICE-01"
    run(rich, "roll 10")
    assert sum(rich.dice) == 10 and rich.letters[0] == 5, "free card dice are used first, then Letters"


@pytest.mark.rules("JUN-CARD-01", "JUN-CARD-02", "JUN-RUL-02")
def test_rich_man_and_millionaire_dice_are_free_and_optional():
    st = position(players=[_p(letters=0, cards=["A05", "B07"]), _p()])
    assert [a.dice for a in st.legal_actions()] == [4, 5, 6, 7]
    run(st, "roll 7")
    assert st.letters[0] == 0 and sum(st.dice) == 7
    st2 = position(players=[_p(letters=0, cards=["A05"]), _p()])
    run(st2, "roll 4")  # declining the extra die is allowed every turn
    assert sum(st2.dice) == 4


@pytest.mark.rules("JUN-DICE-06", "JUN-CARD-05")
def test_two_letters_stop_the_rolling():
    st = position(players=[_p(letters=1), _p()], forced_dice=["L", "L", "F", "W"])
    run(st, "roll 4")
    assert st.decision() == "reroll"
    assert {str(a) for a in st.legal_actions()} == {"cancel", "keep"}
    with pytest.raises(RuleViolation) as err:
        st.apply("reroll F")
    assert err.value.rule == "JUN-DICE-06"
    # a Linguist's virtual Letter does not count towards the stop
    ling = position(players=[_p(letters=0, cards=["A06"]), _p()], forced_dice=["L", "F", "W", "T"])
    assert any(isinstance(a, A.Reroll) for a in ling.legal_actions())


@pytest.mark.rules("JUN-DICE-06")
def test_two_letters_without_letters_go_straight_on():
    st = position(players=[_p(letters=0), _p()], forced_dice=["L", "M1", "L", "W"])
    assert st.decision() == "materials"
    assert st.rerolls == 0


@pytest.mark.rules("JUN-LET-02", "JUN-RUL-03")
def test_cancel_rerolls_every_die_including_letters():
    st = position(players=[_p(letters=3), _p()], forced_dice=["L", "L", "F", "W", "M1", "M2", "T", "T"])
    run(st, "roll 4")
    run(st, "cancel")  # allowed after a roll showing two Letters
    assert st.dice_faces() == ["M1", "M2", "T", "T"] and st.letters[0] == 2
    assert st.rerolls == 0, "cancel neither uses nor restores a reroll"
    st.force_dice("F", "F", "W", "W", "T", "T", "L", "W")
    run(st, "reroll M1 M2", "reroll T T")
    assert st.rerolls == 2
    run(st, "cancel")  # still allowed after the second reroll
    assert st.dice_faces() == ["W", "T", "T", "L"], "all four dice were rolled again"
    assert st.rerolls == 2 and st.letters[0] == 1


@pytest.mark.rules("JUN-LET-02")
def test_cancel_needs_a_letter():
    st = position(players=[_p(letters=0), _p()], phase="reroll", dice=["M1", "F", "W", "T"])
    with pytest.raises(RuleViolation) as err:
        st.apply("cancel")
    assert err.value.rule == "JUN-LET-02"


@pytest.mark.rules("JUN-LET-03", "JUN-RUL-11")
def test_change_die_faces_for_two_letters_as_often_as_paid():
    st = position(players=[_p(letters=5), _p()], phase="adjust", dice=["M1", "F", "W", "L"])
    run(st, "change M1 T", "change L T")
    assert st.dice_faces() == ["F", "W", "T", "T"] and st.letters[0] == 1
    assert st.decision() == "materials", "with one Letter left nothing else can change: done is automatic"
    st2 = position(players=[_p(letters=1), _p()], phase="adjust", dice=["M1", "F", "W", "L"])
    assert st2.decision() == "materials"
    st3 = position(players=[_p(letters=3), _p()], phase="adjust", dice=["M1", "F", "W", "L"])
    with pytest.raises(RuleViolation) as err:
        st3.apply("change T F")
    assert err.value.rule == "JUN-LET-03"


@pytest.mark.rules("JUN-LET-03")
def test_changes_come_only_after_the_dice_are_set_aside():
    st = position(players=[_p(letters=4), _p()], phase="reroll", dice=["M1", "F", "W", "T"])
    with pytest.raises(WrongPhase):
        st.apply("change M1 T")
    run(st, "keep")
    assert st.decision() == "adjust"
    run(st, "change M1 T", "done")
    assert st.decision() == "materials"


@pytest.mark.rules("JUN-CARD-06", "JUN-RUL-11")
def test_paleontologist_changes_one_die_for_free_once_per_turn():
    st = position(players=[_p(letters=0, cards=["C04"]), _p()], forced_dice=["L", "L", "F", "W"])
    assert st.decision() == "adjust", "two Letters stopped the rolling, the Paleontologist may still act"
    run(st, "paleo L T")
    assert st.dice_faces() == ["F", "W", "T", "L"]
    assert st.decision() == "materials", "no reroll comes back and the card acts once"
    with pytest.raises(WrongPhase):
        st.apply("reroll F")


@pytest.mark.rules("JUN-RUL-16")
def test_single_choices_are_automatic_and_logged():
    st = position(players=[_p(letters=0), _p()], forced_dice=["L", "L", "F", "W"])
    autos = [e for e in st.log if e.data.get("auto")]
    assert [e.kind for e in autos] == ["roll", "keep", "done"]
    assert st.history == []
