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
import types as _pytypes
import typing
from collections.abc import Callable, Mapping
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
    """Rebuild an action from its JSON form, given the game's ``kind -> class`` table.

    Every field must have exactly its declared type (``1.0`` or ``true`` is not an integer).

    >>> from jaliz_learn.games.jaliz.actions import Plant
    >>> action_from_json({"type": "plant", "product": 1.0, "plot": 1}, {"plant": Plant})
    Traceback (most recent call last):
    ...
    jaliz_learn.core.errors.InvalidNotation: action 'plant': field 'product' must be int, got 1.0 (float)
    """
    if not isinstance(data, Mapping) or type(data.get("type")) is not str:
        raise InvalidNotation(f"an action in JSON must be an object with a string 'type', got {_short(data)}")
    cls = types.get(data["type"])
    if cls is None:
        raise InvalidNotation(
            f"unknown action type {_short(data['type'])}; known types: {', '.join(sorted(types))}"
        )
    names = {f.name for f in dataclasses.fields(cls)}
    extra = set(data) - names - {"type"}
    missing = {f.name for f in dataclasses.fields(cls)
               if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING} - set(data)
    if extra or missing:
        raise InvalidNotation(
            f"action {data['type']!r} needs fields {sorted(names)}; "
            f"missing {sorted(missing)}, unexpected {sorted(map(str, extra))}"
        )
    try:
        action = cls(**{k: _from_jsonable(data[k]) for k in names if k in data})
    except (TypeError, ValueError, RecursionError) as exc:
        raise InvalidNotation(f"bad action {_short(data)}: {exc}") from None
    check_action_fields(action)
    return action


# ---- exact checking ---------------------------------------------------------------------------
# An action is legal only if it is of the exact class and has exactly the declared field types of a
# legal action: a subclass with a permissive __eq__, or Plant(p, 1.0) which compares equal to
# Plant(p, 1), must never get past the legality check (issue: trustworthy grading).

_Check = Callable[[Any], bool]
_CHECKERS: dict[type, tuple[tuple[str, _Check, str], ...]] = {}
_PLAIN = (int, str, bool, type(None))


def _is_plain(v: Any, depth: int = 0) -> bool:
    t = type(v)
    if t in _PLAIN:
        return True
    if (t is tuple or t is frozenset) and depth < 8:
        return all(_is_plain(x, depth + 1) for x in v)
    return False


def _checker_for(hint: Any) -> tuple[_Check, str]:
    """A predicate accepting exactly the values of the type ``hint`` (int, str, tuple[int, ...] ...)."""
    if hint in (int, str, bool, float):
        return (lambda v, t=hint: type(v) is t), hint.__name__
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, _pytypes.UnionType):
        parts = [_checker_for(a) for a in args]
        return (lambda v: any(c(v) for c, _ in parts)), " or ".join(n for _, n in parts)
    if hint is type(None):
        return (lambda v: v is None), "None"
    if origin in (tuple, frozenset):
        if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
            inner, name = _checker_for(args[0])
            return (lambda v: type(v) is tuple and all(inner(x) for x in v)), f"tuple of {name}"
        if origin is tuple and args:
            items = [_checker_for(a) for a in args]
            return ((lambda v: type(v) is tuple and len(v) == len(items)
                     and all(c(x) for (c, _), x in zip(items, v))), f"tuple of {len(items)}")
        if origin is frozenset and args:
            inner, name = _checker_for(args[0])
            return (lambda v: type(v) is frozenset and all(inner(x) for x in v)), f"frozenset of {name}"
    return _is_plain, "plain value"


def _checkers(cls: type) -> tuple[tuple[str, _Check, str], ...]:
    found = _CHECKERS.get(cls)
    if found is None:
        hints = typing.get_type_hints(cls)
        found = _CHECKERS[cls] = tuple(
            (f.name, *_checker_for(hints.get(f.name, Any))) for f in dataclasses.fields(cls)
        )
    return found


def check_action_fields(action: Action) -> None:
    """Raise :class:`InvalidNotation` unless every field of ``action`` has exactly its declared type."""
    for name, ok, expected in _checkers(type(action)):
        value = getattr(action, name)
        if not ok(value):
            raise InvalidNotation(f"action {action.kind!r}: field {name!r} must be {expected}, "
                                  f"got {_short(value)} ({type(value).__name__})")


_FAST: dict[type, Callable[[Any], bool]] = {}
_SCALARS = (int, str, bool, float)


def _compile_fast_check(cls: type) -> Callable[[Any], bool]:
    """One generated function that says whether every field of a ``cls`` action has its exact type.

    ``State.apply`` runs this for every action, so it is straight-line code (``if type(a.f) is not int:
    return False`` ...) rather than a loop over checkers; the slow path builds the error message. A
    ``tuple[int, ...]`` field is checked by a plain loop over its items: for the short tuples of actions
    it is about three times cheaper than gathering the item types in C (``set(map(type, t))``).

    >>> ok = _compile_fast_check(_Example)
    >>> ok(_Example(1, (2, 3))), ok(_Example(1, (2, True))), ok(_Example(1, [2])), ok(_Example(1.0, ()))
    (True, False, False, False)
    """
    hints = typing.get_type_hints(cls)
    env: dict[str, Any] = {}
    body = []
    for i, f in enumerate(dataclasses.fields(cls)):
        hint = hints.get(f.name, Any)
        origin, args = typing.get_origin(hint), typing.get_args(hint)
        if hint in (int, str, bool, float):
            env[f"T{i}"] = hint
            body.append(f"    if type(a.{f.name}) is not T{i}:\n        return False")
        elif origin is tuple and len(args) == 2 and args[1] is Ellipsis and args[0] in _SCALARS:
            env[f"T{i}"] = args[0]
            body.append(f"    v = a.{f.name}\n    if type(v) is not tuple:\n        return False\n"
                        f"    for x in v:\n        if type(x) is not T{i}:\n            return False")
        elif origin in (typing.Union, _pytypes.UnionType) and all(x in _SCALARS or x is type(None) for x in args):
            env[f"S{i}"] = frozenset(args)  # e.g. int | None
            body.append(f"    if type(a.{f.name}) not in S{i}:\n        return False")
        else:
            env[f"P{i}"] = _checker_for(hint)[0]
            body.append(f"    if not P{i}(a.{f.name}):\n        return False")
    source = "def ok(a):\n" + "".join(line + "\n" for line in body) + "    return True\n"
    exec(source, env)  # noqa: S102 - generated from the class's own field names, like dataclasses does
    return env["ok"]  # type: ignore[no-any-return]


@dataclasses.dataclass(frozen=True)
class _Example:
    """An action-like dataclass for the doctest of :func:`_compile_fast_check`."""

    n: int
    cards: tuple[int, ...]


class ActionChecks(dict[type, Callable[[Any], bool]]):
    """Each action class of a game -> its generated field check (see :func:`exact_checks`).

    The checks are functions made by ``exec``, which do not pickle; the table pickles as the recipe that
    rebuilds it (``exact_checks`` of the same classes), so a game holding one pickles whatever its own
    ``__getstate__`` does.
    """

    __slots__ = ("_types",)
    _types: dict[str, type[Action]]

    def __reduce__(self) -> tuple[Any, ...]:
        return exact_checks, (self._types,)


_TABLES: dict[tuple[tuple[str, type], ...], ActionChecks] = {}


def exact_checks(types: Mapping[str, type[Action]]) -> ActionChecks:
    """For a game's ``action_types``: each registered class -> its generated field check.

    ``State.apply`` looks the action's exact class up here (one dict lookup, then one call);
    a class that is missing is not one of the game's actions (:func:`check_exact_action` says why).
    The table is built once per set of classes and survives pickling:

    >>> import pickle
    >>> from jaliz_learn.games.jaliz.actions import Harvest
    >>> ok = exact_checks({"harvest": Harvest})[Harvest]
    >>> ok(Harvest(1)), ok(Harvest(True))
    (True, False)
    >>> pickle.loads(pickle.dumps(exact_checks({"harvest": Harvest}))) is exact_checks({"harvest": Harvest})
    True
    """
    key = tuple(types.items())  # by content: an unpickled game's copy of its mapping finds the same table
    table = _TABLES.get(key)
    if table is None:
        table = ActionChecks()
        table._types = dict(types)
        for kind, cls in key:
            if getattr(cls, "kind", None) == kind:
                fast = _FAST.get(cls)
                if fast is None:
                    fast = _FAST[cls] = _compile_fast_check(cls)
                table[cls] = fast
        _TABLES[key] = table
    return table


def check_exact_action(action: object, types: Mapping[str, type[Action]]) -> None:
    """Raise :class:`InvalidNotation` unless ``action`` is exactly one of the game's action classes.

    >>> from jaliz_learn.games.jaliz.actions import Harvest
    >>> check_exact_action(Harvest(1), {"harvest": Harvest})
    >>> check_exact_action(Harvest(True), {"harvest": Harvest})
    Traceback (most recent call last):
    ...
    jaliz_learn.core.errors.InvalidNotation: action 'harvest': field 'plot' must be int, got True (bool)
    """
    cls = type(action)
    kind = getattr(cls, "kind", None)
    if type(kind) is str and types.get(kind) is cls:
        fast = _FAST.get(cls)
        if fast is None:
            fast = _FAST[cls] = _compile_fast_check(cls)
        if fast(action):
            return
    else:
        raise InvalidNotation(
            f"{_short(action)} is not one of this game's actions ({', '.join(sorted(types))}); "
            "subclasses and look-alikes are refused"
        )
    check_action_fields(action)  # type: ignore[arg-type]


def _short(value: object, limit: int = 80) -> str:
    try:
        text = repr(value)
    except Exception:  # a hostile __repr__ must not hide the real error
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[: limit - 3] + "..."
