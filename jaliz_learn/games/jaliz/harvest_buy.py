"""Harvesting (JAL-HARVEST-*) and buying (JAL-BUY-*), allowed at any decision.

A harvest sells a whole plot on its product's meter (JAL-HARVEST-02): coins are cards kept face
down (JAL-HARVEST-03), never more coins than cards (JAL-R-COINCAP), the rest burned; a fertilizer
counts as one more card (JAL-HARVEST-05). Buying: a third plot, a tractor, fertilizers, three cards
(JAL-BUY-02..05), paid with coin cards that go to the burned pile (JAL-R-PAYMENT).

A mixin of :class:`~.state.JalizState` (see the map in the package docstring).
"""

from __future__ import annotations

from bisect import bisect_right, insort

from . import data as D
from .actions import Buy, Harvest
from .common import DIRTY_BURNED, DIRTY_SUPPLY, Refusal
from .legal import Spec
from .position import JalizFields


class HarvestBuyRules(JalizFields):
    """Harvesting (JAL-HARVEST-*) and buying (JAL-BUY-*), allowed at any decision."""

    __slots__ = ()

    def _anytime_allowed(self) -> bool:
        """JAL-R-TIMING: harvest/buy go with every decision (advanced mode blocks them during events)."""
        return True

    def _harvest_buy_actions(self, p: int) -> list[Spec]:
        """JAL-HARVEST-01 / JAL-BUY-01: what ``p`` may harvest or buy, at any of their decisions.

        A measured fast path (it runs at every change of a farm): each condition is the one of the check named
        beside it, written inline; tests/games/jaliz/test_rule_checks.py holds them equal on thousands of
        positions."""
        pl = self.players[p]
        coins = len(pl.coins)
        acts: list[Spec] = []
        for i in range(len(pl.plot_count)):
            if self._can_harvest(p, i):  # _harvest_problem
                acts.append((Harvest, i + 1))
        if coins >= D.THIRD_PLOT_PRICE and not pl.third_plot and self.third_plot_supply > 0:  # _plot_purchase_problem
            acts.append((Buy, "plot", 0))
        if coins >= D.TRACTOR_PRICE and not pl.tractor and self.tractor_supply > 0:  # _tractor_purchase_problem
            acts.append((Buy, "tractor", 0))
        if coins >= self.fertilizer_price and self.fertilizer_supply > 0:  # _fertilizer_supply/plot_problem
            acts.extend((Buy, "fertilizer", i + 1) for i in range(len(pl.plot_fert)) if not pl.plot_fert[i])
        if coins >= D.CARDS_PRICE and not pl.bought_cards and not self.ending:  # _cards_purchase_problem
            acts.append((Buy, "cards", 0))
        return acts

    def _can_harvest(self, p: int, plot: int) -> bool:
        """A plot can be harvested if it holds cards (JAL-HARVEST-04); advanced mode adds snow."""
        return self.players[p].plot_count[plot] > 0

    def _harvest_problem(self, p: int, plot: int) -> Refusal | None:
        """JAL-HARVEST-04: a harvest takes a planted plot of your own farm (``plot`` counts from 1); advanced mode
        adds snow (:meth:`_can_harvest`)."""
        pl = self.players[p]
        if not 1 <= plot <= len(pl.plot_count):
            return "JAL-HARVEST-04", f"your farm has plots 1-{len(pl.plot_count)}"
        if pl.plot_count[plot - 1] == 0:
            return "JAL-HARVEST-04", f"plot {plot} is empty; there is nothing to harvest"
        if not self._can_harvest(p, plot - 1):
            return "JADV-SNOW-01", f"plot {plot} is frozen under snow"
        return None

    def _buy_problem(self, p: int, item: str, plot: int) -> Refusal | None:
        """JAL-BUY-01: what may be bought (a third plot, a tractor, a fertilizer for a plot, three cards), each
        item by its own check."""
        if item == "plot":
            return self._plot_purchase_problem(p)
        if item == "tractor":
            return self._tractor_purchase_problem(p)
        if item == "fertilizer":
            return self._fertilizer_plot_problem(p, plot) or self._fertilizer_supply_problem(p)
        if item == "cards":
            return self._cards_purchase_problem(p)
        return "JAL-BUY-01", f"unknown item {item!r}; buy plot, tractor, fertilizer PLOT or cards"

    def _plot_purchase_problem(self, p: int) -> Refusal | None:
        """JAL-BUY-02: one third plot per player, while the supply lasts, for its price in coins."""
        pl = self.players[p]
        if pl.third_plot:
            return "JAL-BUY-02", "each player may buy only one third plot"
        if self.third_plot_supply <= 0:
            return "JAL-BUY-02", "no third plot is left in the supply"
        if len(pl.coins) < D.THIRD_PLOT_PRICE:
            return "JAL-BUY-02", f"a third plot costs {D.THIRD_PLOT_PRICE} coins; you have {len(pl.coins)}"
        return None

    def _tractor_purchase_problem(self, p: int) -> Refusal | None:
        """JAL-BUY-03: one tractor per player, while the supply lasts, for its price in coins."""
        pl = self.players[p]
        if pl.tractor:
            return "JAL-BUY-03", "each player may buy only one tractor"
        if self.tractor_supply <= 0:
            return "JAL-BUY-03", "no tractor is left in the supply"
        if len(pl.coins) < D.TRACTOR_PRICE:
            return "JAL-BUY-03", f"a tractor costs {D.TRACTOR_PRICE} coins; you have {len(pl.coins)}"
        return None

    def _fertilizer_plot_problem(self, p: int, plot: int) -> Refusal | None:
        """JAL-BUY-04: a fertilizer goes on a plot of your own farm (``plot`` counts from 1), one per plot."""
        pl = self.players[p]
        if not 1 <= plot <= len(pl.plot_fert):
            return "JAL-BUY-04", f"your farm has plots 1-{len(pl.plot_fert)}"
        if pl.plot_fert[plot - 1]:
            return "JAL-BUY-04", f"plot {plot} already has a fertilizer (one per plot)"
        return None

    def _fertilizer_supply_problem(self, p: int) -> Refusal | None:
        """JAL-BUY-04 / JAL-R-FERT: fertilizers while the supply lasts, at the game's fertilizer price."""
        if self.fertilizer_supply <= 0:
            return "JAL-BUY-04", "the fertilizer supply is empty"
        coins = len(self.players[p].coins)
        if coins < self.fertilizer_price:
            return "JAL-R-FERT", f"fertilizer costs {self.fertilizer_price} coins; you have {coins}"
        return None

    def _cards_purchase_problem(self, p: int) -> Refusal | None:
        """JAL-BUY-05: three product cards, once per game, for their price; JAL-R-NOCARDS-LATE: not once the deck
        has run out for the last time."""
        pl = self.players[p]
        if pl.bought_cards:
            return "JAL-BUY-05", "product cards may be bought only once per game"
        if self.ending:
            return "JAL-R-NOCARDS-LATE", "the deck has run out for the last time"
        if len(pl.coins) < D.CARDS_PRICE:
            return "JAL-BUY-05", f"three product cards cost {D.CARDS_PRICE} coin; you have {len(pl.coins)}"
        return None

    def _harvest(self, p: int, i: int) -> None:
        """JAL-HARVEST-02: sell a whole plot on its product's meter; JAL-HARVEST-03: the coins are harvested cards
        kept face down, the rest burned; JAL-R-COINCAP: never more coins than cards harvested."""
        self._touch_farm(p)
        pl = self.players[p]
        product, count = pl.plot_product[i], pl.plot_count[i]
        effective = count + self._harvest_bonus(p, i)  # JAL-HARVEST-05
        coins = min(D.coins_for(product, effective), count)  # JAL-HARVEST-02, JAL-R-COINCAP
        if coins:
            pl.coins.extend([product] * coins)  # JAL-HARVEST-03: coins are the cards kept face down
        if count > coins:
            self._burn([product] * (count - coins))
        pl.plot_product[i] = 0
        pl.plot_count[i] = 0
        self.log.add("harvest", p, {"plot": i + 1, "card": product, "cards": count, "counted": effective,
                                    "coins": coins})

    def _harvest_bonus(self, p: int, i: int) -> int:
        """JAL-HARVEST-05: a fertilizer counts as one more card (advanced mode adds rain and breeding)."""
        return 1 if self.players[p].plot_fert[i] else 0

    def _burn(self, cards: list[int]) -> None:
        """Put cards face up on the burned pile (kept sorted: its order never matters)."""
        self._dirty |= DIRTY_BURNED
        burned = self.burned
        if cards and cards[0] == cards[-1]:  # one product (a harvest, a drought): one insertion
            i = bisect_right(burned, cards[0])
            burned[i:i] = cards
            return
        for c in cards:
            insort(burned, c)

    def _pay(self, p: int, amount: int) -> None:
        """JAL-BUY-01 / JAL-R-PAYMENT: paid coin cards go face up to the burned pile."""
        self._touch_farm(p)
        self._dirty |= DIRTY_BURNED
        coins = self.players[p].coins
        for _ in range(amount):
            insort(self.burned, coins.pop())

    def _buy(self, p: int, action: Buy) -> None:
        self._touch_supplies()
        self._dirty |= DIRTY_SUPPLY
        pl = self.players[p]
        item = action.item
        if item == "plot":                       # JAL-BUY-02
            self._pay(p, D.THIRD_PLOT_PRICE)
            self.third_plot_supply -= 1
            pl.third_plot = True
            pl.plot_product.append(0)
            pl.plot_count.append(0)
            pl.plot_fert.append(False)
            self.log.add("buy", p, {"item": "plot", "price": D.THIRD_PLOT_PRICE})
        elif item == "tractor":                  # JAL-BUY-03
            self._pay(p, D.TRACTOR_PRICE)
            self.tractor_supply -= 1
            pl.tractor = True
            pl.spent_equipment += D.TRACTOR_PRICE
            self.log.add("buy", p, {"item": "tractor", "price": D.TRACTOR_PRICE})
        elif item == "fertilizer":               # JAL-BUY-04, JAL-R-FERT
            self._pay(p, self.fertilizer_price)
            self.fertilizer_supply -= 1
            pl.plot_fert[action.plot - 1] = True
            pl.spent_equipment += self.fertilizer_price
            self.log.add("buy", p, {"item": "fertilizer", "plot": action.plot, "price": self.fertilizer_price})
        else:                                    # JAL-BUY-05
            self._pay(p, D.CARDS_PRICE)
            pl.bought_cards = True
            self.log.add("buy", p, {"item": "cards", "price": D.CARDS_PRICE})
            self._draw_to_hand(p, D.CARDS_BOUGHT, "bought")
