"""Reference bots. A bot is any object with ``act(observation, legal_actions) -> action``.

>>> from jaliz_learn.bots import RandomBot
>>> RandomBot(3).act(None, ["a", "b", "c"]) in ("a", "b", "c")
True
"""

from __future__ import annotations

from .base import BaseBot, RandomBot, bot_names, make_bot

__all__ = ["BaseBot", "RandomBot", "bot_names", "make_bot"]
