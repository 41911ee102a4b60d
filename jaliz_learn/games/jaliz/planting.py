"""Planting (JAL-PLANT-*) and placing received cards (JAL-MARKET-03).

A card goes on an empty plot or on a plot of the same product (JAL-PLANT-02); 1-2 cards a turn,
3 with a tractor (JAL-PLANT-01/05); cards received in the market are planted at once.

A mixin of :class:`~.state.JalizState` (see the map in the package docstring).
"""

from __future__ import annotations

from . import data as D
from .actions import Plant
from .common import PLANT_PHASE, _forget
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
