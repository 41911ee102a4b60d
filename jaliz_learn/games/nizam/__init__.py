"""Nizam (1-5 players, solo with one) and Pearl of the East (2-5 players).

>>> import jaliz_learn
>>> state = jaliz_learn.load_game("nizam").initial_state(num_players=2, seed=3)
>>> state.decision()
'draw-or-move'
"""

from __future__ import annotations

from .actions import Draw, EndTurn, Move, Score
from .catalogue import NIZAM_RULES, PEARL_RULES
from .game import NizamGame, PearlGame
from .state import NizamState, PearlState

__all__ = ["Draw", "EndTurn", "Move", "NIZAM_RULES", "NizamGame", "NizamState", "PEARL_RULES", "PearlGame",
           "PearlState", "Score"]
