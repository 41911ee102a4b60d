"""Declared bounds of Jungli-La (``GameInfo``): the longest game, the score range, the largest decision.

Every bound is derived from the rules and the card data, generously (each cost is counted as if the
player could pay all of them at once), so random and adversarial play both stay inside.

>>> max_decisions(100), max_legal_actions(), score_range()
(19500, 248, (0.0, 220.0))
"""

from __future__ import annotations

from .data import (
    BASE_LETTER_LIMIT,
    CARD_VIRTUAL,
    CARDS,
    COST_CANCEL,
    COST_CHANGE_FACE,
    COST_TREASURE,
    FACES,
    M1,
    MAX_DICE,
    MAX_REROLLS,
    MAX_WAGONS_PER_PLAYER,
    PROFESSOR_POINTS,
    TREASURE_VALUES,
    TYPE_BONUS,
    WAGON_LIMIT_BONUS,
    WAGON_VP,
)

MAX_PLAYERS = 5
#: The most Letters anybody holds (JUN-MAT-06 with two Wagons, JUN-CARD-09).
MAX_LETTERS = BASE_LETTER_LIMIT + WAGON_LIMIT_BONUS * MAX_WAGONS_PER_PLAYER
MAX_MATERIALS = MAX_LETTERS  # the material limit grows the same way (JUN-MAT-04)
#: The most materials one gain adds: ten dice on one material plus its virtual faces (JUN-MAT-02, JUN-CARD-04).
MAX_GAIN = MAX_DICE + max(sum(1 for f in CARD_VIRTUAL.values() if f == m) for m in (2, 3, 4))
PALEO_CARDS = sum(1 for c in CARDS.values() if c.effect == "paleo")
GEOGRAPHERS = sum(1 for f in CARD_VIRTUAL.values() if f == M1)


def decisions_per_turn() -> int:
    """The most decisions one turn can ask for: a roll, cancels and changes paid with every Letter held,
    both rerolls and the keep (JUN-DICE-*, JUN-LET-02/03), the Paleontologist and done, the materials
    choice, a discard per material above the limit (JUN-MAT-04), then move, one Discovery action,
    Treasure bought with every Letter (JUN-LET-06) and the end of the turn."""
    dice = 1 + MAX_LETTERS // COST_CANCEL + MAX_REROLLS + 1
    adjust = MAX_LETTERS // COST_CHANGE_FACE + PALEO_CARDS + 1
    explore = 1 + 1 + MAX_LETTERS // COST_TREASURE + 1
    return dice + adjust + 1 + MAX_GAIN + explore


def max_decisions(max_rounds: int, players: int = MAX_PLAYERS) -> int:
    """The longest game: the round-limit safeguard (JUN-RUL-09) times the players times the longest turn."""
    return max_rounds * players * decisions_per_turn()


def max_legal_actions() -> int:
    """The largest decision: the Movement/Discovery phase with every Remote discovery and Exchange open.

    Moves: the dice total plus up to one step per Geographer; Remote: one per free track card ``t``;
    Exchange: each of the ``g`` cards held for each free card, with ``g + t`` at most 30; plus discover,
    Wagon, Treasure and end. (Changing dice offers at most 2 x 6 x 5 + 1 = 61.)"""
    n = len(CARDS)
    exchange_remote = max(t * (n - t + 1) for t in range(n + 1))  # t remotes + g * t exchanges, g = n - t
    change = 2 * len(FACES) * (len(FACES) - 1) + 1
    return max(1 + GEOGRAPHERS + 1 + exchange_remote + 3, change)


def score_range() -> tuple[float, float]:
    """Scores never go below 0; above, at most every Discovery card's points, every Treasure card, two
    Wagons, each Professor at its most (JUN-CARD-08) and the largest type bonus (JUN-SCORE-02)."""
    most = {"F": MAX_MATERIALS, "W": 0, "T": 0,  # F + W + T together stay within the material limit
            "L": MAX_LETTERS, "wagon": MAX_WAGONS_PER_PLAYER, "treasure": len(TREASURE_VALUES),
            "discovery": len(CARDS)}
    professors = sum(PROFESSOR_POINTS[icon] * most[icon] for icon in most)
    high = (sum(c.vp for c in CARDS.values()) + sum(TREASURE_VALUES) + WAGON_VP * MAX_WAGONS_PER_PLAYER
            + professors + max(TYPE_BONUS.values()))
    return (0.0, float(high))
