"""What one Jaliz player may see (JAL-R-TIMING aside, the rulebook's open information).

Public: every farm (plots, counts, fertilizer), coin counts, equipment,
credit tokens held, hand sizes, revealed cards, open offers, cards being
planted, the burned pile (face up), deck size and run-out count, supplies.
Private: a player's own hand. Hidden from everyone: the deck order and other
hands. The observation is built from copies, so nothing leads back to the state.

>>> import jaliz_learn
>>> s = jaliz_learn.load_game("jaliz").initial_state(num_players=3, seed=1)
>>> obs = s.observation(1)
>>> len(obs.hand), obs.hand_sizes, s.observation(None).hand
(5, (5, 5, 5), None)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

from ...core.game import Observation
from ...core.memo import remember
from .actions import Offer, pname
from .common import (
    ALL_DIRTY,
    DIRTY_BURNED,
    DIRTY_CONST,
    DIRTY_EXTRAS,
    DIRTY_OFFERS,
    DIRTY_SUPPLY,
    DIRTY_TURN,
    sorted_cards,
)
from .params import GameParams

if TYPE_CHECKING:  # pragma: no cover
    from .state import JalizState


class PlotView(NamedTuple):
    """One plot: product (None if empty), number of cards, fertilizer, and mode tokens."""

    product: int | None
    count: int  # type: ignore[assignment]  # shadows tuple.count on purpose: plot.count reads naturally
    fertilizer: bool
    tokens: tuple[str, ...] = ()

    def __str__(self) -> str:
        body = f"{self.count} {pname(self.product)}" if self.product else "empty"
        extra = (" +F" if self.fertilizer else "") + "".join(f" [{t}]" for t in self.tokens)
        return body + extra


class FarmView(NamedTuple):
    """A player's public farm and belongings (immutable)."""

    plots: tuple[PlotView, ...]
    coins: int
    hand_size: int
    tokens: tuple[int, ...]
    tractor: bool
    third_plot: bool
    bought_cards: bool
    spent_equipment: int
    score: int
    extras: tuple[tuple[str, Any], ...] = ()
    #: the coin cards (face down, but every harvest is public), oldest first: payments take the last ones
    coin_cards: tuple[int, ...] = ()
    #: cards known to be in this hand (shown in an offer or proposal, traded in the open, recycled)
    known_hand: tuple[int, ...] = ()


@dataclass(frozen=True)
class JalizObservation(Observation):
    """A Jaliz position as seen by ``player`` (``None``: spectator)."""

    active_player: int
    phase: str
    hand: tuple[int, ...] | None
    farms: tuple[FarmView, ...]
    market: tuple[int, ...]
    offers: tuple[tuple[int, Offer], ...]
    offer_round: int
    pending: tuple[tuple[int, tuple[int, ...]], ...]
    planted_this_step: int
    plant_limit: int
    deck_size: int
    burned: tuple[int, ...]
    deck_runs_out: int
    ending: bool
    supply: tuple[tuple[str, int], ...]
    params: GameParams
    extras: tuple[tuple[str, Any], ...] = ()

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        return tuple(f.hand_size for f in self.farms)

    @property
    def my_farm(self) -> FarmView | None:
        return None if self.player is None else self.farms[self.player]

    def extra(self, key: str, default: Any = None) -> Any:
        return dict(self.extras).get(key, default)



_new = tuple.__new__


def farm_view(state: JalizState, p: int, cached: bool = True) -> FarmView:
    """The public farm of player ``p`` (cached until the player's belongings change)."""
    if cached and state._farm_cache[p] is not None:
        return state._farm_cache[p]  # type: ignore[no-any-return]
    pl = state.players[p]
    prods, counts, ferts = pl.plot_product, pl.plot_count, pl.plot_fert
    coins = pl.coins
    known = state._known_cache[p] if cached else None
    if known is None:
        known = _cards_of(pl.known)
        if cached:
            state._known_cache[p] = known
    # tuple.__new__ skips the NamedTuple constructors' Python-level argument handling (the hot loop)
    tokens: list[tuple[str, ...]] | None = None  # None: no plot tokens, so the plot views are memoised by value
    extras: tuple[tuple[str, Any], ...]
    if state.mode != "standard" and (p in state.snow or p in state.rain or state.breeding):  # type: ignore[attr-defined]
        tokens, score, extras = state.farm_parts(p)  # advanced mode with tokens on plots
    else:
        score, extras = state.score_of(p), state.farm_extras(p)  # JAL-END-05 (advanced mode: + JADV-END-01)
    if tokens is None:
        key = (*prods, *counts, *ferts)  # one entry per plot in each list: the length splits the key
        plots = _PLOTS.get(key)
        if plots is None:
            plots = _plain_plots(key, prods, counts, ferts)
    else:
        plots = tuple([_new(PlotView, (prods[i] or None, counts[i], ferts[i], tokens[i]))
                       for i in range(len(counts))])
    hand = state._hand_cache[p] if cached else None  # the own-hand tuple, if built since the hand changed
    size = sum(pl.hand) if hand is None else len(hand)
    view = _new(FarmView, (plots, len(coins), size, tuple(pl.tokens), pl.tractor, pl.third_plot,
                           pl.bought_cards, pl.spent_equipment, score, extras, tuple(coins), known))
    if cached:
        state._farm_cache[p] = view
    return view


_PLOTS: dict[tuple[Any, ...], tuple[PlotView, ...]] = {}  # plots without tokens -> their views (immutable values)


def _plain_plots(key: tuple[Any, ...], prods: list[int], counts: list[int], ferts: list[bool]) -> tuple[PlotView, ...]:
    """Plot views of a farm without plot tokens, memoised by value (``key``): the same plots recur."""
    return remember(_PLOTS, key, tuple([_new(PlotView, (prods[i] or None, counts[i], ferts[i], ()))
                                        for i in range(len(counts))]))


_CARDS: dict[tuple[int, ...], tuple[int, ...]] = {}  # counts by product -> the sorted cards (immutable values)


def _cards_of(counts: list[int]) -> tuple[int, ...]:
    """The cards counted by product number in ``counts`` (a hand, or what is known of one), sorted.

    Memoised by value: a hand or its known part changes at about half of the decisions (every offer that
    shows cards, every planting), and the same counts recur.

    >>> _cards_of([0] * 7 + [2, 0, 1] + [0] * 9)
    (7, 7, 9)
    """
    key = tuple(counts)
    out = _CARDS.get(key)
    if out is None:
        out = remember(_CARDS, key, tuple(sorted_cards(counts)))
    return out


def own_hand(state: JalizState, p: int) -> tuple[int, ...]:
    """Player ``p``'s hand as a sorted tuple (cached until the player's belongings change)."""
    hand = state._hand_cache[p]
    if hand is None:
        hand = state._hand_cache[p] = _cards_of(state.players[p].hand)
    return hand  # type: ignore[no-any-return]


def farms(state: JalizState, cached: bool = True) -> tuple[FarmView, ...]:
    """Every player's public farm; the tuple itself is reused while no farm changed."""
    if not cached:
        return tuple([farm_view(state, p, False) for p in range(state.num_players)])
    if state._farms is not None:
        return state._farms  # type: ignore[no-any-return]
    views = state._farm_cache
    while None in views:  # usually one farm changed: find it in C rather than test every farm in Python
        farm_view(state, views.index(None))  # fills views[p]
    out = state._farms = tuple(views)
    return out


def public_part(state: JalizState, cached: bool = True) -> dict[str, Any]:
    """Every field that all players see alike (its values are immutable), refreshed once per state change.

    The cached dict lives on the state and is updated in place (observations copy its items): the cheap
    scalars every change, the dearer tuples only when the state marked them changed (``state._dirty``).
    ``cached=False`` builds everything from scratch without touching the caches (tests compare)."""
    if cached:
        pub = state._pub
        if state._pub_key == state._version:
            return pub
        dirty = state._dirty
    else:
        pub, dirty = {}, ALL_DIRTY
    cur = state._cur if state._cur_key == state._version else state.current_player()
    phase = state.phase
    pending = state.pending
    pub["current_player"] = cur
    pub["decision"] = "place" if pending else phase
    pub["is_over"] = phase == "game-over"
    pub["phase"] = phase
    pub["farms"] = state._farms if cached and state._farms is not None else farms(state, cached)
    pub["market"] = tuple(state.market)
    if not pending:
        pub["pending"] = ()
    elif len(pending) == 1:  # the common case without a comprehension (a call in CPython 3.11)
        pub["pending"] = ((pending[0][0], tuple(pending[0][1])),)
    else:
        pub["pending"] = tuple([(p, tuple(c)) for p, c in pending])
    pub["planted_this_step"] = state.planted
    pub["plant_limit"] = state._plant_limit(cur) if cur is not None else 0  # JAL-PLANT-01 / JAL-PLANT-05
    if dirty:
        if dirty & DIRTY_CONST:
            pub["game"] = state.game.name
            pub["num_players"] = state.num_players
            pub["params"] = state.params
        if dirty & DIRTY_OFFERS:
            pub["offers"] = _offer_views(state, cached) if state.offers else ()
        if dirty & DIRTY_BURNED:
            pub["burned"] = tuple(state.burned)
        if dirty & DIRTY_SUPPLY:
            pub["supply"] = (("third_plot", state.third_plot_supply), ("tractor", state.tractor_supply),
                             ("fertilizer", state.fertilizer_supply))
        if dirty & DIRTY_EXTRAS:
            pub["extras"] = state.public_extras()
        if dirty & DIRTY_TURN:
            pub["turn"] = state.log.turn
            pub["active_player"] = state.active
            pub["offer_round"] = state.round
            pub["deck_size"] = len(state.deck)
            pub["deck_runs_out"] = state.exhaustions
            pub["ending"] = state.ending
        if cached:
            state._dirty = 0
    if cached:
        state._pub_key = state._version
    return pub


def _offer_views(state: JalizState, cached: bool) -> tuple[tuple[int, Offer], ...]:
    """The open offers as copies (never the state's objects); a copy is reused while its buyer's offer stays."""
    copies = state._offer_copies if cached else {}
    out = []
    for b, o in sorted(state.offers.items()):
        seen = copies.get(b)
        if seen is None or seen[0] is not o:  # the state replaces an offer by a new object, never mutates it
            seen = copies[b] = (o, Offer(o.want, o.give, o.tokens, o.ask))
        out.append((b, seen[1]))
    return tuple(out)


def observe(state: JalizState, player: int | None, cached: bool = True) -> JalizObservation:
    """The observation of ``player``: the public part (shared by every observation of this state change,
    all immutable values) plus the player's own hand. ``cached=False`` rebuilds everything (tests compare)."""
    # the own hand first: a farm view rebuilt for the same player then counts its hand as len(tuple)
    if player is None:
        hand = None
    elif cached:
        hand = own_hand(state, player)
    else:
        hand = tuple(state.players[player].hand_list())
    return JalizObservation.fast(public_part(state, cached), player=player, hand=hand)  # type: ignore[no-any-return]
