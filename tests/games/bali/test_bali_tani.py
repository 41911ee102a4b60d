"""Village of Tani: huts, area bonuses, Ganesha and the unbuilt-hut rule."""

from __future__ import annotations

import pytest

from jaliz_learn import IllegalAction, InvalidNotation, WrongPhase, load_game
from jaliz_learn.games.bali import data as D

from .bali_helpers import position, rule_of

SQUARE = [["priest", "shrine"], ["mason", "rice"], ["shrine", "shrine"], ["peanut", "pepper"]]


def tani(hand, active=0, **fields):
    hands = [["rice", "peanut", "banana"], ["rice", "peanut", "pepper"], ["mason", "banana", "pepper"]]
    hands[active] = hand
    fields.setdefault("square", SQUARE)
    fields.setdefault("phase", "play")
    return position("bali-tani", active=active, hands=hands, **fields)


@pytest.mark.rules("TAN-BUILD-01")
def test_build_a_hut_instead_of_playing_cards():
    s = tani(["pepper", "mason", "priest"], stocks=[{"rice": 1, "pepper": 1}, {}, {}])
    builds = [str(a) for a in s.legal_actions() if a.kind == "build"]
    assert builds == ["build pepper 1 rice", "build pepper 1 pepper", "build pepper 2 pepper+rice"]
    assert "play mason" in [str(a) for a in s.legal_actions()]
    s.apply("build pepper 1 pepper")
    assert s.decision() == "take" and len(s.hands[0]) == 2 and s.displays[0][D.FARMER_BASE + 3] == 0
    s.apply("take 1")
    assert s.active == 1, "phases 3 and 4 as usual"
    with pytest.raises(InvalidNotation, match="Village of Tani"):
        load_game("bali").parse_action("build pepper 1 pepper", None)
    base = position("bali", phase="take", hands=[["mason"], ["rice"], ["rice"]])
    before = base.to_json()
    with pytest.raises(IllegalAction) as err:  # not one of the base game's action types at all
        base.apply(load_game("bali-tani").parse_action("build pepper 1 pepper", None))
    assert err.value.rule == "protocol" and base.to_json() == before


@pytest.mark.rules("TAN-BUILD-02")
def test_the_farmer_goes_to_the_discard_pile():
    s = tani(["pepper", "mason", "priest"])
    assert rule_of(s, "build banana 1 rice") == "TAN-BUILD-02"
    s.apply("build pepper 1 rice")
    assert s.discard == [D.FARMER_BASE + 3] and s.hands[0] == [D.MASON, D.PRIEST]
    assert s.observation(1).discard == ("pepper",)


@pytest.mark.rules("TAN-BUILD-03")
def test_returned_offering_cards_choose_the_field():
    s = tani(["pepper", "mason", "priest"], stocks=[{"rice": 2, "pepper": 1}, {}, {}])
    supply = list(s.supply)
    assert rule_of(s, "build pepper 2 rice") == "TAN-BUILD-03"
    assert rule_of(s, "build pepper 3 pepper+pepper+rice") == "TAN-BUILD-03"
    assert rule_of(s, "build pepper 4 pepper+rice+rice+rice") == "TAN-BUILD-03"
    s.apply("build pepper 3 pepper+rice+rice")
    assert s.village[3] == [-1, -1, 0] and s.stocks[0] == [0, 0, 0, 0]
    assert s.supply == [supply[0] + 2, supply[1], supply[2], supply[3] + 1], "back to the supply, not the altar"
    assert s.altar_counts() == [0, 0, 0, 0]


@pytest.mark.rules("TAN-BUILD-04")
def test_one_hut_per_field():
    s = tani(["pepper", "mason", "priest"], village={"pepper": [None, 1, None]},
             stocks=[{"rice": 2}, {}, {}])
    fields = {a.field for a in s.legal_actions() if a.kind == "build"}
    assert fields == {1}
    assert rule_of(s, "build pepper 2 rice+rice") == "TAN-BUILD-04"
    assert rule_of(tani(["pepper"], huts=[0, 4, 4]), "build pepper 1 rice") == "TAN-SETUP-03"


@pytest.mark.rules("TAN-BONUS-01")
def test_banana_area_takes_a_tile():
    s = tani(["banana", "mason", "priest"], displays=[{"mason": 2}, {}, {}], vp=[0, 0, 0])
    s.apply("build banana 1 rice")
    assert s.decision() == "banana-tile"
    assert [str(a) for a in s.legal_actions()] == ["tile masons", "tile priests", "tile pepper-banana",
                                                    "tile peanut-rice"]
    s.apply("tile masons")
    assert s.vp[0] == 2 and s.tiles == ["priests", "pepper-banana", "peanut-rice"] and s.decision() == "take"
    t = tani(["banana"], tiles=["priests"], phase="banana-tile")
    assert rule_of(t, "tile masons") == "TAN-BONUS-01"


@pytest.mark.rules("TAN-BONUS-02")
@pytest.mark.parametrize("tile,vp", [("masons", 3), ("priests", 2), ("pepper-banana", 3), ("peanut-rice", 4)])
def test_banana_tile_values(tile, vp):
    display = {"mason": 3, "priest": 2, "pepper": 1, "banana": 2, "rice": 4, "shrine": 5}
    s = tani(["banana", "mason", "priest"], displays=[display, {}, {}], vp=[0, 0, 0])
    s.apply("build banana 1 rice")
    s.apply(f"tile {tile}")
    assert s.vp[0] == vp


@pytest.mark.rules("TAN-BONUS-03")
def test_pepper_area_gives_four_stones():
    s = tani(["pepper", "mason", "priest"], stones=[1, 0, 0])
    s.apply("build pepper 1 rice")
    assert s.stones[0] == 5
    assert "takes 4 stones" in s.log_text()[-1]


@pytest.mark.rules("TAN-BONUS-04")
def test_peanut_and_rice_areas_take_ganesha():
    s = tani(["rice", "mason", "priest"])
    s.apply("build rice 1 rice")
    assert s.ganesha == 0
    t = tani(["peanut", "mason", "priest"], active=1, ganesha=0)
    t.apply("build peanut 1 peanut")
    assert t.ganesha == 1, "taken from another player"
    assert t.log[-1].data["ganesha_from"] == 0


@pytest.mark.rules("TAN-GANESHA-01")
def test_ganesha_scores_at_every_priest_scoring():
    s = position("bali-tani", phase="take", active=0, ganesha=2, vp=[0, 0, 0],
                 hands=[["mason", "rice"], ["rice"], ["rice"]], displays=[{"priest": 1}, {}, {}],
                 square=[["priest", "banana"], ["mason"] * 2, ["shrine"] * 2, ["pepper"] * 2])
    s.apply("take 1")
    assert s.vp == [2, 0, 2], "P2 has no priest and still gets 2 VP"
    m = position("bali-tani", phase="take", active=0, ganesha=2, vp=[0, 0, 0],
                 hands=[["mason", "rice"], ["rice"], ["rice"]],
                 square=[["mason", "banana"], ["mason"] * 2, ["shrine"] * 2, ["pepper"] * 2])
    m.apply("take 1")
    assert m.vp == [0, 0, 0], "only priest scorings"


def ending(**fields):
    fields.setdefault("huts", [0, 0, 0])
    s = position("bali-tani", phase="take", active=0, deck=["priest"] * 3, stones=[0, 0, 0],
                 hands=[["mason", "rice"], ["rice"], ["rice"]], stocks=[{}, {}, {}], displays=[{}, {}, {}],
                 square=[["priest"], ["mason"] * 2, ["shrine"] * 2, ["pepper"] * 2], **fields)
    s.apply("take 1")
    assert s.is_over()
    return s


@pytest.mark.rules("TAN-GANESHA-02")
def test_ganesha_at_the_end():
    s = ending(ganesha=1, vp=[3, 3, 0])
    assert [row["ganesha"] for row in s.final] == [0, 2, 0] and s.scores() == (3, 5, 0)
    assert ending(ganesha=None, vp=[3, 3, 0]).scores() == (3, 3, 0)


@pytest.mark.rules("TAN-END-01")
def test_unbuilt_huts_lose():
    s = ending(huts=[0, 1, 2], vp=[1, 30, 40], ganesha=2)
    assert s.scores() == (1, D.DISQUALIFIED_SCORE, D.DISQUALIFIED_SCORE)
    assert s.outcome().ranking == ((0,), (1, 2)), "all losers rank last together"
    assert s.winners() == (0,) and s.final[2]["disqualified"] == 1
    assert ending(huts=[0, 0, 0], vp=[1, 30, 40]).winners() == (2,)
    assert s.outcome().eliminated == (1, 2)
    assert ending(huts=[0, 0, 0], vp=[1, 30, 40]).outcome().eliminated == ()


@pytest.mark.rules("TAN-END-01")
def test_tan_end_01_when_every_player_keeps_huts_nobody_wins():
    """Issue 10: all players with unbuilt huts were all reported as winners; each "automatically loses"."""
    s = ending(huts=[1, 2, 1], vp=[1, 30, 40], ganesha=2)
    out = s.outcome()
    assert s.scores() == (D.DISQUALIFIED_SCORE,) * 3
    assert out.winners == () and s.winners() == ()
    assert out.eliminated == (0, 1, 2) and out.ranking == ((0, 1, 2),)


@pytest.mark.rules("TAN-BUILD-02", "TAN-BUILD-03", "TAN-BONUS-03")
def test_rulebook_example_robert_builds_on_field_two_of_the_pepper_area():
    """'Robert places a pepper farmer onto the discard pile. Next he places 1 pepper and 1 rice card
    back into the supply. He builds a hut on field 2 of the pepper area.'"""
    robert = 1
    s = tani(["pepper", "priest", "mason"], active=robert, stocks=[{}, {"pepper": 1, "rice": 1, "banana": 1}, {}],
             stones=[0, 2, 0])
    supply = list(s.supply)
    action = s.game.parse_action("build pepper 2 rice+pepper", s)
    assert str(action) == "build pepper 2 pepper+rice"
    s.apply(action)
    assert s.discard == [D.CARD_INDEX["pepper"]]
    assert s.village[D.KIND_INDEX["pepper"]] == [-1, robert, -1]
    assert s.stocks[robert] == [0, 0, 1, 0]
    assert s.supply == [supply[0] + 1, supply[1], supply[2], supply[3] + 1]
    assert s.stones[robert] == 2 + 4 and s.huts[robert] == 3
    assert "builds a hut on field 2 of the pepper area" in s.log_text()[-1]
    with pytest.raises(WrongPhase):
        s.apply("build pepper 2 pepper+rice")
