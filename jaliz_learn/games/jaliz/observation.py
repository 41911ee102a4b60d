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
from .actions import Offer, pname
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

    def _repr_html_(self) -> str:
        from .render import state_html

        return state_html(self)

    def _repr_svg_(self) -> str:
        from .render import state_svg

        return state_svg(self)


_new = tuple.__new__
_PRODUCTS = range(6, 19)


def farm_view(state: JalizState, p: int, cached: bool = True) -> FarmView:
    """The public farm of player ``p`` (cached until the player's belongings change)."""
    if cached and state._farm_cache[p] is not None:
        return state._farm_cache[p]  # type: ignore[no-any-return]
    pl = state.players[p]
    prods, counts, ferts = pl.plot_product, pl.plot_count, pl.plot_fert
    # tuple.__new__ skips the NamedTuple constructors' Python-level argument handling (the hot loop)
    if state.mode == "standard":  # no plot tokens in the standard game
        plots = tuple([_new(PlotView, (prods[i] or None, counts[i], ferts[i], ())) for i in range(len(counts))])
    else:
        tokens = state.plot_tokens
        plots = tuple([_new(PlotView, (prods[i] or None, counts[i], ferts[i], tokens(p, i)))
                       for i in range(len(counts))])
    known = pl.known
    coins = pl.coins
    view = _new(FarmView, (plots, len(coins), sum(pl.hand), tuple(pl.tokens), pl.tractor, pl.third_plot,
                           pl.bought_cards, pl.spent_equipment, state.score_of(p), state.farm_extras(p),
                           tuple(coins), tuple([c for c in _PRODUCTS for _ in range(known[c])]) if any(known) else ()))
    state._farm_cache[p] = view
    return view


def own_hand(state: JalizState, p: int) -> tuple[int, ...]:
    """Player ``p``'s hand as a sorted tuple (cached until the player's belongings change)."""
    hand = state._hand_cache[p]
    if hand is None:
        hand = state._hand_cache[p] = tuple(state.players[p].hand_list())
    return hand  # type: ignore[no-any-return]


def farms(state: JalizState, cached: bool = True) -> tuple[FarmView, ...]:
    """Every player's public farm; the tuple itself is reused while no farm changed."""
    if cached and state._farms is not None:
        return state._farms  # type: ignore[no-any-return]
    views = state._farm_cache if cached else [None] * state.num_players
    out = tuple([v if v is not None else farm_view(state, p, cached) for p, v in enumerate(views)])
    state._farms = out
    return out


def public_part(state: JalizState, cached: bool = True) -> dict[str, Any]:
    """Every field that all players see alike, built once per state change (its values are immutable)."""
    if cached and state._public_key == state._version:
        return state._public  # type: ignore[no-any-return]
    cur = state.current_player()
    shared = {
        "game": state.game.name, "num_players": state.num_players, "current_player": cur,
        "decision": "place" if state.pending else state.phase, "turn": state.log.turn,
        "is_over": state.phase == "game-over",
        "active_player": state.active, "phase": state.phase, "farms": farms(state, cached),
        "market": tuple(state.market),
        "offers": tuple([(b, Offer(o.want, o.give, o.tokens, o.ask)) for b, o in sorted(state.offers.items())])
        if state.offers else (),
        "offer_round": state.round,
        "pending": tuple([(p, tuple(c)) for p, c in state.pending]) if state.pending else (),
        "planted_this_step": state.planted,
        "plant_limit": state._plant_limit(cur) if cur is not None else 0,
        "deck_size": len(state.deck), "burned": tuple(state.burned), "deck_runs_out": state.exhaustions,
        "ending": state.ending,
        "supply": (("third_plot", state.third_plot_supply), ("tractor", state.tractor_supply),
                   ("fertilizer", state.fertilizer_supply)),
        "params": state.params, "extras": state.public_extras(),
    }
    if cached:
        state._public, state._public_key = shared, state._version
    return shared


def observe(state: JalizState, player: int | None, cached: bool = True) -> JalizObservation:
    """The observation of ``player``: the public part (shared by every observation of this state change,
    all immutable values) plus the player's own hand. ``cached=False`` rebuilds everything (tests compare)."""
    return JalizObservation.fast(  # type: ignore[no-any-return]
        public_part(state, cached), player=player, hand=own_hand(state, player) if player is not None else None)
