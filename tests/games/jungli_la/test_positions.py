"""Positions: the compact JSON form (no log, no history) and the validation of hand-written positions."""

from __future__ import annotations

import json

import pytest

from jaliz_learn.core.rng import Rng

from .helpers import GAME
from .test_clone import mid_game


@pytest.mark.parametrize("n,seed", [(2, 5), (4, 6), (5, 7)])
def test_compact_position_reads_back_and_plays_on_like_the_original(n, seed):
    st = mid_game(n, seed, steps=70)
    pos = st.to_json(compact=True)
    assert "log" not in pos and "history" not in pos and pos["rng"] == st.rng.to_json()
    back = GAME.state_from_json(json.loads(json.dumps(pos)))
    assert len(back.log) == 0 and len(back.history) == 0 and back.log.turn == st.log.turn
    assert back.to_json(compact=True) == pos
    assert all(back.observation(p) == st.observation(p) for p in [*range(n), None])
    rng = Rng(seed)
    while not st.is_over():
        legal = st.legal_actions()
        assert [str(a) for a in back.legal_actions()] == [str(a) for a in legal]
        action = legal[rng.randrange(len(legal))]
        st.apply(action)
        back.apply(action)
    assert back.to_json(compact=True) == st.to_json(compact=True)
    assert back.outcome() == st.outcome()


def test_full_form_is_unchanged_by_the_compact_option():
    st = mid_game(3, 8, steps=40)
    full = st.to_json()
    assert full == st.to_json(compact=False)
    assert {k: v for k, v in full.items() if k not in ("log", "history")} == st.to_json(compact=True)
    assert GAME.state_from_json(json.loads(json.dumps(full))).to_json() == full
