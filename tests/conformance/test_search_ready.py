"""Conformance for search (issue: search-ready engines), on every registered game.

- ``clone()`` gives a fully independent copy (both ways, log included);
- the compact position (``to_json(compact=True)``) reads back and plays on exactly like the original;
- ``game.sample_state(observation, rng)`` returns a full state that shows the observer exactly the same
  observation, shows everybody the same public picture, reads back from JSON and plays to the end;
- random games stay within the bounds the game declares in its ``GameInfo``;
- forged actions (look-alike subclasses, wrong field types) are refused with the state unchanged.
"""

from __future__ import annotations

import dataclasses
import json

import pytest

import jaliz_learn
from jaliz_learn import IllegalAction
from jaliz_learn.core.rng import Rng

from .test_protocol import CASES, GAMES


def advance(state, rng, steps):
    """Play up to ``steps`` random decisions (fewer if the game ends)."""
    for _ in range(steps):
        if state.is_over():
            break
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    return state


def mid_game(name, n, seed, steps=None):
    game = jaliz_learn.load_game(name)
    state = game.initial_state(num_players=n, seed=seed)
    # a few decisions into the game, with some variety between seeds
    return advance(state, Rng(seed * 31 + 7), steps if steps is not None else 15 + (seed * 17) % 60)


def play_out(state, rng, limit=200_000):
    steps = 0
    while not state.is_over():
        legal = state.legal_actions()
        assert len(legal) > 0, f"no legal action at decision {state.decision()}"
        state.apply(legal[rng.randrange(len(legal))])
        steps += 1
        assert steps < limit, "the game did not end"
    return steps


@pytest.mark.parametrize("name,n", CASES)
def test_clone_and_original_stay_independent_both_ways(name, n):
    state = mid_game(name, n, seed=3)
    before = state.to_json()
    copy = state.clone()
    assert copy.to_json() == before, "a fresh clone must equal its original"
    play_out(copy, Rng(1))
    assert state.to_json() == before, "playing on from the clone changed the original (log included)"
    copy_after = copy.to_json()
    if not state.is_over():
        play_out(state, Rng(2))
        assert copy.to_json() == copy_after, "playing on from the original changed the clone"


@pytest.mark.parametrize("name,n", CASES)
def test_clone_of_clone_and_log_sharing(name, n):
    state = mid_game(name, n, seed=5)
    a = state.clone()
    b = a.clone()
    log_len = len(state.log)
    advance(a, Rng(3), 5)
    advance(b, Rng(4), 7)
    assert len(state.log) == log_len and len(state.history) == len(state.clone().history)
    assert [e.to_json() for e in list(a.log)[:log_len]] == [e.to_json() for e in state.log]
    assert a.events() != b.events() or a.dumps() == b.dumps()


@pytest.mark.parametrize("name,n", CASES)
def test_compact_position_round_trip_plays_on_identically(name, n):
    game = jaliz_learn.load_game(name)
    for seed in (1, 2):
        state = mid_game(name, n, seed)
        compact = state.to_json(compact=True)
        assert "log" not in compact and "history" not in compact, "compact form carries no log or history"
        assert len(json.dumps(compact)) < len(json.dumps(state.to_json()))
        back = game.state_from_json(json.loads(json.dumps(compact)))
        assert back.to_json(compact=True) == compact
        for p in [*range(n), None]:
            assert back.observation(p) == state.observation(p)
        # the full form is unchanged and still reads back exactly
        assert game.state_from_json(json.loads(json.dumps(state.to_json()))).to_json() == state.to_json()
        # same future: same generator, same decisions
        original, copy = state.clone(), back
        for _ in range(40):
            if original.is_over():
                break
            legal = original.legal_actions()
            assert list(copy.legal_actions()[: min(20, len(legal))]) == list(legal[: min(20, len(legal))])
            action = legal[len(legal) // 2]
            original.apply(action)
            copy.apply(action)
        assert copy.to_json(compact=True) == original.to_json(compact=True)


def _sample(game, obs, seed):
    try:
        return game.sample_state(obs, Rng(seed))
    except NotImplementedError as exc:  # pragma: no cover - every game implements it
        pytest.fail(f"{game.name}: sample_state is missing ({exc})")


@pytest.mark.parametrize("name,n", CASES)
def test_sampled_state_matches_the_observation(name, n):
    game = jaliz_learn.load_game(name)
    for seed in (1, 4, 9):
        state = mid_game(name, n, seed)
        viewers = list(range(n))
        for p in viewers[:3]:
            obs = state.observation(p)
            sampled = _sample(game, obs, seed * 10 + p)
            assert sampled is not state
            assert sampled.observation(p) == obs, "the observer must see exactly what it saw"
            assert sampled.observation(None) == state.observation(None), "public information must match"
            assert sampled.current_player() == state.current_player()
            assert sampled.decision() == state.decision()
            # a sampled state is a valid position (the reader checks conservation) and plays to the end
            again = game.state_from_json(json.loads(json.dumps(sampled.to_json())))
            assert again.to_json() == sampled.to_json()
            play_out(sampled, Rng(seed))
            assert sampled.outcome() is not None


@pytest.mark.parametrize("name,n", CASES)
def test_sampling_is_seeded_and_accepts_an_int(name, n):
    game = jaliz_learn.load_game(name)
    state = mid_game(name, n, seed=7)
    obs = state.observation(0)
    a = game.sample_state(obs, Rng(5)).to_json(compact=True)
    b = game.sample_state(obs, 5).to_json(compact=True)
    assert a == b == game.sample_state(obs, Rng(5)).to_json(compact=True)


@pytest.mark.parametrize("name,n", [c for c in CASES if jaliz_learn.load_game(c[0]).info.hidden_information
                                    or jaliz_learn.load_game(c[0]).info.has_chance])
def test_sampling_varies_what_is_hidden(name, n):
    """Hidden cards (or future chance) are re-dealt: samples differ from each other."""
    game = jaliz_learn.load_game(name)
    state = mid_game(name, n, seed=2)
    obs = state.observation(0)
    samples = {json.dumps(game.sample_state(obs, Rng(s)).to_json(compact=True), sort_keys=True)
               for s in range(6)}
    assert len(samples) > 1, "every sample was identical: nothing hidden was re-dealt"


@pytest.mark.parametrize("name", GAMES)
def test_bounds_are_declared(name):
    info = jaliz_learn.load_game(name).info
    assert info.max_decisions is not None and info.max_decisions > 0, "declare the longest game (or safeguard)"
    assert info.score_range is not None and info.score_range[0] <= info.score_range[1], "declare the score range"
    assert info.max_legal_actions is None or info.max_legal_actions > 0


@pytest.mark.parametrize("name,n", CASES)
def test_random_games_stay_within_the_declared_bounds(name, n):
    game = jaliz_learn.load_game(name)
    info = game.info
    for seed in (1, 2):
        state = game.initial_state(num_players=n, seed=seed)
        rng = Rng(seed)
        decisions = 0
        while not state.is_over():
            legal = state.legal_actions()
            if info.max_legal_actions is not None:
                assert len(legal) <= info.max_legal_actions, f"{len(legal)} legal actions at {state.decision()}"
            state.apply(legal[rng.randrange(len(legal))])
            decisions += 1
            assert info.max_decisions is None or decisions <= info.max_decisions
        low, high = info.score_range or (float("-inf"), float("inf"))
        assert all(low <= s <= high for s in state.outcome().scores), state.outcome().scores


def _forgeries(action):
    """Look-alikes of a legal action that must all be refused."""
    cls = type(action)

    class LookAlike(cls):  # type: ignore[misc, valid-type]
        __slots__ = ()

        def __eq__(self, other):
            return True

        def __hash__(self):
            return 0

    LookAlike.kind = cls.kind
    out = [LookAlike(**{f.name: getattr(action, f.name) for f in dataclasses.fields(action)})]
    for f in dataclasses.fields(action):
        value = getattr(action, f.name)
        if type(value) is int:
            out.append(dataclasses.replace(action, **{f.name: float(value)}))
            if value in (0, 1):
                out.append(dataclasses.replace(action, **{f.name: bool(value)}))
        elif type(value) is tuple:
            out.append(dataclasses.replace(action, **{f.name: list(value)}))
    return out


@pytest.mark.parametrize("name,n", CASES)
def test_forged_actions_are_refused_and_change_nothing(name, n):
    game = jaliz_learn.load_game(name)
    state = game.initial_state(num_players=n, seed=12)
    rng = Rng(12)
    for _ in range(60):
        if state.is_over():
            break
        legal = state.legal_actions()
        before = state.dumps()
        for action in (legal[0], legal[len(legal) - 1]):
            for forged in _forgeries(action):
                with pytest.raises(IllegalAction) as err:
                    state.apply(forged)
                assert err.value.rule
                assert state.dumps() == before, f"forged {type(forged).__name__} changed the state"
        state.apply(legal[rng.randrange(len(legal))])


def _round_trips(value):
    """``value`` through pickle (every protocol) and through ``copy.deepcopy``."""
    import copy
    import pickle

    return [pickle.loads(pickle.dumps(value, protocol)) for protocol in (2, pickle.HIGHEST_PROTOCOL)] + [
        copy.deepcopy(value)]


@pytest.mark.parametrize("name,n", CASES)
def test_states_and_legal_actions_pickle_and_deepcopy_at_every_stage(name, n):
    """Anything that ships a live state between processes (process pools, Dask or Ray tasks, OpenSpiel's default
    clone, a user's ``deepcopy``) needs the state and its legal actions to round-trip at any point: right after
    ``legal_actions()`` and ``observation()`` filled the caches, in the middle of the game, and at the end."""
    game = jaliz_learn.load_game(name)
    state = game.initial_state(num_players=n, seed=11)
    rng = Rng(5)
    stages = 0
    for steps in (0, 1, 7, 40, 10_000):
        advance(state, rng, steps)
        legal = state.legal_actions()  # fills the caches that used to hold an unpicklable view
        state.observation(state.current_player() if not state.is_over() else 0)
        for copy in _round_trips(state):
            assert copy.to_json() == state.to_json(), "a copy must be the same position, log included"
            if not state.is_over():
                assert list(copy.legal_actions()) == list(legal)
                follow = legal[rng.randrange(len(legal))]
                twin = state.clone()
                twin.apply(follow)
                copy.apply(follow)
                assert copy.to_json() == twin.to_json(), "a copy must play on like the original"
        for copy in _round_trips(legal):
            assert list(copy) == list(legal) and len(copy) == len(legal)
        stages += 1
        if state.is_over():
            break
    assert state.is_over(), "the last stage is a finished game"
    assert stages >= 3
