"""Jungli-La as a picture: the jungle track winding through Discovery cards, the dice, every player.

One layout (:class:`JungliLayout`) and one scene builder (:func:`scene`) serve both the static SVG
picture (``state._repr_svg_()``, ``observation._repr_svg_()``) and the live canvas board
(``jaliz_learn.widgets.JungliLaBoard``), so both always look the same. Only the public
observation is drawn: other players' Treasure values never appear (JUN-RUL-13).

>>> import jaliz_learn
>>> st = jaliz_learn.load_game("jungli-la").initial_state(3, seed=2)
>>> svg = st._repr_svg_()
>>> svg.startswith("<svg") and "GOAL" in svg and "START" in svg
True
>>> lay = JungliLayout(3, len(st.track))
>>> lay.cells, lay.rows
(26, 3)
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any

from ..games.jungli_la.data import CARDS, MATERIALS
from ._jb_scene import INK, Rect, Scene, html_wrap
from .describe import apply_to_picture
from .svg import seat_name

WIDTH = 960
MARGIN = 12
HEADER_H = 36
COLS = 10
CELL_W = 86
CELL_H = 88
ROW_GAP = 16
GAP_X = (WIDTH - 2 * MARGIN - COLS * CELL_W) / (COLS - 1)
DIE = 42
DIE_GAP = 6
DICE_PER_ROW = 5
DICE_W = 250
DICE_H = 164
PLAYER_H = 46
TRAIL = "#8b6b3e"
BG = "#faf7ef"

#: Area colours: light card body, dark band with white text (A green, B ochre, C purple).
AREA_LIGHT = {"A": "#dcefd4", "B": "#f6e6c2", "C": "#e6dcf2"}
AREA_DARK = {"A": "#2f6b2a", "B": "#7a4f00", "C": "#553a85"}
#: Die faces: background and a one-word name (the big symbol is the face letter or the steps).
FACE_BG = {"M1": "#ffffff", "M2": "#ffffff", "F": "#c6e8ad", "W": "#e6c8a0", "T": "#c9d4e2", "L": "#f4e8b4"}
FACE_BIG = {"M1": "1", "M2": "2", "F": "F", "W": "W", "T": "T", "L": "L"}
FACE_WORD = {"M1": "move", "M2": "move", "F": "food", "W": "wood", "T": "tools", "L": "letter"}
MATERIAL_BG = {"F": FACE_BG["F"], "W": FACE_BG["W"], "T": FACE_BG["T"], "L": FACE_BG["L"]}
#: Okabe-Ito colours (colour-blind safe); every pawn also carries its label P0..P4.
PLAYER_COLOURS = ("#E69F00", "#56B4E9", "#009E73", "#CC79A7", "#0072B2")
SELECT = "#ffd400"

_EFFECT_SHORT = {
    "dice+1": "+1 die", "dice+2": "+2 dice", "virtual:M1": "+1 move", "virtual:F": "+1 food",
    "virtual:W": "+1 wood", "virtual:T": "+1 tools", "virtual:L": "+1 letter", "paleo": "set a die",
    "points": "points only", "prof:F": "VP/food", "prof:W": "VP/wood", "prof:T": "VP/tools",
    "prof:L": "VP/letter", "prof:wagon": "2VP/wagon", "prof:treasure": "VP/treasure",
    "prof:discovery": "VP/discovery",
}


@dataclass(frozen=True)
class JungliLayout:
    """Where everything is, for ``num_players`` players and a track of ``track_len`` cards.

    Track cells: 0 is Start, k (1..track_len) the k-th card, ``track_len + 1`` the Goal; the path
    winds left to right, then right to left, row after row.
    """

    num_players: int
    track_len: int
    width: int = WIDTH

    @property
    def cells(self) -> int:
        return self.track_len + 2

    @property
    def rows(self) -> int:
        return (self.cells + COLS - 1) // COLS

    @property
    def track_top(self) -> float:
        return HEADER_H + 6

    @property
    def lower_top(self) -> float:
        """Top of the players (left) and the dice (right), under the track."""
        return self.track_top + self.rows * CELL_H + (self.rows - 1) * ROW_GAP + 24

    @property
    def height(self) -> int:
        return int(self.lower_top + max(self.num_players * PLAYER_H, DICE_H) + 6)

    def cell_rect(self, i: int) -> Rect:
        row, col = divmod(i, COLS)
        if row % 2:
            col = COLS - 1 - col
        return (MARGIN + col * (CELL_W + GAP_X), self.track_top + row * (CELL_H + ROW_GAP), CELL_W, CELL_H)

    def cell_of_position(self, pos: int) -> int:
        """Track cell of an observation position (0 Start, k a card, -1 the Goal)."""
        return self.track_len + 1 if pos < 0 else pos

    def dice_rect(self) -> Rect:
        return (self.width - MARGIN - DICE_W, self.lower_top, DICE_W, DICE_H)

    def die_rect(self, i: int) -> Rect:
        x, y, _, _ = self.dice_rect()
        row, col = divmod(i, DICE_PER_ROW)
        return (x + 8 + col * (DIE + DIE_GAP), y + 52 + row * (DIE + 22), DIE, DIE)

    def player_rect(self, p: int) -> Rect:
        return (MARGIN, self.lower_top + p * PLAYER_H, self.width - 2 * MARGIN - DICE_W - 8, PLAYER_H - 4)

    def material_rect(self, p: int, m: int) -> Rect:
        x, y, _, _ = self.player_rect(p)
        return (x + 122 + m * 44, y + 4, 40, 22)


def observation_of(obj: Any) -> Any:
    """The observation to draw: ``obj`` itself, or a state's spectator observation."""
    return obj.observation(None) if hasattr(obj, "legal_actions") else obj


def scene(obs: Any, *, selected_dice: Collection[int] = (), targets: dict[int, str] | None = None,
          note: str = "", names: Sequence[str] | None = None) -> Scene:
    """The picture of a Jungli-La observation.

    ``selected_dice``: indexes into ``obs.dice_faces()`` marked for a reroll; ``targets``: track cell ->
    a short label ("move 3", "discover") drawn as a yellow tag (the live board's hints); ``note``: a line
    in the header; ``names``: the names seats joined a live table with.
    """
    lay = JungliLayout(obs.num_players, len(obs.track))
    title = f"Jungli-La, round {obs.round}" + ("" if obs.player is None else f", seen by P{obs.player}")
    sc = Scene(lay.width, lay.height, title)
    sc.rect(0, 0, lay.width, lay.height, fill=BG)
    _header(sc, obs, lay, note)
    _track(sc, obs, lay, targets or {})
    _dice(sc, obs, lay, set(selected_dice))
    for p in range(obs.num_players):
        _player(sc, obs, lay, p, names)
    return sc


def _header(sc: Scene, obs: Any, lay: JungliLayout, note: str) -> None:
    sc.rect(0, 0, lay.width, HEADER_H, fill="#2d3b2a")
    if obs.is_over:
        left = "Jungli-La: game over"
    else:
        cur = obs.current_player
        left = f"Jungli-La  round {obs.round}  P{cur} to play: {obs.decision}"
    if note:
        left += f"  [{note}]"
    sc.text(MARGIN, 24, left, size=15, bold=True, bg="#2d3b2a", max_width=540)
    k = obs.cards_before_end_card
    depth = "end card drawn: last round" if obs.end_triggered or k < 0 else f"end card {_nth(k + 1)}"
    sc.text(lay.width - MARGIN, 24, f"Treasure deck {obs.deck_size}, {depth}", size=13, bg="#2d3b2a",
            anchor="end", max_width=380)


def _nth(k: int) -> str:
    """An ordinal in English.

    >>> _nth(1), _nth(2), _nth(3), _nth(12), _nth(22)
    ('1st', '2nd', '3rd', '12th', '22nd')
    """
    suffix = "th" if 10 <= k % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(k % 10, "th")
    return f"{k}{suffix}"


def _track(sc: Scene, obs: Any, lay: JungliLayout, targets: dict[int, str]) -> None:
    centres = []
    for i in range(lay.cells):
        x, y, w, h = lay.cell_rect(i)
        centres.append((x + w / 2, y + h / 2))
    sc.line(centres, stroke=TRAIL, width=8)  # the jungle trail, visible between the cards
    at: dict[int, list[int]] = {}
    for p, pos in enumerate(obs.positions):
        at.setdefault(lay.cell_of_position(pos), []).append(p)
    for i in range(lay.cells):
        rect = lay.cell_rect(i)
        if i == 0:
            _end_cell(sc, rect, "START", "#efe9dc", ["explorers", "start here"])
        elif i == lay.cells - 1:
            k = obs.cards_before_end_card
            lines = ["Treasure", f"deck: {obs.deck_size}"] + (["end card", "drawn"] if k < 0 else
                                                                ["end card:", _nth(k + 1)])
            _end_cell(sc, rect, "GOAL", "#f7d46b", lines)
        else:
            _card(sc, obs.track[i - 1], rect)
        sc.hit(rect, ("cell", i))
        if i in targets:  # a hint of the live board: dashed frame and a yellow tag in the gap below
            x, y, w, h = rect
            sc.rect(x - 2, y - 2, w + 4, h + 4, stroke=INK, width=3, dash=True)
            sc.rect(x + w / 2 - 34, y + h + 1, 68, 15, fill=SELECT, stroke=INK, radius=4)
            sc.text(x + w / 2, y + h + 12.5, targets[i], size=11, bold=True, bg=SELECT, anchor="middle", max_width=64)
        _pawns(sc, rect, at.get(i, []), obs.player)


def _end_cell(sc: Scene, rect: Rect, name: str, fill: str, lines: Sequence[str]) -> None:
    x, y, w, h = rect
    sc.rect(x, y, w, h, fill=fill, stroke="#5a4a2a", width=1.5, radius=6)
    sc.text(x + w / 2, y + 20, name, size=15, bold=True, bg=fill, anchor="middle")
    for j, line in enumerate(lines):
        sc.text(x + w / 2, y + 36 + 13 * j, line, size=11, bg=fill, anchor="middle", max_width=w - 4)


def _card(sc: Scene, cid: str, rect: Rect) -> None:
    card = CARDS[cid]
    x, y, w, h = rect
    light, dark = AREA_LIGHT[card.area], AREA_DARK[card.area]
    sc.rect(x, y, w, h, fill=light, stroke="#5a4a2a", width=1.5, radius=6)
    sc.rect(x, y, w, 17, fill=dark, radius=6)
    sc.text(x + 4, y + 13, cid, size=12, bold=True, bg=dark)
    sc.text(x + w - 4, y + 13, f"{card.vp} VP", size=11, bold=True, bg=dark, anchor="end")
    sc.text(x + 4, y + 29, card.patron, size=11, bold=True, bg=light, max_width=w - 6)
    sc.text(x + 4, y + 41, card.type, size=11, bg=light, max_width=w - 6)
    sc.text(x + 4, y + 53, _EFFECT_SHORT.get(card.effect, card.effect), size=11, bg=light, max_width=w - 6)
    for m, n in enumerate(card.cost):  # cost pills F/W/T, each with its letter
        mat = MATERIALS[m]
        px = x + 3 + m * 27.5
        sc.rect(px, y + 56, 25, 13, fill=MATERIAL_BG[mat], stroke="#6b5b3b", width=1, radius=3)
        sc.text(px + 12.5, y + 66.5, f"{mat}{n}", size=10, bold=True, bg=MATERIAL_BG[mat], anchor="middle")


def _pawns(sc: Scene, rect: Rect, players: list[int], viewer: int | None) -> None:
    if not players:
        return
    x, y, w, h = rect
    step = min(20.0, (w - 6) / len(players))
    cy = y + h - 9.5
    for j, p in enumerate(players):
        cx = x + 3 + step * j + 9
        colour = PLAYER_COLOURS[p % len(PLAYER_COLOURS)]
        sc.circle(cx, cy, 9, fill=colour, stroke=INK, width=2.5 if p == viewer else 1)
        sc.text(cx, cy + 3.5, f"P{p}", size=9, bold=True, bg=colour, anchor="middle")


def _die_symbol(sc: Scene, face: str, rect: Rect) -> None:
    x, y, w, h = rect
    bg = FACE_BG[face]
    sc.text(x + w / 2, y + 23, FACE_BIG[face], size=19, bold=True, bg=bg, anchor="middle")
    sc.text(x + w / 2, y + 37, FACE_WORD[face], size=10, bg=bg, anchor="middle")
    if face in ("M1", "M2"):  # footprints: one or two arrow heads, a shape cue besides the number
        for k in range(int(face[1])):
            ax = x + 5 + k * 7
            sc.poly([(ax, y + 5), (ax + 6, y + 9.5), (ax, y + 14)], fill=INK)


def _dice(sc: Scene, obs: Any, lay: JungliLayout, selected: set[int]) -> None:
    x, top, w, h = lay.dice_rect()
    bg = "#efeadf"
    sc.rect(x, top, w, h, fill=bg, stroke="#b9ad92", radius=6)
    faces = list(obs.dice_faces())
    if not faces:
        head, info = "Dice: not rolled yet", ""
    else:
        head = f"Dice: {obs.dice_rolled} rolled, rerolls {obs.rerolls_used}/2"
        info = f"Paleontologist: {obs.paleo_left} change(s)" if obs.paleo_left > 0 else ""
    if obs.decision == "reroll" and faces:
        info = "click 1 or 2 dice to reroll them"
    sc.text(x + 8, top + 17, head, size=12, bold=True, bg=bg, max_width=w - 16)
    if info:
        sc.text(x + 8, top + 32, info, size=11, bg=bg, max_width=w - 16)
    for i, face in enumerate(faces):
        rect = lay.die_rect(i)
        dx, dy, dw, dh = rect
        chosen = i in selected
        sc.rect(dx, dy, dw, dh, fill=FACE_BG[face], stroke=INK, width=4 if chosen else 1.5, radius=7)
        _die_symbol(sc, face, rect)
        if chosen:
            sc.rect(dx - 2, dy - 18, dw + 4, 15, fill=SELECT, stroke=INK, width=1, radius=3)
            sc.text(dx + dw / 2, dy - 7, "reroll", size=10, bold=True, bg=SELECT, anchor="middle")
        sc.hit(rect, ("die", i))


def _player(sc: Scene, obs: Any, lay: JungliLayout, p: int, names: Sequence[str] | None) -> None:
    x, y, w, h = lay.player_rect(p)
    current = p == obs.current_player and not obs.is_over
    bg = "#fff4c9" if current else "#f1ede3"
    sc.rect(x, y, w, h, fill=bg, stroke=INK if current else "#b9ad92", width=2.5 if current else 1, radius=6)
    sc.hit((x, y, w, h), ("player", p))
    colour = PLAYER_COLOURS[p % len(PLAYER_COLOURS)]
    sc.circle(x + 17, y + 21, 12, fill=colour, stroke=INK, width=1.5)
    sc.text(x + 17, y + 25, f"P{p}", size=10, bold=True, bg=colour, anchor="middle")
    who = "you" if p == obs.player else ("to play" if current else "")
    # the disc beside it shows the seat's number
    sc.text(x + 34, y + 17, seat_name(p, names, number=False) + (f" ({who})" if who else ""), size=12, bold=True, bg=bg,
            max_width=86)
    pos = obs.positions[p]
    where = "at Start" if pos == 0 else "at the Goal" if pos < 0 else f"on {obs.track[pos - 1]}"
    sc.text(x + 34, y + 34, where, size=11, bg=bg, max_width=86)
    mats = obs.materials[p]
    for m, mat in enumerate(MATERIALS):
        mx, my, mw, mh = lay.material_rect(p, m)
        sc.rect(mx, my, mw, mh, fill=MATERIAL_BG[mat], stroke="#6b5b3b", radius=4)
        sc.text(mx + mw / 2, my + 16, f"{mat} {mats[m]}", size=12, bold=True, bg=MATERIAL_BG[mat], anchor="middle")
        sc.hit((mx, my, mw, mh), ("material", p, mat))
    sc.text(x + 122, y + 39, f"{sum(mats)} of {obs.material_limits[p]} carried", size=11, bg=bg)
    lx = x + 256
    sc.rect(lx, y + 4, 56, 22, fill=MATERIAL_BG["L"], stroke="#6b5b3b", radius=4)
    sc.text(lx + 28, y + 20, f"L {obs.letters[p]}/{obs.letter_limits[p]}", size=12, bold=True,
            bg=MATERIAL_BG["L"], anchor="middle")
    sc.text(lx, y + 39, "Letters", size=11, bg=bg)
    wx = x + 320
    for k in range(obs.wagons[p]):  # a wagon: a box on two wheels
        bx = wx + k * 26
        sc.rect(bx, y + 6, 22, 12, fill="#a9825a", stroke=INK, width=1)
        sc.circle(bx + 5, y + 21, 3.5, fill=INK)
        sc.circle(bx + 17, y + 21, 3.5, fill=INK)
    sc.text(wx, y + 39, f"Wagons {obs.wagons[p]}", size=11, bg=bg)
    tx = x + 386
    count = obs.treasure_counts[p]
    own = tuple(obs.own_treasures) if p == obs.player else ()
    if own:  # the viewer's own Treasure cards, face up with their values
        for k, value in enumerate(own[:6]):
            sc.rect(tx + k * 17, y + 4, 15, 22, fill="#f7e3a1", stroke=INK, width=1, radius=2)
            sc.text(tx + k * 17 + 7.5, y + 20, str(value), size=11, bold=True, bg="#f7e3a1", anchor="middle")
    else:
        for k in range(min(count, 6)):  # face-down Treasure cards
            sc.rect(tx + k * 6, y + 4, 15, 22, fill="#c99a2e", stroke=INK, width=1, radius=2)
    label = f"Treasure {count}" + (f", {sum(own)} VP" if own else "")
    sc.text(tx, y + 39, label, size=11, bg=bg, max_width=108)
    _discoveries(sc, obs.discoveries[p], x + 500, y + 3, w - 504, bg)


def _discoveries(sc: Scene, cards: Sequence[str], x: float, y: float, w: float, bg: str) -> None:
    if not cards:
        sc.text(x, y + 16, "no Discovery", size=11, bg=bg)
        sc.text(x, y + 30, "cards yet", size=11, bg=bg)
        return
    per_row = max(1, int(w // 37))
    shown = list(cards) if len(cards) <= per_row * 2 else list(cards[: per_row * 2 - 1])
    for j, cid in enumerate(shown):
        r, c = divmod(j, per_row)
        area = CARDS[cid].area
        cx, cy = x + c * 37, y + r * 20
        sc.rect(cx, cy, 35, 17, fill=AREA_DARK[area], radius=3)
        sc.text(cx + 17.5, cy + 13, cid, size=10, bold=True, bg=AREA_DARK[area], anchor="middle")
    if len(shown) < len(cards):
        cx, cy = x + (per_row - 1) * 37, y + 20
        sc.text(cx + 17.5, cy + 13, f"+{len(cards) - len(shown)}", size=11, bold=True, bg=bg, anchor="middle")


def picture(obs: Any) -> Scene:
    """The picture of an observation (``jaliz_learn.pictures.picture_svg`` calls this): ``.to_svg()`` gives SVG.
    Its title and ``<desc>`` are the position in words (:mod:`jaliz_learn.pictures.describe`)."""
    return apply_to_picture(scene(obs), obs)


def svg(obj: Any) -> str:
    """SVG picture of a Jungli-La state (spectator view) or observation."""
    return picture(observation_of(obj)).to_svg()


def html(obj: Any) -> str:
    return html_wrap(svg(obj))


picture_html = html  # what jaliz_learn.pictures.picture_html draws for this game


__all__ = ["JungliLayout", "picture", "scene", "svg", "html", "observation_of"]
