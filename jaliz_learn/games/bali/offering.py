"""The offering phase: offerings placed on the altar, openly and face down (BAL-OFFER-01..05).

A mixin of :class:`~.state.BaliState` (see the map in the package docstring).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import data as D
from .actions import Offer
from .position import BaliFields
from .specs import CH_HIDDEN, CH_QUEUES, CH_STOCKS, CH_SUPPLY

if TYPE_CHECKING:  # pragma: no cover
    pass


class OfferingRules(BaliFields):
    """The offering phase: offerings placed on the altar, openly and face down."""

    __slots__ = ()

    # ---- offering phase (BAL-OFFER-01..05) ----------------------------------------------------
    def _start_offering(self) -> None:
        """BAL-OFFER-01: offerings go clockwise from the left neighbour; BAL-OFFER-04: a player with an empty stock
        places nothing."""
        n, a = self.num_players, self.active
        # BAL-OFFER-01 clockwise from the left neighbour; BAL-OFFER-04 empty stocks place nothing
        self.offer_queue = [q for q in ((a + i) % n for i in range(1, n)) if any(self.stocks[q])]
        self._dirty |= CH_QUEUES
        if self.offer_queue:
            self.phase = "offer"
        else:
            self._offer_hidden_step()

    def _offer_hidden_step(self) -> None:
        """BAL-OFFER-02: the active player offers one card of their stock face down."""
        if any(self.stocks[self.active]):
            self.phase = "offer-hidden"  # BAL-OFFER-02
        else:
            self._offer_supply_step()  # BAL-OFFER-04

    def _offer_supply_step(self) -> None:
        self.phase = "offer-supply" if any(self.supply) else "take"  # BAL-OFFER-03 / BAL-SCORE-06

    def _offer(self, p: int, action: Offer) -> None:
        """BAL-OFFER-05: only the active player's own card lies face down (every player's with reverse_altar)."""
        k = D.KIND_INDEX[action.offering]
        self.stocks[p][k] -= 1
        self._dirty |= CH_STOCKS | CH_SUPPLY | CH_QUEUES | CH_HIDDEN
        hidden = p == self.active or self.reverse_altar  # BAL-OFFER-05
        if hidden:
            self.altar_hidden.append((p, k))
            self.log.add("offer", p, {"face_down": True}, secret={"offering": D.KINDS[k]}, visible_to=(p,))
        else:
            self.altar_open[k] += 1
            self.log.add("offer", p, {"face_down": False, "offering": D.KINDS[k]})
        if self.phase == "offer":
            self.offer_queue.pop(0)
            if not self.offer_queue:
                self._offer_hidden_step()
        else:
            self._offer_supply_step()
