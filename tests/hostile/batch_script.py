"""One hostile batch, run by ``test_isolation_modes.py`` in its own process as the grading user would run it.

``python batch_script.py MODE BASE`` (the environment holds the secret seed): starts a sentinel process and a
TCP/UDP server on 127.0.0.1, writes the class folder (the attacks of ``attacks.py`` with the real paths, the
reference solution as ``classmate.ipynb``, ``zz_honest.ipynb`` and ``=1+2.ipynb``, the untouched skeleton) and the
teacher's files (``marks.csv`` beside the notebooks, a token in ``$HOME``), grades the folder on two processes
with ``--isolation MODE``, and prints one JSON line: the rows, what the server received, whether the sentinel
lives, what was left in /tmp, /dev/shm and the installed packages, and the class folder's files before and after.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import socket
import subprocess
import sys
import sysconfig
import threading
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import attacks  # noqa: E402
import process_attacks  # noqa: E402
import text_attacks  # noqa: E402

ROOT = HERE.parents[1]
EXERCISE = ROOT / "exercises" / "01_first_jaliz_bot"
LEFT_BEHIND = ("/tmp/jaliz-shared-answers.txt", "/dev/shm/jaliz-shared-answers.txt")


def _hashes(folder: Path) -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(folder.iterdir()) if p.is_file()}


def _listen() -> tuple[int, list[bytes]]:
    received: list[bytes] = []
    tcp = socket.socket()
    tcp.bind(("127.0.0.1", 0))
    tcp.listen(8)
    port = tcp.getsockname()[1]
    udp = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    udp.bind(("127.0.0.1", port))

    def serve_tcp() -> None:
        while True:
            conn, _ = tcp.accept()
            received.append(conn.recv(1000) or b"(connected)")
            conn.close()

    def serve_udp() -> None:
        while True:
            received.append(udp.recv(1000))

    threading.Thread(target=serve_tcp, daemon=True).start()
    threading.Thread(target=serve_udp, daemon=True).start()
    return port, received


def _teacher_ipc() -> list[tuple[str, int]]:
    """The grading user's own System V segment and queue (mode 0600), which no learner's process may read."""
    import ctypes

    libc = ctypes.CDLL(None, use_errno=True)
    libc.shmat.restype = ctypes.c_void_p
    shm = libc.shmget(process_attacks.TEACHER_SHM_KEY, 4096, 0o1600)
    ctypes.memmove(libc.shmat(shm, None, 0), b"TEACHER-SECRET", 14)
    queue = libc.msgget(process_attacks.TEACHER_MSG_KEY, 0o1600)

    class Message(ctypes.Structure):
        _fields_ = [("mtype", ctypes.c_long), ("mtext", ctypes.c_char * 64)]

    libc.msgsnd(queue, ctypes.byref(Message(1, b"TEACHER-SECRET")), 64, 0)
    return [("shm", shm), ("msg", queue)]


def _remove_ipc(objects: list[tuple[str, int]]) -> None:
    import ctypes

    libc = ctypes.CDLL(None)
    for kind, ident in objects:
        (libc.shmctl if kind == "shm" else libc.msgctl)(ident, 0, None)  # IPC_RMID


def _ipc_left() -> list[str]:
    """System V objects with the attacks' keys in this IPC namespace (what a later job could read)."""
    keys = {process_attacks.SHM_KEY, process_attacks.MSG_KEY, process_attacks.SEM_KEY}
    left = []
    for kind in ("shm", "msg", "sem"):
        try:
            lines = Path(f"/proc/sysvipc/{kind}").read_text().splitlines()[1:]
        except OSError:
            continue
        left += [f"{kind} {line.split()[0]}" for line in lines if int(line.split()[0]) in keys]
    return left


def lingering() -> list[str]:
    """Processes named by the lifetime attacks that still run."""
    found = []
    for entry in os.listdir("/proc"):
        try:
            comm = Path(f"/proc/{entry}/comm").read_text().strip()
        except OSError:
            continue
        if comm in (process_attacks.DETACHED, process_attacks.BOMB):
            found.append(f"{entry} {comm}")
    return found


def main(mode: str, base: Path) -> None:
    from jaliz_learn.grading import Limits
    from jaliz_learn.grading.batch import grade_folder

    for path in LEFT_BEHIND:
        if os.path.lexists(path):
            os.remove(path)
    site = Path(sysconfig.get_paths()["purelib"])
    site_before = sorted(os.listdir(site))
    package_before = sorted(os.listdir(ROOT / "jaliz_learn"))
    sentinel = subprocess.Popen(["sleep", "600"])
    port, received = _listen()
    folder, out, home = base / "class", base / "class-gradebook", Path(os.environ["HOME"])
    folder.mkdir()
    (folder / "marks.csv").write_text("alice,10\nbob,7\n")
    token = home / ".jupyter-token"
    token.write_text("TOKEN-a1b2c3")
    token.chmod(0o600)
    targets = {"class_folder": str(folder), "out_folder": str(out), "skeleton": str(EXERCISE / "exercise.ipynb"),
               "home_file": str(token), "port": port, "sentinel_pid": sentinel.pid}
    names = attacks.build(folder, targets) + process_attacks.build(folder, attacks)
    names += text_attacks.build(folder, attacks)
    teacher_ipc = _teacher_ipc()
    jobs = base / "tmp"  # the job folders, so that what the clean-up leaves shows
    jobs.mkdir()
    os.environ["TMPDIR"] = str(jobs)
    import tempfile

    tempfile.tempdir = None
    for name in ("classmate", "zz_honest", "=1+2"):
        shutil.copy(EXERCISE / "solution.ipynb", folder / f"{name}.ipynb")
    shutil.copy(EXERCISE / "exercise.ipynb", folder / "skeleton.ipynb")
    # broken or hostile files: each must become one failing row with its reason
    os.symlink("/etc/hostname", folder / "link.ipynb")
    (folder / "broken.ipynb").write_text('{"cells": [')
    (folder / "wrong_schema.ipynb").write_text('{"cells": [{"cell_type": "code", "source": 5}], "nbformat": 4, '
                                               '"nbformat_minor": 5, "metadata": {}}')
    before = _hashes(folder)
    lines: list[str] = []  # what the teacher's terminal shows, one line per notebook
    limits = Limits(load_seconds=20, cell_seconds=10, setup_seconds=3, cpu_seconds=60, memory_mb=768,
                    output_bytes=200_000, restarts=1, disk_mb=32)
    rows = grade_folder("01_first_jaliz_bot", folder, out=out, limits=limits, time_limit=0.5, legality_games=4,
                        strength_games=12, jobs=2, isolation=mode, bar=False, progress=lines.append)
    # each report under its notebook's name as the gradebook shows it (a name may be escaped, e.g. '\\udcff')
    reports = {Path(name).stem: text for name, text in
               json.loads((out / "gradebook.json").read_text(encoding="utf-8"))["reports"].items()}
    result = {"rows": rows, "reports": reports, "attacks": names, "received": [r.decode(errors="replace")
                                                                               for r in received],
              "sentinel_alive": sentinel.poll() is None, "left_behind": [p for p in LEFT_BEHIND if os.path.lexists(p)],
              "site_added": sorted(set(os.listdir(site)) - set(site_before)),
              "package_added": sorted(set(os.listdir(ROOT / "jaliz_learn")) - set(package_before)),
              "class_before": before, "class_after": _hashes(folder),
              "out_files": sorted(str(p.relative_to(out)) for p in out.rglob("*")), "uid": os.getuid(),
              "lingering": lingering(), "jobs_left": sorted(os.listdir(jobs)), "ipc_left": _ipc_left(), "lines": lines}
    _remove_ipc(teacher_ipc)
    sentinel.kill()
    print("RESULT " + json.dumps(result))


if __name__ == "__main__":
    main(sys.argv[1], Path(sys.argv[2]))
