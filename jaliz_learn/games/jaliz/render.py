"""Static renderings of a Jaliz observation: HTML table and SVG board.

They need no live kernel, so saved notebooks, HTML exports and nbval show the
position (widgets draw on a canvas that is not saved with the notebook).
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from .actions import pname

if TYPE_CHECKING:  # pragma: no cover
    from .observation import JalizObservation

COLOURS = ("#d62728", "#1f77b4", "#2ca02c", "#e6b800", "#9467bd", "#ff7f0e", "#8c564b")
PRODUCT_COLOURS = {6: "#c0392b", 7: "#7dbb45", 8: "#6c3483", 9: "#e74c3c", 10: "#27ae60", 11: "#f4d03f",
                   12: "#e67e22", 13: "#af7ac5", 14: "#f39c12", 15: "#a04000", 16: "#d7bde2", 17: "#b9770e",
                   18: "#52be80"}


def _hand_text(obs: "JalizObservation") -> str:
    if obs.hand is None:
        return ""
    return ", ".join(pname(c) for c in obs.hand) or "(empty)"


def state_html(obs: "JalizObservation") -> str:
    """An HTML table of the position as ``obs.player`` sees it."""
    who = "spectator" if obs.player is None else f"player {obs.player}"
    head = (f"<b>Jaliz ({obs.params.mode})</b> — turn {obs.turn}, active P{obs.active_player}; "
            f"decision <code>{escape(obs.decision)}</code> by "
            f"{'nobody (game over)' if obs.current_player is None else 'P' + str(obs.current_player)}; "
            f"view of {who}.<br>")
    info = (f"Deck {obs.deck_size} cards, burned {len(obs.burned)}, deck ran out {obs.deck_runs_out}/"
            f"{obs.params.deck_passes}. Market: {escape(', '.join(pname(c) for c in obs.market) or '—')}. "
            "Supply: " + ", ".join(f"{k} {v}" for k, v in obs.supply) + ".")
    for key, value in obs.extras:
        info += f" {escape(str(key))}: {escape(str(value))}."
    rows = ["<tr><th>player</th><th>plots</th><th>coins</th><th>hand</th><th>tokens</th>"
            "<th>equipment</th><th>score</th></tr>"]
    for p, f in enumerate(obs.farms):
        plots = " | ".join(escape(str(pl)) for pl in f.plots)
        equip = ", ".join(x for x, ok in (("tractor", f.tractor), ("third plot", f.third_plot)) if ok) or "—"
        hand = escape(_hand_text(obs)) if p == obs.player else f"{f.hand_size} cards"
        mark = " ▶" if p == obs.current_player else ""
        colour = COLOURS[p % len(COLOURS)]
        rows.append(f"<tr><td style='color:{colour}'><b>P{p}{mark}</b></td><td>{plots}</td><td>{f.coins}</td>"
                    f"<td>{hand}</td><td>{f.tokens}</td><td>{equip}</td><td>{f.score}</td></tr>")
    offers = "".join(f"<li>P{b}: {escape(str(o))}</li>" for b, o in obs.offers)
    pending = "".join(f"<li>P{p} must plant {escape(', '.join(pname(c) for c in cs))}</li>" for p, cs in obs.pending)
    extra = (f"<ul>{offers}{pending}</ul>" if offers or pending else "")
    return f"<div class='jaliz-board'>{head}{info}<table>{''.join(rows)}</table>{extra}</div>"


def state_svg(obs: "JalizObservation") -> str:
    """An SVG drawing of the farms (one row per player)."""
    w, row = 760, 70
    h = 60 + row * len(obs.farms)
    parts = [f"<svg xmlns='http://www.w3.org/2000/svg' width='{w}' height='{h}' font-family='sans-serif' "
             f"font-size='12'><rect width='{w}' height='{h}' fill='#f7f3e8'/>",
             f"<text x='10' y='20'>Turn {obs.turn} · active P{obs.active_player} · {escape(obs.decision)} · "
             f"deck {obs.deck_size} · burned {len(obs.burned)} · ran out {obs.deck_runs_out}/{obs.params.deck_passes}</text>",
             f"<text x='10' y='40'>Market: {escape(', '.join(pname(c) for c in obs.market) or '—')}</text>"]
    for p, f in enumerate(obs.farms):
        y = 55 + p * row
        parts.append(f"<text x='10' y='{y + 30}' fill='{COLOURS[p % 7]}' font-weight='bold'>P{p}</text>")
        for i, plot in enumerate(f.plots):
            x = 50 + i * 150
            fill = PRODUCT_COLOURS.get(plot.product or 0, "#ddd")
            parts.append(f"<rect x='{x}' y='{y}' width='140' height='55' rx='6' fill='{fill}' stroke='#555'/>")
            parts.append(f"<text x='{x + 6}' y='{y + 22}'>{escape(str(plot))}</text>")
        parts.append(f"<text x='510' y='{y + 20}'>coins {f.coins} · hand {f.hand_size} · score {f.score}</text>")
        parts.append(f"<text x='510' y='{y + 40}'>{'tractor ' if f.tractor else ''}tokens {list(f.tokens)}</text>")
    parts.append("</svg>")
    return "".join(parts)
