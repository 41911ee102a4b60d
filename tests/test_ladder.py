"""The bot ladder (issue 34, parts 4-5): ratings that recover a known order, the same table on any executor for
the same seed, and a worker killed in the middle that changes nothing."""

from __future__ import annotations

import os
import random
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest

from jaliz_learn.bots import RandomBot
from jaliz_learn.cli import main
from jaliz_learn.core.errors import InvalidOption
from jaliz_learn.ladder import bradley_terry, comparisons, default_bots, ladder, resolve, wald_half_widths


def test_bradley_terry_recovers_the_strengths_that_made_the_results():
    rng = random.Random(5)
    true = {"a": 0.0, "b": 200.0, "c": 400.0}  # Elo scale
    pairs = []
    for g in range(3000):
        x, y = rng.sample(list(true), 2)
        p = 1 / (1 + 10 ** ((true[y] - true[x]) / 400))
        pairs.append((g, x, y, 1.0) if rng.random() < p else (g, y, x, 1.0))
    fitted = bradley_terry(pairs, ["a", "b", "c"])
    assert fitted["a"] == 0.0
    assert abs(fitted["b"] - 200) < 40 and abs(fitted["c"] - 400) < 50, fitted
    half = wald_half_widths(pairs, ["a", "b", "c"], fitted)
    assert 10 < half["b"] < 60 and half["a"] == 0.0


def test_a_draw_counts_half_a_win_each_way():
    even = bradley_terry([(0, "a", "b", 0.5)] * 20, ["a", "b"])
    assert abs(even["b"]) < 1e-6


def test_comparisons_read_winners_then_scores():
    rows = [{"game": 0, "bot": "x", "win": True, "score": 5}, {"game": 0, "bot": "y", "win": False, "score": 7},
            {"game": 0, "bot": "z", "win": False, "score": 7}, {"game": 1, "bot": "x", "win": False, "score": 1},
            {"game": 1, "bot": "y", "win": True, "score": 3}]
    assert comparisons(rows) == [(0, "x", "y", 1.0), (0, "x", "z", 1.0), (0, "y", "z", 0.5), (1, "y", "x", 1.0)]


def test_default_bots_and_specs():
    assert default_bots("jaliz") == ["random", "heuristic", "mcts@160", "mcts@640"]
    assert default_bots("nizam")[:2] == ["random", "greedy"]
    name, spec = resolve("mcts@7", "nizam")
    assert name == "mcts@7" and spec(3).iterations == 7
    with pytest.raises(InvalidOption, match="mcts@ITERATIONS"):
        resolve("greedy@5", "nizam")
    with pytest.raises(InvalidOption, match="choose from"):
        resolve("nobody", "nizam")
    assert resolve("jaliz_learn.bots:RandomBot", "nizam")[1] is RandomBot


def _table(executor):
    df = ladder("nizam", ["random", "greedy", "jaliz_learn.bots:RandomBot"], games=12, seed=9, executor=executor,
                bootstrap=30)
    return df.drop(columns=["mean_ms"]).round(6).to_dict("index")


def test_the_same_table_serially_on_processes_and_on_dask():
    serial = _table(None)
    assert serial["greedy"]["rating"] > serial["random"]["rating"]
    with ProcessPoolExecutor(2) as pool:
        assert _table(pool) == serial
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as c, \
            distributed.Client(c) as client:
        assert _table(client.get_executor()) == serial


class DiesOnce:
    """A bot factory whose first creation in a worker kills that worker (once per marker file)."""

    def __init__(self, marker: str) -> None:
        self.marker = marker

    def __call__(self, seed: int) -> RandomBot:
        if os.getpid() != int(Path(self.marker).read_text() or 0) and not Path(self.marker + ".done").exists():
            Path(self.marker + ".done").write_text("x")
            os._exit(9)  # the worker process dies in the middle of a game
        return RandomBot(seed)


def test_a_killed_worker_loses_no_game_and_counts_none_twice(tmp_path):
    marker = str(tmp_path / "parent")
    Path(marker).write_text(str(os.getpid()))
    bots = [("random", RandomBot), ("greedy", resolve("greedy", "nizam")[1]), ("dies", DiesOnce(marker))]
    serial = ladder("nizam", bots, games=12, seed=4, executor=None, bootstrap=20)
    with ProcessPoolExecutor(2) as pool:
        pooled = ladder("nizam", bots, games=12, seed=4, executor=pool, bootstrap=20)
    assert Path(marker + ".done").exists()  # a worker did die
    assert len(pooled.attrs["games"]) == len(serial.attrs["games"]) == 24
    drop = ["mean_ms"]
    assert pooled.drop(columns=drop).round(6).equals(serial.drop(columns=drop).round(6))


def test_the_ladder_command(tmp_path, capsys):
    csv, png = tmp_path / "ladder.csv", tmp_path / "ladder.png"
    assert main(["ladder", "nizam", "--bots", "random,greedy", "--games", "6", "-q", "--csv", str(csv),
                 "--plot", str(png)]) == 0
    out = capsys.readouterr().out
    assert "greedy" in out and "Elo scale with random at 0" in out
    assert csv.read_text().startswith("bot,rating,low,high") and png.stat().st_size > 1000
    assert main(["ladder", "nizam", "--bots", "random,mcts@x"]) == 2
    assert main(["ladder", "nizam", "--bots", "random", "--games", "4"]) == 2
    assert "at least two" in capsys.readouterr().err
