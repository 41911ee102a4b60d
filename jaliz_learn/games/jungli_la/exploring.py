"""Exploring: moving, discovering cards, Letter effects, Wagons and Treasures (JUN-MOVE-*, JUN-DISC-*, JUN-LET-04..07).

A mixin of :class:`~.state.JungliLaState` (see the map in the package docstring).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from . import actions as A
from .common import _DISCOVER, _END, _ONLY_END, _TREASURE, _WAGON, GOAL
from .data import (
    CARD_VIRTUAL,
    CARDS,
    COST_EXCHANGE,
    COST_REMOTE,
    COST_TREASURE,
    COST_WAGON,
    END_TREASURE,
    M1,
    M2,
    MAX_WAGONS_PER_PLAYER,
    TREASURE_VALUES,
)
from .position import JungliFields

if TYPE_CHECKING:  # pragma: no cover
    pass


class ExploringRules(JungliFields):
    """Exploring: moving, discovering cards, Letter effects, Wagons and Treasures."""

    __slots__ = ()

    def _draw(self, p: int, reason: str) -> None:
        """Draw one Treasure card, hidden from the others (JUN-GOAL-01); the end card is shown (JUN-END-01);
        JUN-RUL-08: with the deck empty, nothing is drawn."""
        self._tre = self._tpl = None  # Treasure counts, the deck size, perhaps the end
        if not self.deck:  # JUN-RUL-08
            self.log.add("treasure-none", p, {"reason": reason})
            return
        card = self.deck.pop(0)
        self.treasures[p].append(card)
        data: dict[str, Any] = {"reason": reason, "count": len(self.treasures[p])}
        if card == END_TREASURE:
            data["end_card"] = True
            data["value"] = TREASURE_VALUES[card]
            self.log.add("treasure", p, data, secret={"card": card, "value": TREASURE_VALUES[card]},
                         visible_to=(p,))
            if not self.end_triggered:
                self.end_triggered = True
                self.end_reason = "end-card"
                self.log.add("last-round", p, {"ends_after": (self.start_player - 1) % self.num_players})
        else:
            self.log.add("treasure", p, data, secret={"card": card, "value": TREASURE_VALUES[card]},
                         visible_to=(p,))

    def _reach_goal(self, players: list[int]) -> None:
        """JUN-GOAL-01, JUN-GOAL-02: explorers reaching the Goal draw one Treasure each, active player first,
        then clockwise."""
        n, cur = self.num_players, self.current
        self._turn = None  # the explorers
        for q in sorted(players, key=lambda q: (q - cur) % n):
            self.pos[q] = GOAL
            self.log.add("goal", q, {})
            self._draw(q, "goal")

    def _can_pay(self, p: int, cost: tuple[int, int, int]) -> bool:
        m = self.materials[p]
        return m[0] >= cost[0] and m[1] >= cost[1] and m[2] >= cost[2]

    def _occupied(self) -> set[int]:
        return {q for q in self.pos if q > 0}

    def _explore_actions(self, p: int) -> tuple[A.Spec, ...]:
        """JUN-MOVE-01: one move and one Discovery action, in either order; Letter effects; end.
        Letter effects: a Wagon (JUN-LET-04), a remote discovery (JUN-LET-05), an exchange (JUN-LET-07)."""
        acts: list[A.Spec] = []
        pos, letters = self.pos[p], self.letters[p]
        if not self.moved and pos != GOAL:  # JUN-MOVE-03, JUN-RUL-12
            base = self.dice[M1] + 2 * self.dice[M2]  # JUN-MOVE-02
            # JUN-CARD-03: +1 per Geographer, optional; not one taken this turn (JUN-RUL-10)
            cards = self.cards[p]
            extra = sum(1 for c in cards if CARD_VIRTUAL.get(c) == M1 and c not in self.fresh) if cards else 0
            acts.extend((A.Move, s) for s in range(max(1, base), base + extra + 1))
        if not self.discovered:  # JUN-DISC-04
            track = self.track
            if pos > 0 and self._can_pay(p, CARDS[track[pos - 1]].cost):  # JUN-DISC-01
                acts.append(_DISCOVER)
            if letters >= min(COST_REMOTE, COST_EXCHANGE):
                occupied = self._occupied()
                free = [cid for i, cid in enumerate(track) if i + 1 not in occupied]
                if letters >= COST_REMOTE:  # JUN-LET-05, JUN-RUL-06
                    acts.extend((A.Remote, c) for c in free if self._can_pay(p, CARDS[c].cost))
                if letters >= COST_EXCHANGE:  # JUN-LET-07, JUN-RUL-07
                    acts.extend((A.Exchange, g, t) for g in self.cards[p] for t in free)
            if letters >= COST_WAGON and self.wagons[p] < MAX_WAGONS_PER_PLAYER and self.wagon_stock:  # JUN-LET-04
                acts.append(_WAGON)
        if pos == GOAL and letters >= COST_TREASURE and self.deck:  # JUN-LET-06
            acts.append(_TREASURE)
        if not acts:
            return _ONLY_END
        acts.append(_END)
        return tuple(acts)

    def _do_move(self, p: int, spec: A.Spec, extra: Mapping[str, Any]) -> None:
        self._move(p, spec[1], extra)

    def _do_discover(self, p: int, spec: A.Spec, extra: Mapping[str, Any]) -> None:  # JUN-DISC-01
        self._discover(p, self.pos[p], "discover", extra)

    def _do_remote(self, p: int, spec: A.Spec, extra: Mapping[str, Any]) -> None:  # JUN-LET-05
        self.letters[p] -= COST_REMOTE
        self._lets = None
        self._discover(p, self.track.index(spec[1]) + 1, "remote", extra)

    def _do_exchange(self, p: int, spec: A.Spec, extra: Mapping[str, Any]) -> None:  # JUN-LET-07, JUN-RUL-07
        _, give, take = spec
        self.letters[p] -= COST_EXCHANGE
        self._lets = None
        self._pub = self._turn = self._tpl = None
        self._perks = None
        self.track[self.track.index(take)] = give
        self.cards[p].remove(give)
        self.cards[p].append(take)
        self.fresh.append(take)
        self.discovered = True
        self.log.add("exchange", p, {"give": give, "take": take, **extra})

    def _do_wagon(self, p: int, spec: A.Spec, extra: Mapping[str, Any]) -> None:  # JUN-LET-04: a Discovery action
        self.letters[p] -= COST_WAGON
        self._lets = None
        self._pub = self._tpl = None
        self.wagons[p] += 1
        self.wagon_stock -= 1
        self.discovered = True
        self.log.add("wagon", p, {"wagons": self.wagons[p], **extra})

    def _do_treasure(self, p: int, spec: A.Spec, extra: Mapping[str, Any]) -> None:  # JUN-LET-06
        self.letters[p] -= COST_TREASURE
        self._lets = None
        self.log.add("buy-treasure", p, {**extra})
        self._draw(p, "letters")

    def _do_end(self, p: int, spec: A.Spec, extra: Mapping[str, Any]) -> None:
        self.log.add("end", p, {**extra})
        self._end_turn()

    def _add_letters(self, p: int, k: int) -> int:
        """JUN-MAT-06: only gain Letters up to the limit. Returns the number gained."""
        got = max(0, min(k, self.letter_limit(p) - self.letters[p]))
        if got:
            self.letters[p] += got
            self._lets = None
        return got

    def _move(self, p: int, steps: int, extra: Mapping[str, Any]) -> None:
        """JUN-MOVE-02 exact steps; JUN-MOVE-03 and JUN-RUL-05 the Goal stops the explorer.

        The move happens in one go: no discovery in the middle of a move (JUN-DISC-05)."""
        self._turn = None
        self.moved = True
        dest = self.pos[p] + steps
        goal = dest > len(self.track)
        self.log.add("move", p, {"steps": steps, "to": "goal" if goal else dest, **extra})
        if goal:
            self._reach_goal([p])
        else:
            self.pos[p] = dest

    def _discover(self, p: int, at: int, how: str, extra: Mapping[str, Any]) -> None:
        """JUN-DISC-01 pay and take; JUN-DISC-02 explorers on it move on; JUN-DISC-03 keep it face up."""
        self._pub = self._turn = self._tpl = None
        self._mats = None  # paid for below
        track = self.track
        cid = track[at - 1]
        cost = CARDS[cid].cost
        mats = self.materials[p]
        for i in range(3):
            mats[i] -= cost[i]
        del track[at - 1]
        self.discovered = True  # JUN-DISC-04
        pushed = []
        for q in range(self.num_players):
            qp = self.pos[q]
            if qp == at:
                if at > len(track):
                    pushed.append(q)  # the next card is the Goal
            elif qp > at:
                self.pos[q] = qp - 1
        self.cards[p].append(cid)
        self._perks = None
        self.fresh.append(cid)  # JUN-RUL-10: its effects apply from the next turn on
        self.log.add(how, p, {"card": cid, "cost": list(cost), **extra})
        if pushed:
            self._reach_goal(pushed)
