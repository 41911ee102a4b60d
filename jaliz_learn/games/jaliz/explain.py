"""Why an action is illegal: the message and the rule ID of every refusal.

``explain_illegal`` is asked only after an action failed the legality check; it names the rule
that forbids the action now and lists what is allowed.

A mixin of :class:`~.state.JalizState` (see the map in the package docstring).
"""

from __future__ import annotations

from typing import Any

from ...core.actions import Action
from ...core.errors import IllegalAction, RuleViolation, WrongPhase
from . import data as D
from .actions import Accept, Buy, Claim, Done, Give, Harvest, Keep, Offer, Pass, Plant, Refuse, pname
from .common import CLAIM_PHASE, FINAL_PHASE, OFFER_PHASE, PLANT_PHASE, RESPOND_PHASE
from .offers import offer_problem
from .position import JalizFields


def _decision_rule(decision: str) -> str:
    return {"place": "JAL-MARKET-03", PLANT_PHASE: "JAL-PLANT-01", CLAIM_PHASE: "JAL-CREDIT-02",
            OFFER_PHASE: "JAL-R-NEGOTIATION", RESPOND_PHASE: "JAL-MARKET-02",
            FINAL_PHASE: "JAL-END-03"}.get(decision, "JAL-TURN-01")


class IllegalExplanations(JalizFields):
    """Why an action is illegal: the message and the rule ID of every refusal."""

    __slots__ = ()

    # ---------------------------------------------------------- explanations
    def explain_illegal(self, player: int, action: Action) -> IllegalAction:
        """Name the rule that forbids ``action`` now."""
        decision = self.decision()
        allowed = self.legal_actions(player)

        def bad(reason: str, rule: str, cls: type[IllegalAction] = RuleViolation) -> IllegalAction:
            return cls(reason, rule=rule, action=action, player=player, decision=decision, allowed=allowed)

        if isinstance(action, (Harvest, Buy)):
            if not self._anytime_allowed():
                return bad("no harvesting or buying while an event is being resolved", "JADV-EVENT-04")
            if isinstance(action, Harvest):
                return self._explain_harvest(player, action, bad)
            return self._explain_buy(player, action, bad)
        expected = {
            "place": (Plant,), PLANT_PHASE: (Plant, Done), CLAIM_PHASE: (Claim, Pass),
            OFFER_PHASE: (Offer, Pass), RESPOND_PHASE: (Accept, Keep, Give, Refuse), FINAL_PHASE: (Plant, Done),
        }.get(decision)
        if expected is not None and not isinstance(action, expected):
            names = "/".join(c.kind for c in expected) + "/harvest/buy"
            return bad(f"the pending decision is '{decision}', which takes {names}", _decision_rule(decision),
                       WrongPhase)
        if isinstance(action, Plant):
            return self._explain_plant(player, action, decision, bad)
        if isinstance(action, Done):
            if decision == PLANT_PHASE:
                return bad("you must plant at least one card from your hand first", "JAL-PLANT-01")
        if isinstance(action, Claim):
            return bad(f"{pname(action.product)} is not among the revealed cards {self._market_text()}",
                       "JAL-CREDIT-02")
        if isinstance(action, Offer):
            if action not in allowed:
                problem = offer_problem(self, player, action, making=True)
                return bad(problem[1] if problem else "this offer is not allowed",
                           problem[0] if problem else "JAL-R-NEGOTIATION")
        if isinstance(action, Accept):
            if action.buyer not in self.offers:
                return bad(f"player {action.buyer} has no open offer", "JAL-R-NEGOTIATION")
            problem = offer_problem(self, action.buyer, self.offers[action.buyer])
            if problem:
                return bad(problem[1], problem[0])
        if isinstance(action, (Keep, Give)):
            if action.product not in self.market:
                return bad(f"{pname(action.product)} is not among the revealed cards {self._market_text()}",
                           "JAL-MARKET-02")
            if isinstance(action, Give) and not (0 <= action.player < self.num_players and action.player != player):
                return bad(f"a gift goes to another player (0-{self.num_players - 1}, not {action.player})",
                           "JAL-MARKET-06")
        if isinstance(action, Refuse):
            return bad(f"this is the last offer round ({self.offer_rounds}); keep, give or accept",
                       "JAL-MARKET-07")
        return bad("this action is not among the legal actions", _decision_rule(decision))

    def _market_text(self) -> str:
        return "(" + ", ".join(pname(c) for c in self.market) + ")" if self.market else "(none)"

    def _explain_plant(self, player: int, action: Plant, decision: str, bad: Any) -> IllegalAction:
        pl = self.players[player]
        if action.product not in self.products:
            return bad(f"there is no product {action.product} in this game (products "
                       f"{self.products[0]}-{self.products[-1]})", "JAL-SETUP-02")
        if decision == "place":
            if action.product not in self.pending[0][1]:
                cards = ", ".join(pname(c) for c in self.pending[0][1])
                return bad(f"you must plant the cards you received ({cards}), not {pname(action.product)}",
                           "JAL-MARKET-03")
        elif pl.hand[action.product] == 0:
            return bad(f"you have no {pname(action.product)} in hand", "JAL-PLANT-01")
        if decision == FINAL_PHASE and self.planted >= self._plant_limit(player):
            return bad(f"you have planted {self.planted} cards, the most allowed", "JAL-END-03")
        nplots = len(pl.plot_count)
        if not 1 <= action.plot <= nplots:
            rule = "JAL-BUY-02" if action.plot == 3 else "JAL-SETUP-01"
            return bad(f"your farm has plots 1-{nplots}", rule)
        i = action.plot - 1
        if not self._plantable(player, i):
            return bad(f"plot {action.plot} is under snow", "JADV-SNOW-01")
        current = pl.plot_product[i]
        if current and current != action.product:
            rule = "JAL-PLANT-04" if not self._plots_for(player, action.product) else "JAL-PLANT-02"
            return bad(f"plot {action.plot} holds {pname(current)}; only one product per plot"
                       + (" (harvest a plot first)" if rule == "JAL-PLANT-04" else ""), rule)
        return bad("this planting is not allowed now", "JAL-PLANT-01")

    def _explain_harvest(self, player: int, action: Harvest, bad: Any) -> IllegalAction:
        pl = self.players[player]
        if not 1 <= action.plot <= len(pl.plot_count):
            return bad(f"your farm has plots 1-{len(pl.plot_count)}", "JAL-HARVEST-04")
        if pl.plot_count[action.plot - 1] == 0:
            return bad(f"plot {action.plot} is empty; there is nothing to harvest", "JAL-HARVEST-04")
        return bad(f"plot {action.plot} is frozen under snow", "JADV-SNOW-01")

    def _explain_buy(self, player: int, action: Buy, bad: Any) -> IllegalAction:
        pl = self.players[player]
        coins = len(pl.coins)
        item = action.item
        if item == "plot":
            if pl.third_plot:
                return bad("each player may buy only one third plot", "JAL-BUY-02")
            if self.third_plot_supply <= 0:
                return bad("no third plot is left in the supply", "JAL-BUY-02")
            return bad(f"a third plot costs {D.THIRD_PLOT_PRICE} coins; you have {coins}", "JAL-BUY-02")
        if item == "tractor":
            if pl.tractor:
                return bad("each player may buy only one tractor", "JAL-BUY-03")
            if self.tractor_supply <= 0:
                return bad("no tractor is left in the supply", "JAL-BUY-03")
            return bad(f"a tractor costs {D.TRACTOR_PRICE} coins; you have {coins}", "JAL-BUY-03")
        if item == "fertilizer":
            if not 1 <= action.plot <= len(pl.plot_fert):
                return bad(f"your farm has plots 1-{len(pl.plot_fert)}", "JAL-BUY-04")
            if pl.plot_fert[action.plot - 1]:
                return bad(f"plot {action.plot} already has a fertilizer (one per plot)", "JAL-BUY-04")
            if self.fertilizer_supply <= 0:
                return bad("the fertilizer supply is empty", "JAL-BUY-04")
            return bad(f"fertilizer costs {self.fertilizer_price} coins; you have {coins}", "JAL-R-FERT")
        if item == "cards":
            if pl.bought_cards:
                return bad("product cards may be bought only once per game", "JAL-BUY-05")
            if self.ending:
                return bad("the deck has run out for the last time", "JAL-R-NOCARDS-LATE")
            return bad(f"three product cards cost {D.CARDS_PRICE} coin; you have {coins}", "JAL-BUY-05")
        return bad(f"unknown item {item!r}; buy plot, tractor, fertilizer PLOT or cards", "JAL-BUY-01")
