"""Hostile input on every registered game (issue: trustworthy grading and hostile input).

Mutated positions, mutated action JSON and text, random illegal actions at every decision, bad seeds
and options: each must either be refused with a clear ``JalizLearnError`` (a ``ValueError`` naming
what is wrong) or give something that works. Never a raw ``TypeError``/``KeyError``/..., never a state
that is accepted and breaks later, never a state changed by a refused action.

The mutations are drawn from a seeded generator (deterministic, like a property test with a fixed
database); ``JALIZ_LEARN_FULL=1`` runs ten times as many.
"""

from __future__ import annotations

import copy
import json
import os

import pytest

import jaliz_learn
from jaliz_learn import IllegalAction, InvalidNotation, InvalidOption, InvalidPosition, JalizLearnError
from jaliz_learn.core.rng import Rng

from .test_protocol import CASES, GAMES
from .test_search_ready import advance, mid_game

SCALE = 10 if os.environ.get("JALIZ_LEARN_FULL") else 1

NASTY_VALUES = [None, True, False, -1, 0, 1, 7, 10**9, -(10**12), 2**70, 1.5, float("nan"), "", "x", "peas",
                [], [0], [[[]]], {}, {"a": 1}, [None], ["x"] * 3, [-1, -2], list(range(40))]


def _paths(value, prefix=()):
    """Every path (tuple of keys/indices) into a JSON value."""
    yield prefix
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value[:12]):
            yield from _paths(v, (*prefix, i))


def _get(doc, path):
    for k in path:
        doc = doc[k]
    return doc


def mutate(doc, rng):
    """One random hostile edit of a JSON document (returns a new document)."""
    doc = copy.deepcopy(doc)
    paths = [p for p in _paths(doc) if p]
    path = paths[rng.randrange(len(paths))]
    parent, key = _get(doc, path[:-1]), path[-1]
    kind = rng.randrange(7)
    if kind == 0:  # a nasty value of the wrong type or range
        parent[key] = copy.deepcopy(NASTY_VALUES[rng.randrange(len(NASTY_VALUES))])
    elif kind == 1:  # delete the field / element
        del parent[key]
    elif kind == 2 and isinstance(parent[key], list) and parent[key]:  # duplicate an element
        parent[key].append(copy.deepcopy(parent[key][rng.randrange(len(parent[key]))]))
    elif kind == 3 and isinstance(parent[key], int) and not isinstance(parent[key], bool):  # off by a lot
        parent[key] = parent[key] + (-1, 1, -100, 100, 10**6)[rng.randrange(5)]
    elif kind == 4 and isinstance(parent, dict):  # an unknown key
        parent["unknown_" + str(rng.randrange(99))] = 1
    elif kind == 5:  # swap with another value of the document
        other = paths[rng.randrange(len(paths))]
        try:
            parent[key] = copy.deepcopy(_get(doc, other))
        except (KeyError, IndexError, TypeError):
            parent[key] = None
    else:  # deep nesting
        nested: object = 1
        for _ in range(200):
            nested = [nested]
        parent[key] = nested
    return doc


def check_usable(state, rng, steps=25):
    """A state that was accepted must work: views, JSON, legal actions and a short random playout."""
    n = state.num_players
    for p in [*range(n), None]:
        state.observation(p)
    data = json.loads(json.dumps(state.to_json()))
    assert state.game.state_from_json(data).to_json() == data
    for _ in range(steps):
        if state.is_over():
            state.outcome()
            break
        legal = state.legal_actions()
        assert len(legal) > 0, f"accepted position has no legal action at {state.decision()}"
        state.apply(legal[rng.randrange(len(legal))])
    state.scores()


@pytest.mark.parametrize("name,n", CASES)
def test_mutated_positions_are_refused_or_usable(name, n):
    game = jaliz_learn.load_game(name)
    rng = Rng(sum(map(ord, name)) * 10 + n)
    sources = []
    for seed in (1, 2):
        state = mid_game(name, n, seed)
        sources += [state.to_json(), state.to_json(compact=True)]
    accepted = refused = 0
    for i in range(40 * SCALE):
        doc = sources[i % len(sources)]
        for _ in range(1 + rng.randrange(3)):
            doc = mutate(doc, rng)
        try:
            state = game.state_from_json(doc)
        except JalizLearnError as exc:
            assert isinstance(exc, ValueError) and str(exc)
            assert "Traceback" not in str(exc)
            refused += 1
            continue
        accepted += 1
        try:
            check_usable(state, Rng(i))
        except JalizLearnError:
            raise
        except Exception as exc:  # an accepted position broke later
            pytest.fail(f"{name}: accepted a position that broke later with {type(exc).__name__}: {exc}\n"
                        f"document: {json.dumps(doc)[:2000]}")
    assert refused > 0


@pytest.mark.parametrize("name", GAMES)
def test_not_a_position_at_all(name):
    game = jaliz_learn.load_game(name)
    deep: object = {}
    for _ in range(5000):
        deep = {"a": deep}
    for bad in (None, 1, "x", [], [{}], {}, {"num_players": "3"}, {"num_players": 10**30}, deep):
        with pytest.raises(InvalidPosition):
            game.state_from_json(bad)


def _action_docs(state):
    legal = state.legal_actions()
    return [legal[i].to_json() for i in range(0, len(legal), max(1, len(legal) // 5))][:6]


@pytest.mark.parametrize("name,n", CASES)
def test_mutated_actions_are_refused_or_applied_cleanly(name, n):
    game = jaliz_learn.load_game(name)
    rng = Rng(n * 1000 + len(name))
    state = game.initial_state(num_players=n, seed=21)
    for _ in range(30 * SCALE):
        if state.is_over():
            break
        for doc in _action_docs(state):
            mutated = mutate({"action": doc}, rng).get("action")
            for bad in (mutated, {"type": doc["type"]}, {"type": []}, {"type": None}, doc | {"extra": 1}):
                before = state.dumps()
                try:
                    action = game.action_from_json(bad)
                except InvalidNotation:
                    continue
                probe = state.clone()
                try:
                    probe.apply(action)
                except IllegalAction:
                    assert probe.dumps() == before, f"a refused action changed the state: {bad}"
            text = str(state.legal_actions()[0])
            for garbage in (text + " 9", text[:-1], text.upper(), "", " ", "\x00", text + text, "plant -1 -1",
                            "9" * 5000, text.replace(" ", "  ")):
                try:
                    action = game.parse_action(garbage, state)
                except InvalidNotation:
                    continue
                except IllegalAction:
                    continue
                probe = state.clone()
                try:
                    probe.apply(action)
                except IllegalAction:
                    assert probe.dumps() == state.dumps()
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])


@pytest.mark.parametrize("name,n", CASES)
def test_random_illegal_actions_at_every_decision(name, n):
    """Actions from other games of the same kind, tried at every decision: refused unchanged, or legal."""
    game = jaliz_learn.load_game(name)
    pool = []
    for seed in (31, 32):
        other = game.initial_state(num_players=n, seed=seed)
        rng = Rng(seed)
        for _ in range(150):
            if other.is_over():
                break
            legal = other.legal_actions()
            pool.append(legal[rng.randrange(len(legal))])
            other.apply(pool[-1])
    state = game.initial_state(num_players=n, seed=33)
    rng = Rng(33)
    for _ in range(150):
        if state.is_over():
            break
        legal = state.legal_actions()
        before = state.to_json()
        for _ in range(3):
            action = pool[rng.randrange(len(pool))]
            if action in legal:
                continue
            with pytest.raises(IllegalAction) as err:
                state.apply(action)
            assert err.value.rule
            assert state.to_json() == before
        state.apply(legal[rng.randrange(len(legal))])


@pytest.mark.parametrize("name", GAMES)
def test_bad_seeds_players_and_options(name):
    game = jaliz_learn.load_game(name)
    for seed in ("1", 1.5, None, True, [1], 2**200):
        with pytest.raises(InvalidOption, match="seed"):
            game.initial_state(seed=seed)  # type: ignore[arg-type]
    for players in (0, -1, 99, "3", 2.0, True):
        with pytest.raises(InvalidOption):
            game.initial_state(num_players=players, seed=1)  # type: ignore[arg-type]
    for spec in game.info.options:
        for bad in ("x", None, 1.5, [], -(10**9), 10**9):
            if spec.choices is not None and bad in spec.choices:
                continue
            try:
                jaliz_learn.load_game(name, **{spec.name: bad})
            except InvalidOption:
                continue
            # accepted: then it is in range and the game plays
            advance(jaliz_learn.load_game(name, **{spec.name: bad}).initial_state(seed=1), Rng(1), 30)


@pytest.mark.parametrize("name", GAMES)
def test_positions_too_deep_too_big_or_with_odd_keys_are_refused_before_reading(name):
    """The core shape check (depth, size, string keys) runs before a game reads a position."""
    from jaliz_learn.core.game import MAX_JSON_DEPTH, MAX_JSON_ITEMS

    game = jaliz_learn.load_game(name)
    good = game.initial_state(seed=1).to_json(compact=True)
    deep: object = []
    for _ in range(MAX_JSON_DEPTH + 5):
        deep = [deep]
    for data, words in [({**good, "extra": deep}, "nests deeper"),
                        ({**good, "extra": list(range(MAX_JSON_ITEMS + 1))}, "too large"),
                        ({**good, "extra": {1: "x"}}, "not a string")]:
        with pytest.raises(InvalidPosition, match=words):
            game.state_from_json(data)
    flat_but_long = [0] * 1000  # plain values need no nesting budget
    with pytest.raises(InvalidPosition) as info:  # refused by the game (unknown key), not by the shape check
        game.state_from_json({**good, "extra": flat_but_long})
    assert "nests deeper" not in str(info.value) and "too large" not in str(info.value)
