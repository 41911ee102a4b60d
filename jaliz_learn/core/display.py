"""How a state or an observation shows itself in Jupyter, without the engine depending on its pictures.

The pictures (:mod:`jaliz_learn.pictures`, a layer above the games) register their drawing functions here when
they are imported, which ``import jaliz_learn`` does. Every :class:`~jaliz_learn.core.game.Observation` and
:class:`~jaliz_learn.core.game.State` has ``_repr_svg_`` and ``_repr_html_`` that ask here, so a cell showing a
position draws it (and a saved notebook keeps the drawing), while the games import nothing of the pictures.

>>> import jaliz_learn
>>> state = jaliz_learn.load_game("nizam").initial_state(num_players=2, seed=1)
>>> svg(state).startswith("<svg")
True
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

Drawer = Callable[[Any], str]
_DRAWERS: dict[str, Drawer] = {}


def register(*, svg: Drawer, html: Drawer) -> None:
    """Draw positions with these functions (each takes a state or an observation)."""
    _DRAWERS["svg"], _DRAWERS["html"] = svg, html


def svg(position: Any) -> str:
    """The position's picture as SVG (an empty one when no pictures are registered)."""
    drawer = _DRAWERS.get("svg")
    if drawer is None:
        return "<svg xmlns='http://www.w3.org/2000/svg' width='1' height='1'></svg>"
    return drawer(position)


def html(position: Any) -> str:
    """The position's picture as HTML (its text when no pictures are registered)."""
    drawer = _DRAWERS.get("html")
    if drawer is None:
        return f"<pre>{escape(repr(position))}</pre>"
    return drawer(position)


__all__ = ["register", "svg", "html"]
