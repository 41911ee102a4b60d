"""Phase 4 and the end: scoring a revealed card, shrine rewards and the final scoring.

Rules: BAL-SCORE-*, BAL-END-01, BAL-FINAL-*, TAN-GANESHA-*, TAN-END-01.

A mixin of :class:`~.state.BaliState` (see the map in the package docstring).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from jaliz_learn.core.game import Outcome

from . import data as D
from .actions import ShrineReward
from .position import BaliFields
from .specs import _COUNT_OF, ALL_CHANGED, CH_QUEUES, CH_STOCKS, CH_STONES, CH_SUPPLY, CH_VP

if TYPE_CHECKING:  # pragma: no cover
    pass


class ScoringRules(BaliFields):
    """Phase 4 and the end: scoring a revealed card, shrine rewards, the final scoring."""

    __slots__ = ()

    # ---- phase 4 (BAL-SCORE-01..06, TAN-GANESHA-01) -------------------------------------------
    def _score_revealed(self, card: int) -> None:
        """Score the revealed card's type for all players; sole majority bonus (BAL-SCORE-01): stonemasons
        (BAL-SCORE-02), priests (BAL-SCORE-03; with Tani Ganesha's holder gains 2 VP), farmers (BAL-SCORE-05)."""
        n = self.num_players
        counts = list(map(_COUNT_OF[card], self.displays))  # no comprehension frame: once per turn
        best = max(counts)
        sole = counts.index(best) if best > 0 and counts.count(best) == 1 else -1
        gains = [0] * n
        data: dict[str, Any] = {"card": D.CARD_NAMES[card], "counts": counts, "majority": sole}
        if card == D.MASON:  # BAL-SCORE-02
            for q in range(n):
                gains[q] = counts[q] * D.STONEMASON_REWARD + (D.MAJORITY_BONUS if q == sole else 0)
                self.stones[q] += gains[q]
            self._dirty |= CH_STONES
            data["stones"] = gains
        elif card == D.PRIEST:  # BAL-SCORE-03
            for q in range(n):
                gains[q] = counts[q] * D.PRIEST_REWARD + (D.MAJORITY_BONUS if q == sole else 0)
            if self.tani and self.ganesha is not None:
                gains[self.ganesha] += D.GANESHA_PRIEST_VP  # TAN-GANESHA-01: even without priests
                data["ganesha"] = self.ganesha
            self.demon_hook(gains)
            for q in range(n):
                self.vp[q] += gains[q]
            self._dirty |= CH_VP
            data["vp"] = gains
        elif card == D.SHRINE:  # BAL-SCORE-04: each owner splits the units, active player first
            a = self.active
            order = (*range(a, n), *range(a))  # the active player, then clockwise
            self._dirty |= CH_QUEUES
            self.reward_queue = [(q, counts[q] * D.SHRINE_REVEAL_REWARD + (D.MAJORITY_BONUS if q == sole else 0))
                                 for q in order if counts[q]]
            data["units"] = [counts[q] + (D.MAJORITY_BONUS if q == sole else 0) if counts[q] else 0
                             for q in range(n)]
        elif card >= D.FARMER_BASE and card < D.ORACLE:  # BAL-SCORE-05
            k = card - D.FARMER_BASE
            supply, stocks = self.supply, self.stocks
            self._dirty |= CH_STOCKS | CH_SUPPLY
            a = self.active
            for q in (*range(a, n), *range(a)):  # the active player, then clockwise
                if counts[q] and supply[k]:  # BAL-SCORE-06: nothing once the pile is empty
                    supply[k] -= D.FARMER_REWARD
                    stocks[q][k] += D.FARMER_REWARD
                    gains[q] += D.FARMER_REWARD
            if sole >= 0 and supply[k]:
                supply[k] -= D.MAJORITY_BONUS
                stocks[sole][k] += D.MAJORITY_BONUS
                gains[sole] += D.MAJORITY_BONUS
            data["offerings"] = gains
        else:  # pragma: no cover - BAL-VAR-01: the oracle card type has no rules yet
            self.oracle_hook(card, data)
        self.log.add("score", None, data)
        if self.reward_queue:
            self.phase = "shrine-reward"
        else:
            self._next_turn()

    def demon_hook(self, gains: list[int]) -> None:
        """Extension point of the Demon variant in priest scoring (BAL-VAR-01); does nothing yet."""

    def oracle_hook(self, card: int, data: dict[str, Any]) -> None:
        """Extension point of the Oracle variant: scoring a revealed oracle card (BAL-VAR-01)."""
        raise NotImplementedError("the Oracle variant is not available until its rules are known (G16)")

    def _shrine_reward(self, p: int, action: ShrineReward) -> None:
        self.vp[p] += action.vp * D.SHRINE_REVEAL_REWARD
        self.stones[p] += action.stones * D.SHRINE_REVEAL_REWARD
        self._dirty |= CH_VP | CH_STONES | CH_QUEUES
        self.log.add("reward", p, {"vp": action.vp, "stones": action.stones})
        self.reward_queue.pop(0)
        if not self.reward_queue:
            self._next_turn()

    # ---- end (BAL-END-01, BAL-FINAL-01..05, TAN-GANESHA-02, TAN-END-01) ------------------------
    def _end_game(self) -> None:
        self._dirty = ALL_CHANGED
        self.over = True
        self.phase = "game-over"
        self.final = self.final_breakdown()
        self.log.add("end", None, {
            "altar": self.altar_counts(), "hidden": [[q, D.KINDS[k]] for q, k in self.altar_hidden],
            "values": list(D.offering_values(self.altar_counts(), self.tie_mode)),
            "scores": [row["total"] for row in self.final]})

    def altar_counts(self) -> list[int]:
        """Altar cards per kind, face-down ones included (revealed at the end, BAL-FINAL-01)."""
        counts = list(self.altar_open)
        for _, k in self.altar_hidden:
            counts[k] += 1
        return counts

    def final_breakdown(self) -> list[dict[str, int]]:
        """Final score of every player by source (computed now, as if the game ended here): BAL-FINAL-03, shrines;
        BAL-FINAL-04, left-over stones; BAL-FINAL-05, the VP earned in play; TAN-GANESHA-02, Ganesha's 2 VP."""
        values = D.offering_values(self.altar_counts(), self.tie_mode)  # BAL-FINAL-01/02
        rows = []
        for p in range(self.num_players):
            row = {
                "offerings": sum(v * c for v, c in zip(values, self.stocks[p])),
                "shrines": D.SHRINE_END_VP * self.displays[p][D.SHRINE],  # BAL-FINAL-03
                "stones": self.stones[p] // D.STONES_PER_END_VP,  # BAL-FINAL-04
                "earned": self.vp[p],  # BAL-FINAL-05
                "ganesha": D.GANESHA_END_VP if self.tani and self.ganesha == p else 0,  # TAN-GANESHA-02
                "disqualified": int(self.tani and self.huts[p] > 0),  # TAN-END-01
            }
            row["total"] = (D.DISQUALIFIED_SCORE if row["disqualified"] else
                            row["offerings"] + row["shrines"] + row["stones"] + row["earned"] + row["ganesha"])
            rows.append(row)
        return rows

    def scores(self) -> tuple[float, ...]:
        """Final totals once the game is over; during play the VP earned so far."""
        if self.final is not None:
            return tuple(float(row["total"]) for row in self.final)
        return tuple(float(v) for v in self.vp)

    def tiebreak(self, player: int) -> tuple[Any, ...]:
        """BAL-TIE-01: more left-over stones; disqualified players stay tied among themselves (TAN-END-01)."""
        if self.final is not None and self.final[player]["disqualified"]:
            return (0,)
        return (self.stones[player],)

    def standings(self) -> Outcome:
        """The core ranking, except that players with unbuilt huts lose whatever their score (TAN-END-01).

        They are ``eliminated``, rank last together, and never win: when every player still holds huts,
        nobody wins (``winners`` is empty).
        """
        out = super().standings()
        final = self.final
        if final is None:
            return out
        out_set = {p for p in range(self.num_players) if final[p]["disqualified"]}
        if not out_set:
            return out
        ranking = [g for g in (tuple(p for p in group if p not in out_set) for group in out.ranking) if g]
        winners = ranking[0] if ranking else ()
        ranking.append(tuple(sorted(out_set)))  # rule TAN-END-01: every such player "automatically loses"
        return Outcome(scores=out.scores, ranking=tuple(ranking), winners=tuple(sorted(winners)),
                       tiebreaks=out.tiebreaks, eliminated=tuple(sorted(out_set)))
