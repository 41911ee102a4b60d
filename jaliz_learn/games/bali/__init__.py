"""Bali (2-4 players) and its Village of Tani expansion.

``bali`` is the base game as reconstructed in shared/rules/bali-base.md (uncertain numbers are named
constants in :mod:`.data`, decisions in docs/rulings/bali.md); ``bali-tani`` adds the expansion.
"""

from __future__ import annotations

from .game import BaliGame, BaliTaniGame
from .state import BaliState
from .view import BaliObservation

__all__ = ["BaliGame", "BaliObservation", "BaliState", "BaliTaniGame"]
