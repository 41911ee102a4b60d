"""Why a Nizam or Pearl of the East action is illegal: the message and the rule ID of every refusal.

Asked only after an action failed the legality check (``state.explain_illegal``); it names the rule that forbids
the action now and lists what is allowed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.actions import Action
from ...core.errors import IllegalAction, RuleViolation, WrongPhase
from . import board as B
from .actions import Draw, Move
from .data import ANY_PAYMENT, DRAW_COUNT, PEARL
from .moves import MOVE_PAIRS, counts_text

if TYPE_CHECKING:  # pragma: no cover
    from .state import BaseState


def explain_illegal(state: BaseState, player: int, action: Action) -> IllegalAction:
    """Name the rule that forbids ``action`` (see the catalogues for the IDs)."""
    allowed = state.legal_actions(player)
    kw: dict[str, Any] = {"action": action, "player": player, "decision": state.decision(), "allowed": allowed}
    if isinstance(action, Draw):
        if state.moves_made:
            # NIZ-TURN-01 / PRL-TURN-01: a turn is a draw OR moves, never both
            return WrongPhase("a turn is either a draw or moves; you have already moved",
                              rule=state.rule("TURN-01"), **kw)
        if state.hand_limit is not None and sum(state.hands[player].values()) + DRAW_COUNT > state.hand_limit:
            return RuleViolation(f"drawing three would exceed the hand limit of {state.hand_limit}",
                                 rule="NIZ-SOLO-02", **kw)
        return RuleViolation("the deck and the discard pile are empty and you can move",
                             rule=state.rule("DRAW-03"), **kw)
    if isinstance(action, Move):
        return explain_move(state, player, action, kw)
    if isinstance(action, state.end_type):
        if state.moves_made == 0:
            return WrongPhase("you can end the moves only after at least one move", rule=state.rule("MOVE-05"), **kw)
        return state._explain_end(player, action, kw)
    return WrongPhase(f"{type(action).__name__} is not an action of {state.game.info.title}",
                      rule=state.rule("TURN-01"), **kw)


def explain_move(state: BaseState, player: int, action: Move, kw: dict[str, Any]) -> IllegalAction:
    pair = MOVE_PAIRS.get((action.line, action.end))
    if pair is None:
        return RuleViolation(f"there is no line end {action.line} {action.end}", rule=state.rule("MOVE-01"), **kw)
    hand = state.hands[player]
    k = state.board[B.end_cell(*pair)]
    pay = action.pay
    if k == PEARL and len(pay) != ANY_PAYMENT:
        return RuleViolation("a line that begins with the pearl costs three cards of any kind",
                             rule="PRL-MOVE-06", **kw)
    if len(pay) == 1:
        if pay != k:
            return RuleViolation(f"the end card is {k}; pay a {k} (or three cards if you hold no {k})",
                                 rule=state.rule("MOVE-01"), **kw)
        return RuleViolation(f"you hold no {k}; pay three cards of any kind instead",
                             rule=state.rule("MOVE-01"), **kw)
    if len(pay) == ANY_PAYMENT:
        if k != PEARL and hand.get(k):
            return RuleViolation(f"you hold a {k}, so the move costs that card, not three",
                                 rule=state.rule("MOVE-04"), **kw)
        if "".join(sorted(pay)) != pay:
            return RuleViolation(f"write the three cards sorted: {''.join(sorted(pay))}",
                                 rule=state.rule("MOVE-04"), **kw)
        return RuleViolation(f"your hand {counts_text(hand) or '(empty)'} does not hold {pay}",
                             rule=state.rule("MOVE-03"), **kw)
    return RuleViolation("a payment is one card or three cards", rule=state.rule("MOVE-03"), **kw)
