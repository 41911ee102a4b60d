"""What search bots need: independent clones, compact positions, sampled hidden information."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

from jaliz_learn.core.rng import Rng
from jaliz_learn.games.bali import state as state_module

from .bali_helpers import new, playout

GAMES = ["bali", "bali-tani"]


def midgame(game: str, players: int, seed: int, steps: int = 40):
    s = new(game, players, seed=seed)
    rng = Rng(seed)
    for _ in range(steps):
        legal = s.legal_actions()
        s.apply(legal[rng.randrange(len(legal))])
    return s


@pytest.mark.rules("BAL-TURN-01")
@pytest.mark.parametrize("game", GAMES)
def test_clone_and_original_stay_independent(game):
    for seed in range(6):
        s = midgame(game, 2 + seed % 3, seed)
        before = s.dumps()
        c = s.clone()
        assert c.dumps() == before
        playout(c, seed + 1)
        assert s.dumps() == before, "playing on the clone changed the original"
        after_clone = c.dumps()
        playout(s, seed + 2)
        assert c.dumps() == after_clone, "playing on the original changed the clone"


@pytest.mark.rules("BAL-TURN-01")
def test_clone_copies_every_mutable_container():
    """A new list attribute forgotten in ``_copy_into`` would be shared between clone and original."""
    s = midgame("bali-tani", 3, 1)
    s.final = s.final_breakdown()
    c = s.clone()
    for key, value in s.__dict__.items():
        if isinstance(value, (list, dict, set)):
            assert c.__dict__[key] is not value, key
            for a, b in zip(value, c.__dict__[key]):
                if isinstance(a, (list, dict, set)):
                    assert a is not b, key


@pytest.mark.rules("BAL-TURN-01")
def test_cached_legal_actions_stay_correct_on_clones():
    s = midgame("bali-tani", 3, 5)
    legal = list(s.legal_actions())
    c = s.clone()
    c.apply(c.legal_actions()[0])
    assert list(s.legal_actions()) == legal
    fresh = s.game.state_from_json(json.loads(c.dumps()))
    assert list(c.legal_actions()) == list(fresh.legal_actions())


def test_the_state_module_imports_none_of_its_views():
    """Views import the state, never the other way round (no import cycle in games/bali)."""
    tree = ast.parse(Path(state_module.__file__).read_text())
    runtime = [n for n in tree.body if isinstance(n, (ast.Import, ast.ImportFrom))]
    names = {n.module for n in runtime if isinstance(n, ast.ImportFrom)}
    assert not names & {"view", "serial", "explain", "game", "bots"}, names


@pytest.mark.rules("BAL-TURN-01")
@pytest.mark.parametrize("game", GAMES)
def test_compact_position_reads_back_and_plays_on_identically(game):
    s = midgame(game, 3, 8, steps=50)
    compact = s.to_json(compact=True)
    assert "log" not in compact and "history" not in compact and "rng" in compact
    back = s.game.state_from_json(json.loads(json.dumps(compact)))
    assert back.to_json(compact=True) == compact
    assert len(back.history) == 0 and len(back.log) == 0 and back.log.turn == s.log.turn
    assert back.observation(1) == s.observation(1)
    original = s.clone()
    playout(original, 3)
    playout(back, 3)
    assert back.to_json(compact=True) == original.to_json(compact=True)
    assert back.outcome() == original.outcome()


@pytest.mark.rules("BAL-HIDDEN-01")
@pytest.mark.parametrize("game", GAMES)
def test_cached_observations_equal_fresh_ones_at_every_decision(game):
    """The observation caches are reset by every effect that changes what they show."""
    for seed in range(4):
        s = new(game, 2 + seed % 3, seed=seed)

        def every(state, step):
            cached = [state.observation(p) for p in (*range(state.num_players), None)]
            fresh = state.clone()
            fresh.reset_caches()
            assert cached == [fresh.observation(p) for p in (*range(state.num_players), None)], step

        playout(s, seed, every)
        every(s, -1)
