"""Copying a state's attributes for ``State.clone()``: slots and instance dict alike, by a copier generated once
per class (``clone`` is the inner loop of a search)."""

from __future__ import annotations

from typing import Any

_SHARED_ON_CLONE = frozenset({"game", "rng", "log", "_history"})
_IMMUTABLE = (int, float, str, bool, type(None), tuple, frozenset)


def slot_names(cls: type) -> tuple[str, ...]:
    """Every slot a class's instances have, base classes first (``__dict__`` and ``__weakref__`` aside).

    >>> import jaliz_learn
    >>> slot_names(type(jaliz_learn.load_game("nizam").initial_state(num_players=2, seed=1)))[:3]
    ('game', 'num_players', 'seed')
    """
    names: list[str] = []
    for klass in reversed(cls.__mro__):
        declared = klass.__dict__.get("__slots__", ())
        for name in (declared,) if isinstance(declared, str) else declared:
            if name not in ("__dict__", "__weakref__") and name not in names:
                names.append(name)
    return tuple(names)


def _has_dict(cls: type) -> bool:
    return cls.__dictoffset__ != 0


def attributes(obj: Any) -> dict[str, Any]:
    """An object's attributes, slots and instance dict alike (``vars`` sees only the dict)."""
    out = {name: getattr(obj, name) for name in slot_names(type(obj)) if hasattr(obj, name)}
    if _has_dict(type(obj)):
        out.update(vars(obj))
    return out


_SLOT_COPIERS: dict[type, Any] = {}


def _slot_copier(cls: type) -> Any:
    """A function ``copy(src, dst)`` assigning every slot of ``cls`` and, if ``cls`` has one, the instance dict's
    items; generated once per class.

    Plain attribute statements run at slot speed; a loop of ``getattr``/``setattr`` costs several times more,
    and ``clone`` is the inner loop of a search. Unset slots stay unset (``AttributeError`` is caught)."""
    names = slot_names(cls)
    lines = ["def copy(src, dst):"]
    if names:
        lines += ["    try:"] + [f"        dst.{name} = src.{name}" for name in names]
        lines += ["    except AttributeError:", "        for name in NAMES:", "            if hasattr(src, name):",
                  "                setattr(dst, name, getattr(src, name))"]
    if _has_dict(cls):
        lines += ["    dst.__dict__.update(src.__dict__)"]
    if len(lines) == 1:
        lines += ["    pass"]
    env: dict[str, Any] = {"NAMES": names}
    exec("\n".join(lines), env)  # noqa: S102 - generated from the class's own slot names, like dataclasses does
    return env["copy"]


__all__ = ["attributes", "slot_names"]
