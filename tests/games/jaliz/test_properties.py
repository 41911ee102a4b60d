"""Property-based tests over random legal play for every player count 3-7."""

from __future__ import annotations

import json
import random as _stdlib_random  # only to perturb hidden cards in a test, never in the engine

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import jaliz_learn
from jaliz_learn import IllegalAction
from jaliz_learn.games.jaliz import Accept, Buy, Claim, Done, Give, Harvest, Keep, Offer, Pass, Plant, Refuse
from jaliz_learn.games.jaliz.data import deck_for
from jaliz_learn.games.jaliz.observation import observe

from .helpers import GAME, random_game

players = st.integers(min_value=3, max_value=7)
seeds = st.integers(min_value=0, max_value=10**6)


def check_invariants(state, _step=None, _rng=None):
    n = state.num_players
    assert state.card_total() == len(deck_for(n)), "cards appeared or vanished"
    assert 0 <= state.third_plot_supply <= n and 0 <= state.tractor_supply <= n
    assert 0 <= state.fertilizer_supply <= n + 1
    assert state.third_plot_supply + sum(pl.third_plot for pl in state.players) == n
    assert state.tractor_supply + sum(pl.tractor for pl in state.players) == n
    assert state.fertilizer_supply + sum(sum(pl.plot_fert) for pl in state.players) == n + 1
    tokens = sorted(t for pl in state.players for t in pl.tokens)
    assert tokens == list(range(n)), "credit tokens appeared or vanished"
    for pl in state.players:
        assert all(c >= 0 for c in pl.hand) and len(pl.coins) >= 0
        assert len(pl.plot_count) == (3 if pl.third_plot else 2)
        for prod, count in zip(pl.plot_product, pl.plot_count):
            assert (prod == 0) == (count == 0)
    assert 0 <= state.exhaustions <= 3


@pytest.mark.rules("JAL-SETUP-02", "JAL-BUY-02", "JAL-BUY-03", "JAL-BUY-04", "JAL-CREDIT-03", "JAL-END-02")
@given(n=players, seed=seeds)
def test_conservation_limits_and_termination(n, seed):
    state = random_game(n, seed, every=check_invariants)
    check_invariants(state)
    assert state.is_over() and state.exhaustions == 3


def candidate_actions(state, rng):
    """Well-formed actions of every kind, most of them illegal now."""
    prods = list(range(6, 19))
    n = state.num_players
    return [Plant(rng.choice(prods), rng.randrange(5)), Harvest(rng.randrange(5)), Done(), Pass(), Refuse(),
            Buy(rng.choice(["plot", "tractor", "cards", "fertilizer"]), rng.randrange(4)),
            Keep(rng.choice(prods)), Give(rng.choice(prods), rng.randrange(n + 2) - 1), Accept(rng.randrange(n)),
            Claim(rng.choice(prods)), Offer((rng.choice(prods),), (rng.choice(prods),), (), ())]


@pytest.mark.rules("JAL-PLANT-02", "JAL-MARKET-09", "JAL-BUY-01")
@settings(max_examples=10)
@given(n=players, seed=seeds)
def test_illegal_actions_rejected_state_unchanged(n, seed):
    def inject(state, step, rng):
        if step % 23:
            return
        legal = state.legal_actions()
        before = state.dumps()
        for action in candidate_actions(state, rng):
            if action in legal:
                continue
            with pytest.raises(IllegalAction) as err:
                state.apply(action)
            assert isinstance(err.value, ValueError) and err.value.rule
            assert state.dumps() == before

    random_game(n, seed, every=inject)


@settings(max_examples=10)
@given(n=players, seed=seeds)
def test_json_round_trip_at_random_points(n, seed):
    def roundtrip(state, step, rng):
        if rng.randrange(60):
            return
        data = json.loads(json.dumps(state.to_json()))
        back = GAME.state_from_json(data)
        assert back.to_json() == data
        a, b = back.legal_actions(), state.legal_actions()
        assert len(a) == len(b) and [a[i] for i in range(min(30, len(a)))] == [b[i] for i in range(min(30, len(b)))]

    random_game(n, seed, every=roundtrip)


@given(n=players, seed=seeds)
def test_replay_reproduces_the_log(n, seed):
    state = random_game(n, seed)
    again = jaliz_learn.replay(GAME, n, seed, [a for _, a in state.history])
    assert again.log.to_json() == state.log.to_json()
    assert again.dumps() == state.dumps()


def perturb_hidden(state, viewer, seed):
    """Re-deal every card hidden from ``viewer`` (other hands and the deck), keeping all sizes."""
    other = state.clone()
    pool = list(other.deck)
    for q, pl in enumerate(other.players):
        if q != viewer:
            pool += pl.hand_list()
    r = _stdlib_random.Random(seed)
    r.shuffle(pool)
    for q, pl in enumerate(other.players):
        if q != viewer:
            size = pl.hand_size
            pl.hand = [0] * 19
            for c in pool[:size]:
                pl.hand[c] += 1
            pool = pool[size:]
            other._touch(q)
    other.deck = pool
    return other


@pytest.mark.rules("JAL-R-HAND")
@given(n=players, seed=seeds)
def test_observations_never_reveal_hidden_cards(n, seed):
    def check(state, step, rng):
        if step % 29:
            return
        viewer = rng.randrange(n)
        twin = perturb_hidden(state, viewer, seed + step)
        assert state.observation(viewer) == twin.observation(viewer), "observation depends on hidden cards"
        assert state.observation(None) == twin.observation(None)
        assert observe(state, viewer, cached=False) == state.observation(viewer), "stale observation cache"
        for e in state.log.for_viewer(viewer):
            if e.secret is not None:
                assert e.visible_to and viewer in e.visible_to
        assert state.observation(viewer).hand == tuple(state.players[viewer].hand_list())

    random_game(n, seed, every=check)


def test_full_sweep_small():
    """A modest sweep in CI; the full count is `jaliz-learn sweep jaliz --games 1000`."""
    for n in range(3, 8):
        for seed in range(8):
            state = random_game(n, 1000 + seed)
            assert state.is_over() and len(state.winners()) >= 1
