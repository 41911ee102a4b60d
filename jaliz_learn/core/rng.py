"""The random generator owned by a game state.

All chance in a game flows through one :class:`Rng` stored in the state, so a
game replays exactly from its seed and its JSON form carries the generator.

>>> r = Rng(7)
>>> a = [r.randrange(6) for _ in range(3)]
>>> r2 = Rng.from_json(Rng(7).to_json())
>>> a == [r2.randrange(6) for _ in range(3)]
True
"""

from __future__ import annotations

import random
from collections.abc import MutableSequence, Sequence
from typing import Any, TypeVar

T = TypeVar("T")


class Rng:
    """A seeded, serialisable random generator (Mersenne Twister underneath)."""

    __slots__ = ("_r", "seed")

    def __init__(self, seed: int) -> None:
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise TypeError(f"seed must be an int, got {seed!r}")
        self.seed = seed
        self._r = random.Random(seed)

    def randrange(self, n: int) -> int:
        """A uniform integer in ``range(n)``."""
        return self._r.randrange(n)

    def random(self) -> float:
        return self._r.random()

    def choice(self, items: Sequence[T]) -> T:
        return items[self._r.randrange(len(items))]

    def shuffle(self, items: MutableSequence[Any]) -> None:
        self._r.shuffle(items)

    def fork(self, label: int) -> Rng:
        """A new independent generator derived from this one (e.g. one per bot)."""
        return Rng(hash_seed(self.seed, label))

    def to_json(self) -> dict[str, Any]:
        version, internal, gauss = self._r.getstate()
        return {"seed": self.seed, "state": [version, list(internal), gauss]}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Rng:
        rng = cls(int(data["seed"]))
        if data.get("state") is not None:
            version, internal, gauss = data["state"]
            rng._r.setstate((version, tuple(internal), gauss))
        return rng

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and self._r.getstate() == other._r.getstate()

    def __repr__(self) -> str:
        return f"Rng(seed={self.seed})"


def hash_seed(seed: int, label: int) -> int:
    """Derive a child seed deterministically (same in every process).

    >>> hash_seed(1, 2) == hash_seed(1, 2) != hash_seed(1, 3)
    True
    """
    x = (seed * 0x9E3779B97F4A7C15 + label * 0xBF58476D1CE4E5B9 + 0x94D049BB133111EB) % (1 << 64)
    x ^= x >> 31
    x = (x * 0xBF58476D1CE4E5B9) % (1 << 64)
    x ^= x >> 29
    return x
