"""Borrowed answers (issue 48) in every confining isolation mode this machine offers, as the grading user and, where
the tests run as root, as an ordinary user too: exercise 4 handing every decision to the library's ISMCTS and
exercise 5 returning the library's Wilson interval, reached by names built at run time, ``exec`` of the module's
source or of its compiled file (``own_work_attacks.py``; no reading of the notebook's code sees them).

Each batch (``own_work_batch.py``, in its own process, two notebooks at a time) grades the attacks with the
reference solution. In every confining mode: every route is blocked (the modules are absent from the learner's view
of the package), the attack fails, its report names the exercise's rule; the honest notebook still works (exercise
5 passes; exercise 4's search plays only legal actions). ``docs/GRADING.md``'s own-work table is the one these
batches produce (``JALIZ_LEARN_WRITE_DOCS=1`` rewrites it).
"""

from __future__ import annotations

import importlib.util
import json
import os
import py_compile
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
DOC = ROOT / "docs" / "GRADING.md"
SECRET = "0b5e6c1d9a8f7e2d4c3b1a0f9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a2f1e0d"  # 256 bits, as --new-secret writes
RULES = {"04_monte_carlo_search": "exercise 4 asks for your own search",
         "05_experiments": "exercise 5 asks for your own statistics"}


def _modes_module():
    """``test_isolation_modes`` (its modes, and how it runs a batch as an ordinary user), loaded by path."""
    spec = importlib.util.spec_from_file_location("_hostile_isolation_modes", HERE / "test_isolation_modes.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


MODES = _modes_module()
CASES = [(m, "root" if os.geteuid() == 0 else "the grading user") for m in MODES.modes()]
CASES += [(m, "an ordinary user") for m in MODES.modes() if MODES.ordinary_user_possible()]


def _compile_hidden_modules() -> None:
    """Write the compiled copies of the hidden modules, so that the attacks meet them (where the interpreter writes
    none, as with PYTHONDONTWRITEBYTECODE, a learner could still meet one written earlier by an install)."""
    from jaliz_learn.exercises.ex04_monte_carlo import OWN_WORK as FOUR
    from jaliz_learn.exercises.ex05_experiments import OWN_WORK as FIVE

    for path in [*FOUR.files(), *FIVE.files()]:
        if path.suffix == ".py":
            py_compile.compile(str(path), cfile=importlib.util.cache_from_source(str(path)), doraise=True)


def _run_batch(mode: str, who: str) -> dict:
    _compile_hidden_modules()
    base = Path(tempfile.mkdtemp(prefix="jaliz-own-work-", dir="/tmp"))
    base.chmod(0o755)
    home = base / "home"
    home.mkdir()
    env = dict(os.environ, JALIZ_LEARN_SECRET_SEED=SECRET, HOME=str(home))
    env.pop("JALIZ_LEARN_ISOLATION", None)
    cmd = [sys.executable, str(HERE / "own_work_batch.py"), mode, str(base)]
    if who == "an ordinary user":
        for path in [base, *base.rglob("*")]:
            os.chown(path, MODES.ORDINARY_UID, MODES.ORDINARY_UID)
        prefixes = {Path(p).resolve() for p in (sys.base_prefix, sys.prefix)}
        top = MODES._hidden_top(Path(sys.base_prefix).resolve())
        env["HIDDEN_TOP"] = str(top) if top else ""
        env["KEEP"] = " ".join(str(p) for p in prefixes if top and top in p.parents)
        script = MODES.AS_ORDINARY_USER.format(uid=MODES.ORDINARY_UID, home=home)
        cmd = ["unshare", "--mount", "--propagation", "private", "sh", "-c", script, "sh", *cmd]
    try:
        done = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=900, cwd=ROOT)
        assert done.returncode == 0 and "RESULT " in done.stdout, done.stdout[-3000:] + done.stderr[-3000:]
        return json.loads(done.stdout.split("RESULT ", 1)[1])
    finally:
        shutil.rmtree(base, ignore_errors=True)


_RESULTS: dict[tuple[str, str], dict] = {}


@pytest.fixture(scope="module", params=CASES, ids=[f"{m}-{w.split()[-1]}" for m, w in CASES])
def batch(request: pytest.FixtureRequest) -> dict:
    mode, who = request.param
    result = _run_batch(mode, who)
    _RESULTS[(mode, who)] = result
    return result


def attempts(report: str) -> list[tuple[str, str]]:
    """``(attempt, outcome)`` pairs of an attack's report (its error carries them after ``ATTEMPTS``)."""
    found = re.search(r"ATTEMPTS (.*?) \(in (act|wilson)", " ".join(report.split()))
    assert found, report[:3000]
    return [tuple(part.rsplit(": ", 1)) for part in found.group(1).split("; ")]  # type: ignore[misc]


def test_every_route_is_blocked_and_the_report_names_the_rule(batch):
    for exercise, result in batch.items():
        rows = {Path(r["notebook"]).stem: r for r in result["rows"]}
        for name in result["attacks"]:
            report = result["reports"][name]
            assert not rows[name]["passed"], report
            outcomes = attempts(report)
            assert outcomes and all(outcome.startswith("blocked") for _, outcome in outcomes), report
            rule = " ".join(report.split())
            assert f"{RULES[exercise]}: jaliz_learn." in rule and "is not available while grading" in rule, report


def test_the_honest_notebooks_still_work(batch):
    five = {Path(r["notebook"]).stem: r for r in batch["05_experiments"]["rows"]}
    assert five["honest"]["passed"], batch["05_experiments"]["reports"]["honest"]
    four = batch["04_monte_carlo_search"]["reports"]["honest"]
    assert "[PASS] your own search" in four and "[PASS] legal actions" in four, four


# ---- the table of docs/GRADING.md ----------------------------------------------------------------------------

BEGIN, END = "<!-- BEGIN own-work table (tests/hostile/test_own_work.py) -->", "<!-- END own-work table -->"


def _table(results: dict[tuple[str, str], dict]) -> str:
    columns = [f"{m} ({w})" for (m, w) in results]
    lines = ["| attack: attempt | " + " | ".join(columns) + " |", "|---" * (len(columns) + 1) + "|"]
    first = next(iter(results.values()))
    for exercise, result in first.items():
        for name in result["attacks"]:
            per_mode = [dict(attempts(r[exercise]["reports"][name])) for r in results.values()]
            for what in per_mode[0]:
                lines.append(f"| `{name}` (exercise {exercise[:2].lstrip('0')}): {what} | "
                             + " | ".join(p.get(what, "?") for p in per_mode) + " |")
            verdicts = []
            for r in results.values():
                row = {Path(x["notebook"]).stem: x for x in r[exercise]["rows"]}[name]
                named = RULES[exercise] in " ".join(r[exercise]["reports"][name].split())
                verdicts.append(("PASSES" if row["passed"] else "fails") + (", names the rule" if named else ""))
            lines.append(f"| `{name}`: **grade** | " + " | ".join(verdicts) + " |")
    return "\n".join(lines)


def test_docs_table_is_what_the_batches_produce():
    """Runs after the batches of this module (pytest keeps the order of a file's tests)."""
    if not _RESULTS:
        pytest.skip("no confining isolation mode on this machine")
    table = _table(_RESULTS)
    text = DOC.read_text(encoding="utf-8")
    if os.environ.get("JALIZ_LEARN_WRITE_DOCS"):
        head, _, rest = text.partition(BEGIN)
        _, _, tail = rest.partition(END)
        DOC.write_text(f"{head}{BEGIN}\n{table}\n{END}{tail}", encoding="utf-8")
        return
    assert BEGIN in text, "docs/GRADING.md has no own-work table; write it with JALIZ_LEARN_WRITE_DOCS=1"
    committed = text.split(BEGIN, 1)[1].split(END, 1)[0].strip().splitlines()
    header = [c.strip() for c in committed[0].strip("|").split("|")]
    got_lines = table.splitlines()
    got_header = [c.strip() for c in got_lines[0].strip("|").split("|")]
    for column in got_header[1:]:  # the columns this machine could run must read as committed
        assert column in header, f"docs/GRADING.md has no column {column!r}; rewrite it with JALIZ_LEARN_WRITE_DOCS=1"
        i, j = header.index(column), got_header.index(column)
        got = [[c.strip() for c in line.strip().strip("|").split("|")][j] for line in got_lines[2:]]
        want = [[c.strip() for c in line.strip().strip("|").split("|")][i] for line in committed[2:]]
        assert got == want, f"column {column!r} of docs/GRADING.md differs; rewrite it with JALIZ_LEARN_WRITE_DOCS=1"
