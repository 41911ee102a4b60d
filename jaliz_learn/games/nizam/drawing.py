"""Drawing cards: three cards a turn, the deck, its reshuffles and run-outs (NIZ-DRAW-*, PRL-DRAW-*).

A mixin of :class:`~.state.BaseState` (see the map in the package docstring).
"""

from __future__ import annotations

from ...core.rules import Refusal
from .data import DRAW_COUNT
from .moves import (
    _pile_letters,
    empty_counts,
)
from .position import NizamFields


class DrawingRules(NizamFields):
    """Drawing cards: three cards a turn, the deck, its reshuffles and run-outs."""

    __slots__ = ()

    def draw_problem(self, player: int, moves: int | None = None) -> Refusal | None:
        """NIZ-DRAW-03 / PRL-DRAW-03: with the deck and the discard pile empty, only a player who cannot move
        draws (nothing); NIZ-SOLO-02: a solo draw never takes the hand past its limit. ``moves``: the number of
        legal moves, when the caller knows it."""
        if self.hand_limit is not None and sum(self.hands[player].values()) + DRAW_COUNT > self.hand_limit:
            return "NIZ-SOLO-02", f"drawing three would exceed the hand limit of {self.hand_limit}"
        if self.deck or any(self.discard.values()):
            return None
        if moves is None:
            moves = sum(map(len, self.move_pays(player)))
        if moves:
            return self.rule("DRAW-03"), "the deck and the discard pile are empty and you can move"
        return None

    def _draw_action(self, player: int) -> None:
        """NIZ-DRAW-01 / PRL-DRAW-01: take the top three cards; the turn passes."""
        cards = self.take_cards(DRAW_COUNT, secret=True)
        hand = self.hands[player]
        for c in cards:
            hand[c] += 1
        self._drew(player, cards)
        self.idle_draws = 0 if cards else self.idle_draws + 1
        self.log.add("draw", player, {"count": len(cards)}, secret={"cards": "".join(cards)}, visible_to=(player,))
        self.end_turn()

    def take_cards(self, count: int, secret: bool = False) -> list[str]:
        """Take up to ``count`` cards from the top of the deck, reshuffling as needed.

        When the deck runs out the discard pile is shuffled into a new deck (:meth:`reshuffle`).
        NIZ-END-02: the deck "runs out" when its last card is taken
        (counted once, even if the discard pile is empty then; Pearl counts the same way, for display).
        If the deck is empty and the
        discard pile too, fewer cards are taken (NIZ-DRAW-03 / PRL-DRAW-03). ``secret``: a draw,
        whose cards only the drawer sees (the deck's content is then no longer public).
        """
        deck = self.deck
        if 0 < count < len(deck):
            # the common case, the deck does not run out: one slice, top (last) card first
            out = deck[:-count - 1:-1]
            del deck[-count:]
            if secret:
                self.deck_public = False
            return out
        out = []
        for _ in range(count):
            if not deck and not self.reshuffle():
                break
            out.append(deck.pop())
            if secret:
                self.deck_public = False
            if not deck:
                self.runouts += 1
                self.log.add("deck-out", None, {"times": self.runouts})
                self.reshuffle()
        return out

    def reshuffle(self) -> bool:
        """NIZ-DRAW-02 / PRL-DRAW-02: shuffle the discard pile into a new deck; False if it is empty."""
        # the pile's letters (kept, or built from the counts, which keep KINDS order) list its cards in that order
        pile = self._dtext
        cards = list(pile if pile is not None else _pile_letters(tuple(self.discard.values())))
        if not cards:
            return False
        self.rng.shuffle(cards)
        self.deck[:0] = cards
        self.deck_public = True  # the deck was empty: it is now exactly the face-up discard pile
        self.discard = empty_counts()
        self._dtext = None
        self.log.add("reshuffle", None, {"cards": len(cards)})
        return True
