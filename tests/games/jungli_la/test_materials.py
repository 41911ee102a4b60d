"""The Materials and Letters phase: gaining, the limits, discarding and resting."""

from __future__ import annotations

import pytest

from jaliz_learn import WrongPhase

from .helpers import position, run


def mat(dice, *, materials=(0, 0, 0), letters=0, wagons=0, cards=()):
    return position(players=[{"materials": list(materials), "letters": letters, "wagons": wagons,
                              "cards": list(cards)}, {}], phase="materials", dice=list(dice))


@pytest.mark.rules("JUN-MAT-01")
def test_choose_gain_or_rest():
    st = mat(["M1", "F", "W", "T"])
    assert [str(a) for a in st.legal_actions()] == ["gain F", "gain W", "gain T", "gain each", "rest"]


@pytest.mark.rules("JUN-MAT-02", "JUN-MAT-05")
def test_livingston_two_letters_two_tools_gains_two_tools_and_one_letter():
    """Rulebook examples: 2 Letters and 2 Tools, a) Tools -> 2 Tool tokens; 1 Letter token."""
    st = mat(["L", "L", "T", "T"])
    run(st, "gain T")
    assert st.materials[0] == [0, 0, 2] and st.letters[0] == 1
    # nothing to do in the Movement/Discovery phase (no move, no card): the turn ends by itself
    assert st.log[-2].kind == "end" and st.log[-2].data["auto"] and st.current_player() == 1


@pytest.mark.rules("JUN-MAT-03", "JUN-MAT-05")
def test_stanley_one_of_each_type():
    """Rulebook example: Move 2, 2 Foods, a Tool; b) one of each -> 1 Food, 1 Tool (no Letter face)."""
    st = mat(["M2", "F", "F", "T"])
    run(st, "gain each")
    assert st.materials[0] == [1, 0, 1] and st.letters[0] == 0


@pytest.mark.rules("JUN-MAT-02")
def test_choosing_a_type_not_shown_gains_nothing():
    st = mat(["M2", "F", "F", "L"])
    run(st, "gain W")
    assert st.materials[0] == [0, 0, 0] and st.letters[0] == 1


@pytest.mark.rules("JUN-MAT-04", "JUN-RUL-15")
def test_discard_down_to_the_limit_at_once():
    st = mat(["F", "F", "F", "F"], materials=(2, 2, 1))
    run(st, "gain F")
    assert st.materials[0] == [6, 2, 1] and st.decision() == "discard"
    with pytest.raises(WrongPhase) as err:
        st.apply("end")
    assert err.value.rule == "JUN-MAT-04"
    run(st, "discard W", "discard F")
    assert sum(st.materials[0]) == 7 and st.decision() == "discard"
    run(st, "discard T")
    assert st.materials[0] == [5, 1, 0] and st.decision() != "discard"


@pytest.mark.rules("JUN-MAT-04", "JUN-RUL-15")
def test_discard_of_a_single_type_is_automatic():
    st = mat(["W", "W", "W", "W"], materials=(0, 4, 0))
    run(st, "gain W")
    assert st.materials[0] == [0, 6, 0] and st.decision() != "discard"
    assert [e.kind for e in st.log if e.kind == "discard"] == ["discard", "discard"]


@pytest.mark.rules("JUN-MAT-04", "JUN-CARD-09")
def test_wagons_raise_the_material_limit():
    st = mat(["T", "T", "T", "T"], materials=(3, 3, 0), wagons=2)
    run(st, "gain T")
    assert st.materials[0] == [3, 3, 4]  # limit 10: nothing discarded
    assert "discard" not in [e.kind for e in st.log]


@pytest.mark.rules("JUN-MAT-06", "JUN-CARD-09")
def test_letters_only_up_to_the_limit():
    st = mat(["L", "T", "T", "T"], letters=6)
    run(st, "gain T")
    assert st.letters[0] == 6
    rest = mat(["L", "L", "T", "T"], letters=5, wagons=1)  # limit 8
    run(rest, "rest")
    assert rest.letters[0] == 8


@pytest.mark.rules("JUN-MAT-07")
def test_livingston_rests_for_four_letters_and_skips_movement():
    """Rulebook example: 2 Letters, 1 Tool, 1 Move 2 -> rest: 2 + 2 = 4 Letters, no Movement/Discovery."""
    st = mat(["L", "L", "T", "M2"])
    run(st, "rest")
    assert st.letters[0] == 4 and st.pos[0] == 0
    assert st.current_player() == 1, "the turn ends: no Movement/Discovery phase"


@pytest.mark.rules("JUN-CARD-04", "JUN-RUL-04")
def test_virtual_material_faces_add_one_each_and_stack():
    st = mat(["M1", "F", "W", "L"], cards=["A02", "B02", "A04"])  # two Biologists, one Entomologist
    run(st, "gain F")
    assert st.materials[0] == [3, 0, 0]
    each = mat(["M1", "M1", "M2", "M2"], cards=["A03"])  # Botanist: Wood shows virtually
    run(each, "gain each")
    assert each.materials[0] == [0, 1, 0]


@pytest.mark.rules("JUN-CARD-05", "JUN-RUL-04")
def test_linguist_adds_a_virtual_letter():
    st = mat(["M1", "F", "W", "T"], cards=["A06"])
    run(st, "gain F")
    assert st.letters[0] == 1
    rest = mat(["L", "F", "W", "T"], cards=["A06"])
    run(rest, "rest")
    assert rest.letters[0] == 4
