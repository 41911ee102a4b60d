"""Grading a class: fixed game counts against sequential tests, serial, on ``--jobs N`` processes and on a Dask
``LocalCluster`` (``jaliz-learn bench --grading``).

A class folder is graded once per configuration with the practice seed, in one run so that the figures compare:
``notebooks`` copies of an exercise's reference solution, and a class mix (a quarter untouched skeletons, the rest
references). The table gives the wall time, the time per notebook and the speed-up over the first configuration.
Every configuration must grade every notebook the same way, which the table also shows (passed).
"""

from __future__ import annotations

import shutil
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

#: (label, executor, jobs, games) measured by default: today's sequential tests against the fixed counts before
#: issue 52, both on two processes
CONFIGURATIONS: tuple[tuple[Any, ...], ...] = (("--jobs 2, --games fixed", "process", 2, "fixed"),
                                               ("--jobs 2, --games auto", "process", 2, "auto"))
#: the executors compared before issue 52 (``configurations=EXECUTORS``)
EXECUTORS: tuple[tuple[Any, ...], ...] = (("serial", "serial", 1), ("--jobs 2", "process", 2),
                                          ("dask LocalCluster, 2 workers", "dask", 2))


def bench_grading(exercise: str, *, notebooks: int = 40,
                  configurations: Sequence[tuple[Any, ...]] = CONFIGURATIONS,
                  classes: Sequence[str] = ("reference", "mix"),
                  say: Callable[[str], None] = print) -> list[dict[str, Any]]:
    """Grade a class of ``notebooks`` in each configuration; one row per (class, configuration). ``classes``:
    ``reference`` (copies of the solution) and/or ``mix`` (a quarter skeletons, the rest references)."""
    from ..grading.batch import find_exercise, grade_folder

    folder = find_exercise(exercise)
    rows: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory(prefix="jaliz-bench-grading-") as work:
        for kind in classes:
            submissions = Path(work, f"class-{kind}")
            submissions.mkdir()
            skeletons = notebooks // 4 if kind == "mix" else 0
            for i in range(notebooks):
                source = folder / ("exercise.ipynb" if i < skeletons else "solution.ipynb")
                shutil.copy(source, submissions / f"student{i:03d}.ipynb")
            first: float | None = None
            for label, executor, jobs, *games in configurations:
                options: dict[str, Any] = {"games": games[0]} if games else {}
                start = time.perf_counter()
                graded = grade_folder(folder, submissions, out=Path(work, f"out-{kind}-{label}".replace(" ", "_")),
                                      jobs=int(jobs), executor=executor, bar=False, progress=lambda line: None,
                                      **options)
                seconds = time.perf_counter() - start
                first = first or seconds
                rows.append({"class": kind, "configuration": label, "notebooks": len(graded),
                             "passed": sum(r["passed"] for r in graded), "seconds": round(seconds, 1),
                             "per_notebook": round(seconds / len(graded), 2), "speed_up": round(first / seconds, 2)})
                say(f"{folder.name}: {kind}: {label}: {len(graded)} notebooks in {seconds:.1f} s")
    return rows


def markdown(exercise: str, rows: Sequence[dict[str, Any]]) -> str:
    lines = [f"| {exercise} | class | notebooks | passed | seconds | s per notebook | speed-up |",
             "|---|---|---|---|---|---|---|"]
    lines += [f"| {r['configuration']} | {r.get('class', 'reference')} | {r['notebooks']} | {r['passed']} | "
              f"{r['seconds']} | {r['per_notebook']} | {r['speed_up']}x |" for r in rows]
    return "\n".join(lines)




__all__ = ["CONFIGURATIONS", "EXECUTORS", "bench_grading", "markdown"]
