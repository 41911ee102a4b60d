"""Nizam's cached legal actions and observations are never handed out: mutating what a bot got changes nothing.

(That the caches never go stale is checked for every game in ``tests/conformance/test_caches.py``.)
"""

from __future__ import annotations

import pytest

import jaliz_learn
from jaliz_learn.core.rng import Rng
from jaliz_learn.games.nizam import EndTurn, Move


def test_mutating_handed_out_actions_and_lists_changes_nothing():
    game = jaliz_learn.load_game("pearl-of-the-east")
    state = game.initial_state(num_players=2, seed=3)
    rng = Rng(4)
    while state.decision() != "move-or-end":
        legal = state.legal_actions()
        moves = [a for a in legal if isinstance(a, Move)]
        state.apply(moves[rng.randrange(len(moves))] if moves else legal[0])
    before = list(state.legal_actions())
    legal = state.legal_actions()
    for action in legal:
        if isinstance(action, EndTurn):
            object.__setattr__(action, "tasks", "ABCDEFGH")
            object.__setattr__(action, "top", "A")
        elif isinstance(action, Move):
            object.__setattr__(action, "pay", "HHH")
    object.__setattr__(legal, "_pays", (("HHH",),) * 20)
    assert list(state.legal_actions()) == before
    with pytest.raises(jaliz_learn.IllegalAction):
        state.apply(EndTurn("ABCDEFGH", "A"))
    if not any(a == Move("r1", "left", "HHH") for a in before):
        with pytest.raises(jaliz_learn.IllegalAction):
            state.apply(Move("r1", "left", "HHH"))


def test_mutating_an_observation_changes_nothing():
    state = jaliz_learn.load_game("nizam").initial_state(num_players=3, seed=2)
    obs = state.observation(0)
    object.__setattr__(obs, "board", ("AAAAA",) * 5)
    object.__setattr__(obs, "hand_sizes", (99, 99, 99))
    assert state.observation(0) != obs
    assert state.observation(1).board == state.observation(None).board != ("AAAAA",) * 5


@pytest.mark.parametrize("name", ["nizam", "pearl-of-the-east"])
def test_indexing_agrees_with_iteration(name):
    """The legal list's index walk (from the nearer end, over the per-position counts) and its iteration (over
    the payments per end card) are separate code: every index, negative ones and slices must give the same moves."""
    game = jaliz_learn.load_game(name)
    rng = Rng(7)
    lists = 0
    for seed in range(3):
        state = game.initial_state(num_players=3, seed=seed)
        while not state.is_over() and lists < 150:
            legal = state.legal_actions()
            full = list(legal)
            assert len(full) == len(legal)
            assert [legal[i] for i in range(len(legal))] == full
            assert [legal[-i] for i in range(1, len(legal) + 1)] == full[::-1]
            assert legal[1:4] == full[1:4]
            assert all(a in legal for a in full)
            lists += 1
            state.apply(legal[rng.randrange(len(legal))])
    assert lists == 150
