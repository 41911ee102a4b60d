"""The messages between the grader (parent) and the learner's process (child), as JSON data.

The parent keeps the engine, the real state and the grader. For every decision it sends the
child the observation and the legal actions as *data*, and the child answers with an action as
data (its JSON form), as kaggle-environments runs agents. Nothing the child sends is trusted: the
parent reads an answer only with the game's ``action_from_json`` and checks it against the real
legal actions.

Messages are JSON objects, one per line (``json.dumps`` never writes a newline). Values of an
observation are encoded by :class:`Encoder` and rebuilt by :class:`Decoder`:

====================  ==========================================================
JSON                  value
====================  ==========================================================
number, string ...    itself
array                 a tuple (observations hold tuples, never lists)
``{"$": k, "v": x}``  an instance of the class numbered ``k`` (a dataclass, e.g. an
                      observation or an action, with ``x`` its fields; a named tuple
                      with ``x`` its items; an enum with ``x`` its value)
``{"$fs": [...]}``    a frozenset
``{"$m": [[k, v]]}``  a read-only mapping
====================  ==========================================================

Classes are numbered per connection: a message carries ``defs`` (``{number: "module:qualname"}``)
for the classes it uses for the first time, with the module's file when the child cannot import
it by name (e.g. a game defined in a test file).

>>> import jaliz_learn
>>> state = jaliz_learn.load_game("jaliz").initial_state(num_players=3, seed=1)
>>> enc, dec = Encoder(), Decoder()
>>> data = enc.encode(state.observation(0))
>>> dec.define(enc.take_defs())
>>> dec.decode(json.loads(json.dumps(data))) == state.observation(0)
True
"""

from __future__ import annotations

import dataclasses
import enum
import importlib
import importlib.util
import json
import sys
import types
from collections.abc import Mapping
from typing import Any

#: Longest message either side accepts (bytes); a longer one is a protocol violation.
MAX_MESSAGE = 8 * 1024 * 1024
#: Legal-action lists up to this length are sent whole; longer ones are sent as a count and the
#: child asks for pages (and for ``in`` checks) as the bot needs them.
PAGE = 128
#: Of a longer list, the first message carries this many actions (the ones a bot looks at first).
FIRST_PAGE = 16
#: Modules the child imports by name (anything else needs its file sent along).
IMPORTABLE = ("jaliz_learn",)


class ProtocolError(Exception):
    """A message that breaks the protocol (too long, not JSON, wrong shape)."""


def dumps(message: Mapping[str, Any]) -> bytes:
    """One message as a line of bytes."""
    return json.dumps(message, separators=(",", ":"), allow_nan=False).encode("utf-8") + b"\n"


def loads(line: bytes) -> dict[str, Any]:
    """Read one message; anything but a JSON object (or too long, or too deep) is a :class:`ProtocolError`."""
    if len(line) > MAX_MESSAGE:
        raise ProtocolError(f"message of {len(line)} bytes (limit {MAX_MESSAGE})")
    try:
        data = json.loads(line)
    except (ValueError, RecursionError) as exc:
        raise ProtocolError(f"not JSON: {str(exc)[:80]}") from None
    if not isinstance(data, dict) or not isinstance(data.get("op"), str):
        raise ProtocolError("a message must be a JSON object with a string 'op'")
    return data


def _ref(cls: type) -> str:
    return f"{cls.__module__}:{cls.__qualname__}"


class Encoder:
    """Turns observations, actions and their parts into JSON data (see the module docstring)."""

    def __init__(self) -> None:
        self._ids: dict[type, int] = {}
        self._new: dict[str, list[str | None]] = {}
        # parts of observations (a farm, a plot) are immutable and reused from one decision to the next:
        # encode each object once (the memo keeps the object alive, so its id stays its own)
        self._memo: dict[int, tuple[Any, Any]] = {}
        self._fields: dict[type, tuple[str, ...]] = {}

    def _class(self, cls: type) -> int:
        number = self._ids.get(cls)
        if number is None:
            number = self._ids[cls] = len(self._ids)
            module = cls.__module__
            path = None
            if not module.startswith(IMPORTABLE):
                path = getattr(sys.modules.get(module), "__file__", None)
            self._new[str(number)] = [_ref(cls), path]
        return number

    def take_defs(self) -> dict[str, list[str | None]]:
        """The class numbers defined since the last call (to send with the next message)."""
        new, self._new = self._new, {}
        return new

    def encode(self, value: Any, depth: int = 0) -> Any:
        if depth > 32:
            raise TypeError("value nested too deeply to send to the bot's process")
        t = type(value)
        if value is None or t in (bool, int, str, float):
            return value
        if isinstance(value, enum.Enum):
            return {"$": self._class(t), "v": self.encode(value.value, depth + 1)}
        if isinstance(value, tuple):
            if hasattr(t, "_fields"):  # a named tuple
                known = self._memo.get(id(value))
                if known is not None and known[0] is value:
                    return known[1]
                data = {"$": self._class(t), "v": [self.encode(v, depth + 1) for v in value]}
                if len(self._memo) > 50_000:
                    self._memo.clear()
                self._memo[id(value)] = (value, data)
                return data
            return [self.encode(v, depth + 1) for v in value]
        names = self._fields.get(t)
        if names is None and dataclasses.is_dataclass(value) and not isinstance(value, type):
            names = self._fields[t] = tuple(f.name for f in dataclasses.fields(value))
        if names is not None:
            return {"$": self._class(t), "v": {n: self.encode(getattr(value, n), depth + 1) for n in names}}
        if isinstance(value, (frozenset, set)):
            items = [self.encode(v, depth + 1) for v in value]
            return {"$fs": sorted(items, key=lambda x: json.dumps(x, sort_keys=True))}
        if isinstance(value, Mapping):
            return {"$m": [[self.encode(k, depth + 1), self.encode(v, depth + 1)] for k, v in value.items()]}
        if isinstance(value, list):
            return [self.encode(v, depth + 1) for v in value]
        raise TypeError(f"cannot send a {t.__name__} to the bot's process")


class Decoder:
    """Rebuilds values written by :class:`Encoder` (in the child)."""

    def __init__(self) -> None:
        self._classes: dict[int, type] = {}

    def define(self, defs: Mapping[str, Any]) -> None:
        for number, (ref, path) in defs.items():
            self._classes[int(number)] = _resolve(ref, path)

    def decode(self, data: Any) -> Any:
        if isinstance(data, list):
            return tuple(self.decode(v) for v in data)
        if not isinstance(data, dict):
            return data
        if "$" in data:
            cls = self._classes[data["$"]]
            raw = data["v"]
            if issubclass(cls, enum.Enum):
                return cls(self.decode(raw))
            if issubclass(cls, tuple):
                return cls(*[self.decode(v) for v in raw])
            fields = {k: self.decode(v) for k, v in raw.items()}
            fast = getattr(cls, "fast", None)
            if callable(fast):  # observations: frozen dataclasses with a fast constructor
                return fast(**fields)
            return cls(**fields)
        if "$fs" in data:
            return frozenset(self.decode(v) for v in data["$fs"])
        if "$m" in data:
            return types.MappingProxyType({self.decode(k): self.decode(v) for k, v in data["$m"]})
        raise ProtocolError(f"unknown value {str(data)[:60]}")


def _resolve(ref: str, path: str | None) -> type:
    module_name, _, qualname = ref.partition(":")
    module = sys.modules.get(module_name)
    if module is None:
        if path is not None and not module_name.startswith(IMPORTABLE):
            spec = importlib.util.spec_from_file_location(module_name, path)
            if spec is None or spec.loader is None:
                raise ProtocolError(f"cannot load {module_name} from {path}")
            module = importlib.util.module_from_spec(spec)
            sys.modules[module_name] = module
            spec.loader.exec_module(module)
        else:
            module = importlib.import_module(module_name)
    obj: Any = module
    for part in qualname.split("."):
        obj = getattr(obj, part)
    if not isinstance(obj, type):
        raise ProtocolError(f"{ref} is not a class")
    return obj


def action_types_defs(action_types: Mapping[str, type]) -> dict[str, list[str | None]]:
    """The game's ``kind -> class`` table as class references (sent to the child once)."""
    out: dict[str, list[str | None]] = {}
    for kind, cls in action_types.items():
        module = cls.__module__
        path = None if module.startswith(IMPORTABLE) else getattr(sys.modules.get(module), "__file__", None)
        out[kind] = [_ref(cls), path]
    return out


__all__ = ["Decoder", "Encoder", "MAX_MESSAGE", "PAGE", "ProtocolError", "action_types_defs", "dumps", "loads"]
