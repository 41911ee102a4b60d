"""Reference bots. A bot is any object with ``act(observation, legal_actions) -> action``.

:class:`RandomBot` plays uniformly at random; :class:`ISMCTSBot` (alias ``MCTSBot``, CLI name ``mcts``)
searches with information-set Monte-Carlo tree search in every game that can sample hidden information.

>>> from jaliz_learn.bots import RandomBot
>>> RandomBot(3).act(None, ["a", "b", "c"]) in ("a", "b", "c")
True
"""

from __future__ import annotations

from .base import BaseBot, RandomBot, bot_names, make_bot
from .mcts import ISMCTSBot, MCTSBot

__all__ = ["BaseBot", "ISMCTSBot", "MCTSBot", "RandomBot", "bot_names", "make_bot"]
