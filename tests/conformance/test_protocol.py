"""One conformance suite for every registered game (like PettingZoo's api_test and seed_test).

Each game must: declare its metadata, seed deterministically, list complete
legal actions, reject illegal actions with the state unchanged, round-trip
actions through text and JSON, round-trip states through JSON at any point,
replay from (seed, actions), filter observations and the log per viewer, and end.
"""

from __future__ import annotations

import dataclasses
import json
import pickle

import pytest

import jaliz_learn
from jaliz_learn import IllegalAction, NotYourTurn
from jaliz_learn.core.registry import available
from jaliz_learn.core.rng import Rng

GAMES = available()


def player_counts(name: str) -> list[int]:
    info = jaliz_learn.load_game(name).info
    return list(range(info.min_players, info.max_players + 1))


CASES = [(g, n) for g in GAMES for n in player_counts(g)]


def random_playout(game, n, seed, max_steps=100_000, every=None):
    state = game.initial_state(num_players=n, seed=seed)
    rng = Rng(seed + 99)
    steps = 0
    while not state.is_over():
        legal = state.legal_actions()
        assert len(legal) > 0, f"no legal action at decision {state.decision()}"
        if every is not None:
            every(state, steps)
        state.apply(legal[rng.randrange(len(legal))])
        steps += 1
        assert steps < max_steps, "game did not end"
    return state


@pytest.mark.parametrize("name", GAMES)
def test_metadata_declared(name):
    info = jaliz_learn.load_game(name).info
    assert info.name == name and info.title and info.rules_version and info.rulebook
    assert 1 <= info.min_players <= info.max_players
    assert name in [i.name for i in jaliz_learn.list_games()]


@pytest.mark.parametrize("name", GAMES)
def test_unknown_option_is_a_clear_error(name):
    with pytest.raises(jaliz_learn.InvalidOption, match="no option"):
        jaliz_learn.load_game(name, no_such_option=1)


@pytest.mark.parametrize("name,n", CASES)
def test_same_seed_same_game(name, n):
    game = jaliz_learn.load_game(name)
    a = random_playout(game, n, seed=11)
    b = random_playout(game, n, seed=11)
    assert a.dumps() == b.dumps()
    c = game.initial_state(num_players=n, seed=12)
    if game.info.has_chance:
        assert c.dumps() != game.initial_state(num_players=n, seed=11).dumps()


@pytest.mark.parametrize("name,n", CASES)
def test_json_round_trip_notation_and_illegal_actions(name, n):
    game = jaliz_learn.load_game(name)

    def check(state, step):
        # dense early, sparse later: long games (Pearl of the East) stay cheap
        if step % 7 if step < 200 else step % 101:
            return
        data = state.to_json()
        back = game.state_from_json(json.loads(json.dumps(data)))
        assert back.to_json() == data, "state JSON round trip is not exact"
        full = state.legal_actions()
        legal = [full[i] for i in range(min(40, len(full)))]
        for action in legal:
            assert game.parse_action(str(action), state) == action, f"notation does not round-trip: {action}"
            assert game.action_from_json(json.loads(json.dumps(action.to_json()))) == action
            hash(action)
        # an action of another player is refused, state unchanged
        before = state.dumps()
        other = (state.current_player() + 1) % state.num_players
        if other != state.current_player():
            with pytest.raises(NotYourTurn):
                state.apply(legal[0], other)
        # an action legal elsewhere but not here is refused with a rule named
        for candidate in illegal_candidates(state, full):
            with pytest.raises(IllegalAction) as err:
                state.apply(candidate)
            assert err.value.rule, "an IllegalAction must name the rule"
            assert isinstance(err.value, ValueError)
        assert state.dumps() == before, "an illegal action changed the state"

    random_playout(game, n, seed=3, every=check)


_seen_actions: dict[str, list] = {}


def illegal_candidates(state, legal):
    """Actions seen earlier in this game that are not legal now."""
    pool = _seen_actions.setdefault(state.game.name, [])
    pool.extend(legal[i] for i in range(min(5, len(legal))))
    del pool[:-60]
    out = []
    for a in pool:
        if a not in legal:
            out.append(a)
        if len(out) >= 3:
            break
    return out


@pytest.mark.parametrize("name,n", CASES)
def test_replay_from_seed_and_actions(name, n):
    game = jaliz_learn.load_game(name)
    state = random_playout(game, n, seed=5)
    record = json.loads(json.dumps(state.record()))
    again = jaliz_learn.replay_record(record)
    assert again.dumps() == state.dumps()
    text_again = jaliz_learn.replay(game, n, 5, record["actions"])
    assert text_again.dumps() == state.dumps()


@pytest.mark.parametrize("name,n", CASES)
def test_game_ends_with_outcome(name, n):
    game = jaliz_learn.load_game(name)
    state = random_playout(game, n, seed=8)
    out = state.outcome()
    assert out is not None and len(out.scores) == n
    # nobody may win (every player eliminated); otherwise the winners are the first rank
    assert not out.winners or set(out.winners) == set(out.ranking[0])
    assert set(out.eliminated) <= set(range(n))
    assert sorted(p for group in out.ranking for p in group) == list(range(n))
    assert state.current_player() is None and len(state.legal_actions()) == 0
    with pytest.raises(jaliz_learn.GameOver):
        state.apply(jaliz_learn.Action())


@pytest.mark.parametrize("name,n", CASES)
def test_observation_is_detached_and_frozen(name, n):
    game = jaliz_learn.load_game(name)
    state = game.initial_state(num_players=n, seed=4)
    for viewer in [*range(n), None]:
        obs = state.observation(viewer)
        assert obs.player == viewer and obs.game == name
        assert set(vars(obs)) == type(obs).field_names(), "an observation built with fast() lacks fields"
        blob = pickle.dumps(obs)
        assert b"Rng" not in blob and b"EventLog" not in blob, "observation must not carry the RNG or log"
        assert type(state).__name__.encode() not in blob, "observation must not refer to the state"
        with pytest.raises(dataclasses.FrozenInstanceError):
            obs.player = 99  # frozen


@pytest.mark.parametrize("name,n", CASES)
def test_clone_is_independent(name, n):
    game = jaliz_learn.load_game(name)
    state = game.initial_state(num_players=n, seed=2)
    copy = state.clone()
    copy.apply(copy.legal_actions()[0])
    assert copy.dumps() != state.dumps()
    assert state.dumps() == game.initial_state(num_players=n, seed=2).dumps()


@pytest.mark.parametrize("name", GAMES)
def test_game_and_state_pickle_for_process_pools(name):
    """Tournaments send the game to worker processes (and searches may send states): both must pickle,
    and the copies must play on exactly like the originals."""
    game = jaliz_learn.load_game(name)
    n = game.resolve_num_players(None)
    state = game.initial_state(num_players=n, seed=4)
    for _ in range(20):
        if state.is_over():
            break
        state.apply(state.legal_actions()[0])
    game2, state2 = pickle.loads(pickle.dumps((game, state)))
    assert game2.options == game.options and state2.dumps() == state.dumps()
    bots = [jaliz_learn.RandomBot(i) for i in range(n)]
    assert (jaliz_learn.play(game2, bots, seed=7).state.dumps()
            == jaliz_learn.play(game, [jaliz_learn.RandomBot(i) for i in range(n)], seed=7).state.dumps())
    while not state2.is_over():
        a = state2.legal_actions()[0]
        state.apply(a)
        state2.apply(a)
    assert state2.dumps() == state.dumps()


class _NizamKeepingEverything(type(jaliz_learn.load_game("nizam"))):  # type: ignore[misc]
    """A game class with its own ``__getstate__`` (module level, so that pickle finds it)."""

    def __getstate__(self):
        return dict(self.__dict__)


def test_a_game_with_its_own_getstate_pickles():
    """The generated action checks pickle as the recipe that rebuilds them, so a game class that writes its own
    ``__getstate__`` (keeping every attribute) needs no special case for them."""
    game = _NizamKeepingEverything()
    copy = pickle.loads(pickle.dumps(game))
    assert copy.action_checks is game.action_checks  # the same table, rebuilt from the same classes
    state = copy.initial_state(num_players=2, seed=1)
    state.apply(state.legal_actions()[0])


@pytest.mark.parametrize("name", GAMES)
def test_play_helper_and_log_exports(name):
    game = jaliz_learn.load_game(name)
    n = game.info.min_players if game.info.min_players > 1 else 2
    n = min(n, game.info.max_players)
    result = jaliz_learn.play(game, [jaliz_learn.RandomBot(i) for i in range(n)], seed=1)
    df = result.state.log_dataframe(viewer=None)
    assert len(df) == len(result.state.log) and {"kind", "player", "text"} <= set(df.columns)
    json.dumps(result.state.log.to_json(None))
    for line in result.state.log_text(None):
        assert isinstance(line, str) and line


@pytest.mark.parametrize("name", GAMES)
def test_rule_catalogue_is_cited_in_code(name):
    """Every rule ID of the catalogue appears in the game's source code."""
    import importlib
    import pathlib

    game = jaliz_learn.load_game(name)
    pkg = importlib.import_module(type(game).__module__.rsplit(".", 1)[0])
    source = "\n".join(p.read_text() for p in pathlib.Path(pkg.__file__).parent.rglob("*.py")
                       if "catalogue" not in p.name)
    missing = [r.id for r in game.rules if r.id not in source]
    assert not missing, f"rule IDs never cited in the {name} code: {missing}"


def reachable(root, limit=20_000):
    """Every object reachable from ``root`` through references (bounded walk)."""
    import gc

    seen, stack, out = set(), [root], []
    while stack and len(seen) < limit:
        obj = stack.pop()
        if id(obj) in seen or isinstance(obj, (type, type(reachable))):
            continue
        seen.add(id(obj))
        out.append(obj)
        stack.extend(gc.get_referents(obj))
    return out


@pytest.mark.parametrize("name,n", CASES)
def test_bots_cannot_reach_the_state(name, n):
    """Principle 2: nothing reachable from an observation or a legal-action list leads to the state."""
    from jaliz_learn.core.events import EventLog
    from jaliz_learn.core.game import State

    game = jaliz_learn.load_game(name)

    def check(state, step):
        if step % 13:
            return
        p = state.current_player()
        for root in (state.observation(p), state.legal_actions(p)):
            for obj in reachable(root):
                assert not isinstance(obj, (State, Rng, EventLog)), \
                    f"{type(obj).__name__} reachable from {type(root).__name__} at step {step}"

    _bounded(game, n, check)


def _bounded(game, n, check, steps=400):
    state = game.initial_state(num_players=n, seed=6)
    rng = Rng(6)
    for step in range(steps):
        if state.is_over():
            break
        check(state, step)
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
