"""Jupyter widgets for jaliz_learn (installed as ``jaliz_learn.widgets``; needs ipywidgets and ipycanvas).

* :class:`JalizBoard` — play Jaliz against bots (or watch bots) on an ipycanvas board.
* :class:`ReplayViewer` — step through a recorded game from any player's point of view.

Both draw only observations (``state.observation(player)``), so hidden cards stay hidden, and
both redraw themselves when a new front-end connects (page reload, Voila). Their
``_repr_html_`` gives a static board for front-ends without widgets.
"""

from __future__ import annotations

from .board import JalizBoard
from .replay import ReplayViewer

__all__ = ["JalizBoard", "ReplayViewer"]
