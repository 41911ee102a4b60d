"""Bali (and Village of Tani) as a picture: the village square, the altar, every player, the village.

One layout (:class:`BaliLayout`) and one scene builder (:func:`scene`) serve the static SVG picture
(``state._repr_svg_()``, ``observation._repr_svg_()``) and the live canvas board
(``jaliz_learn.widgets.BaliBoard``). Only the observation is drawn: other players' hands and
offering stocks appear as counts, face-down altar cards as a number (BAL-HIDDEN-01).

Every card type has a colour, its name and a shape (stonemason: square stone, priest: circle,
shrine: roof, farmer: leaf), so nothing depends on telling colours apart.

>>> import jaliz_learn
>>> st = jaliz_learn.load_game("bali-tani").initial_state(3, seed=3)
>>> svg = st._repr_svg_()
>>> svg.startswith("<svg") and "Altar" in svg and "Village of Tani" in svg
True
>>> BaliLayout(3, True).height
588
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any

from ..games.bali.data import BANANA_TILES, CARD_NAMES, CARD_TITLES, KINDS, offering_values
from ._jb_scene import INK, Rect, Scene, html_wrap
from .describe import apply_to_picture
from .svg import seat_name

WIDTH = 960
MARGIN = 12
HEADER_H = 36
SQUARE_TOP = HEADER_H + 6
COL_W = 110
COL_GAP = 8
SQUARE_W = 20 + 4 * COL_W + 3 * COL_GAP
CARD_H = 44
CARD_GAP = 5
SQUARE_H = 24 + 4 * (CARD_H + CARD_GAP) + 22
PLAYER_H = 68
VILLAGE_H = 84
BG = "#f8f5ee"
SELECT = "#ffd400"
PANEL = "#efe9dc"

#: Card colours (light, for dark text) by card name.
CARD_BG = {"mason": "#cfcfcf", "priest": "#dcc3ec", "shrine": "#f3d27a", "rice": "#cfe8a9", "peanut": "#e2c6a0",
           "banana": "#fff08a", "pepper": "#f5aa9c"}
#: Okabe-Ito colours (colour-blind safe); every marker also carries its label P0..P3.
PLAYER_COLOURS = ("#E69F00", "#56B4E9", "#009E73", "#CC79A7")
_TITLE = dict(zip(CARD_NAMES, CARD_TITLES))
_RANK = ("1st", "2nd", "3rd", "4th")


@dataclass(frozen=True)
class BaliLayout:
    """Where everything is for ``num_players`` players (``tani``: with the village board)."""

    num_players: int
    tani: bool
    width: int = WIDTH

    @property
    def players_top(self) -> float:
        return SQUARE_TOP + SQUARE_H + 8

    @property
    def village_top(self) -> float:
        return self.players_top + self.num_players * PLAYER_H + 2

    @property
    def height(self) -> int:
        return int(self.village_top + (VILLAGE_H + 6 if self.tani else 4))

    def square_card(self, col: int, row: int) -> Rect:
        return (MARGIN + 10 + col * (COL_W + COL_GAP), SQUARE_TOP + 24 + row * (CARD_H + CARD_GAP), COL_W, CARD_H)

    def altar_rect(self) -> Rect:
        x = MARGIN + SQUARE_W + 10
        return (x, SQUARE_TOP, self.width - MARGIN - x, SQUARE_H)

    def altar_row(self, k: int) -> Rect:
        x, y, w, _ = self.altar_rect()
        return (x + 8, y + 40 + k * 30, w - 16, 26)

    def player_rect(self, p: int) -> Rect:
        return (MARGIN, self.players_top + p * PLAYER_H, self.width - 2 * MARGIN, PLAYER_H - 4)

    def hand_card(self, p: int, i: int) -> Rect:
        x, y, _, _ = self.player_rect(p)
        return (x + 150 + i * 70, y + 20, 66, 34)

    def stock_rect(self, p: int, k: int) -> Rect:
        x, y, _, _ = self.player_rect(p)
        return (x + 366 + k * 57, y + 20, 54, 22)

    def field_rect(self, k: int, f: int) -> Rect:
        area_w = (self.width - 2 * MARGIN - 220) / 4
        return (MARGIN + 8 + k * area_w + 5 + f * (area_w - 16) / 3, self.village_top + 40,
                (area_w - 16) / 3 - 3, 36)


def observation_of(obj: Any) -> Any:
    """The observation to draw: ``obj`` itself, or a state's spectator observation."""
    return obj.observation(None) if hasattr(obj, "legal_actions") else obj


def scene(obs: Any, *, takeable: Collection[int] | None = None, selected: tuple[Any, ...] | None = None,
          note: str = "", names: Sequence[str] | None = None) -> Scene:
    """The picture of a Bali observation.

    ``takeable``: 0-based columns whose bottom card may be taken now (default: every non-empty
    column while the decision is ``take``); ``selected``: a hit key drawn as selected (live board);
    ``note``: a line in the header; ``names``: the names seats joined a live table with.
    """
    lay = BaliLayout(obs.num_players, bool(obs.expansion))
    name = "Bali: Village of Tani" if obs.expansion else "Bali"
    sc = Scene(lay.width, lay.height, f"{name}, turn {obs.turn}"
               + ("" if obs.player is None else f", seen by P{obs.player}"))
    sc.rect(0, 0, lay.width, lay.height, fill=BG)
    if takeable is None:
        takeable = [c for c, col in enumerate(obs.square) if col] if obs.decision == "take" else []
    _header(sc, obs, lay, name, note)
    _square(sc, obs, lay, set(takeable))
    _altar(sc, obs, lay)
    for p in range(obs.num_players):
        _player(sc, obs, lay, p, selected, names)
    if obs.expansion:
        _village(sc, obs, lay)
    return sc


def _header(sc: Scene, obs: Any, lay: BaliLayout, name: str, note: str) -> None:
    dark = "#3a2a4a"
    sc.rect(0, 0, lay.width, HEADER_H, fill=dark)
    left = f"{name}: game over" if obs.is_over else (
        f"{name}  turn {obs.turn}  P{obs.current_player} to play: {obs.decision}")
    if note:
        left += f"  [{note}]"
    sc.text(MARGIN, 24, left, size=15, bold=True, bg=dark, max_width=600)
    right = f"draw pile {obs.draw_pile}, discard pile {len(obs.discard)}"
    sc.text(lay.width - MARGIN, 24, right, size=13, bg=dark, anchor="end", max_width=320)


def card_glyph(sc: Scene, card: str, x: float, y: float, s: float = 14) -> None:
    """The card type's shape at (x, y) (top-left), size ``s``: a shape cue besides colour and name."""
    if card == "mason":
        sc.rect(x, y + 2, s, s - 4, fill="#8a8a8a", stroke=INK, width=1)
    elif card == "priest":
        sc.circle(x + s / 2, y + s / 2, s / 2 - 1, fill="#8a5fb0", stroke=INK, width=1)
    elif card == "shrine":
        sc.poly([(x, y + s / 2), (x + s / 2, y), (x + s, y + s / 2), (x + s - 2, y + s / 2), (x + s - 2, y + s),
                 (x + 2, y + s), (x + 2, y + s / 2)], fill="#b8860b", stroke=INK, width=1)
    else:  # a farmer: a leaf
        sc.poly([(x + s / 2, y), (x + s, y + s / 2), (x + s / 2, y + s), (x, y + s / 2)], fill="#3f7f2a",
                stroke=INK, width=1)


def draw_card(sc: Scene, card: str, rect: Rect, small: bool = False) -> None:
    x, y, w, h = rect
    bg = CARD_BG[card]
    sc.rect(x, y, w, h, fill=bg, stroke="#5a4a3a", width=1.2, radius=5)
    card_glyph(sc, card, x + 4, y + 5, 12)
    sc.text(x + 20, y + 16, card, size=11 if small else 12, bold=True, bg=bg, max_width=w - 22)
    sc.text(x + 5, y + (29 if small else 34), "farmer" if small and card in KINDS else _TITLE[card], size=10 if small
            else 11, bg=bg, max_width=w - 8)


def _square(sc: Scene, obs: Any, lay: BaliLayout, takeable: set[int]) -> None:
    x, y = MARGIN, SQUARE_TOP
    sc.rect(x, y, SQUARE_W, SQUARE_H, fill=PANEL, stroke="#b9ad92", radius=6)
    sc.text(x + 10, y + 17, "Village square: the bottom card of a column can be taken", size=12, bold=True,
            bg=PANEL, max_width=SQUARE_W - 20)
    for c, col in enumerate(obs.square):
        for r, card in enumerate(col):
            draw_card(sc, card, lay.square_card(c, r))
        if col:
            bottom = lay.square_card(c, len(col) - 1)
            sc.hit(bottom, ("column", c + 1))
            bx, by, bw, bh = bottom
            if c in takeable:
                sc.rect(bx - 3, by - 3, bw + 6, bh + 6, stroke=INK, width=3, dash=True)
                sc.rect(bx + bw / 2 - 32, by + bh + 3, 64, 16, fill=SELECT, stroke=INK, radius=4)
                sc.text(bx + bw / 2, by + bh + 15, f"take {c + 1}", size=11, bold=True, bg=SELECT, anchor="middle")
            else:
                sc.text(bx + bw / 2, by + bh + 15, f"column {c + 1}", size=11, bg=PANEL, anchor="middle")
        else:
            ex, ey, ew, eh = lay.square_card(c, 0)
            sc.rect(ex, ey, ew, eh, stroke="#8a7d62", width=1, dash=True, radius=5)
            sc.text(ex + ew / 2, ey + 26, f"column {c + 1} empty", size=11, bg=PANEL, anchor="middle")


def _altar(sc: Scene, obs: Any, lay: BaliLayout) -> None:
    x, y, w, h = lay.altar_rect()
    sc.rect(x, y, w, h, fill=PANEL, stroke="#b9ad92", radius=6)
    sc.text(x + 10, y + 17, "Altar (offerings) and ranking", size=12, bold=True, bg=PANEL, max_width=w - 20)
    for label, dx in (("kind", 34), ("on altar", 140), ("rank", 214), ("VP/card", 268), ("supply", 346)):
        sc.text(x + dx, y + 34, label, size=11, bg=PANEL)
    values = offering_values(list(obs.altar_open))
    rank = [sum(1 for j in range(4) if obs.altar_open[j] > obs.altar_open[k]) for k in range(4)]
    for k, kind in enumerate(KINDS):
        rx, ry, rw, rh = lay.altar_row(k)
        bg = CARD_BG[kind]
        sc.rect(rx, ry, rw, rh, fill=bg, stroke="#5a4a3a", radius=4)
        card_glyph(sc, kind, rx + 6, ry + 6, 14)
        sc.text(rx + 26, ry + 18, kind, size=12, bold=True, bg=bg)
        sc.text(rx + 132, ry + 18, str(obs.altar_open[k]), size=12, bold=True, bg=bg)
        sc.text(rx + 206, ry + 18, _RANK[rank[k]], size=12, bg=bg)
        sc.text(rx + 260, ry + 18, str(values[k]), size=12, bold=True, bg=bg)
        sc.text(rx + 338, ry + 18, str(obs.supply[k]), size=12, bg=bg)
        sc.hit((rx, ry, rw, rh), ("altar", kind))
    hidden = f"face down on the altar: {obs.altar_hidden}"
    mine = tuple(obs.my_hidden_offerings)
    if obs.player is not None and any(mine):
        hidden += " (yours: " + ", ".join(f"{KINDS[k]} {n}" for k, n in enumerate(mine) if n) + ")"
    sc.text(x + 10, y + 178, hidden, size=12, bg=PANEL, max_width=w - 20)
    sc.text(x + 10, y + 194, "(the ranking shown counts the open cards only)", size=11, bg=PANEL, max_width=w - 20)
    rev = obs.revealed or "none"
    sc.text(x + 10, y + 220, f"card revealed for scoring: {rev}", size=12, bold=True, bg=PANEL, max_width=w - 20)


def _player(sc: Scene, obs: Any, lay: BaliLayout, p: int, selected: tuple[Any, ...] | None,
            names: Sequence[str] | None) -> None:
    x, y, w, h = lay.player_rect(p)
    current = p == obs.current_player and not obs.is_over
    bg = "#fff4c9" if current else "#f1ede3"
    sc.rect(x, y, w, h, fill=bg, stroke=INK if current else "#b9ad92", width=2.5 if current else 1, radius=6)
    colour = PLAYER_COLOURS[p % len(PLAYER_COLOURS)]
    sc.circle(x + 17, y + 20, 12, fill=colour, stroke=INK, width=1.5)
    sc.text(x + 17, y + 24, f"P{p}", size=10, bold=True, bg=colour, anchor="middle")
    who = "you" if p == obs.player else ("to play" if current else "")
    # the disc beside it shows the seat's number
    sc.text(x + 34, y + 17, seat_name(p, names, number=False) + (f" ({who})" if who else ""), size=12, bold=True, bg=bg,
            max_width=104)
    # stones (grey disc) and VP (gold badge): shape + number + word
    sc.circle(x + 12, y + 45, 6, fill="#9a9a9a", stroke=INK, width=1)
    sc.text(x + 22, y + 49, f"stones {obs.stones[p]}", size=12, bold=True, bg=bg)
    sc.rect(x + 82, y + 38, 15, 14, fill="#f3d27a", stroke=INK, width=1, radius=3)
    sc.text(x + 102, y + 49, f"VP {obs.vp[p]}", size=12, bold=True, bg=bg)
    # hand: own cards face up (clickable), the others' as a count of card backs
    sc.text(x + 150, y + 14, "hand", size=11, bg=bg)
    if p == obs.player and obs.hand is not None:
        for i, card in enumerate(obs.hand):
            rect = lay.hand_card(p, i)
            draw_card(sc, card, rect, small=True)
            sc.hit(rect, ("hand", i, card))
            if selected == ("hand", i, card):
                hx, hy, hw, hh = rect
                sc.rect(hx - 3, hy - 3, hw + 6, hh + 6, stroke=INK, width=3)
    else:
        cx, cy, _, _ = lay.hand_card(p, 0)
        for i in range(obs.hand_sizes[p]):
            sc.rect(cx + i * 10, cy, 24, 34, fill="#6b4e8a", stroke=INK, width=1, radius=3)
        sc.text(cx + max(obs.hand_sizes[p] - 1, 0) * 10 + 32, y + 42, f"{obs.hand_sizes[p]} cards", size=12, bg=bg)
    # offering stock: own per kind, the others' as a count
    sc.text(x + 366, y + 14, "offering stock", size=11, bg=bg)
    if p == obs.player and obs.stock is not None:
        for k, kind in enumerate(KINDS):
            rect = lay.stock_rect(p, k)
            sx, sy, sw, sh = rect
            sc.rect(sx, sy, sw, sh, fill=CARD_BG[kind], stroke="#5a4a3a", radius=4)
            sc.text(sx + sw / 2, sy + 15, f"{kind} {obs.stock[k]}", size=10, bold=True, bg=CARD_BG[kind],
                    anchor="middle", max_width=sw - 2)
            sc.hit(rect, ("stock", kind))
    else:
        sc.text(x + 366, y + 37, f"{obs.stock_sizes[p]} cards (hidden)", size=12, bg=bg)
    if obs.expansion:
        extra = f"huts to build: {obs.huts[p]}" + (", has Ganesha" if obs.ganesha == p else "")
        sc.text(x + 366, y + 58, extra, size=11, bold=obs.ganesha == p, bg=bg)
    # display: played cards by type
    px0 = x + 606
    sc.text(px0, y + 14, "played cards", size=11, bg=bg)
    shown = [(CARD_NAMES[t], n) for t, n in enumerate(obs.displays[p]) if n]
    for j, (card, n) in enumerate(shown):
        r, c = divmod(j, 4)
        cx, cy = px0 + c * 82, y + 19 + r * 22
        sc.rect(cx, cy, 79, 19, fill=CARD_BG[card], stroke="#5a4a3a", width=1, radius=3)
        card_glyph(sc, card, cx + 3, cy + 4, 11)
        sc.text(cx + 17, cy + 14, f"{card} x{n}", size=10, bold=True, bg=CARD_BG[card], max_width=62)
    if not shown:
        sc.text(px0, y + 36, "none yet", size=11, bg=bg)


def _village(sc: Scene, obs: Any, lay: BaliLayout) -> None:
    top = lay.village_top
    x, w = MARGIN, lay.width - 2 * MARGIN
    sc.rect(x, top, w, VILLAGE_H, fill=PANEL, stroke="#b9ad92", radius=6)
    sc.text(x + 10, top + 15, "Village of Tani: field n costs n offering cards", size=12, bold=True, bg=PANEL,
            max_width=w - 240)
    area_w = (w - 220) / 4
    for k, kind in enumerate(KINDS):
        ax = x + 8 + k * area_w
        sc.rect(ax, top + 20, area_w - 6, 60, fill=CARD_BG[kind], stroke="#5a4a3a", radius=5)
        card_glyph(sc, kind, ax + 5, top + 24, 11)
        bonus = {"rice": "Ganesha", "peanut": "Ganesha", "banana": "a tile", "pepper": "+4 stones"}[kind]
        sc.text(ax + 20, top + 34, f"{kind}: {bonus}", size=11, bold=True, bg=CARD_BG[kind], max_width=area_w - 28)
        for f, owner in enumerate(obs.village[k]):
            rect = lay.field_rect(k, f)
            fx, fy, fw, fh = rect
            if owner >= 0:
                colour = PLAYER_COLOURS[owner % len(PLAYER_COLOURS)]
                sc.rect(fx, fy, fw, fh, fill="#ffffff", stroke=INK, width=1, radius=4)
                sc.poly([(fx + fw / 2, fy + 2), (fx + fw / 2 + 11, fy + 11), (fx + fw / 2 - 11, fy + 11)], fill=INK)
                sc.rect(fx + fw / 2 - 14, fy + 11, 28, 20, fill=colour, stroke=INK, width=1)
                sc.text(fx + fw / 2, fy + 26, f"P{owner}", size=11, bold=True, bg=colour, anchor="middle")
            else:
                sc.rect(fx, fy, fw, fh, fill="#ffffff", stroke="#5a4a3a", width=1, dash=True, radius=4)
                sc.text(fx + fw / 2, fy + 15, f"field {f + 1}", size=10, bg="#ffffff", anchor="middle")
                sc.text(fx + fw / 2, fy + 29, "free", size=10, bg="#ffffff", anchor="middle")
            sc.hit(rect, ("field", kind, f + 1))
    rx = x + w - 206
    left = [t for t in BANANA_TILES if t in obs.tiles]
    sc.text(rx, top + 32, "banana tiles left:", size=11, bold=True, bg=PANEL)
    sc.text(rx, top + 46, ", ".join(left[:2]) or "none", size=11, bg=PANEL, max_width=200)
    if len(left) > 2:
        sc.text(rx, top + 59, ", ".join(left[2:]), size=11, bg=PANEL, max_width=200)
    gan = "in the temple" if obs.ganesha is None else f"with P{obs.ganesha}"
    sc.text(rx, top + 76, f"Ganesha: {gan}", size=11, bold=True, bg=PANEL)


def picture(obs: Any) -> Scene:
    """The picture of an observation (``jaliz_learn.pictures.picture_svg`` calls this): ``.to_svg()`` gives SVG.
    Its title and ``<desc>`` are the position in words (:mod:`jaliz_learn.pictures.describe`)."""
    return apply_to_picture(scene(obs), obs)


def svg(obj: Any) -> str:
    """SVG picture of a Bali state (spectator view) or observation."""
    return picture(observation_of(obj)).to_svg()


def html(obj: Any) -> str:
    return html_wrap(svg(obj))


picture_html = html  # what jaliz_learn.pictures.picture_html draws for this game


__all__ = ["BaliLayout", "picture", "scene", "svg", "html", "observation_of", "draw_card", "card_glyph"]
