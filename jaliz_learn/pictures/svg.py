"""A tiny drawing *pen* shared by the SVG pictures and the live canvas boards, plus colour helpers.

A painter calls the pen's methods (``rect``, ``text``, ``circle``, ``polygon``, ``line``); the
SVG pen (:class:`Svg`) writes SVG elements, and the canvas pen of ``jaliz_learn.widgets``
sends the same calls to an ipycanvas ``Canvas``. So one painting function gives both the
static picture and the live board, from the same layout.

>>> pen = Svg(120, 40)
>>> pen.rect(0, 0, 120, 40, fill="#f7f3e8")
>>> pen.text("Hi & bye", 60, 25, size=14, align="center", bold=True)
>>> svg = pen.to_svg()
>>> svg.startswith("<svg") and "Hi &amp; bye" in svg and svg.endswith("</svg>")
True
>>> round(contrast("#000000", "#ffffff"), 1)
21.0
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Protocol

from .markup import esc

Rect = tuple[float, float, float, float]
Point = tuple[float, float]

FONT = "DejaVu Sans, Liberation Sans, Arial, sans-serif"
#: Dark text used on light backgrounds across the boards (contrast >= 4.5:1 on every board background).
INK = "#1f1f1f"
MUTED = "#4a4a4a"


class Pen(Protocol):
    """What a painter may draw with (implemented by :class:`Svg` and by the widgets' canvas pen)."""

    width: float
    height: float

    def rect(self, x: float, y: float, w: float, h: float, fill: str | None = None, stroke: str | None = None,
             line_width: float = 1.0, dash: Sequence[float] = (), radius: float = 0.0) -> None: ...

    def text(self, text: str, x: float, y: float, size: float = 14, colour: str = INK, bold: bool = False,
             align: str = "left", max_width: float | None = None) -> None: ...

    def circle(self, x: float, y: float, r: float, fill: str | None = None, stroke: str | None = None,
               line_width: float = 1.0) -> None: ...

    def polygon(self, points: Sequence[Point], fill: str | None = None, stroke: str | None = None,
                line_width: float = 1.0) -> None: ...

    def line(self, x1: float, y1: float, x2: float, y2: float, stroke: str = INK, line_width: float = 1.0,
             dash: Sequence[float] = ()) -> None: ...

    def clear(self, x: float, y: float, w: float, h: float, fill: str) -> None: ...


def _n(v: float) -> str:
    """A number for SVG text: at most one decimal, no trailing zeros."""
    return f"{v:.1f}".rstrip("0").rstrip(".") if v != int(v) else str(int(v))


_ANCHOR = {"left": "start", "center": "middle", "right": "end"}


class Svg:
    """An SVG pen: collects elements and returns the picture with :meth:`to_svg` (also ``_repr_svg_``)."""

    def __init__(self, width: float, height: float, title: str = "") -> None:
        self.width = width
        self.height = height
        self.title = title
        self.desc = ""  # the position in words (jaliz_learn.pictures.describe): the picture's <desc>
        self.parts: list[str] = []

    @staticmethod
    def _paint(fill: str | None, stroke: str | None, line_width: float, dash: Sequence[float] = ()) -> str:
        out = f" fill='{fill}'" if fill else " fill='none'"
        if stroke:
            out += f" stroke='{stroke}' stroke-width='{_n(line_width)}'"
            if dash:
                out += f" stroke-dasharray='{' '.join(_n(d) for d in dash)}'"
        return out

    def rect(self, x: float, y: float, w: float, h: float, fill: str | None = None, stroke: str | None = None,
             line_width: float = 1.0, dash: Sequence[float] = (), radius: float = 0.0) -> None:
        rx = f" rx='{_n(radius)}'" if radius else ""
        self.parts.append(f"<rect x='{_n(x)}' y='{_n(y)}' width='{_n(w)}' height='{_n(h)}'{rx}"
                          f"{self._paint(fill, stroke, line_width, dash)}/>")

    def clear(self, x: float, y: float, w: float, h: float, fill: str) -> None:
        self.rect(x, y, w, h, fill=fill)

    def text(self, text: str, x: float, y: float, size: float = 14, colour: str = INK, bold: bool = False,
             align: str = "left", max_width: float | None = None) -> None:
        fit = ""
        if max_width is not None and text_width(text, size, bold) > max_width:
            fit = f" textLength='{_n(max_width)}' lengthAdjust='spacingAndGlyphs'"
        weight = " font-weight='bold'" if bold else ""
        self.parts.append(f"<text x='{_n(x)}' y='{_n(y)}' font-size='{_n(size)}' fill='{colour}'{weight} "
                          f"text-anchor='{_ANCHOR.get(align, 'start')}'{fit}>{esc(text)}</text>")

    def circle(self, x: float, y: float, r: float, fill: str | None = None, stroke: str | None = None,
               line_width: float = 1.0) -> None:
        self.parts.append(f"<circle cx='{_n(x)}' cy='{_n(y)}' r='{_n(r)}'{self._paint(fill, stroke, line_width)}/>")

    def polygon(self, points: Sequence[Point], fill: str | None = None, stroke: str | None = None,
                line_width: float = 1.0) -> None:
        pts = " ".join(f"{_n(x)},{_n(y)}" for x, y in points)
        self.parts.append(f"<polygon points='{pts}'{self._paint(fill, stroke, line_width)}/>")

    def line(self, x1: float, y1: float, x2: float, y2: float, stroke: str = INK, line_width: float = 1.0,
             dash: Sequence[float] = ()) -> None:
        self.parts.append(f"<line x1='{_n(x1)}' y1='{_n(y1)}' x2='{_n(x2)}' y2='{_n(y2)}'"
                          f"{self._paint(None, stroke, line_width, dash)}/>")

    def to_svg(self) -> str:
        title = f"<title>{esc(self.title)}</title>" if self.title else ""
        title += f"<desc>{esc(self.desc)}</desc>" if self.desc else ""
        return (f"<svg xmlns='http://www.w3.org/2000/svg' width='{_n(self.width)}' height='{_n(self.height)}' "
                f"viewBox='0 0 {_n(self.width)} {_n(self.height)}' font-family='{FONT}'>{title}"
                + "".join(self.parts) + "</svg>")

    def _repr_svg_(self) -> str:
        return self.to_svg()


def text_width(text: str, size: float, bold: bool = False) -> float:
    """A rough width of ``text`` in a sans-serif font (to decide when to squeeze it)."""
    return len(text) * size * (0.62 if bold else 0.56)


def seat_name(p: int, names: Sequence[str] | None = None, limit: int = 18, number: bool = True) -> str:
    """How a board names seat ``p``: "P1", or "P1 Ana" at a live table where that seat joined as "Ana"
    (``number=False``: "Ana" alone, for a label beside a disc that shows the number).

    >>> seat_name(1), seat_name(1, ["heuristic bot", "Ana"]), seat_name(0, ["a very long name indeed, yes"])
    ('P1', 'P1 Ana', 'P0 a very long name…')
    >>> seat_name(1, ["heuristic bot", "Ana"], number=False), seat_name(1, ["heuristic bot", ""], number=False)
    ('Ana', 'P1')
    """
    name = names[p].strip() if names and p < len(names) and names[p] else ""
    if len(name) > limit:
        name = name[: limit - 1].rstrip() + "…"
    if not name:
        return f"P{p}"
    return f"P{p} {name}" if number else name


def html_figure(svg: str, caption: str = "") -> str:
    """The SVG inside a block that scales down to the notebook column (for ``_repr_html_``).

    >>> html_figure(Svg(10, 10).to_svg(), "a caption").count("max-width:100%")
    2
    """
    cap = f"<figcaption style='font-size:13px;color:{MUTED}'>{esc(caption)}</figcaption>" if caption else ""
    scaled = svg.replace("<svg ", "<svg style='max-width:100%;height:auto' ", 1)
    return f"<figure style='margin:0;max-width:100%;overflow-x:auto'>{scaled}{cap}</figure>"


# ---------------------------------------------------------------- colours


def _channel(c: int) -> float:
    s = c / 255
    return s / 12.92 if s <= 0.03928 else ((s + 0.055) / 1.055) ** 2.4


def luminance(colour: str) -> float:
    """WCAG relative luminance of ``#rrggbb``."""
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * _channel(r) + 0.7152 * _channel(g) + 0.0722 * _channel(b)


def contrast(fg: str, bg: str) -> float:
    """WCAG contrast ratio of two ``#rrggbb`` colours (1 to 21; text wants >= 4.5).

    >>> contrast("#767676", "#ffffff") >= 4.5
    True
    """
    a, b = sorted((luminance(fg), luminance(bg)), reverse=True)
    return (a + 0.05) / (b + 0.05)


def text_on(fill: str, dark: str = "#111111", light: str = "#ffffff") -> str:
    """Dark or light text, whichever contrasts more with ``fill``.

    >>> text_on("#f4d03f"), text_on("#6c3483")
    ('#111111', '#ffffff')
    """
    return dark if contrast(dark, fill) >= contrast(light, fill) else light


# ---------------------------------------------------------------- shapes


def regular_polygon(cx: float, cy: float, r: float, sides: int, rotation: float = -90.0) -> list[Point]:
    """Corners of a regular polygon (first corner at ``rotation`` degrees; -90 is straight up)."""
    return [(cx + r * math.cos(math.radians(rotation + 360 * k / sides)),
             cy + r * math.sin(math.radians(rotation + 360 * k / sides))) for k in range(sides)]


def star(cx: float, cy: float, r: float, points: int = 5, inner: float = 0.45) -> list[Point]:
    """Corners of a star with ``points`` tips."""
    out = []
    for k in range(2 * points):
        rad = r if k % 2 == 0 else r * inner
        a = math.radians(-90 + 180 * k / points)
        out.append((cx + rad * math.cos(a), cy + rad * math.sin(a)))
    return out


def arrow(x: float, y: float, w: float, h: float, direction: str) -> list[Point]:
    """A triangle filling the box (x, y, w, h), pointing ``left``/``right``/``up``/``down``."""
    if direction == "right":
        return [(x, y), (x + w, y + h / 2), (x, y + h)]
    if direction == "left":
        return [(x + w, y), (x, y + h / 2), (x + w, y + h)]
    if direction == "down":
        return [(x, y), (x + w, y), (x + w / 2, y + h)]
    return [(x, y + h), (x + w, y + h), (x + w / 2, y)]
