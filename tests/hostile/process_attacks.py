"""Attacks on the processes and the kernel's channels (issue 48), as notebooks for the hostile batch.

Same shape as ``attacks.py`` (whose helpers these notebooks use): each attempt is recorded as ``blocked (<error>)``
or ``DONE`` and reported by the bot's ``act()``. What the batch checks besides the reports:

* ``ipc_writer`` leaves (tries to) System V shared memory, a message and a semaphore, a POSIX message queue and a
  key in the kernel's key rings; ``zz_ipc_reader``, graded later in this batch and in every later batch, reads
  them and the grading user's own segment and queue (made by the batch); a leak shows as LEAKED;
* ``detach`` starts a double-forked, ``setsid``'d process that ignores every signal it can and renames itself
  ``jaliz-detached``; ``fork_bomb`` starts processes until refused, each named ``jaliz-bomb``: no process of
  either name may remain once the batch is over (the test scans ``/proc``);
* ``disk_filler`` writes its folder full: its writes end at the job's disk cap (a full tmpfs, or the supervisor
  stops the job), and every honest sibling still passes;
* ``locked_folder`` leaves a folder that cannot be read, entered or emptied: the job folders are gone after the
  batch, as an ordinary user too;
* ``ptrace_parent`` attaches to its parent and reads its memory.
"""

from __future__ import annotations

#: the comm names of the processes that must not outlive their job, and the keys of the IPC objects
DETACHED, BOMB = "jaliz-detached", "jaliz-bomb"
SHM_KEY, MSG_KEY, SEM_KEY = 0x4A4C0101, 0x4A4C0102, 0x4A4C0103
TEACHER_SHM_KEY, TEACHER_MSG_KEY = 0x4A4C0201, 0x4A4C0202

IPC_HELPERS = """import ctypes, errno
libc = ctypes.CDLL(None, use_errno=True)
libc.shmat.restype = ctypes.c_void_p
ADD_KEY, KEYCTL = {"x86_64": (248, 250), "aarch64": (217, 219)}[__import__("platform").machine()]

def call(name, *args):
    result = getattr(libc, name)(*args)
    if result == -1 or result == ctypes.c_void_p(-1).value:
        code = ctypes.get_errno()
        raise OSError(code, errno.errorcode.get(code, str(code)))
    return result

class Message(ctypes.Structure):
    _fields_ = [("mtype", ctypes.c_long), ("mtext", ctypes.c_char * 64)]
"""

WRITER = IPC_HELPERS + f"""
def leave_shm():
    shm = call("shmget", {SHM_KEY}, 4096, 0o1666)
    address = call("shmat", shm, None, 0)
    ctypes.memmove(address, b"use plot 1", 10)

def leave_message():
    queue = call("msgget", {MSG_KEY}, 0o1666)
    call("msgsnd", queue, ctypes.byref(Message(1, b"use plot 1")), 64, 0)

attempt("leave System V shared memory", leave_shm)
attempt("leave a System V message", leave_message)
attempt("leave a System V semaphore", lambda: call("semget", {SEM_KEY}, 1, 0o1666))
attempt("leave a POSIX message queue", lambda: call("mq_open", b"/jaliz-answers", 0o102, 0o666, None))
attempt("leave a key in the user's key ring", lambda: call("syscall", ADD_KEY, b"user", b"jaliz-answers",
                                                          b"use plot 1", 10, -4))
"""

READER = IPC_HELPERS + f"""
def read_shm(key):
    shm = call("shmget", key, 0, 0)
    address = call("shmat", shm, None, 0o10000)  # SHM_RDONLY
    return ctypes.string_at(address, 32).split(b"\\0")[0].decode(errors="replace")

def read_message(key):
    queue = call("msgget", key, 0)
    message = Message()
    call("msgrcv", queue, ctypes.byref(message), 64, 0, 0o4000)  # IPC_NOWAIT
    return message.mtext.decode(errors="replace")

def read_key():
    serial = call("syscall", KEYCTL, 10, -4, b"user", b"jaliz-answers", 0)  # KEYCTL_SEARCH in the user's ring
    buffer = ctypes.create_string_buffer(64)
    call("syscall", KEYCTL, 11, serial, buffer, 64)  # KEYCTL_READ
    return buffer.value.decode(errors="replace")

for what, read in (("read a classmate's shared memory", lambda: read_shm({SHM_KEY})),
                   ("read a classmate's message", lambda: read_message({MSG_KEY})),
                   ("read a classmate's key", read_key),
                   ("read the grading user's shared memory", lambda: read_shm({TEACHER_SHM_KEY})),
                   ("read the grading user's message", lambda: read_message({TEACHER_MSG_KEY}))):
    text = attempt(what, read)
    if text:
        ATTEMPTS.append("LEAKED " + text)
attempt("open a classmate's POSIX message queue", lambda: call("mq_open", b"/jaliz-answers", 0, 0, None))
"""

LIFETIME_HELPERS = """import signal, time

def rename(name):
    ctypes.CDLL(None).prctl(15, name.encode(), 0, 0, 0)  # PR_SET_NAME: what /proc/PID/comm shows

def linger(name):
    \"\"\"In a child: leave the job's session, shrug off every signal it can, keep running.\"\"\"
    try:
        os.setsid()
        rename(name)
        ctypes.CDLL(None).prctl(1, 0, 0, 0, 0)  # no parent-death signal
        for sig in (signal.SIGTERM, signal.SIGHUP, signal.SIGINT, signal.SIGQUIT, signal.SIGPIPE):
            signal.signal(sig, signal.SIG_IGN)
        time.sleep(180)
    finally:
        os._exit(0)
"""

DETACH = "import ctypes\n" + LIFETIME_HELPERS + f"""
def detach():
    if os.fork() == 0:
        if os.fork() == 0:
            linger({DETACHED!r})
        os._exit(0)
    os.wait()

attempt("start a detached process (double fork, setsid)", detach)
"""

FORK_BOMB = "import ctypes\n" + LIFETIME_HELPERS + f"""
def bomb():
    for _ in range(5000):
        if os.fork() == 0:
            linger({BOMB!r})

attempt("start 5000 processes", bomb)
"""

DISK_FILLER = """
def fill():
    chunk = b"x" * (1 << 16)
    for i in range(1 << 20):  # until refused (or until the job is stopped)
        with open(f"fill-{i}.bin", "wb") as f:
            for _ in range(2):
                f.write(chunk)

attempt("fill the disk the other jobs use", fill)
"""

LOCKED_FOLDER = """
def lock():
    inner = Path("locked/inner")
    inner.mkdir(parents=True)
    (inner / "answers.txt").write_text("x" * 1000)
    inner.chmod(0)
    Path("locked").chmod(0)

attempt("leave a folder nobody may read or empty", lock)
"""

PTRACE = IPC_HELPERS + """
def read_parent():
    local = ctypes.create_string_buffer(16)
    iov = (ctypes.c_void_p * 2)(ctypes.cast(local, ctypes.c_void_p), 16)
    remote = (ctypes.c_void_p * 2)(0x400000, 16)
    return call("process_vm_readv", os.getppid(), iov, 1, remote, 1, 0)

attempt("ptrace the grader (my parent)", lambda: call("ptrace", 16, os.getppid(), None, None))  # PTRACE_ATTACH
attempt("read the grader's memory", read_parent)
"""

#: name -> (what the learner tries, the attack's cells, the bot cell ("weak": the reporting bot))
ATTACKS: dict[str, tuple[str, str]] = {
    "ipc_writer": ("Leave answers in System V IPC objects, a POSIX message queue and the kernel's key rings.",
                   WRITER),
    "zz_ipc_reader": ("Read what a classmate graded earlier (in this batch or an earlier one) left in the kernel's "
                      "channels, and the grading user's own segment and queue.", READER),
    "detach": ("Start a detached process that keeps computing after the job and the grader are over.", DETACH),
    "fork_bomb": ("Start processes until the machine is full.", FORK_BOMB),
    "disk_filler": ("Fill the file system the other jobs' folders are on.", DISK_FILLER),
    "locked_folder": ("Leave a folder the clean-up cannot read or empty.", LOCKED_FOLDER),
    "ptrace_parent": ("Attach to the grader with ptrace and read its memory.", PTRACE),
}


def build(folder, attacks_module) -> list[str]:  # noqa: ANN001 - test helper
    """Write these attacks into ``folder`` with ``attacks.py``'s cells (imports, helpers, the reporting bot)."""
    import json

    names = []
    for name, (what, cells) in ATTACKS.items():
        cell = attacks_module._cell
        nb = {"cells": [cell("markdown", f"# Attack: {name}\n\n{what}"), cell("code", attacks_module.IMPORTS),
                        cell("code", attacks_module.HELPERS), cell("code", cells),
                        cell("code", attacks_module.WEAK_REPORTING), cell("code", "check(MyJalizBot)")],
              "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
              "nbformat": 4, "nbformat_minor": 5}
        (folder / f"{name}.ipynb").write_text(json.dumps(nb, indent=1) + "\n", encoding="utf-8")
        names.append(name)
    return names
