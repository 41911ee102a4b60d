"""Why an action is illegal: the message and the rule ID of every refusal.

A mixin of :class:`~.state.JungliLaState` (see the map in the package docstring).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.actions import Action
from ...core.errors import IllegalAction, RuleViolation, WrongPhase
from . import actions as A
from .common import DISCARD, GOAL, PHASE_KINDS
from .data import (
    BASE_DICE,
    COST_CHANGE_FACE,
    COST_EXCHANGE,
    COST_REMOTE,
    LETTER,
    LETTER_STOP,
    MAX_DICE,
    MAX_REROLL_DICE,
    MAX_REROLLS,
)
from .position import JungliFields

if TYPE_CHECKING:  # pragma: no cover
    pass


class IllegalExplanations(JungliFields):
    """Why an action is illegal: the message and the rule ID of every refusal."""

    __slots__ = ()

    def explain_illegal(self, player: int, action: Action) -> IllegalAction:
        """Name the rule that forbids ``action`` now."""
        phase = self.phase
        allowed = self.legal_actions(player)
        kw: dict[str, Any] = {"action": action, "player": player, "decision": phase, "allowed": allowed}
        kind = getattr(action, "kind", "?")
        if kind not in PHASE_KINDS.get(phase, frozenset()):
            rule = "JUN-MAT-04" if phase == DISCARD else "JUN-TURN-01"
            return WrongPhase(f"'{kind}' does not belong to the {phase} decision", rule=rule, **kw)
        p, letters = player, self.letters[player]
        reason, rule = "this action is not possible now", "JUN-TURN-01"
        if isinstance(action, A.Roll):
            if action.dice < BASE_DICE or action.dice > MAX_DICE:
                reason, rule = f"roll between {BASE_DICE} and {MAX_DICE} dice", "JUN-DICE-01"
            else:
                reason, rule = "each die beyond your free dice costs 1 Letter", "JUN-LET-01"
        elif isinstance(action, A.Reroll):
            faces = action.faces
            if self.dice[LETTER] >= LETTER_STOP:
                reason, rule = "two or more Letters show: rolling has stopped", "JUN-DICE-06"
            elif self.rerolls >= MAX_REROLLS:
                reason, rule = "both rerolls are used", "JUN-DICE-04"
            elif not 1 <= len(faces) <= MAX_REROLL_DICE:
                reason, rule = "reroll one or two dice", "JUN-DICE-03"
            elif "L" in faces:
                reason, rule = "Letter dice are set aside for good", "JUN-DICE-02"
            else:
                reason, rule = f"the dice do not show {' '.join(faces)}", "JUN-DICE-05"
        elif isinstance(action, A.Cancel):
            reason, rule = "cancelling costs 1 Letter", "JUN-LET-02"
        elif isinstance(action, A.ChangeFace):
            if letters < COST_CHANGE_FACE:
                reason = "changing a die costs 2 Letters"
            else:
                reason = f"no die shows {action.old} or the face does not change"
            rule = "JUN-LET-03"
        elif isinstance(action, A.Paleo):
            reason, rule = "no unused Paleontologist or no such die", "JUN-CARD-06"
        elif isinstance(action, A.Discard):
            reason, rule = f"you hold no {action.material} token", "JUN-MAT-04"
        elif isinstance(action, A.Move):
            if self.pos[p] == GOAL:
                reason, rule = "your explorer is on the Goal", "JUN-MOVE-03"
            elif self.moved:
                reason, rule = "you have moved this turn", "JUN-MOVE-01"
            else:
                reason, rule = "move exactly your dice total (Move 1 = 1, Move 2 = 2)", "JUN-MOVE-02"
        elif isinstance(action, (A.Discover, A.Remote, A.Exchange, A.BuyWagon)) and self.discovered:
            reason, rule = "one Discovery action per turn", "JUN-DISC-04"
        elif isinstance(action, A.Discover):
            if self.pos[p] <= 0:
                reason, rule = "your explorer is not on a Discovery card", "JUN-RUL-12"
            else:
                reason, rule = "you cannot pay the card's cost", "JUN-DISC-01"
        elif isinstance(action, A.Remote):
            if letters < COST_REMOTE:
                reason, rule = "a remote discovery costs 3 Letters", "JUN-LET-05"
            elif action.card not in self.track:
                reason, rule = f"{action.card} is not on the track", "JUN-LET-05"
            elif self.track.index(action.card) + 1 in self._occupied():
                reason, rule = f"an explorer stands on {action.card}", "JUN-RUL-06"
            else:
                reason, rule = "you cannot pay the card's cost", "JUN-DISC-01"
        elif isinstance(action, A.Exchange):
            if letters < COST_EXCHANGE:
                reason = "an exchange costs 5 Letters"
            elif action.give not in self.cards[p]:
                reason = f"you do not own {action.give}"
            elif action.take not in self.track:
                reason = f"{action.take} is not on the track"
            else:
                reason = f"an explorer stands on {action.take}"
            rule = "JUN-LET-07" if reason != f"an explorer stands on {action.take}" else "JUN-RUL-07"
        elif isinstance(action, A.BuyWagon):
            reason = "a Wagon costs 2 Letters and nobody owns more than 2"
            rule = "JUN-LET-04"
        elif isinstance(action, A.BuyTreasure):
            if self.pos[p] != GOAL:
                reason, rule = "Treasure cards can be bought only after reaching the Goal", "JUN-LET-06"
            elif not self.deck:
                reason, rule = "no Treasure card is left", "JUN-RUL-08"
            else:
                reason, rule = "a Treasure card costs 4 Letters", "JUN-LET-06"
        return RuleViolation(reason, rule=rule, **kw)
