"""The observation's caches (table, Treasures, turn, materials, Letters, card perks) follow every action.

Each action is checked against a state read back from JSON, which starts with no cache at all; the
rare actions (Paleontologist, exchange, remote discovery, Wagon, Treasure) are preferred when legal,
because each resets its own part of the cache.
"""

from __future__ import annotations

import pytest

from jaliz_learn.core.rng import Rng

from .helpers import GAME

RARE = ("paleo", "exchange", "remote", "wagon", "treasure", "change", "discover")


# seeds whose games use a Paleontologist (the rarest reset); the last two also a remote discovery
@pytest.mark.parametrize("n,seed", [(2, 32), (3, 0), (4, 6), (5, 46)])
def test_observations_match_a_state_without_caches_after_every_action(n, seed):
    st = GAME.initial_state(num_players=n, seed=seed)
    rng = Rng(seed + 1)
    kinds = set()
    while not st.is_over():
        legal = st.legal_actions()
        rare = [a for a in legal if a.kind in RARE]
        action = rare[rng.randrange(len(rare))] if rare and rng.randrange(2) else legal[rng.randrange(len(legal))]
        st.observation(rng.randrange(n))  # fill the caches before the action
        st.apply(action)
        kinds.add(action.kind)
        fresh = GAME.state_from_json(st.to_json(compact=True))
        for viewer in (None, *range(n)):
            assert st.observation(viewer) == fresh.observation(viewer), f"after {action} (seat view {viewer})"
        assert list(st.legal_actions()) == list(fresh.legal_actions())
    assert {"paleo", "discover", "wagon", "change"} <= kinds, "the game went through the rarer cache resets"
