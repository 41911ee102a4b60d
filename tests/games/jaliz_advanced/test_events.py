"""One scenario per event (built from JSON positions), with its edge cases."""

from __future__ import annotations

import pickle

import pytest

from jaliz_learn import RuleViolation, WrongPhase
from jaliz_learn.games.jaliz import Pass, Shop
from jaliz_learn.games.jaliz.advanced.actions import ShopSpace

from .helpers import do, event_position, legal_texts, position

# a hand card for everyone keeps the turn after the event simple (the active player plants)
HANDS = [{"hand": ["beans"]}, {"hand": ["beans"]}, {"hand": ["beans"]}]


def farms(*plots, hands=None):
    hands = hands or [["beans"]] * len(plots)
    return [{"hand": h, "plots": p} for h, p in zip(hands, plots)]


EMPTY = [[None, 0, False], [None, 0, False]]


# ------------------------------------------------------------------ Crow
@pytest.mark.rules("JADV-CROW-01", "JADV-R-LEFTRIGHT", "JADV-R-ORDER", "JADV-EVENT-02")
def test_crow_burns_one_card_from_the_left_neighbour():
    s = event_position("crow", players=farms([["peas", 2, False], [None, 0, False]],
                                             [["carrot", 5, False], ["peas", 2, False]],
                                             [["turnip", 1, False], [None, 0, False]]))
    assert s.decision() == "crow" and s.current_player() == 0
    assert sorted(legal_texts(s)) == ["crow 1", "crow 2"]   # both planted plots of P1 (left of P0)
    burned = len(s.burned)
    do(s, "crow 1")
    assert s.players[1].plot_count == [4, 2] and len(s.burned) == burned + 1 and 14 in s.burned
    assert s.current_player() == 1 and legal_texts(s) == ["crow 1"]   # P1 pecks P2, plot 2 is empty
    do(s, "crow 1")
    assert s.players[2].plot_count == [0, 0] and s.players[2].plot_product == [0, 0]  # last card eaten
    assert s.current_player() == 2                              # P2 pecks P0 (seat 0 is P2's left)
    do(s, "crow 1")
    assert s.players[0].plot_count == [1, 0]
    assert s.decision() == "plant" and s.current_player() == 0  # the event is over, once (instant)
    assert [e.player for e in s.log if e.kind == "crow"] == [0, 1, 2]


@pytest.mark.rules("JADV-CROW-02", "JADV-EVENT-06")
def test_crow_finds_nothing_on_an_empty_farm():
    s = event_position("crow", players=farms([["peas", 2, False], [None, 0, False]], EMPTY,
                                             [["turnip", 3, False], [None, 0, False]]))
    # P0's left neighbour (P1) has nothing: P0 is skipped, P1 pecks P2 first
    assert s.current_player() == 1
    skip = [e for e in s.log if e.kind == "event-skip"]
    assert skip and skip[0].player == 0
    with pytest.raises(RuleViolation) as err:
        s.apply("crow 2")
    assert err.value.rule == "JADV-CROW-01"


# --------------------------------------------------------------- Gardener
@pytest.mark.rules("JADV-GARDEN-01", "JADV-GARDEN-02", "JADV-EVENT-06")
def test_gardener_lets_everyone_plant_one_card():
    s = event_position("gardener", players=farms(
        [["carrot", 2, False], ["peas", 1, False]], [["carrot", 2, False], ["peas", 1, False]], EMPTY,
        hands=[["carrot", "turnip"], ["turnip"], []]))
    assert s.decision() == "gardener" and s.current_player() == 0
    assert set(legal_texts(s)) == {"plant carrot 1", "pass"}  # no harvest to make room (JADV-GARDEN-02)
    with pytest.raises(RuleViolation) as err:
        s.apply("plant turnip 2")
    assert err.value.rule == "JADV-GARDEN-02"
    with pytest.raises(RuleViolation) as err:
        s.apply("plant carrot 2")
    assert err.value.rule == "JAL-PLANT-02"
    do(s, "plant carrot 1")
    assert s.players[0].plot_count == [3, 1] and s.players[0].hand_size == 1
    # P1 has only a turnip and both plots hold other products: no choice, skipped; P2 has no card
    assert s.decision() == "plant" and s.current_player() == 0
    assert [e.player for e in s.log if e.kind == "event-skip"] == [1, 2]


@pytest.mark.rules("JADV-GARDEN-01")
def test_gardener_is_optional():
    s = event_position("gardener", players=farms(EMPTY, EMPTY, EMPTY))
    do(s, "pass", "pass", "pass")
    assert s.decision() == "plant" and all(sum(pl.plot_count) == 0 for pl in s.players)


# ------------------------------------------------------------------- Snow
@pytest.mark.rules("JADV-SNOW-02", "JADV-R-LEFTRIGHT", "JADV-EVENT-03")
def test_snow_goes_on_a_plot_of_the_right_neighbour_even_an_empty_one():
    s = event_position("snow", players=farms([["carrot", 3, False], [None, 0, False]], EMPTY, EMPTY))
    assert s.decision() == "snow" and sorted(legal_texts(s)) == ["snow 1", "snow 2"]
    do(s, "snow 2", "snow 1", "snow 1")
    assert s.snow == {2: 1, 0: 0, 1: 0}    # P0 -> P2 (right of 0), P1 -> P0, P2 -> P1
    assert s.observation(None).farms[2].plots[1].tokens == ("snow",)
    assert s.observation(1).farms[0].plots[0].tokens == ("snow",)


@pytest.mark.rules("JADV-SNOW-01", "JADV-EVENT-03")
def test_snowed_plot_cannot_be_planted_or_harvested():
    s = position(players=[{"hand": ["carrot", "peas"], "plots": [["carrot", 3, False], [None, 0, False]]}, {}, {}],
                 events={"current": "snow", "snow": [[0, 1], [1, 1], [2, 1]]})
    texts = legal_texts(s)
    assert "plant carrot 1" not in texts and "harvest 1" not in texts
    assert "plant carrot 2" in texts and "plant peas 2" in texts
    for bad in ("plant carrot 1", "harvest 1"):
        with pytest.raises(RuleViolation) as err:
            s.apply(bad)
        assert err.value.rule == "JADV-SNOW-01"
    assert s.observation(0).farms[0].plots[0].tokens == ("snow",)


@pytest.mark.rules("JADV-SNOW-01")
def test_snow_on_an_empty_plot_blocks_planting_there():
    s = position(players=[{"hand": ["peas"], "plots": [[None, 0, False], ["carrot", 2, False]]}, {}, {}],
                 events={"current": "snow", "snow": [[0, 1]]})
    # plot 1 is snowed and plot 2 holds carrots: the pea can only go down after harvesting plot 2
    assert [t for t in legal_texts(s) if t.startswith(("plant", "harvest"))] == ["harvest 2"]
    do(s, "harvest 2", "plant peas 2")


@pytest.mark.rules("JADV-SNOW-03", "JADV-R-LASTROUND", "JAL-END-04")
def test_snow_in_the_last_round_allows_harvesting_but_not_planting():
    s = position(players=[{"hand": ["carrot"], "plots": [["carrot", 5, False], [None, 0, False]]}, {}, {}],
                 phase="final-plant", ending=True, deck_runs_out=3,
                 events={"current": "snow", "snow": [[0, 1]]})
    texts = legal_texts(s)
    assert "harvest 1" in texts and "plant carrot 1" not in texts and "plant carrot 2" in texts
    with pytest.raises(RuleViolation) as err:
        s.apply("plant carrot 1")
    assert err.value.rule == "JADV-SNOW-01"
    do(s, "harvest 1")
    assert len(s.players[0].coins) == 2


@pytest.mark.rules("JADV-SNOW-03", "JAL-END-04")
def test_final_harvest_includes_snowed_plots():
    s = position(players=[{"plots": [["carrot", 5, False], [None, 0, False]]}, {}, {}],
                 phase="final-plant", ending=True, deck_runs_out=3, events={"current": "snow", "snow": [[0, 1]]})
    do(s, "done", "done", "done")
    assert s.is_over() and len(s.players[0].coins) == 2


# ---------------------------------------------------------------- Drought
@pytest.mark.rules("JADV-DROUGHT-01", "JADV-DROUGHT-02", "JADV-EVENT-06")
def test_drought_burns_one_whole_plot_and_spares_empty_farms():
    s = event_position("drought", players=farms([["carrot", 5, True], ["peas", 2, False]], EMPTY,
                                                [["turnip", 3, False], [None, 0, False]]))
    assert sorted(legal_texts(s)) == ["drought 1", "drought 2"]
    with pytest.raises(WrongPhase):
        s.apply("crow 1")
    burned = len(s.burned)
    do(s, "drought 1")
    assert s.players[0].plot_count == [0, 2] and s.players[0].plot_fert == [True, False]  # fertilizer stays
    assert len(s.burned) == burned + 5
    assert s.current_player() == 2          # P1's plots are empty: no effect on P1
    with pytest.raises(RuleViolation) as err:
        s.apply("drought 2")
    assert err.value.rule == "JADV-DROUGHT-01"
    do(s, "drought 1")
    assert s.players[2].plot_count == [0, 0] and s.decision() == "plant"


# ------------------------------------------------------------------- Rain
@pytest.mark.rules("JADV-RAIN-01", "JADV-RAIN-02", "JADV-EVENT-06")
def test_rain_adds_one_card_on_an_unfertilized_planted_plot():
    s = event_position("rain", players=farms([["peas", 4, False], ["carrot", 3, True]], EMPTY,
                                             [["turnip", 2, True], [None, 0, False]]))
    assert legal_texts(s) == ["rain 1"]            # not on fertilized plot 2, not on empty plots
    with pytest.raises(RuleViolation) as err:
        s.apply("rain 2")
    assert err.value.rule == "JADV-RAIN-02"
    do(s, "rain 1")
    # P1 (empty) and P2 (only a fertilized plot) get no rain: the event ends
    assert s.decision() == "plant" and s.rain == {0: 0}
    assert s.observation(2).farms[0].plots[0].tokens == ("rain",)
    do(s, "harvest 1")                             # 4 peas + rain = 5 -> 3 coins (2 without rain)
    assert len(s.players[0].coins) == 3


@pytest.mark.rules("JADV-RAIN-03")
def test_rain_is_washed_away_by_the_harvest():
    s = position(players=[{"hand": ["peas", "peas", "peas"], "plots": [["peas", 4, False], [None, 0, False]]}, {},
                          {}], events={"current": "rain", "rain": [[0, 1]]})
    do(s, "harvest 1")
    assert s.rain == {} and len(s.players[0].coins) == 3
    do(s, "plant peas 1")
    assert s.observation(0).farms[0].plots[0].tokens == ()
    assert s._harvest_bonus(0, 0) == 0


# --------------------------------------------------------------- Shopping
@pytest.mark.rules("JADV-SHOP-01", "JADV-SHOP-02")
def test_shopping_day_trades_hand_cards_and_tokens_into_hands():
    s = event_position("shopping", players=[{"hand": ["carrot", "beans"]}, {"hand": ["peas"]}, {"hand": []}])
    assert s.decision() == "shop" and s.current_player() == 0
    legal = s.legal_actions()
    assert legal[0] == Pass() and Shop(1, (14,), (0,), (7,), (1,)) in legal
    plots = [list(pl.plot_count) for pl in s.players]
    do(s, "shop 1 give carrot,token:0 ask peas,token:1")
    assert s.decision() == "shop-reply" and s.current_player() == 1
    assert s.observation(2).extra("shop_offer") == (0, Shop(1, (14,), (0,), (7,), (1,)))
    do(s, "accept 0")
    assert s.players[0].hand_list() == [7, 15] and s.players[1].hand_list() == [14]
    assert s.players[0].tokens == [1] and s.players[1].tokens == [0]
    assert [list(pl.plot_count) for pl in s.players] == plots    # traded cards are not planted
    assert s.decision() == "shop" and s.current_player() == 1   # each player proposes once, in seat order
    do(s, "pass", "pass")
    assert s.decision() == "plant"


@pytest.mark.rules("JADV-SHOP-02")
def test_shopping_day_proposals_are_a_complete_lazy_sequence():
    s = event_position("shopping", players=[{"hand": ["carrot", "carrot", "beans"]}, {"hand": ["peas"]},
                                            {"hand": []}])
    legal = s.legal_actions()
    space = ShopSpace([(1, (1,)), (2, (2,))], s.players[0].hand, (0,), s.products, s.max_ask)
    assert len(legal) == 1 + len(space)
    # the sequence enumerates exactly the distinct proposals it claims to contain
    items = [legal[i] for i in range(1, len(legal))]
    assert len(set(items)) == len(items) and all(a in legal for a in items[:500])
    assert Shop(0, (14,)) not in legal and Shop(1, (14, 14, 14)) not in legal and Shop(1) not in legal
    assert b"JalizAdvancedState" not in pickle.dumps(space), "legal actions must not refer to the state"
    with pytest.raises(RuleViolation) as err:
        s.apply("shop 1")
    assert err.value.rule == "JADV-SHOP-02"


@pytest.mark.rules("JADV-SHOP-03")
def test_a_proposal_asking_for_missing_cards_can_only_be_refused():
    s = event_position("shopping", players=[{"hand": ["carrot"]}, {"hand": ["peas"]}, {"hand": []}])
    do(s, "shop 1 give carrot ask turnip")
    assert legal_texts(s) == ["refuse"]
    with pytest.raises(RuleViolation) as err:
        s.apply("accept 0")
    assert err.value.rule == "JADV-SHOP-03"
    do(s, "refuse")
    assert s.players[0].hand_list() == [14] and s.current_player() == 1


# ----------------------------------------------------------- Model Farmer
@pytest.mark.rules("JADV-MODEL-01", "JADV-END-01", "JADV-MODEL-03")
def test_model_farmer_goes_to_the_longest_plot_and_scores_one_coin():
    s = event_position("model-farmer", players=farms([["carrot", 3, False], ["peas", 2, False]],
                                                     [["turnip", 5, False], [None, 0, False]], EMPTY))
    assert s.model_farmer == [0, 1, 0] and s.score_of(1) == 1
    assert s.observation(None).farms[1].extras == (("model_farmer", 1),)
    assert "model-farmer" not in s.event_discard and s.event_card_total() == 22
    assert s.decision() == "plant"


@pytest.mark.rules("JADV-MODEL-01")
def test_model_farmer_needs_at_least_three_cards():
    s = event_position("model-farmer", players=farms([["carrot", 2, False], ["peas", 2, False]], EMPTY, EMPTY))
    assert s.model_farmer == [0, 0, 0] and "model-farmer" in s.event_discard


@pytest.mark.rules("JADV-MODEL-02")
@pytest.mark.parametrize("p0,p1,winner", [
    ([5, 3], [5, 2], 0),       # tie on 5: the longer other plot wins
    ([5, 0], [5, 1], 1),
    ([5, 3], [5, 3], None),    # still tied: nobody
    ([4, 4], [5, 0], 1),
])
def test_model_farmer_ties(p0, p1, winner):
    def plots(counts):
        names = ["carrot", "peas"]
        return [[names[i] if c else None, c, False] for i, c in enumerate(counts)]
    s = event_position("model-farmer", players=farms(plots(p0), plots(p1), EMPTY))
    assert s.model_farmer_winner() is None or True
    expected = [0, 0, 0]
    if winner is not None:
        expected[winner] = 1
    assert s.model_farmer == expected


# ------------------------------------------------------------------ Thief
@pytest.mark.rules("JADV-THIEF-01", "JADV-R-LEFTRIGHT", "JADV-R-ORDER")
def test_thief_steals_from_the_right_neighbour_in_seat_order():
    # P0 robs P2 (right of P0), then P1 robs P0, then P2 robs P1: the single carrot goes round
    s = event_position("thief", players=[{"hand": []}, {"hand": []}, {"hand": ["carrot"]}])
    thefts = [(e.player, e.data["victim"], e.secret["card"]) for e in s.log if e.kind == "thief"]
    assert thefts == [(0, 2, 14), (1, 0, 14), (2, 1, 14)]
    assert [pl.hand_size for pl in s.players] == [0, 0, 1]
    e = next(e for e in s.log if e.kind == "thief")
    assert e.visible_to == (0, 2) and e.seen_by(1).secret is None   # only thief and victim see the card


@pytest.mark.rules("JADV-THIEF-01", "JADV-EVENT-06")
def test_thief_finds_nothing_in_an_empty_hand():
    s = event_position("thief", players=[{"hand": ["peas"]}, {"hand": []}, {"hand": []}])
    # P0 robs P2 (empty), P1 robs P0 (the pea), P2 robs P1 (the pea)
    assert [pl.hand_size for pl in s.players] == [0, 0, 1]
    assert [e.player for e in s.log if e.kind == "event-skip"] == [0]


# -------------------------------------------------------------------- Tax
@pytest.mark.rules("JADV-TAX-01", "JAL-R-PAYMENT", "JADV-EVENT-02")
def test_tax_takes_one_coin_from_everyone_who_has_one():
    s = event_position("tax", players=[{"hand": ["beans"], "coins": ["carrot", "peas"]}, {"coins": 0},
                                       {"coins": ["turnip"]}])
    assert [len(pl.coins) for pl in s.players] == [1, 0, 0]
    assert s.players[0].coins == [14] and 7 in s.burned and 13 in s.burned   # the last-earned coin is paid
    do(s, "plant beans 1")
    assert [len(pl.coins) for pl in s.players] == [1, 0, 0]                  # instant: applied once


# -------------------------------------------------------------- Recycling
@pytest.mark.rules("JADV-RECYCLE-01", "JADV-EVENT-06")
def test_recycling_takes_burned_cards_into_hand_in_seat_order():
    s = event_position("recycling", players=HANDS, burned=["carrot", "peas"])
    assert s.decision() == "recycle" and legal_texts(s) == ["recycle peas", "recycle carrot", "pass"]
    do(s, "recycle carrot")
    assert s.players[0].hand_list() == [14, 15] and s.burned == [7]
    with pytest.raises(RuleViolation) as err:
        s.apply("recycle carrot")
    assert err.value.rule == "JADV-RECYCLE-01"
    do(s, "recycle peas")
    assert s.decision() == "plant"     # the pile is empty: P2 has nothing to take
    assert [e.player for e in s.log if e.kind == "event-skip"] == [2]


@pytest.mark.rules("JADV-RECYCLE-01", "JAL-RECEIVE-02")
def test_recycling_has_no_hand_limit():
    s = event_position("recycling", players=[{"hand": ["beans"] * 12}, {}, {}], burned=["carrot"])
    do(s, "recycle carrot")
    assert s.players[0].hand_size == 13


@pytest.mark.rules("JADV-EVENT-06", "JADV-RECYCLE-01")
def test_recycling_with_an_empty_burned_pile_changes_nothing():
    s = event_position("recycling", players=HANDS)
    assert s.decision() == "plant" and s.burned == [] and s.players[0].hand_size == 1


# --------------------------------------------------------------- Breeding
@pytest.mark.rules("JADV-BREED-01", "JADV-R-STACK", "JAL-R-COINCAP")
def test_breeding_adds_a_card_to_every_plot_of_the_product():
    s = event_position("breeding", players=farms([["pepper", 3, True], ["peas", 2, False]],
                                                 [["pepper", 2, True], [None, 0, False]],
                                                 [["carrot", 4, False], [None, 0, False]], EMPTY), n=4)
    assert s.current_player() == 0 and len(s.legal_actions()) == len(s.products)
    with pytest.raises(RuleViolation) as err:
        s.apply("breed cucumber")
    assert err.value.rule == "JADV-BREED-01"
    do(s, "breed pepper")
    assert s.breeding == 6 and s.decision() == "plant"
    assert s.observation(None).farms[1].plots[0].tokens == ("breeding",)
    do(s, "harvest 1")                     # 3 peppers + fertilizer + breeding = 5 -> 3 coins
    assert len(s.players[0].coins) == 3
    assert s._harvest_bonus(1, 0) == 2     # P1: 2 peppers + fertilizer + breeding = 4 -> 3 coins,
    s._harvest(1, 0)                       # capped at the 2 cards harvested (JAL-R-COINCAP)
    assert len(s.players[1].coins) == 2
