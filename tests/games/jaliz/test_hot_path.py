"""The hot path's shortcuts give the same answers as the full rule checks they stand in for."""

from __future__ import annotations

import pytest

import jaliz_learn
from jaliz_learn.core.rng import Rng
from jaliz_learn.games.jaliz.actions import Offer, Pass
from jaliz_learn.games.jaliz.legal import SpecActions
from jaliz_learn.games.jaliz.offers import OfferSpace, offer_ok, offer_problem


def offer_states(name, games=4, n=4):
    """Positions of random games where a buyer is to make an offer."""
    game = jaliz_learn.load_game(name)
    for seed in range(games):
        state = game.initial_state(num_players=n, seed=seed)
        rng = Rng(seed)
        while not state.is_over():
            legal = state.legal_actions()
            if state.decision() == "offer" and state.market:  # the offers are listed after pass/harvest/buy
                yield state, rng
            state.apply(legal[rng.randrange(len(legal))])


def random_tuple(rng, low, high, most=4):
    return tuple(low + rng.randrange(high - low) for _ in range(rng.randrange(most + 1)))


@pytest.mark.rules("JAL-R-NEGOTIATION", "JAL-MARKET-09", "JAL-MARKET-10", "JAL-CREDIT-01", "JAL-R-ASK")
@pytest.mark.parametrize("name", ["jaliz", "jaliz-advanced"])
def test_the_fast_offer_check_agrees_with_offer_problem(name):
    seen = {True: 0, False: 0}
    for state, rng in offer_states(name):
        p = state.current_player()
        legal = state.legal_actions()
        for _ in range(12):
            if rng.randrange(2):  # an offer of the legal set, maybe with one field disturbed
                offer = legal[rng.randrange(len(legal) - 1) + 1] if len(legal) > 1 else Offer((7,))
                if not isinstance(offer, Offer):
                    continue
                if rng.randrange(2):
                    field = ("want", "give", "tokens", "ask")[rng.randrange(4)]
                    value = tuple(reversed(random_tuple(rng, -1, 20))) if rng.randrange(2) else \
                        tuple(sorted(random_tuple(rng, 0, 19, 6)))
                    parts = {"want": offer.want, "give": offer.give, "tokens": offer.tokens, "ask": offer.ask}
                    parts[field] = value
                    offer = Offer(**parts)
            else:  # anything at all, sorted or not
                offer = Offer(*(random_tuple(rng, -1, 20) for _ in range(4)))
            expected = offer_problem(state, p, offer, making=True) is None
            assert offer_ok(state, p, offer) == expected, offer
            assert (offer in legal) == expected, offer
            seen[expected] += 1
    assert seen[True] > 50 and seen[False] > 50, seen


@pytest.mark.rules("JAL-MARKET-09", "JAL-MARKET-10")
def test_the_fast_offer_check_refuses_odd_gives_and_wants_without_raising():
    """Out-of-range cards before the end of an unsorted give, negative cards, and wants naming every revealed card
    in the wrong order or twice: refused, as offer_problem says, never an IndexError."""
    state = next(s for s, _ in offer_states("jaliz")
                 if len(set(s.market)) == 2 and any(s.players[s.current_player()].hand))
    p = state.current_player()
    pl = state.players[p]
    held = [c for c in range(19) if pl.hand[c]]
    market = tuple(state.market)
    gives = ((20, held[0]), (19,), (-1,), (held[0], -1), (-1, -1), (held[0], 18, 3))
    cases = [Offer(market[:1], give) for give in gives]
    cases += [Offer(tuple(reversed(market))), Offer((market[0],) * len(market))]
    for offer in cases:
        assert offer_problem(state, p, offer, making=True) is not None, offer
        assert offer_ok(state, p, offer) is False, offer


@pytest.mark.rules("JAL-R-NEGOTIATION")
def test_an_offer_decision_lists_its_other_actions_first_then_every_offer():
    space = OfferSpace(market=(9, 13), hand=[0] * 7 + [2] + [0] * 11, tokens=(1,), products=tuple(range(7, 16)),
                       max_ask=1, head=((Pass,),))
    plain = OfferSpace(market=(9, 13), hand=[0] * 7 + [2] + [0] * 11, tokens=(1,), products=tuple(range(7, 16)),
                       max_ask=1)
    assert len(space) == len(plain) + 1
    assert space[0] == Pass() and space[0] is not space[0]
    assert list(space) == [Pass(), *plain]
    assert [space[i] for i in range(len(space))] == list(space)
    assert space[-1] == plain[-1]
    assert Pass() in space and Pass() not in plain and plain[5] in space
    assert list(SpecActions(((Pass,),))) == [Pass()]


@pytest.mark.rules("JAL-END-05", "JADV-END-01")
@pytest.mark.parametrize("name", ["jaliz", "jaliz-advanced"])
def test_farm_views_score_like_the_state(name):
    """Farm views compute the score inline (no call per view); it must stay the state's own score_of."""
    game = jaliz_learn.load_game(name)
    checked = 0
    for seed in range(3):
        state = game.initial_state(num_players=5, seed=seed)
        rng = Rng(seed)
        while not state.is_over():
            if rng.randrange(5) == 0:
                farms = state.observation(None).farms
                assert [f.score for f in farms] == [state.score_of(p) for p in range(state.num_players)]
                assert [f.extras for f in farms] == [state.farm_extras(p) for p in range(state.num_players)]
                assert [[pv.tokens for pv in f.plots] for f in farms] == [
                    [state.plot_tokens(p, i) for i in range(len(f.plots))] for p, f in enumerate(farms)]
                checked += 1
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        assert [f.score for f in state.observation(None).farms] == list(state.scores())
    assert checked > 100


@pytest.mark.parametrize("name", ["jaliz", "jaliz-advanced"])
def test_states_keep_their_attributes_in_slots(name):
    """The state classes declare every attribute as a slot (no instance dict, which CPython 3.11 reads slower
    above 30 keys); a clone carries the mode."""
    from jaliz_learn import load_game

    state = load_game(name).initial_state(num_players=4, seed=3)
    assert not hasattr(state, "__dict__")
    with pytest.raises(AttributeError):
        state.no_such_attribute = 1  # a misspelt attribute fails instead of silently landing in a dict
    copy = state.clone()
    assert copy.mode == type(state).MODE
    assert copy.to_json() == state.to_json()
