"""Jungli-La actions: small frozen values with a text notation that ``parse_action`` reads back.

Notation (one action per line, case-insensitive)::

    roll 5              roll five dice (JUN-DICE-01, extra dice from cards or Letters JUN-LET-01)
    reroll M1 F         reroll one Move-1 die and one Food die (at most two dice, JUN-DICE-03)
    keep                stop rolling and set the dice aside
    cancel              pay 1 Letter, reroll every die (JUN-LET-02)
    change F T          pay 2 Letters, turn a Food die into Tools (JUN-LET-03)
    paleo F T           the Paleontologist's free change (JUN-CARD-06)
    done                finish changing dice
    gain F | gain each  acquire materials (JUN-MAT-02, JUN-MAT-03)
    rest                rest (JUN-MAT-07)
    discard W           discard one Wood token down to the limit (JUN-MAT-04)
    move 3              move exactly 3 steps (JUN-MOVE-02)
    discover            discover the card under your explorer (JUN-DISC-01)
    remote B03          discover card B03 elsewhere (JUN-LET-05)
    exchange A01 B03    swap your A01 for B03 on the track (JUN-LET-07)
    wagon               buy a Wagon (JUN-LET-04)
    treasure            buy a Treasure card (JUN-LET-06)
    end                 end the turn

Dice are identified by face, not by position: the dice are a multiset, so "reroll
the Food die" is one action however many dice show Food. Faces are M1, M2, F, W, T, L.

>>> str(Reroll(("F", "M1")))
'reroll M1 F'
>>> parse("Exchange a01 b03")
Exchange(give='A01', take='B03')
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from operator import attrgetter
from typing import Any, ClassVar

from ...core.actions import Action, check_action_fields
from ...core.errors import InvalidNotation
from ...core.legal import LazyActions
from .data import CARDS, FACE_INDEX, FACES, MATERIALS


@dataclass(frozen=True, slots=True)
class Roll(Action):
    """Roll ``dice`` dice to start the Dice phase (4 plus added dice, at most 10)."""

    kind: ClassVar[str] = "roll"
    dice: int

    def __str__(self) -> str:
        return f"roll {self.dice}"


@dataclass(frozen=True, slots=True)
class Reroll(Action):
    """Reroll one or two non-Letter dice, named by face (kept sorted in face order)."""

    kind: ClassVar[str] = "reroll"
    faces: tuple[str, ...]

    def __post_init__(self) -> None:
        # the dice are a multiset: faces are kept in face order, so equal rerolls are equal actions
        faces = self.faces
        if type(faces) is not tuple or len(faces) < 2:
            return
        try:
            if len(faces) == 2:  # the usual case, kept cheap (legal actions are built at every access)
                if FACE_INDEX[faces[0]] > FACE_INDEX[faces[1]]:
                    object.__setattr__(self, "faces", (faces[1], faces[0]))
            else:
                object.__setattr__(self, "faces", tuple(sorted(faces, key=FACE_INDEX.__getitem__)))
        except (KeyError, TypeError):  # not die faces: kept as given, and refused when applied
            pass

    def __str__(self) -> str:
        return "reroll " + " ".join(self.faces)


@dataclass(frozen=True, slots=True)
class Keep(Action):
    """Stop rolling: every die is set aside."""

    kind: ClassVar[str] = "keep"

    def __str__(self) -> str:
        return "keep"


@dataclass(frozen=True, slots=True)
class Cancel(Action):
    """Pay 1 Letter to cancel the roll just made and reroll ALL dice."""

    kind: ClassVar[str] = "cancel"

    def __str__(self) -> str:
        return "cancel"


@dataclass(frozen=True, slots=True)
class ChangeFace(Action):
    """Pay 2 Letters to turn one die showing ``old`` to ``new``."""

    kind: ClassVar[str] = "change"
    old: str
    new: str

    def __str__(self) -> str:
        return f"change {self.old} {self.new}"


@dataclass(frozen=True, slots=True)
class Paleo(Action):
    """The Paleontologist: turn one die showing ``old`` to ``new`` for free."""

    kind: ClassVar[str] = "paleo"
    old: str
    new: str

    def __str__(self) -> str:
        return f"paleo {self.old} {self.new}"


@dataclass(frozen=True, slots=True)
class Done(Action):
    """Finish the Dice phase (no more die changes)."""

    kind: ClassVar[str] = "done"

    def __str__(self) -> str:
        return "done"


@dataclass(frozen=True, slots=True)
class Gain(Action):
    """Gain materials: one type (``F``/``W``/``T``) by count, or ``each`` for one of each type shown."""

    kind: ClassVar[str] = "gain"
    what: str

    def __str__(self) -> str:
        return f"gain {self.what}"


@dataclass(frozen=True, slots=True)
class Rest(Action):
    """Rest: 2 Letters plus one per Letter face; no Movement/Discovery phase."""

    kind: ClassVar[str] = "rest"

    def __str__(self) -> str:
        return "rest"


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """Discard one material token (while above the carrying limit)."""

    kind: ClassVar[str] = "discard"
    material: str

    def __str__(self) -> str:
        return f"discard {self.material}"


@dataclass(frozen=True, slots=True)
class Move(Action):
    """Move exactly ``steps`` steps towards the Goal."""

    kind: ClassVar[str] = "move"
    steps: int

    def __str__(self) -> str:
        return f"move {self.steps}"


@dataclass(frozen=True, slots=True)
class Discover(Action):
    """Discover the card under your explorer."""

    kind: ClassVar[str] = "discover"

    def __str__(self) -> str:
        return "discover"


@dataclass(frozen=True, slots=True)
class Remote(Action):
    """Pay 3 Letters and discover ``card`` elsewhere on the track."""

    kind: ClassVar[str] = "remote"
    card: str

    def __str__(self) -> str:
        return f"remote {self.card}"


@dataclass(frozen=True, slots=True)
class Exchange(Action):
    """Pay 5 Letters: put your card ``give`` on the track in place of ``take``."""

    kind: ClassVar[str] = "exchange"
    give: str
    take: str

    def __str__(self) -> str:
        return f"exchange {self.give} {self.take}"


@dataclass(frozen=True, slots=True)
class BuyWagon(Action):
    """Pay 2 Letters for a Wagon card (a Discovery action)."""

    kind: ClassVar[str] = "wagon"

    def __str__(self) -> str:
        return "wagon"


@dataclass(frozen=True, slots=True)
class BuyTreasure(Action):
    """Pay 4 Letters for an extra Treasure card (after reaching the Goal)."""

    kind: ClassVar[str] = "treasure"

    def __str__(self) -> str:
        return "treasure"


@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    """End the Movement/Discovery phase and the turn."""

    kind: ClassVar[str] = "end"

    def __str__(self) -> str:
        return "end"


ACTION_TYPES: dict[str, type[Action]] = {
    cls.kind: cls
    for cls in (Roll, Reroll, Keep, Cancel, ChangeFace, Paleo, Done, Gain, Rest, Discard, Move, Discover,
                Remote, Exchange, BuyWagon, BuyTreasure, EndTurn)
}

#: What a legal action is inside the engine: an immutable spec ``(action class, *field values)``.
#: The engine keeps and compares specs only; a bot receives new action objects built from them, so
#: nothing it is handed (and could change with ``object.__setattr__``) is shared with a state, with
#: another bot or with a later game, and no action object lives at module level.
Spec = tuple[Any, ...]


def _spec_getter(cls: type[Action]) -> Callable[[Action], Spec]:
    names: tuple[str, ...] = getattr(cls, "__match_args__", ())
    if not names:
        return lambda a: (cls,)
    if len(names) == 1:
        get1 = attrgetter(names[0])
        return lambda a: (cls, get1(a))
    get = attrgetter(*names)
    return lambda a: (cls, *get(a))


#: Exact action class -> the function giving an action's spec.
SPEC_OF: dict[type[Action], Callable[[Action], Spec]] = {cls: _spec_getter(cls) for cls in ACTION_TYPES.values()}


def spec_of(action: Action) -> Spec:
    """The spec of an action of one of this game's exact classes (check its field types first).

    >>> spec_of(Roll(5)) == (Roll, 5)
    True
    """
    return SPEC_OF[type(action)](action)


def build(spec: Spec) -> Action:
    """A new action object from its spec.

    >>> build((Exchange, "A01", "B03"))
    Exchange(give='A01', take='B03')
    """
    return spec[0](*spec[1:])  # type: ignore[no-any-return]


class LegalActions(LazyActions):
    """The legal actions of one decision: a sequence with a length, indexing and ``in``.

    It holds only immutable specs and builds a new action object at every access, so a bot
    that changes an action it was given (even with ``object.__setattr__``) changes nothing else.

    >>> legal = LegalActions(((Roll, 4), (Roll, 5)))
    >>> len(legal), legal[-1], Roll(4) in legal, Roll(6) in legal
    (2, Roll(dice=5), True, False)
    >>> legal[0] is legal[0]
    False
    """

    __slots__ = ("_specs",)

    def __init__(self, specs: tuple[Spec, ...]) -> None:
        self._specs = specs
        self._len = len(specs)

    def _build(self, i: int) -> Action:
        s = self._specs[i]
        return s[0](*s[1:])  # type: ignore[no-any-return]

    def __getitem__(self, i: Any) -> Any:
        if type(i) is int:  # the hot path of a random bot: one index, no slice
            s = self._specs[i]
            return s[0](*s[1:])
        return super().__getitem__(i)

    def __iter__(self) -> Iterator[Action]:
        for s in self._specs:
            yield s[0](*s[1:])

    def __contains__(self, item: object) -> bool:
        getter = SPEC_OF.get(type(item))  # type: ignore[arg-type]  # exact classes only: a look-alike subclass is never legal
        if getter is None:
            return False
        try:
            check_action_fields(item)  # type: ignore[arg-type]
        except InvalidNotation:  # Roll(4.0) compares equal to Roll(4) but is not a legal action
            return False
        return getter(item) in self._specs  # type: ignore[arg-type]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LegalActions):
            return self._specs == other._specs
        if isinstance(other, (list, tuple)):
            return list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"LegalActions({', '.join(str(a) for a in self)})"


#: Actions without arguments, by their notation word.
_NO_ARG: dict[str, type[Action]] = {"keep": Keep, "cancel": Cancel, "done": Done, "rest": Rest,
                                    "discover": Discover, "wagon": BuyWagon, "treasure": BuyTreasure,
                                    "end": EndTurn}


def _face(word: str, text: str) -> str:
    f = word.upper()
    if f not in FACE_INDEX:
        raise InvalidNotation(f"{text!r}: {word!r} is not a die face; faces are {', '.join(FACES)}")
    return f


def _int(word: str, text: str) -> int:
    try:
        return int(word)
    except ValueError:
        raise InvalidNotation(f"{text!r}: {word!r} is not a whole number") from None


def _card(word: str, text: str) -> str:
    cid = word.upper()
    if cid not in CARDS:
        raise InvalidNotation(f"{text!r}: {word!r} is not a Discovery card id (A01..C10)")
    return cid


def parse(text: str) -> Action:
    """Read one action from its text notation (see the module docstring).

    Well-formed but currently illegal actions parse fine; ``apply`` then explains why
    they are illegal. Unreadable text raises :class:`InvalidNotation`.
    """
    if not isinstance(text, str):
        raise InvalidNotation(f"expected a string, got {text!r}")
    words = text.split()
    if not words:
        raise InvalidNotation("empty action text")
    head, args = words[0].lower(), words[1:]
    if head in _NO_ARG:
        if args:
            raise InvalidNotation(f"{text!r}: '{head}' takes no arguments")
        return _NO_ARG[head]()
    if head in ("roll", "move") and len(args) == 1:
        n = _int(args[0], text)
        return Roll(n) if head == "roll" else Move(n)
    if head == "reroll" and 1 <= len(args):
        return Reroll(tuple(_face(a, text) for a in args))
    if head in ("change", "paleo") and len(args) == 2:
        old, new = _face(args[0], text), _face(args[1], text)
        return ChangeFace(old, new) if head == "change" else Paleo(old, new)
    if head == "gain" and len(args) == 1:
        what = args[0].upper() if args[0].lower() != "each" else "each"
        if what not in (*MATERIALS, "each"):
            raise InvalidNotation(f"{text!r}: gain F, W, T or each")
        return Gain(what)
    if head == "discard" and len(args) == 1:
        m = args[0].upper()
        if m not in MATERIALS:
            raise InvalidNotation(f"{text!r}: discard F, W or T")
        return Discard(m)
    if head == "remote" and len(args) == 1:
        return Remote(_card(args[0], text))
    if head == "exchange" and len(args) == 2:
        return Exchange(_card(args[0], text), _card(args[1], text))
    raise InvalidNotation(
        f"cannot read {text!r}; try: roll N, reroll FACE [FACE], keep, cancel, change OLD NEW, paleo OLD NEW, "
        "done, gain F|W|T|each, rest, discard F|W|T, move N, discover, remote CARD, exchange MINE THEIRS, "
        "wagon, treasure, end")
