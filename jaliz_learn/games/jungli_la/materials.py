"""Materials: gaining with the dice, resting, the carrying limit (JUN-MAT-*).

A mixin of :class:`~.state.JungliLaState` (see the map in the package docstring).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from . import actions as A
from .common import _MAT_INDEX, DISCARD, EXPLORE
from .data import LETTER, REST_LETTERS
from .position import JungliFields

if TYPE_CHECKING:  # pragma: no cover
    pass


class MaterialRules(JungliFields):
    """Materials: gaining with the dice, resting, the carrying limit."""

    __slots__ = ()

    def _do_gain(self, p: int, spec: A.Spec, extra: Mapping[str, Any]) -> None:
        """JUN-MAT-01: gain (rather than rest): JUN-MAT-03 one token of each material type showing, or the materials of
        one type (JUN-MAT-02); then JUN-MAT-05: one Letter. Virtual faces count."""
        what = spec[1]
        v = (self._perks or self._perk_table())[p].virtual
        dice = self.dice
        mats = self.materials[p]
        gained = [0, 0, 0]
        if what == "each":
            for i in range(3):
                if dice[2 + i] + v[2 + i]:
                    gained[i] = 1
        else:
            i = _MAT_INDEX[what]
            gained[i] = dice[2 + i] + v[2 + i]
        for i in range(3):
            mats[i] += gained[i]
        self._mats = None
        letter = self._add_letters(p, 1) if dice[LETTER] + v[LETTER] else 0
        self.log.add("gain", p, {"what": what, "materials": gained, "letters": letter, **extra})
        # JUN-MAT-04: above the limit, discard down at once
        self.phase = DISCARD if sum(mats) > self.material_limit(p) else EXPLORE

    def _do_rest(self, p: int, spec: A.Spec, extra: Mapping[str, Any]) -> None:  # JUN-MAT-07
        """JUN-MAT-07: resting gains 2 Letters plus one per Letter face, and skips the Movement/Discovery phase."""
        v = (self._perks or self._perk_table())[p].virtual
        got = self._add_letters(p, REST_LETTERS + self.dice[LETTER] + v[LETTER])
        self.log.add("rest", p, {"letters": got, **extra})
        self._end_turn()

    def _do_discard(self, p: int, spec: A.Spec, extra: Mapping[str, Any]) -> None:  # JUN-MAT-04
        material = spec[1]
        self.materials[p][_MAT_INDEX[material]] -= 1
        self._mats = None
        self.log.add("discard", p, {"material": material, **extra})
        if sum(self.materials[p]) <= self.material_limit(p):
            self.phase = EXPLORE
