"""``clone()``: a hand-written copy (no deepcopy) that stays independent, caches included."""

from __future__ import annotations

import pytest

from jaliz_learn import IllegalAction
from jaliz_learn.core.game import attributes
from jaliz_learn.core.rng import Rng

from .helpers import GAME


def mid_game(n: int, seed: int, steps: int):
    st = GAME.initial_state(num_players=n, seed=seed)
    rng = Rng(seed)
    for _ in range(steps):
        if st.is_over():
            break
        legal = st.legal_actions()
        st.apply(legal[rng.randrange(len(legal))])
    return st


def containers(value, path):
    """Every list or dict reachable from ``value`` (with a readable path)."""
    if isinstance(value, (list, dict)):
        yield path, value
        items = value.items() if isinstance(value, dict) else enumerate(value)
        for k, v in items:
            yield from containers(v, f"{path}[{k!r}]")


@pytest.mark.parametrize("n", [2, 4, 5])
def test_clone_shares_no_mutable_container(n):
    """A new attribute forgotten in ``_copy_into`` would be shared between clones: caught here."""
    st = mid_game(n, seed=n, steps=120)
    st.observation(0)  # fill the observation cache
    copy = st.clone()
    # the observation's cached dicts are replaced, never changed in place (see _copy_into; the next test
    # checks that playing a clone leaves the original's observations as they were)
    caches = ("_pub", "_tre", "_turn", "_tpl")
    mine_attrs, their_attrs = attributes(st), attributes(copy)
    assert all(mine_attrs[c] is not None for c in caches)
    for key, value in mine_attrs.items():
        if key in ("game", "rng", "log", "_history", *caches):
            continue
        mine = dict(containers(value, key))
        theirs = dict(containers(their_attrs[key], key))
        for path, obj in mine.items():
            assert theirs[path] is not obj, f"{path} is shared between a state and its clone"
    assert copy.rng is not st.rng and copy.log is not st.log


@pytest.mark.parametrize("n,seed", [(2, 1), (3, 2), (4, 3), (5, 4)])
def test_clone_plays_on_independently_and_caches_stay_right(n, seed):
    st = mid_game(n, seed, steps=60 + 20 * n)
    before = st.to_json()
    obs_before = [st.observation(p) for p in range(n)]
    legal_before = [str(a) for a in st.legal_actions()]
    copy = st.clone()
    assert copy.to_json() == before
    rng = Rng(seed + 100)
    for _ in range(80):
        if copy.is_over():
            break
        legal = copy.legal_actions()
        copy.apply(legal[rng.randrange(len(legal))])
        # the clone's caches follow the clone: a state rebuilt from JSON (no caches) agrees
        fresh = GAME.state_from_json(copy.to_json())
        assert [str(a) for a in copy.legal_actions()] == [str(a) for a in fresh.legal_actions()]
        assert all(copy.observation(p) == fresh.observation(p) for p in range(n))
    assert st.to_json() == before, "playing the clone changed the original"
    assert [st.observation(p) for p in range(n)] == obs_before
    assert [str(a) for a in st.legal_actions()] == legal_before


def test_actions_handed_out_share_nothing_with_the_state_or_later_games():
    """A bot that changes an action it was given (object.__setattr__) changes no rule and no later game."""
    import jaliz_learn.games.jungli_la as pkg
    import jaliz_learn.games.jungli_la.bots as bots
    from jaliz_learn.core.actions import Action

    st = GAME.initial_state(num_players=3, seed=21)
    twin = GAME.initial_state(num_players=3, seed=21)
    rng = Rng(4)
    while not st.is_over():
        legal = st.legal_actions()
        listed = [str(a) for a in legal]
        for a in legal:  # vandalise everything handed out
            for name in getattr(type(a), "__match_args__", ()):
                object.__setattr__(a, name, 99)
        assert [str(a) for a in st.legal_actions()] == listed, "the state's legal actions changed"
        assert legal[0] is not legal[0], "every access builds a new object"
        i = rng.randrange(len(legal))
        forged = legal[i]
        if type(forged).__match_args__:
            object.__setattr__(forged, type(forged).__match_args__[0], 99)
            with pytest.raises(IllegalAction):
                st.apply(forged)
        action = st.legal_actions()[i]
        st.apply(action)
        twin.apply(str(action))
    assert st.to_json() == twin.to_json()
    for module in (pkg.actions, pkg.state, pkg.game, bots, pkg.positions):
        found = [k for k, v in vars(module).items() if isinstance(v, Action)]
        assert not found, f"module-level action objects in {module.__name__}: {found}"


def test_observations_are_immutable_in_fact():
    st = mid_game(4, 8, steps=90)
    for viewer in (0, None):
        obs = st.observation(viewer)

        def check(value, path):
            assert isinstance(value, (int, str, bool, type(None), tuple)), f"{path} is a {type(value).__name__}"
            if isinstance(value, tuple):
                for i, v in enumerate(value):
                    check(v, f"{path}[{i}]")

        for name, value in vars(obs).items():
            check(value, name)


def test_parsed_actions_have_exact_field_types():
    from jaliz_learn.core.actions import check_action_fields

    for text in ["roll 5", "reroll f m1", "change F T", "paleo L W", "gain each", "discard W", "move 3",
                 "remote b03", "exchange A01 c02", "keep", "end"]:
        action = GAME.parse_action(text, None)
        assert type(action) in GAME.action_types.values()
        check_action_fields(action)  # raises if a field is not exactly its declared type


@pytest.mark.parametrize("n,seed", [(2, 31), (4, 32), (5, 33)])
def test_cached_observations_match_fresh_ones_after_every_action(n, seed):
    """The observation caches (public table, resources) are reset wherever what they hold changes."""
    st = GAME.initial_state(num_players=n, seed=seed)
    rng = Rng(seed)
    while not st.is_over():
        for p in (st.current_player(), (st.current_player() + 1) % n):
            st.observation(p)  # fill the caches, then change the state
        legal = st.legal_actions()
        st.apply(legal[rng.randrange(len(legal))])
        fresh = GAME.state_from_json(st.to_json(compact=True))
        for p in [*range(n), None]:
            assert st.observation(p) == fresh.observation(p), f"stale observation after {st.history[-1]}"
