"""Each refusal names its rule and says what is wrong (issue 51: these kill the mutants of the rule checks that
survived the scenario tests, see docs/TESTING.md): the rule ID, the words a player reads, and the state unchanged.
"""

from __future__ import annotations

import pytest

from jaliz_learn.core.errors import RuleViolation, WrongPhase

from .helpers import do, position

FILLER = ["beans"] * 6  # bottom of a scenario deck, drawn at the end of the turn


def refused(state, text, cls=RuleViolation):
    """The error ``text`` raises at ``state`` (which it leaves unchanged)."""
    before = state.to_json()
    with pytest.raises(cls) as err:
        state.apply(text)
    assert state.to_json() == before
    return err.value


@pytest.mark.rules("JAL-PLANT-01")
def test_done_before_planting_is_refused_by_the_planting_rule():
    s = position(players=[{"hand": ["peas"]}, {}, {}])
    err = refused(s, "done")
    assert err.rule == "JAL-PLANT-01" and "plant at least one card" in str(err)


@pytest.mark.rules("JAL-SETUP-01", "JAL-BUY-02", "JAL-PLANT-04", "JAL-PLANT-02")
def test_plot_refusals_name_the_plot_rules():
    s = position(players=[{"hand": ["peas", "beans"], "plots": [["carrot", 2, False], ["melon", 1, False]]}, {}, {}])
    assert refused(s, "plant peas 3").rule == "JAL-BUY-02"  # a third plot must be bought
    assert refused(s, "plant peas 4").rule == "JAL-SETUP-01"
    err = refused(s, "plant peas 1")
    assert err.rule == "JAL-PLANT-04"
    assert ": plot 1 holds carrot; only one product per plot (harvest a plot first) [rule" in str(err)
    s2 = position(players=[{"hand": ["peas"], "plots": [["carrot", 2, False], [None, 0, False]]}, {}, {}])
    err = refused(s2, "plant peas 1")
    assert err.rule == "JAL-PLANT-02" and "harvest a plot first" not in str(err)


@pytest.mark.rules("JAL-MARKET-03")
def test_placing_names_the_cards_received():
    s = position(players=[{"hand": ["peas"]}, {}, {}], deck=FILLER + ["turnip", "tomato"])
    do(s, "plant peas 1", "pass", "pass", "refuse", "pass", "pass", "keep turnip")
    err = refused(s, "plant tomato 2")
    assert err.rule == "JAL-MARKET-03" and "you received (turnip)" in str(err) and "not tomato" in str(err)


@pytest.mark.rules("JAL-MARKET-02", "JAL-CREDIT-02")
def test_the_market_refusals_list_the_revealed_cards():
    s = position(players=[{"hand": ["peas"]}, {}, {}], deck=FILLER + ["turnip", "tomato"])
    do(s, "plant peas 1", "pass", "pass")
    err = refused(s, "plant carrot 2", WrongPhase)  # the respond decision takes accept/keep/give/refuse
    assert err.rule == "JAL-MARKET-02"
    err = refused(s, "keep carrot")
    assert err.rule == "JAL-MARKET-02" and "(tomato, turnip)" in str(err)
    assert s._claim_problem(14) == ("JAL-CREDIT-02", "carrot is not among the revealed cards (tomato, turnip)")
    s.market = []
    assert s._market_text() == "(none)"


@pytest.mark.rules("JAL-BUY-02", "JAL-BUY-03", "JAL-BUY-04", "JAL-BUY-05")
def test_purchases_refused_for_an_empty_supply_or_too_few_coins():
    coins = {"coins": ["carrot"] * 5}
    s = position(players=[{"hand": ["peas"], **coins}, {}, {}], supply={"third_plot": 0, "tractor": 0,
                                                                                  "fertilizer": 0})
    assert "): no third plot is left in the supply [rule JAL-BUY-02]" in str(refused(s, "buy plot"))
    assert "): no tractor is left in the supply [rule JAL-BUY-03]" in str(refused(s, "buy tractor"))
    assert "): the fertilizer supply is empty [rule JAL-BUY-04]" in str(refused(s, "buy fertilizer 1"))
    poor = position(players=[{"hand": ["peas"], "coins": []}, {}, {}])
    for text, rule, words in [("buy plot", "JAL-BUY-02", "costs 3 coins; you have 0"),
                              ("buy tractor", "JAL-BUY-03", "costs 2 coins; you have 0"),
                              ("buy fertilizer 1", "JAL-R-FERT", "costs 2 coins; you have 0"),
                              ("buy cards", "JAL-BUY-05", "cost 1 coin; you have 0")]:
        err = refused(poor, text)
        assert err.rule == rule and words in str(err), (text, str(err))


@pytest.mark.rules("JADV-EVENT-04")
def test_no_harvest_or_buy_while_an_event_is_resolved():
    from tests.games.jaliz_advanced.helpers import event_position

    s = event_position("crow", players=[{"plots": [["carrot", 2, False], [None, 0, False]], "coins": ["carrot"] * 4},
                                        {"plots": [["peas", 2, False], [None, 0, False]]},
                                        {"plots": [["beans", 1, False], [None, 0, False]]}])
    s.settle_position()
    assert s.decision() == "crow", s.decision()
    for text in ("harvest 1", "buy tractor"):
        err = refused(s, text)
        assert ": no harvesting or buying while an event is being resolved [rule JADV-EVENT-04]" in str(err)


def _event(events, kind):
    found = [e for e in events if e.kind == kind]
    assert len(found) == 1, (kind, events)
    return found[0]


@pytest.mark.rules("JAL-HARVEST-02", "JAL-BUY-03", "JAL-BUY-04", "JAL-BUY-05", "JAL-PLANT-01", "JAL-CREDIT-02",
                   "JAL-MARKET-05")
def test_the_game_record_says_who_did_what():
    """The log is the game's record (replays, boards, the notebooks): each rule's event names its player and
    what happened, field by field."""
    s = position(players=[{"hand": ["peas", "peas"], "coins": ["carrot"] * 6,
                           "plots": [["carrot", 4, True], [None, 0, False]]}, {}, {}],
                 deck=FILLER + ["turnip", "tomato"])
    harvest = _event(s.apply("harvest 1"), "harvest")
    assert (harvest.player, harvest.data) == (0, {"plot": 1, "card": 14, "cards": 4, "counted": 5, "coins": 2})
    assert _event(s.apply("buy tractor"), "buy")[1:4] == ("buy", 0, {"item": "tractor", "price": 2})
    assert _event(s.apply("buy fertilizer 2"), "buy").data == {"item": "fertilizer", "plot": 2, "price": 2}
    assert _event(s.apply("buy cards"), "buy")[1:4] == ("buy", 0, {"item": "cards", "price": 1})
    plant = _event(s.apply("plant peas 2"), "plant")
    assert (plant.player, plant.data) == (0, {"card": 7, "plot": 2, "from": "hand"})
    # a trade is recorded by the active player (who accepts) with the buyer's offer
    t = position(players=[{"hand": ["peas"]}, {"hand": ["carrot"]}, {}], deck=FILLER + ["turnip", "tomato"])
    do(t, "plant peas 1", "offer tomato for carrot", "pass")
    trade = _event(t.apply("accept 1"), "trade")
    assert (trade.player, trade.data["buyer"], trade.data["want"], trade.data["give"]) == (0, 1, [9], [14])
    # a claim is recorded by the claimer, the token going back to the active player
    c = position(players=[{"hand": ["peas"], "tokens": []}, {"tokens": [0, 1]}, {}], deck=FILLER + ["turnip", "tomato"])
    c.apply("plant peas 1")
    assert c.decision() == "claim" and c.current_player() == 1
    claim = _event(c.apply("claim tomato"), "claim")
    assert (claim.player, claim.data) == (1, {"card": 9, "token_returned_to": 0})
