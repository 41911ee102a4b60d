"""Checks for values read from outside (positions): each raises :class:`InvalidPosition` naming the field.

>>> check_int(3, "planted", 0, 3)
3
>>> check_int(True, "planted")
Traceback (most recent call last):
...
jaliz_learn.core.errors.InvalidPosition: planted must be an integer, got True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...core.errors import InvalidNotation, InvalidPosition
from . import data as D
from .notation import product

#: Counts above this are refused outright (no Jaliz count comes near it).
MAX_COUNT = 10**6



def check_int(value: Any, field: str, low: int = 0, high: int = MAX_COUNT) -> int:
    """``value`` if it is an integer (not a bool) in ``[low, high]``, else :class:`InvalidPosition` naming ``field``."""
    if type(value) is not int:
        raise InvalidPosition(f"{field} must be an integer, got {_short(value)}")
    if not low <= value <= high:
        raise InvalidPosition(f"{field} must be between {low} and {high}, got {value}")
    return value


def check_bool(value: Any, field: str) -> bool:
    if type(value) is not bool:
        raise InvalidPosition(f"{field} must be true or false, got {_short(value)}")
    return value


def check_list(value: Any, field: str) -> list[Any]:
    if not isinstance(value, list):
        raise InvalidPosition(f"{field} must be a list, got {_short(value)}")
    return value


def check_object(value: Any, field: str, keys: frozenset[str] | None = None) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise InvalidPosition(f"{field} must be an object, got {_short(value)}")
    if keys is not None:
        unknown = sorted(str(k) for k in value if k not in keys)
        if unknown:
            raise InvalidPosition(f"{field} has an unknown key {unknown[0]!r}; known keys: {', '.join(sorted(keys))}")
    return value


def check_player(value: Any, field: str, n: int) -> int:
    return check_int(value, field, 0, n - 1)


def card(value: Any, field: str, products: Sequence[int]) -> int:
    """One product card (a number or a name) that belongs to this game."""
    if type(value) is int and value in D.PRODUCTS:
        c = value
    elif isinstance(value, str) or type(value) is int:
        try:
            c = product(str(value))
        except InvalidNotation as exc:
            raise InvalidPosition(f"{field}: {exc}") from None
    else:
        raise InvalidPosition(f"{field}: a card is a product name or number, got {_short(value)}")
    if c not in products:
        raise InvalidPosition(f"{field}: {D.PRODUCTS[c].name} is not a product of the "
                              f"{_players_for(products)}-player game")
    return c


def _players_for(products: Sequence[int]) -> str:
    return "/".join(str(n) for n, (a, b, _) in D.SETUP_TABLE.items() if tuple(range(a, b + 1)) == tuple(products))


def cards(value: Any, field: str, products: Sequence[int]) -> list[int]:
    items = check_list(value, field)
    if products:  # the fast path: what to_json writes (a plain loop: cheaper than all() over a generator)
        for v in items:
            if type(v) is not int or v not in products:
                break
        else:
            return list(items)
    return [card(v, f"{field}[{i}]", products) for i, v in enumerate(items)]


def _short(value: object, limit: int = 60) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."
