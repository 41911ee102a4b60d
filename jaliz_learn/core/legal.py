"""Legal-action collections that stay complete without building every action.

Most decisions list a handful of actions in a tuple. Some (a trade offer built
from any number of hand cards) have thousands of combinations; a lazy
sequence keeps them all enumerable: it has a length, supports indexing, ``in``
and iteration, and builds an action only when asked.

>>> acts = ConcatActions([("pass",), range(3)])
>>> len(acts), acts[0], acts[2], 2 in acts, list(acts)
(4, 'pass', 1, True, ['pass', 0, 1, 2])
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, overload


class LazyActions(Sequence[Any]):
    """Base for a large legal-action set that builds the i-th action on demand.

    Subclasses set ``self._len`` and implement ``_build(i)`` (for ``0 <= i < len``)
    and ``__contains__(action)`` (a direct legality test, so ``in`` needs no scan; it is on the
    hot path of every ``apply``, hence no extra call layer).
    Keep only copies of what the decision needs: never a reference to the state.
    """

    __slots__ = ("_len",)
    _len: int

    def _build(self, i: int) -> Any:  # pragma: no cover - abstract
        raise NotImplementedError

    def __contains__(self, item: object) -> bool:  # pragma: no cover - abstract
        raise NotImplementedError(f"{type(self).__name__} must define __contains__ (a scan would be too slow)")

    def __len__(self) -> int:
        return self._len

    @overload
    def __getitem__(self, i: int) -> Any: ...

    @overload
    def __getitem__(self, i: slice) -> list[Any]: ...

    def __getitem__(self, i: int | slice) -> Any:
        if isinstance(i, slice):
            return [self._build(j) for j in range(*i.indices(self._len))]
        if i < 0:
            i += self._len
        if not 0 <= i < self._len:
            raise IndexError("action index out of range")
        return self._build(i)

    def __iter__(self) -> Iterator[Any]:
        for i in range(self._len):
            yield self._build(i)

    def __repr__(self) -> str:
        head = ", ".join(str(self._build(i)) for i in range(min(3, self._len)))
        return f"<{self._len} {type(self).__name__} actions: {head}{', ...' if self._len > 3 else ''}>"


class ConcatActions(LazyActions):
    """The concatenation of several sequences, without copying them."""

    __slots__ = ("_parts",)

    def __init__(self, parts: Sequence[Sequence[Any]]) -> None:
        self._parts = [p for p in parts if len(p)]
        self._len = sum(len(p) for p in self._parts)

    def _build(self, i: int) -> Any:
        for part in self._parts:
            n = len(part)
            if i < n:
                return part[i]
            i -= n
        raise IndexError("action index out of range")  # pragma: no cover

    def __contains__(self, item: object) -> bool:
        return any(item in p for p in self._parts)

    def __iter__(self) -> Iterator[Any]:
        for p in self._parts:
            yield from p

    def __repr__(self) -> str:
        head = ", ".join(str(a) for a in self[:5])
        return f"<{self._len} legal actions: {head}{', ...' if self._len > 5 else ''}>"
