"""A move: pay for it, then slide a line by one card (NIZ-MOVE-*, PRL-MOVE-*; NIZ-SCORE-03's turn tracking).

A mixin of :class:`~.state.BaseState` (see the map in the package docstring). The rule reads top to bottom; the
copies of the position that other code keeps for speed (the hands' and the pile's letters, the board's text and
lines) are brought up to date by :class:`~.position.NizamFields`' bookkeeping steps, named where they run.
"""

from __future__ import annotations

from operator import ne, or_

from . import board as B
from .actions import Move
from .moves import MOVE_PAIRS
from .position import NizamFields


class MovingRules(NizamFields):
    """A move: pay for it, then slide a line by one card."""

    __slots__ = ()

    def move(self, player: int, move: Move) -> None:
        """NIZ-MOVE-01, NIZ-MOVE-02, NIZ-MOVE-03 / PRL-MOVE-01, PRL-MOVE-02, PRL-MOVE-03, PRL-MOVE-06: the player
        pays the move's card(s) onto the discard pile and slides the line one step from the chosen end; a turn may
        have any number of moves."""
        self.pay_cards(player, move.pay)
        if self.tracks_changes and self.moves_made == 0:
            self.remember_start_of_turn()
        line, first = MOVE_PAIRS[(move.line, move.end)]
        B.slide(self.board, line, first)  # NIZ-MOVE-01: the end card goes round to the other end
        self._board_changed()
        if self.tracks_changes:
            self.mark_changed_lines()
        self.idle_draws = 0
        self.moves_made += 1  # NIZ-MOVE-02 / PRL-MOVE-02: any number of moves per turn
        self.log.add("move", player, {"line": move.line, "end": move.end, "pay": move.pay})

    def pay_cards(self, player: int, cards: str) -> None:
        """NIZ-MOVE-03 / PRL-MOVE-03: the cards paid for a move go from the hand onto the discard pile."""
        hand, discard = self.hands[player], self.discard
        for card in cards:
            hand[card] -= 1
            discard[card] += 1
        self._paid(player, cards)

    def remember_start_of_turn(self) -> None:
        """NIZ-SCORE-03: before the turn's first move, note every line's combination as the turn begins."""
        sigs = self._sigs  # the combinations of the board as the last change left it, when known
        self.start_sigs = list(sigs) if sigs is not None else list(map(B.signature, self.board_lines()))
        self.changed = [False] * len(self.start_sigs)

    def mark_changed_lines(self) -> None:
        """NIZ-SCORE-03: a line is marked once its combination (kind and count) differs from the turn's start."""
        self._sigs = sigs = tuple(map(B.signature, self._lns))
        # most moves leave every combination as the turn began: then no line is newly marked
        self._marked = marked = list(sigs) != self.start_sigs
        if marked:
            self.changed[:] = map(or_, self.changed, map(ne, sigs, self.start_sigs))
