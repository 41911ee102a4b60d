"""Why an action is illegal: each kind of action is handed to its rule's own check.

``explain_illegal`` is asked only after an action failed the legality check; it asks the check of the
rule that governs the action (the same check the legal actions come from, or are tested equal to) and
turns its refusal ``(rule ID, reason)`` into an error that also lists what is allowed.

A mixin of :class:`~.state.JalizState` (see the map in the package docstring).
"""

from __future__ import annotations

from typing import Any

from ...core.actions import Action
from ...core.errors import IllegalAction, RuleViolation, WrongPhase
from .actions import Accept, Buy, Claim, Done, Give, Harvest, Keep, Offer, Pass, Plant, Refuse
from .common import CLAIM_PHASE, FINAL_PHASE, OFFER_PHASE, PLANT_PHASE, RESPOND_PHASE, Refusal
from .offers import offer_problem
from .position import JalizFields

#: The action kinds each decision takes (harvest and buy go with all of them, JAL-R-TIMING).
_EXPECTED: dict[str, tuple[Any, ...]] = {
    "place": (Plant,), PLANT_PHASE: (Plant, Done), CLAIM_PHASE: (Claim, Pass),
    OFFER_PHASE: (Offer, Pass), RESPOND_PHASE: (Accept, Keep, Give, Refuse), FINAL_PHASE: (Plant, Done),
}

#: A refusal's rule placeholder for "this decision takes other actions" (named by :func:`_decision_rule`).
_WRONG_PHASE = "wrong phase"


def _decision_rule(decision: str) -> str:
    return {"place": "JAL-MARKET-03", PLANT_PHASE: "JAL-PLANT-01", CLAIM_PHASE: "JAL-CREDIT-02",
            OFFER_PHASE: "JAL-R-NEGOTIATION", RESPOND_PHASE: "JAL-MARKET-02",
            FINAL_PHASE: "JAL-END-03"}.get(decision, "JAL-TURN-01")


class IllegalExplanations(JalizFields):
    """Why an action is illegal: the refusal of the rule's own check (no second if-chain)."""

    __slots__ = ()

    def explain_illegal(self, player: int, action: Action) -> IllegalAction:
        """The refusal of the check that forbids ``action`` now, as an error naming its rule and what is allowed.

        Each kind of action goes to its rule's check (harvest and buy: :mod:`.harvest_buy`, plant: :mod:`.planting`,
        the market: :mod:`.market` and :mod:`.offers`); an action of another decision is a wrong phase."""
        decision = self.decision()
        allowed = self.legal_actions(player)
        problem = self._action_problem(player, action, decision)
        if problem is None:  # every check passes, yet the action is not listed: name the decision's rule
            problem = _decision_rule(decision), "this action is not among the legal actions"
        rule, reason = problem
        cls: type[IllegalAction] = WrongPhase if rule == _WRONG_PHASE else RuleViolation
        if cls is WrongPhase:
            rule = _decision_rule(decision)
        return cls(reason, rule=rule, action=action, player=player, decision=decision, allowed=allowed)

    def _action_problem(self, player: int, action: Action, decision: str) -> Refusal | None:
        """The check of ``action``'s rule: a refusal, or ``None``."""
        if isinstance(action, (Harvest, Buy)):
            if not self._anytime_allowed():
                return "JADV-EVENT-04", "no harvesting or buying while an event is being resolved"
            if isinstance(action, Harvest):
                return self._harvest_problem(player, action.plot)
            return self._buy_problem(player, action.item, action.plot)
        expected = _EXPECTED.get(decision)
        if expected is not None and not isinstance(action, expected):
            names = "/".join(c.kind for c in expected) + "/harvest/buy"
            return _WRONG_PHASE, f"the pending decision is '{decision}', which takes {names}"
        if isinstance(action, Plant):
            return self._plant_problem(player, action, decision)
        if isinstance(action, Done):
            return self._done_problem(decision)
        if isinstance(action, Claim):
            return self._claim_problem(action.product)
        if isinstance(action, Offer):
            return offer_problem(self, player, action, making=True)  # type: ignore[arg-type]
        if isinstance(action, Accept):
            return self._accept_problem(action.buyer)
        if isinstance(action, (Keep, Give)):
            return self._keep_give_problem(player, action.product, action.player if isinstance(action, Give) else None)
        if isinstance(action, Refuse):
            return self._refuse_problem()
        return None
