"""What JungliLaBoard and BaliBoard share: a board whose canvas shows a picture *scene*.

Both games draw with ``jaliz_learn.pictures`` scenes (``jungli_la.scene(obs)``, ``bali.scene(obs)``):
the same shapes give the static SVG picture and, replayed on the framework's canvas pen, the live
board; the scene's hit areas are the board's clickable rectangles. A :class:`SceneBoard` builds
the scene before each draw (:meth:`SceneBoard.build_scene`), and its painter redraws only when the
observation or the board's selections changed.
"""

from __future__ import annotations

from typing import Any

from .framework import GameBoard, HitMap, RegionPainter

#: The tallest a board may be drawn (CSS px): ipycanvas focuses the canvas on mouse-down, and when the
#: canvas does not fit the window the browser scrolls it, so the click lands elsewhere than aimed.
MAX_CSS_HEIGHT = 760


def fit_to_window(canvas: Any, width: int, height: int) -> None:
    """Let a ``fit=True`` canvas follow the column width (smaller in a narrow notebook column, larger
    in Voila) but never grow taller than :data:`MAX_CSS_HEIGHT` or wider than 1.5 times its size."""
    scale = min(1.5, MAX_CSS_HEIGHT / height)
    canvas.layout.max_width = f"{int(width * scale)}px"


class ScenePainter(RegionPainter):
    """Draws the board's current scene (``board.scene``) in one region, when the observation or ``ui`` changed."""

    def __init__(self, board: Any, canvas: Any, width: float, height: float, background: str) -> None:
        super().__init__(canvas, width, height, background=background)
        self.board = board
        self.paints = 0  # how many times the scene was sent to the canvas (tests)

    def regions(self, obs: Any, ui: dict[str, Any]) -> list[Any]:
        sig = (obs, repr(sorted(ui.items(), key=lambda kv: kv[0])))
        return [("all", sig, (0, 0, self.width, self.height), self._draw)]

    def _draw(self, pen: Any, obs: Any, ui: dict[str, Any]) -> None:
        self.board.scene.draw(pen)
        self.paints += 1


class SceneBoard(GameBoard):
    """A :class:`~widgets.framework.GameBoard` drawn from a picture scene.

    Subclasses set ``self.geometry`` (with ``width`` and ``height``) and ``self.background`` before
    calling ``super().__init__`` and implement :meth:`build_scene`; ``fit=True`` lets the canvas
    follow the column (see :func:`fit_to_window`).
    """

    geometry: Any
    background: str = "#f8f5ee"

    def __init__(self, game: str, *, fit: bool = True, **kwargs: Any) -> None:
        self.scene: Any = None  # built by ui_state before each draw: the painter draws it, clicks hit it
        super().__init__(game, size=(self.geometry.width, self.geometry.height), fit=fit, **kwargs)
        if fit:
            fit_to_window(self.canvas, self.geometry.width, self.geometry.height)

    def build_scene(self, obs: Any) -> Any:  # pragma: no cover - abstract
        """The scene of ``obs`` with this board's hints and selections (``self.ui``)."""
        raise NotImplementedError

    def make_painter(self, canvas: Any) -> RegionPainter:
        return ScenePainter(self, canvas, self.geometry.width, self.geometry.height, self.background)

    def ui_state(self) -> dict[str, Any]:
        ui = super().ui_state()  # first: the scene reads the seats' names from it
        self.scene = self.build_scene(self.observation())
        return ui

    def hit_areas(self, obs: Any, hits: HitMap) -> None:
        for rect, key in self.scene.hits if self.scene is not None else ():
            hits.add(rect, key)
