"""What each event does: Crow, Snow, Drought, Rain, Recycling, Breeding, Thief, Tax, Model Farmer and the
Shopping Day (JADV-CROW-* ... JADV-SHOP-*).

A mixin of :class:`~.state.JalizAdvancedState`.
"""

from __future__ import annotations

from ....core.actions import Action
from ..actions import Accept
from ..common import DIRTY_BURNED, _forget
from .actions import Shop
from .common import MODEL_FARMER_MIN, _copy_shop
from .position import AdvancedFields


class EventEffects(AdvancedFields):
    """What each event does."""

    __slots__ = ()

    def _next_in_event(self) -> None:
        self.event_queue.pop(0)
        self._advance_event()
        self._settle()

    def _crow(self, p: int, i: int) -> None:
        """JADV-CROW-01: burn one card from plot ``i`` of the player to the left."""
        victim = self.left_of(p)
        pl = self.players[victim]
        card = pl.plot_product[i]
        pl.plot_count[i] -= 1
        if pl.plot_count[i] == 0:
            pl.plot_product[i] = 0
        self._burn([card])
        self._touch(victim)
        self.log.add("crow", p, {"victim": victim, "plot": i + 1, "card": card})

    def _snow(self, p: int, i: int) -> None:
        """JADV-SNOW-02: a snow token on plot ``i`` of the player to the right."""
        victim = self.right_of(p)
        self.snow[victim] = i
        self._touch(victim)
        self.log.add("snow", p, {"victim": victim, "plot": i + 1})

    def _drought(self, p: int, i: int) -> None:
        """JADV-DROUGHT-01: burn every card of own plot ``i`` (a fertilizer stays, JADV-DROUGHT-02)."""
        pl = self.players[p]
        card, count = pl.plot_product[i], pl.plot_count[i]
        self._burn([card] * count)
        pl.plot_product[i] = 0
        pl.plot_count[i] = 0
        self._touch(p)
        self.log.add("drought", p, {"plot": i + 1, "card": card, "cards": count})

    def _rain(self, p: int, i: int) -> None:
        """JADV-RAIN-01: a rain token on own plot ``i``."""
        self.rain[p] = i
        self._touch(p)
        self.log.add("rain", p, {"plot": i + 1})

    def _recycle(self, p: int, card: int) -> None:
        """JADV-RECYCLE-01: take a card of the (face-up) burned pile into hand."""
        self.burned.remove(card)
        self._dirty |= DIRTY_BURNED
        self.players[p].hand[card] += 1
        self.players[p].known[card] += 1  # taken face up from the burned pile
        self._touch(p)
        self.log.add("recycle", p, {"card": card})

    def _breed(self, p: int, card: int) -> None:
        """JADV-BREED-01: the breeding token goes on one product for everyone."""
        self.breeding = card
        self._touch(*range(self.num_players))
        self.log.add("breed", p, {"card": card})

    def _thief(self) -> None:
        """JADV-THIEF-01: in seat order, each player takes a random card from the right neighbour's hand."""
        for p in self._order():
            victim = self.right_of(p)
            cards = self.players[victim].hand_list()
            if not cards:
                self.log.add("event-skip", p, {"event": "thief", "reason": f"P{victim} has no card in hand"})
                continue
            card = cards[self.rng.randrange(len(cards))]
            self.players[victim].hand[card] -= 1
            self.players[p].hand[card] += 1
            known = self.players[victim].known  # nobody else knows which card: every known count may drop by one
            if any(known):  # mostly nothing is known of a hand: no per-product loop
                known[:] = [k - 1 if k else 0 for k in known]
            self._touch(p, victim)
            self.log.add("thief", p, {"victim": victim}, secret={"card": card}, visible_to=(p, victim))

    def _tax(self) -> None:
        """JADV-TAX-01: every player with a coin pays 1 coin to the burned pile (JAL-R-PAYMENT)."""
        for p in self._order():
            if self.players[p].coins:
                self._pay(p, 1)
                self.log.add("tax", p, {"paid": 1})
            else:
                self.log.add("event-skip", p, {"event": "tax", "reason": "no coin"})

    def model_farmer_winner(self) -> int | None:
        """JADV-MODEL-01, JADV-MODEL-02: the longest single plot (3+ cards) wins; ties go to the longer other plots."""
        keys = []
        for pl in self.players:
            counts = sorted(pl.plot_count, reverse=True) + [0] * (3 - len(pl.plot_count))
            keys.append(tuple(counts))
        best = max(keys)
        if best[0] < MODEL_FARMER_MIN:
            return None
        winners = [p for p, k in enumerate(keys) if k == best]
        return winners[0] if len(winners) == 1 else None

    def _model_farmer(self) -> None:
        """JADV-MODEL-01, JADV-MODEL-02, JADV-MODEL-03: award the card (kept out of the event deck) or discard it."""
        winner = self.model_farmer_winner()
        if winner is None:
            self.log.add("model-farmer", None, {"winner": None})
            return
        if "model-farmer" in self.event_discard:  # the revealed card goes to the winner instead
            i = len(self.event_discard) - 1 - self.event_discard[::-1].index("model-farmer")
            del self.event_discard[i]
        self.model_farmer[winner] += 1
        self._touch(winner)
        self.log.add("model-farmer", winner, {"winner": winner, "cards": self.model_farmer[winner]})

    # -- Shopping Day --------------------------------------------------------
    def _propose(self, p: int, offer: Shop) -> None:
        """JADV-SHOP-02: one proposal; the other player replies at once (stored as a copy of the bot's object)."""
        self.shop_offer = (p, _copy_shop(offer))
        self._reveal(p, offer.give)
        self.phase = "shop-reply"
        self.log.add("shop-offer", p, {"to": offer.to, "give": list(offer.give), "tokens": list(offer.tokens),
                                       "ask": list(offer.ask), "ask_tokens": list(offer.ask_tokens)})

    def _reply(self, player: int, action: Action) -> None:
        """JADV-SHOP-01, JADV-SHOP-03: accepted trades move cards hand to hand (never planted) and tokens."""
        assert self.shop_offer is not None  # the shop-reply phase always has an open proposal
        proposer, offer = self.shop_offer
        if isinstance(action, Accept):
            a, b = self.players[proposer], self.players[offer.to]
            for c in offer.give:
                a.hand[c] -= 1
                b.hand[c] += 1
                b.known[c] += 1  # JADV-SHOP-01: cards traded in the open stay known in their new hand
            for c in offer.ask:
                b.hand[c] -= 1
                a.hand[c] += 1
                a.known[c] += 1
            _forget(a.known, offer.give)
            _forget(b.known, offer.ask)
            for t in offer.tokens:
                a.tokens.remove(t)
                b.tokens.append(t)
            for t in offer.ask_tokens:
                b.tokens.remove(t)
                a.tokens.append(t)
            a.tokens.sort()
            b.tokens.sort()
            self._touch(proposer, offer.to)
            self.log.add("shop-trade", offer.to, {"proposer": proposer, "to": offer.to, "give": list(offer.give),
                                                  "tokens": list(offer.tokens), "ask": list(offer.ask),
                                                  "ask_tokens": list(offer.ask_tokens)})
        else:
            self.log.add("shop-refuse", player, {"proposer": proposer})
        self.shop_offer = None
        self.phase = "shop"
