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
