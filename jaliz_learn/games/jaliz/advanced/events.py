"""What each event does: Crow, Snow, Drought, Rain, Recycling, Breeding, Thief, Tax, Model Farmer and the
Shopping Day (JADV-CROW-* ... JADV-SHOP-*).

A mixin of :class:`~.state.JalizAdvancedState`.
"""

from __future__ import annotations

from ....core.actions import Action
from ..actions import Accept, Plant, pname
from ..common import DIRTY_BURNED, Refusal, _forget
from .actions import Breed, CrowPick, DroughtOn, RainOn, Recycle, Shop, SnowOn, shop_shape_problem
from .common import MODEL_FARMER_MIN, _copy_shop
from .position import AdvancedFields


class EventEffects(AdvancedFields):
    """What each event does."""

    __slots__ = ()

    # ------------------------------------------- checks of the event choices: a refusal, or None when allowed
    def _event_problem(self, p: int, action: Action) -> Refusal | None:
        """The check of an event choice by its kind (each below cites its rule), or ``None`` when allowed."""
        kind = type(action)
        if kind is CrowPick:
            return self._crow_problem(p, action.plot)  # type: ignore[attr-defined]
        if kind is SnowOn:
            return self._snow_problem(p, action.plot)  # type: ignore[attr-defined]
        if kind is DroughtOn:
            return self._drought_problem(p, action.plot)  # type: ignore[attr-defined]
        if kind is RainOn:
            return self._rain_problem(p, action.plot)  # type: ignore[attr-defined]
        if kind is Plant:
            return self._garden_problem(p, action)  # type: ignore[arg-type]
        if kind is Recycle:
            return self._recycle_problem(action.product)  # type: ignore[attr-defined]
        if kind is Breed:
            return self._breed_problem(action.product)  # type: ignore[attr-defined]
        if kind is Accept and self.phase == "shop-reply":
            return self._shop_accept_problem(action.buyer)  # type: ignore[attr-defined]
        if kind is Shop:
            pl = self.players[p]
            targets = [(q, tuple(self.players[q].tokens)) for q in range(self.num_players) if q != p]
            return shop_shape_problem(action, targets, pl.hand, pl.tokens,  # type: ignore[arg-type]
                                      self.products, self.max_ask)
        return None

    def _crow_problem(self, p: int, plot: int) -> Refusal | None:
        """JADV-CROW-01: the crow eats a card from a planted plot of the player to the left (JADV-R-LEFTRIGHT);
        JADV-CROW-02: with every plot there empty, no plot passes and the crow takes nothing."""
        victim = self.left_of(p)
        counts = self.players[victim].plot_count
        if not 1 <= plot <= len(counts):
            return "JADV-R-LEFTRIGHT", f"the player to your left (P{victim}) has plots 1-{len(counts)}"
        if not counts[plot - 1]:
            return "JADV-CROW-01", f"plot {plot} of P{victim} is empty; the crow eats a planted card"
        return None

    def _snow_problem(self, p: int, plot: int) -> Refusal | None:
        """JADV-SNOW-02: snow falls on any plot of the player to the right, an empty one too (JADV-R-LEFTRIGHT)."""
        victim = self.right_of(p)
        n = len(self.players[victim].plot_count)
        if not 1 <= plot <= n:
            return "JADV-R-LEFTRIGHT", f"the player to your right (P{victim}) has plots 1-{n}"
        return None

    def _drought_problem(self, p: int, plot: int) -> Refusal | None:
        """JADV-DROUGHT-01: the drought burns one of your own planted plots."""
        counts = self.players[p].plot_count
        if not 1 <= plot <= len(counts):
            return "JADV-DROUGHT-01", f"your farm has plots 1-{len(counts)}"
        if not counts[plot - 1]:
            return "JADV-DROUGHT-01", f"plot {plot} is empty; choose a planted plot to burn"
        return None

    def _rain_problem(self, p: int, plot: int) -> Refusal | None:
        """JADV-RAIN-02: rain settles on one of your planted plots without a fertilizer."""
        pl = self.players[p]
        if not 1 <= plot <= len(pl.plot_count):
            return "JADV-RAIN-01", f"your farm has plots 1-{len(pl.plot_count)}"
        if pl.plot_fert[plot - 1]:
            return "JADV-RAIN-02", f"plot {plot} has a fertilizer; rain does not settle there"
        if not pl.plot_count[plot - 1]:
            return "JADV-RAIN-02", f"plot {plot} is empty; rain does not settle on empty plots"
        return None

    def _garden_problem(self, p: int, action: Plant) -> Refusal | None:
        """JADV-GARDEN-02: the gardener plants a card of the hand as in a turn (:meth:`_plant_problem`), but nobody
        may harvest during the event, so a card no plot takes cannot be planted."""
        problem = self._plant_problem(p, action, "gardener")
        if problem and problem[0] == "JAL-PLANT-04":
            return "JADV-GARDEN-02", (f"no plot can take {pname(action.product)} and nobody may harvest during "
                                      "an event")
        return problem

    def _recycle_problem(self, card: int) -> Refusal | None:
        """JADV-RECYCLE-01: take back a card of the burned pile."""
        if card not in self.burned:
            return "JADV-RECYCLE-01", f"there is no {pname(card)} in the burned pile"
        return None

    def _breed_problem(self, card: int) -> Refusal | None:
        """JADV-BREED-01: breeding names a product of this game."""
        if card not in self.products:
            return "JADV-BREED-01", f"{pname(card)} is not a product of this game"
        return None

    def _shop_accept_problem(self, buyer: int) -> Refusal | None:
        """JADV-SHOP-03: accept the open Shopping Day proposal if you hold every card and token it asks for."""
        if self.shop_offer is None or buyer != self.shop_offer[0]:
            owner = "nobody" if self.shop_offer is None else f"player {self.shop_offer[0]}"
            return "JADV-SHOP-02", f"the open proposal is {owner}'s, not player {buyer}'s"
        if not self._shop_acceptable(self.shop_offer[1]):
            return "JADV-SHOP-03", "you do not hold every card and token the proposal asks for"
        return None

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
