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

from .errors import InvalidOption, InvalidPosition

T = TypeVar("T")


class Rng:
    """A seeded, serialisable random generator (Mersenne Twister underneath)."""

    __slots__ = ("_r", "seed", "_shared")

    def __init__(self, seed: int) -> None:
        self.seed = check_seed(seed)
        self._r = random.Random(seed)
        self._shared = False

    def clone(self) -> Rng:
        """An independent generator in exactly the same state (for ``State.clone``).

        Copy-on-write: the two share the Mersenne Twister until one of them draws (copying its
        625-word state costs as much as several random-play decisions, and a search tree clones
        many states that never draw).

        >>> a = Rng(3); b = a.clone()
        >>> a.randrange(1000) == b.randrange(1000), a.randrange(1000) == Rng(3).clone().randrange(1000)
        (True, False)
        """
        other = Rng.__new__(Rng)
        other.seed = self.seed
        other._r = self._r
        other._shared = self._shared = True
        return other

    def _own(self) -> random.Random:
        """The generator, copied first if it is still shared with a clone."""
        if self._shared:
            r = random.Random.__new__(random.Random)  # no seeding from the OS: the state is set next
            r.setstate(self._r.getstate())
            self._r = r
            self._shared = False
        return self._r

    def randrange(self, n: int) -> int:
        """A uniform integer in ``range(n)``.

        For a positive ``int`` this is ``random.Random.randrange(n)`` inlined (the same draws, so
        seeded games do not change): bots call it for every decision.
        """
        r = self._own() if self._shared else self._r
        if type(n) is int and n > 0:
            k = n.bit_length()
            getrandbits = r.getrandbits
            x = getrandbits(k)
            while x >= n:
                x = getrandbits(k)
            return x
        return r.randrange(n)

    def randranges(self, n: int, k: int) -> list[int]:
        """``k`` draws of ``randrange(n)`` at once, in order (the same draws): dice rolled together.

        >>> a, b = Rng(5), Rng(5)
        >>> a.randranges(6, 7) == [b.randrange(6) for _ in range(7)]
        True
        """
        if type(n) is not int or n <= 0:
            return [self.randrange(n) for _ in range(k)]
        getrandbits = (self._own() if self._shared else self._r).getrandbits
        bits = n.bit_length()
        out = []
        for _ in range(k):
            x = getrandbits(bits)
            while x >= n:
                x = getrandbits(bits)
            out.append(x)
        return out

    def random(self) -> float:
        return (self._own() if self._shared else self._r).random()

    def choice(self, items: Sequence[T]) -> T:
        return items[(self._own() if self._shared else self._r).randrange(len(items))]

    def shuffle(self, items: MutableSequence[Any]) -> None:
        """Shuffle in place: ``random.Random.shuffle`` inlined (the same Fisher-Yates draws, so seeded games
        do not change), without a Python-level ``_randbelow`` call per item.

        >>> a, b = list(range(52)), list(range(52))
        >>> Rng(9).shuffle(a); random.Random(9).shuffle(b); a == b
        True
        """
        getrandbits = (self._own() if self._shared else self._r).getrandbits
        for i in reversed(range(1, len(items))):
            n = i + 1
            k = n.bit_length()
            j = getrandbits(k)
            while j >= n:
                j = getrandbits(k)
            items[i], items[j] = items[j], items[i]

    def fork(self, label: int) -> Rng:
        """A new independent generator derived from this one (e.g. one per bot)."""
        return Rng(hash_seed(self.seed, label))

    def to_json(self) -> dict[str, Any]:
        version, internal, gauss = self._r.getstate()
        return {"seed": self.seed, "state": [version, list(internal), gauss]}

    @classmethod
    def from_json(cls, data: Any) -> Rng:
        """Read :meth:`to_json` output back; a malformed one raises :class:`InvalidPosition`."""
        if not isinstance(data, dict) or type(data.get("seed")) is not int:
            raise InvalidPosition(f"the rng must be an object with an integer 'seed', got {_short(data)}")
        try:
            seed = check_seed(data["seed"])
        except InvalidOption as exc:
            raise InvalidPosition(f"the rng's {exc}") from None
        state = data.get("state")
        if state is None:
            return cls(seed)
        rng = cls.__new__(cls)  # the state is set below: no need to seed the generator first
        rng.seed, rng._shared, rng._r = seed, False, random.Random.__new__(random.Random)
        try:
            version, internal, gauss = state
            # checked with C-level passes (set, min, max): this runs for every position read back
            if (type(version) is not int or not isinstance(internal, list) or len(internal) != 625
                    or set(map(type, internal)) != {int} or min(internal) < 0 or max(internal[:624]) >= 2**32
                    or internal[624] > 624 or not (gauss is None or type(gauss) is float)):
                raise ValueError
            rng._r.setstate((version, tuple(internal), gauss))
        except (TypeError, ValueError):
            raise InvalidPosition("the rng's 'state' is not a generator state written by to_json") from None
        return rng

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and self._r.getstate() == other._r.getstate()

    def __repr__(self) -> str:
        return f"Rng(seed={self.seed})"


#: Seeds are integers of at most this many bits (a seed is a game's identity, not a payload).
MAX_SEED_BITS = 128


def check_seed(seed: object) -> int:
    """Return ``seed`` if it is a usable seed, else raise :class:`InvalidOption` naming it.

    >>> check_seed(7)
    7
    >>> check_seed("7")
    Traceback (most recent call last):
    ...
    jaliz_learn.core.errors.InvalidOption: seed must be an integer, got '7' (str)
    """
    if type(seed) is not int:
        raise InvalidOption(f"seed must be an integer, got {seed!r} ({type(seed).__name__})")
    if abs(seed).bit_length() > MAX_SEED_BITS:
        raise InvalidOption(f"seed must fit in {MAX_SEED_BITS} bits, got one of {abs(seed).bit_length()} bits")
    return seed


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


def _short(value: object, limit: int = 60) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."
