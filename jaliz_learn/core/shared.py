"""An append-only list whose copies share their common past (for a cheap ``State.clone``).

A game's event log and action history only ever grow. Copying them on every ``clone()`` made a
clone's cost grow with the length of the game. :class:`SharedList` freezes what it holds into an
immutable chain of tuples when it is forked; the fork and the original then share that chain and
each appends to a tail of its own. A fork costs the length of the tail written since the last
fork (each item is frozen once), not the length of the list.

>>> a = SharedList([1, 2])
>>> b = a.fork()
>>> a.append(3); b.append(30)
>>> list(a), list(b), len(a), b[-1], a.since(2)
([1, 2, 3], [1, 2, 30], 3, 30, [3])
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any, Generic, TypeVar, overload

T = TypeVar("T")

# A frozen chain node: (parent node or None, the items frozen at that fork, total length up to here).
_Node = tuple[Any, tuple[Any, ...], int]


class SharedList(Generic[T]):
    """Append-only sequence with an O(1)-amortised :meth:`fork`."""

    __slots__ = ("_node", "_base", "_tail", "_flat")

    def __init__(self, items: Iterable[T] = ()) -> None:
        self._node: _Node | None = None
        self._base = 0  # number of items in the frozen chain
        self._tail: list[T] = list(items)
        self._flat: tuple[T, ...] | None = None  # cached flattening of the frozen chain

    def append(self, item: T) -> None:
        self._tail.append(item)

    def fork(self) -> SharedList[T]:
        """An independent copy that shares everything written so far."""
        if self._tail:
            self._base += len(self._tail)
            self._node = (self._node, tuple(self._tail), self._base)
            self._tail = []
            self._flat = None
        other: SharedList[T] = SharedList.__new__(SharedList)
        other._node = self._node
        other._base = self._base
        other._tail = []
        other._flat = self._flat
        return other

    def _frozen(self) -> tuple[T, ...]:
        flat = self._flat
        if flat is None:
            chunks: list[tuple[T, ...]] = []
            node = self._node
            while node is not None:
                chunks.append(node[1])
                node = node[0]
            out: list[T] = []
            for chunk in reversed(chunks):
                out.extend(chunk)
            flat = self._flat = tuple(out)
        return flat

    def __len__(self) -> int:
        return self._base + len(self._tail)

    def __iter__(self) -> Iterator[T]:
        if self._base:
            yield from self._frozen()
        yield from self._tail

    @overload
    def __getitem__(self, i: int) -> T: ...

    @overload
    def __getitem__(self, i: slice) -> list[T]: ...

    def __getitem__(self, i: int | slice) -> Any:
        if isinstance(i, slice):
            return list(self)[i]
        n = len(self)
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError("index out of range")
        if i >= self._base:
            return self._tail[i - self._base]
        return self._frozen()[i]

    def since(self, index: int) -> list[T]:
        """The items from ``index`` on (cheap when they are all in the tail)."""
        if index >= self._base:
            return self._tail[index - self._base:]
        return list(self)[index:]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, SharedList | list | tuple):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"SharedList({list(self)!r})"
