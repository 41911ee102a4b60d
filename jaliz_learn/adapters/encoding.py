"""Fixed action ids per game: the same id means the same action in every state.

Every action class of a game gets a block of ids. A *flat* class lists every value its fields can take
(from the game's data modules and rules: Nizam lines x ends x payments, Jungli-La die faces, ...), so
``action_id`` is the position of the action's field values in that list plus the block's offset.

A class whose values are too many to number (a Jaliz trade offer names any sub-multiset of the hand,
any credit tokens and up to ``max_ask`` asked cards: up to 2x10^8 offers in one decision) is *composite*:
in RL mode it is built by a short sequence of sub-decisions, each with its own id:

* ``start`` (one id per value of the class's scalar fields, e.g. a Shopping Day proposal's ``to``),
* ``add`` one element to one tuple field (one id per field and element, e.g. "give carrot"),
  fields in declared order and elements in sorted order (so every action has exactly one sequence),
* ``finish`` (apply the action built so far).

``action_ids(action)`` gives that sequence (one id for a flat action) and ``action_from_id`` gives back
an :class:`Action` for a flat id or a :class:`SubDecision` for a composite one. docs/ADAPTERS.md
explains the choice.

>>> import jaliz_learn
>>> enc = action_encoding(jaliz_learn.load_game("nizam"))
>>> enc.num_distinct_actions
2562
>>> from jaliz_learn.games.nizam.actions import Move
>>> i = enc.action_id(Move("r2", "left", "A"))
>>> enc.action_from_id(i)
Move(line='r2', end='left', pay='A')
"""

from __future__ import annotations

import dataclasses
import importlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ..core.actions import Action
from ..core.errors import InvalidNotation
from ..core.game import Game


@dataclass(frozen=True)
class FlatSpec:
    """A class numbered value by value: ``values`` lists the field tuples (in field order) it can take."""

    cls: type[Action]
    values: tuple[tuple[Any, ...], ...]


@dataclass(frozen=True)
class CompositeSpec:
    """A class built by sub-decisions: ``scalars`` chosen at the start (``starts`` lists their values),
    then elements added to the tuple fields of ``parts`` (name, element domain), in that order."""

    cls: type[Action]
    scalars: tuple[str, ...]
    starts: tuple[tuple[Any, ...], ...]
    parts: tuple[tuple[str, tuple[Any, ...]], ...]
    #: The most elements one action can hold (from the game's card and token counts): bounds the sub-steps.
    max_elements: int


@dataclass(frozen=True)
class SubDecision:
    """One step of building a composite action: ``step`` is ``"start"``, ``"add"`` or ``"finish"``."""

    cls: type[Action]
    step: str
    field: str = ""
    value: Any = None

    def __str__(self) -> str:
        if self.step == "start":
            return f"{self.cls.kind}: start {' '.join(map(str, self.value))}".rstrip()
        if self.step == "add":
            return f"{self.cls.kind}: add {self.field} {self.value}"
        return f"{self.cls.kind}: finish"


def field_names(cls: type[Action]) -> tuple[str, ...]:
    return tuple(f.name for f in dataclasses.fields(cls))


class ActionEncoding:
    """Numbering of every action (and sub-decision) of one game; see the module docstring."""

    def __init__(self, game: str, flat: Sequence[FlatSpec], composite: Sequence[CompositeSpec] = ()) -> None:
        self.game = game
        self.flat = tuple(flat)
        self.composite = tuple(composite)
        self._index: dict[type[Action], dict[tuple[Any, ...], int]] = {}
        self._names: dict[type[Action], tuple[str, ...]] = {}
        self._decode: list[Action | SubDecision] = []
        for spec in self.flat:
            names = field_names(spec.cls)
            self._names[spec.cls] = names
            table = self._index[spec.cls] = {}
            for values in spec.values:
                if len(values) != len(names) or values in table:
                    raise ValueError(f"{game}: bad or repeated value {values!r} for {spec.cls.__name__}")
                table[values] = len(self._decode)
                self._decode.append(spec.cls(*values))
        self._start: dict[tuple[type[Action], tuple[Any, ...]], int] = {}
        self._add: dict[tuple[type[Action], str, Any], int] = {}
        self._finish: dict[type[Action], int] = {}
        self.composite_of: dict[type[Action], CompositeSpec] = {}
        for cspec in self.composite:
            self.composite_of[cspec.cls] = cspec
            for start in cspec.starts:
                self._start[cspec.cls, start] = len(self._decode)
                self._decode.append(SubDecision(cspec.cls, "start", value=start))
            for name, domain in cspec.parts:
                for element in domain:
                    self._add[cspec.cls, name, element] = len(self._decode)
                    self._decode.append(SubDecision(cspec.cls, "add", name, element))
            self._finish[cspec.cls] = len(self._decode)
            self._decode.append(SubDecision(cspec.cls, "finish"))
        self.num_flat = sum(len(s.values) for s in self.flat)
        #: The most ids one engine decision can take (start + adds + finish for a composite action).
        self.max_steps_per_decision = max((2 + c.max_elements for c in self.composite), default=1)

    @property
    def num_distinct_actions(self) -> int:
        """How many ids there are (flat actions plus the sub-decisions of composite classes)."""
        return len(self._decode)

    def is_composite(self, action: Action) -> bool:
        return type(action) in self.composite_of

    def action_id(self, action: Action) -> int:
        """The id of a flat action (raises :class:`InvalidNotation` for a composite or unknown one)."""
        table = self._index.get(type(action))
        if table is None:
            if type(action) in self.composite_of:
                raise InvalidNotation(f"{self.game}: {action.kind!r} actions are composite; use action_ids()")
            raise InvalidNotation(f"{self.game}: no action ids for {type(action).__name__}")
        key = tuple(getattr(action, n) for n in self._names[type(action)])
        found = table.get(key)
        if found is None:
            raise InvalidNotation(f"{self.game}: {action} is outside the declared action space")
        return found

    def action_ids(self, action: Action) -> tuple[int, ...]:
        """The ids that select ``action``: one for a flat action; start, adds, finish for a composite one."""
        spec = self.composite_of.get(type(action))
        if spec is None:
            return (self.action_id(action),)
        start = tuple(getattr(action, n) for n in spec.scalars)
        if (spec.cls, start) not in self._start:
            raise InvalidNotation(f"{self.game}: {action} is outside the declared action space")
        ids = [self._start[spec.cls, start]]
        for name, _ in spec.parts:
            for element in sorted(getattr(action, name)):
                key = (spec.cls, name, element)
                if key not in self._add:
                    raise InvalidNotation(f"{self.game}: {action} is outside the declared action space")
                ids.append(self._add[key])
        ids.append(self._finish[spec.cls])
        return tuple(ids)

    def start_id(self, cls: type[Action], start: tuple[Any, ...]) -> int:
        return self._start[cls, start]

    def add_id(self, cls: type[Action], name: str, element: Any) -> int:
        return self._add[cls, name, element]

    def finish_id(self, cls: type[Action]) -> int:
        return self._finish[cls]

    def action_from_id(self, i: int) -> Action | SubDecision:
        """The action (flat id) or sub-decision (composite id) numbered ``i``; a fresh object each call."""
        if type(i) is not int or not 0 <= i < len(self._decode):
            raise InvalidNotation(f"{self.game}: action id must be an int in 0..{len(self._decode) - 1}, got {i!r}")
        item = self._decode[i]
        return dataclasses.replace(item)  # a copy: nobody can alter the table through what we hand out

    def describe(self, i: int) -> str:
        return str(self.action_from_id(i))

    def __repr__(self) -> str:
        return f"<ActionEncoding {self.game}: {self.num_distinct_actions} ids, {len(self.composite)} composite>"


def product_values(*domains: Iterable[Any]) -> tuple[tuple[Any, ...], ...]:
    """Every combination of field values (the mixed-radix product of the field domains)."""
    out: list[tuple[Any, ...]] = [()]
    for domain in domains:
        out = [(*prefix, v) for prefix in out for v in domain]
    return tuple(out)


_GAME_MODULES = {
    "jaliz": "jaliz", "jaliz-advanced": "jaliz", "nizam": "nizam", "pearl-of-the-east": "nizam",
    "jungli-la": "jungli_la", "bali": "bali", "bali-tani": "bali",
}
_CACHE: dict[tuple[str, tuple[tuple[str, Any], ...]], ActionEncoding] = {}


def game_module(game: Game) -> Any:
    """The adapter module of ``game`` (``jaliz_learn.adapters.games.<game>``)."""
    name = _GAME_MODULES.get(game.name)
    if name is None:
        raise InvalidNotation(f"no adapter for game {game.name!r}")
    return importlib.import_module(f"{__package__}.games.{name}")


def action_encoding(game: Game) -> ActionEncoding:
    """The fixed action numbering of ``game`` (one object per game and options)."""
    key = (game.name, tuple(sorted((k, repr(v)) for k, v in game.options.items())))
    enc = _CACHE.get(key)
    if enc is None:
        enc = _CACHE[key] = game_module(game).action_encoding(game)
    return enc
