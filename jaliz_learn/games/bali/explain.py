"""Why an action is illegal: the exact rule, for error messages that teach.

Only called when an action is not among the legal actions, so it may be slow and thorough.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from jaliz_learn.core.actions import Action
from jaliz_learn.core.errors import IllegalAction, RuleViolation, WrongPhase

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
    SkipBuy,
    TakeCard,
)

if TYPE_CHECKING:  # pragma: no cover
    from .state import BaliState

#: decisions and the rule that governs each (used in error messages)
DECISION_RULE = {
    "buy": "BAL-BUY-01", "play": "BAL-PLAY-01", "banana-tile": "TAN-BONUS-01", "offer": "BAL-OFFER-01",
    "offer-hidden": "BAL-OFFER-02", "offer-supply": "BAL-OFFER-03", "take": "BAL-TAKE-01",
    "shrine-reward": "BAL-SCORE-04",
}
#: which action class belongs to which decision
DECISION_ACTIONS: dict[str, tuple[type[Action], ...]] = {
    "buy": (BuyOffering, SkipBuy), "play": (PlayCards, DiscardCard, BuildHut), "banana-tile": (ChooseTile,),
    "offer": (Offer,), "offer-hidden": (Offer,), "offer-supply": (AltarFromSupply,), "take": (TakeCard,),
    "shrine-reward": (ShrineReward,),
}


def explain(state: BaliState, player: int, action: Action) -> IllegalAction:
    """The :class:`IllegalAction` saying which rule forbids ``action`` for ``player`` now."""
    decision = state.decision()
    allowed = state.legal_actions(player)

    def fail(reason: str, rule: str, cls: type[IllegalAction] = RuleViolation) -> IllegalAction:
        return cls(reason, rule=rule, action=action, player=player, decision=decision, allowed=allowed)

    if not isinstance(action, DECISION_ACTIONS.get(decision, ())):
        return fail(f"now is the '{decision}' decision, not a '{action.kind}' action", DECISION_RULE[decision],
                    WrongPhase)
    reason = _reason(state, player, action, decision)
    return fail(*reason)


def _reason(state: BaliState, p: int, action: Action, decision: str) -> tuple[str, str]:
    hand = Counter(state.hands[p])
    stones = state.stones[p]
    if isinstance(action, BuyOffering):
        k = D.KIND_INDEX.get(action.offering)
        if k is None:
            return f"{action.offering!r} is not an offering kind", "BAL-BUY-01"
        if not state.supply[k]:
            return f"the {action.offering} supply pile is empty", "BAL-SCORE-06"
        price = D.offering_price(D.OFFERING_BASE_PRICE, state.displays[p][D.FARMER_BASE + k])
        return f"a {action.offering} card costs {price} stones and you have {stones}", "BAL-BUY-02"
    if isinstance(action, PlayCards):
        card = D.CARD_INDEX.get(action.card)
        if card is None:
            return f"{action.card!r} is not a card", "BAL-PLAY-01"
        if card < D.FARMER_BASE and action.count != 1:
            return "a stonemason, priest or shrine is played alone", "BAL-PLAY-02"
        if card >= D.FARMER_BASE and not 1 <= action.count <= D.MAX_FARMER_GROUP:
            return "play 1, 2 or 3 farmers of one kind", "BAL-PLAY-04"
        if hand[card] < action.count:
            return f"your hand holds {hand[card]} {D.CARD_TITLES[card]} card(s)", "BAL-PLAY-01"
        if card == D.SHRINE:
            return f"a shrine costs {D.SHRINE_COST} stones and you have {stones}", "BAL-PLAY-03"
        return (f"{action.count} farmers cost {D.FARMER_GROUP_COST[action.count]} stones and you have {stones}",
                "BAL-PLAY-04")
    if isinstance(action, DiscardCard):
        if any(not isinstance(a, DiscardCard) for a in state.legal_actions(p)):
            return "you may only discard when you cannot play any option", "BAL-PLAY-06"
        return f"your hand holds no {action.card}", "BAL-PLAY-06"
    if isinstance(action, BuildHut):
        return _build_reason(state, p, action, hand)
    if isinstance(action, ChooseTile):
        return f"the tile {action.tile!r} is not available (left: {', '.join(state.tiles)})", "TAN-BONUS-01"
    if isinstance(action, Offer):
        rule = "BAL-OFFER-01" if decision == "offer" else "BAL-OFFER-02"
        return f"your offering stock holds no {action.offering} card", rule
    if isinstance(action, AltarFromSupply):
        k = D.KIND_INDEX.get(action.offering)
        if k is None:
            return f"{action.offering!r} is not an offering kind", "BAL-OFFER-03"
        return f"the {action.offering} supply pile is empty", "BAL-SCORE-06"
    if isinstance(action, ShrineReward):
        units = state.reward_queue[0][1]
        return f"split exactly {units} unit(s) into VP and stones, each at least 0", "BAL-SCORE-04"
    # TakeCard
    return f"choose a column from 1 to {D.COLUMNS}", "BAL-TAKE-01"


def _build_reason(state: BaliState, p: int, action: BuildHut, hand: Counter[int]) -> tuple[str, str]:
    k = D.KIND_INDEX.get(action.area)
    if k is None:
        return f"{action.area!r} is not an area of the village", "TAN-SETUP-02"
    if not state.huts[p]:
        return "you have built all your huts", "TAN-SETUP-03"
    if not hand[D.FARMER_BASE + k]:
        return f"building in the {action.area} area needs a {action.area} farmer in your hand", "TAN-BUILD-02"
    if not 1 <= action.field <= D.FIELDS_PER_AREA or len(action.returned) != action.field:
        return ("return 1, 2 or 3 offering cards; their number is the field "
                f"(you named field {action.field} and {len(action.returned)} card(s))", "TAN-BUILD-03")
    if state.village[k][action.field - 1] >= 0:
        return f"field {action.field} of the {action.area} area already holds a hut", "TAN-BUILD-04"
    need = Counter(action.returned)
    stock = state.stocks[p]
    for name, n in need.items():
        if name not in D.KIND_INDEX or stock[D.KIND_INDEX[name]] < n:
            return f"your offering stock does not hold {n} {name} card(s)", "TAN-BUILD-03"
    return "list the returned kinds in alphabetical order, e.g. 'pepper+rice'", "TAN-BUILD-03"
