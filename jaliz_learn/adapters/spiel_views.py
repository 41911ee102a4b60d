"""The views OpenSpiel asks of a state: information states (string and tensor), observers and win returns.

Split from :mod:`.openspiel` (which re-exports them); they read an :class:`~jaliz_learn.adapters.rl.RLState`.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np

from .rl import RLState
from .tensors import observation_string


def win_returns(winners: tuple[int, ...], n: int) -> list[float]:
    """Zero-sum utilities in [-1, 1]: ``(n * share - 1) / (n - 1)`` where ``share`` is ``1 / k`` for each of ``k``
    winners and 0 for the others.

    >>> win_returns((1,), 3), win_returns((0, 1), 2)
    ([-0.5, 1.0, -0.5], [0.0, 0.0])
    """
    return [(n * (1.0 / len(winners) if p in winners else 0.0) - 1.0) / (n - 1) for p in range(n)]


def information_state_string(rl: RLState, player: int) -> str:
    """What ``player`` has seen, in order: every event of the log as they saw it, their observation now and the
    action they are building (perfect recall)."""
    lines = [f"player {player}"]
    for e in rl.state.log.for_viewer(player):
        lines.append(json.dumps([e.kind, e.player, e.data, e.secret], sort_keys=True, separators=(",", ":"),
                                default=str))
    lines.append(observation_string(rl.state.observation(player)))
    b = rl.builder
    if b is not None and player == rl.current_player():
        lines.append(f"building {b.spec.cls.__name__} {b.start} {sorted(b.fields.items())} part {b.part}")
    return "\n".join(lines)


def information_state_tensor(rl: RLState, player: int) -> np.ndarray:
    """The observation tensor of ``player`` followed by how often they took each action id (a composite action
    counts at its start id)."""
    enc = rl.encoding
    taken = np.zeros(enc.num_distinct_actions, np.float32)
    for who, action in rl.state.history:
        if who == player:
            if enc.is_composite(action):
                spec = enc.composite_of[type(action)]
                taken[enc.start_id(spec.cls, tuple(getattr(action, f) for f in spec.scalars))] += 1.0
            else:
                taken[enc.action_id(action)] += 1.0
    return np.concatenate([rl.observation_tensor(player), taken])


class InfoStateObserver:
    """The perfect-recall PyObserver: :func:`information_state_tensor` and :func:`information_state_string`."""

    def __init__(self, size: int) -> None:
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"info_state": self.tensor}

    def set_from(self, state: Any, player: int) -> None:
        self.tensor[:] = state.information_state_tensor(player)

    def string_from(self, state: Any, player: int) -> str:
        return str(state.information_state_string(player))


class Observer:
    """The PyObserver of every jaliz_learn game: the RL tensor and the observation's text."""

    def __init__(self, size: int) -> None:
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: Any, player: int) -> None:
        self.tensor[:] = state.rl.observation_tensor(player) if state.dealt else 0.0

    def string_from(self, state: Any, player: int) -> str:
        return observation_string(state.rl.state.observation(player)) if state.dealt else "before the deal"
