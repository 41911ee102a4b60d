"""Regression tests for bugs found by checking the rules against the rulebook with fresh scenarios (issue 10.7).

Each test is named after the rule it checks.
"""

from __future__ import annotations

import json

import pytest

from jaliz_learn import InvalidPosition

from .helpers import GAME, do, position


@pytest.mark.rules("JAL-HARVEST-03", "JAL-R-PAYMENT", "JAL-BUY-03")
def test_jal_harvest_03_coins_given_as_a_number_are_real_cards_even_with_a_given_deck():
    s = position(players=[{"hand": ["peas"], "coins": 3}, {}, {}], deck=["beans"] * 6)
    assert len(s.players[0].coins) == 3 and all(c in s.products for c in s.players[0].coins)
    do(s, "buy tractor")  # the two paid coin cards go face up to the burned pile (JAL-R-PAYMENT)
    assert len(s.burned) == 2 and all(c in s.products for c in s.burned)
    again = GAME.state_from_json(json.loads(json.dumps(s.to_json())))
    assert again.to_json() == s.to_json()
    # the coin cards come from the cards not placed elsewhere: 3 players have 9 beans; 6 are in the deck
    with pytest.raises(InvalidPosition, match="coins"):
        position(players=[{"coins": 200}, {}, {}], deck=["beans"] * 6)


@pytest.mark.rules("JAL-R-RUNOUT", "JAL-END-01")
def test_jal_r_runout_an_empty_deck_and_burned_pile_count_one_run_out_per_draw():
    s = position(players=[{"hand": ["peas"]}, {"hand": ["beans"]}, {}], deck=[], burned=[])
    do(s, "plant peas 1")
    # the reveal finds no card: one run-out, nothing drawn; receiving cards is the next draw: a second run-out
    kinds = [e.kind for e in s.log]
    reveal = kinds.index("reveal")
    assert kinds[:reveal].count("deck-ran-out") == 1 and kinds[reveal:].count("deck-ran-out") == 1
    assert [e.data["times"] for e in s.log if e.kind == "deck-ran-out"] == [1, 2]
    assert s.exhaustions == 2 and not s.ending and s.current_player() == 1 and s.decision() == "plant"


@pytest.mark.rules("JAL-END-06")
def test_jal_end_06_spent_equipment_is_derived_from_tractor_and_fertilizers():
    p0 = {"hand": [], "tractor": True, "plots": [["carrot", 5, True], ["peas", 3, True]]}
    s = position(players=[p0, {}, {}])
    assert s.players[0].spent_equipment == 2 + 2 * 2 and s.tiebreak(0) == (0, 6)
    assert s.players[1].spent_equipment == 0
    with pytest.raises(InvalidPosition, match="spent_equipment"):
        position(players=[{**p0, "spent_equipment": 1}, {}, {}])
    assert position(players=[{**p0, "spent_equipment": 6}, {}, {}]).players[0].spent_equipment == 6
