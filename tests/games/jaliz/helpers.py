"""Scenario helpers for the Jaliz tests: positions written by product name."""

from __future__ import annotations

import jaliz_learn
from jaliz_learn.core.rng import Rng

GAME = jaliz_learn.load_game("jaliz")


def position(n=3, players=None, game=GAME, **fields):
    """A state from a short position; ``players`` is a list of per-player dicts."""
    data = {"num_players": n, "players": players or [{} for _ in range(n)], **fields}
    return game.state_from_json(data)


def do(state, *texts):
    """Apply actions written in notation; returns the state."""
    for t in texts:
        state.apply(t)
    return state


def legal_texts(state):
    acts = state.legal_actions()
    return [str(acts[i]) for i in range(min(len(acts), 200))]


def random_game(n, seed, game=GAME, every=None, max_steps=200_000):
    state = game.initial_state(num_players=n, seed=seed)
    rng = Rng(seed * 7 + 1)
    steps = 0
    while not state.is_over():
        legal = state.legal_actions()
        if every is not None:
            every(state, steps, rng)
        state.apply(legal[rng.randrange(len(legal))])
        steps += 1
        assert steps < max_steps
    return state
