"""Nizam and Pearl of the East: action space and observation layout.

Actions: ``draw``; ``move LINE END PAY`` for the ten lines, their two ends and every payment (one card of
any kind, or three cards of any kinds as a sorted multiset, NIZ-MOVE-03/04); ``score`` (Nizam) or
``end TASKS top K`` (Pearl: any set of kinds, ``top`` one of them).

>>> import jaliz_learn
>>> from jaliz_learn.adapters import action_encoding
>>> action_encoding(jaliz_learn.load_game("pearl-of-the-east")).num_distinct_actions
3606
"""

from __future__ import annotations

from itertools import combinations, combinations_with_replacement
from typing import Any

from ...core.game import Game
from ...games.nizam.actions import Draw, EndTurn, Move, Score
from ...games.nizam.board import LINE_NAMES, end_names
from ...games.nizam.data import ANY_PAYMENT, CELLS, KINDS, PEARL
from ..encoding import ActionEncoding, FlatSpec
from ..tensors import TensorLayout, counts, one_hot, padded

DECISIONS = ("draw-or-move", "move-or-score", "move-or-end")


def payments(pearl: bool) -> tuple[str, ...]:
    """One card (the end card's kind, the pearl included in Pearl) or three cards of any kinds."""
    singles = (*KINDS, PEARL) if pearl else KINDS
    return (*singles, *("".join(c) for c in combinations_with_replacement(KINDS, ANY_PAYMENT)))


def action_encoding(game: Game) -> ActionEncoding:
    pearl = game.name == "pearl-of-the-east"
    moves = tuple((line, end, pay) for i, line in enumerate(LINE_NAMES) for end in end_names(i)
                  for pay in payments(pearl))
    specs = [FlatSpec(Draw, ((),)), FlatSpec(Move, moves)]
    if pearl:
        ends: list[tuple[str, str]] = [("", "")]
        for k in range(1, len(KINDS) + 1):
            for tasks in combinations(KINDS, k):
                ends.extend(("".join(tasks), top) for top in tasks)
        specs.append(FlatSpec(EndTurn, tuple(ends)))
    else:
        specs.append(FlatSpec(Score, ((),)))
    return ActionEncoding(game.name, specs)


def tensor_layout(game: Game, num_players: int) -> TensorLayout:
    """Board cells one-hot (25 x 9 kinds), own hand counts, per-player public numbers, piles as counts."""
    pearl = game.name == "pearl-of-the-east"
    letters = (*KINDS, PEARL)
    n = num_players
    f: list[tuple[str, int, Any]] = [
        ("board", CELLS * len(letters), lambda o: [x for cell in "".join(o.board) for x in one_hot(cell, letters)]),
        ("hand", len(letters), lambda o: counts(o.hand, letters)),
        ("hand_sizes", n, lambda o: padded(o.hand_sizes, n)),
        ("deck_size", 1, lambda o: [float(o.deck_size)]),
        ("discard", len(letters), lambda o: counts(o.discard, letters)),
        ("out_of_play", len(letters), lambda o: counts(o.out_of_play, letters)),
        ("deck_runouts", 1, lambda o: [float(o.deck_runouts)]),
        ("moves_made", 1, lambda o: [float(o.moves_made)]),
    ]
    if pearl:
        f += [
            ("completed", n * len(letters), lambda o: [x for pile in o.completed for x in counts(pile, letters)]),
            ("tasks_left", n, lambda o: padded(o.tasks_left, n)),
            ("round", 2, lambda o: [float(o.round), float(o.max_rounds)]),
        ]
    else:
        f += [
            ("scores", n, lambda o: padded(o.scores, n)),
            ("runouts_to_end", 1, lambda o: [float(o.runouts_to_end)]),
            ("changed_lines", len(LINE_NAMES), lambda o: counts(o.changed_lines, LINE_NAMES)),
            ("hand_limit", 1, lambda o: [float(o.hand_limit or 0)]),
            ("idle_draws", 1, lambda o: [float(o.idle_draws)]),
        ]
    return TensorLayout(game.name, n, game.info.max_players, DECISIONS, f)
