"""Nizam, solo Nizam and Pearl of the East drawn with a pen (the live board and the SVG picture are one drawing).

Each gem kind has a colour *and* a shape (and its letter in the corner), named in the legend,
so the board reads without colour vision. The 20 row and column ends are tabs with an arrow: a
click there slides that end card across the line. Runs that score now are framed in solid gold
with their points; runs that would not score (their line did not change this turn, NIZ-SCORE-03)
have a dashed frame. In Pearl of the East the pearl is a white cell with a gold ring, and every
player's completed-task stack is drawn with its top card (the one that blocks others) marked.

>>> import jaliz_learn
>>> obs = jaliz_learn.load_game("pearl-of-the-east").initial_state(num_players=2, seed=3).observation(0)
>>> svg = picture(obs).to_svg()
>>> svg.startswith("<svg") and "pearl" in svg and "heliotrope" in svg
True
>>> lay = NizamLayout(2)
>>> lay.end_rect(0, True)[0] < lay.grid_x < lay.end_rect(0, False)[0]
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from jaliz_learn.games.nizam import board as B
from jaliz_learn.games.nizam.data import KIND_NAMES, KINDS, PEARL, SIDE

from .describe import apply_to_picture
from .palette import OKABE_SEATS
from .svg import INK, MUTED, Pen, Rect, Svg, arrow, html_figure, regular_polygon, seat_name, star, text_on, text_width

WIDTH = 940
HEADER_H = 40
TAB = 30          # thickness of the end tabs around the grid
CELL = 62
GAP = 4
GRID = SIDE * CELL + (SIDE - 1) * GAP
PANEL_X = 450
HAND_Y = 470
HAND_H = 96
PAY_H = 54
LEGEND_H = 46

BG = "#f6f3ea"
HEADER_BG = "#2f3b4a"
PANEL_BG = "#ebe6d8"
SELECT = "#ffd400"
SCORE_GOLD = "#7a5c00"  # dark gold: 3:1 or more on every gem cell (WCAG 1.4.11)
#: One colour per seat: each >= 4.5:1 on the light backgrounds.
SEAT_COLOURS = OKABE_SEATS[:5]  # Okabe-Ito hues written as text (palette.py)

#: Gem colour (Okabe-Ito based where possible) and shape; the shape is the cue that needs no colour vision.
GEM_COLOURS: dict[str, str] = {"A": "#e69f00", "B": "#56b4e9", "C": "#f08a7a", "D": "#d9dce8", "E": "#009e73",
                               "F": "#d55e00", "G": "#8e1b3a", "H": "#9575cd", PEARL: "#ffffff"}
GEM_SHAPES: dict[str, str] = {"A": "circle", "B": "square", "C": "triangle", "D": "diamond", "E": "hexagon",
                              "F": "star", "G": "triangle-down", "H": "cross", PEARL: "pearl"}
GEM_NAMES: dict[str, str] = {**KIND_NAMES, PEARL: "pearl"}


def tint(colour: str, amount: float = 0.6) -> str:
    """``colour`` mixed with white (``amount`` of white).

    >>> tint("#000000", 0.5)
    '#808080'
    """
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return "#" + "".join(f"{round(c + (255 - c) * amount):02x}" for c in (r, g, b))


@dataclass(frozen=True)
class NizamLayout:
    """Where everything is drawn (shared by the canvas board, its hit areas and the SVG picture)."""

    num_players: int
    width: int = WIDTH

    grid_x: int = 14 + TAB + 6
    grid_y: int = HEADER_H + 14 + TAB + 6

    @property
    def height(self) -> int:
        return HAND_Y + HAND_H + PAY_H + LEGEND_H + 8

    def cell_rect(self, cell: int) -> Rect:
        r, c = divmod(cell, SIDE)
        return (self.grid_x + c * (CELL + GAP), self.grid_y + r * (CELL + GAP), CELL, CELL)

    def end_rect(self, line: int, first: bool) -> Rect:
        """The tab at one end of a line (rows: left/right, columns: top/bottom)."""
        if line < SIDE:
            row_y = self.cell_rect(line * SIDE)[1]
            return (self.grid_x - TAB - 4 if first else self.grid_x + GRID + 4, row_y, TAB, CELL)
        col_x = self.cell_rect(line - SIDE)[0]
        return (col_x, self.grid_y - TAB - 4 if first else self.grid_y + GRID + 4, CELL, TAB)

    def grid_region(self) -> Rect:
        return (0, HEADER_H, PANEL_X - 8, HAND_Y - HEADER_H)

    def panel_region(self) -> Rect:
        return (PANEL_X - 8, HEADER_H, self.width - PANEL_X + 8, HAND_Y - HEADER_H)

    def player_rect(self, p: int) -> Rect:
        rows = max(self.num_players, 1)
        h = min(56, (250 - 4 * rows) / rows)
        return (PANEL_X, HEADER_H + 10 + p * (h + 4), self.width - PANEL_X - 10, h)

    def piles_rect(self) -> Rect:
        return (PANEL_X, HEADER_H + 266, self.width - PANEL_X - 10, 56)

    def turn_rect(self) -> Rect:
        return (PANEL_X, HEADER_H + 328, self.width - PANEL_X - 10, HAND_Y - HEADER_H - 336)

    def draw_button(self) -> Rect:
        _, y, _, h = self.turn_rect()
        return (PANEL_X + 8, y + h - 40, 170, 34)

    def finish_button(self) -> Rect:
        _, y, _, h = self.turn_rect()
        return (PANEL_X + 190, y + h - 40, 170, 34)

    def hand_region(self) -> Rect:
        return (0, HAND_Y, self.width, HAND_H + PAY_H)

    def hand_card_rect(self, i: int, n: int) -> Rect:
        step = 50 if n <= 17 else (self.width - 40 - 44) / max(n - 1, 1)
        return (14 + i * step, HAND_Y + 28, 44, 60)

    def pay_rect(self, i: int) -> Rect:
        return (200 + i * 92, HAND_Y + HAND_H + 8, 86, 40)

    def legend_region(self) -> Rect:
        return (0, HAND_Y + HAND_H + PAY_H, self.width, LEGEND_H + 8)


# ---------------------------------------------------------------- pieces


def gem(pen: Pen, kind: str, cx: float, cy: float, r: float) -> None:
    """The shape of a gem kind, filled with its colour, outlined dark."""
    fill = GEM_COLOURS.get(kind, "#cccccc")
    shape = GEM_SHAPES.get(kind, "circle")
    edge = "#1f1f1f"
    if shape == "circle":
        pen.circle(cx, cy, r * 0.9, fill=fill, stroke=edge, line_width=1.5)
    elif shape == "square":
        pen.rect(cx - r * 0.8, cy - r * 0.8, r * 1.6, r * 1.6, fill=fill, stroke=edge, line_width=1.5)
    elif shape == "triangle":
        pen.polygon(regular_polygon(cx, cy + r * 0.15, r * 1.05, 3), fill=fill, stroke=edge, line_width=1.5)
    elif shape == "triangle-down":
        pen.polygon(regular_polygon(cx, cy - r * 0.15, r * 1.05, 3, rotation=90), fill=fill, stroke=edge,
                    line_width=1.5)
    elif shape == "diamond":
        pen.polygon(regular_polygon(cx, cy, r, 4), fill=fill, stroke=edge, line_width=1.5)
    elif shape == "hexagon":
        pen.polygon(regular_polygon(cx, cy, r * 0.95, 6, rotation=0), fill=fill, stroke=edge, line_width=1.5)
    elif shape == "star":
        pen.polygon(star(cx, cy + r * 0.05, r * 1.05), fill=fill, stroke=edge, line_width=1.5)
    elif shape == "cross":
        a, b = r * 0.85, r * 0.32
        pts = [(cx - b, cy - a), (cx + b, cy - a), (cx + b, cy - b), (cx + a, cy - b), (cx + a, cy + b),
               (cx + b, cy + b), (cx + b, cy + a), (cx - b, cy + a), (cx - b, cy + b), (cx - a, cy + b),
               (cx - a, cy - b), (cx - b, cy - b)]
        pen.polygon(pts, fill=fill, stroke=edge, line_width=1.5)
    else:  # the pearl: white with a gold ring and a shine
        pen.circle(cx, cy, r * 0.95, fill="#ffffff", stroke="#8a6d00", line_width=3)
        pen.circle(cx, cy, r * 0.55, fill="#f3efe2", stroke="#8a6d00", line_width=1)
        pen.circle(cx - r * 0.3, cy - r * 0.3, r * 0.16, fill="#ffffff")


def card(pen: Pen, kind: str, r: Rect, *, selected: bool = False, label: bool = True) -> None:
    """A gem card: a tinted cell, the gem's shape, its letter in the corner."""
    x, y, w, h = r
    fill = tint(GEM_COLOURS.get(kind, "#cccccc"), 0.62) if kind != PEARL else "#fffdf5"
    stroke = SELECT if selected else ("#8a6d00" if kind == PEARL else "#555555")
    pen.rect(x, y, w, h, fill=fill, stroke=stroke, line_width=4 if selected or kind == PEARL else 1.2, radius=6)
    size = min(w, h)
    gem(pen, kind, x + w / 2, y + h / 2 + (2 if label else 0), size * 0.3)
    if label:
        pen.text(kind, x + 4, y + 13, 12, INK, bold=True)


def button_shape(pen: Pen, r: Rect, label: str, enabled: bool, fill: str = "#1b5e20") -> None:
    x, y, w, h = r
    if enabled:
        pen.rect(x, y, w, h, fill=fill, stroke="#111111", line_width=1.5, radius=5)
        pen.text(label, x + w / 2, y + h / 2 + 5, 14, text_on(fill), bold=True, align="center", max_width=w - 8)
    else:
        pen.rect(x, y, w, h, fill="#dedad0", stroke="#8c8677", line_width=1, dash=(4, 3), radius=5)
        pen.text(label + " (not now)", x + w / 2, y + h / 2 + 5, 13, "#4a4a4a", align="center", max_width=w - 8)


def _is_pearl(obs: Any) -> bool:
    return obs.game == "pearl-of-the-east"


def runs_now(obs: Any) -> tuple[list[tuple[int, str, int, int]], list[tuple[int, str, int, int]], int]:
    """(runs that score now, runs that do not, points now) of a Nizam observation (Pearl: no points)."""
    board = list("".join(obs.board))
    found = B.runs(board)
    if _is_pearl(obs):
        return found, [], 0
    changed = [name in obs.changed_lines for name in B.LINE_NAMES]
    scoring = [r for r in found if changed[r[0]]]
    return scoring, [r for r in found if not changed[r[0]]], B.turn_points(scoring)


def _run_box(lay: NizamLayout, run: tuple[int, str, int, int]) -> Rect:
    cells = B.run_cells(run)
    a, b = lay.cell_rect(cells[0]), lay.cell_rect(cells[-1])
    return (a[0] - 3, a[1] - 3, b[0] + b[2] - a[0] + 6, b[1] + b[3] - a[1] + 6)


# ---------------------------------------------------------------- regions


def header(pen: Pen, lay: NizamLayout, obs: Any, ui: dict[str, Any]) -> None:
    pen.clear(0, 0, lay.width, HEADER_H, HEADER_BG)
    if _is_pearl(obs):
        title = f"Pearl of the East · round {obs.round}/{obs.max_rounds}"
    else:
        title = "Nizam (solo)" if obs.num_players == 1 else "Nizam"
        title += f" · turn {obs.turn}"
    if obs.is_over:
        title += " · game over"
    else:
        who = f"P{obs.current_player}" + (" (you)" if obs.current_player == obs.player else "")
        title += f" · {who}: {obs.decision}"
    pen.text(title, 12, 26, 17, "#ffffff", bold=True, max_width=lay.width - 220)
    label = ui.get("viewer_label") or ("spectator view" if obs.player is None else f"view of P{obs.player}")
    pen.text(label, lay.width - 12, 26, 13, "#e3e8ef", align="right")


def grid(pen: Pen, lay: NizamLayout, obs: Any, ui: dict[str, Any]) -> None:
    pen.clear(*lay.grid_region(), BG)
    board = "".join(obs.board)
    sel = ui.get("selected_end")
    can_act = not obs.is_over and obs.current_player == obs.player and obs.player is not None
    for line in range(2 * SIDE):
        for first in (True, False):
            x, y, w, h = lay.end_rect(line, first)
            chosen = sel == (line, first)
            pen.rect(x, y, w, h, fill=SELECT if chosen else ("#d8e3ef" if can_act else "#e4e1d8"),
                     stroke="#2f3b4a" if can_act else "#9a968a", line_width=2 if chosen else 1, radius=4)
            # the arrow points where the end card goes: across the line to the other end
            if line < SIDE:
                direction = "right" if first else "left"
                pen.polygon(arrow(x + 7, y + 8, 16, 16, direction), fill="#2f3b4a")
                pen.text(B.LINE_NAMES[line], x + w / 2, y + h - 10, 11, INK, bold=True, align="center")
            else:
                direction = "down" if first else "up"
                pen.polygon(arrow(x + 6, y + 7, 16, 16, direction), fill="#2f3b4a")
                pen.text(B.LINE_NAMES[line], x + w - 18, y + 20, 11, INK, bold=True, align="center")
    if sel is not None:  # the line that will slide
        cells = B.LINES[sel[0]]
        a, b = lay.cell_rect(cells[0]), lay.cell_rect(cells[-1])
        pen.rect(a[0] - 2, a[1] - 2, b[0] + b[2] - a[0] + 4, b[1] + b[3] - a[1] + 4, fill="#fff3b0")
    scored = set(ui.get("scored_cells") or ())
    for cell, kind in enumerate(board):
        card(pen, kind, lay.cell_rect(cell))
        if cell in scored:  # refilled after the last scoring: a gold corner and a "new" label
            x, y, w, h = lay.cell_rect(cell)
            pen.polygon([(x + w - 20, y), (x + w, y), (x + w, y + 20)], fill=SCORE_GOLD)
            pen.rect(x + 2, y + h - 14, 26, 12, fill="#ffffff", stroke=SCORE_GOLD, line_width=1)
            pen.text("new", x + 15, y + h - 4, 9, INK, bold=True, align="center")
    scoring, idle, _ = runs_now(obs)
    for run in idle:
        pen.rect(*_run_box(lay, run), stroke="#333333", line_width=2, dash=(6, 4))
    for run in scoring:
        pen.rect(*_run_box(lay, run), stroke=SCORE_GOLD, line_width=5)
    # the pearl stands out: a gold frame of its own
    for cell, kind in enumerate(board):
        if kind == PEARL:
            x, y, w, h = lay.cell_rect(cell)
            pen.rect(x - 3, y - 3, w + 6, h + 6, stroke="#5c4300", line_width=3)
            pen.text("PEARL", x + w / 2, y + h - 4, 9, INK, bold=True, align="center")


def panel(pen: Pen, lay: NizamLayout, obs: Any, ui: dict[str, Any]) -> None:
    pen.clear(*lay.panel_region(), BG)
    pearl = _is_pearl(obs)
    for p in range(obs.num_players):
        x, y, w, h = lay.player_rect(p)
        colour = SEAT_COLOURS[p % len(SEAT_COLOURS)]
        current = p == obs.current_player and not obs.is_over
        pen.rect(x, y, w, h, fill="#fff6d5" if current else PANEL_BG, stroke=colour if current else "#b9b2a0",
                 line_width=3 if current else 1, radius=5)
        tx = x + 10
        if current:
            pen.polygon([(x + 8, y + 10), (x + 20, y + 17), (x + 8, y + 24)], fill=colour)
            tx = x + 25
        # ui["seat_names"]: the names seats joined a live table with
        name = (seat_name(p, ui.get("seat_names")) + (" (you)" if p == obs.player else "")
                + ("  to play" if current else ""))
        hand = f"hand {obs.hand_sizes[p]}"
        if pearl:  # Pearl's task counts fill the right of the name's line; Nizam's score and hand sit there
            stats = f"tasks done {len(obs.completed[p])}/8 · {obs.tasks_left[p]} task cards left · {hand}"
            counts_left = x + w - 10 - text_width(stats, 12)
        else:
            counts_left = x + w - 100 - text_width(hand, 12)
        # a long name is squeezed, never drawn over the counts
        pen.text(name, tx, y + 22, 15, colour, bold=True, max_width=counts_left - 10 - tx)
        if pearl:
            done = obs.completed[p]
            pen.text(stats, x + w - 10, y + 22, 12, INK, align="right")
            # the completed-task stack, bottom to top; the top card blocks the others (PRL-TASK-05)
            for i, kind in enumerate(done):
                top = i == len(done) - 1
                cx = x + 24 + i * 26
                gem(pen, kind, cx, y + h - 14, 9 if not top else 11)
                if top:
                    pen.rect(cx - 13, y + h - 27, 26, 26, stroke=colour, line_width=2)
            if done:
                pen.text(f"top: {GEM_NAMES[done[-1]]} (blocks others)", x + 30 + len(done) * 26, y + h - 9, 11, INK)
            else:
                pen.text("no task completed yet", x + 12, y + h - 9, 11, MUTED)
        else:
            pen.text(f"score {obs.scores[p]}", x + w - 10, y + 22, 15, INK, bold=True, align="right")
            pen.text(hand, x + w - 100, y + 22, 12, INK, align="right")
    # deck, discard, run-outs
    x, y, w, h = lay.piles_rect()
    for k in range(3):
        pen.rect(x + 4 - 2 * k, y + 6 - 2 * k, 40, 48, fill="#4e5d6c", stroke="#1c242c", line_width=1)
    pen.text(str(obs.deck_size), x + 22, y + 36, 16, "#ffffff", bold=True, align="center")
    if pearl:
        runouts = f"deck ran out {obs.deck_runouts} time(s)"
    else:
        runouts = f"deck ran out {obs.deck_runouts}/{obs.runouts_to_end} (the game ends at {obs.runouts_to_end})"
    pen.text(f"deck {obs.deck_size} cards · discard pile {len(obs.discard)}", x + 56, y + 22, 13, INK, bold=True)
    pen.text(runouts, x + 56, y + 42, 13, "#8a0000" if not pearl and obs.deck_runouts else INK)
    # this turn
    x, y, w, h = lay.turn_rect()
    pen.rect(x, y, w, h, fill=PANEL_BG, stroke="#b9b2a0", radius=5)
    scoring, idle, points = runs_now(obs)
    pen.text(f"This turn: {obs.moves_made} move(s) made", x + 10, y + 20, 13, INK, bold=True)
    if pearl:
        kinds = sorted({r[1] for r in scoring})
        text = "runs on the board: " + (", ".join(GEM_NAMES[k] for k in kinds) if kinds else "none")
        pen.text(text + " (the pearl may stand in for one gem)", x + 10, y + 40, 12, INK, max_width=w - 20)
    else:
        if scoring:
            parts = [f"{B.LINE_NAMES[r[0]]} {GEM_NAMES[r[1]]}×{r[3]}" for r in scoring]
            pen.text(f"scores now (gold frame): +{points} · " + ", ".join(parts), x + 10, y + 40, 12, "#5c4300",
                     bold=True, max_width=w - 20)
        else:
            pen.text("nothing scores yet (a run scores only if its line changed this turn)", x + 10, y + 40, 12,
                     INK, max_width=w - 20)
        if idle:
            pen.text(f"{len(idle)} run(s) in dashed frames will not score (line unchanged)", x + 10, y + 58, 12,
                     INK, max_width=w - 20)
    mine = obs.current_player == obs.player and obs.player is not None and not obs.is_over
    button_shape(pen, lay.draw_button(), "Draw 3 cards", mine and obs.moves_made == 0, "#0d47a1")
    finish = "End turn" if pearl else f"Score (+{points})"
    button_shape(pen, lay.finish_button(), finish, mine and obs.moves_made > 0, "#1b5e20")


def hand(pen: Pen, lay: NizamLayout, obs: Any, ui: dict[str, Any]) -> None:
    pen.clear(*lay.hand_region(), "#e6e0cf")
    y0 = HAND_Y
    if obs.player is None:
        sizes = ", ".join(f"P{p}: {n}" for p, n in enumerate(obs.hand_sizes))
        pen.text("Spectator view: hands are hidden. Hand sizes — " + sizes, 14, y0 + 50, 15, INK)
        return
    cards = "".join(sorted(obs.hand))
    limit = getattr(obs, "hand_limit", None)
    title = f"Your hand ({len(cards)} cards" + (f", limit {limit})" if limit else ")")
    pen.text(title, 14, y0 + 18, 13, INK, bold=True)
    for i, kind in enumerate(cards):
        card(pen, kind, lay.hand_card_rect(i, len(cards)))
    sel = ui.get("selected_end")
    options = ui.get("pay_options") or ()
    py = y0 + HAND_H
    if sel is None:
        hint = "click an arrow tab at a row or column end to slide that end card across the line"
        if obs.is_over:
            hint = "the game is over"
        pen.text(hint, 14, py + 32, 13, INK)
        return
    line, first = sel
    end = B.end_names(line)[0 if first else 1]
    pen.text(f"Pay to move {B.LINE_NAMES[line]} {end}:", 14, py + 26, 13, INK, bold=True)
    more = f"(click one; all {len(options)} in the 'pay' list)" if len(options) > 8 else "(click a payment)"
    pen.text(more, 14, py + 44, 12, INK, max_width=180)
    for i, pay in enumerate(options[:8]):
        x, y, w, h = lay.pay_rect(i)
        pen.rect(x, y, w, h, fill="#ffffff", stroke="#2f3b4a", line_width=1.5, radius=5)
        step = w / (len(pay) + 0.5)
        for k, kind in enumerate(pay):
            gem(pen, kind, x + step * (k + 0.75), y + h / 2 - 4, 9)
        pen.text(pay, x + w / 2, y + h - 3, 10, INK, bold=True, align="center")
    if not options:
        pen.text("you cannot pay for this end (see the message below)", 200, py + 32, 13, "#8a0000", bold=True)


def legend(pen: Pen, lay: NizamLayout, obs: Any, ui: dict[str, Any]) -> None:
    x0, y0, w, h = lay.legend_region()
    pen.clear(x0, y0, w, h, BG)
    kinds = list(KINDS) + ([PEARL] if _is_pearl(obs) else [])
    step = (lay.width - 20) / len(kinds)
    for i, kind in enumerate(kinds):
        x = 12 + i * step
        gem(pen, kind, x + 12, y0 + 22, 11)
        pen.text(f"{kind} {GEM_NAMES[kind]}", x + 28, y0 + 27, 12, INK, max_width=step - 32)


def draw(pen: Pen, lay: NizamLayout, obs: Any, ui: dict[str, Any]) -> None:
    """The whole board."""
    header(pen, lay, obs, ui)
    grid(pen, lay, obs, ui)
    panel(pen, lay, obs, ui)
    hand(pen, lay, obs, ui)
    legend(pen, lay, obs, ui)


def picture(obs: Any, ui: dict[str, Any] | None = None) -> Svg:
    """The board of ``obs`` as an SVG pen (``.to_svg()`` gives the text)."""
    lay = NizamLayout(obs.num_players)
    who = "spectator" if obs.player is None else f"P{obs.player}"
    pen = Svg(lay.width, lay.height, title=f"{obs.game}, turn {obs.turn}, view of {who}")
    pen.rect(0, 0, lay.width, lay.height, fill=BG)
    draw(pen, lay, obs, ui or {})
    return apply_to_picture(pen, obs)  # the title and <desc>: the position in words (pictures.describe_nizam)


def picture_html(obs: Any) -> str:
    """``_repr_html_``: the SVG board, scaled to the column, with a one-line caption."""
    status = "game over" if obs.is_over else f"{obs.decision} by P{obs.current_player}"
    name = "Pearl of the East" if _is_pearl(obs) else "Nizam"
    return html_figure(picture(obs).to_svg(), f"{name} — turn {obs.turn}, {status}")
