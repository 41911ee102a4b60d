"""The turn, the deck, the end of the game and the score.

A turn starts with planting (JAL-TURN-01, JAL-PLANT-03); the deck runs out three times and the game
ends (JAL-END-01/02, JAL-R-RUNOUT); final planting and harvest (JAL-END-03/04/05); the score and its
tiebreak (JAL-END-05/06).

A mixin of :class:`~.state.JalizState` (see the map in the package docstring).
"""

from __future__ import annotations

from . import data as D
from .common import ALL_DIRTY, DIRTY_BURNED, DIRTY_TURN, FINAL_PHASE, OVER, PLANT_PHASE
from .position import JalizFields


class TurnRules(JalizFields):
    """The turn, the deck, the end of the game and the score."""

    __slots__ = ()

    # ----------------------------------------------------------- turn flow
    def _start_turn(self) -> None:
        """JAL-TURN-01: a turn begins with planting (skipped with an empty hand, JAL-PLANT-03)."""
        self.log.turn += 1
        self._dirty |= DIRTY_TURN
        self.log.add("turn", self.active, {"turn": self.log.turn})
        self.phase = PLANT_PHASE
        self.planted = 0
        if not any(self.players[self.active].hand):  # an empty hand (hand_size == 0 without the property)
            self.log.add("skip-plant", self.active, {"reason": "empty hand"})
            self._start_market()

    def settle_position(self) -> None:
        """Run automatic steps a scenario position may start in (an empty hand skips planting, JAL-PLANT-03)."""
        self._version += 1
        self._dirty = ALL_DIRTY
        self._touch(*range(self.num_players))
        if self.phase == PLANT_PHASE and not self.pending and self.planted == 0 and \
                self.players[self.active].hand_size == 0:
            self.log.add("skip-plant", self.active, {"reason": "empty hand"})
            self._start_market()
        self._settle()

    # ---------------------------------------------------------------- deck
    def _draw(self, k: int) -> list[int]:
        """Draw up to ``k`` cards (JAL-END-01/02, JAL-R-RUNOUT: an empty deck is a run-out).
        JAL-END-02: the third run-out ends the game."""
        out: list[int] = []
        self._dirty |= DIRTY_TURN  # the deck size
        for _ in range(k):
            if not self.deck:
                if self.ending:
                    break
                self.exhaustions += 1
                self.log.add("deck-ran-out", None, {"times": self.exhaustions})
                if self.exhaustions >= D.DECK_PASSES:   # JAL-END-02
                    self.ending = True
                    self._touch_supplies()  # JAL-R-NOCARDS-LATE: no more buying cards
                    self.log.add("game-end", None, {"reason": "the product deck ran out for the third time"})
                    break
                self.deck = self.burned                 # JAL-END-01
                self.burned = []
                self._dirty |= DIRTY_BURNED
                self.rng.shuffle(self.deck)
                self.log.add("reshuffle", None, {"cards": len(self.deck)})
                if not self.deck:  # JAL-R-RUNOUT: nothing is drawn this time; the next draw counts again
                    break
            out.append(self.deck.pop())
        return out

    def _draw_to_hand(self, p: int, k: int, why: str) -> None:
        self._touch_hand(p)
        cards = self._draw(k)
        hand = self.players[p].hand
        for c in cards:
            hand[c] += 1
        self.log.add("draw", p, {"count": len(cards), "why": why}, secret={"cards": sorted(cards)}, visible_to=(p,))

    # ------------------------------------------------------------ the end
    def _start_final(self) -> None:
        """JAL-END-03, JAL-R-FINALORDER: final planting in seat order from the active player."""
        self.market = []
        self.phase = FINAL_PHASE
        self.planted = 0
        self.final_queue = [(self.active + i) % self.num_players for i in range(self.num_players)]
        self.log.add("final-planting", None, {"order": list(self.final_queue)})

    def _done(self, p: int) -> None:
        """JAL-PLANT-01: planting stops after the first card (the market begins); JAL-END-03: a player's final
        planting is over (the next player's begins)."""
        self.log.add("done", p, {})
        if self.phase == PLANT_PHASE:
            self._start_market()
        else:
            self._next_final()

    def _next_final(self) -> None:
        self.final_queue.pop(0)
        self.planted = 0
        if not self.final_queue:
            self._final_harvest()

    def _final_harvest(self) -> None:
        """JAL-END-04/05: harvest every plot; fertilizer is burned (no value)."""
        for p, pl in enumerate(self.players):
            for i in range(len(pl.plot_count)):
                if pl.plot_count[i]:
                    self._harvest(p, i)
        self.phase = OVER
        out = self.standings()
        self.log.add("final-score", None, {"scores": list(out.scores), "winners": list(out.winners)})

    # ------------------------------------------------------------- scoring
    def scores(self) -> tuple[float, ...]:
        """JAL-END-05: coins + 2 for a third plot + 1 for a tractor (tokens worth nothing, JAL-CREDIT-04)."""
        return tuple(self.score_of(p) for p in range(self.num_players))

    def score_of(self, p: int) -> int:
        pl = self.players[p]
        return (len(pl.coins) + (D.THIRD_PLOT_VALUE if pl.third_plot else 0)
                + (D.TRACTOR_VALUE if pl.tractor else 0))

    def tiebreak(self, player: int) -> tuple[int, ...]:
        """JAL-END-06: a third plot first, then coins spent on tractor and fertilizer."""
        pl = self.players[player]
        return (int(pl.third_plot), pl.spent_equipment)

    def card_total(self) -> int:
        """Cards in every zone together (conservation check for tests)."""
        total = len(self.deck) + len(self.burned) + len(self.market) + sum(len(c) for _, c in self.pending)
        for pl in self.players:
            total += pl.hand_size + sum(pl.plot_count) + len(pl.coins)
        return total
