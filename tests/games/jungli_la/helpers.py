"""Helpers for the Jungli-La tests: scenario positions and a tiny action runner."""

from __future__ import annotations

from typing import Any

import jaliz_learn
from jaliz_learn.games.jungli_la import JungliLaState

GAME = jaliz_learn.load_game("jungli-la")


def position(**data: Any) -> JungliLaState:
    """A scenario position (see JungliLaGame's docstring); ``num_players`` defaults to 2."""
    data.setdefault("num_players", len(data["players"]) if "players" in data else 2)
    st = GAME.state_from_json(data)
    assert isinstance(st, JungliLaState)
    return st


def run(state: JungliLaState, *actions: str) -> JungliLaState:
    for a in actions:
        state.apply(a)
    return state


def kinds(state: JungliLaState, since: int = 0) -> list[str]:
    return [e.kind for e in state.log.since(since)]
