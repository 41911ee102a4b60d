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
from typing import TYPE_CHECKING, Any

from ...core.game import Observation
from .actions import Offer, pname

if TYPE_CHECKING:  # pragma: no cover
    from .state import JalizState


@dataclass(frozen=True)
class PlotView:
    """One plot: product (None if empty), number of cards, fertilizer, and mode tokens."""

    product: int | None
    count: int
    fertilizer: bool
    tokens: tuple[str, ...] = ()

    def __str__(self) -> str:
        body = f"{self.count} {pname(self.product)}" if self.product else "empty"
        extra = (" +F" if self.fertilizer else "") + "".join(f" [{t}]" for t in self.tokens)
        return body + extra


@dataclass(frozen=True)
class FarmView:
    """A player's public farm and belongings."""

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
    offer_rounds: int
    pending: tuple[tuple[int, tuple[int, ...]], ...]
    planted_this_step: int
    plant_limit: int
    deck_size: int
    burned: tuple[int, ...]
    deck_runs_out: int
    deck_passes: int
    ending: bool
    supply: tuple[tuple[str, int], ...]
    products: tuple[int, ...]
    receive_count: int
    fertilizer_price: int
    max_ask: int
    mode: str = "standard"
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


def farm_view(state: "JalizState", p: int) -> FarmView:
    pl = state.players[p]
    plots = tuple(PlotView(pl.plot_product[i] or None, pl.plot_count[i], pl.plot_fert[i], state.plot_tokens(p, i))
                  for i in range(len(pl.plot_count)))
    return FarmView(plots, len(pl.coins), pl.hand_size, tuple(pl.tokens), pl.tractor, pl.third_plot,
                    pl.bought_cards, pl.spent_equipment, state.score_of(p), state.farm_extras(p))


def observe(state: "JalizState", player: int | None) -> JalizObservation:
    """Build the observation of ``player`` from copies of the public data and the player's own hand."""
    hand = tuple(state.players[player].hand_list()) if player is not None else None
    cur = state.current_player()
    return JalizObservation(
        game=state.game.name, player=player, num_players=state.num_players, current_player=cur,
        decision=state.decision(), turn=state.log.turn, is_over=state.is_over(),
        active_player=state.active, phase=state.phase, hand=hand,
        farms=tuple(farm_view(state, p) for p in range(state.num_players)),
        market=tuple(state.market), offers=tuple(sorted(state.offers.items())),
        offer_round=state.round, offer_rounds=state.offer_rounds,
        pending=tuple((int(p), tuple(c)) for p, c in state.pending),
        planted_this_step=state.planted,
        plant_limit=state._plant_limit(cur) if cur is not None else 0,
        deck_size=len(state.deck), burned=tuple(sorted(state.burned)), deck_runs_out=state.exhaustions,
        deck_passes=3, ending=state.ending,
        supply=(("third_plot", state.third_plot_supply), ("tractor", state.tractor_supply),
                ("fertilizer", state.fertilizer_supply)),
        products=state.products, receive_count=state.receive_count, fertilizer_price=state.fertilizer_price,
        max_ask=state.max_ask, mode=state.mode, extras=state.public_extras(),
    )
