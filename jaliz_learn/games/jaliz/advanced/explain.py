"""Why an advanced-mode action is illegal: an event choice is refused by its own check (:mod:`.events`).

A mixin of :class:`~.state.JalizAdvancedState`.
"""

from __future__ import annotations

from ....core.actions import Action
from ....core.errors import IllegalAction, RuleViolation, WrongPhase
from ..actions import Buy, Harvest
from ..common import Refusal
from ..events_data import EVENTS
from .common import _EVENT_PHASE_SET, _PHASE_RULE, _PHASE_TYPES
from .position import AdvancedFields


class AdvancedExplanations(AdvancedFields):
    """Why an advanced-mode action is illegal."""

    __slots__ = ()

    def explain_illegal(self, player: int, action: Action) -> IllegalAction:
        """Name the rule that forbids ``action``: an event choice by its check in :mod:`.events`, the rest by the
        standard checks."""
        ph = self.phase
        if ph not in _EVENT_PHASE_SET or isinstance(action, (Harvest, Buy)):
            return super().explain_illegal(player, action)
        allowed = self.legal_actions(player)
        rule = _PHASE_RULE[ph]
        cls: type[IllegalAction] = RuleViolation
        if not isinstance(action, _PHASE_TYPES[ph]):
            title = EVENTS[self.event].title if self.event else "the event"
            names = "/".join(c.kind for c in _PHASE_TYPES[ph])
            problem: Refusal = rule, f"{title} is being resolved: the decision '{ph}' takes {names}"
            cls = WrongPhase
        else:
            problem = self._event_problem(player, action) or (rule, "this action is not among the legal actions")
        return cls(problem[1], rule=problem[0], action=action, player=player, decision=ph, allowed=allowed)
