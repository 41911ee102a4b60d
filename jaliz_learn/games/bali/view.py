"""What a player may see (BAL-HIDDEN-01).

Hidden at the table: the hands, the offering stocks, the face-down altar cards and the draw pile.
Every card that enters a hand comes from the open village square or from a start set fixed by the
seat, and every offering card that enters or leaves a stock does so openly, except the face-down
altar cards. So the observation gives what a player with a perfect memory of the public events knows:
every hand (``known_hands``), every stock as it would be without its owner's face-down offerings
(``known_stocks``) and how many face-down offerings each player made (``hidden_offers``). Truly hidden
are the kinds of other players' face-down offerings (hence their exact stocks) and the order of the
draw pile (its contents follow from everything else). Displays, stones, VP, supply, the square, the
discard pile and the village are public.

Observations are built at every decision of a played game: the public part is built once per change
of the state, and its costly pieces (tuples of tuples) are kept until the state changes them.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import repeat
from operator import add
from typing import TYPE_CHECKING, Any

from jaliz_learn.core.game import Observation
from jaliz_learn.core.memo import remember

from . import data as D
from .specs import (
    ALL_CHANGED,
    CH_DISCARD,
    CH_DISPLAYS,
    CH_HANDS,
    CH_HIDDEN,
    CH_QUEUES,
    CH_SOME_COLUMNS,
    CH_SOME_HANDS,
    CH_SQUARE,
    CH_STEP,
    CH_STOCKS,
    CH_STONES,
    CH_SUPPLY,
    CH_TANI,
    CH_TURN,
    CH_VP,
)

if TYPE_CHECKING:  # pragma: no cover
    from .state import BaliState


@dataclass(frozen=True)
class BaliObservation(Observation):
    """One player's view. Card and kind names are strings; counts are tuples indexed like
    ``data.CARD_NAMES`` (displays) or ``data.KINDS`` (stocks, supply, altar)."""

    expansion: bool
    active_player: int
    hand: tuple[str, ...] | None  # own hand (None for the spectator)
    hand_sizes: tuple[int, ...]
    stock: tuple[int, ...] | None  # own offering stock per kind
    stock_sizes: tuple[int, ...]
    displays: tuple[tuple[int, ...], ...]
    stones: tuple[int, ...]
    vp: tuple[int, ...]
    square: tuple[tuple[str, ...], ...]  # columns, top first, the last card is the takeable bottom card
    draw_pile: int
    supply: tuple[int, ...]
    altar_open: tuple[int, ...]
    altar_hidden: int
    my_hidden_offerings: tuple[int, ...]  # face-down altar cards this player placed
    discard: tuple[str, ...]
    revealed: str | None
    pending_offers: tuple[int, ...]
    huts: tuple[int, ...]
    village: tuple[tuple[int, ...], ...]  # area (KINDS order) -> field 1..3 -> owner or -1
    tiles: tuple[str, ...]
    ganesha: int | None
    known_hands: tuple[tuple[str, ...], ...]  # every hand, sorted (start sets and takes are public)
    known_stocks: tuple[tuple[int, ...], ...]  # every stock plus its owner's face-down offerings, per kind
    hidden_offers: tuple[int, ...]  # face-down altar cards placed by each player
    pending_rewards: tuple[tuple[int, int], ...]  # shrine scoring still to split: (player, units)



#: column or hand (tuple of card ints) -> tuple of names (a column's in order, a hand's sorted); few occur
#: (bounded by core.memo.remember)
_COLUMN_NAMES: dict[tuple[int, ...], tuple[str, ...]] = {}
_HAND_NAMES: dict[tuple[int, ...], tuple[str, ...]] = {}
_NAME = D.CARD_NAMES.__getitem__
_NO_HIDDEN = (0,) * D.NUM_KINDS


def _column_names(col: list[int]) -> tuple[str, ...]:
    key = tuple(col)
    names = _COLUMN_NAMES.get(key)
    if names is None:
        names = remember(_COLUMN_NAMES, key, tuple(map(_NAME, key)))
    return names


def _hand_names(hand: list[int]) -> tuple[str, ...]:
    key = tuple(hand)
    names = _HAND_NAMES.get(key)
    if names is None:
        names = remember(_HAND_NAMES, key, tuple(sorted(map(_NAME, key))))
    return names


def _refresh(s: BaliState, pub: dict[str, Any], dirty: int) -> None:
    """Rebuild the groups of public fields marked in ``dirty`` (see the change groups in state.py).

    The groups most decisions change come first; the rare ones sit behind one test. A take or a play
    changes one hand and one column: only that entry is rebuilt (from a cache of names).
    """
    if dirty & CH_STEP:
        pub["current_player"] = s._cp
        pub["decision"] = "game-over" if s.over else s.phase
    if dirty & CH_HANDS:
        pub["known_hands"] = tuple(map(_hand_names, s.hands))
        pub["hand_sizes"] = tuple(map(len, s.hands))
    elif dirty & CH_SOME_HANDS:
        bits, hands = s._hands_dirty, s.hands
        known, sizes = list(pub["known_hands"]), list(pub["hand_sizes"])
        while bits:  # only the marked hands (usually one)
            p = (bits & -bits).bit_length() - 1
            bits &= bits - 1
            hand = hands[p]
            known[p] = _hand_names(hand)
            sizes[p] = len(hand)
        pub["known_hands"] = tuple(known)
        pub["hand_sizes"] = tuple(sizes)
    s._hands_dirty = 0
    if dirty & CH_SQUARE:
        pub["square"] = tuple(map(_column_names, s.square))
        pub["draw_pile"] = len(s.deck)
    elif dirty & CH_SOME_COLUMNS:  # a take changes one column, not the draw pile
        bits, square = s._columns_dirty, s.square
        columns = list(pub["square"])
        while bits:  # only the marked columns (usually one)
            c = (bits & -bits).bit_length() - 1
            bits &= bits - 1
            col = square[c]
            columns[c] = _column_names(col)
        pub["square"] = tuple(columns)
    s._columns_dirty = 0
    if dirty & _COMMON:
        if dirty & CH_HIDDEN:  # before the stocks: the known stocks add these rows
            rows = [[0] * D.NUM_KINDS for _ in range(s.num_players)]
            for q, k in s.altar_hidden:
                rows[q][k] += 1
            s._hidden_rows = tuple(map(tuple, rows))
            pub["hidden_offers"] = tuple(map(sum, rows))
            pub["altar_hidden"] = len(s.altar_hidden)
        if dirty & CH_STOCKS:
            # maps all the way down (no generator frame): stock + own face-down offerings, per kind
            pub["known_stocks"] = tuple(map(tuple, s.stocks if not s.altar_hidden else
                                            map(map, repeat(add), s.stocks, s._hidden_rows)))
            pub["stock_sizes"] = tuple(map(sum, s.stocks))
        if dirty & CH_DISPLAYS:
            pub["displays"] = tuple(map(tuple, s.displays))
        if dirty & CH_SUPPLY:
            pub["supply"] = tuple(s.supply)
            pub["altar_open"] = tuple(s.altar_open)
        if dirty & CH_STONES:
            pub["stones"] = tuple(s.stones)
    if dirty & _RARE:
        if dirty & CH_TURN:
            pub["turn"] = s.log.turn
            pub["is_over"] = s.over
            pub["active_player"] = s.active
            pub["revealed"] = None if s.revealed is None else _NAME(s.revealed)
        if dirty & CH_VP:
            pub["vp"] = tuple(s.vp)
        if dirty & CH_QUEUES:
            pub["pending_offers"] = tuple(s.offer_queue)
            pub["pending_rewards"] = tuple(s.reward_queue)
        if dirty & CH_TANI:
            pub["huts"] = tuple(s.huts)
            pub["village"] = tuple(map(tuple, s.village))
            pub["tiles"] = tuple(s.tiles)
            pub["ganesha"] = s.ganesha
        if dirty & CH_DISCARD:
            pub["discard"] = tuple(map(_NAME, s.discard))


_COMMON = CH_HIDDEN | CH_STOCKS | CH_DISPLAYS | CH_SUPPLY | CH_STONES
_RARE = CH_TURN | CH_VP | CH_QUEUES | CH_TANI | CH_DISCARD


def _new_public(s: BaliState) -> dict[str, Any]:
    # the per-viewer keys are here too (filled by ``observe``): a copy then has room for them, while
    # adding keys to a copy would grow (re-hash) it at every decision
    pub = s._pub = {"game": s.game.name, "num_players": s.num_players, "expansion": s.tani,
                    "player": None, "hand": None, "stock": None, "my_hidden_offerings": _NO_HIDDEN}
    return pub


def public_part(s: BaliState) -> dict[str, Any]:
    """The fields every viewer sees alike, kept on the state and refreshed group by group.

    Effects mark the groups they change (``state._dirty``), so a decision rebuilds only what it
    changed: at most a few small tuples. Observations copy the dict; nothing in it is mutable.
    """
    pub = s._pub
    dirty = s._dirty
    if pub is None:
        pub, dirty = _new_public(s), ALL_CHANGED
    if dirty:
        _refresh(s, pub, dirty)
        s._dirty = 0
    return pub


def hidden_by_player(s: BaliState) -> tuple[tuple[int, ...], ...]:
    """Face-down altar cards per placer and kind."""
    public_part(s)
    return s._hidden_rows


_new = object.__new__
_set = object.__setattr__


def observe(s: BaliState, player: int | None) -> BaliObservation:
    """Build ``player``'s observation: immutable values only, nothing shared with the state's lists.

    Like :meth:`Observation.fast` (every field given, no frozen ``__init__``), but the observation's
    ``__dict__`` is a copy of the public part, which is about twice as fast as filling an empty one.
    BAL-HIDDEN-01: hands and stocks hidden (their sizes public), everything else public.
    """
    pub = public_part(s)
    fields = pub.copy()
    fields["player"] = player
    if player is None:
        fields["hand"] = fields["stock"] = None
        fields["my_hidden_offerings"] = _NO_HIDDEN
    else:
        fields["hand"] = pub["known_hands"][player]
        fields["stock"] = tuple(s.stocks[player])
        fields["my_hidden_offerings"] = s._hidden_rows[player]
    obs = _new(BaliObservation)
    _set(obs, "__dict__", fields)
    return obs


