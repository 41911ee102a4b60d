"""Board palettes: the default colours, Okabe–Ito and high contrast (``palette=`` of every board).

Every board draws through a pen (:mod:`.svg`); a palette other than ``"default"`` wraps that pen in a
:class:`PalettePen`, which recolours each call and keeps track of what it has painted (a
:class:`Backdrop`), so every text is written in a colour that reads on what is *really* beneath it.

* ``"default"``: text >= 4.5:1 on its background, board parts >= 3:1 (``tests/test_contrast.py`` checks them
  on real positions of every game). The seats are Okabe–Ito colours (Okabe & Ito 2008, told apart with every
  common colour-vision deficiency): Jungli-La's and Bali's seat markers as they are, Jaliz's and Nizam's seat
  colours, written as text, darkened for 4.5:1 (:data:`OKABE_SEATS`: vermillion, blue, bluish green, black,
  reddish purple, the five hues that stay furthest apart once darkened).
* ``"okabe-ito"``: Nizam's gems in Okabe–Ito colours too. Not the default: the gems are named after their
  colours (coral, garnet, heliotrope...), which the default keeps. Any colour used as text or as a line is
  darkened until it reads (4.5:1 for text, 3:1 for lines) on what is beneath it. Jaliz's 13 product colours
  stay: no palette tells 13 kinds apart, and every card writes its name and number.
* ``"high-contrast"``: black and white only; a light fill becomes white and a dark one black (so text
  keeps the side of the background it was on), every line is black (white on black), and a selection
  (the yellow highlight) becomes an inverted, black part with white writing.

Information never rests on colour alone: seats carry ``P0``…, cards their names, gems a shape and a letter,
so any palette keeps every fact on the board.

>>> check_palette("okabe-ito"), check_palette(None)
('okabe-ito', 'default')
>>> from .svg import Svg
>>> pen = PalettePen(Svg(100, 40), "high-contrast")
>>> pen.rect(0, 0, 100, 40, fill="#3b4a2f")          # a dark header: black
>>> pen.text("Turn 1", 10, 24, 16, "#f1ecdc")         # light text on it: white
>>> pen.rect(0, 30, 100, 10, fill="#efe6cf")          # a light panel: white
>>> pen.text("P0", 10, 39, 9, "#b71c1c")             # a seat colour on it: black
>>> [p.split("fill=")[1][:9] for p in pen.parts]
["'#000000'", "'#ffffff'", "'#ffffff'", "'#000000'"]
"""

from __future__ import annotations

import math
import os
from collections.abc import Sequence
from typing import Any

from jaliz_learn.core.errors import InvalidOption

from .svg import INK, Point, contrast, luminance, text_width

#: The Okabe–Ito colours (Okabe & Ito 2008, "Color Universal Design").
OKABE_ITO: dict[str, str] = {"black": "#000000", "orange": "#e69f00", "sky blue": "#56b4e9",
                             "bluish green": "#009e73", "yellow": "#f0e442", "blue": "#0072b2",
                             "vermillion": "#d55e00", "reddish purple": "#cc79a7"}
PALETTES = ("default", "okabe-ito", "high-contrast")
#: The selection highlight every board uses (a chosen card, end or action button).
SELECT = "#ffd400"
#: Above this relative luminance black text reads better than white (and below it, white better than black).
MIDDLE = 0.179
BLACK, WHITE = "#000000", "#ffffff"
#: The light backgrounds seat colours are written on (the boards' panels and white).
LIGHT_BACKGROUNDS = ("#ffffff", "#fff6d5", "#f7f3e8", "#efe6cf", "#ebe6d8", "#f6f3ea", "#f8f5ee")
#: Okabe–Ito seats for text: each hue darkened just enough for 4.5:1 on every light background. The first five
#: are the five of the palette that stay furthest apart once darkened, seen with normal vision and simulated
#: protanopia, deuteranopia and tritanopia (tests/test_contrast.py measures it); orange and sky blue come last.
OKABE_SEAT_HUES = ("vermillion", "blue", "bluish green", "black", "reddish purple", "orange", "sky blue")
#: Nizam's gem colours, default -> Okabe–Ito (A, B, E and F are Okabe–Ito already).
_GEMS = {"#f08a7a": OKABE_ITO["reddish purple"], "#d9dce8": OKABE_ITO["yellow"], "#8e1b3a": OKABE_ITO["blue"],
         "#9575cd": "#5a5a5a"}


def check_palette(name: str | None) -> str:
    """The palette's name, or one line naming the choices (``None``: ``"default"``)."""
    if name is None:
        return "default"
    if name not in PALETTES:
        raise InvalidOption(f"palette must be one of {', '.join(PALETTES)}, not {name!r}")
    return name


def env_palette() -> str:
    """The palette every board of this process starts in: ``$JALIZ_LEARN_PALETTE`` (unset: ``"default"``).

    ``JALIZ_LEARN_PALETTE=high-contrast jaliz-learn board nizam`` opens a high-contrast board in Voila; a
    value that is no palette is refused in one line naming the variable.
    """
    name = os.environ.get("JALIZ_LEARN_PALETTE", "").strip()
    if not name:
        return "default"
    if name not in PALETTES:
        raise InvalidOption(f"JALIZ_LEARN_PALETTE must be one of {', '.join(PALETTES)}, not {name[:40]!r}")
    return name


def mix(colour: str, other: str, amount: float) -> str:
    """``colour`` moved ``amount`` (0-1) of the way to ``other``.

    >>> mix("#000000", "#ffffff", 0.5)
    '#808080'
    """
    a = [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
    b = [int(other[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * amount):02x}" for x, y in zip(a, b))


def readable(colour: str, bg: str, ratio: float) -> str:
    """``colour``, darkened (or lightened, on a dark ``bg``) just enough to reach ``ratio`` against ``bg``.

    >>> c = readable("#e69f00", "#ffffff", 4.5); contrast(c, "#ffffff") >= 4.5
    True
    """
    if contrast(colour, bg) >= ratio:
        return colour
    towards = BLACK if luminance(bg) > MIDDLE else WHITE
    for step in range(1, 21):
        c = mix(colour, towards, step / 20)
        if contrast(c, bg) >= ratio:
            return c
    return towards


def text_safe(colour: str, backgrounds: Sequence[str] = LIGHT_BACKGROUNDS) -> str:
    """``colour`` darkened in twentieths until it reads at 4.5:1 on every one of ``backgrounds``.

    >>> text_safe("#e69f00"), text_safe("#0072b2")
    ('#8a5f00', '#006ca9')
    """
    for step in range(21):
        c = mix(colour, BLACK, step / 20)
        if all(contrast(c, bg) >= 4.5 for bg in backgrounds):
            return c
    return BLACK


def _okabe_map() -> dict[str, str]:
    out = {}
    for old, new in _GEMS.items():
        out[old] = new
        out[mix(old, WHITE, 0.62)] = mix(new, WHITE, 0.62)  # Nizam's cells: nizam.tint(gem colour, 0.62)
    return out


#: The seat colours of every palette but high contrast (Jaliz, Nizam, the boards' status lines): Okabe–Ito, as text.
OKABE_SEATS = tuple(text_safe(OKABE_ITO[k]) for k in OKABE_SEAT_HUES)
_OKABE: dict[str, str] = {}


def recolour(colour: str, palette: str) -> str:
    """The colour a palette draws instead of ``colour`` (before it is made to read on its background).

    >>> recolour("#8e1b3a", "okabe-ito"), recolour("#aa4b00", "high-contrast"), recolour("#f7f3e8", "high-contrast")
    ('#0072b2', '#000000', '#ffffff')
    """
    colour = colour.lower()
    if palette == "okabe-ito":
        if not _OKABE:
            _OKABE.update(_okabe_map())
        return _OKABE.get(colour, colour)
    if palette == "high-contrast":
        if colour == SELECT:
            return BLACK
        return WHITE if luminance(colour) > MIDDLE else BLACK
    return colour


# ---------------------------------------------------------------- what lies beneath


def _inside_polygon(x: float, y: float, pts: Sequence[Point]) -> bool:
    inside = False
    for (x1, y1), (x2, y2) in zip(pts, [*pts[1:], pts[0]]):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


class Backdrop:
    """The filled shapes painted so far, to ask which colour lies under a point (later shapes win).

    >>> b = Backdrop("#ffffff")
    >>> b.add_rect(0, 0, 10, 10, "#000000"); b.add_circle(20, 20, 5, "#ff0000")
    >>> b.under(5, 5), b.under(21, 21), b.under(50, 50)
    ('#000000', '#ff0000', '#ffffff')
    """

    def __init__(self, background: str = WHITE) -> None:
        self.background = background
        self.shapes: list[tuple[str, tuple[Any, ...], str]] = []

    def add_rect(self, x: float, y: float, w: float, h: float, fill: str, replace: bool = False) -> None:
        """A filled rectangle; ``replace``: it hides everything wholly inside it (a cleared region)."""
        if replace:
            self.shapes = [s for s in self.shapes if not _within(s, x, y, w, h)]
        self.shapes.append(("rect", (x, y, w, h), fill))

    def add_circle(self, cx: float, cy: float, r: float, fill: str) -> None:
        self.shapes.append(("circle", (cx, cy, r), fill))

    def add_polygon(self, points: Sequence[Point], fill: str) -> None:
        self.shapes.append(("poly", tuple(points), fill))

    def under(self, x: float, y: float) -> str:
        """The colour at (x, y): the last filled shape containing it, else the background."""
        for kind, g, fill in reversed(self.shapes):
            if kind == "rect":
                if g[0] <= x <= g[0] + g[2] and g[1] <= y <= g[1] + g[3]:
                    return fill
            elif kind == "circle":
                if math.hypot(x - g[0], y - g[1]) <= g[2]:
                    return fill
            elif _inside_polygon(x, y, g):
                return fill
        return self.background


def _within(shape: tuple[str, tuple[Any, ...], str], x: float, y: float, w: float, h: float) -> bool:
    kind, g, _ = shape
    if kind == "rect":
        xs, ys = (g[0], g[0] + g[2]), (g[1], g[1] + g[3])
    elif kind == "circle":
        xs, ys = (g[0] - g[2], g[0] + g[2]), (g[1] - g[2], g[1] + g[2])
    else:
        xs, ys = tuple(p[0] for p in g), tuple(p[1] for p in g)
    return min(xs) >= x and max(xs) <= x + w and min(ys) >= y and max(ys) <= y + h


def text_box(text: str, x: float, y: float, size: float, bold: bool, align: str,
             max_width: float | None) -> tuple[float, float, float, float]:
    """Where a text call's letters lie, roughly (no font metrics in pure Python): (x, y, w, h)."""
    w = text_width(text, size, bold)
    if max_width is not None:
        w = min(w, max_width)
    left = x - w / 2 if align == "center" else x - w if align == "right" else x
    return left, y - size * 0.72, w, size * 0.72


def bounds(kind: str, g: Sequence[Any]) -> tuple[float, float, float, float]:
    """A shape's bounding box (x0, y0, x1, y1): ``rect`` (x, y, w, h), ``circle`` (cx, cy, r) or ``poly`` points."""
    if kind == "rect":
        return g[0], g[1], g[0] + g[2], g[1] + g[3]
    if kind == "circle":
        return g[0] - g[2], g[1] - g[2], g[0] + g[2], g[1] + g[2]
    return min(p[0] for p in g), min(p[1] for p in g), max(p[0] for p in g), max(p[1] for p in g)


def centre(kind: str, g: Sequence[Any]) -> Point:
    """The middle of a shape's bounding box."""
    x0, y0, x1, y1 = bounds(kind, g)
    return (x0 + x1) / 2, (y0 + y1) / 2


def around(backdrop: Backdrop, kind: str, g: Sequence[Any], line_width: float) -> set[str]:
    """The colours next to a shape: just outside the middle of each side of its box (its neighbours)."""
    x0, y0, x1, y1 = bounds(kind, g)
    mx, my, d = (x0 + x1) / 2, (y0 + y1) / 2, line_width / 2 + 1
    return {backdrop.under(px, py) for px, py in ((mx, y0 - d), (mx, y1 + d), (x0 - d, my), (x1 + d, my))}


# ---------------------------------------------------------------- the pen


class PalettePen:
    """A pen that draws through ``pen`` in ``palette``'s colours, text always readable on what is beneath it.

    ``forget``, ``parts`` and the rest of the wrapped pen pass through. :meth:`clear` (a region repainted)
    forgets what was inside that region.
    """

    def __init__(self, pen: Any, palette: str, background: str = WHITE) -> None:
        self.pen = pen
        self.palette = check_palette(palette)
        self.backdrop = Backdrop(recolour(background, self.palette))

    def __getattr__(self, name: str) -> Any:
        return getattr(self.pen, name)

    def _fill(self, fill: str | None) -> str | None:
        return recolour(fill, self.palette) if fill else None

    def _stroke(self, stroke: str | None, kind: str, g: Sequence[Any], fill: str | None, lw: float) -> str | None:
        """An outline that stands out 3:1 from every neighbour the part's fill does not stand out from."""
        if not stroke:
            return None
        nexts = [c for c in around(self.backdrop, kind, g, lw) if not (fill and contrast(fill, c) >= 3)]
        if self.palette == "high-contrast":
            return WHITE if nexts and all(luminance(c) <= MIDDLE for c in nexts) else BLACK
        c = recolour(stroke, self.palette)
        for nxt in nexts:
            c = readable(c, nxt, 3.0)
        return c

    def rect(self, x: float, y: float, w: float, h: float, fill: str | None = None, stroke: str | None = None,
             line_width: float = 1.0, dash: Sequence[float] = (), radius: float = 0.0) -> None:
        f = self._fill(fill)
        s = self._stroke(stroke, "rect", (x, y, w, h), f, line_width)
        self.pen.rect(x, y, w, h, fill=f, stroke=s, line_width=line_width, dash=dash, radius=radius)
        if f:
            self.backdrop.add_rect(x, y, w, h, f)

    def clear(self, x: float, y: float, w: float, h: float, fill: str) -> None:
        f = recolour(fill, self.palette)
        self.pen.clear(x, y, w, h, f)
        self.backdrop.add_rect(x, y, w, h, f, replace=True)

    def circle(self, x: float, y: float, r: float, fill: str | None = None, stroke: str | None = None,
               line_width: float = 1.0) -> None:
        f = self._fill(fill)
        self.pen.circle(x, y, r, fill=f, stroke=self._stroke(stroke, "circle", (x, y, r), f, line_width),
                        line_width=line_width)
        if f:
            self.backdrop.add_circle(x, y, r, f)

    def polygon(self, points: Sequence[Point], fill: str | None = None, stroke: str | None = None,
                line_width: float = 1.0) -> None:
        f = self._fill(fill)
        self.pen.polygon(points, fill=f, stroke=self._stroke(stroke, "poly", points, f, line_width),
                         line_width=line_width)
        if f:
            self.backdrop.add_polygon(points, f)

    def line(self, x1: float, y1: float, x2: float, y2: float, stroke: str = INK, line_width: float = 1.0,
             dash: Sequence[float] = ()) -> None:
        box = (min(x1, x2), min(y1, y2), abs(x2 - x1), abs(y2 - y1))
        self.pen.line(x1, y1, x2, y2, stroke=self._stroke(stroke, "rect", box, None, line_width) or INK,
                      line_width=line_width, dash=dash)

    def text(self, text: str, x: float, y: float, size: float = 14, colour: str = INK, bold: bool = False,
             align: str = "left", max_width: float | None = None) -> None:
        bx, by, bw, bh = text_box(text, x, y, size, bold, align, max_width)
        under = self.backdrop.under(bx + bw / 2, by + bh / 2)
        if self.palette == "high-contrast":
            c = BLACK if luminance(under) > MIDDLE else WHITE
        else:
            c = readable(recolour(colour, self.palette), under, 4.5)
        self.pen.text(text, x, y, size, c, bold, align, max_width)


def palette_pen(pen: Any, palette: str | None, background: str = WHITE) -> Any:
    """``pen`` itself for the default palette, else a :class:`PalettePen` around it."""
    name = check_palette(palette)
    return pen if name == "default" else PalettePen(pen, name, background)


__all__ = ["OKABE_ITO", "PALETTES", "Backdrop", "PalettePen", "check_palette", "env_palette", "palette_pen",
           "readable", "recolour"]
