"""Property-based tests over random advanced games, 3-6 players."""

from __future__ import annotations

import json
import random as _stdlib_random  # only to perturb hidden cards in a test, never in the engine

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import jaliz_learn
from jaliz_learn import IllegalAction, RuleViolation
from jaliz_learn.games.jaliz import Buy, Harvest
from jaliz_learn.games.jaliz.data import deck_for
from jaliz_learn.games.jaliz.observation import observe

from ..jaliz.test_properties import perturb_hidden as perturb_standard
from .helpers import GAME, in_event, random_game

players = st.integers(min_value=3, max_value=6)
seeds = st.integers(min_value=0, max_value=10**6)


def check_invariants(state, _step=None, _rng=None):
    n = state.num_players
    assert state.card_total() == len(deck_for(n)), "product cards appeared or vanished (events included)"
    assert state.event_card_total() == sum(state.composition.values()), "event cards appeared or vanished"
    assert sorted(t for pl in state.players for t in pl.tokens) == list(range(n)), "credit tokens changed"
    for pl in state.players:
        assert all(c >= 0 for c in pl.hand)
        for prod, count in zip(pl.plot_product, pl.plot_count):
            assert (prod == 0) == (count == 0)
    # seasonal tokens only lie while their event is the current one (removed at the next reveal)
    assert not state.snow or state.event == "snow"
    assert not state.rain or state.event == "rain"
    assert not state.breeding or state.event == "breeding"
    for p, i in state.rain.items():
        assert state.players[p].plot_count[i] > 0, "rain lies on an empty plot"
    if not in_event(state):
        assert len(state.snow) in (0, n), "every player snows one plot of the right neighbour"



@pytest.mark.rules("JADV-EVENT-03", "JADV-EVENT-01", "JADV-SNOW-02", "JADV-RAIN-03", "JAL-END-02")
@settings(max_examples=12)
@given(n=players, seed=seeds)
def test_conservation_tokens_and_termination(n, seed):
    state = random_game(n, seed, every=check_invariants)
    check_invariants(state)
    assert state.is_over() and state.exhaustions == 3
    rounds = sum(1 for e in state.log if e.kind == "turn" and e.player == 0)
    assert sum(1 for e in state.log if e.kind == "event") == rounds - 1  # JADV-EVENT-01


@pytest.mark.rules("JADV-EVENT-04")
@settings(max_examples=10)
@given(n=players, seed=seeds)
def test_no_harvest_or_purchase_during_events(n, seed):
    seen = []

    def every(state, step, rng):
        if not in_event(state):
            return
        seen.append(state.phase)
        legal = state.legal_actions()
        assert not any(isinstance(legal[i], (Harvest, Buy)) for i in range(min(len(legal), 50)))
        if step % 3 == 0:
            before = state.dumps()
            for action in (Harvest(1), Buy("tractor"), Buy("cards")):
                with pytest.raises(RuleViolation) as err:
                    state.apply(action)
                assert err.value.rule == "JADV-EVENT-04"
            assert state.dumps() == before

    random_game(n, seed, every=every)
    assert seen


@settings(max_examples=10)
@given(n=players, seed=seeds)
def test_json_round_trip_and_replay(n, seed):
    def roundtrip(state, step, rng):
        if rng.randrange(5 if in_event(state) else 80):
            return
        data = json.loads(json.dumps(state.to_json()))
        back = GAME.state_from_json(data)
        assert back.to_json() == data
        a, b = back.legal_actions(), state.legal_actions()
        assert len(a) == len(b) and [a[i] for i in range(min(30, len(a)))] == [b[i] for i in range(min(30, len(b)))]

    state = random_game(n, seed, every=roundtrip)
    again = jaliz_learn.replay(GAME, n, seed, [a for _, a in state.history])
    assert again.dumps() == state.dumps()


def perturb_hidden(state, viewer, seed):
    """Re-deal every card hidden from ``viewer`` (other hands, the deck), keeping sizes; reshuffle the event deck."""
    other = perturb_standard(state, viewer, seed)
    _stdlib_random.Random(seed).shuffle(other.event_deck)
    return other


@pytest.mark.rules("JADV-THIEF-01")
@settings(max_examples=10)
@given(n=players, seed=seeds)
def test_observations_hide_hidden_cards_and_cache_stays_fresh(n, seed):
    def check(state, step, rng):
        if rng.randrange(3 if in_event(state) else 40):
            return
        viewer = rng.randrange(n)
        twin = perturb_hidden(state, viewer, seed + step)
        assert state.observation(viewer) == twin.observation(viewer), "observation depends on hidden cards"
        for v in [*range(n), None]:
            assert observe(state, v, cached=False) == state.observation(v), "stale observation cache"
        for e in state.log.for_viewer(viewer):
            if e.secret is not None:
                assert e.visible_to and viewer in e.visible_to

    random_game(n, seed, every=check)


@settings(max_examples=5)
@given(n=players, seed=seeds)
def test_illegal_actions_rejected_state_unchanged(n, seed):
    from jaliz_learn.games.jaliz import Breed, CrowPick, DroughtOn, Pass, Plant, RainOn, Recycle, Shop, SnowOn

    def inject(state, step, rng):
        if not in_event(state) and step % 37:
            return
        legal = state.legal_actions()
        before = state.dumps()
        cands = [CrowPick(rng.randrange(5)), SnowOn(rng.randrange(5)), DroughtOn(rng.randrange(5)),
                 RainOn(rng.randrange(5)), Breed(rng.choice(range(6, 19))), Recycle(rng.choice(range(6, 19))),
                 Shop(rng.randrange(n), (rng.choice(range(6, 19)),)), Plant(rng.choice(range(6, 19)), 1), Pass()]
        for action in cands:
            if action in legal:
                continue
            with pytest.raises(IllegalAction) as err:
                state.apply(action)
            assert err.value.rule
        assert state.dumps() == before

    random_game(n, seed, every=inject)


def test_random_sweep_small():
    """A modest sweep in CI; the full count is `jaliz-learn sweep jaliz-advanced --games 1000`."""
    for n in range(3, 7):
        for seed in range(5):
            state = random_game(n, 2000 + seed)
            assert state.is_over() and len(state.winners()) >= 1


@pytest.mark.rules("JADV-EVENT-05", "JADV-MODEL-03")
def test_small_event_deck_reshuffles_and_keeps_held_model_farmers():
    game = jaliz_learn.load_game("jaliz-advanced", event_deck="model-farmer=2,snow=1,thief=1")
    reshuffles = 0
    for n in range(3, 7):
        state = random_game(n, 77 + n, game=game, every=lambda s, *_: check_invariants(s))
        reshuffles += state.event_reshuffles
        assert state.event_card_total() == 4
    assert reshuffles > 0
