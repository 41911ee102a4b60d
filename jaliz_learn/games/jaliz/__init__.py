"""Jaliz (جالیز): the flagship trading game of jaliz_learn (standard and advanced mode)."""

from __future__ import annotations

from .actions import Accept, Buy, Claim, Done, Give, Harvest, Keep, Offer, Pass, Plant, Refuse
from .game import JalizGame
from .observation import FarmView, JalizObservation, PlotView
from .state import JalizState

__all__ = ["Accept", "Buy", "Claim", "Done", "FarmView", "Give", "Harvest", "JalizGame", "JalizObservation",
           "JalizState", "Keep", "Offer", "Pass", "Plant", "PlotView", "Refuse"]
