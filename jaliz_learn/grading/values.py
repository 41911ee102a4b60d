"""Plain values (numbers, exact fractions, strings, tuples, dicts) between the grader and the learner's process.

A grader may ask a learner's bot for the result of one of its public methods (an exercise that
checks computed numbers, e.g. exact probabilities). The answer crosses the process boundary as
JSON: :func:`to_plain` in the learner's process, :func:`from_plain` in the grader's. Exact
fractions stay exact, a float stays a float (so a grader can say "return a Fraction, not a float"),
and anything else arrives as an :class:`Opaque` naming its type. Nothing received is trusted:
:func:`from_plain` checks the shape, the nesting depth and the size.

>>> import json
>>> from fractions import Fraction
>>> value = {(1, 0): Fraction(1, 6), "x": [0.5, None, True]}
>>> from_plain(json.loads(json.dumps(to_plain(value)))) == {(1, 0): Fraction(1, 6), "x": (0.5, None, True)}
True
>>> from_plain(to_plain(object()))
Opaque(type_name='object')
>>> from collections import Counter
>>> from_plain(to_plain(Counter({(1, 0): Fraction(1, 2)})))
{(1, 0): Fraction(1, 2)}
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..core.text import safe_line

#: Deepest nesting and most items a value may have (far beyond what an exercise asks for).
MAX_DEPTH = 12
MAX_ITEMS = 200_000


@dataclass(frozen=True)
class Opaque:
    """A value of a type that does not cross the process boundary (only its type's name does)."""

    type_name: str


class _Budget:
    def __init__(self) -> None:
        self.left = MAX_ITEMS

    def take(self) -> None:
        self.left -= 1
        if self.left < 0:
            raise ValueError(f"the value has more than {MAX_ITEMS} items")


def to_plain(value: Any, depth: int = 0, budget: _Budget | None = None) -> Any:
    """JSON data for ``value`` (runs in the learner's process)."""
    budget = budget or _Budget()
    budget.take()
    if depth > MAX_DEPTH:
        raise ValueError(f"the value is nested more than {MAX_DEPTH} levels deep")
    # subclasses count as their base (a Counter or defaultdict is a dict, a named tuple a tuple), as they
    # would for the same check run in the learner's own kernel
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, str):
        return str(value)
    if isinstance(value, int):
        return {"$int": str(int(value))}  # JSON readers may round big integers; a string never
    if isinstance(value, float):
        return {"$float": repr(float(value))}  # nan and inf are not JSON
    if isinstance(value, Fraction):
        return {"$frac": [str(value.numerator), str(value.denominator)]}
    if isinstance(value, (tuple, list)):
        return {"$seq": [to_plain(v, depth + 1, budget) for v in value]}
    if isinstance(value, dict):
        return {"$dict": [[to_plain(k, depth + 1, budget), to_plain(v, depth + 1, budget)] for k, v in value.items()]}
    return {"$opaque": type(value).__name__[:80]}


def _int(text: Any) -> int:
    if type(text) is not str or len(text) > 4000:
        raise ValueError("not an integer")
    return int(text)


def from_plain(data: Any, depth: int = 0, budget: _Budget | None = None) -> Any:
    """The value :func:`to_plain` encoded (runs in the grader; raises ValueError for anything malformed)."""
    budget = budget or _Budget()
    budget.take()
    if depth > MAX_DEPTH:
        raise ValueError("nested too deeply")
    if data is None or type(data) in (bool, str):
        return data
    if type(data) is not dict or len(data) != 1:
        raise ValueError("not a plain value")
    ((tag, body),) = data.items()
    if tag == "$int":
        return _int(body)
    if tag == "$float":
        if type(body) is not str or len(body) > 40:
            raise ValueError("not a float")
        return float(body)
    if tag == "$frac":
        if type(body) is not list or len(body) != 2:
            raise ValueError("not a fraction")
        return Fraction(_int(body[0]), _int(body[1]))
    if tag == "$seq" and type(body) is list:
        return tuple(from_plain(v, depth + 1, budget) for v in body)
    if tag == "$dict" and type(body) is list:
        out = {}
        for pair in body:
            if type(pair) is not list or len(pair) != 2:
                raise ValueError("not a key-value pair")
            key = from_plain(pair[0], depth + 1, budget)
            try:
                hash(key)
            except TypeError:
                raise ValueError("an unhashable key") from None
            out[key] = from_plain(pair[1], depth + 1, budget)
        return out
    if tag == "$opaque" and type(body) is str:
        return Opaque(safe_line(body, limit=80))  # a type's name from the learner's process: shown in reports
    raise ValueError(f"unknown tag {str(tag)[:20]!r}")


def args_to_plain(args: tuple[Any, ...]) -> list[Any]:
    """Arguments of a call, as JSON (tuples stay tuples on the other side)."""
    return [to_plain(a) for a in args]


__all__ = ["MAX_DEPTH", "MAX_ITEMS", "Opaque", "args_to_plain", "from_plain", "to_plain"]
