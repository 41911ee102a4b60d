"""Harvesting (JAL-HARVEST-*), buying (JAL-BUY-*) and the timing model (JAL-R-TIMING)."""

from __future__ import annotations

import pytest

import jaliz_learn
from jaliz_learn import RuleViolation
from jaliz_learn.games.jaliz.data import PRODUCTS, coins_for

from .helpers import do, legal_texts, position


@pytest.mark.rules("JAL-HARVEST-02", "JAL-HARVEST-03", "JAL-HARVEST-04")
def test_rulebook_harvest_example_potatoes_and_peas():
    """Eight potatoes give 3 coins (5 burned); four peas count as three and give 2 coins (2 burned)."""
    s = position(n=6, players=[{"hand": ["peas"], "plots": [["potato", 8, False], ["peas", 4, False]]},
                               {}, {}, {}, {}, {}])
    burned = len(s.burned)
    do(s, "harvest 1")
    assert s.players[0].coins == [17, 17, 17] and len(s.burned) == burned + 5
    do(s, "harvest 2")
    assert len(s.players[0].coins) == 5 and len(s.burned) == burned + 7
    assert s.players[0].plot_count == [0, 0]


@pytest.mark.rules("JAL-HARVEST-02")
@pytest.mark.parametrize("product,count,coins", [
    (6, 1, 0), (6, 2, 1), (6, 3, 1), (6, 4, 3), (7, 4, 2), (7, 5, 3), (9, 5, 2), (9, 6, 4), (18, 10, 4), (14, 3, 0)])
def test_meter_lower_step_and_gaps(product, count, coins):
    assert coins_for(product, count) == coins


@pytest.mark.rules("JAL-HARVEST-04")
def test_cannot_harvest_an_empty_plot():
    s = position(players=[{"hand": ["peas"]}, {}, {}])
    with pytest.raises(RuleViolation) as err:
        s.apply("harvest 1")
    assert err.value.rule == "JAL-HARVEST-04"


@pytest.mark.rules("JAL-HARVEST-05", "JAL-R-COINCAP", "JAL-BUY-04")
def test_fertilizer_counts_one_more_card():
    s = position(n=4, players=[{"hand": ["peas"], "plots": [["pepper", 3, True], ["peas", 1, True]]}, {}, {}, {}])
    do(s, "harvest 1")
    assert len(s.players[0].coins) == 3            # 3 peppers + fertilizer = 4 -> 3 coins
    do(s, "harvest 2")
    assert len(s.players[0].coins) == 4            # 1 pea + fertilizer = 2 -> 1 coin
    assert s.players[0].plot_fert == [True, True]  # fertilizer stays on its plot
    # coins are the harvested cards themselves: never more coins than cards (JAL-R-COINCAP)
    for product in PRODUCTS:
        for count in range(1, 12):
            assert min(coins_for(product, count + 1), count) <= count


@pytest.mark.rules("JAL-HARVEST-01", "JAL-BUY-01", "JAL-R-TIMING")
def test_harvest_and_buy_on_other_players_turns():
    s = position(players=[{"hand": ["peas"]}, {"plots": [["carrot", 5, False], [None, 0, False]], "coins": 3}, {}],
                 deck=["beans"] * 6 + ["turnip", "tomato"])
    do(s, "plant peas 1")
    assert s.current_player() == 1 and s.decision() == "offer"
    texts = legal_texts(s)
    assert "harvest 1" in texts and "buy plot" in texts and "buy tractor" in texts
    burned = len(s.burned)
    do(s, "buy tractor")
    assert s.players[1].tractor and len(s.players[1].coins) == 1 and len(s.burned) == burned + 2
    do(s, "harvest 1")
    assert len(s.players[1].coins) == 3


@pytest.mark.rules("JAL-BUY-02", "JAL-END-05")
def test_third_plot():
    s = position(players=[{"hand": ["peas"], "coins": 4}, {}, {}])
    do(s, "buy plot")
    pl = s.players[0]
    assert pl.third_plot and len(pl.plot_count) == 3 and len(pl.coins) == 1 and s.third_plot_supply == 2
    assert s.score_of(0) == 1 + 2
    with pytest.raises(RuleViolation) as err:
        s.apply("buy plot")
    assert err.value.rule == "JAL-BUY-02"
    do(s, "plant peas 3")
    assert pl.plot_product[2] == 7


@pytest.mark.rules("JAL-BUY-03", "JAL-END-05")
def test_tractor_once_and_value():
    s = position(players=[{"hand": ["peas"], "coins": 5}, {}, {}])
    do(s, "buy tractor")
    assert s.score_of(0) == 3 + 1
    with pytest.raises(RuleViolation, match="only one tractor"):
        s.apply("buy tractor")


@pytest.mark.rules("JAL-BUY-04", "JAL-R-FERT")
def test_fertilizer_price_supply_and_one_per_plot():
    s = position(players=[{"hand": ["peas"], "coins": 5}, {}, {}])
    do(s, "buy fertilizer 1")
    assert s.players[0].plot_fert == [True, False] and len(s.players[0].coins) == 3
    assert s.players[0].spent_equipment == 2 and s.fertilizer_supply == 3
    with pytest.raises(RuleViolation, match="one per plot"):
        s.apply("buy fertilizer 1")
    cheap = jaliz_learn.load_game("jaliz", fertilizer_price=1)
    s1 = position(players=[{"hand": ["peas"], "coins": 1}, {}, {}], game=cheap)
    do(s1, "buy fertilizer 2")
    assert len(s1.players[0].coins) == 0
    empty = position(players=[{"hand": ["peas"], "coins": 5}, {}, {}], supply={"fertilizer": 0})
    with pytest.raises(RuleViolation, match="supply is empty"):
        empty.apply("buy fertilizer 1")
    with pytest.raises(jaliz_learn.InvalidOption):
        jaliz_learn.load_game("jaliz", fertilizer_price=3)


@pytest.mark.rules("JAL-BUY-05")
def test_buy_three_cards_once():
    s = position(players=[{"hand": ["peas"], "coins": 2}, {}, {}])
    deck = len(s.deck)
    do(s, "buy cards")
    assert s.players[0].hand_size == 4 and len(s.deck) == deck - 3 and s.players[0].bought_cards
    with pytest.raises(RuleViolation, match="only once"):
        s.apply("buy cards")


@pytest.mark.rules("JAL-R-PAYMENT", "JAL-BUY-01")
def test_payment_takes_latest_coins_to_the_burned_pile():
    s = position(players=[{"hand": ["peas"], "coins": ["carrot", "beans", "turnip"]}, {}, {}])
    do(s, "buy tractor")
    assert s.players[0].coins == [14] and 15 in s.burned and 13 in s.burned


@pytest.mark.rules("JAL-RECEIVE-02", "JAL-RECEIVE-01")
def test_no_hand_limit():
    hand = ["peas"] * 7 + ["beans"] * 15 + ["carrot"] * 14  # 36 cards in hand
    s = position(players=[{"hand": hand}, {}, {}], deck=["turnip"] * 10)
    do(s, "plant peas 1", "done")
    while s.active == 0:  # offers pass, the active player keeps both revealed cards
        acts = s.legal_actions()
        s.apply(next(a for a in acts if a.kind in ("pass", "keep", "plant")))
    assert s.players[0].hand_size == 35 + 2  # drew 2 more, no limit applied
