"""Observation tensors: a declared, documented layout of numbers per game and player count.

A layout is a list of named features; each feature has a fixed size (from the game's data and the player
count) and turns an observation into exactly that many numbers. Counts stay raw counts (not scaled),
one-hot blocks are 0/1, a missing value (``None``) is all zeros. Every layout starts with the same header:
the observer's seat, the player to act (one-hot over the seats) and the decision kind (one-hot over the
game's decision names, plus "other"). ``describe()`` lists the blocks with their offsets.

>>> import jaliz_learn
>>> game = jaliz_learn.load_game("nizam")
>>> state = game.initial_state(num_players=1, seed=1)
>>> layout = tensor_layout(game, 1)
>>> observation_tensor(state.observation(0)).shape == layout.shape
True
>>> layout.describe()[0]
('observer', 0, 5)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache
from typing import Any

import numpy as np

from ..core.game import Game, Observation

FeatureFn = Callable[[Any], Sequence[float]]


def one_hot(value: Any, vocab: Sequence[Any]) -> list[float]:
    """1 at ``value``'s position in ``vocab`` (all zeros for ``None`` or a value not in it)."""
    out = [0.0] * len(vocab)
    i = _index(vocab).get(value) if value is not None else None
    if i is not None:
        out[i] = 1.0
    return out


@lru_cache(maxsize=256)
def _index(vocab: Sequence[Any]) -> dict[Any, int]:
    return {v: i for i, v in enumerate(vocab)}


def counts(items: Iterable[Any] | None, vocab: Sequence[Any]) -> list[float]:
    """How many times each item of ``vocab`` occurs in ``items`` (``None``: hidden, all zeros)."""
    index = _index(vocab)
    out = [0.0] * len(vocab)
    for item in items or ():
        if item in index:
            out[index[item]] += 1.0
    return out


def padded(values: Iterable[Any] | None, size: int) -> list[float]:
    """Numbers (``None`` -> 0, bool -> 0/1), cut or padded with zeros to ``size``."""
    out = [0.0 if v is None else float(v) for v in values or ()][:size]
    return out + [0.0] * (size - len(out))


class TensorLayout:
    """The features of one game at one player count; ``encode(obs)`` gives a float32 vector."""

    def __init__(self, game: str, num_players: int, max_players: int, decisions: Sequence[str],
                 features: Sequence[tuple[str, int, FeatureFn]], *, bound: float = 1.0) -> None:
        self.game, self.num_players = game, num_players
        #: no number of a feature exceeds this in absolute value (the game's data: its largest count, score or
        #: number of decisions; the one-hot header blocks are 0/1)
        self.bound = float(bound)
        dec = (*decisions, "other")
        header: list[tuple[str, int, FeatureFn]] = [
            ("observer", max_players, lambda o: one_hot(o.player, range(max_players))),
            ("current_player", max_players, lambda o: one_hot(o.current_player, range(max_players))),
            ("decision", len(dec), lambda o: one_hot(o.decision if o.decision in dec[:-1] else "other", dec)),
        ]
        self.features = (*header, *features)
        self.size = sum(size for _, size, _ in self.features)
        self.shape = (self.size,)

    def bounds(self) -> tuple[np.ndarray, np.ndarray]:
        """``(low, high)`` of every number, finite: 0/1 for the header's one-hot blocks, ``[-bound, bound]`` else
        (Gymnasium's and PettingZoo's ``Box`` bounds; a test checks random games stay inside)."""
        low = np.full(self.size, -self.bound, np.float32)
        high = np.full(self.size, self.bound, np.float32)
        header = sum(size for _, size, _ in self.features[:3])
        low[:header], high[:header] = 0.0, 1.0
        return low, high

    def describe(self) -> list[tuple[str, int, int]]:
        """``(name, offset, size)`` of every block, in order."""
        out, offset = [], 0
        for name, size, _ in self.features:
            out.append((name, offset, size))
            offset += size
        return out

    def encode(self, obs: Observation) -> np.ndarray:
        values: list[float] = []
        for name, size, fn in self.features:
            part = fn(obs)
            if len(part) != size:
                raise ValueError(f"{self.game}: feature {name!r} gave {len(part)} numbers, declared {size}")
            values.extend(part)
        return np.asarray(values, dtype=np.float32)


_LAYOUTS: dict[tuple[str, tuple[tuple[str, str], ...], int], TensorLayout] = {}


def tensor_layout(game: Game, num_players: int) -> TensorLayout:
    """The layout of ``game``'s observation tensors for ``num_players`` players."""
    from .encoding import game_module

    key = (game.name, tuple(sorted((k, repr(v)) for k, v in game.options.items())), num_players)
    layout = _LAYOUTS.get(key)
    if layout is None:
        game.info.check_players(num_players)
        layout = _LAYOUTS[key] = game_module(game).tensor_layout(game, num_players)
        layout.bound = max(layout.bound, data_bound(game))
    return layout


def data_bound(game: Game) -> float:
    """The largest number an observation of ``game`` can hold, from its declared data: a score, a count of cards
    (at most the decisions of a game, each moving at most a handful) or a turn.

    >>> import jaliz_learn
    >>> data_bound(jaliz_learn.load_game("nizam")) >= 100
    True
    """
    info = game.info
    scores = max((abs(x) for x in info.score_range), default=0.0) if info.score_range else 0.0
    return float(max(scores, info.max_decisions or 0, 1000))


def observation_shape(game: Game, num_players: int) -> tuple[int, ...]:
    """The declared shape of ``observation_tensor`` for ``game`` at ``num_players`` players."""
    return tensor_layout(game, num_players).shape


def observation_tensor(observation: Observation, game: Game | None = None) -> np.ndarray:
    """The observation as a flat float32 vector (layout: :func:`tensor_layout` ``.describe()``)."""
    if game is None:
        game = _default_game(observation.game)
    return tensor_layout(game, observation.num_players).encode(observation)


@lru_cache(maxsize=32)
def _default_game(name: str) -> Game:
    from ..core.registry import load_game

    return load_game(name)


def observation_string(observation: Observation) -> str:
    """A readable one-line-per-field form of the observation (what OpenSpiel calls the observation string)."""
    import dataclasses

    return "\n".join(f"{f.name}: {getattr(observation, f.name)}" for f in dataclasses.fields(observation))
