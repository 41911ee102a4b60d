"""Why a Nizam or Pearl of the East action is illegal: each kind of action is handed to its rule's own check.

Asked only after an action failed the legality check (``state.explain_illegal``): the turn's order
(:meth:`~.moving.MovingRules.turn_problem`), a draw (:meth:`~.drawing.DrawingRules.draw_problem`), a move's payment
(:meth:`~.moving.MovingRules.payment_problem`) or, in Pearl, the end of the moves
(:meth:`~.pearl_state.PearlState.end_problem`) refuses it; the refusal becomes an error that also lists what is
allowed. The legal actions come from the same checks or from tables tested equal to them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.actions import Action
from ...core.errors import IllegalAction, RuleViolation, WrongPhase
from ...core.rules import Refusal
from .actions import Draw, Move

if TYPE_CHECKING:  # pragma: no cover
    from .state import BaseState


def explain_illegal(state: BaseState, player: int, action: Action) -> IllegalAction:
    """The refusal of the check that forbids ``action``, naming its rule and what is allowed."""
    kw: dict[str, Any] = {"action": action, "player": player, "decision": state.decision(),
                          "allowed": state.legal_actions(player)}
    turn = state.turn_problem(action)
    if turn is not None:
        return WrongPhase(turn[1], rule=turn[0], **kw)
    problem = action_problem(state, player, action) or (state.rule("TURN-01"), "this action is not allowed now")
    return RuleViolation(problem[1], rule=problem[0], **kw)


def action_problem(state: BaseState, player: int, action: Action) -> Refusal | None:
    """The check of ``action``'s own rule (after the turn's order allowed it), or ``None``."""
    if isinstance(action, Draw):
        return state.draw_problem(player)
    if isinstance(action, Move):
        return state.payment_problem(player, action)
    return state.end_problem(player, action)
