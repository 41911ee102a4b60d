"""A simple greedy Jungli-La bot: it reads only its observation and the legal actions.

Policy, one decision at a time (no search):

- roll the free dice of its Rich Man/Millionaire cards, never pay Letters for dice;
- reroll the one or two least useful dice (at the Goal: everything but its most common face,
  to build sets of three for Treasure Excavation);
- use the Paleontologist when it has one; change a die with Letters only at the Letter limit;
- gain the option that best covers the cost of the card under its explorer, rest when short of Letters;
- discover whenever it can pay, buy Treasure at the Goal, always move, then end the turn.

>>> import jaliz_learn
>>> from jaliz_learn.bots import RandomBot
>>> r = jaliz_learn.play("jungli-la", [JungliLaGreedyBot(1), RandomBot(2)], seed=4)
>>> r.state.is_over()
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...core.actions import Action
from ...core.bot import BaseBot
from . import actions as A
from .common import GOAL
from .data import CARD_DICE, CARDS, FACE_INDEX, FACES, LETTER, MATERIALS
from .observation import JungliLaObservation


class JungliLaGreedyBot(BaseBot):
    """Greedy reference bot for Jungli-La (beats RandomBot clearly; see tests)."""

    name = "greedy"

    def act(self, observation: Any, legal_actions: Sequence[Action]) -> Action:
        obs: JungliLaObservation = observation
        legal = list(legal_actions)
        decision = obs.decision
        if len(legal) == 1:
            return legal[0]
        handler = getattr(self, "_" + decision, None)
        choice = handler(obs, legal) if handler is not None else None
        return choice if choice is not None else legal[-1]

    # -------------------------------------------------------------- helpers
    @staticmethod
    def _me(obs: JungliLaObservation) -> int:
        return obs.player if obs.player is not None else (obs.current_player or 0)

    def _need(self, obs: JungliLaObservation) -> list[int]:
        """Materials still missing for the card under the explorer (or the next card)."""
        p = self._me(obs)
        pos = obs.positions[p]
        if pos == GOAL or not obs.track:
            return [0, 0, 0]
        idx = min(max(pos, 1), len(obs.track)) - 1
        cost = CARDS[obs.track[idx]].cost
        have = obs.materials[p]
        return [max(0, cost[i] - have[i]) for i in range(3)]

    def _face_value(self, obs: JungliLaObservation, face: int, need: list[int]) -> float:
        at_goal = obs.positions[self._me(obs)] == GOAL
        if face == LETTER:
            return 2.0
        if face < 2:  # movement
            return 0.0 if at_goal else (1.0 if face == 0 else 1.5)
        return 1.0 + 2.0 * (need[face - 2] > 0)

    # -------------------------------------------------------------- decisions
    def _roll(self, obs: JungliLaObservation, legal: list[Action]) -> Action | None:
        free = 4 + sum(CARD_DICE.get(c, 0) for c in obs.discoveries[self._me(obs)])
        rolls = [a for a in legal if isinstance(a, A.Roll) and a.dice <= free]
        return max(rolls, key=lambda a: a.dice) if rolls else None

    def _reroll(self, obs: JungliLaObservation, legal: list[Action]) -> Action | None:
        dice = obs.dice
        options = [a for a in legal if isinstance(a, A.Reroll)]
        if not options:
            return A.Keep()
        if obs.positions[self._me(obs)] == GOAL:
            counts = [dice[f] if f != LETTER else -1 for f in range(6)]
            best = max(range(5), key=lambda f: counts[f])
            worst = sorted((f for f in range(5) if dice[f] and f != best), key=lambda f: counts[f])
            faces = tuple(FACES[f] for f in worst for _ in range(dice[f]))[:2]
        else:
            need = self._need(obs)
            ranked = sorted((f for f in range(5) for _ in range(dice[f])),
                            key=lambda f: self._face_value(obs, f, need))
            faces = tuple(FACES[f] for f in ranked if self._face_value(obs, f, need) <= 1.0)[:2]
        if not faces:
            return A.Keep()
        action = A.Reroll(faces)
        return action if action in options else A.Keep()

    def _adjust(self, obs: JungliLaObservation, legal: list[Action]) -> Action | None:
        p = self._me(obs)
        at_limit = obs.letters[p] >= obs.letter_limits[p]
        changes: list[A.Paleo | A.ChangeFace] = [a for a in legal if isinstance(a, A.Paleo)]
        if not changes and at_limit:
            changes = [a for a in legal if isinstance(a, A.ChangeFace)]
        if not changes:
            return A.Done()
        need = self._need(obs)
        if obs.positions[p] == GOAL:  # complete a set of three
            dice = obs.dice
            target = max(range(6), key=lambda f: (dice[f] % 3 == 2, dice[f]))
            source = min((f for f in range(6) if dice[f] and f != target), key=lambda f: dice[f] % 3, default=None)
        else:
            values = {f: self._face_value(obs, f, need) for f in range(6)}
            target = max(range(2, 5), key=lambda f: (values[f], obs.dice[f]))
            source = min((f for f in range(6) if obs.dice[f] and f != target), key=lambda f: values[f], default=None)
        if source is None:
            return A.Done()
        for a in changes:
            if FACE_INDEX[a.old] == source and FACE_INDEX[a.new] == target:
                return a
        return A.Done()

    def _materials(self, obs: JungliLaObservation, legal: list[Action]) -> Action | None:
        p = self._me(obs)
        need = self._need(obs)
        dice = obs.dice
        virtual = [0] * 6
        for c in obs.discoveries[p]:
            eff = CARDS[c].effect
            if eff.startswith("virtual:"):
                virtual[FACE_INDEX[eff[8:]]] += 1
        shown = [dice[2 + i] + virtual[2 + i] for i in range(3)]

        def value(gain: list[int]) -> float:
            return sum(3.0 * min(gain[i], need[i]) + 1.0 * gain[i] for i in range(3))

        best: tuple[float, Action] = (-1.0, A.Rest())
        for i, m in enumerate(MATERIALS):
            g = [0, 0, 0]
            g[i] = shown[i]
            best = max(best, (value(g), A.Gain(m)), key=lambda t: t[0])
        best = max(best, (value([1 if s else 0 for s in shown]), A.Gain("each")), key=lambda t: t[0])
        letters_now = obs.letters[p]
        if best[0] <= 1.0 and letters_now <= 3:
            return A.Rest()
        return best[1]

    def _discard(self, obs: JungliLaObservation, legal: list[Action]) -> Action | None:
        p = self._me(obs)
        need = self._need(obs)
        have = obs.materials[p]
        options = [a for a in legal if isinstance(a, A.Discard)]
        return max(options, key=lambda a: have[MATERIALS.index(a.material)] - 3 * need[MATERIALS.index(a.material)])

    def _explore(self, obs: JungliLaObservation, legal: list[Action]) -> Action | None:
        if A.Discover() in legal:
            return A.Discover()
        if A.BuyTreasure() in legal:
            return A.BuyTreasure()
        moves = [a for a in legal if isinstance(a, A.Move)]
        if moves:
            return max(moves, key=lambda a: a.steps)
        remotes = [a for a in legal if isinstance(a, A.Remote)]
        if remotes:
            best = max(remotes, key=lambda a: CARDS[a.card].vp)
            if CARDS[best.card].vp >= 4:
                return best
        p = self._me(obs)
        if A.BuyWagon() in legal and obs.wagons[p] == 0 and obs.letters[p] >= 4:
            return A.BuyWagon()
        return A.EndTurn()
