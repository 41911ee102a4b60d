"""A simple heuristic Jaliz bot: grow long plots, sell at good steps, trade cheap.

It reads only its observation and the legal actions.

>>> import jaliz_learn
>>> from jaliz_learn.bots import RandomBot
>>> bots = [HeuristicJalizBot(0), RandomBot(1), RandomBot(2)]
>>> jaliz_learn.play("jaliz", bots, seed=3).state.is_over()
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...core.actions import Action
from ...core.bot import BaseBot
from .actions import Accept, Buy, Claim, Done, Give, Harvest, Keep, Offer, Pass, Plant, Refuse
from .advanced.actions import Breed, CrowPick, DroughtOn, RainOn, Recycle, SnowOn
from .data import PRODUCTS, coins_for
from .observation import JalizObservation

#: Advanced-mode event decisions (jaliz_learn/games/jaliz/advanced/state.py).
EVENT_DECISIONS = frozenset(("crow", "gardener", "snow", "drought", "rain", "shop", "shop-reply", "recycle",
                             "breeding"))


def plot_value(product: int | None, count: int, fertilizer: bool) -> int:
    """Coins a plot would give if harvested now."""
    if not product:
        return 0
    return min(coins_for(product, count + (1 if fertilizer else 0)), count)


def at_top(product: int, count: int, fertilizer: bool) -> bool:
    """True when one more card would not add a coin soon (the plot sits on its last step)."""
    top = max(n for n in PRODUCTS[product].meter if n)
    return count + (1 if fertilizer else 0) >= top


class HeuristicJalizBot(BaseBot):
    """Plants onto matching plots, harvests full-value plots, keeps matching market cards."""

    name = "heuristic"

    def act(self, observation: Any, legal_actions: Sequence[Action]) -> Action:
        obs: JalizObservation = observation
        me = obs.player
        assert me is not None
        farm = obs.farms[me]
        small = [a for a in legal_actions[:200]] if len(legal_actions) > 200 else list(legal_actions)
        buy = self._buy(obs, small)
        if buy is not None:
            return buy
        harvest = self._good_harvest(obs, small)
        if harvest is not None and obs.decision not in ("offer", "claim"):
            return harvest
        decision = obs.decision
        if decision in ("plant", "place", "final-plant"):
            return self._plant(obs, small, decision)
        if decision == "claim":
            mine = {p.product for p in farm.plots if p.product}
            for a in small:
                if isinstance(a, Claim) and a.product in mine:
                    return a
            return next(a for a in small if isinstance(a, Pass))
        if decision == "offer":
            return self._offer(obs, legal_actions)
        if decision == "respond":
            return self._respond(obs, small)
        if decision in EVENT_DECISIONS:
            return self._event(obs, small, decision)
        return small[self.rng.randrange(len(small))]

    # -- advanced-mode events (JADV-*) ----------------------------------------------
    def _event(self, obs: JalizObservation, legal: list[Action], decision: str) -> Action:
        """Hurt the neighbours' best plots, lose the least, help the own longest plot; no Shopping Day trades."""
        me = obs.player or 0
        n = obs.num_players
        farm = obs.farms[me]
        mine = {p.product for p in farm.plots if p.product}
        passing = next((a for a in legal if isinstance(a, (Pass, Refuse))), None)

        def plot(p: int, k: int) -> tuple[int, int]:
            v = obs.farms[p].plots[k - 1]
            return plot_value(*v[:3]), v.count

        if decision == "gardener":
            good = [a for a in legal if isinstance(a, Plant) and farm.plots[a.plot - 1].product == a.product]
            return max(good, key=lambda a: farm.plots[a.plot - 1].count) if good else passing or legal[0]
        if decision == "recycle":
            pick = next((a for a in legal if isinstance(a, Recycle) and a.product in mine), None)
            return pick if pick is not None else passing or legal[0]
        if decision == "crow":
            return max((a for a in legal if isinstance(a, CrowPick)), key=lambda a: plot((me + 1) % n, a.plot))
        if decision == "snow":
            return max((a for a in legal if isinstance(a, SnowOn)), key=lambda a: plot((me - 1) % n, a.plot))
        if decision == "drought":
            return min((a for a in legal if isinstance(a, DroughtOn)), key=lambda a: plot(me, a.plot))
        if decision == "rain":
            return max((a for a in legal if isinstance(a, RainOn)), key=lambda a: plot(me, a.plot)[1])
        if decision == "breeding":
            best = max(farm.plots, key=lambda v: v.count)
            breed = next((a for a in legal if isinstance(a, Breed) and a.product == best.product), None)
            return breed if breed is not None else legal[0]
        return passing if passing is not None else legal[0]  # shop: pass; shop-reply: refuse

    # -- planting -------------------------------------------------------------
    def _plant(self, obs: JalizObservation, legal: list[Action], decision: str) -> Action:
        farm = obs.farms[obs.player or 0]
        plants = [a for a in legal if isinstance(a, Plant)]
        done = next((a for a in legal if isinstance(a, Done)), None)
        if decision == "plant" and done is not None and obs.planted_this_step >= 1:
            # keep planting only onto plots that already grow that product
            good = [a for a in plants if farm.plots[a.plot - 1].product == a.product]
            return max(good, key=lambda a: farm.plots[a.plot - 1].count) if good else done
        if plants:
            def score(a: Plant) -> tuple[int, int]:
                plot = farm.plots[a.plot - 1]
                return (1 if plot.product == a.product else 0, plot.count)
            best = max(plants, key=score)
            if decision == "final-plant" and farm.plots[best.plot - 1].product != best.product:
                return done if done is not None else best
            return best
        harvests = [a for a in legal if isinstance(a, Harvest)]
        if harvests:  # plots full: sell the plot that pays most
            return max(harvests, key=lambda a: plot_value(*farm.plots[a.plot - 1][:3]))
        return done if done is not None else legal[0]

    def _good_harvest(self, obs: JalizObservation, legal: list[Action]) -> Action | None:
        farm = obs.farms[obs.player or 0]
        for a in legal:
            if isinstance(a, Harvest):
                p = farm.plots[a.plot - 1]
                if p.product and at_top(p.product, p.count, p.fertilizer):
                    return a
        return None

    def _buy(self, obs: JalizObservation, legal: list[Action]) -> Action | None:
        farm = obs.farms[obs.player or 0]
        for a in legal:
            if isinstance(a, Buy):
                if a.item == "plot" and farm.coins >= 4 and not obs.ending:
                    return a
                if a.item == "tractor" and farm.coins >= 5 and not obs.ending:
                    return a
        return None

    # -- market ---------------------------------------------------------------
    def _offer(self, obs: JalizObservation, legal: Sequence[Action]) -> Action:
        farm = obs.farms[obs.player or 0]
        mine = {p.product for p in farm.plots if p.product}
        hand = list(obs.hand or ())
        for card in sorted(set(obs.market)):
            if card in mine:
                # pay with one hand card that matches none of my plots
                spare = [c for c in hand if c not in mine]
                give = (spare[0],) if spare else ()
                offer = Offer((card,), give, (), ())
                if offer in legal:
                    return offer
        return Pass()

    def _respond(self, obs: JalizObservation, legal: list[Action]) -> Action:
        farm = obs.farms[obs.player or 0]
        mine = {p.product for p in farm.plots if p.product}
        empty = any(p.product is None for p in farm.plots)
        offers = dict(obs.offers)
        for a in legal:
            if isinstance(a, Accept):
                o = offers[a.buyer]
                if not any(c in mine for c in o.want) and len(o.give) + len(o.tokens) >= len(o.ask) + 1:
                    return a
        for a in legal:
            if isinstance(a, Keep) and (a.product in mine or empty):
                return a
        if any(isinstance(a, Refuse) for a in legal) and offers:
            return next(a for a in legal if isinstance(a, Refuse))
        gives = [a for a in legal if isinstance(a, Give)]
        if gives:
            # give to the player whose farm it fits worst (they may have to harvest early)
            def harm(a: Give) -> int:
                plots = obs.farms[a.player].plots
                return -sum(1 for p in plots if p.product in (None, a.product))
            return max(gives, key=harm)
        return next(a for a in legal if isinstance(a, Keep))
