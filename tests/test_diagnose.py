"""The search diagnosis (issue 34, part 2) measures what it says: positions from many games, values that point
the right way."""

from __future__ import annotations

import json

from jaliz_learn.benchmarks import diagnose
from jaliz_learn.core.registry import load_game


def test_positions_are_spread_over_games(monkeypatch) -> None:
    # Positions of one game share its outcome: 8 positions, 2 a game, must come from 4 games (the first version
    # took 150 Jaliz positions from 3 games).
    game = load_game("nizam")
    seeds: list[int] = []
    deal = game.initial_state

    def counted(*args, **kwargs):
        seeds.append(kwargs["seed"])
        return deal(*args, **kwargs)

    monkeypatch.setattr(game, "initial_state", counted)
    monkeypatch.setattr(diagnose, "load_game", lambda name: game)
    states = diagnose.positions("nizam", 2, count=8, seed=5, per_game=2)
    assert len(states) == 8
    assert seeds == [5, 6, 7, 8]
    assert all(len(s.legal_actions(s.current_player())) > 1 for s in states)
    assert len({json.dumps(s.to_json(), sort_keys=True) for s in states}) == 8


def test_value_at_the_end_predicts_the_winner() -> None:
    # Past the end of every rollout the cut value is the end's value (margin plus the win), so it must track
    # who won; a value read for the wrong player would correlate negatively.
    corr = diagnose.cut_value_correlation("nizam", 2, depths=(0, 100_000), count=12, seed=0)
    assert corr[100_000] > 0.8
    assert -1.0 <= corr[0] <= 1.0
