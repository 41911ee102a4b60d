"""Static renderings of a Jaliz observation: an HTML board and an SVG board.

They need no live kernel, so saved notebooks, HTML exports and nbval show the
position (widgets draw on a canvas that is not saved with the notebook). Both
draw only what the observation holds: the viewer's own hand, other hands as counts.

>>> import jaliz_learn
>>> obs = jaliz_learn.load_game("jaliz").initial_state(num_players=3, seed=1).observation(0)
>>> "Your hand" in state_html(obs), state_svg(obs).startswith("<svg")
(True, True)
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Any

from .actions import pname

if TYPE_CHECKING:  # pragma: no cover
    from .observation import JalizObservation

#: One colour per seat (player names, borders).
COLOURS = ("#d62728", "#1f77b4", "#2ca02c", "#b8860b", "#9467bd", "#ff7f0e", "#8c564b")
#: One colour per product card (6-18).
PRODUCT_COLOURS = {6: "#c0392b", 7: "#7dbb45", 8: "#6c3483", 9: "#e74c3c", 10: "#27ae60", 11: "#f4d03f",
                   12: "#e67e22", 13: "#af7ac5", 14: "#f39c12", 15: "#a04000", 16: "#d7bde2", 17: "#b9770e",
                   18: "#52be80"}
EMPTY_PLOT = "#d9ccaa"


def text_colour(fill: str) -> str:
    """Black or white, whichever reads better on ``fill`` (a ``#rrggbb`` colour).

    >>> text_colour("#f4d03f"), text_colour("#6c3483")
    ('#111111', '#ffffff')
    """
    r, g, b = (int(fill[i:i + 2], 16) for i in (1, 3, 5))
    return "#111111" if 0.299 * r + 0.587 * g + 0.114 * b > 150 else "#ffffff"


def _extra_text(value: Any) -> str:
    if isinstance(value, (tuple, list)):
        return ", ".join(str(v) for v in value) or "—"
    return str(value)


def _chip(product: int, extra: str = "") -> str:
    fill = PRODUCT_COLOURS.get(product, "#bbb")
    return (f"<span style='display:inline-block;background:{fill};color:{text_colour(fill)};border:1px solid #333;"
            f"border-radius:3px;padding:1px 5px;margin:1px;font-weight:bold'>{escape(pname(product))}{extra}</span>")


def _plot_html(plot: Any, i: int) -> str:
    fill = PRODUCT_COLOURS.get(plot.product, EMPTY_PLOT) if plot.product else EMPTY_PLOT
    body = f"{escape(pname(plot.product))} ×{plot.count}" if plot.product else "empty"
    badges = (" <b title='fertilizer'>F</b>" if plot.fertilizer else "") + \
        "".join(f" [{escape(str(t))}]" for t in plot.tokens)
    return (f"<span style='display:inline-block;min-width:96px;background:{fill};color:{text_colour(fill)};"
            f"border:1px solid #5a4a2a;border-radius:4px;padding:2px 6px;margin:1px'>"
            f"<small>{i + 1}:</small> {body}{badges}</span>")


def state_html(obs: JalizObservation) -> str:
    """An HTML board of the position as ``obs.player`` sees it (``None``: spectator)."""
    who = "spectator" if obs.player is None else f"player {obs.player}"
    if obs.is_over:
        status = "game over"
    else:
        status = (f"decision <code>{escape(obs.decision)}</code> by P{obs.current_player}"
                  + (" (you)" if obs.current_player == obs.player else ""))
    head = (f"<div style='background:#3b4a2f;color:#fff;padding:4px 8px;font-weight:bold'>"
            f"Jaliz ({escape(obs.params.mode)}) — turn {obs.turn}, active P{obs.active_player}; {status}"
            f"<span style='float:right;font-weight:normal'>view of {who}</span></div>")
    supply = ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in obs.supply)
    market = "".join(_chip(c) for c in obs.market) or "—"
    info = (f"<div style='padding:4px 8px'><b>Revealed:</b> {market} &nbsp; <b>Deck</b> {obs.deck_size} · "
            f"<b>burned</b> {len(obs.burned)} · <b>deck ran out</b> {obs.deck_runs_out}/{obs.params.deck_passes}"
            f"{' · <b style=color:#a00>final round</b>' if obs.ending else ''} · <b>supply</b> {escape(supply)}")
    for key, value in obs.extras:
        info += f"<br><b>{escape(str(key))}:</b> {escape(_extra_text(value))}"
    info += "</div>"
    rows = ["<tr style='background:#efe6cf'><th>player</th><th>plots</th><th>coins</th><th>hand</th>"
            "<th>credit tokens</th><th>equipment</th><th>score</th></tr>"]
    for p, f in enumerate(obs.farms):
        plots = "".join(_plot_html(pl, i) for i, pl in enumerate(f.plots))
        equip = ", ".join(x for x, ok in (("tractor", f.tractor), ("third plot", f.third_plot)) if ok) or "—"
        for k, v in f.extras:
            equip += f"; {escape(str(k))}: {escape(_extra_text(v))}"
        hand = f"{f.hand_size} cards"
        mark = " ◀" if p == obs.current_player else ""
        you = " (you)" if p == obs.player else ""
        colour = COLOURS[p % len(COLOURS)]
        bg = "#fff6d5" if p == obs.active_player else "#ffffff"
        tokens = ", ".join(f"P{t}" for t in f.tokens) or "—"
        rows.append(f"<tr style='background:{bg}'><td style='color:{colour};white-space:nowrap'><b>P{p}{you}{mark}</b>"
                    f"</td><td>{plots}</td><td>{f.coins}</td><td>{hand}</td><td>{tokens}</td><td>{equip}</td>"
                    f"<td><b>{f.score}</b></td></tr>")
    table = "<table style='border-collapse:collapse;margin:4px 8px'>" + "".join(rows) + "</table>"
    lists = "".join(f"<li>P{b} offers: <code>{escape(str(o))}</code></li>" for b, o in obs.offers)
    lists += "".join(f"<li>P{p} must plant {''.join(_chip(c) for c in cs)}</li>" for p, cs in obs.pending)
    lists = f"<ul style='margin:2px 8px'>{lists}</ul>" if lists else ""
    hand = ""
    if obs.hand is not None:
        hand = (f"<div style='padding:4px 8px'><b>Your hand ({len(obs.hand)}):</b> "
                f"{''.join(_chip(c) for c in obs.hand) or '(empty)'}</div>")
    return (f"<div class='jaliz-board' style='font-family:sans-serif;font-size:13px;border:1px solid #b5a77f;"
            f"background:#f7f3e8;max-width:980px'>{head}{info}{table}{lists}{hand}</div>")


def state_svg(obs: JalizObservation) -> str:
    """An SVG board: header, revealed cards, one row per farm, the viewer's hand."""
    w, row = 860, 74
    n = len(obs.farms)
    hand_h = 70 if obs.hand is not None else 0
    h = 78 + row * n + hand_h + 8
    status = "game over" if obs.is_over else f"{obs.decision} by P{obs.current_player}"
    who = "spectator" if obs.player is None else f"P{obs.player}"
    parts = [f"<svg xmlns='http://www.w3.org/2000/svg' width='{w}' height='{h}' font-family='sans-serif' "
             f"font-size='12'><rect width='{w}' height='{h}' fill='#f7f3e8'/>",
             f"<rect width='{w}' height='26' fill='#3b4a2f'/><text x='8' y='18' fill='#fff' font-weight='bold' "
             f"font-size='14'>Turn {obs.turn} · active P{obs.active_player} · {escape(status)}</text>"
             f"<text x='{w - 8}' y='18' fill='#e8e0c8' text-anchor='end'>view of {who}</text>",
             "<text x='8' y='46'>Revealed:</text>"]
    for i, c in enumerate(obs.market):
        parts.append(_svg_card(70 + i * 84, 32, 78, 22, c))
    extras = "".join(f" · {escape(str(k))}: {escape(_extra_text(v))}" for k, v in obs.extras)
    parts.append(f"<text x='260' y='46'>deck {obs.deck_size} · burned {len(obs.burned)} · ran out "
                 f"{obs.deck_runs_out}/{obs.params.deck_passes} · offers {len(obs.offers)}{extras}</text>")
    for p, f in enumerate(obs.farms):
        y = 62 + p * row
        colour = COLOURS[p % len(COLOURS)]
        stroke = f" stroke='{colour}' stroke-width='3'" if p == obs.current_player else " stroke='#b5a77f'"
        parts.append(f"<rect x='4' y='{y}' width='{w - 8}' height='{row - 6}' rx='5' "
                     f"fill='{'#fff6d5' if p == obs.active_player else '#efe6cf'}'{stroke}/>")
        parts.append(f"<text x='12' y='{y + 22}' fill='{colour}' font-weight='bold' font-size='14'>P{p}"
                     f"{' (you)' if p == obs.player else ''}</text>")
        for i, plot in enumerate(f.plots):
            x = 90 + i * 150
            fill = PRODUCT_COLOURS.get(plot.product, EMPTY_PLOT) if plot.product else EMPTY_PLOT
            parts.append(f"<rect x='{x}' y='{y + 6}' width='140' height='{row - 18}' rx='5' fill='{fill}' "
                         f"stroke='#5a4a2a'/>")
            parts.append(f"<text x='{x + 70}' y='{y + 34}' text-anchor='middle' font-weight='bold' "
                         f"fill='{text_colour(fill)}'>{i + 1}: {escape(str(plot))}</text>")
        parts.append(f"<text x='545' y='{y + 24}'>coins {f.coins} · hand {f.hand_size} · score "
                     f"<tspan font-weight='bold'>{f.score}</tspan></text>")
        equip = ("tractor · " if f.tractor else "") + "tokens " + (", ".join(f"P{t}" for t in f.tokens) or "none")
        parts.append(f"<text x='545' y='{y + 46}'>{escape(equip)}</text>")
    if obs.hand is not None:
        y = 62 + n * row + 6
        parts.append(f"<text x='8' y='{y + 16}' font-weight='bold'>Your hand</text>")
        step = min(84, (w - 90) / max(len(obs.hand), 1))
        for i, c in enumerate(obs.hand):
            parts.append(_svg_card(80 + i * step, y, 78, 40, c))
    parts.append("</svg>")
    return "".join(parts)


def _svg_card(x: float, y: float, cw: float, ch: float, product: int) -> str:
    fill = PRODUCT_COLOURS.get(product, "#bbb")
    return (f"<rect x='{x:.0f}' y='{y}' width='{cw}' height='{ch}' rx='3' fill='{fill}' stroke='#333'/>"
            f"<text x='{x + cw / 2:.0f}' y='{y + ch / 2 + 4}' text-anchor='middle' font-weight='bold' "
            f"fill='{text_colour(fill)}'>{escape(pname(product))}</text>")
