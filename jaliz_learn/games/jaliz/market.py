"""The market: revealed cards, the credit claim, offers, trades, keeping and giving.

Two cards are revealed (JAL-MARKET-01); the holder of the active player's credit token may claim one
first (JAL-CREDIT-02); the other players offer in seat order (JAL-R-NEGOTIATION); the active player
accepts (JAL-MARKET-05/10/11), keeps or gives (JAL-MARKET-02/06) or refuses all (JAL-MARKET-07);
when the market is empty the active player receives cards (JAL-RECEIVE-01) and the turn passes.

A mixin of :class:`~.state.JalizState` (see the map in the package docstring).
"""

from __future__ import annotations

from collections.abc import Sequence

from . import data as D
from .actions import Offer, pname
from .common import (
    _MARKET_PHASES,
    CLAIM_PHASE,
    DIRTY_OFFERS,
    DIRTY_TURN,
    OFFER_PHASE,
    RESPOND_PHASE,
    Refusal,
    _forget,
)
from .offers import offer_problem
from .position import JalizFields


class MarketRules(JalizFields):
    """The market: revealed cards, the credit claim, offers, trades, keeping and giving."""

    __slots__ = ()

    # -------------------------------------------------- checks: a refusal, or None when allowed
    def _claim_problem(self, card: int) -> Refusal | None:
        """JAL-CREDIT-02: a credit token claims one of the revealed cards."""
        if card not in self.market:
            return "JAL-CREDIT-02", f"{pname(card)} is not among the revealed cards {self._market_text()}"
        return None

    def _accept_problem(self, buyer: int) -> Refusal | None:
        """JAL-MARKET-05: accept an open offer that can still be met (JAL-MARKET-09/11, :func:`.offers.offer_problem`;
        :meth:`~.decisions.DecisionRules._acceptable` is its fast path, tested equal)."""
        if buyer not in self.offers:
            return "JAL-R-NEGOTIATION", f"player {buyer} has no open offer"
        return offer_problem(self, buyer, self.offers[buyer])  # type: ignore[arg-type]

    def _keep_give_problem(self, p: int, card: int, receiver: int | None) -> Refusal | None:
        """JAL-MARKET-02: keep a revealed card or (JAL-MARKET-06) give it to another player (``receiver``)."""
        if card not in self.market:
            return "JAL-MARKET-02", f"{pname(card)} is not among the revealed cards {self._market_text()}"
        if receiver is not None and not (0 <= receiver < self.num_players and receiver != p):
            return "JAL-MARKET-06", f"a gift goes to another player (0-{self.num_players - 1}, not {receiver})"
        return None

    def _refuse_problem(self) -> Refusal | None:
        """JAL-MARKET-07: refusing every offer brings another offer round, except after the last one."""
        if self.round >= self.offer_rounds:
            return "JAL-MARKET-07", f"this is the last offer round ({self.offer_rounds}); keep, give or accept"
        return None

    def _market_text(self) -> str:
        return "(" + ", ".join(pname(c) for c in self.market) + ")" if self.market else "(none)"

    def _reveal(self, p: int, cards: Sequence[int]) -> None:
        """Cards a player has shown to be in hand (an offer's cards must be held): public knowledge from now on."""
        known = self.players[p].known
        for c in set(cards):
            if cards.count(c) > known[c]:
                known[c] = cards.count(c)
                self._touch_known(p)

    def _make_offer(self, buyer: int, offer: Offer) -> None:
        """JAL-R-NEGOTIATION, JAL-MARKET-10: a buyer offers for revealed cards (its cards are shown: now known);
        the next buyer offers or passes, and after the last the active player responds."""
        # stored as a copy: the bot keeps the object it sent
        self.offers[buyer] = Offer(offer.want, offer.give, offer.tokens, offer.ask)
        self._dirty |= DIRTY_OFFERS
        if offer.give:
            self._reveal(buyer, offer.give)
        self.log.add("offer", buyer, {"want": list(offer.want), "give": list(offer.give),
                                      "tokens": list(offer.tokens), "ask": list(offer.ask)})
        self._next_buyer()

    def _pass(self, p: int) -> None:
        """JAL-CREDIT-02: no claim (the offers begin); JAL-R-NEGOTIATION: no offer (the next buyer's turn)."""
        self.log.add("pass", p, {})
        if self.phase == CLAIM_PHASE:
            self._start_offers()
        else:
            self._next_buyer()

    def _refuse(self, p: int) -> None:
        """JAL-R-NEGOTIATION: the active player refuses every offer; another offer round begins."""
        self.log.add("refuse", p, {"offers": sorted(self.offers)})
        self.offers.clear()
        self._dirty |= DIRTY_OFFERS | DIRTY_TURN
        self.round += 1
        self._start_round()

    def _keep(self, p: int, card: int) -> None:
        """JAL-MARKET-04 / JAL-MARKET-07: the active player keeps a revealed card and plants it at once."""
        self.market.remove(card)
        self.log.add("keep", p, {"card": card})
        self._queue(p, [card])

    def _give(self, p: int, card: int, receiver: int) -> None:
        """JAL-MARKET-06, JAL-R-GIFT: a revealed card given away; the receiver cannot refuse and plants it."""
        self.market.remove(card)
        self.log.add("give", p, {"card": card, "to": receiver})
        self._queue(receiver, [card])

    def _claim(self, p: int, card: int) -> None:
        """JAL-CREDIT-02: take a revealed card first and return the active player's token."""
        self._touch(p, self.active)
        self.market.remove(card)
        self.players[p].tokens.remove(self.active)
        self.players[self.active].tokens.append(self.active)
        self.players[self.active].tokens.sort()
        self.log.add("claim", p, {"card": card, "token_returned_to": self.active})
        self._queue(p, [card])
        self._start_offers()

    def _accept(self, buyer: int) -> None:
        """JAL-MARKET-05/10/11, JAL-CREDIT-01/03: carry out a trade; both sides plant what they receive."""
        offer = self.offers.pop(buyer)
        self._dirty |= DIRTY_OFFERS
        self._touch(self.active, buyer)
        a, b = self.players[self.active], self.players[buyer]
        for c in offer.want:
            self.market.remove(c)
        for c in offer.give:
            b.hand[c] -= 1
        for c in offer.ask:
            a.hand[c] -= 1
        _forget(b.known, offer.give)
        _forget(a.known, offer.ask)
        for t in offer.tokens:
            b.tokens.remove(t)
            a.tokens.append(t)
        a.tokens.sort()
        self.log.add("trade", self.active, {"buyer": buyer, "want": list(offer.want),
                                            "give": list(offer.give), "tokens": list(offer.tokens),
                                            "ask": list(offer.ask)})
        self._queue(buyer, list(offer.want) + list(offer.ask))
        if offer.give:
            self._queue(self.active, list(offer.give))

    def _start_market(self) -> None:
        """JAL-MARKET-01: reveal two cards; then a priority claim if someone holds the token. JAL-R-ENDSTEP: once
        the deck has run out for the last time, the planting step was the last: the final phase begins instead."""
        if self.ending:  # JAL-R-ENDSTEP: the planting step was the last one
            self._start_final()
            return
        drawn = self._draw(D.MARKET_CARDS)
        self.market = sorted(drawn)
        self.log.add("reveal", self.active, {"cards": list(drawn)})
        self.round = 1
        self._dirty |= DIRTY_TURN
        if self.offers:
            self.offers.clear()
            self._dirty |= DIRTY_OFFERS
        holder = None  # who holds the active player's credit token (a loop: no generator once a turn)
        active = self.active
        for q, pl in enumerate(self.players):
            if q != active and active in pl.tokens:
                holder = q
                break
        if holder is not None and self.market:
            self.phase = CLAIM_PHASE
            self.claimer = holder
        else:
            self._start_offers()

    def _start_offers(self) -> None:
        self.claimer = None
        self._start_round()

    def _start_round(self) -> None:
        """JAL-R-NEGOTIATION: every other player, in seat order, offers or passes."""
        self.buyer_index = 0
        self.phase = OFFER_PHASE

    def _next_buyer(self) -> None:
        self.buyer_index += 1
        if self.buyer_index >= self.num_players - 1:
            self.phase = RESPOND_PHASE

    def _settle(self) -> None:
        """Run the automatic steps until someone must decide: once every revealed card is placed, the market
        ends (JAL-MARKET-02)."""
        while not self.pending and self.phase in _MARKET_PHASES and not self.market:
            self._end_market()

    def _end_market(self) -> None:
        """JAL-MARKET-02 done; JAL-RECEIVE-01: draw 2 or 3 cards, then the next player's turn."""
        if self.offers:
            self.offers.clear()
            self._dirty |= DIRTY_OFFERS
        if self.ending:
            self._start_final()
            return
        self._draw_to_hand(self.active, self.receive_count, "receive")
        if self.ending:
            self._start_final()
            return
        self._pass_turn()

    def _pass_turn(self) -> None:
        """JAL-SETUP-06: play continues clockwise: the next seat's turn begins."""
        self.active = (self.active + 1) % self.num_players
        self._dirty |= DIRTY_TURN  # _start_turn marks it too, but advanced mode may open an event before it
        self._start_turn()
