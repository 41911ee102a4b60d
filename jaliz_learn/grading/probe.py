"""``jaliz-learn grade --check-isolation``: what this machine offers, and a short probe of each mode.

The probe starts a process closed in exactly like a learner's (:class:`~jaliz_learn.grading.sandbox.Sandbox`)
that tries what a cheating notebook would try: read the grading user's home, a file beside the notebook and the
exercises' reference answers; write outside its scratch folder (the system's temporary folder, ``/dev/shm``,
the installed packages); connect to a server on 127.0.0.1; signal or ptrace the grader; leave System V shared
memory or a key in the kernel's key rings for another job; start a thousand processes. :func:`attempts` runs in that
process; :func:`check_isolation` runs it in every mode this machine offers and prints the table.
"""

from __future__ import annotations

import os
import platform
import socket
import sys
import tempfile
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

#: what the probe tries, in the order of the table
ATTEMPTS = ("read the grading user's home", "read a file beside the notebook", "read the reference answers",
            "write the system's temporary folder", "write /dev/shm", "write the installed packages (a .pth)",
            "connect to 127.0.0.1 (TCP)", "send to 127.0.0.1 (UDP)", "signal the grader",
            "System V shared memory (shmget)", "a key in the kernel's key rings (add_key)", "ptrace the grader",
            "start 1000 processes")


def _try(action: Callable[[], Any]) -> str:
    try:
        action()
    except OSError as exc:
        return f"blocked ({type(exc).__name__})"
    return "ALLOWED"


#: the system call number of add_key by machine
_ADD_KEY = {"x86_64": 248, "aarch64": 217}


def _libc_call(name: str, *args: Any) -> None:
    """Call the C library's ``name``; OSError with its errno when it fails (a refusal of the seccomp filter)."""
    import ctypes

    libc = ctypes.CDLL(None, use_errno=True)
    if getattr(libc, name)(*args) == -1:
        code = ctypes.get_errno()
        raise OSError(code, os.strerror(code))


def _fork_many(count: int) -> None:
    """Start ``count`` processes that wait to be ended (the job's end ends them); OSError at the first refused."""
    import time

    for _ in range(count):
        if os.fork() == 0:
            time.sleep(60)
            os._exit(0)


def _write(path: str) -> None:
    with open(path, "w") as f:
        f.write("left by a learner's process\n")


def attempts(targets: Mapping[str, Any]) -> list[list[str]]:
    """Run in the closed child: each attempt of :data:`ATTEMPTS` and what happened."""
    results = {
        ATTEMPTS[0]: lambda: open(targets["home"]).read(),
        ATTEMPTS[1]: lambda: open(targets["beside"]).read(),
        ATTEMPTS[2]: lambda: open(targets["answers"]).read(),
        ATTEMPTS[3]: lambda: _write(targets["outside"]),
        ATTEMPTS[4]: lambda: _write(targets["shm"]),
        ATTEMPTS[5]: lambda: _write(targets["pth"]),
        ATTEMPTS[6]: lambda: socket.create_connection(("127.0.0.1", targets["port"]), timeout=2).close(),
        ATTEMPTS[7]: lambda: socket.socket(socket.AF_INET, socket.SOCK_DGRAM).sendto(b"x", ("127.0.0.1",
                                                                                         targets["port"])),
        ATTEMPTS[8]: lambda: os.kill(targets["parent"], 0),
        ATTEMPTS[9]: lambda: _libc_call("shmget", 0x4A41, 4096, 0o1600),
        ATTEMPTS[10]: lambda: _libc_call("syscall", _ADD_KEY.get(platform.machine(), -1), b"user", b"jaliz-probe",
                                         b"x", 1, -3),  # KEY_SPEC_SESSION_KEYRING
        ATTEMPTS[11]: lambda: _libc_call("ptrace", 16, targets["parent"], 0, 0),  # PTRACE_ATTACH
        ATTEMPTS[12]: lambda: _fork_many(1000),
    }
    return [[name, _try(action)] for name, action in results.items()]


def run_probe(mode: str) -> tuple[str, list[list[str]]]:
    """The layers that applied and the probe's rows, for one isolation mode (run here, as the grader)."""
    import sysconfig

    from ..core.registry import load_game
    from .isolation import GRADER_ONLY
    from .sandbox import Sandbox

    with tempfile.TemporaryDirectory(prefix="jaliz-probe-") as folder, socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen(1)
        beside = Path(folder, "marks.csv")
        beside.write_text("alice,10\n")
        answers = next((p for g in GRADER_ONLY for p in sorted(Path(g).glob("*.py"))), GRADER_ONLY[0])
        token = f"jaliz-probe-{os.getpid()}"
        site = sysconfig.get_paths()["purelib"]
        home = os.path.join(os.path.expanduser("~"), f".{token}")  # a file only the grading user may read
        with open(os.open(home, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600), "w") as f:
            f.write("a token\n")
        targets = {"home": home, "beside": str(beside), "answers": str(answers),
                   "outside": os.path.join(tempfile.gettempdir(), token), "shm": f"/dev/shm/{token}",
                   "pth": os.path.join(site, f"{token}.pth"), "port": server.getsockname()[1], "parent": os.getpid()}
        box = Sandbox({"cells": []}, load_game("nizam"), isolation=mode, hidden=[folder])
        written = {ATTEMPTS[3]: targets["outside"], ATTEMPTS[4]: targets["shm"], ATTEMPTS[5]: targets["pth"]}
        try:
            rows = box.probe(targets)
            for row in rows:  # a write that succeeded inside a private /tmp or /dev/shm left nothing outside
                path = written.get(row[0])
                if path and row[1] == "ALLOWED" and not os.path.lexists(path):
                    row[1] = "private (gone with the job)"
        finally:
            for path in [home, *written.values()]:
                if os.path.lexists(path):  # a mode that let it write: leave nothing behind
                    os.remove(path)
        return box.layers, rows


def check_isolation(write: Callable[[str], None] = print) -> int:
    """Print what this machine offers and the probe of each mode it offers; exit status 0 when every offered
    confining mode blocked every attempt."""
    from .isolation import offered, plan

    offer = offered()
    write(f"this machine: {offer.describe()}")
    write(f"auto chooses: {plan('auto', offer=offer).describe()}")
    failures = 0
    modes = [m for m, ok in (("namespaces", offer.namespaces), ("landlock", offer.landlock > 0)) if ok] + ["none"]
    for mode in modes:
        layers, rows = run_probe(mode)
        write(f"\n--isolation {mode}: {layers}")
        for what, result in rows:
            write(f"  {what:<42} {result}")
            failures += mode != "none" and result == "ALLOWED"
    if not offer.namespaces and not offer.landlock:
        write("\nno confining mode here: real grades (secret seed) are refused unless --allow-unconfined is given")
    return 1 if failures else 0


__all__ = ["ATTEMPTS", "attempts", "check_isolation", "run_probe"]


if __name__ == "__main__":  # pragma: no cover
    sys.exit(check_isolation())
