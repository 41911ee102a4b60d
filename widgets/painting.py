"""Where a board draws: the canvas surface, the canvas pen, the region painter and the hit map.

Split from :mod:`.framework` (which re-exports every name here, so ``from .framework import RegionPainter`` keeps
working). How a board uses them: see :mod:`.framework`.

>>> hits = HitMap()
>>> hits.add((0, 0, 10, 10), "a"); hits.rect_of("a")
(0, 0, 10, 10)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

import ipywidgets as widgets

from jaliz_learn.core.text import safe_text
from jaliz_learn.pictures.palette import PalettePen, check_palette, env_palette, palette_pen, recolour
from jaliz_learn.pictures.svg import INK, Point, Rect, Svg

from .surface import Canvas, SvgSurface, new_surface

# ---------------------------------------------------------------- canvas plumbing


def make_canvas(width: int, height: int, fit: bool = False) -> Any:
    """A board surface of ``width`` x ``height`` pixels: an ipycanvas ``Canvas``, or an
    :class:`~.surface.SvgSurface` where ipycanvas cannot be imported (JupyterLite; see :mod:`.surface`).

    ``fit=False``: shown at its pixel size, but shrunk (keeping its aspect) when the notebook column
    is narrower, so it always fits the column. ``fit=True``: it stretches to the width of the page
    (Voila on a projector). Mouse positions come back in board pixels either way.
    """
    if fit:
        layout = widgets.Layout(width="100%", height="auto", max_width=f"{int(width * 2)}px")
    else:
        layout = widgets.Layout(width=f"{width}px", height="auto", max_width="100%", flex="0 0 auto")
    return new_surface(width, height, layout)


def reset_client_canvas(canvas: Any) -> None:
    """Make ipycanvas send ``switchCanvas`` again before the next draw (new front-end connected).

    ipycanvas 0.14.3 (pinned in pyproject) remembers, in the private ``_canvas_manager._current_canvas``,
    which canvas its commands target and skips ``switchCanvas`` when it has not changed, so a view
    that connects later (page reload, Voila) would get commands for no canvas and stay blank
    (voila-dashboards/voila#1447, jupyter-widgets-contrib/ipycanvas#342). :meth:`RegionPainter.draw`
    calls it at the start of every message, since a new front-end may receive a bot's redraw before
    its ``client_ready`` (see there). Guarded: a newer ipycanvas without this attribute simply skips
    the workaround (the browser reload test would tell).
    """
    manager = getattr(canvas, "_canvas_manager", None)
    if manager is not None and hasattr(manager, "_current_canvas"):
        manager._current_canvas = None


def resend_states(widget: widgets.Widget) -> int:
    """Send the whole state of ``widget``, of its children and of their layouts and styles again, to
    every front-end; returns how many models were sent. Canvases are left out (their painters redraw them).

    A front-end that connects while the bots move (Voila, a reload) drops the updates that reach it
    after the kernel answered its request for the widget states but before it has built their models;
    the status line could then show a bot deciding long after it is the human's turn.

    >>> resend_states(widgets.VBox([widgets.HTML("a"), Canvas(width=5, height=5)]))  # VBox, HTML (+ layouts, style)
    5
    """
    sent, todo, seen = 0, [widget], set()
    while todo:
        w = todo.pop()
        if (not isinstance(w, widgets.Widget) or id(w) in seen or (Canvas is not None and isinstance(w, Canvas))
                or w.comm is None):
            continue
        seen.add(id(w))
        w.send_state()
        sent += 1
        todo.extend(getattr(w, name, None) for name in ("layout", "style"))
        todo.extend(getattr(w, "children", ()))
    return sent


class CanvasPen:
    """The :class:`~jaliz_learn.pictures.svg.Pen` calls sent to an ipycanvas ``Canvas``.

    Drawing state (colours, line width, font, alignment, dash) is remembered and sent only when it
    changes: every attribute set on an ipycanvas ``Canvas`` goes through traitlets validation and
    becomes a command, which made a full Nizam board cost ~40 ms of Python. ``forget()`` (called when
    a new front-end connects, whose drawing context starts fresh) drops what was remembered.
    """

    def __init__(self, canvas: Any) -> None:
        self.canvas = canvas
        self.width = float(canvas.width)
        self.height = float(canvas.height)
        self._state: dict[str, Any] = {}
        manager = getattr(canvas, "_canvas_manager", None)
        attrs = getattr(canvas, "ATTRS", None)
        try:
            from ipycanvas.canvas import COMMANDS
        except ImportError:  # pragma: no cover - another ipycanvas: go through the traitlets
            COMMANDS = None
        # ipycanvas 0.14.3 (pinned): send "set" commands straight to the canvas manager (what __setattr__
        # does after validating); without these private names fall back to plain attribute sets
        self._direct = (manager, attrs, COMMANDS["set"]) if manager and attrs and COMMANDS else None

    def forget(self) -> None:
        self._state.clear()

    def _set(self, name: str, value: Any) -> None:
        if self._state.get(name) == value:
            return
        self._state[name] = value
        if self._direct is not None:
            manager, attrs, set_command = self._direct
            manager.send_command(self.canvas, [set_command, [attrs[name], value]])
        else:  # pragma: no cover
            setattr(self.canvas, name, value)

    def _dash(self, dash: Sequence[float]) -> None:
        key = tuple(dash)
        # unknown after forget() is not "no dash": a bot's redraw may have reached a new front-end before its
        # full redraw and left a dash set there (then every stroke of the full redraw came out dashed)
        if self._state.get("line_dash") != key:
            self._state["line_dash"] = key
            self.canvas.set_line_dash(list(key))

    def _stroke(self, stroke: str, line_width: float, dash: Sequence[float] = ()) -> None:
        self._set("stroke_style", stroke)
        self._set("line_width", line_width)
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
        self._set("fill_style", fill)
        self.canvas.fill_rect(x, y, w, h)

    def text(self, text: str, x: float, y: float, size: float = 14, colour: str = INK, bold: bool = False,
             align: str = "left", max_width: float | None = None) -> None:
        c = self.canvas
        text = safe_text(text, limit=None)  # a lone surrogate would break the message to the page (not UTF-8)
        self._set("font", f"{'bold ' if bold else ''}{size:g}px sans-serif")
        self._set("fill_style", colour)
        self._set("text_align", align)
        self._set("text_baseline", "alphabetic")
        if max_width is not None:
            c.fill_text(text, x, y, max_width)
        else:
            c.fill_text(text, x, y)

    def circle(self, x: float, y: float, r: float, fill: str | None = None, stroke: str | None = None,
               line_width: float = 1.0) -> None:
        c = self.canvas
        if fill:
            self._set("fill_style", fill)
            c.fill_circle(x, y, r)
        if stroke:
            self._stroke(stroke, line_width)
            c.stroke_circle(x, y, r)

    def polygon(self, points: Sequence[Point], fill: str | None = None, stroke: str | None = None,
                line_width: float = 1.0) -> None:
        c = self.canvas
        pts = [(float(a), float(b)) for a, b in points]
        if fill:
            self._set("fill_style", fill)
            c.fill_polygon(pts)
        if stroke:
            self._stroke(stroke, line_width)
            c.stroke_polygon(pts)

    def line(self, x1: float, y1: float, x2: float, y2: float, stroke: str = INK, line_width: float = 1.0,
             dash: Sequence[float] = ()) -> None:
        self._stroke(stroke, line_width, dash)
        self.canvas.stroke_line(x1, y1, x2, y2)


#: One region of a board: (key, signature, rect, draw(pen, obs, ui)).
Region = tuple[Any, Any, Rect, Callable[[Any, Any, dict[str, Any]], None]]


class RegionPainter:
    """Draws an observation region by region, repainting only the regions whose signature changed.

    Subclasses implement :meth:`regions`. On an ipycanvas ``Canvas`` all drawing of one :meth:`draw` goes out
    in one ``hold_canvas`` message that starts by naming its canvas (``switchCanvas``; see :meth:`draw`); on an
    :class:`~.surface.SvgSurface` each region keeps its SVG elements and the changed ones replace theirs.
    :meth:`invalidate` forces a full redraw (a new front-end connected).
    """

    def __init__(self, canvas: Any, width: float, height: float, background: str = "#f7f3e8") -> None:
        self.canvas = canvas
        self.on_svg = isinstance(canvas, SvgSurface)
        self.pen: Any = None if self.on_svg else CanvasPen(canvas)  # a PalettePen around it: set_palette
        self.palette = "default"
        self.width = width
        self.height = height
        self.background = background
        self._sigs: dict[Any, Any] = {}
        self._svg_parts: dict[Any, str] = {}  # SvgSurface: region key -> its SVG elements, in drawing order
        self.regions_drawn = 0  # how many regions the last draw() repainted (tests, tuning)
        if env_palette() != "default":  # JALIZ_LEARN_PALETTE: every board of the kernel (Voila, a class)
            self.set_palette(env_palette())

    def regions(self, obs: Any, ui: dict[str, Any]) -> Iterable[Region]:  # pragma: no cover - abstract
        raise NotImplementedError

    def set_palette(self, name: str | None) -> None:
        """Draw in the palette ``name`` (``jaliz_learn.pictures.palette``) from the next draw on (all of it)."""
        self.palette = check_palette(name)
        if self.pen is not None:
            base = self.pen.pen if isinstance(self.pen, PalettePen) else self.pen
            self.pen = palette_pen(base, self.palette, self.background)
        self._svg_parts.clear()
        self.invalidate()

    def invalidate(self) -> None:
        self._sigs.clear()
        if self.pen is not None:
            self.pen.forget()

    def draw(self, obs: Any, ui: dict[str, Any]) -> int:
        """Redraw the regions that changed since the last call; returns how many were redrawn.

        Every message starts with ``switchCanvas``, also when ipycanvas thinks the browser already
        targets this canvas. A front-end that connects while the bots move (Voila, a reload) creates
        ipycanvas' canvas manager before the canvas itself says ``client_ready``; a bot's redraw in
        between reached it with no current canvas, and its first error ("reading 'executeCommand'")
        rejects the manager's promise chain, so it dropped every later message and the board stayed
        blank for good. Named, such a message just draws the changed regions, and the full redraw on
        ``client_ready`` follows.

        >>> class Box(RegionPainter):
        ...     def regions(self, obs, ui):
        ...         return [("box", obs, (0, 0, 10, 10), lambda pen, o, u: pen.rect(0, 0, 5, 5, fill="red"))]
        >>> p = Box(Canvas(width=20, height=20), 20, 20)
        >>> sent = []
        >>> manager = p.canvas._canvas_manager
        >>> manager._send_custom = lambda command, buffers=[]: sent.append(command)
        >>> p.draw(1, {}), p.draw(1, {}), p.draw(2, {})
        (1, 0, 1)
        >>> from ipycanvas.canvas import COMMANDS
        >>> [batch[0][0] == COMMANDS["switchCanvas"] for batch in sent]
        [True, True]
        >>> del manager._send_custom
        """
        todo = [r for r in self.regions(obs, ui) if self._sigs.get(r[0]) != r[1]]
        if not todo:
            self.regions_drawn = 0
            return 0
        if self.pen is None:  # an SVG surface (JupyterLite)
            return self._draw_svg(todo, obs, ui)
        pen = self.pen
        from ipycanvas import hold_canvas

        try:
            with hold_canvas():
                reset_client_canvas(self.canvas)  # see the docstring: each message names its canvas
                if not self._sigs:
                    self.canvas.clear()
                    pen.rect(0, 0, self.width, self.height, fill=self.background)
                for key, sig, rect, fn in todo:
                    pen.clear(*rect, self.background)
                    fn(pen, obs, ui)
                    self._sigs[key] = sig
        except Exception:
            self.invalidate()  # what reached the front-end is unknown: draw everything next time
            raise
        self.regions_drawn = len(todo)
        return len(todo)

    def _draw_svg(self, todo: list[Region], obs: Any, ui: dict[str, Any]) -> int:
        """The same regions as SVG elements; the surface gets the whole picture once (one message)."""
        for key, sig, rect, fn in todo:
            pen = Svg(self.width, self.height)
            draw_pen = palette_pen(pen, self.palette, self.background)
            draw_pen.clear(*rect, self.background)
            fn(draw_pen, obs, ui)
            self._svg_parts[key] = "".join(pen.parts)
            self._sigs[key] = sig
        self.canvas.show(self._svg_parts, recolour(self.background, self.palette))
        self.regions_drawn = len(todo)
        return len(todo)


class HitMap:
    """Clickable rectangles; a later rectangle lies on top of earlier ones."""

    def __init__(self) -> None:
        self.areas: list[tuple[Rect, Any]] = []

    def clear(self) -> None:
        self.areas.clear()

    def add(self, rect: Rect, target: Any) -> None:
        """Register ``rect`` (x, y, w, h); ``target`` is a value for ``on_target`` or a callable."""
        self.areas.append((rect, target))

    def at(self, x: float, y: float) -> Any:
        """The topmost target at (x, y), or None."""
        for (rx, ry, rw, rh), target in reversed(self.areas):
            if rx <= x < rx + rw and ry <= y < ry + rh:
                return target
        return None

    def rect_of(self, target: Any) -> Rect | None:
        """The rectangle registered for ``target`` (tests click its centre)."""
        for rect, t in self.areas:
            if t == target:
                return rect
        return None


__all__ = ["CanvasPen", "HitMap", "Region", "RegionPainter", "make_canvas", "reset_client_canvas", "resend_states"]
