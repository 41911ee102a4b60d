"""What a Jungli-La player sees, kept in parts between the actions that change them.

The observation is the table and the Treasures (merged in a template), the turn, the materials and Letters, and
the decision's own fields read afresh. Each part is ``None`` when out of date: the rules reset the part whose
fields they change (the fields and what resets them are listed in ``JungliLaState.__init__``), and
tests/games/jungli_la/test_caches.py compares every observation with one of a state without caches.

A mixin of :class:`~.state.JungliLaState`; the rules never read these parts.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .common import _LATE_FIELDS, _LETTER_LIMITS, _MATERIAL_LIMITS, OVER, _new_obs, _set_attr
from .data import TREASURE_VALUES
from .observation import JungliLaObservation
from .position import JungliFields


class ObservationCache(JungliFields):
    """``observation()`` from the cached parts."""

    __slots__ = ()

    if TYPE_CHECKING:  # defined in state.py (public helpers of the position)
        def cards_before_end_card(self) -> int:
            ...

        def end_card_holder(self) -> int | None:
            ...

    def observation(self, player: int | None) -> JungliLaObservation:
        """What ``player`` may see (``None``: spectator). Only copies: tuples, ints and strings.

        The fields are cached in parts between the actions that change them (see ``JungliLaState.__init__``);
        the decision's own fields are read afresh.
        """
        tpl = self._tpl
        if tpl is None:
            tpl = self._template()
        turn = self._turn
        if turn is None:
            over = self.phase == OVER
            t = self.log.turn
            turn = self._turn = {
                "current_player": None if over else self.current, "turn": t, "is_over": over,
                "round": (t - 1) // self.num_players + 1 if t else 0, "positions": tuple(self.pos),
                "fresh": tuple(self.fresh),
                "paleo_left": (self._perks or self._perk_table())[self.current].paleo - self.paleo_used}
        mats = self._mats
        if mats is None:
            mats = self._mats = tuple(map(tuple, self.materials))
        lets = self._lets
        if lets is None:
            lets = self._lets = tuple(self.letters)
        # a copy of the full-sized template, then the decision's own fields, as the observation's __dict__: 15% of
        # a random-play decision faster than Observation.fast(**fields) (measured 2026-12-06), so kept
        d = tpl.copy()
        d.update(turn)
        d["player"] = player
        d["decision"] = self.phase
        d["materials"] = mats
        d["letters"] = lets
        d["own_treasures"] = self._own[player] if player is not None else ()
        d["dice"] = tuple(self.dice)
        d["dice_rolled"] = self.n_dice
        d["rerolls_used"] = self.rerolls
        d["moved"] = self.moved
        d["discovered"] = self.discovered
        obs = _new_obs(JungliLaObservation)
        _set_attr(obs, "__dict__", d)
        return obs  # type: ignore[no-any-return]

    def _template(self) -> dict[str, Any]:
        """The table and the Treasures merged (placeholders for the other fields keep the copies full-sized)."""
        pub = self._pub
        if pub is None:
            pub = self._pub = {
                "game": "jungli-la", "num_players": self.num_players, "start_player": self.start_player,
                "track": tuple(self.track), "wagons": tuple(self.wagons), "discoveries": tuple(map(tuple, self.cards)),
                "material_limits": tuple(map(_MATERIAL_LIMITS.__getitem__, self.wagons)),
                "letter_limits": tuple(map(_LETTER_LIMITS.__getitem__, self.wagons)), "wagon_stock": self.wagon_stock,
            }
        tre = self._tre
        if tre is None:
            treasures = self.treasures
            own = self._own = tuple(tuple(map(TREASURE_VALUES.__getitem__, t)) for t in treasures)
            tre = self._tre = {
                "treasure_counts": tuple(map(len, treasures)), "deck_size": len(self.deck),
                "cards_before_end_card": self.cards_before_end_card(), "end_triggered": self.end_triggered,
                "end_card_holder": self.end_card_holder(), "revealed_treasures": own if self.phase == OVER else (),
            }
        tpl = self._tpl = {**pub, **tre, **_LATE_FIELDS}
        return tpl

