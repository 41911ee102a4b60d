"""One batch of borrowed-answer attacks (``own_work_attacks.py``), run by ``test_own_work.py`` in its own process as
the grading user would run it.

``python own_work_batch.py MODE BASE`` (the environment holds the secret seed): for exercises 4 and 5, writes a
class folder with the attacks and the reference solution (``honest.ipynb``), grades it on two processes with
``--isolation MODE`` (exercise 4 plays 2 games a notebook: an attack fails at its first decision, and the honest
search must still find every legal action with the library's search hidden), and prints one JSON line:
``{exercise: {"rows", "reports", "attacks"}}``.
"""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import own_work_attacks  # noqa: E402

ROOT = HERE.parents[1]
#: exercise folder -> the grader's options of this batch
EXERCISES = {"04_monte_carlo_search": {"games": 2}, "05_experiments": {}}


def main(mode: str, base: Path) -> None:
    from jaliz_learn.grading import Limits
    from jaliz_learn.grading.batch import grade_folder

    limits = Limits(load_seconds=30, cell_seconds=20, setup_seconds=5, cpu_seconds=120, memory_mb=1024,
                    output_bytes=200_000, restarts=1)
    result = {}
    for exercise, options in EXERCISES.items():
        folder, out = base / exercise, base / f"{exercise}-gradebook"
        folder.mkdir()
        names = own_work_attacks.build(folder, exercise)
        shutil.copy(ROOT / "exercises" / exercise / "solution.ipynb", folder / "honest.ipynb")
        rows = grade_folder(exercise, folder, out=out, limits=limits, jobs=2, isolation=mode, bar=False,
                            progress=lambda line: None, **options)
        reports = {p.stem: p.read_text(encoding="utf-8") for p in (out / "reports").glob("*.txt")}
        result[exercise] = {"rows": rows, "reports": reports, "attacks": names}
    print("RESULT " + json.dumps(result))


if __name__ == "__main__":
    main(sys.argv[1], Path(sys.argv[2]))
