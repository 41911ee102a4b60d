"""Clones of Nizam and Pearl of the East states: hand-written copies that stay independent."""

from __future__ import annotations

import pytest

import jaliz_learn
from jaliz_learn.bots import RandomBot
from jaliz_learn.core.game import attributes
from jaliz_learn.core.play import seed_bots

GAMES = [("nizam", 1), ("nizam", 3), ("pearl-of-the-east", 2), ("pearl-of-the-east", 5)]


def mid_game(name, players, seed, steps=60):
    game = jaliz_learn.load_game(name)
    state = game.initial_state(num_players=players, seed=seed)
    bots = [RandomBot(i) for i in range(players)]
    seed_bots(bots, seed)
    for _ in range(steps):
        if state.is_over():
            break
        p = state.current_player()
        state.apply(bots[p].act(state.observation(p), state.legal_actions(p)), p)
    return state


def mutable_parts(value, path):
    """Every mutable container reachable from ``value`` (ids with their paths)."""
    if isinstance(value, (list, dict, set)):
        yield id(value), path
        items = value.items() if isinstance(value, dict) else enumerate(value) if not isinstance(value, set) else ()
        for k, v in items:
            yield from mutable_parts(v, f"{path}[{k!r}]")


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_clone_shares_no_mutable_container(name, players):
    state = mid_game(name, players, seed=4)
    clone = state.clone()
    skip = {"game", "rng", "log", "_history"}
    original = {i for k, v in attributes(state).items() if k not in skip for i, _ in mutable_parts(v, k)}
    shared = [p for k, v in attributes(clone).items() if k not in skip for i, p in mutable_parts(v, k) if i in original]
    assert not shared, f"clone shares mutable containers with its original: {shared}"
    assert clone.to_json() == state.to_json()


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_clone_and_original_play_on_independently(name, players):
    state = mid_game(name, players, seed=9)
    before = state.to_json()
    clone = state.clone()
    bots = [RandomBot(i + 10) for i in range(players)]
    for _ in range(80):
        if clone.is_over():
            break
        p = clone.current_player()
        clone.apply(bots[p].act(clone.observation(p), clone.legal_actions(p)), p)
    assert state.to_json() == before, "playing on the clone changed the original"
    after_clone = clone.to_json()
    for _ in range(80):
        if state.is_over():
            break
        p = state.current_player()
        state.apply(bots[p].act(state.observation(p), state.legal_actions(p)), p)
    assert clone.to_json() == after_clone, "playing on the original changed the clone"


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_clone_plays_on_exactly_like_the_original(name, players):
    state = mid_game(name, players, seed=2, steps=30)
    clone = state.clone()
    for st in (state, clone):
        bots = [RandomBot(i) for i in range(players)]
        seed_bots(bots, 77)
        while not st.is_over():
            p = st.current_player()
            st.apply(bots[p].act(st.observation(p), st.legal_actions(p)), p)
    assert clone.to_json() == state.to_json()
