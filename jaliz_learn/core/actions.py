"""Actions: small immutable values with a text notation and a JSON form.

A game defines its actions as frozen dataclasses that subclass :class:`Action`
and set ``kind`` (the JSON tag). ``str(action)`` is the text notation, and the
game's ``parse_action`` reads it back.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True, slots=True)
... class Draw(Action):
...     kind = "draw"
...     count: int
...     def __str__(self) -> str:
...         return f"draw {self.count}"
>>> Draw(3).to_json()
{'type': 'draw', 'count': 3}
>>> action_from_json({'type': 'draw', 'count': 3}, {'draw': Draw})
Draw(count=3)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, ClassVar

from .errors import InvalidNotation


@dataclasses.dataclass(frozen=True, slots=True)
class Action:
    """Base class of every action. Subclasses are frozen dataclasses."""

    kind: ClassVar[str] = "action"

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.kind}
        for f in dataclasses.fields(self):
            out[f.name] = _to_jsonable(getattr(self, f.name))
        return out


def _to_jsonable(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_to_jsonable(v) for v in value]
    return value


def _from_jsonable(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_from_jsonable(v) for v in value)
    return value


def action_from_json(data: Any, types: Mapping[str, type[Action]]) -> Action:
    """Rebuild an action from its JSON form, given the game's ``kind -> class`` table."""
    if not isinstance(data, Mapping) or "type" not in data:
        raise InvalidNotation(f"an action in JSON must be an object with a 'type' key, got {data!r}")
    cls = types.get(data["type"])
    if cls is None:
        raise InvalidNotation(
            f"unknown action type {data['type']!r}; known types: {', '.join(sorted(types))}"
        )
    names = {f.name for f in dataclasses.fields(cls)}
    extra = set(data) - names - {"type"}
    missing = names - set(data)
    if extra or missing:
        raise InvalidNotation(
            f"action {data['type']!r} needs fields {sorted(names)}; "
            f"missing {sorted(missing)}, unexpected {sorted(extra)}"
        )
    try:
        return cls(**{k: _from_jsonable(data[k]) for k in names})
    except (TypeError, ValueError) as exc:
        raise InvalidNotation(f"bad action {data!r}: {exc}") from None
