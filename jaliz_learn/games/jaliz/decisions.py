"""What the player to move may do now: the legal actions of each decision.

The decision kinds and the rules that list their actions: ``plant`` (JAL-PLANT-01/02), ``place``
(JAL-MARKET-03, JAL-MARKET-08), ``offer`` (JAL-R-NEGOTIATION: pass, or an offer from
:class:`~.offers.OfferSpace`), ``respond`` (JAL-MARKET-02/05/06/07), ``claim`` (JAL-CREDIT-02),
``final-plant`` (JAL-END-03), with harvest and buy alongside (JAL-R-TIMING, :mod:`.harvest_buy`).
The listed actions are immutable specs, computed once per change of the position (``_version``).

A mixin of :class:`~.state.JalizState` (see the map in the package docstring).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from ...core.actions import Action
from ...core.legal import ConcatActions, LazyActions
from .actions import Accept, Claim, Done, Give, Keep, Offer, Pass, Refuse
from .common import CLAIM_PHASE, FINAL_PHASE, OFFER_PHASE, PLANT_PHASE, RESPOND_PHASE
from .legal import Spec, SpecActions, spec_of
from .offers import OfferSpace, offer_ok, offer_problem
from .position import JalizFields


@lru_cache(maxsize=4096)
def _keep_give(p: int, n: int, market: tuple[int, ...]) -> tuple[Spec, ...]:
    """JAL-MARKET-04/06: keep each revealed card, or give it to another player (they depend on nothing else, so
    they are remembered by value)."""
    out: list[Spec] = []
    for c in sorted(set(market)):
        out.append((Keep, c))
        out += [(Give, c, q) for q in range(n) if q != p]
    return tuple(out)


class DecisionRules(JalizFields):
    """What the player to move may do now: the legal actions of each decision."""

    __slots__ = ()

    def legal_actions(self, player: int | None = None) -> Sequence[Action]:
        """Every legal action of the player to move: a fresh sequence whose action objects are built on demand.

        Nothing in it is shared with the state or with earlier calls (see :mod:`.legal`)."""
        actor = self.current_player()
        if actor is None or (player is not None and player != actor):
            return ()
        listed = self._specs(actor)
        if self.offers_open():  # JAL-R-NEGOTIATION: pass, or any offer for the revealed cards
            pl = self.players[actor]
            return OfferSpace(self.market, pl.hand, pl.tokens, self.products, self.max_ask, listed)
        lazy = self._lazy_actions(actor)  # advanced mode's Shopping Day (JADV-SHOP-02)
        return SpecActions(listed) if lazy is None else ConcatActions([SpecActions(listed), lazy])

    def check_action(self, player: int, action: Action) -> None:
        """Legal if it is one of this state's own listed actions, or an offer the rules allow (a handed-out
        object is never trusted: its value is what is checked)."""
        if type(action) is Offer:
            if self.offers_open() and (offer_ok(self, player, action)
                                       or offer_problem(self, player, action, making=True) is None):
                return
        elif spec_of(action) in self._specs(player) or self._lazy_allows(player, action):
            return
        raise self.explain_illegal(player, action)

    def offers_open(self) -> bool:
        """JAL-R-NEGOTIATION: the market's offer round is on (cards revealed, none waiting to be placed)."""
        return self.phase == OFFER_PHASE and bool(self.market) and not self.pending

    def _lazy_actions(self, p: int) -> LazyActions | None:
        """The combinatorial part of a decision (JAL-R-NEGOTIATION offers), built fresh for every call."""
        if self.phase == OFFER_PHASE and self.market and not self.pending:
            return OfferSpace.for_buyer(self, p)
        return None

    def _lazy_allows(self, p: int, action: Action) -> bool:
        """Is ``action`` in :meth:`_lazy_actions` (checked from the state itself)?"""
        return (type(action) is Offer and self.phase == OFFER_PHASE and bool(self.market) and not self.pending
                and offer_problem(self, p, action, making=True) is None)  # type: ignore[arg-type]

    # ------------------------------------------------------------ legal actions
    def _compute_specs(self, p: int) -> tuple[Spec, ...]:
        """The listed legal actions of ``p``'s decision now (offers apart: :class:`~.offers.OfferSpace`), then
        harvest and buy, which go with every decision (JAL-R-TIMING)."""
        phase = self.phase
        if self.pending:
            acts = self._place_specs(p)
        elif phase == OFFER_PHASE:
            acts = [(Pass,)]  # JAL-R-NEGOTIATION: or any offer (the lazy part)
        elif phase == PLANT_PHASE:
            acts = self._plant_specs(p)
        elif phase == RESPOND_PHASE:
            acts = self._respond_specs(p)
        elif phase == CLAIM_PHASE:
            acts = self._claim_specs()
        elif phase == FINAL_PHASE:
            acts = self._final_plant_specs(p)
        else:
            acts = list(self._extra_legal(p, phase))
        acts += self._harvest_buy_specs(p)
        return tuple(acts)

    def _place_specs(self, p: int) -> list[Spec]:
        """JAL-MARKET-03: plant each card received (kept, given or traded) on a plot that takes it. JAL-MARKET-08:
        with every plot full only harvest and buy remain, so the player harvests first."""
        cards = self.pending[0][1]
        acts: list[Spec] = []
        self._plant_actions(p, cards if len(cards) == 1 else sorted(set(cards)), acts)
        return acts

    def _plant_specs(self, p: int) -> list[Spec]:
        """JAL-PLANT-01/02: plant a card of the hand on a plot that takes it; done once one card is planted."""
        acts: list[Spec] = []
        self._plant_actions(p, self.players[p].products_in_hand(), acts)
        if self.planted >= 1:
            acts.append((Done,))
        return acts

    def _respond_specs(self, p: int) -> list[Spec]:
        """JAL-MARKET-05: accept an offer that can still be met; JAL-MARKET-02/06: keep a revealed card or give
        it away; JAL-MARKET-07: refuse every offer (another offer round follows), except in the last round."""
        acts: list[Spec] = [(Accept, buyer) for buyer in sorted(self.offers)
                            if self._acceptable(self.offers[buyer])]
        acts += _keep_give(p, self.num_players, tuple(self.market))
        if self.round < self.offer_rounds:
            acts.append((Refuse,))
        return acts

    def _claim_specs(self) -> list[Spec]:
        """JAL-CREDIT-02: claim a revealed card with a credit token, or pass."""
        return [*((Claim, c) for c in sorted(set(self.market))), (Pass,)]

    def _final_plant_specs(self, p: int) -> list[Spec]:
        """JAL-END-03: after the deck ran out, plant up to the planting limit, then done."""
        acts: list[Spec] = []
        if self.planted < self._plant_limit(p):
            self._plant_actions(p, self.players[p].products_in_hand(), acts)
        acts.append((Done,))
        return acts

    def _acceptable(self, offer: Offer) -> bool:
        """Fast check (same result as ``offer_problem``) that an open offer can still be accepted.

        The buyer's side cannot change while the offer is open, so only the revealed
        cards wanted (JAL-MARKET-09) and the cards asked from the active hand (JAL-MARKET-11) are checked."""
        market = self.market
        for c in offer.want:
            if offer.want.count(c) > market.count(c):
                return False
        hand = self.players[self.active].hand
        for c in offer.ask:
            if offer.ask.count(c) > hand[c]:
                return False
        return True

    def _extra_legal(self, p: int, decision: str) -> list[Spec]:
        """Hook for modes with more decisions (advanced mode events)."""
        return []
