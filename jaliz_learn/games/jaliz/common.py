"""What the rules modules of Jaliz share: phase names, the observation's dirty bits, card-count helpers.

A Jaliz position counts cards by product number (a hand is a list of 19 counts; products 6-18 are used).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import compress as _compress

from ...core.rules import Refusal as _Refusal

# Phases (where the turn is); the decision kind is derived from the phase and pending plantings.
PLANT_PHASE = "plant"
CLAIM_PHASE = "claim"
OFFER_PHASE = "offer"
RESPOND_PHASE = "respond"
FINAL_PHASE = "final-plant"
OVER = "game-over"

# Parts of the observations' public part rebuilt only when marked changed (JalizState._dirty; observation.py)
DIRTY_CONST = 1     # game name, player count, parameters: once
DIRTY_OFFERS = 2    # the open offers
DIRTY_BURNED = 4    # the face-up burned pile
DIRTY_SUPPLY = 8    # third plots, tractors, fertilizers left
DIRTY_EXTRAS = 16   # mode extras (advanced: the event deck, current event, tokens, Shopping Day proposal)
DIRTY_TURN = 32     # turn number, active player, offer round, deck size and run-outs, ending (a few times a turn)
ALL_DIRTY = 63
_MARKET_PHASES = frozenset((OFFER_PHASE, RESPOND_PHASE, CLAIM_PHASE))
_PRODUCT_RANGE = range(19)  # product numbers index the count lists (0-5 unused, always 0)

#: Why an action is refused: ``(rule ID, reason)`` (:data:`jaliz_learn.core.rules.Refusal`). A rule's check returns
#: one, or ``None`` when the action is allowed; the legal actions and ``explain_illegal`` ask the same check.
Refusal = _Refusal

def sorted_cards(counts: Sequence[int]) -> list[int]:
    """The cards counted by product number in ``counts`` (a hand, or what is known of one), as a sorted list.

    >>> sorted_cards([0] * 7 + [2, 0, 1] + [0] * 9)
    [7, 7, 9]
    """
    out: list[int] = []
    for c in _compress(_PRODUCT_RANGE, counts):  # C-level skip of the zero counts (most of the 19)
        out += [c] * counts[c]
    return out


def _forget(known: list[int], cards: Sequence[int]) -> None:
    """Cards left a hand publicly: as many fewer are known to be there (never below zero)."""
    for c in cards:
        if known[c]:
            known[c] -= 1


