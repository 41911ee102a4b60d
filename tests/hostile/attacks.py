"""The attacks of the class-grading issues (24, 33) as notebooks, written for one batch with the real paths.

Each attack is what a learner who wants a pass without earning it (or wants to hurt a classmate) might hand in
for exercise 1, told the real paths of the batch (the class folder, the output folder, the repository, the
grading user's home, a server's port): knowing them must not help. Every attempt is wrapped by ``attempt``,
which records ``blocked (<error>)`` or ``DONE``; the notebook's bot then raises ``RuntimeError("ATTEMPTS ...")``
from ``act()`` so that the report shows exactly what happened (and the bot fails, as a weak bot would). Where an
attempt succeeds in getting a real bot (a classmate's, the repository's solution), the notebook uses it, so a
leak would show as a pass.

``build(folder, targets)`` writes the notebooks; ``tests/hostile/test_isolation_modes.py`` grades them.
"""

from __future__ import annotations

import json
from pathlib import Path

IMPORTS = """import jaliz_learn
from jaliz_learn.bots import BaseBot, RandomBot
from jaliz_learn.exercise_tools import check_first_bot as check
"""

HELPERS = """import json, os, socket, sys
from pathlib import Path

ATTEMPTS = []

def attempt(what, action):
    try:
        value = action()
    except BaseException as exc:
        ATTEMPTS.append(f"{what}: blocked ({type(exc).__name__})")
        return None
    ATTEMPTS.append(f"{what}: DONE")
    return value

def run_cells(path):
    \"\"\"Run the code cells of a notebook (a classmate's, the repository's solution) here; its namespace.\"\"\"
    cells = json.loads(Path(path).read_text())["cells"]
    space = {"__name__": "__learner__"}
    for cell in cells:
        source = "".join(cell["source"])
        if cell["cell_type"] == "code" and "check(" not in source and not source.lstrip().startswith("%"):
            exec(source, space)
    return space
"""

WEAK_REPORTING = """class MyJalizBot(BaseBot):
    def act(self, observation, legal_actions):
        raise RuntimeError("ATTEMPTS " + "; ".join(ATTEMPTS))
"""

USE_STOLEN = """if STOLEN is not None:
    MyJalizBot = STOLEN  # a leak would turn into a pass here
else:
    class MyJalizBot(BaseBot):
        def act(self, observation, legal_actions):
            raise RuntimeError("ATTEMPTS " + "; ".join(ATTEMPTS))
"""

#: name -> (what the learner tries, the attack's cells (formatted with the targets), the bot cell)
ATTACKS: dict[str, tuple[str, str, str]] = {
    "classmate_notebook": (
        "Run a classmate's class cell (the reference solution, handed in as classmate.ipynb) as my own, then "
        "overwrite a classmate graded later (zz_honest.ipynb) with the skeleton.", """
space = attempt("read a classmate's notebook", lambda: run_cells({class_folder!r} + "/classmate.ipynb"))
STOLEN = space.get("MyJalizBot") if space else None
attempt("overwrite a later classmate", lambda: Path({class_folder!r} + "/zz_honest.ipynb").write_text(
    Path({skeleton!r}).read_text()))
""", USE_STOLEN),
    "repository_solution": (
        "Run the repository's reference solution of exercise 1 (and look for those of exercises 2 and 4).", """
root = Path(jaliz_learn.__file__).resolve().parents[1]
solution = root / "exercises/01_first_jaliz_bot/solution.ipynb"
space = attempt("read the repository's solution", lambda: run_cells(solution))
attempt("read exercise 4's solution", lambda: (root / "exercises/04_monte_carlo_search/solution.ipynb").read_text())
attempt("read the graders and tests", lambda: os.listdir(root / "tests"))
STOLEN = space.get("MyJalizBot") if space else None
""", USE_STOLEN),
    "package_answers": (
        "Import the teacher kit's reference answers (exercises 2, 3 and 5), installed beside the package.", """
attempt("import the reference answers", lambda: __import__("jaliz_learn_teacher.answers.ex05"))
attempt("read an answers file", lambda: (Path(jaliz_learn.__file__).resolve().parents[1] /
                                         "teacher/jaliz_learn_teacher/answers/ex03.py").read_text())
""", WEAK_REPORTING),
    "plant_pth": (
        "Leave a .pth file and a sitecustomize.py in site-packages, so that the grader's next run passes.", """
import sysconfig
site = sysconfig.get_paths()["purelib"]
attempt("write a .pth in site-packages", lambda: Path(site, "zz_jaliz_hostile.pth").write_text(
    "import os; os._exit(0)\\n"))
attempt("write sitecustomize.py", lambda: Path(site, "sitecustomize.py").write_text("import os; os._exit(0)\\n"))
attempt("write into the package", lambda: Path(jaliz_learn.__file__).with_name("zz_hostile.py").write_text("x=1"))
""", WEAK_REPORTING),
    "report_path_obstacles": (
        "Put a directory where my own report will be written and a link where the gradebook goes.", """
mine = {out_folder!r} + "/reports/report_path_obstacles.txt"
attempt("make a directory at my report's path", lambda: os.makedirs(mine))
attempt("link the gradebook to another file", lambda: os.symlink("/etc/hostname", {out_folder!r} + "/gradebook.csv"))
""", WEAK_REPORTING),
    "kill_the_grader": (
        "Kill the grader and every other process of the grading user from the class cell.", """
import signal

def kill_parent():
    parent = os.getppid()
    if parent <= 1:  # in its own PID namespace the grader is not even in sight
        raise ProcessLookupError("no parent in sight")
    os.kill(parent, signal.SIGKILL)

attempt("kill the grader (my parent)", kill_parent)
attempt("kill another process of the grading user", lambda: os.kill({sentinel_pid}, signal.SIGKILL))
attempt("kill every process of the user", lambda: os.kill(-1, signal.SIGKILL))
""", WEAK_REPORTING),
    "reach_localhost": (
        "Connect to a server on 127.0.0.1 (a Jupyter server, a table server) and send it something.", """
def send_tcp():
    with socket.create_connection(("127.0.0.1", {port}), timeout=2) as s:
        s.sendall(b"hello from a learner")
def send_udp():
    socket.socket(socket.AF_INET, socket.SOCK_DGRAM).sendto(b"hello from a learner", ("127.0.0.1", {port}))
attempt("connect to 127.0.0.1 over TCP", send_tcp)
attempt("send to 127.0.0.1 over UDP", send_udp)
""", WEAK_REPORTING),
    "leave_files": (
        "Leave answers in /tmp and /dev/shm for a classmate graded later (zz_reads_files.ipynb).", """
attempt("leave a file in /tmp", lambda: Path("/tmp/jaliz-shared-answers.txt").write_text("use plot 1"))
attempt("leave a file in /dev/shm", lambda: Path("/dev/shm/jaliz-shared-answers.txt").write_text("use plot 1"))
""", WEAK_REPORTING),
    "zz_reads_files": (
        "Read what a classmate graded earlier left in /tmp and /dev/shm (a leak shows as LEAKED).", """
for place in ("/tmp", "/dev/shm"):
    text = attempt(f"read a file left in {{place}}", lambda: Path(place, "jaliz-shared-answers.txt").read_text())
    if text:
        ATTEMPTS.append("LEAKED " + text)
""", WEAK_REPORTING),
    "read_teacher_files": (
        "Read a token in the grading user's home and the teacher's marks beside the notebooks.", """
for what, path in (("read the grading user's home", {home_file!r}), ("read the marks beside the notebook",
                                                                      {class_folder!r} + "/marks.csv")):
    text = attempt(what, lambda: Path(path).read_text())
    if text:
        ATTEMPTS.append("LEAKED " + text)
""", WEAK_REPORTING),
}


def _cell(kind: str, source: str) -> dict:
    cell = {"cell_type": kind, "metadata": {}, "source": source.strip("\n").splitlines(True)}
    if kind == "code":
        cell.update(execution_count=None, outputs=[])
    return cell


def build(folder: Path, targets: dict[str, object]) -> list[str]:
    """Write every attack into ``folder`` with the batch's real paths; the notebooks' names."""
    names = []
    for name, (what, cells, bot) in ATTACKS.items():
        nb = {"cells": [_cell("markdown", f"# Attack: {name}\n\n{what}"), _cell("code", IMPORTS),
                        _cell("code", HELPERS), _cell("code", cells.format(**targets)), _cell("code", bot),
                        _cell("code", "check(MyJalizBot)")],
              "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
              "nbformat": 4, "nbformat_minor": 5}
        (folder / f"{name}.ipynb").write_text(json.dumps(nb, indent=1) + "\n", encoding="utf-8")
        names.append(name)
    return names
