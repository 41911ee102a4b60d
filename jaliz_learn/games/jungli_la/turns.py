"""The turn's phases, the end of the game and the score (JUN-TURN-*, JUN-END-*, JUN-SCORE-*).

A mixin of :class:`~.state.JungliLaState` (see the map in the package docstring).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .common import ADJUST, GOAL, MATERIALS_PHASE, OVER, ROLL
from .data import CARDS, PROFESSOR_POINTS, TREASURE_VALUES, TYPE_BONUS, WAGON_VP
from .position import JungliFields

if TYPE_CHECKING:  # pragma: no cover
    pass


class TurnRules(JungliFields):
    """The turn's phases, the end of the game and the score."""

    __slots__ = ()

    def _start_turn(self, p: int) -> None:
        """JUN-TURN-01: a new turn; JUN-GOAL-03 draw first for a player at the Goal (JUN-RUL-14)."""
        self.log.turn += 1
        self.current = p
        self.dice = [0] * 6
        self.n_dice = self.rerolls = self.paleo_used = 0
        self.moved = self.discovered = False
        if self.fresh:
            self.fresh = []
        self._turn = None  # the turn, the current player, the fresh cards
        self.goal_at_start = self.pos[p] == GOAL
        self.phase = ROLL
        self.log.add("turn", p, {"round": (self.log.turn - 1) // self.num_players + 1})
        if self.goal_at_start:
            self._draw(p, "turn")

    def _end_turn(self) -> None:
        """JUN-END-02: after the player to the right of the start player, the last round ends the game.
        JUN-RUL-09: the round-limit safeguard ends it the same way."""
        p = self.current
        if p == (self.start_player - 1) % self.num_players:
            if not self.end_triggered and self.round() >= self.max_rounds:
                self.end_triggered = True
                self.end_reason = "round-limit"
                self.log.add("round-limit", None, {"rounds": self.round()})
            if self.end_triggered:
                self.phase = OVER
                self._legal = ()
                self._tre = self._turn = self._tpl = None  # every hand is shown at the end
                self.log.add("game-end", None, {"scores": list(self.scores()), "reason": self.end_reason,
                                                "winners": list(self.standings().winners)})
                return
        self._start_turn((p + 1) % self.num_players)

    def _dice_set_aside(self) -> None:
        """All dice are set aside: on to the die changes (JUN-LET-03, JUN-CARD-06)."""
        self.phase = ADJUST

    def _dice_final(self) -> None:
        """End of the Dice phase: JUN-GOAL-04 Treasure Excavation, then the Materials phase."""
        if self.goal_at_start:
            sets = sum(c // 3 for c in self.dice)  # Move 1 and Move 2 are different faces
            if sets:
                self.log.add("excavation", self.current, {"sets": sets})
                for _ in range(sets):
                    self._draw(self.current, "excavation")
        self.phase = MATERIALS_PHASE

    def score_breakdown(self, p: int) -> dict[str, int]:
        """JUN-SCORE-01: the five sources of points (JUN-SCORE-02 type bonus, JUN-CARD-08 Professors).

        Queen and Noble only score their printed points (JUN-CARD-07)."""
        cards = self.cards[p]
        treasure = sum(TREASURE_VALUES[t] for t in self.treasures[p])
        items = {"F": self.materials[p][0], "W": self.materials[p][1], "T": self.materials[p][2],
                 "L": self.letters[p], "wagon": self.wagons[p], "treasure": len(self.treasures[p]),
                 "discovery": len(cards)}  # JUN-DATA-05: the Discovery Professor counts itself
        professor = 0
        for c in cards:
            eff = CARDS[c].effect
            if eff.startswith("prof:"):
                icon = eff[5:]
                professor += PROFESSOR_POINTS[icon] * items[icon]
        types = len({CARDS[c].type for c in cards})
        return {"discovery": sum(CARDS[c].vp for c in cards), "treasure": treasure,
                "wagon": WAGON_VP * self.wagons[p], "professor": professor,  # JUN-DATA-03 Wagon points
                "type_bonus": TYPE_BONUS.get(types, 0)}

    def scores(self) -> tuple[float, ...]:
        return tuple(float(sum(self.score_breakdown(p).values())) for p in range(self.num_players))

    def tiebreak(self, player: int) -> tuple[Any, ...]:
        """JUN-SCORE-03 most Treasure cards, JUN-SCORE-04 then fewest Treasure points (JUN-SCORE-05 else shared)."""
        t = self.treasures[player]
        return (len(t), -sum(TREASURE_VALUES[c] for c in t))
