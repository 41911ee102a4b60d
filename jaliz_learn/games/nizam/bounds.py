"""Bounds that follow from the rules of Nizam and Pearl of the East (declared in ``GameInfo``).

Each bound is derived from the card counts, not measured; the derivations are in the docstrings.

>>> nizam_max_decisions(1), nizam_max_decisions(5), nizam_max_score(5)
(294, 2754, 1520)
>>> pearl_max_decisions(2, 200), MAX_LEGAL_NIZAM, MAX_LEGAL_PEARL
(1606, 2401, 2464)
"""

from __future__ import annotations

from math import comb

from .data import ANY_PAYMENT, CELLS, COPIES_PER_KIND, KINDS, START_HAND, TASKS_PER_PLAYER

#: Gem cards that are not on the board (the board always holds 25 cards).
OFF_BOARD = len(KINDS) * COPIES_PER_KIND - CELLS
#: Move positions: 10 lines x 2 ends.
MOVE_POSITIONS = 20
#: Distinct payments of three cards of any kind (multisets of 3 from 8 kinds).
MAX_PAYMENTS = comb(len(KINDS) + ANY_PAYMENT - 1, ANY_PAYMENT)
#: The most legal actions of one Nizam decision: a draw (or ``score``) and every payment at every end.
MAX_LEGAL_NIZAM = MOVE_POSITIONS * MAX_PAYMENTS + 1
#: Pearl: the moves and at most 8 kinds the pearl may stand for, each with at most 8 tasks (one action per top card).
MAX_LEGAL_PEARL = MOVE_POSITIONS * MAX_PAYMENTS + len(KINDS) * TASKS_PER_PLAYER


def nizam_cards_taken(players: int) -> int:
    """Most cards a Nizam game can take from the deck (draws and refills).

    Every deck (the first one and each reshuffled discard pile) holds at most the 71 cards off the
    board and ends with a run-out; the game ends after the turn of the ``players``-th run-out, whose
    draw or refill takes at most 25 more cards (NIZ-END-01, NIZ-END-02).
    """
    return OFF_BOARD * players + CELLS


def nizam_max_moves(players: int) -> int:
    """Each move pays at least one card from hand, and hands only get the deal and drawn cards."""
    return START_HAND * players + nizam_cards_taken(players)


def nizam_max_decisions(players: int) -> int:
    """Moves, at most one ``score`` per move, draws that take a card, and draws that take none.

    A draw takes nothing only when the deck and the discard pile are empty, so the hands hold all 71
    cards off the board and some player has three or more: that player can move and may not draw
    (NIZ-DRAW-03), so at most ``players - 1`` empty draws come in a row between two moving turns.
    """
    moves = nizam_max_moves(players)
    return 2 * moves + nizam_cards_taken(players) + (players - 1) * (moves + 1)


def nizam_max_score(players: int) -> int:
    """Most victory points one player can score in a game.

    A run of length L scores 2L - 3 (3/5/7) and each extra run 1 (NIZ-SCORE-01, NIZ-SCORE-02), so a
    turn scores at most twice the cells of its runs; a cell lies in at most two runs (its row and its
    column), so a turn scores at most 4 points per card it removes, and every removed card is refilled
    from the deck (NIZ-SCORE-06).
    """
    return 4 * nizam_cards_taken(players)


def pearl_max_decisions(players: int, max_rounds: int) -> int:
    """Turns end with a draw or with ``end``; each move pays a card from the deal or from a draw (PRL-END-02)."""
    turns = max_rounds * players
    return 4 * turns + START_HAND * players
