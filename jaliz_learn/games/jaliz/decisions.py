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
from itertools import compress as _compress

from ...core.actions import Action
from ...core.legal import ConcatActions, LazyActions
from ...core.memo import remember
from .actions import Accept, Claim, Done, Give, Harvest, Keep, Offer, Pass, Plant, Refuse
from .common import _PRODUCT_RANGE, CLAIM_PHASE, FINAL_PHASE, OFFER_PHASE, PLANT_PHASE, RESPOND_PHASE
from .legal import Spec, SpecActions, spec_of
from .offers import OfferSpace, offer_ok, offer_problem
from .position import JalizFields

_KEEP_GIVE: dict[tuple[int, ...], tuple[Spec, ...]] = {}    # (responder, players, *market) -> keep/give specs


def _keep_give(key: tuple[int, ...], p: int, n: int, market: list[int]) -> tuple[Spec, ...]:
    """JAL-MARKET-02/06: keep each revealed card, or give it to another player. Memoised in ``_KEEP_GIVE``."""
    out: list[Spec] = []
    for c in sorted(set(market)):
        out.append((Keep, c))
        out += [(Give, c, q) for q in range(n) if q != p]
    return remember(_KEEP_GIVE, key, tuple(out))


class DecisionRules(JalizFields):
    """What the player to move may do now: the legal actions of each decision."""

    __slots__ = ()

    def legal_actions(self, player: int | None = None) -> Sequence[Action]:
        """Every legal action of the player to act: a fresh sequence whose action objects are built on demand.

        Nothing in it is shared with the state or with earlier calls (see :mod:`.legal`)."""
        actor = self._cur if self._cur_key == self._version else self.current_player()
        if actor is None or (player is not None and player != actor):
            return ()
        if self._legal_key == self._version and self._legal_actor == actor:
            specs = self._legal
        else:  # _specs, inlined: the first call after every change comes from here
            specs = self._legal = self._compute_specs(actor)
            self._legal_key, self._legal_actor = self._version, actor
        if self.phase == OFFER_PHASE and self.market and not self.pending:
            # one sequence (the listed specs, then every offer) rather than a concatenation: a bot indexes it once
            pl = self.players[actor]
            return OfferSpace(self.market, pl.hand, pl.tokens, self.products, self.max_ask, specs)
        if not self._events:  # the standard game's only combinatorial decision is the offer, handled above
            return SpecActions(specs)
        if self.phase not in self._lazy_phases:  # no lazy part: skip the hook (the offer space is handled above)
            return SpecActions(specs)
        lazy = self._lazy_actions(actor)
        return SpecActions(specs) if lazy is None else ConcatActions([SpecActions(specs), lazy])

    def check_action(self, player: int, action: Action) -> None:
        """Legal if its value is among this state's own specs (or a valid offer): never trusts handed-out objects."""
        if type(action) is Offer:  # the commonest check of a random game: a direct test, no spec
            if self.phase == OFFER_PHASE and self.market and not self.pending and (
                    offer_ok(self, player, action) or offer_problem(self, player, action, making=True) is None):
                return
        else:
            specs = self._legal if self._legal_key == self._version and self._legal_actor == player \
                else self._specs(player)
            cls = type(action)  # the commonest kinds' specs built inline (spec_of is two calls)
            if cls is Plant:
                spec: Spec = (Plant, action.product, action.plot)  # type: ignore[attr-defined]
            elif cls is Harvest:
                spec = (Harvest, action.plot)  # type: ignore[attr-defined]
                anytime = self._anytime_cache[player]
                # the harvest/buy specs end the listed specs: test that short list, not the plantings before it
                if anytime is not None and spec in anytime and not (
                        self._events and self.phase in self._event_phases):
                    return
            elif cls is Give:
                spec = (Give, action.product, action.player)  # type: ignore[attr-defined]
            else:
                spec = spec_of(action)
            if spec in specs or self._lazy_allows(player, action):
                return
        raise self.explain_illegal(player, action)

    def _specs(self, actor: int) -> tuple[Spec, ...]:
        """The listed legal actions as specs, computed once per state change."""
        if self._legal_key != self._version or self._legal_actor != actor:
            self._legal = self._compute_specs(actor)
            self._legal_key = self._version
            self._legal_actor = actor
        return self._legal

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
        # decisions tested in the order of their frequency in random games (place, offer, plant, respond)
        pending = self.pending
        phase = self.phase
        acts: list[Spec] = []
        if pending:  # decision "place"
            # JAL-MARKET-08: with full plots only harvest/buy are listed below, so the player harvests first
            cards = pending[0][1]
            # one received card (the common case): _plant_actions inlined, unless a plot of the player is snowed
            if len(cards) == 1 and (not self._events or self._unplantable_plot(p) < 0):
                card = cards[0]
                for k, prod in enumerate(self.players[p].plot_product, 1):
                    if prod == 0 or prod == card:
                        acts.append((Plant, card, k))
            else:
                self._plant_actions(p, cards if len(cards) == 1 else sorted(set(cards)), acts)
        elif phase == OFFER_PHASE:
            acts.append((Pass,))
        elif phase == PLANT_PHASE:
            hand = self.players[p].hand  # counted by product number: compress lists the products held, in C
            self._plant_actions(p, list(_compress(_PRODUCT_RANGE, hand)), acts)
            if self.planted >= 1:  # JAL-PLANT-01: at least one card
                acts.append((Done,))
        elif phase == RESPOND_PHASE:
            offers = self.offers
            if offers:
                market = self.market
                for buyer in sorted(offers):
                    offer = offers[buyer]  # one wanted card and nothing asked: acceptable if still revealed
                    if (offer.want[0] in market) if len(offer.want) == 1 and not offer.ask \
                            else self._acceptable(offer):
                        acts.append((Accept, buyer))
            key = (p, self.num_players, *self.market)  # memoised by value: no loop over cards x players
            kept = _KEEP_GIVE.get(key)
            if kept is None:
                kept = _keep_give(key, p, self.num_players, self.market)
            acts += kept
            if self.round < self.offer_rounds:
                acts.append((Refuse,))
        elif phase == CLAIM_PHASE:
            acts.extend((Claim, c) for c in sorted(set(self.market)))
            acts.append((Pass,))
        elif phase == FINAL_PHASE:
            if self.planted < self._plant_limit(p):
                self._plant_actions(p, list(_compress(_PRODUCT_RANGE, self.players[p].hand)), acts)
            acts.append((Done,))
        else:
            acts.extend(self._extra_legal(p, phase))
        if not self._events or self.phase not in self._event_phases:  # _anytime_allowed, inlined
            anytime = self._anytime_cache[p]
            acts.extend(anytime if anytime is not None else self._anytime_actions(p))
        return tuple(acts)

    #: Does this mode have events (snow, event phases)? The standard game skips their hooks in the hot loop, and a
    #: mode with events skips them too while no event hook can matter (the ``_events`` slot, see ``__init__``).
    HAS_EVENTS = False

    #: Phases of an event being resolved (no harvest/buy, decisions go to _event_apply); tested inline in the hot loop.
    EVENT_PHASE_SET: frozenset[str] = frozenset()

    #: Phases whose decision has a lazy part besides the market offers (advanced mode's Shopping Day).
    LAZY_PHASE_SET: frozenset[str] = frozenset()

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
