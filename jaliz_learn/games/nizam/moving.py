"""A move: pay for it, then slide a line by one card (NIZ-MOVE-*, PRL-MOVE-*; NIZ-SCORE-03's turn tracking).

A mixin of :class:`~.state.BaseState` (see the map in the package docstring). The rule reads top to bottom; the
copies of the position that other code keeps for speed (the hands' and the pile's letters, the board's text and
lines) are brought up to date by :class:`~.position.NizamFields`' bookkeeping steps, named where they run.
"""

from __future__ import annotations

from operator import ne, or_

from ...core.actions import Action
from ...core.rules import Refusal
from . import board as B
from .actions import Draw, Move
from .data import ANY_PAYMENT, PEARL
from .moves import MOVE_PAIRS, counts_text
from .position import NizamFields


class MovingRules(NizamFields):
    """A move: pay for it, then slide a line by one card."""

    __slots__ = ()

    def turn_problem(self, action: Action) -> Refusal | None:
        """NIZ-TURN-01 / PRL-TURN-01: a turn is a draw or moves, never both (a draw only before the first move);
        NIZ-MOVE-05 / PRL-MOVE-05: the moves end only after at least one move."""
        if isinstance(action, Draw):
            if self.moves_made:
                return self.rule("TURN-01"), "a turn is either a draw or moves; you have already moved"
        elif isinstance(action, self.end_type):
            if self.moves_made == 0:
                return self.rule("MOVE-05"), "you can end the moves only after at least one move"
        elif not isinstance(action, Move):
            return self.rule("TURN-01"), f"{type(action).__name__} is not an action of {self.game.info.title}"
        return None

    def payment_problem(self, player: int, move: Move) -> Refusal | None:
        """NIZ-MOVE-03 / PRL-MOVE-03: a move is paid with the end card's kind, or with three cards of any kind
        held in hand (sorted, NIZ-MOVE-04) when the hand has none or the end card is the pearl (PRL-MOVE-06)."""
        pair = MOVE_PAIRS.get((move.line, move.end))
        if pair is None:
            return self.rule("MOVE-01"), f"there is no line end {move.line} {move.end}"
        hand = self.hands[player]
        k = self.board[B.end_cell(*pair)]
        pay = move.pay
        if k == PEARL and len(pay) != ANY_PAYMENT:
            return "PRL-MOVE-06", "a line that begins with the pearl costs three cards of any kind"
        if len(pay) == 1:
            if pay != k:
                return self.rule("MOVE-01"), f"the end card is {k}; pay a {k} (or three cards if you hold no {k})"
            if not hand.get(k):
                return self.rule("MOVE-01"), f"you hold no {k}; pay three cards of any kind instead"
            return None
        if len(pay) != ANY_PAYMENT:
            return self.rule("MOVE-03"), "a payment is one card or three cards"
        if k != PEARL and hand.get(k):
            return self.rule("MOVE-04"), f"you hold a {k}, so the move costs that card, not three"
        if "".join(sorted(pay)) != pay:
            return self.rule("MOVE-04"), f"write the three cards sorted: {''.join(sorted(pay))}"
        if any(pay.count(c) > hand.get(c, 0) for c in set(pay)):
            return self.rule("MOVE-03"), f"your hand {counts_text(hand) or '(empty)'} does not hold {pay}"
        return None

    def move(self, player: int, move: Move) -> None:
        """NIZ-MOVE-01 / PRL-MOVE-01: the player pays the move's card(s) onto the discard pile and slides the line
        one step from the chosen end; NIZ-MOVE-02 / PRL-MOVE-02: a turn may have any number of moves."""
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
