"""Memos by value for the engines' hot paths: a plain dict read with ``memo.get(key)``, filled through
:func:`remember`, which bounds its size.

The engines keep immutable values (legal-action specs, sorted card tuples, view parts) keyed by the small
tuples they are computed from; the same keys recur across games, but a long-running kernel playing thousands
of games would let such a dict grow without end. A hit costs one dict lookup and no call; only a miss goes
through :func:`remember`.

>>> memo: dict[tuple[int, ...], int] = {}
>>> remember(memo, (1, 2), 3), memo
(3, {(1, 2): 3})
"""

from __future__ import annotations

from typing import TypeVar

K = TypeVar("K")
V = TypeVar("V")

#: A memo past this many entries is emptied before the next one is stored (each game adds a few new keys).
MEMO_LIMIT = 100_000


def remember(memo: dict[K, V], key: K, value: V) -> V:
    """Store ``value`` under ``key`` (emptying ``memo`` first once it holds more than :data:`MEMO_LIMIT`
    entries) and return it.

    >>> memo = {k: k for k in range(MEMO_LIMIT + 1)}
    >>> remember(memo, "new", 1), len(memo)
    (1, 1)
    """
    if len(memo) > MEMO_LIMIT:
        memo.clear()
    memo[key] = value
    return value
