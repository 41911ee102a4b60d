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
from operator import add
from typing import TYPE_CHECKING, Any

from jaliz_learn.core.game import Observation

from . import data as D
from . import state as S

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

    def _repr_svg_(self) -> str:
        """The board as SVG, from this observation only (jaliz_learn.pictures.bali)."""
        from jaliz_learn.pictures.bali import svg  # lazy: pictures are optional for the engine

        return svg(self)

    def _repr_html_(self) -> str:
        from jaliz_learn.pictures.bali import html

        return html(self)


#: column (tuple of card ints) -> tuple of names; the square holds few distinct columns
_COLUMN_NAMES: dict[tuple[int, ...], tuple[str, ...]] = {}
_NAME = D.CARD_NAMES.__getitem__


def _column_names(col: list[int]) -> tuple[str, ...]:
    key = tuple(col)
    names = _COLUMN_NAMES.get(key)
    if names is None:
        names = _COLUMN_NAMES[key] = tuple(map(_NAME, key))
    return names


def _hand_names(hand: list[int]) -> tuple[str, ...]:
    return tuple(sorted(map(_NAME, hand)))


def _replaced(old: tuple[Any, ...], changed: int, source: list[list[int]],
              build: Any) -> tuple[Any, ...]:
    """``old`` with the entries whose bit is set in ``changed`` rebuilt from ``source``."""
    if changed & (changed - 1) == 0:  # one entry (the usual case)
        i = changed.bit_length() - 1
        return (*old[:i], build(source[i]), *old[i + 1:])
    return tuple(build(src) if changed >> i & 1 else value for i, (value, src) in enumerate(zip(old, source)))


def _refresh(s: BaliState, pub: dict[str, Any], dirty: int) -> None:
    """Rebuild the groups of public fields marked in ``dirty`` (see the change groups in state.py).

    The groups most decisions change come first; the rare ones sit behind one test.
    """
    if dirty & S.CH_STEP:
        pub["current_player"] = s._cp
        pub["decision"] = "game-over" if s.over else s.phase
    if dirty & S.CH_HANDS:
        pub["known_hands"] = tuple(map(_hand_names, s.hands))
        pub["hand_sizes"] = tuple(map(len, s.hands))
    elif dirty & S.CH_SOME_HANDS:  # an effect changes the hand of the player who acts: rebuild only that one
        pub["known_hands"] = _replaced(pub["known_hands"], s._hands_dirty, s.hands, _hand_names)
        pub["hand_sizes"] = tuple(map(len, s.hands))
    s._hands_dirty = 0
    if dirty & S.CH_SQUARE:
        pub["square"] = tuple(map(_column_names, s.square))
        pub["draw_pile"] = len(s.deck)
    elif dirty & S.CH_SOME_COLUMNS:  # a take changes one column, not the draw pile
        pub["square"] = _replaced(pub["square"], s._columns_dirty, s.square, _column_names)
    s._columns_dirty = 0
    if dirty & _COMMON:
        if dirty & S.CH_HIDDEN:  # before the stocks: the known stocks add these rows
            rows = [[0] * D.NUM_KINDS for _ in range(s.num_players)]
            for q, k in s.altar_hidden:
                rows[q][k] += 1
            s._hidden_rows = tuple(map(tuple, rows))
            pub["hidden_offers"] = tuple(map(sum, rows))
            pub["altar_hidden"] = len(s.altar_hidden)
        if dirty & S.CH_STOCKS:
            pub["known_stocks"] = (tuple(map(tuple, s.stocks)) if not s.altar_hidden else
                                   tuple(tuple(map(add, st, h)) for st, h in zip(s.stocks, s._hidden_rows)))
            pub["stock_sizes"] = tuple(map(sum, s.stocks))
        if dirty & S.CH_DISPLAYS:
            pub["displays"] = tuple(map(tuple, s.displays))
        if dirty & S.CH_SUPPLY:
            pub["supply"] = tuple(s.supply)
            pub["altar_open"] = tuple(s.altar_open)
        if dirty & S.CH_STONES:
            pub["stones"] = tuple(s.stones)
    if dirty & _RARE:
        if dirty & S.CH_TURN:
            pub["turn"] = s.log.turn
            pub["is_over"] = s.over
            pub["active_player"] = s.active
            pub["revealed"] = None if s.revealed is None else _NAME(s.revealed)
        if dirty & S.CH_VP:
            pub["vp"] = tuple(s.vp)
        if dirty & S.CH_QUEUES:
            pub["pending_offers"] = tuple(s.offer_queue)
            pub["pending_rewards"] = tuple(s.reward_queue)
        if dirty & S.CH_TANI:
            pub["huts"] = tuple(s.huts)
            pub["village"] = tuple(map(tuple, s.village))
            pub["tiles"] = tuple(s.tiles)
            pub["ganesha"] = s.ganesha
        if dirty & S.CH_DISCARD:
            pub["discard"] = tuple(map(_NAME, s.discard))


_COMMON = S.CH_HIDDEN | S.CH_STOCKS | S.CH_DISPLAYS | S.CH_SUPPLY | S.CH_STONES
_RARE = S.CH_TURN | S.CH_VP | S.CH_QUEUES | S.CH_TANI | S.CH_DISCARD


def public_part(s: BaliState) -> dict[str, Any]:
    """The fields every viewer sees alike, kept on the state and refreshed group by group.

    Effects mark the groups they change (``state._dirty``), so a decision rebuilds only what it
    changed: at most a few small tuples. Observations copy the dict; nothing in it is mutable.
    """
    pub = s._pub
    if pub is None:
        pub = s._pub = {"game": s.game.name, "num_players": s.num_players, "expansion": s.tani}
        s._dirty = S.ALL_CHANGED
    dirty = s._dirty
    if dirty:
        _refresh(s, pub, dirty)
        s._dirty = 0
    return pub


def hidden_by_player(s: BaliState) -> tuple[tuple[int, ...], ...]:
    """Face-down altar cards per placer and kind."""
    public_part(s)
    return s._hidden_rows


_NO_HIDDEN = (0,) * D.NUM_KINDS
_new = object.__new__
_set = object.__setattr__


def observe(s: BaliState, player: int | None) -> BaliObservation:
    """Build ``player``'s observation: immutable values only, nothing shared with the state's lists.

    Like :meth:`Observation.fast` (every field given, no frozen ``__init__``), but the observation's
    ``__dict__`` is a copy of the public part, which is about twice as fast as filling an empty one.
    """
    pub = s._pub
    if pub is None or s._dirty:
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


def state_html(s: BaliState) -> str:
    """The spectator's picture (the notebook's board), drawn by jaliz_learn.pictures.bali."""
    from jaliz_learn.pictures.bali import html  # lazy: pictures are optional for the engine

    return html(observe(s, None))
