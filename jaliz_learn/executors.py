"""Where independent tasks run: here, on local processes, or on an existing Dask or Ray cluster.

Grading a class (one task per notebook), tournaments and strength benchmarks (one task per game) are sets of
independent tasks. :func:`make_executor` turns a name into a :class:`concurrent.futures.Executor` (or ``None``
for a serial run); :func:`run_tasks` runs a function over the tasks on it and yields ``(index, result)`` as they
finish, re-running a task whose worker died (a killed process, a lost Dask worker) so that no task is lost and
none is counted twice.

============  ===========================================================================================
name          where
============  ===========================================================================================
``serial``    this process, one task after the other
``process``   a pool of ``jobs`` local processes
``dask``      a Dask cluster: ``address`` (``tcp://host:8786``), else a ``LocalCluster`` of ``jobs`` workers
``ray``       a Ray cluster: ``address`` (``ray://host:10001`` or ``auto``), else a local Ray
============  ===========================================================================================

Any ``concurrent.futures.Executor`` works too (a thread pool, Dask's ``client.get_executor()``); the caller
keeps it open.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, CancelledError, Executor, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from .core.browser import refuse_in_browser
from .core.errors import InvalidOption

EXECUTORS = ("serial", "process", "dask", "ray")


def cores() -> int:
    """Cores this process may use."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)


class RayExecutor(Executor):
    """A :class:`concurrent.futures.Executor` over Ray tasks (``ObjectRef.future()``)."""

    def __init__(self, address: str | None = None) -> None:
        import ray  # the ray extra

        if not ray.is_initialized():
            ray.init(address=address, log_to_driver=False, include_dashboard=False)
        self._ray = ray

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        task = self._ray.remote(max_retries=0)(fn)
        return task.remote(*args, **kwargs).future()  # type: ignore[no-any-return]

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        pass  # the cluster outlives us; ray.shutdown() is the caller's


@contextlib.contextmanager
def make_executor(kind: str | Executor | None, *, jobs: int | None = None,
                  address: str | None = None) -> Iterator[Executor | None]:
    """The executor named ``kind`` (see the module docstring), closed again on exit if we opened it.

    ``None`` or ``"serial"`` yields ``None``; ``jobs`` > 1 with no kind means ``"process"``.
    """
    if isinstance(kind, Executor):
        yield kind
        return
    name = (kind or ("process" if jobs and jobs > 1 else "serial")).lower()
    if name not in EXECUTORS:
        raise InvalidOption(f"--executor must be one of {', '.join(EXECUTORS)}, got {name[:40]!r}")
    if name != "serial":
        refuse_in_browser(f"executor {name!r}")
    if name == "serial":
        yield None
    elif name == "process":
        with ProcessPoolExecutor(max_workers=jobs or cores()) as pool:
            yield pool
    elif name == "dask":
        try:
            from distributed import Client, LocalCluster
        except ImportError:
            raise InvalidOption("--executor dask needs Dask: pip install 'dask[distributed]' (the rl extra)") from None
        if address:
            with Client(address) as client:
                yield client.get_executor()
        else:
            with LocalCluster(n_workers=jobs or cores(), threads_per_worker=1, processes=True,
                              dashboard_address=None) as cluster, Client(cluster) as client:
                yield client.get_executor()
    else:
        try:
            executor = RayExecutor(address)
        except ImportError:
            raise InvalidOption("--executor ray needs Ray: pip install ray") from None
        yield executor


#: what a task's future raises when its worker (not the task) failed: the task is run again
_LOST = (BrokenProcessPool, CancelledError)


def _lost(exc: BaseException) -> bool:
    name = type(exc).__name__
    return isinstance(exc, _LOST) or name in ("KilledWorker", "WorkerCrashedError", "NodeDiedError",
                                              "CommClosedError", "FutureCancelledError")


def run_tasks(fn: Callable[[Any], Any], tasks: Sequence[Any], executor: Executor | None, *, retries: int = 2,
              window: int | None = None) -> Iterator[tuple[int, Any]]:
    """``(index, fn(task))`` for every task, in the order they finish (serially: in order).

    With an executor at most ``window`` tasks are in flight. A task whose worker died is submitted again, up to
    ``retries`` times (a local process pool that broke is replaced by a fresh one); its result is yielded once.
    Exceptions raised by ``fn`` itself propagate.
    """
    if executor is None:
        for index, task in enumerate(tasks):
            yield index, fn(task)
        return
    window = window or 2 * (getattr(executor, "_max_workers", None) or cores())
    todo: list[int] = list(range(len(tasks)))[::-1]
    tries = dict.fromkeys(range(len(tasks)), 0)
    running: dict[Future[Any], int] = {}
    spare: list[Executor] = []  # process pools started here to replace a broken one
    try:
        while todo or running:
            while todo and len(running) < window:
                index = todo.pop()
                try:
                    running[executor.submit(fn, tasks[index])] = index
                except BrokenProcessPool:
                    executor = ProcessPoolExecutor(max_workers=getattr(executor, "_max_workers", None))
                    spare.append(executor)
                    todo.append(index)
            done, _ = wait(list(running), return_when=FIRST_COMPLETED)
            for future in done:
                index = running.pop(future)
                try:
                    result = future.result()
                except BaseException as exc:  # noqa: B036 - a lost worker is retried, anything else is the task's
                    if not _lost(exc) or tries[index] >= retries:
                        raise
                    tries[index] += 1
                    todo.append(index)
                    continue
                yield index, result
    finally:
        for pool in spare:
            pool.shutdown(wait=True, cancel_futures=True)


__all__ = ["EXECUTORS", "RayExecutor", "cores", "make_executor", "run_tasks"]
