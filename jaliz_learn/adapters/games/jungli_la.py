"""Jungli-La: action space and observation layout.

Flat classes only: roll N dice (1..MAX_DICE), reroll a multiset of 1..MAX_REROLL_DICE faces (faces in
face order, as the engine keeps them), keep, cancel, change/paleo OLD NEW (faces x faces), done,
gain F|W|T|each, rest, discard F|W|T, move N (0..2 x MAX_DICE steps), discover, remote CARD,
exchange MINE THEIRS (cards x cards), wagon, treasure, end.

>>> import jaliz_learn
>>> from jaliz_learn.adapters import action_encoding
>>> action_encoding(jaliz_learn.load_game("jungli-la")).num_distinct_actions
1075
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import Any

from ...core.game import Game
from ...games.jungli_la import actions as A
from ...games.jungli_la.data import CARDS, FACES, MATERIALS, MAX_DICE, MAX_REROLL_DICE
from ..encoding import ActionEncoding, FlatSpec, product_values
from ..tensors import TensorLayout, counts, one_hot, padded

DECISIONS = ("roll", "reroll", "adjust", "materials", "discard", "explore")
CARD_IDS: tuple[str, ...] = tuple(sorted(CARDS))
TREASURE_VALUES = (1, 2, 3)


def action_encoding(game: Game) -> ActionEncoding:
    rerolls = tuple((faces,) for k in range(1, MAX_REROLL_DICE + 1)
                    for faces in combinations_with_replacement(FACES, k))
    none = ((),)
    flat = [
        FlatSpec(A.Roll, product_values(range(1, MAX_DICE + 1))),
        FlatSpec(A.Reroll, rerolls),
        FlatSpec(A.Keep, none),
        FlatSpec(A.Cancel, none),
        FlatSpec(A.ChangeFace, product_values(FACES, FACES)),
        FlatSpec(A.Paleo, product_values(FACES, FACES)),
        FlatSpec(A.Done, none),
        FlatSpec(A.Gain, product_values((*MATERIALS, "each"))),
        FlatSpec(A.Rest, none),
        FlatSpec(A.Discard, product_values(MATERIALS)),
        FlatSpec(A.Move, product_values(range(0, 2 * MAX_DICE + 1))),
        FlatSpec(A.Discover, none),
        FlatSpec(A.Remote, product_values(CARD_IDS)),
        FlatSpec(A.Exchange, product_values(CARD_IDS, CARD_IDS)),
        FlatSpec(A.BuyWagon, none),
        FlatSpec(A.BuyTreasure, none),
        FlatSpec(A.EndTurn, none),
    ]
    return ActionEncoding(game.name, flat)


def tensor_layout(game: Game, num_players: int) -> TensorLayout:
    """The track slot by slot (one-hot card per slot), per-player explorers, materials, Letters, Wagons,
    discoveries and limits, own Treasure values, dice faces as counts, and the turn's counters."""
    n, C = num_players, CARD_IDS
    track = len(C)
    f: list[tuple[str, int, Any]] = [
        ("start_player", n, lambda o: one_hot(o.start_player, range(n))),
        ("round", 1, lambda o: [float(o.round)]),
        ("track", track * len(C), lambda o: [x for i in range(track)
                                             for x in one_hot(o.track[i] if i < len(o.track) else None, C)]),
        ("positions", n, lambda o: padded(o.positions, n)),
        ("materials", n * len(MATERIALS), lambda o: [x for m in o.materials for x in padded(m, len(MATERIALS))]),
        ("letters", n, lambda o: padded(o.letters, n)),
        ("wagons", n, lambda o: padded(o.wagons, n)),
        ("discoveries", n * len(C), lambda o: [x for d in o.discoveries for x in counts(d, C)]),
        ("treasure_counts", n, lambda o: padded(o.treasure_counts, n)),
        ("own_treasures", len(TREASURE_VALUES), lambda o: counts(o.own_treasures, TREASURE_VALUES)),
        ("limits", 2 * n, lambda o: padded((*o.material_limits, *o.letter_limits), 2 * n)),
        ("piles", 4, lambda o: [float(o.deck_size), float(o.cards_before_end_card), float(o.end_triggered),
                                float(o.wagon_stock)]),
        ("dice", len(FACES), lambda o: padded(o.dice, len(FACES))),
        ("turn", 5, lambda o: [float(o.dice_rolled), float(o.rerolls_used), float(o.paleo_left), float(o.moved),
                               float(o.discovered)]),
        ("fresh", len(C), lambda o: counts(o.fresh, C)),
        ("end_card_holder", n, lambda o: one_hot(o.end_card_holder, range(n))),
        ("revealed_treasures", 1, lambda o: [float(len(o.revealed_treasures))]),
    ]
    return TensorLayout(game.name, n, game.info.max_players, DECISIONS, f)
