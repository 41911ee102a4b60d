"""Positions of Nizam and Pearl of the East: the compact JSON form and validation of hostile input."""

from __future__ import annotations

import pytest

from jaliz_learn.bots import RandomBot

from .test_nizam_clone import GAMES, mid_game


def play_on(state, seed, steps=200):
    bots = [RandomBot(seed + i) for i in range(state.num_players)]
    for _ in range(steps):
        if state.is_over():
            break
        p = state.current_player()
        state.apply(bots[p].act(state.observation(p), state.legal_actions(p)), p)


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_compact_json_is_a_position_that_plays_on_identically(name, players):
    state = mid_game(name, players, seed=6)
    compact = state.to_json(compact=True)
    assert "log" not in compact and "history" not in compact
    assert set(state.to_json()) - set(compact) == {"log", "history"}
    back = state.game.state_from_json(compact)
    assert back.to_json(compact=True) == compact
    assert len(back.history) == 0 and len(back.log) == 0
    assert back.observation(0) == state.observation(0)
    play_on(state, 3)
    play_on(back, 3)
    assert back.to_json(compact=True) == state.to_json(compact=True)


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_full_json_still_round_trips_with_log_and_history(name, players):
    state = mid_game(name, players, seed=8)
    back = state.game.state_from_json(state.to_json())
    assert back.to_json() == state.to_json()
    assert len(back.history) == len(state.history) > 0
