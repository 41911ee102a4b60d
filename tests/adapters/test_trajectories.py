"""Trajectories of bot games as tensors (issue 31): per decision the observation, the action id, the mask and the
reward; 200 games exported to Parquet; the same on processes as serially."""

from __future__ import annotations

import numpy as np
import pytest

from jaliz_learn.adapters.trajectories import trajectories
from jaliz_learn.bots import RandomBot
from jaliz_learn.games.nizam.bots import NizamGreedyBot


def test_every_recorded_action_was_legal_and_rewards_come_at_the_end():
    data = trajectories("nizam", [NizamGreedyBot, RandomBot], games=4, seed=3)
    assert data.masks[np.arange(len(data)), data.actions].all()
    assert set(np.unique(data.seats)) == {0, 1} and data.bots[0] == ["NizamGreedyBot", "RandomBot"]
    assert data.bots[1] == ["RandomBot", "NizamGreedyBot"]  # seats rotate
    for game in range(4):
        rows = data.games == game
        for seat in (0, 1):
            mine = np.flatnonzero(rows & (data.seats == seat))
            assert (data.rewards[mine[:-1]] == 0).all()


def test_composite_actions_are_recorded_as_their_sub_decisions():
    data = trajectories("jaliz", [RandomBot] * 3, games=1, seed=2)
    assert data.masks[np.arange(len(data)), data.actions].all()
    assert data.observations.shape == (len(data), data.observations.shape[1])


def test_the_same_on_processes_as_serially():
    serial = trajectories("bali", ["greedy", "random"], games=4, seed=5)
    pooled = trajectories("bali", ["greedy", "random"], games=4, seed=5, executor="process", jobs=2)
    assert (serial.actions == pooled.actions).all() and (serial.observations == pooled.observations).all()


def test_two_hundred_games_to_parquet(tmp_path):
    pd = pytest.importorskip("pandas")
    pytest.importorskip("pyarrow")
    data = trajectories("nizam", [NizamGreedyBot], games=200, seed=1, path=tmp_path / "solo.parquet")
    table = pd.read_parquet(tmp_path / "solo.parquet")
    assert len(table) == len(data) and table["game"].nunique() == 200
    assert len(table["observation"].iloc[0]) == data.observations.shape[1]
