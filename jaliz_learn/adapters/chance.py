"""Explicit chance for the OpenSpiel adapter: every draw and every roll as a chance outcome, decided when it happens.

The engines draw inside their rules, from the state's own generator (:class:`~jaliz_learn.core.rng.Rng`) and from
draw piles that are plain lists. To expose that chance without changing an engine, a transition is run on a
*trial* clone of the state in which

* the generator is a :class:`ScriptedRng`: each ``randrange`` (and so each die, ``choice`` and each step of a
  Fisher-Yates ``shuffle``) takes its value from a script, and
* every draw pile whose order nobody knows (:data:`PILES`) is a :class:`Pile`: a card taken from its draw end is
  taken from the script too, chosen among the pile's cards as a multiset.

When the script runs out, the trial stops with :class:`NeedChance` carrying the outcomes and their probabilities
(``1 / n`` for a roll, ``copies / cards left`` for a card): that is the chance node. Its outcome is appended to the
script and the transition is tried again from the same state, until it completes. Between transitions the piles
are kept in a canonical (sorted) order, so a state holds no order of undrawn cards: no clone knows a future draw.

>>> chance = Script([4])
>>> rng = ScriptedRng(chance)
>>> rng.randrange(6)
4
>>> try:
...     rng.randrange(6)
... except NeedChance as need:
...     need.outcomes[:2]
[(0, 0.16666666666666666), (1, 0.16666666666666666)]
>>> pile = Pile(["A", "A", "B"], Script(["B"]), "end")
>>> pile.pop(), sorted(pile)
('B', ['A', 'A'])
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, MutableSequence, Sequence
from typing import Any, SupportsIndex

from ..core.rng import Rng
from ..games.jungli_la.data import END_TREASURE

#: The draw piles of each game whose order no player knows: (attribute, draw end, a card fixed in place or None).
#: Jungli-La draws Treasures from the front of one deck with the end card at a set depth (JUN-SETUP-04): the
#: cards on either side of it are exchangeable, the end card is not.
PILES: dict[str, tuple[tuple[str, str, Any], ...]] = {
    "nizam": (("deck", "end", None),),
    "pearl-of-the-east": (("deck", "end", None),),
    "jaliz": (("deck", "end", None),),
    "jaliz-advanced": (("deck", "end", None), ("event_deck", "end", None)),
    "bali": (("deck", "end", None),),
    "bali-tani": (("deck", "end", None),),
    "jungli-la": (("deck", "start", END_TREASURE),),
}


class NeedChance(BaseException):  # noqa: N818 - a signal, not an error; BaseException: no engine handler eats it
    """Raised inside a trial when the script has no value left: ``outcomes`` is ``[(value, probability)]``."""

    def __init__(self, outcomes: list[tuple[Any, float]], what: str) -> None:
        super().__init__(what)
        self.outcomes, self.what = outcomes, what


class Script:
    """The chance outcomes of one transition so far, handed out in the order the engine asks for them."""

    __slots__ = ("values", "pos")

    def __init__(self, values: Sequence[Any] = ()) -> None:
        self.values, self.pos = list(values), 0

    def next(self, outcomes: list[tuple[Any, float]], what: str) -> Any:
        if self.pos < len(self.values):
            self.pos += 1
            return self.values[self.pos - 1]
        raise NeedChance(outcomes, what)


class ScriptedRng(Rng):
    """A generator whose every draw is a chance outcome of a :class:`Script` (uniform over ``range(n)``)."""

    __slots__ = ("script",)

    def __init__(self, script: Script, seed: int = 0) -> None:
        super().__init__(seed)
        self.script = script

    def randrange(self, n: int) -> int:
        n = int(n)
        if n <= 0:
            raise ValueError(f"empty range for randrange({n})")
        if n == 1:
            return 0
        return int(self.script.next([(i, 1.0 / n) for i in range(n)], f"roll of {n}"))

    def randranges(self, n: int, k: int) -> list[int]:
        return [self.randrange(n) for _ in range(k)]

    def choice(self, items: Sequence[Any]) -> Any:
        return items[self.randrange(len(items))]

    def shuffle(self, items: MutableSequence[Any]) -> None:
        if isinstance(items, Pile):  # its order never matters: every card taken from it is a chance node
            return
        for i in reversed(range(1, len(items))):  # Fisher-Yates: each step a chance node of i + 1 outcomes
            j = self.randrange(i + 1)
            items[i], items[j] = items[j], items[i]

    def random(self) -> float:
        raise NotImplementedError("a continuous draw has no explicit chance outcomes")

    def clone(self) -> Rng:
        return Rng(self.seed)  # only a trial uses this generator; a copy made inside one draws as usual


class Pile(list):  # type: ignore[type-arg]
    """A draw pile as a multiset: each card taken from its draw end is a chance outcome of the script.

    Physically the list is the undecided cards (any order) with the decided ones at the draw end, next card
    outermost; reading or removing a position not yet decided decides it first (from the script).
    """

    def __init__(self, cards: Sequence[Any], script: Script, end: str, fixed: Any = None) -> None:
        super().__init__(cards)
        self.script, self.end, self.fixed, self.decided = script, end, fixed, 0

    def _undecided(self) -> tuple[int, int]:
        """The slice of cards that may come next: (start, stop) in the list."""
        if self.end == "end":
            return 0, len(self) - self.decided
        stop = len(self)
        if self.fixed is not None and self.fixed in list.__getitem__(self, slice(self.decided, None)):
            stop = list.index(self, self.fixed, self.decided)
            if stop == self.decided:  # the fixed card itself is next: no chance
                return stop, stop
        return self.decided, stop

    def _decide(self) -> None:
        lo, hi = self._undecided()
        if lo == hi:  # only the fixed card (or nothing): no chance
            if self.decided < len(self):
                self.decided += 1
            return
        counts = Counter(list.__getitem__(self, slice(lo, hi)))
        total = hi - lo
        outcomes = [(card, n / total) for card, n in sorted(counts.items(), key=lambda kv: _key(kv[0]))]
        card = outcomes[0][0] if len(outcomes) == 1 else self.script.next(outcomes, "card")
        i = list.index(self, card, lo, hi)
        list.__delitem__(self, i)
        if self.end == "end":
            list.insert(self, hi - 1, card)  # just inside the decided ones
        else:
            list.insert(self, self.decided, card)
        self.decided += 1

    def _need(self, depth: int) -> None:
        """Decide until ``depth`` cards from the draw end are decided."""
        depth = min(depth, len(self))
        while self.decided < depth:
            self._decide()

    def _depth(self, index: int) -> int:
        return len(self) - index if self.end == "end" else index + 1

    def pop(self, index: SupportsIndex = -1) -> Any:
        if not self:
            return list.pop(self, index)  # the list's own IndexError
        i = int(index) % len(self)
        self._need(self._depth(i))
        self.decided -= 1
        return list.pop(self, i)

    def __getitem__(self, key: Any) -> Any:
        if isinstance(key, slice):
            touched = range(*key.indices(len(self)))
            if len(touched) == len(self):  # a whole copy (a clone): not a draw
                return list.__getitem__(self, key)
            if touched:
                self._need(max(self._depth(i) for i in touched))
        elif self:
            self._need(self._depth(int(key) % len(self)))
        return list.__getitem__(self, key)

    def __delitem__(self, key: Any) -> None:
        if not self:
            return list.__delitem__(self, key)
        touched = range(*key.indices(len(self))) if isinstance(key, slice) else [int(key) % len(self)]
        if touched:
            self._need(max(self._depth(i) for i in touched))
        list.__delitem__(self, key)
        self.decided -= len(touched)


def _key(card: Any) -> tuple[str, str]:
    return (type(card).__name__, repr(card))


def canonical(cards: Sequence[Hashable], fixed: Any = None) -> list[Any]:
    """The pile in a canonical order: sorted, on either side of a fixed card kept in place.

    >>> canonical([3, 1, 9, 2, 0], fixed=9)
    [1, 3, 9, 0, 2]
    """
    cards = list(cards)
    if fixed is not None and fixed in cards:
        i = cards.index(fixed)
        return sorted(cards[:i], key=_key) + [fixed] + sorted(cards[i + 1:], key=_key)
    return sorted(cards, key=_key)


def forget_order(state: Any) -> None:
    """Put every pile of :data:`PILES` of ``state`` in canonical order (as a plain list): no order is kept."""
    for attr, _end, fixed in PILES.get(state.game.name, ()):
        setattr(state, attr, canonical(getattr(state, attr), fixed))


def trial(state: Any, apply: Any, script: Script) -> Any:
    """Run ``apply(state)`` with the script's chance; return the new state (raises :class:`NeedChance`).

    ``state`` is left untouched: the transition runs on a clone (``state.clone()`` of an RL state).
    """
    new = state.clone()
    engine = new.state
    keep = engine.rng
    engine.rng = ScriptedRng(script, engine.seed)
    for attr, end, fixed in PILES.get(engine.game.name, ()):
        setattr(engine, attr, Pile(getattr(engine, attr), script, end, fixed))
    apply(new)
    engine.rng = keep
    forget_order(engine)
    return new
