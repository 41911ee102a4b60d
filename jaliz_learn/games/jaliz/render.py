"""Static renderings of a Jaliz observation: the SVG board (also inside the HTML) and a plain HTML table.

They need no live kernel, so saved notebooks, HTML exports and nbval show the
position (widgets draw on a canvas that is not saved with the notebook). ``state_svg`` and
``state_html`` are the picture of ``jaliz_learn.pictures.jaliz``, drawn from the same layout as
the live board; ``state_table_html`` is the older compact table. All draw only what the
observation holds: the viewer's own hand, other hands as counts.

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
    """The board picture as HTML (scaled to the column, with a caption), as ``obs.player`` sees it."""
    from ...pictures.jaliz import picture_html  # imported when asked: the engine never loads its views

    return picture_html(obs)


def state_svg(obs: JalizObservation) -> str:
    """The board picture as SVG: the same drawing and layout as the live ``JalizBoard``."""
    from ...pictures.jaliz import picture

    return picture(obs).to_svg()


def state_table_html(obs: JalizObservation) -> str:
    """A compact HTML table of the position as ``obs.player`` sees it (``None``: spectator)."""
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
