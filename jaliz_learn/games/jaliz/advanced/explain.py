"""Why an advanced-mode action is illegal: event decisions, snow, the Shopping Day.

A mixin of :class:`~.state.JalizAdvancedState`.
"""

from __future__ import annotations

from typing import Any

from ....core.actions import Action
from ....core.errors import IllegalAction, RuleViolation, WrongPhase
from ..actions import Accept, Buy, Harvest, Plant, pname
from ..events_data import EVENTS
from .actions import Breed, CrowPick, DroughtOn, RainOn, Recycle, Shop, SnowOn, shop_shape_problem
from .common import _EVENT_PHASE_SET, _PHASE_RULE, _PHASE_TYPES
from .position import AdvancedFields


class AdvancedExplanations(AdvancedFields):
    """Why an advanced-mode action is illegal."""

    __slots__ = ()

    def explain_illegal(self, player: int, action: Action) -> IllegalAction:
        """Name the rule that forbids ``action`` (event decisions here, the rest in the standard state)."""
        ph = self.phase
        if ph not in _EVENT_PHASE_SET or isinstance(action, (Harvest, Buy)):
            return super().explain_illegal(player, action)
        allowed = self.legal_actions(player)
        rule = _PHASE_RULE[ph]
        title = EVENTS[self.event].title if self.event else "the event"

        def bad(reason: str, rule: str = rule, cls: type[IllegalAction] = RuleViolation) -> IllegalAction:
            return cls(reason, rule=rule, action=action, player=player, decision=ph, allowed=allowed)

        if not isinstance(action, _PHASE_TYPES[ph]):
            names = "/".join(c.kind for c in _PHASE_TYPES[ph])
            return bad(f"{title} is being resolved: the decision '{ph}' takes {names}", cls=WrongPhase)
        if isinstance(action, (CrowPick, SnowOn, DroughtOn, RainOn)):
            return self._explain_plot_choice(player, action, bad)
        if isinstance(action, Plant):
            err = self._explain_plant(player, action, ph, bad)
            if err.rule == "JAL-PLANT-04":  # JADV-GARDEN-02: no harvesting to make room during the event
                return bad(f"no plot can take {pname(action.product)} and nobody may harvest during an event",
                           "JADV-GARDEN-02")
            return err
        if isinstance(action, Recycle):
            return bad(f"there is no {pname(action.product)} in the burned pile")
        if isinstance(action, Breed):
            return bad(f"{pname(action.product)} is not a product of this game")
        if isinstance(action, Shop):
            pl = self.players[player]
            targets = [(q, tuple(self.players[q].tokens)) for q in range(self.num_players) if q != player]
            problem = shop_shape_problem(action, targets, pl.hand, pl.tokens, self.products, self.max_ask)
            return bad(problem[1], problem[0]) if problem else bad("this proposal is not allowed")
        if isinstance(action, Accept) and self.shop_offer is not None:
            if action.buyer != self.shop_offer[0]:
                return bad(f"the open proposal is player {self.shop_offer[0]}'s, not player {action.buyer}'s")
            return bad("you do not hold every card and token the proposal asks for", "JADV-SHOP-03")
        return bad("this action is not among the legal actions")

    def _explain_plot_choice(self, player: int, action: Any, bad: Any) -> IllegalAction:
        k = action.plot
        if isinstance(action, CrowPick):
            victim = self.left_of(player)
            pl = self.players[victim]
            if not 1 <= k <= len(pl.plot_count):
                return bad(f"the player to your left (P{victim}) has plots 1-{len(pl.plot_count)}", "JADV-R-LEFTRIGHT")
            return bad(f"plot {k} of P{victim} is empty; the crow eats a planted card", "JADV-CROW-01")
        if isinstance(action, SnowOn):
            victim = self.right_of(player)
            n = len(self.players[victim].plot_count)
            return bad(f"the player to your right (P{victim}) has plots 1-{n}", "JADV-R-LEFTRIGHT")
        pl = self.players[player]
        if not 1 <= k <= len(pl.plot_count):
            return bad(f"your farm has plots 1-{len(pl.plot_count)}")
        if isinstance(action, DroughtOn):
            return bad(f"plot {k} is empty; choose a planted plot to burn", "JADV-DROUGHT-01")
        if pl.plot_fert[k - 1]:
            return bad(f"plot {k} has a fertilizer; rain does not settle there", "JADV-RAIN-02")
        return bad(f"plot {k} is empty; rain does not settle on empty plots", "JADV-RAIN-02")
