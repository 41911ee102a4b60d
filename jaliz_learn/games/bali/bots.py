"""A greedy reference bot for ``bali`` and ``bali-tani``.

It reads only its :class:`~.view.BaliObservation` and values every legal action with a one-step
estimate in VP: offering cards at their current altar rank, a stone at ``STONE_VALUE`` VP, a card in
the display by the income it is expected to bring, the revealed card of a take by what it scores for
the bot minus the best opponent. With the expansion it builds a hut whenever it still has unbuilt
huts (unbuilt huts lose the game, TAN-END-01), returning its least valuable offering cards.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from jaliz_learn.core.bot import BaseBot

from . import data as D
from .actions import (
    AltarFromSupply,
    BuildHut,
    BuyOffering,
    ChooseTile,
    DiscardCard,
    Offer,
    PlayCards,
    ShrineReward,
    TakeCard,
)
from .view import BaliObservation

STONE_VALUE = 0.8
#: rough VP worth of one more card of each type in the display (future scoring income)
DISPLAY_VALUE = {"mason": 2.4, "priest": 3.2, "shrine": 2.0 * (D.SHRINE_END_VP + 1.0), "rice": 2.0, "peanut": 2.0,
                 "banana": 2.0, "pepper": 2.0}
HAND_VALUE = {"mason": 1.0, "priest": 1.2, "shrine": 1.5, "rice": 0.8, "peanut": 0.8, "banana": 0.8, "pepper": 0.8}
#: a hut left unbuilt loses the game, so building outweighs every other option
HUT_URGENCY = 50.0
#: while huts are unbuilt, a farmer in hand is worth this much more (it can become a hut)
FARMER_FOR_HUT = 2.0


class BaliGreedyBot(BaseBot):
    """One-step greedy play; ties broken by its own seeded random stream."""

    name = "greedy"

    def act(self, observation: Any, legal_actions: Sequence[Any]) -> Any:
        o: BaliObservation = observation
        values = self._kind_values(o)
        best, best_score = [], float("-inf")
        for action in legal_actions:
            score = self.value(o, action, values)
            if score > best_score + 1e-9:
                best, best_score = [action], score
            elif score > best_score - 1e-9:
                best.append(action)
        return best[self.rng.randrange(len(best))]

    # ---- estimates ------------------------------------------------------------------------
    @staticmethod
    def _kind_values(o: BaliObservation, extra: int | None = None) -> tuple[int, ...]:
        altar = list(o.altar_open)
        for k, n in enumerate(o.my_hidden_offerings):
            altar[k] += n
        if extra is not None:
            altar[extra] += 1
        return D.offering_values(altar)

    def _stock_value(self, o: BaliObservation, extra: int | None, removed: int | None) -> float:
        stock = list(o.stock or (0,) * D.NUM_KINDS)
        if removed is not None:
            stock[removed] -= 1
        values = self._kind_values(o, extra)
        return float(sum(v * n for v, n in zip(values, stock)))

    def _reveal_gain(self, o: BaliObservation, card: str, values: tuple[int, ...]) -> float:
        """What scoring ``card`` is worth to me minus the best opponent."""
        t = D.CARD_INDEX[card]
        counts = [d[t] for d in o.displays]
        best = max(counts)
        sole = counts.index(best) if best > 0 and counts.count(best) == 1 else -1
        gains = []
        for p, c in enumerate(counts):
            bonus = 1 if p == sole else 0
            if t == D.MASON:
                g = (c + bonus) * STONE_VALUE
            elif t in (D.PRIEST, D.SHRINE):
                g = float(c + bonus)
                if t == D.PRIEST and o.expansion and o.ganesha == p:
                    g += D.GANESHA_PRIEST_VP
            else:
                g = (min(c, 1) + bonus) * max(1.0, values[t - D.FARMER_BASE])
            gains.append(g)
        me = o.player if o.player is not None else 0
        others = [g for p, g in enumerate(gains) if p != me]
        return gains[me] - (max(others) if others else 0.0)

    def value(self, o: BaliObservation, action: Any, values: tuple[int, ...]) -> float:
        me = o.player if o.player is not None else 0
        stones = o.stones[me]
        hand = o.hand or ()
        if isinstance(action, BuyOffering):
            k = D.KIND_INDEX[action.offering]
            price = D.offering_price(D.OFFERING_BASE_PRICE, o.displays[me][D.FARMER_BASE + k])
            return values[k] - price * STONE_VALUE - 0.5
        if isinstance(action, PlayCards):
            cost = D.SHRINE_COST if action.card == "shrine" else 0
            keep = 0.0
            if action.card in D.KIND_INDEX:
                cost = D.FARMER_GROUP_COST[action.count]
                keep = FARMER_FOR_HUT * action.count if o.expansion and o.huts[me] else 0.0
            return DISPLAY_VALUE[action.card] * action.count - cost * STONE_VALUE - keep
        if isinstance(action, BuildHut):
            k = D.KIND_INDEX[action.area]
            lost = sum(values[D.KIND_INDEX[r]] for r in action.returned)
            bonus = 2.0
            if action.area == "pepper":
                bonus = D.PEPPER_BONUS_STONES * STONE_VALUE
            elif action.area == "banana":
                bonus = max((sum(o.displays[me][c] for c in D.BANANA_TILES[t]) for t in o.tiles), default=0)
            return HUT_URGENCY + bonus - lost - HAND_VALUE[D.KINDS[k]] - 0.1 * action.field
        if isinstance(action, ChooseTile):
            return float(sum(o.displays[me][c] for c in D.BANANA_TILES[action.tile]))
        if isinstance(action, DiscardCard):
            return -HAND_VALUE[action.card]
        if isinstance(action, Offer):
            k = D.KIND_INDEX[action.offering]
            return self._stock_value(o, k, k)
        if isinstance(action, AltarFromSupply):
            return self._stock_value(o, D.KIND_INDEX[action.offering], None)
        if isinstance(action, ShrineReward):
            want = max(0, D.SHRINE_COST - stones) if "shrine" in hand else 0
            return -abs(action.stones - want)
        if isinstance(action, TakeCard):
            col = o.square[action.column - 1]
            score = HAND_VALUE[col[-1]]
            if o.expansion and o.huts[me] and col[-1] in D.KIND_INDEX:
                score += FARMER_FOR_HUT
            if len(hand) + 1 >= D.HAND_SIZE and len(col) > 1:
                score += self._reveal_gain(o, col[-2], values)
            return score
        return 0.0  # SkipBuy
