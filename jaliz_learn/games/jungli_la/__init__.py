"""Jungli-La (OKAZU Brand, 2016) for 2-5 players: dice, materials, Patrons and Treasure.

Rulebook: shared/seeds/003_2649a3fbb417fcf2.txt; card data (mostly reconstructed):
:mod:`jaliz_learn.games.jungli_la.data`; rulings: docs/rulings/jungli-la.md.

>>> import jaliz_learn
>>> st = jaliz_learn.load_game("jungli-la").initial_state(num_players=2, seed=3)
>>> st.decision(), st.current_player()
('roll', 0)
"""

from __future__ import annotations

from .game import JungliLaGame
from .state import GOAL, JungliLaObservation, JungliLaState

__all__ = ["GOAL", "JungliLaGame", "JungliLaObservation", "JungliLaState"]
