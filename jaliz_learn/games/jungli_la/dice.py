"""The dice: rolling, rerolling, cancelling and changing faces (JUN-DICE-*, JUN-LET-01..03, JUN-CARD-01..06).

A mixin of :class:`~.state.JungliLaState` (see the map in the package docstring).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from . import actions as A
from .common import REROLL
from .data import BASE_DICE, COST_ADD_DIE, COST_CANCEL, COST_CHANGE_FACE, FACE_INDEX, FACES
from .position import JungliFields

if TYPE_CHECKING:  # pragma: no cover
    pass


class DiceRules(JungliFields):
    """The dice: rolling, rerolling, cancelling and changing faces."""

    __slots__ = ()

    def _roll(self, k: int) -> list[int]:
        """Roll ``k`` dice through the state's Rng (or the forced faces) and add them to the dice."""
        forced = self.forced_dice
        if forced:
            out = [forced.pop(0) if forced else self.rng.randrange(6) for _ in range(k)]
        else:  # the usual case: all dice in one call (the same draws as one randrange(6) per die)
            out = self.rng.randranges(6, k)
        dice = self.dice
        for f in out:
            dice[f] += 1
        return out

    def _do_roll(self, p: int, spec: A.Spec, extra: Mapping[str, Any]) -> None:  # JUN-DICE-01, JUN-LET-01, JUN-RUL-02
        """JUN-DICE-01: roll four dice, plus dice added by cards or bought for a Letter each (JUN-LET-01), ten at
        most; JUN-RUL-02: the number of dice is named before rolling."""
        n = spec[1]
        paid = max(0, n - BASE_DICE - (self._perks or self._perk_table())[p].dice) * COST_ADD_DIE
        if paid:
            self.letters[p] -= paid
            self._lets = None
        self.n_dice = n
        new = self._roll(n)
        self.log.add("roll", p, {"dice": n, "paid": paid, "faces": list(map(FACES.__getitem__, new)), **extra})
        self.phase = REROLL

    def _do_reroll(self, p: int, spec: A.Spec, extra: Mapping[str, Any]) -> None:  # JUN-DICE-02..05
        faces = spec[1]
        dice = self.dice
        for f in faces:
            dice[FACE_INDEX[f]] -= 1
        new = self._roll(len(faces))
        self.rerolls += 1
        self.log.add("reroll", p, {"faces": list(faces), "new": list(map(FACES.__getitem__, new)),
                                   "rerolls": self.rerolls, **extra})

    def _do_keep(self, p: int, spec: A.Spec, extra: Mapping[str, Any]) -> None:
        self.log.add("keep", p, {"faces": self.dice_faces(), **extra})
        self._dice_set_aside()

    def _do_cancel(self, p: int, spec: A.Spec, extra: Mapping[str, Any]) -> None:
        """JUN-LET-02, JUN-RUL-03: all dice again, Letters included."""
        self.letters[p] -= COST_CANCEL
        self._lets = None
        self.dice = [0] * 6
        new = self._roll(self.n_dice)
        self.log.add("cancel", p, {"faces": list(map(FACES.__getitem__, new)), **extra})

    def _do_change(self, p: int, spec: A.Spec, extra: Mapping[str, Any]) -> None:  # JUN-LET-03, JUN-CARD-06
        cls, old, new = spec
        if cls is A.ChangeFace:
            self.letters[p] -= COST_CHANGE_FACE
            self._lets = None
        else:
            self.paleo_used += 1
            self._turn = None  # Paleontologists left
        self.dice[FACE_INDEX[old]] -= 1
        self.dice[FACE_INDEX[new]] += 1
        self.log.add(cls.kind, p, {"old": old, "new": new, **extra})

    def _do_done(self, p: int, spec: A.Spec, extra: Mapping[str, Any]) -> None:
        self.log.add("done", p, {"faces": self.dice_faces(), **extra})
        self._dice_final()
