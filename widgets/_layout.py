"""Jaliz board geometry (re-exported from :mod:`jaliz_learn.pictures.jaliz_layout`, shared with the SVG picture).

>>> BoardLayout(4).hit(*BoardLayout(4).plot_rect(1, 2)[:2])
('plot', 1, 2)
"""

from __future__ import annotations

from jaliz_learn.pictures.jaliz_layout import (
    CARD_H,
    CARD_W,
    FARM_COLS,
    FARM_H,
    HAND_H,
    HEADER_H,
    MARKET_CARD_H,
    MARKET_CARD_W,
    MARKET_H,
    OFFER_LINE,
    OFFER_X,
    PLOT_H,
    PLOT_W,
    WIDTH,
    BoardLayout,
    Rect,
)

__all__ = ["CARD_H", "CARD_W", "FARM_COLS", "FARM_H", "HAND_H", "HEADER_H", "MARKET_CARD_H", "MARKET_CARD_W",
           "MARKET_H", "OFFER_LINE", "OFFER_X", "PLOT_H", "PLOT_W", "WIDTH", "BoardLayout", "Rect"]
