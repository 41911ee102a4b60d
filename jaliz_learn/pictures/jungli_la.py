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
(26, 4)
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any

from ..games.jungli_la.data import CARDS, MATERIALS
from ._jb_scene import INK, Rect, Scene, html_wrap

WIDTH = 960
MARGIN = 14
HEADER_H = 40
COLS = 8
CELL_W = 106
CELL_H = 108
ROW_GAP = 26
GAP_X = (WIDTH - 2 * MARGIN - COLS * CELL_W) / (COLS - 1)
DIE = 52
DIE_GAP = 10
DICE_H = 92
DICE_X = 190
PLAYER_H = 74
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
        return HEADER_H + 8

    @property
    def dice_top(self) -> float:
        return self.track_top + self.rows * CELL_H + (self.rows - 1) * ROW_GAP + 26

    @property
    def players_top(self) -> float:
        return self.dice_top + DICE_H + 10

    @property
    def height(self) -> int:
        return int(self.players_top + self.num_players * PLAYER_H + 8)

    def cell_rect(self, i: int) -> Rect:
        row, col = divmod(i, COLS)
        if row % 2:
            col = COLS - 1 - col
        return (MARGIN + col * (CELL_W + GAP_X), self.track_top + row * (CELL_H + ROW_GAP), CELL_W, CELL_H)

    def cell_of_position(self, pos: int) -> int:
        """Track cell of an observation position (0 Start, k a card, -1 the Goal)."""
        return self.track_len + 1 if pos < 0 else pos

    def die_rect(self, i: int) -> Rect:
        return (DICE_X + i * (DIE + DIE_GAP), self.dice_top + 26, DIE, DIE)

    def player_rect(self, p: int) -> Rect:
        return (MARGIN, self.players_top + p * PLAYER_H, self.width - 2 * MARGIN, PLAYER_H - 6)

    def material_rect(self, p: int, m: int) -> Rect:
        x, y, _, _ = self.player_rect(p)
        return (x + 150 + m * 50, y + 10, 44, 26)


def observation_of(obj: Any) -> Any:
    """The observation to draw: ``obj`` itself, or a state's spectator observation."""
    return obj.observation(None) if hasattr(obj, "legal_actions") else obj


def scene(obs: Any, *, selected_dice: Collection[int] = (), targets: dict[int, str] | None = None,
          note: str = "") -> Scene:
    """The picture of a Jungli-La observation.

    ``selected_dice``: indexes into ``obs.dice_faces()`` marked for a reroll; ``targets``: track cell ->
    a short label ("move 3", "discover") drawn as a yellow tag (the live board's hints); ``note``: a line
    in the header.
    """
    lay = JungliLayout(obs.num_players, len(obs.track))
    title = f"Jungli-La, round {obs.round}" + ("" if obs.player is None else f", seen by P{obs.player}")
    sc = Scene(lay.width, lay.height, title)
    sc.rect(0, 0, lay.width, lay.height, fill=BG)
    _header(sc, obs, lay, note)
    _track(sc, obs, lay, targets or {})
    _dice(sc, obs, lay, set(selected_dice))
    for p in range(obs.num_players):
        _player(sc, obs, lay, p)
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
    sc.text(MARGIN, 26, left, size=16, bold=True, bg="#2d3b2a", max_width=560)
    k = obs.cards_before_end_card
    depth = "end card drawn: last round" if obs.end_triggered or k < 0 else f"end card {_nth(k + 1)} from the top"
    sc.text(lay.width - MARGIN, 26, f"Treasure deck: {obs.deck_size} cards, {depth}", size=13, bg="#2d3b2a",
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
            _end_cell(sc, rect, "START", "#efe9dc", ["every explorer", "starts here"])
        elif i == lay.cells - 1:
            k = obs.cards_before_end_card
            lines = [f"Treasure deck {obs.deck_size}", "end card drawn" if k < 0 else f"end card {_nth(k + 1)}"]
            _end_cell(sc, rect, "GOAL", "#f7d46b", lines)
        else:
            _card(sc, obs.track[i - 1], rect)
        sc.hit(rect, ("cell", i))
        if i in targets:  # a hint of the live board: dashed frame and a yellow tag in the gap below
            x, y, w, h = rect
            sc.rect(x - 2, y - 2, w + 4, h + 4, stroke=INK, width=3, dash=True)
            sc.rect(x + w / 2 - 40, y + h + 3, 80, 19, fill=SELECT, stroke=INK, radius=4)
            sc.text(x + w / 2, y + h + 17, targets[i], size=12, bold=True, bg=SELECT, anchor="middle", max_width=76)
        _pawns(sc, rect, at.get(i, []), obs.player)


def _end_cell(sc: Scene, rect: Rect, name: str, fill: str, lines: Sequence[str]) -> None:
    x, y, w, h = rect
    sc.rect(x, y, w, h, fill=fill, stroke="#5a4a2a", width=1.5, radius=6)
    sc.text(x + w / 2, y + 24, name, size=16, bold=True, bg=fill, anchor="middle")
    for j, line in enumerate(lines):
        sc.text(x + w / 2, y + 44 + 14 * j, line, size=11, bg=fill, anchor="middle", max_width=w - 6)


def _card(sc: Scene, cid: str, rect: Rect) -> None:
    card = CARDS[cid]
    x, y, w, h = rect
    light, dark = AREA_LIGHT[card.area], AREA_DARK[card.area]
    sc.rect(x, y, w, h, fill=light, stroke="#5a4a2a", width=1.5, radius=6)
    sc.rect(x, y, w, 20, fill=dark, radius=6)
    sc.text(x + 6, y + 15, cid, size=12, bold=True, bg=dark)
    sc.text(x + w - 6, y + 15, f"{card.vp} VP", size=12, bold=True, bg=dark, anchor="end")
    sc.text(x + 6, y + 35, card.patron, size=12, bold=True, bg=light, max_width=w - 10)
    sc.text(x + 6, y + 49, card.type, size=11, bg=light, max_width=w - 10)
    sc.text(x + 6, y + 63, _EFFECT_SHORT.get(card.effect, card.effect), size=11, bg=light, max_width=w - 10)
    for m, n in enumerate(card.cost):  # cost pills F/W/T, each with its letter
        mat = MATERIALS[m]
        px = x + 4 + m * 33
        sc.rect(px, y + 68, 31, 15, fill=MATERIAL_BG[mat], stroke="#6b5b3b", width=0.8, radius=3)
        sc.text(px + 15.5, y + 80, f"{mat}{n}", size=11, bold=True, bg=MATERIAL_BG[mat], anchor="middle")


def _pawns(sc: Scene, rect: Rect, players: list[int], viewer: int | None) -> None:
    if not players:
        return
    x, y, w, h = rect
    step = min(24.0, (w - 8) / len(players))
    cy = y + h - 11
    for j, p in enumerate(players):
        cx = x + 4 + step * j + min(step, 22) / 2
        colour = PLAYER_COLOURS[p % len(PLAYER_COLOURS)]
        sc.circle(cx, cy, 10.5, fill=colour, stroke=INK, width=2.5 if p == viewer else 1)
        sc.text(cx, cy + 4, f"P{p}", size=10, bold=True, bg=colour, anchor="middle")


def _die_symbol(sc: Scene, face: str, rect: Rect) -> None:
    x, y, w, h = rect
    bg = FACE_BG[face]
    sc.text(x + w / 2, y + 28, FACE_BIG[face], size=22, bold=True, bg=bg, anchor="middle")
    sc.text(x + w / 2, y + 45, FACE_WORD[face], size=11, bg=bg, anchor="middle")
    if face in ("M1", "M2"):  # footprints: one or two arrow heads, a shape cue besides the number
        for k in range(int(face[1])):
            ax = x + 8 + k * 9
            sc.poly([(ax, y + 8), (ax + 7, y + 13), (ax, y + 18)], fill=INK)


def _dice(sc: Scene, obs: Any, lay: JungliLayout, selected: set[int]) -> None:
    top = lay.dice_top
    sc.rect(MARGIN, top, lay.width - 2 * MARGIN, DICE_H, fill="#efeadf", stroke="#b9ad92", radius=6)
    faces = list(obs.dice_faces())
    sc.text(MARGIN + 10, top + 20, "Dice", size=14, bold=True, bg="#efeadf")
    if obs.decision in ("roll",) and not faces:
        info = ["not rolled yet"]
    else:
        info = [f"rolled {obs.dice_rolled}", f"rerolls used {obs.rerolls_used} of 2"]
        if obs.paleo_left > 0:
            info.append(f"Paleontologist: {obs.paleo_left}")
    for j, line in enumerate(info):
        sc.text(MARGIN + 10, top + 40 + 15 * j, line, size=12, bg="#efeadf")
    for i, face in enumerate(faces):
        rect = lay.die_rect(i)
        x, y, w, h = rect
        chosen = i in selected
        sc.rect(x, y, w, h, fill=FACE_BG[face], stroke=INK, width=4 if chosen else 1.5, radius=8)
        _die_symbol(sc, face, rect)
        if chosen:
            sc.rect(x, y - 20, w, 16, fill=SELECT, stroke=INK, width=1, radius=3)
            sc.text(x + w / 2, y - 8, "reroll", size=11, bold=True, bg=SELECT, anchor="middle")
        sc.hit(rect, ("die", i))
    if obs.decision == "reroll" and faces:
        hint = "click dice to choose up to 2 for a reroll (Letters stay)"
        sc.text(lay.width - MARGIN - 10, top + 20, hint, size=12, bg="#efeadf", anchor="end", max_width=420)


def _player(sc: Scene, obs: Any, lay: JungliLayout, p: int) -> None:
    x, y, w, h = lay.player_rect(p)
    current = p == obs.current_player and not obs.is_over
    bg = "#fff4c9" if current else "#f1ede3"
    sc.rect(x, y, w, h, fill=bg, stroke=INK if current else "#b9ad92", width=2.5 if current else 1, radius=6)
    sc.hit((x, y, w, h), ("player", p))
    colour = PLAYER_COLOURS[p % len(PLAYER_COLOURS)]
    sc.circle(x + 22, y + 24, 13, fill=colour, stroke=INK, width=1.5)
    sc.text(x + 22, y + 28, f"P{p}", size=11, bold=True, bg=colour, anchor="middle")
    who = "you" if p == obs.player else ("to play" if current else "")
    sc.text(x + 42, y + 22, f"P{p}" + (f" ({who})" if who else ""), size=13, bold=True, bg=bg, max_width=100)
    pos = obs.positions[p]
    where = "at Start" if pos == 0 else "at the Goal" if pos < 0 else f"on {obs.track[pos - 1]}"
    sc.text(x + 42, y + 40, where, size=11, bg=bg, max_width=100)
    mats = obs.materials[p]
    for m, mat in enumerate(MATERIALS):
        mx, my, mw, mh = lay.material_rect(p, m)
        sc.rect(mx, my, mw, mh, fill=MATERIAL_BG[mat], stroke="#6b5b3b", radius=4)
        sc.text(mx + mw / 2, my + 18, f"{mat} {mats[m]}", size=13, bold=True, bg=MATERIAL_BG[mat], anchor="middle")
        sc.hit((mx, my, mw, mh), ("material", p, mat))
    sc.text(x + 150, y + 54, f"{sum(mats)} of {obs.material_limits[p]} carried", size=11, bg=bg)
    lx = x + 305
    sc.rect(lx, y + 10, 62, 26, fill=MATERIAL_BG["L"], stroke="#6b5b3b", radius=4)
    sc.text(lx + 31, y + 28, f"L {obs.letters[p]}/{obs.letter_limits[p]}", size=13, bold=True,
            bg=MATERIAL_BG["L"], anchor="middle")
    sc.text(lx, y + 54, "Letters", size=11, bg=bg)
    wx = x + 380
    for k in range(obs.wagons[p]):  # a wagon: a box on two wheels
        bx = wx + k * 30
        sc.rect(bx, y + 14, 26, 14, fill="#a9825a", stroke=INK, width=1)
        sc.circle(bx + 6, y + 31, 4, fill=INK)
        sc.circle(bx + 20, y + 31, 4, fill=INK)
    sc.text(wx, y + 54, f"Wagons {obs.wagons[p]}", size=11, bg=bg)
    tx = x + 455
    count = obs.treasure_counts[p]
    for k in range(min(count, 6)):  # face-down Treasure cards
        sc.rect(tx + k * 7, y + 10, 18, 26, fill="#c99a2e", stroke=INK, width=1, radius=2)
    own = tuple(obs.own_treasures) if p == obs.player else ()
    label = f"Treasures {count}" + (f" ({'+'.join(map(str, own))})" if own else "")
    sc.text(tx, y + 54, label, size=11, bg=bg, max_width=120)
    _discoveries(sc, obs.discoveries[p], x + 590, y + 4, w - 596, bg)


def _discoveries(sc: Scene, cards: Sequence[str], x: float, y: float, w: float, bg: str) -> None:
    if not cards:
        sc.text(x, y + 20, "no Discovery cards yet", size=11, bg=bg)
        return
    per_row = max(1, int(w // 42))
    for j, cid in enumerate(cards[: per_row * 2]):
        r, c = divmod(j, per_row)
        area = CARDS[cid].area
        cx, cy = x + c * 42, y + r * 24
        sc.rect(cx, cy, 39, 20, fill=AREA_DARK[area], radius=4)
        sc.text(cx + 19.5, cy + 14.5, cid, size=11, bold=True, bg=AREA_DARK[area], anchor="middle")
    types = len({CARDS[c].type for c in cards})
    more = f" (+{len(cards) - per_row * 2} not shown)" if len(cards) > per_row * 2 else ""
    sc.text(x, y + 58, f"{len(cards)} Discovery cards, {types} types{more}", size=11, bg=bg, max_width=w)


def picture(obs: Any) -> Scene:
    """The picture of an observation (``jaliz_learn.pictures.picture_svg`` calls this): ``.to_svg()`` gives SVG."""
    return scene(obs)


def svg(obj: Any) -> str:
    """SVG picture of a Jungli-La state (spectator view) or observation."""
    return scene(observation_of(obj)).to_svg()


def html(obj: Any) -> str:
    return html_wrap(svg(obj))


__all__ = ["JungliLayout", "picture", "scene", "svg", "html", "observation_of"]
