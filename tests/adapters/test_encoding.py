"""Fixed action ids, the RL mode (composite actions by sub-decisions) and observation tensors.

These need no optional extra: they test the encodings every environment adapter is built on.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

import jaliz_learn
from jaliz_learn.adapters import RLState, action_encoding, observation_tensor, tensor_layout
from jaliz_learn.adapters.encoding import SubDecision
from jaliz_learn.core.errors import IllegalAction, InvalidNotation
from jaliz_learn.core.registry import available

GAMES = available()


def _random_states(game, num_players, seed, every=1, limit=400):
    """States along one random game (every ``every``-th decision, at most ``limit`` decisions)."""
    state = game.initial_state(num_players=num_players, seed=seed)
    rnd = random.Random(seed)
    for step in range(limit):
        if state.is_over():
            break
        if step % every == 0:
            yield state
        legal = state.legal_actions()
        state.apply(legal[rnd.randrange(len(legal))])
    yield state


@pytest.mark.parametrize("name", GAMES)
def test_every_action_class_has_ids(name):
    game = jaliz_learn.load_game(name)
    enc = action_encoding(game)
    covered = {spec.cls for spec in enc.flat} | set(enc.composite_of)
    assert covered == set(game.action_types.values())


@pytest.mark.parametrize("name", GAMES)
def test_legal_actions_round_trip_through_their_ids(name):
    game = jaliz_learn.load_game(name)
    enc = action_encoding(game)
    for n in sorted({game.info.min_players, game.info.max_players}):
        checked = 0
        for state in _random_states(game, n, seed=n, limit=300):
            legal = state.legal_actions()
            if len(legal) > 2000:
                continue
            flat = [a for a in legal if not enc.is_composite(a)]
            ids = [enc.action_id(a) for a in flat]
            assert len(set(ids)) == len(ids), "two legal actions share an id"
            for a, i in zip(flat, ids):
                assert 0 <= i < enc.num_distinct_actions and enc.action_from_id(i) == a
                checked += 1
        assert checked


@pytest.mark.parametrize("name", GAMES)
def test_ids_are_the_same_in_a_fresh_encoding(name):
    from jaliz_learn.adapters.encoding import game_module

    game = jaliz_learn.load_game(name)
    again = game_module(game).action_encoding(game)
    enc = action_encoding(game)
    assert again.num_distinct_actions == enc.num_distinct_actions
    assert all(str(again.action_from_id(i)) == str(enc.action_from_id(i)) for i in range(enc.num_distinct_actions))


def test_unknown_or_out_of_range_ids_are_refused():
    enc = action_encoding(jaliz_learn.load_game("nizam"))
    from jaliz_learn.games.nizam.actions import Move

    with pytest.raises(InvalidNotation, match="outside the declared action space"):
        enc.action_id(Move("r1", "top", "A"))  # rows have left/right ends only
    for bad in (-1, enc.num_distinct_actions, 1.0, True):
        with pytest.raises(InvalidNotation, match="action id"):
            enc.action_from_id(bad)


def test_decoded_actions_are_fresh_objects():
    enc = action_encoding(jaliz_learn.load_game("nizam"))
    a = enc.action_from_id(5)
    object.__setattr__(a, "pay", "ZZZ")  # a hostile caller alters what it was given
    assert enc.action_from_id(5) != a


def _offer_state(name, num_players=3, limit=5000):
    """A state in Jaliz's offer decision with a small offer space (so it can be listed in full)."""
    game = jaliz_learn.load_game(name)
    for seed in range(40):
        for state in _random_states(game, num_players, seed, limit=200):
            if state.decision() == "offer" and 1 < len(state.legal_actions()) <= limit:
                return state
    raise AssertionError("no small offer decision found")  # pragma: no cover


def _reachable(rl):
    """Every engine action the RL sub-decisions can build from here (depth-first over legal ids)."""
    out = []
    for i in rl.legal_ids():
        item = rl.encoding.action_from_id(i)
        if not isinstance(item, SubDecision):
            out.append(item)
            continue
        if item.step == "finish":
            out.append(rl.building())
            continue
        child = rl.clone()
        child.apply_id(i)
        out.extend(_reachable(child))
    return out


@pytest.mark.rules("JAL-R-NEGOTIATION")
def test_offer_sub_decisions_reach_exactly_the_legal_offers():
    state = _offer_state("jaliz")
    reached = _reachable(RLState(state.clone()))
    legal = list(state.legal_actions())
    assert len(reached) == len(set(reached)), "an action is reached by two sequences"
    assert set(reached) == set(legal)


@pytest.mark.rules("JAL-R-NEGOTIATION")
def test_an_offer_applied_by_sub_decisions_is_the_engine_offer():
    state = _offer_state("jaliz")
    legal = list(state.legal_actions())
    offer = max(legal, key=lambda a: len(getattr(a, "give", ())) + len(getattr(a, "want", ())))
    rl = RLState(state.clone())
    player = rl.current_player()
    ids = rl.encoding.action_ids(offer)
    for i in ids[:-1]:
        assert i in rl.legal_ids()
        rl.apply_id(i)
        assert rl.current_player() == player and len(rl.state.history) == len(state.history)
    assert rl.building() == offer
    assert sum(rl.builder_vector(player)) > 0 and not any(rl.builder_vector((player + 1) % 3))
    rl.apply_id(ids[-1])
    assert rl.state.history[-1] == (player, offer)


def test_an_illegal_id_is_refused_and_changes_nothing():
    rl = RLState(jaliz_learn.load_game("nizam").initial_state(num_players=2, seed=4))
    before = rl.state.to_json()
    bad = next(i for i in range(rl.encoding.num_distinct_actions) if i not in rl.legal_ids())
    with pytest.raises(IllegalAction, match="not legal now"):
        rl.apply_id(bad)
    assert rl.state.to_json() == before and rl.steps == 0


@pytest.mark.parametrize("name", GAMES)
def test_rl_mode_plays_whole_games(name):
    game = jaliz_learn.load_game(name)
    n = game.info.min_players
    rl = RLState(game.initial_state(num_players=n, seed=11))
    rnd = random.Random(11)
    enc = rl.encoding
    while not rl.is_over():
        ids = rl.legal_ids()
        assert ids and ids == sorted(set(ids)) and all(0 <= i < enc.num_distinct_actions for i in ids)
        rl.apply_id(rnd.choice(ids))
    assert rl.legal_ids() == [] and len(rl.returns()) == n
    decisions = game.info.max_decisions
    assert decisions is None or rl.steps <= decisions * enc.max_steps_per_decision


@pytest.mark.parametrize("name", GAMES)
def test_observation_tensors_have_the_declared_shape(name):
    game = jaliz_learn.load_game(name)
    for n in sorted({game.info.min_players, game.info.max_players}):
        layout = tensor_layout(game, n)
        blocks = layout.describe()
        assert blocks[-1][1] + blocks[-1][2] == layout.size
        seen = set()
        for state in _random_states(game, n, seed=n + 1, every=7, limit=300):
            for viewer in (*range(n), None):
                t = observation_tensor(state.observation(viewer), game)
                assert t.shape == layout.shape and t.dtype == np.float32 and np.isfinite(t).all()
                seen.add(t.tobytes())
        assert len(seen) > 3, "the tensor does not follow the game"


def test_tensor_blocks_mean_what_the_layout_says():
    game = jaliz_learn.load_game("nizam")
    state = game.initial_state(num_players=2, seed=3)
    obs = state.observation(1)
    t = observation_tensor(obs, game)
    where = {name: (start, size) for name, start, size in tensor_layout(game, 2).describe()}
    start, size = where["observer"]
    assert list(t[start:start + size]) == [0, 1, 0, 0, 0]
    start, size = where["hand"]
    assert t[start:start + size].sum() == len(obs.hand)
    start, size = where["board"]
    assert t[start:start + size].sum() == 25  # one kind per cell


@pytest.mark.parametrize("name", GAMES)
def test_flat_legal_ids_agree_with_the_engines_legality_test(name):
    """Also in huge decisions (Jaliz offers beyond the full scan), where the listed actions are read only
    up to the first composite one: every flat id is legal exactly when its action is in legal_actions."""
    game = jaliz_learn.load_game(name)
    enc = action_encoding(game)
    flat = [(i, enc.action_from_id(i)) for i in range(enc.num_flat)]
    n = game.info.max_players
    big = 0
    for state in _random_states(game, n, seed=5, every=9, limit=400):
        legal = state.legal_actions()
        big += len(legal) > 4096
        expected = {i for i, a in flat if a in legal}
        got = {i for i in RLState(state).legal_ids() if i < enc.num_flat}
        assert got == expected, state.decision()
    if name.startswith("jaliz"):
        assert big, "no decision beyond the full scan was checked"
