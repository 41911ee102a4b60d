"""Draw a Jaliz observation on an ipycanvas ``Canvas``, one region at a time.

:class:`Painter` keeps a cheap signature of every region (header, market, each farm, the hand)
and redraws only the regions whose signature changed, all inside one ``hold_canvas`` (one
message to the front-end). ``invalidate()`` forces a full redraw (new front-end connected).
"""

from __future__ import annotations

from typing import Any

from ipycanvas import hold_canvas

from jaliz_learn.games.jaliz.actions import pname
from jaliz_learn.games.jaliz.render import COLOURS, PRODUCT_COLOURS, text_colour

from ._layout import CARD_H, CARD_W, HEADER_H, MARKET_CARD_H, MARKET_CARD_W, OFFER_X, BoardLayout, Rect

BG = "#f7f3e8"
FARM_BG = "#efe6cf"
ACTIVE_BG = "#fff6d5"
EMPTY_PLOT = "#d9ccaa"
FONT = "sans-serif"
SELECT = "#ffd400"


def short_extra(value: Any, limit: int = 60) -> str:
    text = value if isinstance(value, str) else repr(value) if not isinstance(value, (int, float)) else str(value)
    if isinstance(value, (tuple, list)):
        text = ", ".join(str(v) for v in value) or "—"
    return text if len(text) <= limit else text[: limit - 1] + "…"


class Painter:
    """Draws observations on ``canvas`` laid out by ``layout``."""

    def __init__(self, canvas: Any, layout: BoardLayout) -> None:
        self.canvas = canvas
        self.layout = layout
        self._sigs: dict[Any, Any] = {}
        self.regions_drawn = 0  # how many regions the last draw() repainted (tests, tuning)

    def invalidate(self) -> None:
        self._sigs.clear()

    # ------------------------------------------------------------------ entry point
    def draw(self, obs: Any, ui: dict[str, Any]) -> int:
        """Redraw the regions that changed since the last call; returns how many were redrawn."""
        jobs = []
        header_sig = (obs.turn, obs.current_player, obs.decision, obs.is_over, obs.active_player,
                      ui.get("viewer_label"), ui.get("note"), obs.planted_this_step, obs.plant_limit)
        jobs.append(("header", header_sig, self._header))
        market_sig = (obs.market, obs.offers, obs.pending, obs.deck_size, len(obs.burned), obs.deck_runs_out,
                      obs.supply, obs.extras, obs.offer_round, obs.decision, ui.get("market_sel"))
        jobs.append(("market", market_sig, self._market))
        for p, farm in enumerate(obs.farms):
            sig = (farm, p == obs.current_player, p == obs.active_player, p == obs.player, ui.get("plot_hint"))
            jobs.append((("farm", p), sig, self._farm))
        hand_sig = (obs.player, obs.hand, obs.hand_sizes, self._my_pending(obs), ui.get("hand_sel"), obs.is_over,
                    obs.decision if obs.is_over else None)
        jobs.append(("hand", hand_sig, self._hand))
        todo = [(key, sig, fn) for key, sig, fn in jobs if self._sigs.get(key) != sig]
        if not todo:
            self.regions_drawn = 0
            return 0
        c = self.canvas
        with hold_canvas():
            if not self._sigs:
                c.clear()
                c.fill_style = BG
                c.fill_rect(0, 0, self.layout.width, self.layout.height)
            for key, sig, fn in todo:
                if isinstance(key, tuple):
                    fn(obs, ui, key[1])
                else:
                    fn(obs, ui)
                self._sigs[key] = sig
        self.regions_drawn = len(todo)
        return len(todo)

    # ------------------------------------------------------------------ helpers
    @staticmethod
    def _my_pending(obs: Any) -> tuple[int, ...]:
        if obs.player is None:
            return ()
        for p, cards in obs.pending[:1]:
            if p == obs.player:
                return tuple(cards)
        return ()

    def _clear(self, r: Rect, colour: str = BG) -> None:
        c = self.canvas
        c.clear_rect(*r)
        c.fill_style = colour
        c.fill_rect(*r)

    def _text(self, text: str, x: float, y: float, size: int = 14, colour: str = "#222", bold: bool = False,
              align: str = "left", max_width: float | None = None) -> None:
        c = self.canvas
        c.font = f"{'bold ' if bold else ''}{size}px {FONT}"
        c.fill_style = colour
        c.text_align = align
        c.text_baseline = "alphabetic"
        if max_width is not None:
            c.fill_text(text, x, y, max_width)
        else:
            c.fill_text(text, x, y)

    def _card(self, product: int, r: Rect, *, selected: bool = False, label: str | None = None,
              small: bool = False) -> None:
        c = self.canvas
        x, y, w, h = r
        fill = PRODUCT_COLOURS.get(product, "#bbbbbb")
        c.fill_style = fill
        c.fill_rect(x, y, w, h)
        c.line_width = 4 if selected else 1.5
        c.stroke_style = SELECT if selected else "#333"
        c.stroke_rect(x, y, w, h)
        fg = text_colour(fill)
        self._text(label or pname(product), x + w / 2, y + 18, 11 if small else 12, fg, bold=True, align="center",
                   max_width=w - 4)
        self._text(str(product), x + w / 2, y + h / 2 + 12, 24 if not small else 20, fg, bold=True, align="center")

    # ------------------------------------------------------------------ regions
    def _header(self, obs: Any, ui: dict[str, Any]) -> None:
        r = self.layout.header_rect()
        self._clear(r, "#3b4a2f")
        if obs.is_over:
            text = "Game over"
        else:
            who = f"P{obs.current_player}"
            if obs.current_player == obs.player:
                who += " (you)"
            text = f"Turn {obs.turn} · active P{obs.active_player} · decision: {obs.decision} by {who}"
            if obs.decision in ("plant", "final-plant"):
                text += f" · planted {obs.planted_this_step}/{obs.plant_limit}"
        self._text(text, 10, 24, 16, "#ffffff", bold=True, max_width=self.layout.width - 260)
        label = ui.get("viewer_label") or ("spectator view" if obs.player is None else f"view of P{obs.player}")
        self._text(label, self.layout.width - 10, 24, 13, "#e8e0c8", align="right")

    def _market(self, obs: Any, ui: dict[str, Any]) -> None:
        lay = self.layout
        r = lay.market_rect()
        self._clear(r, BG)
        y0 = r[1]
        self._text("Revealed cards", 10, y0 + 18, 13, "#333", bold=True)
        sel = ui.get("market_sel")
        if obs.market:
            for i, card in enumerate(obs.market):
                self._card(card, lay.market_card_rect(i), selected=(sel == i), small=True)
        else:
            self._text("—", 20, y0 + 60, 14, "#777")
        # offers / pending
        self._text(f"Offers (round {obs.offer_round}/{obs.params.offer_rounds})", OFFER_X, y0 + 18, 13, "#333",
                   bold=True)
        lines: list[tuple[str, str]] = [(f"P{b}: {o}", COLOURS[b % len(COLOURS)]) for b, o in obs.offers]
        lines += [(f"P{p} must plant {', '.join(pname(c) for c in cs)}", "#8a2be2") for p, cs in obs.pending]
        if not lines:
            lines = [("no open offer", "#777")]
        shown = 4 if obs.extras else 5
        for i, (line, colour) in enumerate(lines[:shown]):
            _, y, _, h = lay.offer_rect(i)
            self._text(line, OFFER_X + 4, y + h - 4, 13, colour, max_width=lay.width - 270 - OFFER_X)
        if len(lines) > shown:
            self._text(f"… {len(lines) - shown} more", OFFER_X + 4, y0 + 28 + shown * 17 + 13, 12, "#555")
        # mode extras (advanced mode: the current event, event deck, ...), shown generically
        extras = [f"{k.replace('_', ' ')}: {short_extra(v, 30)}" for k, v in obs.extras if v not in (None, (), [], "")]
        if extras:
            self._text(" · ".join(extras), OFFER_X, y0 + 118, 13, "#7a4b00", bold=True,
                       max_width=lay.width - 270 - OFFER_X)
        # piles and supply
        px = lay.width - 265
        self._deck(px, y0 + 8, obs)
        sx = px + 80
        supply = dict(obs.supply)
        self._text(f"Deck ran out: {obs.deck_runs_out}/{obs.params.deck_passes}", sx, y0 + 20, 13,
                   "#a00" if obs.ending else "#333", bold=True)
        self._text(f"Burned pile: {len(obs.burned)}", sx, y0 + 38, 13)
        self._text(f"Supply: 3rd plots {supply.get('third_plot', 0)}, tractors {supply.get('tractor', 0)},", sx,
                   y0 + 56, 12, max_width=180)
        self._text(f"fertilizer {supply.get('fertilizer', 0)}", sx, y0 + 72, 12)
        if obs.ending:
            self._text("last round: final planting next", sx, y0 + 92, 12, "#a00", bold=True)

    def _deck(self, x: float, y: float, obs: Any) -> None:
        c = self.canvas
        for k in range(3):
            c.fill_style = "#6b4f2a"
            c.fill_rect(x + 4 - 2 * k, y + 4 - 2 * k, 56, 80)
            c.stroke_style = "#2b1d0a"
            c.line_width = 1
            c.stroke_rect(x + 4 - 2 * k, y + 4 - 2 * k, 56, 80)
        self._text("deck", x + 30, y + 30, 12, "#f4e7c5", bold=True, align="center")
        self._text(str(obs.deck_size), x + 30, y + 58, 20, "#ffffff", bold=True, align="center")

    def _farm(self, obs: Any, ui: dict[str, Any], p: int) -> None:
        lay = self.layout
        r = lay.farm_rect(p)
        x, y, w, h = r
        farm = obs.farms[p]
        self._clear(r, BG)
        c = self.canvas
        c.fill_style = ACTIVE_BG if p == obs.active_player else FARM_BG
        c.fill_rect(x + 4, y + 4, w - 8, h - 8)
        colour = COLOURS[p % len(COLOURS)]
        c.line_width = 4 if p == obs.current_player else 1.5
        c.stroke_style = colour if p == obs.current_player else "#b5a77f"
        c.stroke_rect(x + 4, y + 4, w - 8, h - 8)
        name = f"P{p}" + (" (you)" if p == obs.player else "") + ("  ◀ to decide" if p == obs.current_player else "")
        self._text(name, x + 12, y + 24, 15, colour, bold=True)
        info = f"coins {farm.coins} · hand {farm.hand_size} · score {farm.score}"
        self._text(info, x + w - 12, y + 24, 13, "#222", align="right")
        for i in range(3):
            pr = lay.plot_rect(p, i)
            if i < len(farm.plots):
                self._plot(farm.plots[i], pr, i)
            else:
                c.set_line_dash([5, 4])
                c.line_width = 1
                c.stroke_style = "#9a8c66"
                c.stroke_rect(*pr)
                c.set_line_dash([])
                self._text("3rd plot", pr[0] + pr[2] / 2, pr[1] + 36, 12, "#8a7c56", align="center")
                self._text("(not bought)", pr[0] + pr[2] / 2, pr[1] + 52, 11, "#8a7c56", align="center")
        # second line: credit tokens, tractor, mode extras (advanced mode: Model Farmer cards, ...)
        tokens = ", ".join(f"P{t}" for t in farm.tokens) or "none"
        line = f"credit tokens: {tokens}"
        line += "".join(f" · {k}: {short_extra(v, 24)}" for k, v in farm.extras)
        right = x + w - 12
        if farm.tractor:
            c.fill_style = "#2e7d32"
            c.fill_rect(right - 62, y + 29, 62, 16)
            self._text("tractor", right - 31, y + 41, 12, "#ffffff", bold=True, align="center")
            right -= 70
        self._text(line, x + 12, y + 41, 12, "#333" if not farm.extras else "#7a4b00", max_width=right - x - 16)

    def _plot(self, plot: Any, r: Rect, i: int) -> None:
        c = self.canvas
        x, y, w, h = r
        fill = PRODUCT_COLOURS.get(plot.product or 0, EMPTY_PLOT) if plot.product else EMPTY_PLOT
        c.fill_style = fill
        c.fill_rect(x, y, w, h)
        c.line_width = 1.5
        c.stroke_style = "#5a4a2a"
        c.stroke_rect(x, y, w, h)
        fg = text_colour(fill)
        self._text(f"plot {i + 1}", x + 6, y + 15, 11, fg)
        if plot.product:
            self._text(pname(plot.product), x + w / 2, y + 36, 14, fg, bold=True, align="center", max_width=w - 8)
            self._text(f"× {plot.count}", x + w / 2, y + 62, 22, fg, bold=True, align="center")
        else:
            self._text("empty", x + w / 2, y + 46, 13, "#6d5f3d", align="center")
        if plot.fertilizer:
            c.fill_style = "#3e2723"
            c.fill_rect(x + w - 22, y + 3, 19, 17)
            self._text("F", x + w - 12.5, y + 16, 13, "#ffe082", bold=True, align="center")
        if plot.tokens:  # advanced mode: snow, rain, ... as white badges along the bottom edge
            tx = x + 3
            for t in plot.tokens[:3]:
                label = str(t)
                bw = 8 + 7 * len(label)
                c.fill_style = "#ffffff"
                c.fill_rect(tx, y + h - 17, bw, 14)
                c.stroke_style = "#0d47a1"
                c.line_width = 1
                c.stroke_rect(tx, y + h - 17, bw, 14)
                self._text(label, tx + bw / 2, y + h - 6, 11, "#0d47a1", bold=True, align="center")
                tx += bw + 3

    def _hand(self, obs: Any, ui: dict[str, Any]) -> None:
        lay = self.layout
        r = lay.hand_rect()
        self._clear(r, "#e4dcc4")
        y0 = r[1]
        if obs.is_over:
            scores = ", ".join(f"P{p} {f.score}" for p, f in enumerate(obs.farms))
            self._text(f"Game over. Scores: {scores}", 10, y0 + 60, 18, "#3b4a2f", bold=True)
            return
        if obs.player is None:
            sizes = ", ".join(f"P{p}: {n}" for p, n in enumerate(obs.hand_sizes))
            self._text("Spectator view: hands are hidden. Hand sizes — " + sizes, 10, y0 + 60, 15, "#333")
            return
        cards = self.hand_cards(obs)
        pending = self._my_pending(obs)
        title = "Your hand" if not pending else "Received cards: plant them now (click one, then a plot)"
        self._text(title, 10, y0 + 18, 13, "#333" if not pending else "#8a2be2", bold=True)
        sel = ui.get("hand_sel")
        n = len(cards)
        if not n:
            self._text("(empty)", 20, y0 + 60, 14, "#777")
        for i, (card, _src) in enumerate(cards):
            self._card(card, lay.card_rect(i, n), selected=(i == sel))

    @staticmethod
    def hand_cards(obs: Any) -> list[tuple[int, str]]:
        """The cards shown in the hand area: received cards to plant, else the hand, as (product, source)."""
        if obs.player is None:
            return []
        pending = Painter._my_pending(obs)
        if pending:
            return [(c, "received") for c in pending]
        return [(c, "hand") for c in (obs.hand or ())]


def region_of(layout: BoardLayout, key: Any) -> Rect:
    if key == "header":
        return layout.header_rect()
    if key == "market":
        return layout.market_rect()
    if key == "hand":
        return layout.hand_rect()
    return layout.farm_rect(key[1])


__all__ = ["CARD_H", "CARD_W", "HEADER_H", "MARKET_CARD_H", "MARKET_CARD_W", "Painter", "region_of"]
