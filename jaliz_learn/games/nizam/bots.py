"""Greedy reference bots for Nizam and Pearl of the East.

Both look one move ahead using only the observation and the shared pure board
functions: they try each of the 20 line ends, keep the move that gains most
(points in Nizam, completable tasks in Pearl) after a small charge per card paid,
and stop (``score`` / ``end``) or draw when no move gains anything.

>>> import jaliz_learn
>>> result = jaliz_learn.play("nizam", [NizamGreedyBot(1), jaliz_learn.RandomBot(2)], seed=4)
>>> result.state.is_over()
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...core.actions import Action
from ...core.bot import BaseBot
from . import board as B
from .actions import Draw, EndTurn, Move, Score
from .data import ANY_PAYMENT, KINDS, PEARL, SIDE

#: Value of keeping one card in hand, charged per card paid (a tuning choice).
CARD_COST = 0.3
#: Pearl: credit for two of three cells of a window holding a needed kind (a tuning choice).
NEAR_CREDIT = 0.1


def _payment(hand: str, end_kind: str) -> str | None:
    """The payment a greedy player would make at an end card: the match, else three of its most plentiful cards."""
    if end_kind != PEARL and end_kind in hand:
        return end_kind
    if len(hand) < ANY_PAYMENT:
        return None
    counts = {k: hand.count(k) for k in set(hand)}
    cards = sorted(hand, key=lambda k: (-counts[k], k))[:ANY_PAYMENT]
    return "".join(sorted(cards))


def _candidates(board: list[str], hand: str) -> list[tuple[Move, list[str], int]]:
    """(move, board after it, line index) for every line end the hand can pay for."""
    out = []
    for line, first in B.LINE_ENDS:
        pay = _payment(hand, board[B.end_cell(line, first)])
        if pay is None:
            continue
        after = list(board)
        B.slide(after, line, first)
        name = B.LINE_NAMES[line]
        out.append((Move(name, B.end_names(line)[0 if first else 1], pay), after, line))
    return out


def _flat(rows: Sequence[str]) -> list[str]:
    return [c for row in rows for c in row]


def _fallback(legal: Sequence[Action], draw_first: bool) -> Action:
    if draw_first and Draw() in legal:
        return Draw()
    for a in legal:
        if not isinstance(a, Move) or len(a.pay) == 1:
            return a
    return legal[0]


class NizamGreedyBot(BaseBot):
    """Makes the move that raises this turn's score most; scores when nothing improves; else draws."""

    name = "greedy"

    def act(self, observation: Any, legal_actions: Sequence[Action]) -> Action:
        obs = observation
        board = _flat(obs.board)
        if obs.moves_made:
            start = list(obs.start_combinations)
            changed = [name in obs.changed_lines for name in B.LINE_NAMES]
            now = B.turn_points(B.scoring_runs(board, changed))
        else:
            start = B.signatures(board)
            changed = [False] * (2 * SIDE)
            now = 0
        best: tuple[float, Move] | None = None
        for move, after, line in _candidates(board, obs.hand):
            if move not in legal_actions:
                continue
            ch = list(changed)
            B.update_changed(after, start, ch, line)
            gain = B.turn_points(B.scoring_runs(after, ch)) - now - CARD_COST * len(move.pay)
            if best is None or gain > best[0]:
                best = (gain, move)
        if best is not None and best[0] > 0:
            return best[1]
        if obs.moves_made:
            return Score()
        return _fallback(legal_actions, draw_first=True)


class PearlGreedyBot(BaseBot):
    """Makes the move that lets it complete most tasks; ends the moves when nothing improves; blocks on top."""

    name = "greedy"

    def _open_tasks(self, obs: Any) -> tuple[set[str], set[str]]:
        me = obs.player
        mine = set(KINDS) - set(obs.completed[me])
        blocked = {pile[-1] for q, pile in enumerate(obs.completed) if q != me and pile}
        return mine, blocked

    def _best(self, board: list[str], open_tasks: set[str]) -> float:
        """Tasks completable now (best pearl choice), plus a small credit for two needed gems in a window of three."""
        _, with_pearl = B.pearl_kinds(board)
        done = max(len(s & open_tasks) for s in with_pearl.values())
        near = 0
        for i in range(2 * SIDE):
            text = B.line_text(board, i)
            for j in range(SIDE - 2):
                window = text[j:j + 3]
                for k in open_tasks:
                    if window.count(k) + window.count(PEARL) == 2:
                        near += 1
        return done + NEAR_CREDIT * near

    def act(self, observation: Any, legal_actions: Sequence[Action]) -> Action:
        obs = observation
        board = _flat(obs.board)
        mine, blocked = self._open_tasks(obs)
        open_tasks = mine - blocked
        now = self._best(board, open_tasks) if obs.moves_made else 0
        best: tuple[float, Move] | None = None
        for move, after, _ in _candidates(board, obs.hand):
            if move not in legal_actions:
                continue
            gain = self._best(after, open_tasks) - now - CARD_COST * len(move.pay)
            if best is None or gain > best[0]:
                best = (gain, move)
        if best is not None and best[0] > 0:
            return best[1]
        if obs.moves_made:
            return self._end(obs, legal_actions, mine)
        return _fallback(legal_actions, draw_first=True)

    def _end(self, obs: Any, legal: Sequence[Action], mine: set[str]) -> Action:
        ends = [a for a in legal if isinstance(a, EndTurn)]
        most = max(len(a.tasks) for a in ends)

        def blocking_value(a: EndTurn) -> int:
            # put on top the kind that most opponents still need
            return sum(1 for q, pile in enumerate(obs.completed) if q != obs.player and a.top not in pile)

        return max((a for a in ends if len(a.tasks) == most), key=lambda a: (blocking_value(a), a.top))
