"""What the rules modules of Bali share: the legal actions as specs (plain immutable data) and their memos, the
change groups that tell the views what to rebuild, and which phases the active player decides."""

from __future__ import annotations

from collections.abc import Sequence
from operator import itemgetter
from typing import TYPE_CHECKING

from jaliz_learn.core.memo import remember

from . import data as D
from .actions import (
    AltarFromSupply,
    BuildHut,
    BuyOffering,
    ChooseTile,
    DiscardCard,
    Offer,
    PlayCards,
    ShrineReward,
    SkipBuy,
    Spec,
    TakeCard,
)

if TYPE_CHECKING:  # pragma: no cover
    pass

_new = object.__new__
#: card -> its count in a display (list(map(...)) builds a row of counts without a comprehension's frame)
_COUNT_OF = tuple(itemgetter(c) for c in range(D.NUM_CARD_TYPES))

# ---- legal actions as specs (class, field values): plain immutable data, never action objects ------
# The state computes legality on specs and hands out a BaliActions sequence that builds a fresh action
# on every access, so a bot that mutates an action it was given changes nothing anywhere else.
SKIP: Spec = (SkipBuy, ())
BUY = tuple((BuyOffering, (k,)) for k in D.KINDS)
OFFER = tuple((Offer, (k,)) for k in D.KINDS)
ALTAR = tuple((AltarFromSupply, (k,)) for k in D.KINDS)
TAKE: tuple[Spec, ...] = tuple((TakeCard, (c + 1,)) for c in range(D.COLUMNS))
PLAY_ONE = tuple((PlayCards, (name, 1)) for name in D.CARD_NAMES)
PLAY_FARMERS = {(D.FARMER_BASE + k, n): (PlayCards, (D.KINDS[k], n))
                for k in range(D.NUM_KINDS) for n in range(1, D.MAX_FARMER_GROUP + 1)}
DISCARD = tuple((DiscardCard, (name,)) for name in D.CARD_NAMES)
TILE = {name: (ChooseTile, (name,)) for name in D.BANANA_TILES}
_REWARDS: dict[int, tuple[Spec, ...]] = {}
_BUILDS: dict[tuple[int, tuple[int, ...]], Spec] = {}


def reward_specs(units: int) -> tuple[Spec, ...]:
    """Every split of ``units`` shrine units into VP and stones, most VP first (BAL-SCORE-04)."""
    acts = _REWARDS.get(units)
    if acts is None:
        acts = _REWARDS[units] = tuple((ShrineReward, (v, units - v)) for v in range(units, -1, -1))
    return acts


def build_spec(kind: int, returned: tuple[int, ...]) -> Spec:
    """Building in the area of ``kind`` returning ``returned`` (sorted kind indices) (TAN-BUILD-01..03)."""
    key = (kind, returned)
    spec = _BUILDS.get(key)
    if spec is None:
        spec = _BUILDS[key] = (BuildHut, (D.KINDS[kind], len(returned), tuple(sorted(D.KINDS[k] for k in returned))))
    return spec


_PLAYS: dict[tuple[tuple[int, ...], int], tuple[tuple[int, tuple[Spec, ...]], ...]] = {}
#: (card, copies in hand up to 3, stones) -> (card, its plays): shared by the entries of ``_PLAYS``, which
#: then hold one tuple each (the garbage collector walks every long-lived tuple that holds a class)
_CARD_PLAYS: dict[tuple[int, int, int], tuple[int, tuple[Spec, ...]]] = {}


def card_plays(hand: tuple[int, ...], stones: int) -> tuple[tuple[int, tuple[Spec, ...]], ...]:
    """Each distinct card of ``hand`` (in hand order) with the plays it allows with ``stones`` stones
    (BAL-PLAY-01..04): one stonemason, priest or shrine (7 stones), or 1-3 farmers of a kind (0/1/2).

    ``stones`` matters only up to the shrine's cost, so callers cap it there; results are cached.

    >>> [(c, [args for _, args in specs]) for c, specs in card_plays((3, 3, 2), 1)]
    [(3, [('rice', 1), ('rice', 2)]), (2, [])]
    """
    key = (hand, stones)
    found = _PLAYS.get(key)
    if found is not None:
        return found
    out = []
    for card in dict.fromkeys(hand):
        have = min(hand.count(card), D.MAX_FARMER_GROUP) if card >= D.FARMER_BASE else 1
        pair = _CARD_PLAYS.get((card, have, stones))
        if pair is None:
            if card >= D.FARMER_BASE:
                specs = tuple(PLAY_FARMERS[card, n] for n in range(1, have + 1) if D.FARMER_GROUP_COST[n] <= stones)
            else:
                specs = (PLAY_ONE[card],) if card != D.SHRINE or stones >= D.SHRINE_COST else ()
            pair = _CARD_PLAYS[card, have, stones] = (card, specs)
        out.append(pair)
    return remember(_PLAYS, key, tuple(out))


#: (stock capped at 3 per kind, kind, free fields of its area as a bit mask) -> build specs (at most
#: 4**4 * 4 * 8 keys: more than 3 of a kind never changes what can be built, owners do not matter)
_BUILD_LISTS: dict[tuple[tuple[int, ...], int, int], tuple[Spec, ...]] = {}
_FIELD_CAPS = (D.FIELDS_PER_AREA,) * D.NUM_KINDS
_AREA_MASK = (1 << D.FIELDS_PER_AREA) - 1
#: (hand, stones capped at the shrine's cost) -> phase-2 options without huts; few hands occur, but each
#: game adds some, so the caches keyed by hands are bounded (core.memo.remember)
_FLAT_PLAYS: dict[tuple[tuple[int, ...], int], tuple[Spec, ...]] = {}


def build_list(capped: tuple[int, ...], kind: int, free: int) -> tuple[Spec, ...]:
    """Huts buildable in the area of ``kind`` with a stock ``capped`` (counts per kind, at most 3) when
    the fields in ``free`` are free (bit f-1: field f), field by field (TAN-BUILD-03/04).

    >>> [args for _, args in build_list((0, 2, 0, 0), 3, 0b110)]
    [('pepper', 2, ('peanut', 'peanut'))]
    """
    key = (capped, kind, free)
    found = _BUILD_LISTS.get(key)
    if found is None:
        total = sum(capped)
        found = _BUILD_LISTS[key] = tuple(build_spec(kind, ms) for f in range(1, D.FIELDS_PER_AREA + 1)
                                          if free >> f - 1 & 1 and f <= total for ms in multisets(capped, f))
    return found


_MULTISETS: dict[tuple[tuple[int, ...], int], tuple[tuple[int, ...], ...]] = {}


def multisets(stock: Sequence[int], size: int) -> tuple[tuple[int, ...], ...]:
    """All multisets of ``size`` kind indices (non-decreasing) that ``stock`` (counts per kind) can pay.

    >>> multisets([1, 0, 0, 2], 2)
    ((0, 3), (3, 3))
    """
    capped = tuple(min(c, size) for c in stock)  # more than ``size`` of a kind never matters
    key = (capped, size)
    found = _MULTISETS.get(key)
    if found is not None:
        return found
    out: list[tuple[int, ...]] = []

    def rec(start: int, left: int, chosen: tuple[int, ...], used: list[int]) -> None:
        if left == 0:
            out.append(chosen)
            return
        for k in range(start, D.NUM_KINDS):
            if capped[k] > used[k]:
                used[k] += 1
                rec(k, left - 1, (*chosen, k), used)
                used[k] -= 1

    rec(0, size, (), [0] * D.NUM_KINDS)
    found = _MULTISETS[key] = tuple(out)
    return found


# ---- change groups: an effect marks what it changed in ``_dirty``, so views rebuild only that --------
# CH_STEP (every change): who decides and the decision; CH_TURN: the turn, the active player, the revealed
# card and the end; CH_HANDS / CH_SQUARE: every hand / the whole square; CH_SOME_HANDS / CH_SOME_COLUMNS:
# only the hands marked in ``_hands_dirty`` / the columns marked in ``_columns_dirty``; CH_HIDDEN: the
# face-down altar cards
CH_HANDS, CH_STOCKS, CH_DISPLAYS, CH_SQUARE, CH_SUPPLY, CH_STONES, CH_VP, CH_QUEUES, CH_TANI, CH_DISCARD, CH_STEP, \
    CH_HIDDEN, CH_TURN, CH_SOME_HANDS, CH_SOME_COLUMNS = (1 << i for i in range(15))
ALL_CHANGED = (1 << 15) - 1
