"""A fast canvas pen for the Jungli-La and Bali boards (both replay a picture scene on the canvas).

Every style change on an ipycanvas ``Canvas`` (``fill_style``, ``font``...) goes through traitlets
validation and notification, which costs more than the drawing command itself; a board of ~500
shapes spent ~100 ms there. This pen remembers the styles it set and sends only the changes, and
it sends them as the canvas' own "set" command (the pinned ipycanvas 0.14.3; the same private
``_canvas_manager`` the framework's reload workaround uses). Without that internal it falls back
to setting the attributes. :meth:`forget` is called when a new front-end connects (its canvas
starts with default styles).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from jaliz_learn.pictures._jb_scene import FONT

from .framework import RegionPainter

_ALIGN = {"left": "left", "center": "center", "right": "right"}


#: The tallest a board may be drawn (CSS px): ipycanvas focuses the canvas on mouse-down, and when the
#: canvas does not fit the window the browser scrolls it, so the click lands elsewhere than aimed.
MAX_CSS_HEIGHT = 760


def fit_to_window(canvas: Any, width: int, height: int) -> None:
    """Let a ``fit=True`` canvas follow the column width (smaller in a narrow notebook column, larger
    in Voila) but never grow taller than :data:`MAX_CSS_HEIGHT` or wider than 1.5 times its size."""
    scale = min(1.5, MAX_CSS_HEIGHT / height)
    canvas.layout.max_width = f"{int(width * scale)}px"


class FastCanvasPen:
    """The ``jaliz_learn.pictures.svg.Pen`` calls on an ipycanvas ``Canvas``, sending only style changes."""

    def __init__(self, canvas: Any) -> None:
        self.canvas = canvas
        self.width = float(canvas.width)
        self.height = float(canvas.height)
        self._styles: dict[str, Any] = {}
        manager = getattr(canvas, "_canvas_manager", None)
        attrs = getattr(canvas, "ATTRS", None)
        try:
            from ipycanvas.canvas import COMMANDS

            set_code = COMMANDS["set"]
        except (ImportError, KeyError, TypeError):  # pragma: no cover - another ipycanvas
            set_code = None
        self._fast = manager is not None and isinstance(attrs, dict) and set_code is not None \
            and hasattr(manager, "send_command")
        self._set_code = set_code

    def forget(self) -> None:
        """The front-end's canvas was reset: send every style again."""
        self._styles.clear()

    def _set(self, name: str, value: Any) -> None:
        if self._styles.get(name) == value:
            return
        self._styles[name] = value
        c = self.canvas
        if self._fast:
            c._canvas_manager.send_command(c, [self._set_code, [c.ATTRS[name], value]])
        else:  # pragma: no cover - another ipycanvas
            setattr(c, name, value)

    def _dash(self, dash: Sequence[float]) -> None:
        key = tuple(dash)
        if self._styles.get("dash") != key:
            self._styles["dash"] = key
            self.canvas.set_line_dash(list(dash))

    def _stroke(self, stroke: str, line_width: float, dash: Sequence[float] = ()) -> None:
        self._set("stroke_style", stroke)
        self._set("line_width", float(line_width))
        self._dash(dash)

    def rect(self, x: float, y: float, w: float, h: float, fill: str | None = None, stroke: str | None = None,
             line_width: float = 1.0, dash: Sequence[float] = (), radius: float = 0.0) -> None:
        c = self.canvas
        if fill:
            self._set("fill_style", fill)
            c.fill_rect(x, y, w, h)
        if stroke:
            self._stroke(stroke, line_width, dash)
            c.stroke_rect(x, y, w, h)

    def clear(self, x: float, y: float, w: float, h: float, fill: str) -> None:
        self.canvas.clear_rect(x, y, w, h)
        self.rect(x, y, w, h, fill=fill)

    def text(self, text: str, x: float, y: float, size: float = 14, colour: str = "#1a1a1a", bold: bool = False,
             align: str = "left", max_width: float | None = None) -> None:
        self._set("font", f"{'bold ' if bold else ''}{size:g}px {FONT}")
        self._set("fill_style", colour)
        self._set("text_align", _ALIGN.get(align, "left"))
        self._set("text_baseline", "alphabetic")
        if max_width is not None:
            self.canvas.fill_text(text, x, y, max_width)
        else:
            self.canvas.fill_text(text, x, y)

    def circle(self, x: float, y: float, r: float, fill: str | None = None, stroke: str | None = None,
               line_width: float = 1.0) -> None:
        c = self.canvas
        if fill:
            self._set("fill_style", fill)
            c.fill_circle(x, y, r)
        if stroke:
            self._stroke(stroke, line_width)
            c.stroke_circle(x, y, r)

    def polygon(self, points: Sequence[tuple[float, float]], fill: str | None = None, stroke: str | None = None,
                line_width: float = 1.0) -> None:
        c = self.canvas
        pts = [(float(a), float(b)) for a, b in points]
        if fill:
            self._set("fill_style", fill)
            c.fill_polygon(pts)
        if stroke:
            self._stroke(stroke, line_width)
            c.stroke_polygon(pts)

    def line(self, x1: float, y1: float, x2: float, y2: float, stroke: str = "#1a1a1a", line_width: float = 1.0,
             dash: Sequence[float] = ()) -> None:
        self._stroke(stroke, line_width, dash)
        self.canvas.stroke_line(x1, y1, x2, y2)


class ScenePainter(RegionPainter):
    """Draws the board's current picture scene (``board.scene``) in one region.

    ``signature(obs, ui)`` decides when to redraw (an unchanged observation and selection: nothing is sent).
    """

    def __init__(self, board: Any, canvas: Any, width: float, height: float, background: str) -> None:
        super().__init__(canvas, width, height, background=background)
        self.board = board
        self.pen = FastCanvasPen(canvas)  # type: ignore[assignment]
        self.paints = 0  # how many times the scene was sent to the canvas (tests)

    def invalidate(self) -> None:
        super().invalidate()
        self.pen.forget()  # type: ignore[attr-defined]

    def signature(self, obs: Any, ui: dict[str, Any]) -> Any:
        return (obs, repr(sorted(ui.items(), key=lambda kv: kv[0])))

    def regions(self, obs: Any, ui: dict[str, Any]) -> list[Any]:
        return [("all", self.signature(obs, ui), (0, 0, self.width, self.height), self._draw)]

    def _draw(self, pen: Any, obs: Any, ui: dict[str, Any]) -> None:
        self.board.scene.draw(pen)
        self.paints += 1
