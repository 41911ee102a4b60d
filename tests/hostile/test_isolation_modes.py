"""The attacks of the class-grading issues (24, 33) in every isolation mode this machine offers, as the grading
user and, where the tests run as root, as an ordinary user too.

Each batch (``batch_script.py``, in its own process with the secret seed in its environment) grades the attacks
of ``attacks.py`` together with three honest copies of the reference solution (one named ``=1+2.ipynb``) and the
untouched skeleton, on two processes. In every mode: every attack fails and no attempt of it succeeds outside the
learner's own private folders; every honest notebook passes; the gradebook is complete and its CSV cells are
formula-safe; the class folder is unchanged; nothing was left in /tmp, /dev/shm or the installed packages; no
other process was killed and the server on 127.0.0.1 heard nothing. Then:

* ``docs/GRADING.md``'s table (attempt x mode -> result) is the one these batches produce (run with
  ``JALIZ_LEARN_WRITE_DOCS=1`` to rewrite it);
* a real grade with ``--isolation none`` is refused in one line, and runs with ``--allow-unconfined``;
* the grader's next run of the skeleton still fails (no planted ``.pth`` took effect).
"""

from __future__ import annotations

import csv
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from jaliz_learn.grading.isolation import landlock_abi, namespaces_available

sys.path.insert(0, str(Path(__file__).resolve().parent))
import text_attacks  # noqa: E402
from batch_script import lingering  # noqa: E402

pytestmark = pytest.mark.slow

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
DOC = ROOT / "docs" / "GRADING.md"
#: the teacher's secret of these batches (64 hex digits, as `jaliz-learn grade --new-secret` writes)
SECRET = "5eed1ce04b9a27f3c86d1e05a4f9b73c2d8e6a10f5c3b97e4a2d0c8f16b5e3a9"
HONEST = ("classmate", "zz_honest", "=1+2")
#: files that are no notebook a grader can run, and what their row must say
BROKEN = {"link": "symbolic link", "broken": "JSON error", "wrong_schema": "not a valid notebook"}
ORDINARY_UID = 1000

#: Attempts that succeed only inside the learner's private /tmp of the namespaces mode (the test checks the real
#: file system for each). (Killing every process of the user, kill(-1), is refused by the seccomp filter in every mode.)
PRIVATE = ("leave a file in /tmp", "leave a file in /dev/shm", "make a directory at my report's path",
           "link the gradebook to another file")
#: Attempts that succeed inside the job and are checked after it instead: the process ended with its job, the
#: folder went with the job folder (``lingering`` and ``jobs_left`` of the batch, and /proc after the batch)
ENDED_WITH_JOB = ("start a detached process (double fork, setsid)", "leave a folder nobody may read or empty")
#: what a job stopped by its supervisor at the disk cap reports instead of its attempts
DISK_STOP = "(the disk limit of a job)"

#: Runs "$@" as an ordinary user in a private mount namespace. Where the interpreter lies in a folder other users
#: may not enter (pyenv under /root), that folder is replaced there by an empty one that holds only the
#: interpreter's prefixes, so an ordinary user can run the same interpreter.
AS_ORDINARY_USER = """set -e
if [ -n "$HIDDEN_TOP" ]; then
  for keep in $KEEP; do
    stage=$(mktemp -d /tmp/.jaliz-stage-XXXX)
    mount --bind "$keep" "$stage"
    echo "$stage $keep" >> /tmp/.jaliz-moves-$$
  done
  mount -t tmpfs -o mode=755 tmpfs "$HIDDEN_TOP"
  while read stage keep; do mkdir -p "$keep"; mount --move "$stage" "$keep"; done < /tmp/.jaliz-moves-$$
  rm -f /tmp/.jaliz-moves-$$
fi
exec setpriv --reuid={uid} --regid={uid} --clear-groups env HOME="{home}" "$@"
"""


def _hidden_top(path: Path) -> Path | None:
    """The outermost folder above ``path`` that other users may not enter (``None``: they may enter all)."""
    for folder in reversed(path.parents):
        if folder != Path("/") and not folder.stat().st_mode & 0o001:
            return folder
    return None


def modes() -> list[str]:
    return [m for m, ok in (("namespaces", namespaces_available()), ("landlock", landlock_abi() >= 6)) if ok]


def ordinary_user_possible() -> bool:
    return (os.geteuid() == 0 and shutil.which("setpriv") is not None and shutil.which("unshare") is not None
            and subprocess.run(["unshare", "--mount", "true"], capture_output=True).returncode == 0)


CASES = [(m, "root" if os.geteuid() == 0 else "the grading user") for m in modes()]
CASES += [(m, "an ordinary user") for m in modes() if ordinary_user_possible()]


def _run_batch(mode: str, who: str) -> dict:
    base = Path(tempfile.mkdtemp(prefix="jaliz-hostile-", dir="/tmp"))
    base.chmod(0o755)
    home = base / "home"
    home.mkdir()
    env = dict(os.environ, JALIZ_LEARN_SECRET_SEED=SECRET, HOME=str(home))
    env.pop("JALIZ_LEARN_ISOLATION", None)
    cmd = [sys.executable, str(HERE / "batch_script.py"), mode, str(base)]
    if who == "an ordinary user":
        for path in [base, *base.rglob("*")]:
            os.chown(path, ORDINARY_UID, ORDINARY_UID)
        prefixes = {Path(p).resolve() for p in (sys.base_prefix, sys.prefix)}
        top = _hidden_top(Path(sys.base_prefix).resolve())
        env["HIDDEN_TOP"] = str(top) if top else ""
        env["KEEP"] = " ".join(str(p) for p in prefixes if top and top in p.parents)
        script = AS_ORDINARY_USER.format(uid=ORDINARY_UID, home=home)
        cmd = ["unshare", "--mount", "--propagation", "private", "sh", "-c", script, "sh", *cmd]
    try:
        done = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=900, cwd=ROOT)
        assert done.returncode == 0 and "RESULT " in done.stdout, done.stdout[-3000:] + done.stderr[-3000:]
        result = json.loads(done.stdout.split("RESULT ", 1)[1])
        with open(base / "class-gradebook" / "gradebook.csv", newline="", encoding="utf-8") as f:
            result["csv"] = list(csv.reader(f))
        result["host"] = {"report_path_is_file": (base / "class-gradebook" / "reports" /
                                                  "report_path_obstacles.txt").is_file(),
                          "gradebook_is_file": not (base / "class-gradebook" / "gradebook.csv").is_symlink()}
        result["lingering_after_exit"] = lingering()
        return result
    finally:
        shutil.rmtree(base, ignore_errors=True)


@pytest.fixture(scope="module", params=CASES, ids=[f"{m}-{w.split()[-1]}" for m, w in CASES])
def batch(request: pytest.FixtureRequest) -> dict:
    mode, who = request.param
    result = _run_batch(mode, who)
    result["mode"], result["who"] = mode, who
    _RESULTS[(mode, who)] = result
    return result


_RESULTS: dict[tuple[str, str], dict] = {}


def attempts(report: str) -> list[tuple[str, str]]:
    """``(attempt, outcome)`` pairs of an attack's report (its bot raised ``RuntimeError("ATTEMPTS ...")``)."""
    forged = text_attacks.outcomes(report)  # text attacks: what the teacher's files show
    if forged:
        return forged
    found = re.search(r"ATTEMPTS (.*?) \(in act", " ".join(report.split()))  # long lines of a report wrap
    if not found and DISK_STOP in " ".join(report.split()):
        return [("fill the disk the other jobs use", "stopped by the job's supervisor at its disk cap")]
    assert found, report[:2000]
    return [tuple(part.rsplit(": ", 1)) for part in found.group(1).split("; ")]  # type: ignore[misc]


def test_every_attack_fails_and_no_attempt_escapes(batch):
    rows = {Path(r["notebook"]).stem: r for r in batch["rows"]}
    for name in batch["attacks"]:
        assert not rows[name]["passed"], batch["reports"].get(name)
        report = batch["reports"][name]
        assert "LEAKED" not in report and "TOKEN-a1b2c3" not in report and "alice,10" not in report, report
        assert SECRET.lower() not in report.lower() and str(_keyed_seed()) not in report
        for what, outcome in attempts(report):
            assert "RAW" not in outcome, f"{name}: '{what}' reached the report raw:\n{report}"
            if outcome == "DONE":
                private = batch["mode"] == "namespaces" and what in PRIVATE
                assert private or what in ENDED_WITH_JOB, \
                    f"{name}: '{what}' succeeded in {batch['mode']}:\n{report}"


def test_honest_notebooks_pass_and_the_skeleton_fails(batch):
    rows = {Path(r["notebook"]).stem: r for r in batch["rows"]}
    for name in HONEST:
        assert rows[name]["passed"], batch["reports"][name]
    assert not rows["skeleton"]["passed"] and "NotImplementedError" in batch["reports"]["skeleton"]
    ran = [r for r in batch["rows"] if Path(r["notebook"]).stem not in BROKEN]
    assert all(batch["mode"] in r["isolation"] for r in ran), {r["isolation"] for r in ran}


def test_nothing_outside_the_jobs_changed(batch):
    assert batch["sentinel_alive"], "a learner's process killed another process of the grading user"
    assert batch["received"] == [], f"the server on 127.0.0.1 heard from a learner: {batch['received']}"
    assert batch["left_behind"] == [], f"files left for a later classmate: {batch['left_behind']}"
    assert batch["site_added"] == [] and batch["package_added"] == [], (batch["site_added"], batch["package_added"])
    assert batch["class_before"] == batch["class_after"], "a learner's process changed the class folder"
    assert batch["host"] == {"report_path_is_file": True, "gradebook_is_file": True}
    if batch["who"] == "an ordinary user":
        assert batch["uid"] == ORDINARY_UID


def test_no_process_outlives_its_job_and_nothing_is_left(batch):
    """The detached process and the fork bomb's processes ended with their jobs (seen from the grader once every
    job was over, and again after the grader exited); every job folder is gone, the locked one too; no System V
    object of the attacks is left in the grader's IPC namespace."""
    assert batch["lingering"] == [] and batch["lingering_after_exit"] == [], batch["lingering"]
    assert batch["jobs_left"] == [], f"job folders left behind: {batch['jobs_left']}"
    assert batch["ipc_left"] == [], f"System V objects left for a later job: {batch['ipc_left']}"


def test_gradebook_is_complete_and_formula_safe(batch):
    names = {Path(r["notebook"]).stem for r in batch["rows"]}
    assert names == set(batch["attacks"]) | set(HONEST) | set(BROKEN) | {"skeleton"}
    rows = {Path(r["notebook"]).stem: r for r in batch["rows"]}
    for name, reason in BROKEN.items():
        assert not rows[name]["passed"] and reason in rows[name]["first_problem"], rows[name]
    assert {"gradebook.csv", "gradebook.html", "gradebook.json", "canvas.csv", "moodle.csv"} <= set(batch["out_files"])
    assert len([f for f in batch["out_files"] if f.startswith("reports/")]) == len(names)
    cells = [cell for row in batch["csv"] for cell in row]
    assert not [c for c in cells if text_attacks.raw_controls(c)], "a raw control character in gradebook.csv"
    assert not [line for line in batch["lines"] if text_attacks.raw_controls(line) or "\n" in line], batch["lines"]
    assert "'=1+2.ipynb" in cells and "'=1+2" in cells
    assert not any(c.startswith(("=", "+", "@")) for c in cells), [c for c in cells if c.startswith(("=", "+", "@"))]


# ---- the table of docs/GRADING.md ----------------------------------------------------------------------------

BEGIN, END = "<!-- BEGIN attacks table (tests/hostile/test_isolation_modes.py) -->", "<!-- END attacks table -->"


def _cell(mode: str, what: str, outcome: str) -> str:
    if outcome != "DONE":
        return outcome
    if what in ENDED_WITH_JOB:
        return "done inside the job; gone with it (checked after the job)"
    return "done in its own private /tmp or /dev/shm (gone with the job; nothing on the real file system)"


def _table(results: dict[tuple[str, str], dict]) -> tuple[list[str], list[list[str]]]:
    columns = [f"{m} ({w})" for (m, w) in results]
    rows: list[list[str]] = []
    any_result = next(iter(results.values()))
    for name in any_result["attacks"]:
        per_mode = [dict(attempts(r["reports"][name])) for r in results.values()]
        for what in per_mode[0]:
            rows.append([f"`{name}`: {what}"] + [_cell(m, what, p.get(what, "?"))
                                                for (m, _), p in zip(results, per_mode)])
        rows.append([f"`{name}`: **grade**"] + ["fails" if not {Path(x["notebook"]).stem: x for x in r["rows"]}[
            name]["passed"] else "PASSES" for r in results.values()])
    return columns, rows


def _markdown(columns: list[str], rows: list[list[str]]) -> str:
    lines = ["| attack: attempt | " + " | ".join(columns) + " |", "|---" * (len(columns) + 1) + "|"]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)


def test_docs_table_is_what_the_batches_produce():
    """Runs after the batches of this module (pytest keeps the order of a file's tests)."""
    if not _RESULTS:
        pytest.skip("no confining isolation mode on this machine")
    columns, rows = _table(_RESULTS)
    table = _markdown(columns, rows)
    text = DOC.read_text(encoding="utf-8")
    if os.environ.get("JALIZ_LEARN_WRITE_DOCS"):
        head, _, rest = text.partition(BEGIN)
        _, _, tail = rest.partition(END)
        DOC.write_text(f"{head}{BEGIN}\n{table}\n{END}{tail}", encoding="utf-8")
        return
    committed = text.split(BEGIN, 1)[1].split(END, 1)[0].strip().splitlines()
    header = [c.strip() for c in committed[0].strip("|").split("|")]
    for column in columns:  # the columns this machine could run must read as committed
        assert column in header, f"docs/GRADING.md has no column {column!r}; rewrite it with JALIZ_LEARN_WRITE_DOCS=1"
        i = header.index(column)
        got = [row[columns.index(column) + 1] for row in rows]
        want = [[c.strip() for c in line.strip().strip("|").split("|")][i] for line in committed[2:]]
        assert got == want, f"column {column!r} of docs/GRADING.md differs; rewrite it with JALIZ_LEARN_WRITE_DOCS=1"


# ---- the package's reference answers, in exercise 5 ---------------------------------------------------------

ANSWERS_CHEAT = """from jaliz_learn_teacher.answers import ex05 as answers


class MyExperiments:
    def act(self, observation, legal_actions):
        raise RuntimeError("MyExperiments plays no games")

    def schedule(self, names, rounds):
        return answers.reference_schedule(names, rounds)

    def win_rates(self, games):
        return answers.reference_win_rates(games)

    def wilson(self, wins, n, z):
        return answers.reference_wilson(wins, n, z)

    def seat_win_rates(self, games):
        return answers.reference_seat_win_rates(games)

    def seat_advantage(self, games):
        return answers.reference_seat_advantage(games)

    def elo(self, games, k=16):
        return answers.reference_elo(games, k)
"""


@pytest.mark.parametrize("mode", [*modes(), "none"])
def test_returning_the_packages_reference_answers_fails_exercise_5(mode, tmp_path):
    """In a confining mode the answers cannot even be imported; in every mode the grader's reading of the code
    refuses them (and the library's public wilson_interval)."""
    from jaliz_learn.grading.batch import find_exercise, load_grader

    grader = load_grader(find_exercise("5"))
    solution = json.loads((ROOT / "exercises" / "05_experiments" / "solution.ipynb").read_text())
    for cell in solution["cells"]:
        if cell["cell_type"] == "code" and "class MyExperiments" in "".join(cell["source"]):
            cell["source"] = ANSWERS_CHEAT
    path = tmp_path / "cheat.ipynb"
    path.write_text(json.dumps(solution))
    report = grader.grade(path, seed=7, isolation=mode)
    assert not report.passed, str(report)
    text = str(report)
    if mode == "none":
        assert "[FAIL] your own code: the notebook imports the exercises' reference answers" in text, text
    else:
        assert "[FAIL] load your bot" in text and ("ModuleNotFoundError" in text or "PermissionError" in text), text
    honest = grader.grade(ROOT / "exercises" / "05_experiments" / "solution.ipynb", seed=7, isolation=mode)
    assert honest.passed, str(honest)


# ---- refusing an unconfined real grade; the grader's next run -------------------------------------------------


def _grader(*args: str, secret: bool = True) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    env.pop("JALIZ_LEARN_ISOLATION", None)
    env.pop("JALIZ_LEARN_SECRET_SEED", None)
    if secret:
        env["JALIZ_LEARN_SECRET_SEED"] = SECRET
    return subprocess.run([sys.executable, str(ROOT / "exercises" / "01_first_jaliz_bot" / "grader.py"), *args],
                          env=env, capture_output=True, text=True, timeout=600, cwd=ROOT)


def test_a_real_grade_without_confinement_is_refused_in_one_line():
    skeleton = str(ROOT / "exercises" / "01_first_jaliz_bot" / "exercise.ipynb")
    refused = _grader("--isolation", "none", skeleton)
    assert refused.returncode == 2 and refused.stdout == "", refused.stdout + refused.stderr
    line = refused.stderr.strip()
    assert "\n" not in line and "Traceback" not in line
    assert "refusing a real grade" in line and "'none'" in line and "--allow-unconfined" in line
    allowed = _grader("--isolation", "none", "--allow-unconfined", skeleton)
    assert allowed.returncode == 1 and "weaker isolation" in allowed.stdout, allowed.stdout + allowed.stderr
    practice = _grader("--isolation", "none", skeleton, secret=False)
    assert practice.returncode == 1 and "weaker isolation" in practice.stdout and "practice" in practice.stdout


def test_the_graders_next_run_still_fails_the_skeleton():
    """After the batches (with their planted .pth and sitecustomize attempts), a fresh grader process grading the
    untouched skeleton exits 1 and says so."""
    run = _grader(str(ROOT / "exercises" / "01_first_jaliz_bot" / "exercise.ipynb"))
    assert run.returncode == 1 and "checks passed" in run.stdout and "All checks passed" not in run.stdout


def _keyed_seed() -> int:
    """The grade's seed that follows from :data:`SECRET` (no report may show it)."""
    from jaliz_learn.grading.seeds import SECRET_ENV, secret_seed

    return secret_seed(0, environ={SECRET_ENV: SECRET})[0]
