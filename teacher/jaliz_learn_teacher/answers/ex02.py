"""Exercise 2's reference methods (``points_if_scored`` and ``evaluate`` of ``MyNizamBot``); see the package
docstring for who may read them.

>>> import jaliz_learn
>>> state = jaliz_learn.load_game("nizam").initial_state(num_players=2, seed=1)
>>> reference_points_if_scored(state, 0) >= 0
True
"""

from __future__ import annotations

from jaliz_learn.core.game import State
from jaliz_learn.games.nizam.actions import Score


def reference_points_if_scored(state: State, me: int) -> float:
    """What ``points_if_scored`` must return (the engine's own answer, by a what-if copy)."""
    if state.current_player() == me and Score() in state.legal_actions(me):
        after = state.clone()
        after.apply(Score(), me)
        return float(after.scores()[me])
    return float(state.scores()[me])


def reference_evaluate(state: State, me: int, card_value: float) -> float:
    """What ``evaluate`` must return: ``points_if_scored`` plus ``card_value`` (the exercise's ``CARD_VALUE``) per
    card in the hand of ``me``."""
    return reference_points_if_scored(state, me) + card_value * len(state.observation(me).hand)  # type: ignore[attr-defined]


__all__ = ["reference_evaluate", "reference_points_if_scored"]
