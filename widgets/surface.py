"""Where a board draws: an ipycanvas ``Canvas``, or an SVG surface that needs no numpy (JupyterLite).

A board paints with the :class:`~jaliz_learn.pictures.svg.Pen` calls. On a desktop kernel they go to an ipycanvas
``Canvas`` (fast partial redraws). ipycanvas imports numpy, which a JupyterLite site cannot load (Pyodide's
compiled wheels are not on PyPI or npm), so there the board draws on an :class:`SvgSurface` instead: an anywidget
(pure Python, its front end is a few lines of JavaScript) that shows the same drawing as SVG in the page and sends
clicks back in board pixels. The SVG is also in the DOM, where the browser's zoom and a screen reader's text
search reach it.

Which one a board uses: :func:`surface_kind` -- the environment variable ``JALIZ_LEARN_BOARD_SURFACE``
(``canvas`` or ``svg``) if set, else ``canvas`` when ipycanvas imports and ``svg`` when it does not.

>>> s = SvgSurface(width=40, height=20)
>>> s.show({"box": "<rect x='0' y='0' width='10' height='10' fill='red'/>"}, background="#ffffff")
>>> s.svg.count("<rect"), s.svg.startswith("<svg")
(2, True)
>>> clicks = []
>>> s.on_mouse_down(lambda x, y: clicks.append((x, y)))
>>> s._on_message(s, {"event": "mouse_down", "x": 5.5, "y": 3}, [])
>>> clicks
[(5.5, 3.0)]
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from typing import Any

import anywidget
import traitlets

from jaliz_learn.pictures.svg import Svg

try:  # numpy comes with ipycanvas; a JupyterLite kernel has neither
    from ipycanvas import Canvas
except ImportError:  # pragma: no cover - exercised in the JupyterLite browser test
    Canvas = None

#: The environment variable that chooses the surface (``canvas`` or ``svg``) for every board.
SURFACE_VARIABLE = "JALIZ_LEARN_BOARD_SURFACE"

# The front end: draw the SVG the kernel sends, at the widget's width, and send clicks back in board pixels
# (the SVG may be shown smaller than its size in a narrow column). "client_ready" tells the kernel a new view
# exists (a reload), as ipycanvas' event of that name does.
_ESM = """
function render({ model, el }) {
  const box = document.createElement("div");
  box.className = "jaliz-svg-surface";
  box.style.lineHeight = "0";
  box.style.cursor = "pointer";
  const show = () => {
    box.innerHTML = model.get("svg");
    const svg = box.querySelector("svg");
    if (svg) {
      svg.style.width = "100%";
      svg.style.height = "auto";
      svg.style.display = "block";
      svg.setAttribute("role", "img");
      // its name is the position's title, not all its text run together (the words are in the board's layer)
      svg.setAttribute("aria-label", model.get("label") || "board");
    }
  };
  box.addEventListener("mousedown", (event) => {
    const svg = box.querySelector("svg");
    if (!svg) return;
    const r = svg.getBoundingClientRect();
    if (!r.width || !r.height) return;
    model.send({ event: "mouse_down",
                 x: (event.clientX - r.left) * model.get("width") / r.width,
                 y: (event.clientY - r.top) * model.get("height") / r.height });
  });
  model.on("change:svg", show);
  model.on("change:label", show);
  show();
  el.appendChild(box);
  model.send({ event: "client_ready" });
  return () => { model.off("change:svg", show); model.off("change:label", show); };
}
export default { render };
"""


class SvgSurface(anywidget.AnyWidget):
    """A board surface drawn as SVG: ``show()`` puts the drawing up; clicks arrive through ``on_mouse_down``."""

    _esm = traitlets.Unicode(_ESM).tag(sync=True)
    svg = traitlets.Unicode("").tag(sync=True)
    width = traitlets.Int(0).tag(sync=True)
    height = traitlets.Int(0).tag(sync=True)
    #: the picture's accessible name (a board sets the position's title: jaliz_learn.pictures.describe)
    label = traitlets.Unicode("board").tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._mouse_down: list[Callable[[float, float], Any]] = []
        self._client_ready: list[Callable[[], Any]] = []
        self.on_msg(self._on_message)

    def on_mouse_down(self, callback: Callable[[float, float], Any]) -> None:
        """Call ``callback(x, y)`` (board pixels) on every mouse press, as ipycanvas' method of that name."""
        self._mouse_down.append(callback)

    def on_client_ready(self, callback: Callable[[], Any]) -> None:
        """Call ``callback()`` when a new view of the surface appears (a page reload, Voila)."""
        self._client_ready.append(callback)

    def _on_message(self, _widget: Any, content: Mapping[str, Any], _buffers: Any) -> None:
        if content.get("event") == "mouse_down":
            x, y = float(content["x"]), float(content["y"])
            for callback in self._mouse_down:
                callback(x, y)
        elif content.get("event") == "client_ready":
            for ready in self._client_ready:
                ready()

    def show(self, parts: Mapping[Any, str], background: str) -> None:
        """Show the SVG elements of ``parts`` (region key -> elements, drawn in order) on ``background``."""
        pen = Svg(self.width, self.height)
        pen.rect(0, 0, self.width, self.height, fill=background)
        pen.parts.extend(parts.values())
        self.svg = pen.to_svg()


def surface_kind() -> str:
    """``"canvas"`` or ``"svg"``: :data:`SURFACE_VARIABLE` if set, else whether ipycanvas can be imported."""
    chosen = os.environ.get(SURFACE_VARIABLE, "").strip().lower()
    if chosen in ("canvas", "svg"):
        if chosen == "canvas" and Canvas is None:
            raise ImportError(f"{SURFACE_VARIABLE}=canvas, but ipycanvas (and numpy) cannot be imported here")
        return chosen
    return "canvas" if Canvas is not None else "svg"


def new_surface(width: int, height: int, layout: Any) -> Any:
    """A surface of ``width`` x ``height`` board pixels shown with ``layout`` (see :func:`surface_kind`)."""
    if surface_kind() == "canvas":
        return Canvas(width=width, height=height, layout=layout)
    return SvgSurface(width=width, height=height, layout=layout)


__all__ = ["SURFACE_VARIABLE", "Canvas", "SvgSurface", "new_surface", "surface_kind"]
