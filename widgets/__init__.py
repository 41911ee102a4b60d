"""Jupyter widgets for jaliz_learn (installed as ``jaliz_learn.widgets``; needs ipywidgets and ipycanvas).

* :class:`JalizBoard` — play Jaliz against bots (or watch bots) on an ipycanvas board.
* :class:`ReplayViewer` — step through a recorded game from any player's point of view.

Both draw only observations (``state.observation(player)``), so hidden cards stay hidden, and
both redraw themselves when a new front-end connects (page reload, Voila). Their
``_repr_html_`` gives a static board for front-ends without widgets.
"""

from __future__ import annotations

from .bali_board import BaliBoard
from .board import JalizBoard
from .jungli_la_board import JungliLaBoard
from .replay import ReplayViewer

__all__ = ["BaliBoard", "JalizBoard", "JungliLaBoard", "ReplayViewer"]
