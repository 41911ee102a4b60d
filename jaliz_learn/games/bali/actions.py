"""Bali actions and their text notation.

======================  =====================================  ===============
decision                action (text notation)                 rule
======================  =====================================  ===============
``buy``                 ``buy rice`` / ``skip``                 BAL-BUY-01
``play``                ``play mason``, ``play 2 pepper``       BAL-PLAY-01
``play``                ``discard shrine`` (no legal play)      BAL-PLAY-06
``play`` (Tani)         ``build pepper 2 pepper+rice``          TAN-BUILD-01
``banana-tile`` (Tani)  ``tile priests``                        TAN-BONUS-01
``offer``               ``offer rice`` (from the own stock)     BAL-OFFER-01
``offer-hidden``        ``offer rice`` (face down)              BAL-OFFER-02
``offer-supply``        ``altar banana`` (from the supply)      BAL-OFFER-03
``take``                ``take 3`` (column 1-4)                 BAL-TAKE-01
``shrine-reward``       ``reward 2vp 1stone``                   BAL-SCORE-04
======================  =====================================  ===============

>>> parse("build pepper 2 pepper+rice")
BuildHut(area='pepper', field=2, returned=('pepper', 'rice'))
>>> str(PlayCards("rice", 2)), str(ShrineReward(2, 1))
('play 2 rice', 'reward 2vp 1stone')
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, fields
from operator import attrgetter
from typing import Any, ClassVar

from jaliz_learn.core.actions import Action
from jaliz_learn.core.errors import InvalidNotation
from jaliz_learn.core.legal import LazyActions

from .data import BANANA_TILES, CARD_NAMES, KINDS


@dataclass(frozen=True, slots=True)
class BuyOffering(Action):
    """Phase 1: buy one offering card of ``kind`` from the supply (BAL-BUY-01)."""

    kind: ClassVar[str] = "buy"
    offering: str

    def __str__(self) -> str:
        return f"buy {self.offering}"


@dataclass(frozen=True, slots=True)
class SkipBuy(Action):
    """Phase 1: take no offering card (BAL-BUY-01)."""

    kind: ClassVar[str] = "skip"

    def __str__(self) -> str:
        return "skip"


@dataclass(frozen=True, slots=True)
class PlayCards(Action):
    """Phase 2: play ``count`` cards named ``card`` (count > 1 only for farmers) (BAL-PLAY-01)."""

    kind: ClassVar[str] = "play"
    card: str
    count: int = 1

    def __str__(self) -> str:
        return f"play {self.card}" if self.count == 1 else f"play {self.count} {self.card}"


@dataclass(frozen=True, slots=True)
class DiscardCard(Action):
    """Phase 2 without a legal play: discard one card from hand (BAL-PLAY-06)."""

    kind: ClassVar[str] = "discard"
    card: str

    def __str__(self) -> str:
        return f"discard {self.card}"


@dataclass(frozen=True, slots=True)
class BuildHut(Action):
    """Village of Tani, phase 2: discard a farmer of ``area``'s kind, return ``returned`` offering cards
    (sorted kinds, as many as ``field``) and build on ``field`` (TAN-BUILD-01..04)."""

    kind: ClassVar[str] = "build"
    area: str
    field: int
    returned: tuple[str, ...]

    def __str__(self) -> str:
        return f"build {self.area} {self.field} {'+'.join(self.returned)}"


@dataclass(frozen=True, slots=True)
class ChooseTile(Action):
    """Village of Tani: take a banana plantation tile after building in the banana area (TAN-BONUS-01)."""

    kind: ClassVar[str] = "tile"
    tile: str

    def __str__(self) -> str:
        return f"tile {self.tile}"


@dataclass(frozen=True, slots=True)
class Offer(Action):
    """Offering phase: put one card of ``offering`` from the own stock on the altar (BAL-OFFER-01/02)."""

    kind: ClassVar[str] = "offer"
    offering: str

    def __str__(self) -> str:
        return f"offer {self.offering}"


@dataclass(frozen=True, slots=True)
class AltarFromSupply(Action):
    """Offering phase: the active player puts one supply card of ``offering`` on the altar (BAL-OFFER-03)."""

    kind: ClassVar[str] = "altar"
    offering: str

    def __str__(self) -> str:
        return f"altar {self.offering}"


@dataclass(frozen=True, slots=True)
class TakeCard(Action):
    """Phase 3: take the bottom card of column ``column`` (1-4) (BAL-TAKE-01)."""

    kind: ClassVar[str] = "take"
    column: int

    def __str__(self) -> str:
        return f"take {self.column}"


@dataclass(frozen=True, slots=True)
class ShrineReward(Action):
    """Shrine scoring: split the earned units into ``vp`` VP and ``stones`` stones (BAL-SCORE-04)."""

    kind: ClassVar[str] = "reward"
    vp: int
    stones: int

    def __str__(self) -> str:
        return f"reward {self.vp}vp {self.stones}stone"


BASE_ACTION_TYPES: dict[str, type[Action]] = {
    cls.kind: cls for cls in (BuyOffering, SkipBuy, PlayCards, DiscardCard, Offer, AltarFromSupply, TakeCard,
                              ShrineReward)
}
TANI_ACTION_TYPES: dict[str, type[Action]] = {**BASE_ACTION_TYPES, "build": BuildHut, "tile": ChooseTile}

# ---- legal-action lists ----------------------------------------------------------------------
#: An action described as plain immutable data: its class and its field values in order. The engine
#: computes legality on specs and builds a fresh action object only when one is asked for, so no
#: action object is ever shared between games, states or bots.
Spec = tuple[type[Action], tuple[Any, ...]]


def _field_getter(cls: type[Action]) -> Callable[[Any], tuple[Any, ...]]:
    names = [f.name for f in fields(cls)]
    if not names:
        return lambda action: ()
    get = attrgetter(*names)
    if len(names) == 1:
        return lambda action: (get(action),)
    return get  # attrgetter of several names returns the tuple


#: action class -> the function giving an action's field values as a tuple (the second half of its spec)
FIELD_VALUES: dict[type[Action], Callable[[Any], tuple[Any, ...]]] = {
    cls: _field_getter(cls) for cls in TANI_ACTION_TYPES.values()}
_GETTERS = dict(FIELD_VALUES)  # grows with any other class spec_of is asked about
#: the classes of one field -> that field's getter (no wrapper call: the legality check of every decision)
ONE_FIELD: dict[type[Action], Callable[[Any], Any]] = {
    cls: attrgetter(fs[0].name) for cls in TANI_ACTION_TYPES.values() if len(fs := fields(cls)) == 1}


def spec_of(action: Action) -> Spec:
    """The spec of an action (its exact class and field values), e.g. to look it up among the legal ones.

    >>> spec_of(PlayCards("rice", 2))[1]
    ('rice', 2)
    """
    cls = type(action)
    get = _GETTERS.get(cls)
    if get is None:
        get = _GETTERS[cls] = _field_getter(cls)
    return cls, get(action)


def make(spec: Spec) -> Action:
    """A new action from its spec.

    >>> make((PlayCards, ("rice", 2))) == PlayCards("rice", 2)
    True
    """
    cls, args = spec
    return cls(*args)


class BaliActions(LazyActions):
    """The legal actions of one decision: a sequence that builds a fresh action for every access.

    It holds only specs (immutable data), never the state or an action object it handed out.

    >>> acts = BaliActions(((TakeCard, (1,)), (TakeCard, (2,))))
    >>> len(acts), acts[1], TakeCard(2) in acts, acts[0] is acts[0]
    (2, TakeCard(column=2), True, False)
    """

    __slots__ = ("_specs",)

    def __init__(self, specs: tuple[Spec, ...]) -> None:
        self._specs = specs
        self._len = len(specs)

    def _build(self, i: int) -> Action:
        return make(self._specs[i])

    def __iter__(self) -> Iterator[Action]:
        return map(make, self._specs)

    def __contains__(self, item: object) -> bool:
        return isinstance(item, Action) and spec_of(item) in self._specs

    def __eq__(self, other: object) -> bool:
        if isinstance(other, BaliActions):
            return self._specs == other._specs
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"BaliActions([{', '.join(str(a) for a in self)}])"


_KIND_ALT = "|".join(KINDS)
_CARD_ALT = "|".join(CARD_NAMES)
_PATTERNS: tuple[tuple[re.Pattern[str], str], ...] = tuple((re.compile(p), name) for p, name in (
    (rf"buy ({_KIND_ALT})", "buy"),
    (r"skip", "skip"),
    (rf"play (?:([1-9]) )?({_CARD_ALT})", "play"),
    (rf"discard ({_CARD_ALT})", "discard"),
    (rf"build ({_KIND_ALT}) ([1-9]) ((?:{_KIND_ALT})(?:\+(?:{_KIND_ALT}))*)", "build"),
    (r"tile (\S+)", "tile"),
    (rf"offer ({_KIND_ALT})", "offer"),
    (rf"altar ({_KIND_ALT})", "altar"),
    (r"take ([0-9]{1,6})", "take"),  # bounded: int() of thousands of digits is refused by Python
    (r"reward ([0-9]{1,6}) ?vps? ([0-9]{1,6}) ?stones?", "reward"),
))

HELP = ("buy KIND | skip | play CARD | play N FARMER | discard CARD | build AREA FIELD KIND+KIND.. | tile NAME | "
        "offer KIND | altar KIND | take COLUMN | reward Nvp Mstone; kinds: " + ", ".join(KINDS))


def parse(text: str, expansion: bool = True) -> Action:
    """Read one action in text notation (case and extra spaces ignored).

    Well-formed but illegal actions are returned too, so ``apply`` can say which rule forbids them.
    """
    if not isinstance(text, str):
        raise InvalidNotation(f"an action must be text, got {text!r}")
    clean = " ".join(text.strip().lower().split())
    for pattern, name in _PATTERNS:
        m = pattern.fullmatch(clean)
        if m is None:
            continue
        g = m.groups()
        if name == "buy":
            return BuyOffering(g[0])
        if name == "skip":
            return SkipBuy()
        if name == "play":
            return PlayCards(g[1], int(g[0]) if g[0] else 1)
        if name == "discard":
            return DiscardCard(g[0])
        if name == "offer":
            return Offer(g[0])
        if name == "altar":
            return AltarFromSupply(g[0])
        if name == "take":
            return TakeCard(int(g[0]))
        if name == "reward":
            return ShrineReward(int(g[0]), int(g[1]))
        if not expansion:
            raise InvalidNotation(f"{clean!r}: huts and banana tiles belong to the Village of Tani expansion "
                                  "(game 'bali-tani')")
        if name == "build":
            return BuildHut(g[0], int(g[1]), tuple(sorted(g[2].split("+"))))
        if g[0] not in BANANA_TILES:
            raise InvalidNotation(f"unknown banana plantation tile {g[0]!r}; tiles: {', '.join(BANANA_TILES)}")
        return ChooseTile(g[0])
    raise InvalidNotation(f"cannot read the Bali action {text!r}. Notation: {HELP}")
