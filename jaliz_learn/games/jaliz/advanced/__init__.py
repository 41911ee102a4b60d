"""Jaliz advanced mode: the standard game plus the event deck (rulebook "Advanced Mode").

``state`` holds the rules (a :class:`~jaliz_learn.games.jaliz.state.JalizState` subclass through its mode
hooks), ``actions`` the event actions and the Shopping Day proposal space, ``catalogue`` the rule IDs and
``game`` the ``jaliz-advanced`` game object. The event cards are data in ``../events_data.py``.
"""

from __future__ import annotations

from .actions import ADVANCED_ACTION_TYPES, Breed, CrowPick, DroughtOn, RainOn, Recycle, Shop, ShopSpace, SnowOn
from .catalogue import ADVANCED_RULES
from .common import EVENT_DECISION, EVENT_PHASES, EVENT_START
from .game import JalizAdvancedGame
from .state import JalizAdvancedState

__all__ = ["ADVANCED_ACTION_TYPES", "ADVANCED_RULES", "Breed", "CrowPick", "DroughtOn", "EVENT_DECISION",
           "EVENT_PHASES", "EVENT_START", "JalizAdvancedGame", "JalizAdvancedState", "RainOn", "Recycle", "Shop",
           "ShopSpace", "SnowOn"]
