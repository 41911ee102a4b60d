"""Bali and Bali with Village of Tani: action space and observation layout.

Flat classes only: buy KIND, skip, play CARD [count 1..MAX_FARMER_GROUP], discard CARD, offer KIND,
altar KIND, take COLUMN (1..COLUMNS), reward VP STONES (VP + stones <= the most shrine units) and, with
Tani, build AREA FIELD RETURNED (the returned offering cards: an alphabetically sorted multiset of kinds, as many as the
field number) and tile NAME.

>>> import jaliz_learn
>>> from jaliz_learn.adapters import action_encoding
>>> action_encoding(jaliz_learn.load_game("bali-tani")).num_distinct_actions
251
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import Any

from ...core.game import Game
from ...games.bali import actions as A
from ...games.bali.data import (
    BANANA_TILES,
    CARD_NAMES,
    COLUMN_DEPTH,
    COLUMNS,
    FIELDS_PER_AREA,
    KINDS,
    MAX_FARMER_GROUP,
    MAX_SHRINE_UNITS,
)
from ..encoding import ActionEncoding, FlatSpec, product_values
from ..tensors import TensorLayout, counts, one_hot, padded

DECISIONS = ("buy", "play", "banana-tile", "offer", "offer-hidden", "offer-supply", "take", "shrine-reward")
TILES: tuple[str, ...] = tuple(BANANA_TILES)
AREAS = len(KINDS)


def action_encoding(game: Game) -> ActionEncoding:
    units = range(MAX_SHRINE_UNITS + 1)
    flat = [
        FlatSpec(A.BuyOffering, product_values(KINDS)),
        FlatSpec(A.SkipBuy, ((),)),
        FlatSpec(A.PlayCards, product_values(CARD_NAMES, range(1, MAX_FARMER_GROUP + 1))),
        FlatSpec(A.DiscardCard, product_values(CARD_NAMES)),
        FlatSpec(A.Offer, product_values(KINDS)),
        FlatSpec(A.AltarFromSupply, product_values(KINDS)),
        FlatSpec(A.TakeCard, product_values(range(1, COLUMNS + 1))),
        FlatSpec(A.ShrineReward, tuple((v, s) for v in units for s in units if v + s <= MAX_SHRINE_UNITS)),
    ]
    if game.name == "bali-tani":
        builds = tuple((area, field, returned) for area in KINDS for field in range(1, FIELDS_PER_AREA + 1)
                       for returned in combinations_with_replacement(sorted(KINDS), field))
        flat += [FlatSpec(A.BuildHut, builds), FlatSpec(A.ChooseTile, product_values(TILES))]
    return ActionEncoding(game.name, flat)


def tensor_layout(game: Game, num_players: int) -> TensorLayout:
    """Own hand and stock, per-player public numbers (hand and stock sizes, displays, stones, VP, huts, known
    cards), the village square card by card, piles, altar, the Tani village and tiles, pending scorings."""
    n, K, N = num_players, KINDS, CARD_NAMES

    def square(o: Any) -> list[float]:
        out: list[float] = []
        for c in range(COLUMNS):
            column = o.square[c] if c < len(o.square) else ()
            for d in range(COLUMN_DEPTH):
                out += one_hot(column[d] if d < len(column) else None, N)
        return out

    def rewards(o: Any) -> list[float]:
        out = [0.0] * n
        for player, amount in o.pending_rewards:
            out[player] += float(amount)
        return out

    f: list[tuple[str, int, Any]] = [
        ("active_player", n, lambda o: one_hot(o.active_player, range(n))),
        ("hand", len(N), lambda o: counts(o.hand, N)),
        ("stock", len(K), lambda o: padded(o.stock, len(K))),
        ("my_hidden_offerings", len(K), lambda o: padded(o.my_hidden_offerings, len(K))),
        ("hand_sizes", n, lambda o: padded(o.hand_sizes, n)),
        ("stock_sizes", n, lambda o: padded(o.stock_sizes, n)),
        ("displays", n * len(N), lambda o: [x for d in o.displays for x in padded(d, len(N))]),
        ("stones", n, lambda o: padded(o.stones, n)),
        ("vp", n, lambda o: padded(o.vp, n)),
        ("square", COLUMNS * COLUMN_DEPTH * len(N), square),
        ("piles", 2 + 2 * len(K), lambda o: [float(o.draw_pile), float(o.altar_hidden), *padded(o.supply, len(K)),
                                             *padded(o.altar_open, len(K))]),
        ("discard", len(N), lambda o: counts(o.discard, N)),
        ("revealed", len(N), lambda o: one_hot(o.revealed, N)),
        ("pending_offers", n, lambda o: counts(o.pending_offers, range(n))),
        ("pending_rewards", n, rewards),
        ("known_hands", n * len(N), lambda o: [x for h in o.known_hands for x in counts(h, N)]),
        ("known_stocks", n * len(K), lambda o: [x for s in o.known_stocks for x in padded(s, len(K))]),
        ("hidden_offers", n, lambda o: padded(o.hidden_offers, n)),
    ]
    if game.name == "bali-tani":
        f += [
            ("huts", n, lambda o: padded(o.huts, n)),
            ("village", AREAS * FIELDS_PER_AREA * n,
             lambda o: [x for area in o.village for owner in area for x in one_hot(owner, range(n))]),
            ("tiles", len(TILES), lambda o: counts(o.tiles, TILES)),
            ("ganesha", n, lambda o: one_hot(o.ganesha, range(n))),
        ]
    return TensorLayout(game.name, n, game.info.max_players, DECISIONS, f)
