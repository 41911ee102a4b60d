"""Jupyter widgets for jaliz_learn (installed as ``jaliz_learn.widgets``; needs ipywidgets and ipycanvas).

* :class:`JalizBoard` — play Jaliz against bots (or watch bots) on an ipycanvas board.
* :class:`NizamBoard` — Nizam, solo Nizam and Pearl of the East.
* :class:`ReplayViewer` — step through a recorded game of any game from any player's point of view.
* :mod:`.framework` — what every board is built on (how to write a board: see its docstring).
* :mod:`.keyboard` and :mod:`.access` — every board and the replay played and read from the keyboard and by
  screen readers: focusable parts, the position in words, one live region, query keys (``?`` lists them).

Boards draw only observations (``state.observation(player)``), so hidden cards stay hidden, and
redraw themselves when a new front-end connects (page reload, Voila). Their ``_repr_html_``
gives a static picture for front-ends without widgets.
"""

from __future__ import annotations

from .bali_board import BaliBoard
from .board import JalizBoard
from .framework import GameBoard
from .jungli_la_board import JungliLaBoard
from .nizam_board import NizamBoard
from .replay import ReplayViewer

__all__ = ["BaliBoard", "GameBoard", "JalizBoard", "JungliLaBoard", "NizamBoard", "ReplayViewer"]
