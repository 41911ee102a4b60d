"""Jaliz (جالیز): the flagship trading game of jaliz_learn (standard and advanced mode)."""

from __future__ import annotations

from .actions import Accept, Buy, Claim, Done, Give, Harvest, Keep, Offer, Pass, Plant, Refuse
from .advanced import Breed, CrowPick, DroughtOn, JalizAdvancedGame, JalizAdvancedState, RainOn, Recycle, Shop, SnowOn
from .game import JalizGame
from .observation import FarmView, JalizObservation, PlotView
from .state import JalizState

__all__ = ["Accept", "Breed", "Buy", "Claim", "CrowPick", "Done", "DroughtOn", "FarmView", "Give", "Harvest",
           "JalizAdvancedGame", "JalizAdvancedState", "JalizGame", "JalizObservation", "JalizState", "Keep", "Offer",
           "Pass", "Plant", "PlotView", "RainOn", "Recycle", "Refuse", "Shop", "SnowOn"]
