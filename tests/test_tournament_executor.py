"""Tournaments run by any concurrent.futures executor give the same table as a serial run (issue 15, point 7)."""

from __future__ import annotations

import os
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest

import jaliz_learn
from jaliz_learn.bots import RandomBot
from jaliz_learn.games.nizam.bots import NizamGreedyBot
from jaliz_learn.tournament import _entries, _resolve_executor

TIMING = {"total_ms", "max_ms", "mean_ms"}


class CrashingBot:
    """Fails on its third decision (module level, so it can be sent to another process)."""

    def __init__(self, seed: int) -> None:
        self.calls = 0

    def act(self, observation, legal):
        self.calls += 1
        if self.calls == 3:
            raise RuntimeError("boom")
        return legal[0]


def same_results(a, b):
    """Equal tables and game records, apart from the time columns."""
    cols = [c for c in a.columns if c not in TIMING]
    assert a[cols].equals(b[cols])
    strip = [[{k: v for k, v in r.items() if k not in TIMING} for r in df.attrs["games"]] for df in (a, b)]
    assert strip[0] == strip[1]
    for key in ("games_played", "stopped_early", "seed", "num_players"):
        assert a.attrs[key] == b.attrs[key]


BOTS = {"random": RandomBot, "greedy": NizamGreedyBot}


def test_a_process_pool_gives_the_serial_table():
    serial = jaliz_learn.tournament("nizam", BOTS, games=8, seed=3, executor=None)
    with ProcessPoolExecutor(max_workers=2) as pool:
        parallel = jaliz_learn.tournament("nizam", BOTS, games=8, seed=3, executor=pool)
    same_results(serial, parallel)
    assert serial.loc["greedy", "wins"] + serial.loc["random", "wins"] >= 8


def test_a_thread_pool_and_an_early_stop_give_the_serial_table():
    bots = {"random": RandomBot, "crash": CrashingBot}
    serial = jaliz_learn.tournament("nizam", bots, games=10, seed=1, executor=None, max_failures=3)
    assert serial.attrs["stopped_early"] and serial.loc["crash", "crashes"] == 3
    with ThreadPoolExecutor(max_workers=3) as pool:
        threaded = jaliz_learn.tournament("nizam", bots, games=10, seed=1, executor=pool, max_failures=3)
    same_results(serial, threaded)
    with ProcessPoolExecutor(max_workers=2) as pool:
        processes = jaliz_learn.tournament("nizam", bots, games=10, seed=1, executor=pool, max_failures=3)
    same_results(serial, processes)


def test_auto_uses_a_process_pool_only_when_safe():
    game = jaliz_learn.load_game("nizam")
    factories = _entries(BOTS)
    chosen = _resolve_executor("auto", game, factories, 40)
    try:
        cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
        assert (chosen is not None) == (cores >= 2)
    finally:
        if chosen is not None:
            chosen[0].shutdown()
    assert _resolve_executor("auto", game, factories, 2) is None  # too few games to pay for a pool
    assert _resolve_executor("auto", game, _entries({"a": RandomBot(1), "b": RandomBot(2)}), 40) is None  # objects
    assert _resolve_executor("auto", game, _entries({"a": lambda s: RandomBot(s), "b": RandomBot}), 40) is None
    assert _resolve_executor(None, game, factories, 40) is None


def test_a_bad_executor_is_refused():
    with pytest.raises(jaliz_learn.InvalidOption, match="executor"):
        jaliz_learn.tournament("nizam", BOTS, games=2, executor="cluster")


def test_a_dask_executor_gives_the_serial_table():
    distributed = pytest.importorskip("dask.distributed")
    serial = jaliz_learn.tournament("nizam", BOTS, games=4, seed=2, executor=None)
    with distributed.Client(processes=False, n_workers=1, threads_per_worker=2) as client:
        remote = jaliz_learn.tournament("nizam", BOTS, games=4, seed=2, executor=client.get_executor())
    same_results(serial, remote)
