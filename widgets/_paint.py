"""The Jaliz canvas painter: the regions of :mod:`jaliz_learn.pictures.jaliz` drawn on an ipycanvas ``Canvas``.

The drawing itself lives in ``jaliz_learn.pictures.jaliz`` (pure Python, through a pen), so the
static SVG picture of a position is the same drawing as the live board. :class:`Painter` keeps a
signature per region (header, market, each farm, the hand) and repaints only the regions whose
signature changed, in one ``hold_canvas`` message; ``invalidate()`` forces a full redraw.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import partial
from typing import Any

from jaliz_learn.pictures import jaliz as J
from jaliz_learn.pictures.jaliz_layout import BoardLayout, Rect

from .framework import Region, RegionPainter


class Painter(RegionPainter):
    """Draws Jaliz observations on ``canvas`` laid out by ``layout``."""

    def __init__(self, canvas: Any, layout: BoardLayout) -> None:
        super().__init__(canvas, layout.width, layout.height, background=J.BG)
        self.layout = layout

    def regions(self, obs: Any, ui: dict[str, Any]) -> Iterable[Region]:
        lay = self.layout
        yield ("header", (obs.turn, obs.current_player, obs.decision, obs.is_over, obs.active_player,
                          ui.get("viewer_label"), obs.planted_this_step, obs.plant_limit),
               lay.header_rect(), lambda pen, o, u: J.header(pen, lay, o, u))
        yield ("market", (obs.market, obs.offers, obs.pending, obs.deck_size, len(obs.burned), obs.deck_runs_out,
                          obs.supply, obs.extras, obs.offer_round, obs.decision, ui.get("market_sel")),
               lay.market_rect(), lambda pen, o, u: J.market(pen, lay, o, u))
        for p, farm in enumerate(obs.farms):
            sig = (farm, p == obs.current_player, p == obs.active_player, p == obs.player, ui.get("seat_names"))
            yield (("farm", p), sig, lay.farm_rect(p), partial(_farm, lay, p))
        yield ("hand", (obs.player, obs.hand, obs.hand_sizes, J.my_pending(obs), ui.get("hand_sel"), obs.is_over),
               lay.hand_rect(), lambda pen, o, u: J.hand(pen, lay, o, u))

    hand_cards = staticmethod(J.hand_cards)


def _farm(lay: BoardLayout, p: int, pen: Any, obs: Any, ui: dict[str, Any]) -> None:
    J.farm(pen, lay, obs, ui, p)


def region_of(layout: BoardLayout, key: Any) -> Rect:
    """The rectangle of a region key (``"header"``, ``"market"``, ``"hand"``, ``("farm", p)``)."""
    if key == "header":
        return layout.header_rect()
    if key == "market":
        return layout.market_rect()
    if key == "hand":
        return layout.hand_rect()
    return layout.farm_rect(key[1])


__all__ = ["Painter", "region_of"]
