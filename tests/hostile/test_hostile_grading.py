"""Cheating submissions of exercise 1 (issue 11), graded in one batch with the reference and the skeleton.

Every notebook in ``notebooks/`` (written by ``build_notebooks.py``) is a weak bot plus one attempt
to cheat, crash or hang the grader. The batch runs as a teacher would run it, in a separate process
whose environment holds the secret seed from the start (so its ``/proc`` entry holds it too):
every attempt must fail (or be reported), never pass, hang or crash the grader, and never see the
secret, while the reference solution still passes in the same batch and the skeleton fails.
Small per-child limits keep the batch short.
"""

from __future__ import annotations

import csv
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

#: about a minute on an idle core, several under load: labelled slow (it still runs in the full suite)
pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
EXERCISE = ROOT / "exercises" / "01_first_jaliz_bot"
#: the teacher's secret of these batches (64 hex digits, as `jaliz-learn grade --new-secret` writes)
SECRET = "5eed1ce04b9a27f3c86d1e05a4f9b73c2d8e6a10f5c3b97e4a2d0c8f16b5e3a9"

SCRIPT = """
import json, sys
from jaliz_learn.grading import Limits
from jaliz_learn.grading.batch import grade_folder
limits = Limits(load_seconds=20, cell_seconds=10, setup_seconds=3, cpu_seconds=60, memory_mb=768,
                output_bytes=200_000, restarts=1)
rows = grade_folder("01_first_jaliz_bot", sys.argv[1], out=sys.argv[2], limits=limits, time_limit=0.5,
                    legality_games=4, strength_games=12, progress=lambda line: print(line, flush=True))
print("ROWS " + json.dumps(rows))
"""

#: what the report of an attempt must say (one of these), besides failing
EXPECTED = {
    "os_exit_fake_report": ("exited with code 0",),
    "atexit_exit_zero": ("SystemExit",),
    "keyboard_interrupt": ("KeyboardInterrupt",),
    "long_c_call": ("took more than",),
    "huge_pow": ("took more than",),
    "swallow_signals": ("took more than",),
    "patch_clock": ("took more than",),
    "memory_growth": ("MemoryError", "took more than"),  # filling 768 MB with zeros may itself take > 0.5 s
    "float_field": ("must be int",),
    "forge_protocol": ("cannot read",),
}


@pytest.fixture(scope="module")
def batch(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    folder = tmp_path_factory.mktemp("submissions")
    for path in sorted((HERE / "notebooks").glob("*.ipynb")):
        shutil.copy(path, folder / path.name)
    shutil.copy(EXERCISE / "solution.ipynb", folder / "reference.ipynb")
    shutil.copy(EXERCISE / "exercise.ipynb", folder / "skeleton.ipynb")
    out = tmp_path_factory.mktemp("gradebook")
    env = dict(os.environ, JALIZ_LEARN_SECRET_SEED=SECRET)
    done = subprocess.run([sys.executable, "-c", SCRIPT, str(folder), str(out)], env=env, capture_output=True,
                          text=True, timeout=900)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    rows = json.loads(done.stdout.split("ROWS ", 1)[1])
    reports = {p.stem: p.read_text(encoding="utf-8") for p in (out / "reports").glob("*.txt")}
    return {"rows": {Path(r["notebook"]).stem: r for r in rows}, "reports": reports, "out": out,
            "stdout": done.stdout, "names": sorted(p.stem for p in folder.glob("*.ipynb"))}


def test_every_notebook_is_graded_with_a_progress_line(batch):
    names = batch["names"]
    assert sorted(batch["rows"]) == names
    for number, name in enumerate(names, 1):
        assert f"[{number}/{len(names)}] {name}.ipynb: " in batch["stdout"]


def test_reference_passes_and_skeleton_fails_in_the_same_batch(batch):
    rows, reports = batch["rows"], batch["reports"]
    assert rows["reference"]["passed"], reports["reference"]
    assert "secret seed from the environment" in reports["reference"]
    assert not rows["skeleton"]["passed"] and "NotImplementedError" in reports["skeleton"]


@pytest.mark.parametrize("name", sorted(p.stem for p in (HERE / "notebooks").glob("*.ipynb")))
def test_cheating_attempt_fails_and_is_reported(batch, name):
    row, report = batch["rows"][name], batch["reports"][name]
    assert not row["passed"], report
    assert "All checks passed" not in report
    assert "Traceback (most recent call last)" not in report
    assert "LEAKED" not in report
    assert SECRET.lower() not in report.lower() and str(_keyed_seed()) not in report
    if name in EXPECTED:
        assert any(words in report for words in EXPECTED[name]), report


def test_gradebook_files(batch):
    out = batch["out"]
    with open(out / "gradebook.csv", newline="", encoding="utf-8") as f:
        table = list(csv.DictReader(f))
    assert len(table) == len(batch["names"])
    assert {r["notebook"] for r in table if r["passed"] == "True"} == {"reference.ipynb"}
    page = (out / "gradebook.html").read_text(encoding="utf-8")
    assert f"1 of {len(table)} notebooks passed" in page and "reference.ipynb" in page


def _keyed_seed() -> int:
    """The grade's seed that follows from :data:`SECRET` (no report may show it)."""
    from jaliz_learn.grading.seeds import SECRET_ENV, secret_seed

    return secret_seed(0, environ={SECRET_ENV: SECRET})[0]
