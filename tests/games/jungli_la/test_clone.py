"""``clone()``: a hand-written copy (no deepcopy) that stays independent, caches included."""

from __future__ import annotations

import pytest

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
    # _pub is a cache that is replaced, never changed in place (see _copy_into)
    for key, value in st.__dict__.items():
        if key in ("game", "rng", "log", "_history", "_pub"):
            continue
        mine = dict(containers(value, key))
        theirs = dict(containers(copy.__dict__[key], key))
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
