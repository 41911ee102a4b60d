"""Search support for both Jaliz modes: independent clones, compact positions, sampled states."""

from __future__ import annotations

import json

import pytest

import jaliz_learn
from jaliz_learn.core.rng import Rng
from jaliz_learn.games.jaliz.observation import observe

MODES = ("jaliz", "jaliz-advanced")


def advance(state, rng, steps):
    for _ in range(steps):
        if state.is_over():
            break
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    return state


def mid_game(name, n=4, seed=3, steps=120):
    game = jaliz_learn.load_game(name)
    return advance(game.initial_state(num_players=n, seed=seed), Rng(seed), steps)


def fresh_views_match(state):
    """Cached observations equal observations built from scratch (the caches survived the copy)."""
    for viewer in [*range(state.num_players), None]:
        assert observe(state, viewer, cached=False) == state.observation(viewer), "stale observation cache"


@pytest.mark.parametrize("name", MODES)
def test_clone_is_independent_and_keeps_caches_correct(name):
    for seed in (1, 2, 3):
        state = mid_game(name, seed=seed, steps=40 * seed)
        for p in range(state.num_players):  # fill the observation caches before copying
            state.observation(p)
        before = state.to_json()
        copy = state.clone()
        assert copy.to_json() == before
        fresh_views_match(copy)
        rng = Rng(seed)
        for _ in range(60):
            if copy.is_over():
                break
            advance(copy, rng, 1)
            fresh_views_match(copy)
        assert state.to_json() == before, "playing on from the clone changed the original"
        fresh_views_match(state)
        after = copy.to_json()
        advance(state, Rng(seed + 50), 60)
        fresh_views_match(state)
        assert copy.to_json() == after, "playing on from the original changed the clone"
        assert all(a is not b for a, b in zip(state.players, copy.players))


@pytest.mark.parametrize("name", MODES)
def test_compact_position_reads_back_and_plays_on_identically(name):
    game = jaliz_learn.load_game(name)
    state = mid_game(name, seed=4, steps=90)
    compact = state.to_json(compact=True)
    assert "log" not in compact and "history" not in compact and "rng" in compact
    back = game.state_from_json(json.loads(json.dumps(compact)))
    assert back.to_json(compact=True) == compact
    assert len(back.history) == 0 and back.log.turn == state.log.turn
    a, b = state.clone(), back
    advance(a, Rng(9), 200)
    advance(b, Rng(9), 200)
    assert a.to_json(compact=True) == b.to_json(compact=True)


def card_counts(state):
    """Every card of every zone, counted by product (conservation)."""
    from collections import Counter

    c = Counter(state.deck) + Counter(state.burned) + Counter(state.market)
    for _, cards in state.pending:
        c.update(cards)
    for pl in state.players:
        c.update(pl.hand_list())
        c.update(pl.coins)
        for prod, k in zip(pl.plot_product, pl.plot_count):
            if prod:
                c[prod] += k
    return c


@pytest.mark.rules("JAL-R-HAND", "JAL-SETUP-02")
@pytest.mark.parametrize("name", MODES)
def test_sampled_states_match_the_observation_conserve_cards_and_play_on(name):
    game = jaliz_learn.load_game(name)
    for seed in range(6):
        state = mid_game(name, seed=seed, steps=25 + 37 * seed)
        for p in [*range(state.num_players), None]:
            obs = state.observation(p)
            sampled = game.sample_state(obs, Rng(seed * 13 + (p or 0)))
            assert sampled.observation(p) == obs
            assert sampled.observation(None) == state.observation(None)
            assert card_counts(sampled) == card_counts(state), "cards appeared or vanished"
            if p is not None:
                assert sampled.players[p].hand == state.players[p].hand
            assert sampled.seed != state.seed or seed == 0
            advance(sampled, Rng(seed), 100_000)
            assert sampled.is_over()


@pytest.mark.rules("JAL-MARKET-10", "JAL-R-NEGOTIATION")
def test_cards_shown_in_an_offer_stay_known_and_are_kept_by_sampling():
    game = jaliz_learn.load_game("jaliz")
    state = game.state_from_json({"num_players": 3, "players": [{"hand": ["peas"]}, {"hand": ["turnip"] * 2 + [
        "beans"]}, {"hand": ["carrot"]}], "deck": ["tomato", "melon", "pumpkin", "onion"][:3] + ["beans"] * 4})
    state.apply("plant peas 1")
    assert state.decision() == "offer" and state.current_player() == 1
    state.apply(f"offer {state.market[0]} for turnip,turnip")
    obs = state.observation(2)
    assert obs.farms[1].known_hand == (13, 13) and obs.farms[2].known_hand == ()
    for s in range(30):  # P2 does not see P1's hand, but knows two turnips are in it
        sampled = game.sample_state(obs, s)
        assert sampled.players[1].hand[13] >= 2 and sampled.observation(2) == obs
    state.apply("pass")  # P2 passes; P0 accepts: the turnips leave P1's hand in the open
    state.apply("accept 1")
    assert state.observation(2).farms[1].known_hand == ()


def test_known_cards_never_exceed_the_hand_in_random_games():
    for name in MODES:
        game = jaliz_learn.load_game(name)
        for seed in range(4):
            state = game.initial_state(num_players=4, seed=seed)
            rng = Rng(seed)
            while not state.is_over():
                for pl in state.players:
                    assert all(k <= h for k, h in zip(pl.known, pl.hand))
                advance(state, rng, 1)


@pytest.mark.parametrize("name", MODES)
def test_sampling_deals_unseen_cards_uniformly(name):
    """Chi-square: each unseen product lands in another player's hand and on top of the deck as often as its
    share of the unseen pool predicts."""
    from collections import Counter

    from scipy.stats import chisquare

    game = jaliz_learn.load_game(name)
    state = mid_game(name, seed=11, steps=30)
    obs = state.observation(0)
    # the unseen pool: the deck and the other hands, less the cards known to be in those hands
    hidden = Counter(state.deck)
    for q in range(1, 4):
        hidden.update(state.players[q].hand_list())
        hidden.subtract(obs.farms[q].known_hand)
    known1 = Counter(obs.farms[1].known_hand)
    products = sorted(hidden)
    total = sum(hidden.values())
    hand1 = Counter()
    top = Counter()
    samples = 1500
    for s in range(samples):
        t = game.sample_state(obs, Rng(1000 + s))
        hand1.update(t.players[1].hand_list())
        hand1.subtract(known1)
        top[t.deck[-1]] += 1
    size1 = state.players[1].hand_size - sum(known1.values())
    assert size1 > 0
    for observed, per_sample in ((hand1, size1), (top, 1)):
        expected = [samples * per_sample * hidden[c] / total for c in products]
        result = chisquare([observed[c] for c in products], expected)
        assert result.pvalue > 0.001, (observed, expected)


@pytest.mark.parametrize("name", MODES)
def test_caches_per_state_change_match_fresh_computation(name):
    """Observations, legal actions and the current player are cached per state change; they must equal
    what is computed from scratch at every decision of random games."""
    game = jaliz_learn.load_game(name)
    for seed in range(3):
        state = game.initial_state(num_players=4, seed=seed)
        rng = Rng(seed)
        while not state.is_over():
            cur = state.current_player()
            assert cur == state._find_current_player()
            cached = state._specs(cur)
            state._anytime_cache = [None] * state.num_players
            assert cached == state._compute_specs(cur)
            if rng.randrange(4) == 0:
                fresh_views_match(state)
            advance(state, rng, 1)
