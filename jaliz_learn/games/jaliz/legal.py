"""Legal actions kept as plain values: each action object is built fresh when a bot asks for it.

The engine lists a decision's actions as *specs*, tuples ``(ActionClass, *field values)`` of ints and
strings, which nothing can change. :class:`SpecActions` is the sequence a bot receives: it builds a
new action object for every index it is asked for, so no action object is shared between two calls,
two bots, two games or the state, and mutating one (``object.__setattr__``) changes nothing else.
The state checks legality against its own specs, never against objects it handed out.

>>> from .actions import Plant, Done
>>> acts = SpecActions(((Plant, 14, 1), (Done,)))
>>> len(acts), acts[0], acts[0] is acts[0], Plant(14, 1) in acts, Plant(14, 2) in acts
(2, Plant(product=14, plot=1), False, True, False)
>>> spec_of(Plant(14, 1))
(<class 'jaliz_learn.games.jaliz.actions.Plant'>, 14, 1)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from keyword import iskeyword
from typing import Any

from ...core.legal import LazyActions

Spec = tuple[Any, ...]


_SPEC_OF: dict[type, Callable[[Any], Spec]] = {}


def spec_of(action: object) -> Spec:
    """The plain value ``(class, *fields)`` of an action (what the specs hold)."""
    cls = type(action)
    get = _SPEC_OF.get(cls)
    if get is None:
        get = _SPEC_OF[cls] = _spec_getter(cls)
    return get(action)


def _spec_getter(cls: type) -> Callable[[Any], Spec]:
    """``lambda a: (cls, a.f1, a.f2, ...)`` for the class's fields: every action applied is looked up this way."""
    names = getattr(cls, "__match_args__", ())
    if not all(isinstance(n, str) and n.isidentifier() and not iskeyword(n) for n in names):  # pragma: no cover
        return lambda a: (cls, *[getattr(a, n) for n in names])
    env = {"C": cls}
    exec(f"def get(a):\n    return (C, {''.join(f'a.{n}, ' for n in names)})\n", env)  # noqa: S102 - own field names
    return env["get"]  # type: ignore[no-any-return]


class SpecActions(LazyActions):
    """A complete legal-action sequence over immutable specs; actions are built on demand."""

    __slots__ = ("_specs",)

    def __init__(self, specs: tuple[Spec, ...]) -> None:
        self._specs = specs
        self._len = len(specs)

    def _build(self, i: int) -> Any:
        spec = self._specs[i]
        return spec[0](*spec[1:])

    def __getitem__(self, i: Any) -> Any:  # the hot path of a random bot: no extra call layer
        if type(i) is int and 0 <= i < self._len:
            spec = self._specs[i]
            return spec[0](*spec[1:])
        return LazyActions.__getitem__(self, i)

    def __iter__(self) -> Iterator[Any]:
        for spec in self._specs:
            yield spec[0](*spec[1:])

    def __contains__(self, item: object) -> bool:
        return spec_of(item) in self._specs

    def __repr__(self) -> str:
        return f"<{self._len} legal actions: {', '.join(str(a) for a in self[:5])}{', ...' if self._len > 5 else ''}>"
