"""A tiny scene of shapes shared by the Jungli-La and Bali pictures and their canvas boards.

A picture is built ONCE as a :class:`Scene` (rectangles, circles, lines, polygons, text and named
hit areas) from an observation and a layout; ``scene.to_svg()`` writes it as SVG (static pictures:
``_repr_svg_``) and ``scene.draw(pen)`` replays the same shapes on a pen of
:mod:`jaliz_learn.pictures.svg` (the live boards use the framework's canvas pen), so both always
show the same board. Pure Python: nothing from Jupyter is imported here.

Every text carries the colour it sits on (``bg``), so tests can check WCAG contrast
(``jaliz_learn.pictures.svg.contrast``).

>>> s = Scene(120, 40, "demo")
>>> s.rect(0, 0, 120, 40, fill="#ffffff")
>>> s.text(60, 24, "hi & <you>", size=14, bg="#ffffff", anchor="middle")
>>> s.hit((0, 0, 60, 40), ("left",))
>>> s.hit_test(10, 10), s.hit_test(100, 10)
(('left',), None)
>>> "hi &amp; &lt;you&gt;" in s.to_svg()
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from .markup import esc
from .svg import text_on

Rect = tuple[float, float, float, float]
Point = tuple[float, float]

FONT = "DejaVu Sans, Liberation Sans, Arial, sans-serif"
INK = "#1a1a1a"
WHITE = "#ffffff"


@lru_cache(maxsize=256)
def ink(bg: str) -> str:
    """Dark or white text, whichever reads better on ``bg``.

    >>> ink("#ffffff"), ink("#0b3d6b")
    ('#1a1a1a', '#ffffff')
    """
    return text_on(bg, dark=INK, light=WHITE)


def _f(v: float) -> str:
    return f"{v:.1f}".rstrip("0").rstrip(".")


@dataclass(frozen=True, slots=True)
class Shape:
    """One drawn item. ``kind``: rect, circle, line, poly or text."""

    kind: str
    geom: tuple[float, ...]
    fill: str | None = None
    stroke: str | None = None
    width: float = 1.0
    radius: float = 0.0
    dash: bool = False
    text: str = ""
    size: float = 12.0
    bold: bool = False
    anchor: str = "start"
    bg: str | None = None


@dataclass
class Scene:
    """Shapes in drawing order, plus hit areas (later areas win), of a ``width`` x ``height`` picture."""

    width: int
    height: int
    title: str = ""
    shapes: list[Shape] = field(default_factory=list)
    hits: list[tuple[Rect, tuple[Any, ...]]] = field(default_factory=list)
    #: the position in words (jaliz_learn.pictures.describe): the picture's <desc>
    desc: str = ""

    # ---- building -------------------------------------------------------------------------
    def rect(self, x: float, y: float, w: float, h: float, fill: str | None = None, stroke: str | None = None,
             width: float = 1.0, radius: float = 0.0, dash: bool = False) -> None:
        self.shapes.append(Shape("rect", (x, y, w, h), fill, stroke, width, radius, dash))

    def circle(self, cx: float, cy: float, r: float, fill: str | None = None, stroke: str | None = None,
               width: float = 1.0) -> None:
        self.shapes.append(Shape("circle", (cx, cy, r), fill, stroke, width))

    def line(self, points: Sequence[Point], stroke: str, width: float = 1.0, dash: bool = False) -> None:
        self.shapes.append(Shape("line", tuple(v for p in points for v in p), None, stroke, width, 0.0, dash))

    def poly(self, points: Sequence[Point], fill: str | None = None, stroke: str | None = None,
             width: float = 1.0) -> None:
        self.shapes.append(Shape("poly", tuple(v for p in points for v in p), fill, stroke, width))

    def text(self, x: float, y: float, text: str, size: float = 12, bg: str = WHITE, fill: str | None = None,
             bold: bool = False, anchor: str = "start", max_width: float | None = None) -> None:
        """Text with its baseline at ``y``; ``fill`` defaults to the better of dark/white on ``bg``;
        ``max_width`` shortens it (estimated width) with an ellipsis."""
        if max_width is not None:
            text = fit(text, max_width, size, bold)
        self.shapes.append(Shape("text", (x, y), fill or ink(bg), None, 1.0, 0.0, False, text, size, bold, anchor,
                                 bg))

    def hit(self, rect: Rect, key: tuple[Any, ...]) -> None:
        self.hits.append((rect, key))

    # ---- queries --------------------------------------------------------------------------
    def hit_test(self, x: float, y: float) -> tuple[Any, ...] | None:
        """The key of the last hit area containing (x, y), or None."""
        for (rx, ry, rw, rh), key in reversed(self.hits):
            if rx <= x < rx + rw and ry <= y < ry + rh:
                return key
        return None

    def hit_rect(self, key: tuple[Any, ...]) -> Rect | None:
        """Where the hit area ``key`` is (tests click its centre)."""
        for rect, k in self.hits:
            if k == key:
                return rect
        return None

    def texts(self) -> list[str]:
        return [s.text for s in self.shapes if s.kind == "text"]

    # ---- output ---------------------------------------------------------------------------
    def to_svg(self) -> str:
        """The scene as a standalone SVG document (scales down to narrow columns)."""
        out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{self.width}" height="{self.height}" '
               f'viewBox="0 0 {self.width} {self.height}" style="max-width:100%;height:auto" '
               f'font-family="{FONT}" role="img" aria-label="{esc(self.title)}">']
        if self.title:
            out.append(f"<title>{esc(self.title)}</title>")
        if self.desc:
            out.append(f"<desc>{esc(self.desc)}</desc>")
        for s in self.shapes:
            out.append(_svg_shape(s))
        out.append("</svg>")
        return "".join(out)

    def draw(self, pen: Any) -> None:
        """Replay the shapes on a pen of ``jaliz_learn.pictures.svg`` (``Svg`` or a canvas pen)."""
        for s in self.shapes:
            g = s.geom
            dash = (6.0, 4.0) if s.dash else ()
            if s.kind == "rect":
                pen.rect(g[0], g[1], g[2], g[3], fill=s.fill, stroke=s.stroke, line_width=s.width, dash=dash,
                         radius=s.radius)
            elif s.kind == "circle":
                pen.circle(g[0], g[1], g[2], fill=s.fill, stroke=s.stroke, line_width=s.width)
            elif s.kind == "poly":
                pen.polygon([(g[i], g[i + 1]) for i in range(0, len(g), 2)], fill=s.fill, stroke=s.stroke,
                            line_width=s.width)
            elif s.kind == "line":
                for i in range(0, len(g) - 2, 2):
                    pen.line(g[i], g[i + 1], g[i + 2], g[i + 3], stroke=s.stroke, line_width=s.width, dash=dash)
            else:
                pen.text(s.text, g[0], g[1], size=s.size, colour=s.fill, bold=s.bold,
                         align={"start": "left", "middle": "center", "end": "right"}[s.anchor])

    def _repr_svg_(self) -> str:
        return self.to_svg()


def _svg_shape(s: Shape) -> str:
    g = s.geom
    paint = f'fill="{s.fill or "none"}"'
    if s.stroke:
        paint += f' stroke="{s.stroke}" stroke-width="{_f(s.width)}"'
        if s.dash:
            paint += ' stroke-dasharray="6 4"'
    if s.kind == "rect":
        rr = f' rx="{_f(s.radius)}"' if s.radius else ""
        return f'<rect x="{_f(g[0])}" y="{_f(g[1])}" width="{_f(g[2])}" height="{_f(g[3])}"{rr} {paint}/>'
    if s.kind == "circle":
        return f'<circle cx="{_f(g[0])}" cy="{_f(g[1])}" r="{_f(g[2])}" {paint}/>'
    if s.kind in ("line", "poly"):
        pts = " ".join(f"{_f(g[i])},{_f(g[i + 1])}" for i in range(0, len(g), 2))
        tag = "polygon" if s.kind == "poly" else "polyline"
        if s.kind == "line":
            paint = paint.replace('fill="none"', 'fill="none" stroke-linecap="round" stroke-linejoin="round"')
        return f'<{tag} points="{pts}" {paint}/>'
    weight = ' font-weight="bold"' if s.bold else ""
    return (f'<text x="{_f(g[0])}" y="{_f(g[1])}" font-size="{_f(s.size)}" text-anchor="{s.anchor}"{weight} '
            f'fill="{s.fill}">{esc(s.text)}</text>')


def text_width(text: str, size: float, bold: bool = False) -> float:
    """Estimated width in pixels of ``text`` in a sans-serif font (no font metrics in pure Python)."""
    return len(text) * size * (0.62 if bold else 0.58)


def fit(text: str, max_width: float, size: float, bold: bool = False) -> str:
    """``text`` shortened with an ellipsis to fit ``max_width`` (estimated).

    >>> fit("Paleontologist", 60, 12)
    'Paleont…'
    """
    if text_width(text, size, bold) <= max_width:
        return text
    keep = max(1, int(max_width / (size * (0.62 if bold else 0.58))) - 1)
    return text[:keep] + "…"


def html_wrap(svg: str) -> str:
    """The SVG inside a div that lets it use (and never overflow) the column width."""
    return f'<div style="max-width:100%;overflow-x:auto">{svg}</div>'
