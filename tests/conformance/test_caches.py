"""Caches never show: what a state tells is what a freshly read copy of it tells, and nothing a bot was
handed changes afterwards.

The engines cache the public part of observations, legal-action specs and per-player views between
state changes (that is what makes ``play()`` fast). A cache that is not invalidated, or an object
that a cache later updates in place, would be a silent rules bug or a leak of later information into
an earlier observation. So, for every game and player count, along random games:

* every observation and legal-action list handed out stays exactly as it was (pickled bytes);
* the live state's observations (every viewer), legal actions and decision, asked twice, equal those of
  ``state_from_json(state.to_json())`` and of the compact position read back through JSON text, copies
  that start with empty caches;
* the same holds after a clone of the state was played on (a clone must not share a cache).
"""

from __future__ import annotations

import json
import pickle

import pytest

import jaliz_learn
from jaliz_learn.core.registry import available
from jaliz_learn.core.rng import Rng

GAMES = available()
# the fewest and the most players of each game (every count would cost minutes; the caches do not
# depend on the count beyond per-player tables, which both ends exercise)
CASES = sorted({(g, n) for g in GAMES
                for n in (jaliz_learn.load_game(g).info.min_players, jaliz_learn.load_game(g).info.max_players)})


def legal_sample(legal) -> list:
    """The legal actions, or (for huge lazy lists) their length, ends and a spread of the middle."""
    n = len(legal)
    if n <= 400:
        return list(legal)
    picks = sorted({*range(100), *range(n - 100, n), *range(0, n, max(1, n // 200))})
    return [n, *(legal[i] for i in picks)]


def views(state) -> tuple:
    p = state.current_player()
    return (p, state.decision(), state.is_over(),
            [state.observation(v) for v in [*range(state.num_players), None]],
            legal_sample(state.legal_actions(p)) if p is not None else [])


@pytest.mark.parametrize("name,n", CASES)
def test_nothing_handed_out_changes_later(name, n):
    game = jaliz_learn.load_game(name)
    state = game.initial_state(num_players=n, seed=11)
    rng = Rng(11)
    handed: list[tuple[object, bytes]] = []
    steps = 0
    while not state.is_over() and steps < 3000:
        p = state.current_player()
        obs, legal = state.observation(p), state.legal_actions(p)
        spectator = state.observation(None)
        for item in (obs, spectator, legal_sample(legal)):
            handed.append((item, pickle.dumps(item)))
        state.apply(legal[rng.randrange(len(legal))])
        steps += 1
    changed = [i for i, (item, blob) in enumerate(handed) if pickle.dumps(item) != blob]
    assert not changed, f"{len(changed)} observations or legal-action lists changed after they were handed out " \
                        f"(first: item {changed[0]} of {len(handed)})"


@pytest.mark.parametrize("name,n", CASES)
def test_cached_views_equal_a_fresh_copy_of_the_state(name, n):
    game = jaliz_learn.load_game(name)
    state = game.initial_state(num_players=n, seed=12)
    rng = Rng(12)
    steps = 0
    while not state.is_over() and steps < 400:
        if steps % 5 == 0:
            first = views(state)
            assert views(state) == first, f"asked twice (the second answer cached), views differ at {steps}"
            fresh = game.state_from_json(state.to_json())
            assert first == views(fresh), f"a cached view differs from a fresh state's at decision {steps}"
            compact = game.state_from_json(json.loads(json.dumps(state.to_json(compact=True))))
            assert first == views(compact), f"a cached view differs from the compact position's at {steps}"
        if steps % 17 == 0:  # play a clone on: it must not touch the original's caches
            other = state.clone()
            other_rng = Rng(steps)
            for _ in range(5):
                if other.is_over():
                    break
                legal = other.legal_actions()
                other.apply(legal[other_rng.randrange(len(legal))])
            fresh = game.state_from_json(state.to_json())
            assert views(state) == views(fresh), f"playing a clone on changed the original's views at {steps}"
            fresh_other = game.state_from_json(other.to_json())
            assert views(other) == views(fresh_other), f"the clone's views are stale at {steps}"
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
        steps += 1
    assert views(state) == views(game.state_from_json(state.to_json()))
