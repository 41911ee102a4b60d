"""Planting (JAL-PLANT-*) and placing received cards (JAL-MARKET-03).

A card goes on an empty plot or on a plot of the same product (JAL-PLANT-02); 1-2 cards a turn,
3 with a tractor (JAL-PLANT-01/05); cards received in the market are planted at once.

A mixin of :class:`~.state.JalizState` (see the map in the package docstring).
"""

from __future__ import annotations

from . import data as D
from .actions import Plant, pname
from .common import FINAL_PHASE, PLANT_PHASE, Refusal, _forget
from .legal import Spec
from .position import JalizFields


class PlantingRules(JalizFields):
    """Planting (JAL-PLANT-*) and placing received cards (JAL-MARKET-03)."""

    __slots__ = ()

    def _plant_actions(self, p: int, cards: list[int], acts: list[Spec]) -> None:
        """Append ``plant CARD PLOT`` for every card and every plot that takes it (JAL-PLANT-02: empty or of the
        same product), plots in order."""
        prods = self.players[p].plot_product
        open_plots = [i for i in range(len(prods)) if self._plantable(p, i)]  # advanced mode: not a snowed one
        for card in cards:
            for i in open_plots:
                if prods[i] == 0 or prods[i] == card:
                    acts.append((Plant, card, i + 1))

    def _plots_for(self, p: int, card: int) -> list[int]:
        """Plots (1-based) that can take ``card``: empty or same product (JAL-PLANT-02)."""
        pl = self.players[p]
        prods = pl.plot_product
        return [i + 1 for i in range(len(prods)) if (prods[i] == 0 or prods[i] == card) and self._plantable(p, i)]

    def _plant_problem(self, p: int, action: Plant, decision: str) -> Refusal | None:
        """JAL-PLANT-01: plant a card of your hand (when placing, a card received: JAL-MARKET-03) on a plot that
        takes it (:meth:`_plot_problem`), up to the limit in the final planting (JAL-END-03); JAL-SETUP-02: only
        the products of this game. The legal actions list exactly the plantings this allows (tested)."""
        pl = self.players[p]
        if action.product not in self.products:
            return "JAL-SETUP-02", (f"there is no product {action.product} in this game (products "
                                    f"{self.products[0]}-{self.products[-1]})")
        if decision == "place":
            if action.product not in self.pending[0][1]:
                cards = ", ".join(pname(c) for c in self.pending[0][1])
                return "JAL-MARKET-03", f"you must plant the cards you received ({cards}), not {pname(action.product)}"
        elif pl.hand[action.product] == 0:
            return "JAL-PLANT-01", f"you have no {pname(action.product)} in hand"
        if decision == FINAL_PHASE and self.planted >= self._plant_limit(p):
            return "JAL-END-03", f"you have planted {self.planted} cards, the most allowed"
        return self._plot_problem(p, action.product, action.plot)

    def _done_problem(self, decision: str) -> Refusal | None:
        """JAL-PLANT-01: a turn plants at least one card from the hand before it is done."""
        if decision == PLANT_PHASE and self.planted < 1:
            return "JAL-PLANT-01", "you must plant at least one card from your hand first"
        return None

    def _plot_problem(self, p: int, card: int, plot: int) -> Refusal | None:
        """JAL-PLANT-02: one product per plot, so ``card`` goes on an empty plot or one of its product
        (``plot`` counts from 1: two plots, a third bought, JAL-SETUP-01 / JAL-BUY-02); JAL-PLANT-04: with no
        such plot, a plot must be harvested first."""
        pl = self.players[p]
        nplots = len(pl.plot_count)
        if not 1 <= plot <= nplots:
            return ("JAL-BUY-02" if plot == 3 else "JAL-SETUP-01"), f"your farm has plots 1-{nplots}"
        if not self._plantable(p, plot - 1):
            return "JADV-SNOW-01", f"plot {plot} is under snow"
        current = pl.plot_product[plot - 1]
        if current and current != card:
            if not self._plots_for(p, card):
                return "JAL-PLANT-04", (f"plot {plot} holds {pname(current)}; only one product per plot "
                                        "(harvest a plot first)")
            return "JAL-PLANT-02", f"plot {plot} holds {pname(current)}; only one product per plot"
        return None

    def _plantable(self, p: int, plot: int) -> bool:
        """Hook: advanced mode forbids planting on a snowed plot."""
        return True

    def _plant_limit(self, p: int) -> int:
        """JAL-PLANT-01 / JAL-PLANT-05 / JAL-END-03: 2 cards, 3 with a tractor."""
        return D.PLANT_LIMIT_TRACTOR if self.players[p].tractor else D.PLANT_LIMIT

    def _do_plant(self, p: int, action: Plant) -> None:
        """JAL-PLANT-01/02, JAL-MARKET-03: put one card on a plot, a received one first; planting from the hand
        ends at the planting limit or with an empty hand (JAL-PLANT-01/05)."""
        self._touch_planting(p, action.plot - 1, action.product, from_hand=not self.pending)
        pl = self.players[p]
        i = action.plot - 1
        if self.pending:
            self.pending[0][1].remove(action.product)
            source = "received"
        else:
            pl.hand[action.product] -= 1
            _forget(pl.known, [action.product])
            self.planted += 1
            source = "hand"
        pl.plot_product[i] = action.product
        pl.plot_count[i] += 1
        self.log.add("plant", p, {"card": action.product, "plot": action.plot, "from": source})
        if self.pending and not self.pending[0][1]:
            self.pending.pop(0)
        elif not self.pending and self.phase == PLANT_PHASE and (
                self.planted >= self._plant_limit(p) or pl.hand_size == 0):
            self._start_market()

    def _queue(self, p: int, cards: list[int]) -> None:
        """JAL-MARKET-03: received cards must be planted at once, before anything else."""
        self.pending.append([p, sorted(cards)])
