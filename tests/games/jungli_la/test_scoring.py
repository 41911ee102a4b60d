"""Final scoring: the five sources of points, Professors, Wagons, the type bonus and the tie-breaks."""

from __future__ import annotations

import pytest

from .helpers import position


def scored(*players):
    return position(players=[{"materials": [0, 0, 0], "letters": 0, **p} for p in players], phase="materials",
                    dice=["F", "F", "F", "F"])


@pytest.mark.rules("JUN-SCORE-01", "JUN-SCORE-02", "JUN-CARD-08", "JUN-CARD-09", "JUN-DATA-03")
def test_all_five_sources_of_points():
    st = scored({"cards": ["A07", "A05", "A06", "A02", "A08"], "materials": [3, 1, 2], "letters": 4,
                 "wagons": 1, "treasures": [0, 12, 22]}, {})
    assert st.score_breakdown(0) == {"discovery": 6, "treasure": 6, "wagon": 1, "professor": 3, "type_bonus": 7}
    assert st.scores()[0] == 23.0


@pytest.mark.rules("JUN-SCORE-02")
@pytest.mark.parametrize("cards,bonus", [(["A01", "A02"], 0), (["A01", "A02", "A05"], 1),
                                         (["A01", "A02", "A05", "A06"], 4), (["A01", "A02", "A05", "A06", "A08"], 7),
                                         (["A01", "B01", "C01"], 0)])
def test_type_bonus(cards, bonus):
    assert scored({"cards": cards}, {}).score_breakdown(0)["type_bonus"] == bonus


@pytest.mark.rules("JUN-CARD-08", "JUN-DATA-05")
def test_professors_score_their_icon():
    st = scored({"cards": ["A09", "A10", "B09", "B10", "C09", "C10"], "materials": [5, 2, 3], "letters": 4,
                 "wagons": 2, "treasures": [0, 1, 2]}, {})
    # Wood 2 + Tools 3 + Letters 4 + 2 x 2 Wagons + 3 Treasure cards + 6 Discovery cards (itself included)
    assert st.score_breakdown(0)["professor"] == 2 + 3 + 4 + 4 + 3 + 6


@pytest.mark.rules("JUN-SCORE-03")
def test_tie_most_treasure_cards_wins():
    st = scored({"treasures": [0, 1]}, {"treasures": [12]})
    assert st.scores() == (2.0, 2.0)
    assert st.standings().winners == (0,)


@pytest.mark.rules("JUN-SCORE-04")
def test_tie_then_fewest_treasure_points_wins():
    st = scored({"treasures": [0, 12]}, {"treasures": [1, 2], "cards": ["A01"]})
    assert st.scores() == (3.0, 3.0)
    assert st.standings().winners == (1,)


@pytest.mark.rules("JUN-SCORE-05")
def test_full_tie_shares_the_victory():
    st = scored({"treasures": [0, 12]}, {"treasures": [1, 13]})
    assert st.standings().winners == (0, 1)
    assert st.standings().ranking == ((0, 1),)
