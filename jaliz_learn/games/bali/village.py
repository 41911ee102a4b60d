"""Village of Tani: building huts and choosing banana tiles (TAN-BUILD-01..04, TAN-BONUS-01..04).

A mixin of :class:`~.state.BaliState` (see the map in the package docstring).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import data as D
from .actions import BuildHut, ChooseTile
from .position import BaliFields
from .specs import CH_DISCARD, CH_SOME_HANDS, CH_STOCKS, CH_STONES, CH_SUPPLY, CH_TANI, CH_VP

if TYPE_CHECKING:  # pragma: no cover
    pass


class VillageRules(BaliFields):
    """Village of Tani: building huts and choosing banana tiles."""

    __slots__ = ()

    # ---- Village of Tani (TAN-BUILD-01..04, TAN-BONUS-01..04) ---------------------------------
    def _build(self, p: int, action: BuildHut) -> None:
        """TAN-BUILD-02: a farmer from hand to the discard pile, a hut on a free field of its area (TAN-BUILD-04);
        TAN-BONUS-03 / TAN-BONUS-04: the pepper area's stones, the peanut and rice areas' Ganesha."""
        k = D.KIND_INDEX[action.area]
        self.hands[p].remove(D.FARMER_BASE + k)  # TAN-BUILD-02: the farmer goes to the discard pile
        self.discard.append(D.FARMER_BASE + k)
        for name in action.returned:  # TAN-BUILD-03: offering cards back to the supply
            r = D.KIND_INDEX[name]
            self.stocks[p][r] -= 1
            self.supply[r] += 1
        self.village[k][action.field - 1] = p  # TAN-BUILD-04
        self._free &= ~(1 << D.FIELDS_PER_AREA * k + action.field - 1)
        self._dirty |= CH_DISCARD | CH_STOCKS | CH_SUPPLY | CH_TANI | CH_STONES | CH_SOME_HANDS
        self._hands_dirty |= 1 << p
        self.huts[p] -= 1
        data: dict[str, Any] = {"area": action.area, "field": action.field, "returned": list(action.returned)}
        self.phase = "take"
        if action.area == "pepper":
            self.stones[p] += D.PEPPER_BONUS_STONES  # TAN-BONUS-03
            data["stones"] = D.PEPPER_BONUS_STONES
        elif action.area == "banana":
            if self.tiles:
                self.phase = "banana-tile"  # TAN-BONUS-01
        else:
            data["ganesha_from"] = self.ganesha  # TAN-BONUS-04: from the temple or another player
            self.ganesha = p
        self.log.add("build", p, data)

    def _tile(self, p: int, action: ChooseTile) -> None:
        """TAN-BONUS-01/02: 1 VP per counted card in the display; the tile leaves the game."""
        tile = action.tile
        display = self.displays[p]
        gain = D.BANANA_TILE_VP * sum(display[c] for c in D.BANANA_TILES[tile])
        self.vp[p] += gain
        self.tiles.remove(tile)
        self._dirty |= CH_VP | CH_TANI
        self.log.add("tile", p, {"tile": tile, "vp": gain})
        self.phase = "take"
