"""Board geometry and hit-testing of Jaliz: the live canvas board and the SVG picture share it.

The canvas has a fixed size in CSS pixels, so a click at ``(x, y)`` is a point of this layout.
Regions (header, market, one per farm, hand) are redrawn independently when their signature
changes.

>>> lay = BoardLayout(4)
>>> lay.width, lay.height
(830, 562)
>>> lay.hit(*lay.plot_rect(0, 0)[:2])
('plot', 0, 0)
>>> lay.hit(*lay.card_rect(0, 5)[:2])
('hand', 0)
"""

from __future__ import annotations

from dataclasses import dataclass

from .svg import Rect

WIDTH = 830
HEADER_H = 36
MARKET_H = 128
FARM_H = 138
HAND_H = 122
FARM_COLS = 2
CARD_W, CARD_H = 62, 88
MARKET_CARD_W, MARKET_CARD_H = 58, 82
PLOT_W, PLOT_H = 120, 80
OFFER_X = 160
OFFER_LINE = 17


@dataclass(frozen=True)
class BoardLayout:
    """Where everything is drawn for ``num_players`` players."""

    num_players: int
    width: int = WIDTH

    @property
    def farm_rows(self) -> int:
        return (self.num_players + FARM_COLS - 1) // FARM_COLS

    @property
    def farms_top(self) -> int:
        return HEADER_H + MARKET_H

    @property
    def hand_top(self) -> int:
        return self.farms_top + self.farm_rows * FARM_H

    @property
    def height(self) -> int:
        return self.hand_top + HAND_H

    # ---- regions --------------------------------------------------------------------------
    def header_rect(self) -> Rect:
        return (0, 0, self.width, HEADER_H)

    def market_rect(self) -> Rect:
        return (0, HEADER_H, self.width, MARKET_H)

    def farm_rect(self, p: int) -> Rect:
        w = self.width / FARM_COLS
        return (w * (p % FARM_COLS), self.farms_top + FARM_H * (p // FARM_COLS), w, FARM_H)

    def hand_rect(self) -> Rect:
        return (0, self.hand_top, self.width, HAND_H)

    # ---- items ----------------------------------------------------------------------------
    def plot_rect(self, p: int, i: int) -> Rect:
        x, y, _, _ = self.farm_rect(p)
        return (x + 12 + i * (PLOT_W + 8), y + 48, PLOT_W, PLOT_H)

    def market_card_rect(self, i: int) -> Rect:
        _, y, _, _ = self.market_rect()
        return (10 + i * (MARKET_CARD_W + 8), y + 30, MARKET_CARD_W, MARKET_CARD_H)

    def offer_rect(self, i: int) -> Rect:
        _, y, _, _ = self.market_rect()
        return (OFFER_X, y + 28 + i * OFFER_LINE, self.width - 270 - OFFER_X, OFFER_LINE)

    def card_step(self, n: int) -> float:
        """Horizontal distance between hand cards (cards overlap when the hand is long)."""
        room = self.width - 20 - CARD_W
        return CARD_W + 6 if n <= 1 else min(CARD_W + 6, room / (n - 1))

    def card_rect(self, i: int, n: int) -> Rect:
        _, y, _, _ = self.hand_rect()
        return (10 + i * self.card_step(n), y + 26, CARD_W, CARD_H)

    # ---- hit testing ----------------------------------------------------------------------
    def hit(self, x: float, y: float, hand_size: int = 0, market_size: int = 2, offers: int = 0,
            plots: int = 3) -> tuple[object, ...]:
        """What is at (x, y): ``('plot', p, i)``, ``('farm', p)``, ``('hand', i)``,
        ``('market', i)``, ``('offer', i)`` or ``('none',)``."""
        if y >= self.hand_top:
            n = max(hand_size, 1)
            for i in reversed(range(n)):  # later cards lie on top
                if _inside(x, y, self.card_rect(i, n)):
                    return ("hand", i)
            return ("none",)
        if y >= self.farms_top:
            for p in range(self.num_players):
                if _inside(x, y, self.farm_rect(p)):
                    for i in range(plots):
                        if _inside(x, y, self.plot_rect(p, i)):
                            return ("plot", p, i)
                    return ("farm", p)
            return ("none",)
        if y >= HEADER_H:
            for i in range(max(market_size, 2)):
                if _inside(x, y, self.market_card_rect(i)):
                    return ("market", i)
            for i in range(offers):
                if _inside(x, y, self.offer_rect(i)):
                    return ("offer", i)
        return ("none",)


def _inside(x: float, y: float, r: Rect) -> bool:
    return r[0] <= x < r[0] + r[2] and r[1] <= y < r[1] + r[3]
