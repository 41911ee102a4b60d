"""Card data of Nizam and Pearl of the East (one table, every value marked).

Status of each value: ``sourced`` (printed in the rulebook, seeds/002), ``inferred``
(follows from sourced values) or ``proposed`` (our choice; see docs/rulings/nizam.md).

>>> len(KINDS), COPIES_PER_KIND, len(KINDS) * COPIES_PER_KIND
(8, 12, 96)
>>> RUN_POINTS[4]
5
"""

from __future__ import annotations

from typing import Final

#: The eight gem kinds, written as letters on boards and in notation.
#: Eight kinds: sourced (Components 1). Letters: proposed (the rulebook names no kinds).
KINDS: Final[tuple[str, ...]] = ("A", "B", "C", "D", "E", "F", "G", "H")

#: Display names for the letters (proposed: the rulebook does not name the gems).
KIND_NAMES: Final[dict[str, str]] = {
    "A": "amber", "B": "beryl", "C": "coral", "D": "diamond",
    "E": "emerald", "F": "fire opal", "G": "garnet", "H": "heliotrope",
}

#: The pearl card of Pearl of the East (sourced: Components 2). Letter "P": proposed.
PEARL: Final[str] = "P"

#: Copies of each gem kind (sourced: "96 gem cards (12 cards each of eight kinds)").
COPIES_PER_KIND: Final[int] = 12

#: The board is a 5x5 square (sourced: Setup).
SIDE: Final[int] = 5
CELLS: Final[int] = SIDE * SIDE

#: Cards dealt to each player at setup (sourced: "Each player receives 3 random gem cards").
START_HAND: Final[int] = 3

#: Cards taken by the draw action (sourced: "takes the top three cards").
DRAW_COUNT: Final[int] = 3

#: Cards of any kind paid for a move without a matching card (sourced: "three cards of ANY kind").
ANY_PAYMENT: Final[int] = 3

#: Points for a combination by its length (sourced: 3 cards 3 VP, 4 cards 5 VP, 5 cards 7 VP).
RUN_POINTS: Final[dict[int, int]] = {3: 3, 4: 5, 5: 7}

#: Shortest combination (sourced: "three or more identical gems").
MIN_RUN: Final[int] = 3

#: Bonus per additional combination assembled in the same turn (sourced: "1 VP for each additional").
EXTRA_COMBINATION_POINTS: Final[int] = 1

#: Solo hand limit (sourced: "no more than nine cards").
SOLO_HAND_LIMIT: Final[int] = 9

#: Pearl of the East: board cards per kind (sourced: "24 more gem cards ... three cards of each kind").
PEARL_BOARD_PER_KIND: Final[int] = 3

#: Pearl of the East: task cards per player, one of each kind (sourced: "8 gem cards (one card of each kind)").
TASKS_PER_PLAYER: Final[int] = len(KINDS)

#: Pearl of the East safeguard: the game also ends after this many rounds (one turn of each player)
#: (proposed ruling PRL-END-02; the rulebook has no limit, and mutual blocking can stall a game forever).
#: Greedy bots finish in about 20-65 rounds, random bots in about 50-420.
PEARL_DEFAULT_MAX_ROUNDS: Final[int] = 200
