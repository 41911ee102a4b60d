"""Scenario helpers for the Jaliz advanced-mode tests: positions written by product and event name."""

from __future__ import annotations

import jaliz_learn
from jaliz_learn.games.jaliz.advanced import EVENT_PHASES
from jaliz_learn.games.jaliz.observation import observe

from ..jaliz.helpers import random_game as _random_game

GAME = jaliz_learn.load_game("jaliz-advanced")


def position(n=3, players=None, game=GAME, **fields):
    """A state from a short position; ``players`` is a list of per-player dicts."""
    data = {"num_players": n, "players": players or [{} for _ in range(n)], **fields}
    return game.state_from_json(data)


def event_position(event, n=3, players=None, **fields):
    """A position where ``event`` has just been revealed at the start of seat 0's turn."""
    events = dict(fields.pop("events", {}))
    events["current"] = event
    return position(n, players, phase="event", events=events, **fields)


def do(state, *texts):
    """Apply actions written in notation (checking the observation cache after each); returns the state."""
    for t in texts:
        state.apply(t)
        check_cache(state)
    return state


def legal_texts(state):
    acts = state.legal_actions()
    return [str(acts[i]) for i in range(min(len(acts), 200))]


def check_cache(state):
    """Cached observations must equal freshly built ones (JAL observation cache + _touch)."""
    for viewer in [*range(state.num_players), None]:
        assert observe(state, viewer, cached=False) == state.observation(viewer), "stale observation cache"


def in_event(state):
    return state.phase in EVENT_PHASES


def random_game(n, seed, game=GAME, every=None, max_steps=200_000):
    """A random legal playout of the advanced game (the standard helper with another default game)."""
    return _random_game(n, seed, game=game, every=every, max_steps=max_steps)
