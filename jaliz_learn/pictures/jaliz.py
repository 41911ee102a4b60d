"""The Jaliz board drawn with a pen: the live canvas board and the static SVG picture are the same drawing.

Regions (header, market, one per farm, the hand) are separate functions so the canvas board
can repaint only the regions that changed; :func:`picture` draws them all into an SVG.
Every card shows its harvest meter (cards needed for 1, 2, 3, 4 coins; ``–``: no such step).

>>> import jaliz_learn
>>> obs = jaliz_learn.load_game("jaliz").initial_state(num_players=3, seed=1).observation(0)
>>> svg = picture(obs).to_svg()
>>> svg.startswith("<svg") and "Your hand" in svg and "coins" in svg
True
"""

from __future__ import annotations

from typing import Any

from jaliz_learn.games.jaliz.actions import pname
from jaliz_learn.games.jaliz.data import PRODUCTS

from .describe import apply_to_picture
from .jaliz_layout import HEADER_H, OFFER_X, BoardLayout
from .palette import OKABE_SEATS
from .svg import INK, MUTED, Pen, Rect, Svg, html_figure, seat_name, text_on, text_width

BG = "#f7f3e8"
FARM_BG = "#efe6cf"
ACTIVE_BG = "#fff6d5"
EMPTY_PLOT = "#d9ccaa"
HEADER_BG = "#3b4a2f"
HAND_BG = "#e4dcc4"
SELECT = "#ffd400"
COIN = "#f2c94c"
#: One colour per seat (names, borders): Okabe-Ito hues, each >= 4.5:1 on the farm backgrounds (palette.py).
COLOURS = OKABE_SEATS
#: One colour per product card (6-18); the product name and number are always written on it too.
PRODUCT_COLOURS = {6: "#c0392b", 7: "#7dbb45", 8: "#6c3483", 9: "#e74c3c", 10: "#27ae60", 11: "#f4d03f",
                   12: "#e67e22", 13: "#af7ac5", 14: "#f39c12", 15: "#a04000", 16: "#d7bde2", 17: "#b9770e",
                   18: "#52be80"}


def short_extra(value: Any, limit: int = 60) -> str:
    """A mode extra (advanced mode) as short text."""
    text = value if isinstance(value, str) else repr(value) if not isinstance(value, (int, float)) else str(value)
    if isinstance(value, (tuple, list)):
        text = ", ".join(str(v) for v in value) or "—"
    return text if len(text) <= limit else text[: limit - 1] + "…"


def my_pending(obs: Any) -> tuple[int, ...]:
    """Cards the viewer received and must plant now."""
    if obs.player is None:
        return ()
    for p, cards in obs.pending[:1]:
        if p == obs.player:
            return tuple(cards)
    return ()


def hand_cards(obs: Any) -> list[tuple[int, str]]:
    """The cards shown in the hand area: received cards to plant, else the hand, as (product, source)."""
    if obs.player is None:
        return []
    pending = my_pending(obs)
    if pending:
        return [(c, "received") for c in pending]
    return [(c, "hand") for c in (obs.hand or ())]


# ---------------------------------------------------------------- pieces


def meter(pen: Pen, product: int, x: float, y: float, w: float) -> None:
    """The harvest meter under a card: coin 1..4 and the cards needed for it (``–``: none)."""
    steps = PRODUCTS[product].meter if product in PRODUCTS else (0, 0, 0, 0)
    pen.rect(x, y, w, 24, fill="#ffffff", stroke="#333333", line_width=1)
    cw = w / 4
    for k, need in enumerate(steps):
        cx = x + cw * k + cw / 2
        pen.circle(cx, y + 7, 5, fill=COIN, stroke="#7a5c00", line_width=1)
        pen.text(str(k + 1), cx, y + 10, 8, INK, bold=True, align="center")
        pen.text(str(need) if need else "–", cx, y + 22, 10, INK, bold=True, align="center")


def card(pen: Pen, product: int, r: Rect, *, selected: bool = False, small: bool = False,
         with_meter: bool = True) -> None:
    """A product card: colour, name, number and (on tall enough cards) the harvest meter."""
    x, y, w, h = r
    fill = PRODUCT_COLOURS.get(product, "#bbbbbb")
    fg = text_on(fill)
    if selected:  # the yellow border gets a dark edge: it stands out 3:1 on every background (WCAG 1.4.11)
        pen.rect(x - 3.5, y - 3.5, w + 7, h + 7, fill=INK)
    pen.rect(x, y, w, h, fill=fill, stroke=SELECT if selected else "#333333", line_width=4 if selected else 1.5)
    pen.text(pname(product), x + w / 2, y + 15, 11 if small else 12, fg, bold=True, align="center", max_width=w - 4)
    if with_meter and h >= 70:
        pen.text(str(product), x + w / 2, y + 40, 18 if small else 20, fg, bold=True, align="center")
        meter(pen, product, x + 3, y + h - 28, w - 6)
    else:
        pen.text(str(product), x + w / 2, y + h / 2 + 10, 20 if small else 24, fg, bold=True, align="center")


def deck(pen: Pen, x: float, y: float, size: int) -> None:
    for k in range(3):
        pen.rect(x + 4 - 2 * k, y + 4 - 2 * k, 56, 80, fill="#6b4f2a", stroke="#2b1d0a", line_width=1)
    pen.text("deck", x + 30, y + 30, 12, "#f4e7c5", bold=True, align="center")
    pen.text(str(size), x + 30, y + 58, 20, "#ffffff", bold=True, align="center")


# ---------------------------------------------------------------- regions


def header(pen: Pen, lay: BoardLayout, obs: Any, ui: dict[str, Any]) -> None:
    x, y, w, h = lay.header_rect()
    pen.clear(x, y, w, h, HEADER_BG)
    if obs.is_over:
        text = "Game over"
    else:
        who = f"P{obs.current_player}"
        if obs.current_player == obs.player:
            who += " (you)"
        text = f"Turn {obs.turn} · active P{obs.active_player} · decision: {obs.decision} by {who}"
        if obs.decision in ("plant", "final-plant"):
            text += f" · planted {obs.planted_this_step}/{obs.plant_limit}"
    pen.text(text, 10, 24, 16, "#ffffff", bold=True, max_width=lay.width - 260)
    label = ui.get("viewer_label") or ("spectator view" if obs.player is None else f"view of P{obs.player}")
    pen.text(label, lay.width - 10, 24, 13, "#f1ecdc", align="right")


def market(pen: Pen, lay: BoardLayout, obs: Any, ui: dict[str, Any]) -> None:
    r = lay.market_rect()
    pen.clear(*r, BG)
    y0 = r[1]
    pen.text("Revealed cards", 10, y0 + 18, 13, INK, bold=True)
    sel = ui.get("market_sel")
    if obs.market:
        for i, c in enumerate(obs.market):
            card(pen, c, lay.market_card_rect(i), selected=(sel == i), small=True)
    else:
        pen.text("—", 20, y0 + 60, 14, MUTED)
    pen.text(f"Offers (round {obs.offer_round}/{obs.params.offer_rounds})", OFFER_X, y0 + 18, 13, INK, bold=True)
    lines: list[tuple[str, str]] = [(f"P{b}: {o}", COLOURS[b % len(COLOURS)]) for b, o in obs.offers]
    lines += [(f"P{p} must plant {', '.join(pname(c) for c in cs)}", "#5e1c91") for p, cs in obs.pending]
    if not lines:
        lines = [("no open offer", MUTED)]
    shown = 4 if obs.extras else 5
    for i, (line, colour) in enumerate(lines[:shown]):
        _, y, _, h = lay.offer_rect(i)
        pen.text(line, OFFER_X + 4, y + h - 4, 13, colour, max_width=lay.width - 270 - OFFER_X)
    if len(lines) > shown:
        pen.text(f"… {len(lines) - shown} more", OFFER_X + 4, y0 + 28 + shown * 17 + 13, 12, MUTED)
    extras = [f"{k.replace('_', ' ')}: {short_extra(v, 30)}" for k, v in obs.extras if v not in (None, (), [], "")]
    if extras:
        pen.text(" · ".join(extras), OFFER_X, y0 + 118, 13, "#6b3f00", bold=True, max_width=lay.width - 270 - OFFER_X)
    px = lay.width - 265
    deck(pen, px, y0 + 8, obs.deck_size)
    sx = px + 80
    supply = dict(obs.supply)
    pen.text(f"Deck ran out: {obs.deck_runs_out}/{obs.params.deck_passes}", sx, y0 + 20, 13,
             "#a00000" if obs.ending else INK, bold=True)
    pen.text(f"Burned pile: {len(obs.burned)}", sx, y0 + 38, 13, INK)
    pen.text(f"Supply: 3rd plots {supply.get('third_plot', 0)}, tractors {supply.get('tractor', 0)},", sx,
             y0 + 56, 12, INK, max_width=180)
    pen.text(f"fertilizer {supply.get('fertilizer', 0)}", sx, y0 + 72, 12, INK)
    if obs.ending:
        pen.text("last round: final planting next", sx, y0 + 92, 12, "#a00000", bold=True)


def farm(pen: Pen, lay: BoardLayout, obs: Any, ui: dict[str, Any], p: int) -> None:
    r = lay.farm_rect(p)
    x, y, w, h = r
    f = obs.farms[p]
    pen.clear(*r, BG)
    colour = COLOURS[p % len(COLOURS)]
    current = p == obs.current_player
    pen.rect(x + 4, y + 4, w - 8, h - 8, fill=ACTIVE_BG if p == obs.active_player else FARM_BG,
             stroke=colour if current else "#b5a77f", line_width=4 if current else 1.5)
    # the turn marker is a drawn triangle (a shape cue besides the border colour), not a font glyph
    # ui["seat_names"]: the names seats joined a live table with
    name = (seat_name(p, ui.get("seat_names")) + (" (you)" if p == obs.player else "")
            + ("  to decide" if current else ""))
    tx = x + 12
    if current:
        pen.polygon([(x + 10, y + 12), (x + 22, y + 18), (x + 10, y + 24)], fill=colour)
        tx = x + 27
    stats = f"coins {f.coins} · hand {f.hand_size} · score {f.score}"
    room = x + w - 22 - text_width(stats, 13) - tx  # a long name is squeezed, never drawn over the counts
    pen.text(name, tx, y + 24, 15, colour, bold=True, max_width=room)
    pen.text(stats, x + w - 12, y + 24, 13, INK, align="right")
    for i in range(3):
        pr = lay.plot_rect(p, i)
        if i < len(f.plots):
            plot(pen, f.plots[i], pr, i)
        else:
            pen.rect(*pr, stroke="#9a8c66", line_width=1, dash=(5, 4))
            pen.text("3rd plot", pr[0] + pr[2] / 2, pr[1] + 36, 12, "#5f5236", align="center")
            pen.text("(not bought)", pr[0] + pr[2] / 2, pr[1] + 52, 11, "#5f5236", align="center")
    tokens = ", ".join(f"P{t}" for t in f.tokens) or "none"
    line = f"credit tokens: {tokens}" + "".join(f" · {k}: {short_extra(v, 24)}" for k, v in f.extras)
    right = x + w - 12
    if f.tractor:
        pen.rect(right - 62, y + 29, 62, 16, fill="#1b5e20")
        pen.text("tractor", right - 31, y + 41, 12, "#ffffff", bold=True, align="center")
        right -= 70
    pen.text(line, x + 12, y + 41, 12, INK if not f.extras else "#6b3f00", max_width=right - x - 16)


def plot(pen: Pen, pl: Any, r: Rect, i: int) -> None:
    x, y, w, h = r
    fill = PRODUCT_COLOURS.get(pl.product or 0, EMPTY_PLOT) if pl.product else EMPTY_PLOT
    fg = text_on(fill)
    pen.rect(x, y, w, h, fill=fill, stroke="#5a4a2a", line_width=1.5)
    pen.text(f"plot {i + 1}", x + 6, y + 15, 11, fg)
    if pl.product:
        pen.text(pname(pl.product), x + w / 2, y + 34, 14, fg, bold=True, align="center", max_width=w - 8)
        pen.text(f"× {pl.count}", x + w / 2, y + 58, 22, fg, bold=True, align="center")
        steps = [n for n in PRODUCTS[pl.product].meter if n] if pl.product in PRODUCTS else []
        nxt = next((n for n in steps if n > pl.count), None)
        if nxt is not None and not pl.tokens:
            pen.text(f"next coin at {nxt}", x + w / 2, y + h - 5, 10, fg, align="center")
    else:
        pen.text("empty", x + w / 2, y + 46, 13, "#4f4329", align="center")
    if pl.fertilizer:
        pen.rect(x + w - 22, y + 3, 19, 17, fill="#3e2723")
        pen.text("F", x + w - 12.5, y + 16, 13, "#ffe082", bold=True, align="center")
    if pl.tokens:  # advanced mode: snow, rain, ... as white badges along the bottom edge
        tx = x + 3
        for t in pl.tokens[:3]:
            label = str(t)
            bw = 8 + 7 * len(label)
            pen.rect(tx, y + h - 17, bw, 14, fill="#ffffff", stroke="#0d47a1", line_width=1)
            pen.text(label, tx + bw / 2, y + h - 6, 11, "#0d47a1", bold=True, align="center")
            tx += bw + 3


def hand(pen: Pen, lay: BoardLayout, obs: Any, ui: dict[str, Any]) -> None:
    r = lay.hand_rect()
    pen.clear(*r, HAND_BG)
    y0 = r[1]
    if obs.is_over:
        scores = ", ".join(f"P{p} {f.score}" for p, f in enumerate(obs.farms))
        pen.text(f"Game over. Scores: {scores}", 10, y0 + 60, 18, HEADER_BG, bold=True)
        return
    if obs.player is None:
        sizes = ", ".join(f"P{p}: {n}" for p, n in enumerate(obs.hand_sizes))
        pen.text("Spectator view: hands are hidden. Hand sizes — " + sizes, 10, y0 + 60, 15, INK)
        return
    cards = hand_cards(obs)
    pending = my_pending(obs)
    title = "Your hand (front card first)" if not pending else \
        "Received cards: plant them now (click one, then a plot)"
    pen.text(title, 10, y0 + 18, 13, INK if not pending else "#5e1c91", bold=True)
    sel = ui.get("hand_sel")
    n = len(cards)
    if not n:
        pen.text("(empty)", 20, y0 + 60, 14, MUTED)
    for i, (c, _src) in enumerate(cards):
        card(pen, c, lay.card_rect(i, n), selected=(i == sel))


def picture(obs: Any, ui: dict[str, Any] | None = None) -> Svg:
    """The whole board of ``obs`` as an SVG pen (``.to_svg()`` gives the text)."""
    lay = BoardLayout(len(obs.farms))
    ui = ui or {}
    who = "spectator" if obs.player is None else f"P{obs.player}"
    pen = Svg(lay.width, lay.height, title=f"Jaliz, turn {obs.turn}, view of {who}")
    pen.rect(0, 0, lay.width, lay.height, fill=BG)
    header(pen, lay, obs, ui)
    market(pen, lay, obs, ui)
    for p in range(len(obs.farms)):
        farm(pen, lay, obs, ui, p)
    hand(pen, lay, obs, ui)
    return apply_to_picture(pen, obs)  # the title and <desc>: the position in words (pictures.describe_jaliz)


def picture_html(obs: Any) -> str:
    """``_repr_html_``: the SVG board, scaled to the column, with a one-line caption."""
    status = "game over" if obs.is_over else f"{obs.decision} by P{obs.current_player}"
    return html_figure(picture(obs).to_svg(), f"Jaliz — turn {obs.turn}, {status}")


__all__ = ["BG", "COLOURS", "HEADER_H", "PRODUCT_COLOURS", "card", "farm", "hand", "hand_cards", "header", "market",
           "meter", "my_pending", "picture", "picture_html", "plot"]
