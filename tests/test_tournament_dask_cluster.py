"""A tournament on a local Dask cluster of worker processes gives the serial table (issue 15, point 7).

The cluster runs on this machine: a scheduler and two worker processes, talking over TCP like the
machines of a real cluster would, so bots, games and results cross process boundaries by pickling.
"""

from __future__ import annotations

import pytest

import jaliz_learn
from jaliz_learn.bots import RandomBot
from jaliz_learn.games.jaliz.bots import HeuristicJalizBot

distributed = pytest.importorskip("dask.distributed")

TIMING = {"total_ms", "max_ms", "mean_ms"}


def _without_timing(table):
    cols = [c for c in table.columns if c not in TIMING]
    games = [{k: v for k, v in r.items() if k not in TIMING} for r in table.attrs["games"]]
    return table[cols], games


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
@pytest.mark.filterwarnings("ignore::ResourceWarning")
@pytest.mark.filterwarnings("ignore:Port 8787 is already in use")
def test_a_local_cluster_of_processes_gives_the_serial_table():
    bots = {"heuristic": HeuristicJalizBot, "random": RandomBot}
    serial = jaliz_learn.tournament("jaliz", bots, games=6, seed=3, executor=None)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                                  silence_logs=50) as cluster, distributed.Client(cluster) as client:
        assert len(client.scheduler_info()["workers"]) == 2
        remote = jaliz_learn.tournament("jaliz", bots, games=6, seed=3, executor=client.get_executor())
    table, games = _without_timing(serial)
    remote_table, remote_games = _without_timing(remote)
    assert table.equals(remote_table)
    assert games == remote_games and len({g["game"] for g in games}) == 6
