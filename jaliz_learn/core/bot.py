"""The bot interface every bot may build on: :class:`BaseBot` (a seeded generator of its own) and
:class:`RandomBot`. A bot is any object with ``act(observation, legal_actions) -> action``.

Here in the core, below the games, so that a game's own bots (``games/<game>/bots.py``) build on it without
importing upwards; :mod:`jaliz_learn.bots` re-exports both.

>>> RandomBot(3).act(None, ["a", "b", "c"]) in ("a", "b", "c")
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .rng import Rng


class BaseBot:
    """Convenience base: holds a seeded :class:`Rng` that ``play`` may reseed per game."""

    name = "bot"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def reseed(self, seed: int) -> None:
        self.rng = Rng(seed)

    def act(self, observation: Any, legal_actions: Sequence[Any]) -> Any:  # pragma: no cover
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


class RandomBot(BaseBot):
    """Picks a legal action uniformly at random from its own seeded stream."""

    name = "random"

    def act(self, observation: Any, legal_actions: Sequence[Any]) -> Any:
        return legal_actions[self.rng.randrange(len(legal_actions))]


__all__ = ["BaseBot", "RandomBot"]
