"""Grading a class: serial, on ``--jobs N`` processes and on a Dask ``LocalCluster`` (``jaliz-learn bench --grading``).

A class folder of ``notebooks`` copies of an exercise's reference solution is graded once per configuration with
the practice seed; the table gives the wall time, the time per notebook and the speed-up over the serial run.
Every configuration must grade every notebook the same way (all pass), which the table also shows.
"""

from __future__ import annotations

import shutil
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

#: (label, executor, jobs) measured by default
CONFIGURATIONS: tuple[tuple[str, str, int], ...] = (("serial", "serial", 1), ("--jobs 2", "process", 2),
                                                    ("dask LocalCluster, 2 workers", "dask", 2))


def bench_grading(exercise: str, *, notebooks: int = 40,
                  configurations: Sequence[tuple[str, str, int]] = CONFIGURATIONS,
                  say: Callable[[str], None] = print) -> list[dict[str, Any]]:
    """Grade ``notebooks`` copies of the exercise's solution in each configuration; one row per configuration."""
    from ..grading.batch import find_exercise, grade_folder

    folder = find_exercise(exercise)
    solution = folder / "solution.ipynb"
    rows: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory(prefix="jaliz-bench-grading-") as work:
        submissions = Path(work, "class")
        submissions.mkdir()
        for i in range(notebooks):
            shutil.copy(solution, submissions / f"student{i:03d}.ipynb")
        for label, executor, jobs in configurations:
            start = time.perf_counter()
            graded = grade_folder(folder, submissions, out=Path(work, f"out-{executor}-{jobs}"), jobs=jobs,
                                  executor=executor, bar=False, progress=lambda line: None)
            seconds = time.perf_counter() - start
            rows.append({"configuration": label, "notebooks": len(graded), "passed": sum(r["passed"] for r in graded),
                         "seconds": round(seconds, 1), "per_notebook": round(seconds / len(graded), 2)})
            say(f"{folder.name}: {label}: {len(graded)} notebooks in {seconds:.1f} s")
    serial = next((r["seconds"] for r in rows if r["configuration"] == "serial"), None)
    for row in rows:
        row["speed_up"] = round(serial / row["seconds"], 2) if serial else None
    return rows


def markdown(exercise: str, rows: Sequence[dict[str, Any]]) -> str:
    lines = [f"| {exercise} | notebooks | passed | seconds | s per notebook | speed-up |", "|---|---|---|---|---|---|"]
    lines += [f"| {r['configuration']} | {r['notebooks']} | {r['passed']} | {r['seconds']} | {r['per_notebook']} | "
              f"{r['speed_up']}x |" for r in rows]
    return "\n".join(lines)


__all__ = ["CONFIGURATIONS", "bench_grading", "markdown"]
