"""The per-change caches of legal actions and observations never go stale and are never handed out."""

from __future__ import annotations

import json

import pytest

import jaliz_learn
from jaliz_learn.core.rng import Rng
from jaliz_learn.games.nizam import EndTurn, Move

from .test_nizam_clone import GAMES


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_cached_answers_equal_those_of_a_fresh_copy_at_every_decision(name, players):
    game = jaliz_learn.load_game(name)
    state = game.initial_state(num_players=players, seed=8)
    rng = Rng(8)
    steps = 0
    while not state.is_over() and steps < 400:
        p = state.current_player()
        # ask twice (the second answer comes from the cache), then compare with a state that has no cache
        first = list(state.legal_actions(p))
        obs = state.observation(p)
        fresh = game.state_from_json(json.loads(json.dumps(state.to_json(compact=True))))
        assert list(state.legal_actions(p)) == first == list(fresh.legal_actions(p))
        assert state.observation(p) == obs == fresh.observation(p)
        assert state.observation(None) == fresh.observation(None)
        clone = state.clone()
        action = first[rng.randrange(len(first))]
        state.apply(action)
        assert list(clone.legal_actions(p)) == first, "the clone kept the position before the action"
        steps += 1


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
