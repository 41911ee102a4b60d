"""Seeded games stay byte-identical (issue 26: engines rewritten to read like their rulebooks must not change a
rule): for every game and player count, two seeded random games are replayed and, at every decision, the
observation of the player to act, every player's observation now and then, the legal actions and the action
taken are hashed, with the final JSON and the event log. The digests were taken before the engines were
rewritten; ``JALIZ_LEARN_WRITE_GOLDEN=1`` writes them anew (only for a deliberate change of a rule, with a
ruling in docs/RULINGS.md).
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

import pytest

import jaliz_learn
from jaliz_learn.core.rng import Rng

from .test_protocol import CASES

GOLDEN = Path(__file__).with_name("golden_games.json")
SEEDS = (3, 29)


def digest(name: str, n: int, seed: int) -> str:
    game = jaliz_learn.load_game(name)
    state = game.initial_state(num_players=n, seed=seed)
    rng = Rng(seed * 7919 + n)
    h = hashlib.sha256()
    step = 0
    while not state.is_over():
        player = state.current_player()
        h.update(repr(state.observation(player)).encode())
        if step % 17 == 0:  # every player's view, now and then (it is slow to take at every decision)
            for viewer in (*range(n), None):
                h.update(repr(state.observation(viewer)).encode())
        legal = state.legal_actions()
        count = len(legal)
        h.update(f"{count}:{[str(a) for a in legal[:64]]}".encode())
        action = legal[rng.randrange(count)]
        h.update(str(action).encode())
        state.apply(action)
        step += 1
    h.update(json.dumps(state.to_json(), sort_keys=True).encode())
    h.update(state.log.dumps().encode())
    return h.hexdigest()


def test_seeded_games_are_byte_identical():
    found = {f"{name}/{n}/{seed}": digest(name, n, seed) for name, n in CASES for seed in SEEDS}
    if os.environ.get("JALIZ_LEARN_WRITE_GOLDEN"):
        GOLDEN.write_text(json.dumps(found, indent=1, sort_keys=True) + "\n")
        pytest.skip("golden digests written")
    golden = json.loads(GOLDEN.read_text())
    changed = sorted(k for k in golden if found.get(k) != golden[k])
    assert not changed, f"seeded games changed: {changed}"
    assert set(found) == set(golden), "games or player counts were added or removed: rewrite the digests"
