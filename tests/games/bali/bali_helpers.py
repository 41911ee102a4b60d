"""Shared helpers of the Bali tests: scenario positions and a random playout with checks."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

import jaliz_learn
from jaliz_learn import IllegalAction
from jaliz_learn.core.rng import Rng
from jaliz_learn.games.bali import data as D
from jaliz_learn.games.bali.state import BaliState


def rule_of(state: BaliState, action: Any) -> str | None:
    """The rule named by the IllegalAction that ``action`` raises (it must raise)."""
    with pytest.raises(IllegalAction) as err:
        state.apply(action)
    return err.value.rule


def position(game: str = "bali", players: int = 3, options: dict[str, Any] | None = None,
             **fields: Any) -> BaliState:
    """A scenario position (see jaliz_learn.games.bali.serial for the format)."""
    g = jaliz_learn.load_game(game, **(options or {}))
    state = g.state_from_json({"players": players, **fields})
    assert isinstance(state, BaliState)
    return state


def new(game: str = "bali", players: int = 3, seed: int = 0, **options: Any) -> BaliState:
    state = jaliz_learn.load_game(game, **options).initial_state(num_players=players, seed=seed)
    assert isinstance(state, BaliState)
    return state


def card_total(s: BaliState) -> Counter[int]:
    """Every playing card, wherever it is (deck, square, hands, displays, discard)."""
    total: Counter[int] = Counter(s.deck)
    for col in s.square:
        total.update(col)
    for h in s.hands:
        total.update(h)
    for d in s.displays:
        for card, n in enumerate(d):
            total[card] += n
    total.update(s.discard)
    return total


def offering_total(s: BaliState) -> list[int]:
    """Offering cards per kind in supply + stocks + altar (always 25 each)."""
    return [s.supply[k] + sum(st[k] for st in s.stocks) + s.altar_counts()[k] for k in range(D.NUM_KINDS)]


def expected_cards(s: BaliState) -> Counter[int]:
    total = Counter({c: n for c, n in D.deck_counts(s.tani).items()})
    for p in range(s.num_players):
        total[D.MASON] += 1
        total.update(D.start_set(p))
    return total


def playout(s: BaliState, seed: int, every: Callable[[BaliState, int], None] | None = None,
            limit: int = 5000) -> BaliState:
    rng = Rng(seed)
    steps = 0
    while not s.is_over():
        if every is not None:
            every(s, steps)
        legal = s.legal_actions()
        s.apply(legal[rng.randrange(len(legal))])
        steps += 1
        assert steps < limit, "the game did not end"
    return s
