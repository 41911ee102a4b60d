"""Independent tasks on an executor (issues 24, 34): the same results serially and on processes, in any order of
completion, and a worker that dies loses no task and counts none twice."""

from __future__ import annotations

import os
import signal
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path

import pytest

from jaliz_learn.core.errors import InvalidOption
from jaliz_learn.executors import make_executor, run_tasks


def square(x: int) -> int:
    return x * x


def die_once(task: tuple[int, str]) -> int:
    """Kills its own worker process the first time it sees its marker file missing (a worker that dies)."""
    value, marker = task
    if marker and not os.path.exists(marker):
        Path(marker).write_text("died once")
        os.kill(os.getpid(), signal.SIGKILL)
    return value * 10


def fails(x: int) -> int:
    raise ValueError(f"task {x} is wrong")


def test_serial_and_process_pools_give_the_same_results():
    serial = dict(run_tasks(square, list(range(20)), None))
    with make_executor("process", jobs=2) as pool:
        parallel = dict(run_tasks(square, list(range(20)), pool))
    with ThreadPoolExecutor(2) as threads:
        threaded = dict(run_tasks(square, list(range(20)), threads))
    assert serial == parallel == threaded == {i: i * i for i in range(20)}


def test_a_worker_that_dies_loses_no_task_and_counts_none_twice(tmp_path):
    tasks = [(i, str(tmp_path / "marker") if i == 3 else "") for i in range(12)]
    with ProcessPoolExecutor(2) as pool:
        results = list(run_tasks(die_once, tasks, pool))
    assert sorted(index for index, _ in results) == list(range(12)), "every task once"
    assert dict(results) == {i: i * 10 for i in range(12)}
    assert (tmp_path / "marker").read_text() == "died once"


def test_an_error_of_the_task_itself_is_not_retried():
    with ThreadPoolExecutor(2) as pool, pytest.raises(ValueError, match="task 0 is wrong"):
        list(run_tasks(fails, [0], pool))


def test_unknown_executor_is_a_clear_error():
    with pytest.raises(InvalidOption, match="--executor must be one of serial, process, dask, ray"):
        with make_executor("spark"):
            pass
    with make_executor(None) as nothing, make_executor(None, jobs=1) as serial:
        assert nothing is None and serial is None
