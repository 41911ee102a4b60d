"""Checks of JSON read from outside (files, positions): malformed or oversized data is refused with a clear
:class:`~jaliz_learn.core.errors.InvalidPosition` before a game reads it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .errors import InvalidPosition

#: Limits on JSON read from outside (files, positions): deeper or bigger is refused as malformed.
MAX_JSON_DEPTH = 64
MAX_JSON_ITEMS = 2_000_000
_JSON_SCALARS = frozenset({int, float, str, bool, type(None)})
_JSON_CONTAINERS = frozenset({dict, list, tuple})


def check_json_shape(data: Any, what: str = "position") -> None:
    """Refuse data that is not a JSON object, nests deeper than :data:`MAX_JSON_DEPTH` or is huge.

    >>> check_json_shape({"a": [[[]]]})
    >>> check_json_shape([1])
    Traceback (most recent call last):
    ...
    jaliz_learn.core.errors.InvalidPosition: a position must be a JSON object, got list
    """
    if not isinstance(data, Mapping):
        raise InvalidPosition(f"a {what} must be a JSON object, got {type(data).__name__}")
    stack: list[tuple[Any, int]] = [(data, 1)]
    seen = 0
    while stack:
        value, depth = stack.pop()
        # exact types first: an isinstance test against the Mapping ABC costs several times more, and a
        # position read from JSON holds only dicts and lists
        if type(value) is dict or (type(value) is not list and isinstance(value, Mapping)):
            for k in value:
                if type(k) is not str:
                    raise InvalidPosition(f"the {what} has a key that is not a string")
            children: Any = value.values()
        else:
            children = value
        seen += len(children)
        if seen > MAX_JSON_ITEMS:
            raise InvalidPosition(f"the {what} is too large (more than {MAX_JSON_ITEMS:,} values)")
        # only containers go on the stack; the item types are gathered in C first, so a list of plain
        # values (a generator's 625 numbers, a hand) costs no Python-level test per item
        if set(map(type, children)) <= _JSON_SCALARS:
            continue
        nested = [c for c in children if type(c) in _JSON_CONTAINERS
                  or (type(c) not in _JSON_SCALARS and isinstance(c, Mapping | list | tuple))]
        if nested:
            if depth >= MAX_JSON_DEPTH:
                raise InvalidPosition(f"the {what} nests deeper than {MAX_JSON_DEPTH} levels")
            stack.extend((c, depth + 1) for c in nested)


def check_json_keys(data: Mapping[str, Any], required: Sequence[str], what: str) -> None:
    """Raise :class:`InvalidPosition` naming the first missing key."""
    if not isinstance(data, Mapping):
        raise InvalidPosition(f"a {what} must be a JSON object, got {type(data).__name__}")
    for key in required:
        if key not in data:
            raise InvalidPosition(f"the {what} has no {key!r} field")


__all__ = ["MAX_JSON_DEPTH", "MAX_JSON_ITEMS", "check_json_keys", "check_json_shape"]
