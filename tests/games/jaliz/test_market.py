"""The market (JAL-MARKET-*), credit tokens (JAL-CREDIT-*) and the negotiation protocol,
with the rulebook's three trading examples."""

from __future__ import annotations

import pytest

from jaliz_learn import RuleViolation
from jaliz_learn.games.jaliz import Offer
from jaliz_learn.games.jaliz.offers import OfferSpace

from .helpers import do, legal_texts, position

FILLER = ["beans"] * 6  # bottom of a scenario deck, drawn at the end of the turn


@pytest.mark.rules("JAL-MARKET-01", "JAL-MARKET-04", "JAL-MARKET-05", "JAL-MARKET-09", "JAL-MARKET-10",
                   "JAL-MARKET-11", "JAL-R-NEGOTIATION", "JAL-R-ASK", "JAL-MARKET-03", "JAL-TURN-01")
def test_rulebook_trading_example_watermelon():
    """Red plants turnip and carrot, reveals turnip + eggplant, keeps the turnip. Green offers a
    carrot for the eggplant (refused), then two turnips and a carrot for the eggplant and red's
    watermelon (accepted); both plant what they receive."""
    red, green = 0, 1
    s = position(players=[{"hand": ["turnip", "carrot", "watermelon"]},
                          {"hand": ["turnip", "turnip", "carrot", "peas"]}, {}],
                 deck=FILLER + ["eggplant", "turnip"])
    do(s, "plant turnip 1", "plant carrot 2")
    assert s.market == [8, 13]  # JAL-MARKET-01: two cards revealed
    assert s.decision() == "offer" and s.current_player() == green
    do(s, "offer eggplant for carrot", "pass")           # green offers, the third player passes
    assert s.decision() == "respond" and s.current_player() == red
    do(s, "keep turnip", "plant turnip 1")                # JAL-MARKET-04: kept and planted at once
    do(s, "refuse")                                        # red does not accept: a second offer round
    assert s.round == 2 and s.current_player() == green
    do(s, "offer eggplant for turnip,turnip,carrot ask watermelon", "pass")
    assert "accept 1" in legal_texts(s)
    do(s, "accept 1")
    # JAL-MARKET-05 / -03: green plants eggplant and watermelon at once, then red the three cards
    assert s.current_player() == green and s.decision() == "place"
    do(s, "plant eggplant 1", "plant watermelon 2")
    assert s.current_player() == red
    do(s, "plant turnip 1", "plant turnip 1", "plant carrot 2")
    r, g = s.players[red], s.players[green]
    assert (r.plot_product, r.plot_count) == ([13, 14], [4, 2])
    assert (g.plot_product, g.plot_count) == ([8, 10], [1, 1])
    assert r.hand[10] == 0 and g.hand[13] == 0 and g.hand[14] == 0
    # the market is done: red received products (JAL-RECEIVE-01) and the turn passed on
    assert s.active == 1 and r.hand_size == 2


@pytest.mark.rules("JAL-CREDIT-01", "JAL-CREDIT-03", "JAL-CREDIT-04", "JAL-MARKET-05")
def test_rulebook_credit_token_example():
    """Yellow reveals red pepper + tomato. Red offers a carrot and its own credit token for the
    tomato; green offers a token it got earlier for the pepper. Yellow accepts both."""
    yellow, red, green = 0, 1, 2
    s = position(n=4, players=[{"hand": ["pumpkin", "carrot"]}, {"hand": ["carrot"], "tokens": [1]},
                               {"hand": [], "tokens": [2, 3]}, {"tokens": []}],
                 deck=FILLER + ["tomato", "pepper"])
    do(s, "plant pumpkin 1", "plant carrot 2")
    do(s, "offer tomato for carrot,token:1", "offer pepper for token:3", "pass")
    do(s, "accept 1", "plant tomato 1", "plant carrot 2")
    do(s, "accept 2", "plant pepper 1")
    assert s.players[yellow].tokens == [0, 1, 3]
    assert s.players[red].tokens == [] and s.players[green].tokens == [2]
    assert s.players[red].plot_product[0] == 9 and s.players[green].plot_product[0] == 6
    # JAL-CREDIT-04: tokens are worth nothing
    assert s.score_of(yellow) == 0


@pytest.mark.rules("JAL-CREDIT-02")
def test_rulebook_priority_claim_example():
    """The active player reveals carrot + watermelon; the holder of the active player's credit
    token takes the carrot first and returns the token."""
    s = position(players=[{"hand": ["melon"], "tokens": []}, {}, {"tokens": [0, 2]}],
                 deck=FILLER + ["watermelon", "carrot"])
    do(s, "plant melon 1")  # the hand is empty now: the market starts by itself
    assert s.decision() == "claim" and s.current_player() == 2
    assert legal_texts(s) == ["claim watermelon", "claim carrot", "pass"]
    do(s, "claim carrot", "plant carrot 1")
    assert s.players[0].tokens == [0] and s.players[2].tokens == [2]
    assert s.market == [10] and s.decision() == "offer"
    with pytest.raises(RuleViolation):  # the carrot is gone even if the active player wanted it
        do(s, "pass", "pass", "keep carrot")


@pytest.mark.rules("JAL-MARKET-06", "JAL-R-GIFT", "JAL-MARKET-02")
def test_gift_must_be_planted_by_the_receiver():
    s = position(players=[{"hand": ["peas"]}, {"plots": [["carrot", 3, False], ["beans", 4, False]]}, {}],
                 deck=FILLER + ["turnip", "tomato"])
    do(s, "plant peas 1", "pass", "pass", "give tomato to 1")
    # the receiver cannot refuse: with full plots they must harvest first (JAL-MARKET-08)
    assert s.current_player() == 1 and s.decision() == "place"
    assert not any(t.startswith("plant") for t in legal_texts(s))
    do(s, "harvest 1", "plant tomato 1")
    assert s.players[1].plot_product == [9, 15]
    with pytest.raises(RuleViolation) as err:
        s.apply("give tomato to 2")
    assert err.value.rule == "JAL-MARKET-02"


@pytest.mark.rules("JAL-MARKET-07", "JAL-R-NEGOTIATION")
def test_last_round_leaves_keep_give_or_accept():
    s = position(players=[{"hand": ["peas"]}, {}, {}], deck=FILLER + ["turnip", "tomato"])
    do(s, "plant peas 1", "pass", "pass", "refuse", "pass", "pass")
    assert s.round == 2 and "refuse" not in legal_texts(s)
    with pytest.raises(RuleViolation) as err:
        s.apply("refuse")
    assert err.value.rule == "JAL-MARKET-07"
    do(s, "keep turnip", "plant turnip 2", "keep tomato", "harvest 1", "plant tomato 1")
    assert s.active == 1


@pytest.mark.rules("JAL-MARKET-09", "JAL-MARKET-10", "JAL-CREDIT-01")
def test_offer_errors_name_the_rule():
    s = position(players=[{"hand": ["peas"]}, {"hand": ["carrot"], "tokens": [1]}, {}],
                 deck=FILLER + ["turnip", "tomato"])
    do(s, "plant peas 1")
    before = s.dumps()
    for text, rule in [("offer beans", "JAL-MARKET-09"), ("offer tomato for carrot,carrot", "JAL-MARKET-10"),
                       ("offer tomato for token:2", "JAL-CREDIT-01"), ("offer tomato ask peas,peas,peas", "JAL-R-ASK")]:
        with pytest.raises(RuleViolation) as err:
            s.apply(text)
        assert err.value.rule == rule, text
        assert "Allowed" in str(err.value)
    assert s.dumps() == before


@pytest.mark.rules("JAL-MARKET-11")
def test_accept_needs_the_asked_cards():
    s = position(players=[{"hand": ["peas"]}, {"hand": ["carrot"]}, {}], deck=FILLER + ["turnip", "tomato"])
    do(s, "plant peas 1", "offer tomato for carrot ask melon", "pass")
    assert "accept 1" not in legal_texts(s)
    with pytest.raises(RuleViolation) as err:
        s.apply("accept 1")
    assert err.value.rule == "JAL-MARKET-11"


@pytest.mark.rules("JAL-R-NEGOTIATION", "JAL-MARKET-10")
def test_offer_space_is_complete_and_lazy():
    space = OfferSpace(market=(9, 13), hand=[0] * 7 + [2] + [0] * 6 + [1] + [0] * 4, tokens=(1, 2),
                       products=tuple(range(7, 16)), max_ask=2)
    offers = list(space)
    assert len(offers) == len(space) == len(set(offers))
    assert all(o in space for o in offers[::97])
    assert Offer((9,), (7, 7, 14), (1, 2), (15, 15)) in space
    assert Offer((9,), (7, 7, 7), (), ()) not in space  # only two peas in hand
    assert space[-1] == offers[-1]
