"""No process outlives its job: a supervisor that reaps a learner's whole process tree, and per-job caps.

Without a PID namespace (the ``landlock`` and ``none`` modes: a JupyterHub container) a learner's process could
start detached processes (double fork, ``setsid``) that keep running after the grader's job, and the grader's
exit, are over. So there the first code of the learner's process (:mod:`.boot`) forks, before it confines
anything: the parent stays behind as a small **supervisor** that runs no learner code and

* is a *subreaper* (``prctl(PR_SET_CHILD_SUBREAPER)``, no privilege needed): every process the learner starts
  that loses its parent becomes the supervisor's child, however it detached itself;
* when the learner's main process ends, or the grader asks (``SIGTERM``) or dies (``PR_SET_PDEATHSIG``), kills the
  whole tree it supervises (:func:`kill_tree`: every descendant, until none is left) and exits with the learner's
  own status, so the grader reads the same exit code or signal as before;
* checks the size of the scratch folder every quarter of a second and ends the job past its disk cap
  (:data:`DISK_EXIT`); each file is also capped by ``RLIMIT_FSIZE``.

The learner cannot stop the supervisor: it is root while the learner has its own unprivileged uid (a root grader);
Landlock (ABI 6+) keeps the learner's signals inside its own domain, which the supervisor is not in; and where neither
holds (an ordinary-user grader in ``none`` mode or with an older Landlock) the seccomp filter refuses every signal to
the supervisor, its process group and the grader, and to every process at once (``kill(-1)``), and ``ptrace``.

In the ``namespaces`` mode the PID namespace does all this (``unshare --kill-child``: when its first process
ends, the kernel kills every process in it), and the scratch folder is a size-limited tmpfs (:mod:`.jail`).

:func:`limit_processes` caps the tasks (processes and threads) of the learner's user with ``RLIMIT_NPROC``. The
kernel counts them per real user: per job in a user namespace of its own (``namespaces`` mode as an ordinary
user), else over every process of that user (for a root grader, the job's own uid, so parallel jobs do not share
the cap; the grading user itself for an ordinary user in ``landlock`` mode), so the cap is
"as many as now, plus this many".
:func:`remove_tree` removes whatever a job left, whatever modes it set on its folders.
"""

from __future__ import annotations

import ctypes
import errno
import os
import shutil
import signal
import stat
import time
from collections.abc import Callable
from pathlib import Path

_PR_SET_PDEATHSIG, _PR_SET_CHILD_SUBREAPER = 1, 36
#: the supervisor's exit status when it ended a job for using more disk than its cap
DISK_EXIT = 121
#: seconds between two checks of the scratch folder's size
CHECK_EVERY = 0.25


def _prctl(option: int, value: int) -> None:
    ctypes.CDLL(None, use_errno=True).prctl(option, value, 0, 0, 0)


def children(pid: int) -> list[int]:
    """The children of ``pid`` (``/proc/PID/task/*/children``; a scan of ``/proc`` where that file is missing)."""
    found: list[int] = []
    try:
        tasks = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return found
    for tid in tasks:
        try:
            with open(f"/proc/{pid}/task/{tid}/children") as f:
                found += [int(x) for x in f.read().split()]
        except FileNotFoundError:
            return _scan_children(pid)
        except (OSError, ValueError):
            continue
    return found


def _scan_children(pid: int) -> list[int]:
    out = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat", "rb") as f:
                    fields = f.read().rsplit(b")", 1)[1].split()
                if int(fields[1]) == pid:
                    out.append(int(entry))
            except (OSError, ValueError, IndexError):
                continue
    return out


def descendants(pid: int) -> list[int]:
    """Every process below ``pid``, parents before their children."""
    out: list[int] = []
    todo = children(pid)
    while todo:
        p = todo.pop(0)
        if p not in out:
            out.append(p)
            todo += children(p)
    return out


def kill_tree(timeout: float = 10.0) -> None:
    """Kill every descendant of this process (a subreaper: orphans come back here) and reap them, until this
    process has no child left. A process that forks meanwhile only adds a round: each round kills what it sees,
    and the orphans of the killed are this process's children in the next."""
    me = os.getpid()
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        for pid in descendants(me):
            try:
                os.kill(pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
        try:
            while os.waitpid(-1, os.WNOHANG)[0]:
                pass
        except ChildProcessError:
            return  # no child at all, so no descendant either
        time.sleep(0.002)


def _open_folder(name: str, parent: int | None) -> int:
    """A descriptor of the folder ``name`` (in the folder ``parent``), never through a link; a folder the learner
    made unreadable is opened up first (``chmod`` through the descriptor, so a link swapped in cannot redirect it)."""
    flags = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC
    try:
        return os.open(name, flags, dir_fd=parent)
    except PermissionError:
        handle = os.open(name, os.O_PATH | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC, dir_fd=parent)
        try:
            os.chmod(f"/proc/self/fd/{handle}", 0o700)
        finally:
            os.close(handle)
        return os.open(name, flags, dir_fd=parent)


def _walk(root: str, visit: Callable[[os.stat_result], bool]) -> bool:
    """Call ``visit`` on every entry below ``root`` (not following links) until it returns False; False when a
    folder could not be opened (made unreadable by someone else) or ``visit`` stopped the walk."""
    try:
        todo = [_open_folder(root, None)]
    except OSError:
        return not os.path.lexists(root)
    complete = True
    while todo:
        fd = todo.pop()
        try:
            for entry in os.scandir(fd):
                try:
                    info = entry.stat(follow_symlinks=False)
                except OSError:
                    continue
                if not visit(info):
                    complete = False
                    break
                if stat.S_ISDIR(info.st_mode):
                    try:
                        todo.append(_open_folder(entry.name, fd))
                    except OSError as exc:  # closed for good, or too many folders to hold: over the cap
                        if isinstance(exc, PermissionError) or exc.errno in (errno.EMFILE, errno.ENFILE):
                            complete = False
                        # else it changed meanwhile (removed, replaced by a file or a link): nothing to count
            if not complete:
                break
        finally:
            os.close(fd)
    for fd in todo:
        os.close(fd)
    return complete


def scratch_bytes(folder: str, *, limit: int) -> int:
    """The disk the files below ``folder`` use (blocks, so sparse files count what they hold), stopping early past
    ``limit``; a folder that cannot be opened even after ``chmod`` counts as over the limit."""
    total = 0

    def add(info: os.stat_result) -> bool:
        nonlocal total
        total += info.st_blocks * 512 + 4096  # an entry costs an inode and a directory slot at least
        return total <= limit

    if not _walk(folder, add) and total <= limit:
        return limit + 1
    return total


def supervise(scratch: str, disk_bytes: int) -> tuple[int, int]:
    """Fork; in the child (the learner's process) return ``(supervisor, grader)``, the processes its seccomp filter
    must keep it from signalling (:func:`.seccomp.install`); in the parent supervise the child and never return.

    Call before anything is confined: the supervisor keeps the user and the (lack of) Landlock domain it started
    with. The child leaves the supervisor's session, so signalling its own process group reaches only its own.
    """
    _prctl(_PR_SET_CHILD_SUBREAPER, 1)
    grader, me = os.getppid(), os.getpid()
    child = os.fork()
    if child == 0:
        _prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
        if os.getppid() != me:  # pragma: no cover - the supervisor died already
            os._exit(1)
        _prctl(_PR_SET_CHILD_SUBREAPER, 0)  # the learner's orphans go up to the supervisor, not to it
        os.setsid()
        return me, grader
    _supervisor(child, grader, scratch, disk_bytes)
    os._exit(1)  # pragma: no cover - _supervisor exits


def _supervisor(child: int, grader: int, scratch: str, disk_bytes: int) -> None:
    """The supervisor's loop (see the module docstring)."""
    os.closerange(3, 1 << 16)  # the grader's pipes belong to the learner's process alone
    watched = {signal.SIGCHLD, signal.SIGTERM, signal.SIGHUP, signal.SIGINT}
    signal.pthread_sigmask(signal.SIG_BLOCK, watched)
    _prctl(_PR_SET_PDEATHSIG, signal.SIGTERM)  # the grader died: clean up, then go
    status: int | None = None
    stop = os.getppid() != grader
    next_check = 0.0
    while status is None and not stop:
        got = signal.sigtimedwait(watched, CHECK_EVERY)
        if got is not None and got.si_signo != signal.SIGCHLD:
            stop = True
        status = _reap(child, status)
        now = time.monotonic()
        if status is None and not stop and now >= next_check:
            next_check = now + CHECK_EVERY
            if scratch_bytes(scratch, limit=disk_bytes) > disk_bytes:
                kill_tree()
                _say(f"the job used more than {disk_bytes // 2**20} MiB of disk in its folder; it was stopped")
                os._exit(DISK_EXIT)
    kill_tree()
    _exit_like(status)


def _reap(child: int, status: int | None) -> int | None:
    """Reap every child that ended; the learner's status once it has."""
    try:
        while True:
            pid, code = os.waitpid(-1, os.WNOHANG)
            if pid == 0:
                return status
            if pid == child:
                status = code
    except ChildProcessError:
        return status


def _say(text: str) -> None:
    try:
        os.write(2, (text + "\n").encode())
    except OSError:
        pass


def _exit_like(status: int | None) -> None:
    """End this process the way the learner's process ended (its exit code, or the signal that killed it)."""
    if status is None:
        os._exit(0)
    if os.WIFSIGNALED(status):
        sig = os.WTERMSIG(status)
        signal.signal(sig, signal.SIG_DFL)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {sig})
        os.kill(os.getpid(), sig)
        os._exit(128 + sig)  # pragma: no cover - a signal whose default is to ignore it
    os._exit(os.waitstatus_to_exitcode(status))


def count_tasks(uid: int) -> int:
    """The tasks (threads) whose real user is ``uid``, as this process sees ``/proc`` (what ``RLIMIT_NPROC``
    counts)."""
    total = 0
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/status") as f:
                fields = dict(line.split(":", 1) for line in f if ":" in line)
            if int(fields["Uid"].split()[0]) == uid:
                total += int(fields.get("Threads", "1"))
        except (OSError, ValueError, KeyError):
            continue
    return total


def limit_processes(more: int, *, counted: int | None = None) -> int:
    """``RLIMIT_NPROC``: this user may have ``more`` tasks beyond those it has now (``counted``, else counted here);
    the limit set."""
    import resource

    limit = (count_tasks(os.getuid()) if counted is None else counted) + more
    resource.setrlimit(resource.RLIMIT_NPROC, (limit, limit))
    return limit


def remove_tree(path: str | Path) -> bool:
    """Remove ``path`` and everything below it, opening folders a learner closed (``chmod``) first: as an
    ordinary user an unreadable or unwritable folder cannot be emptied otherwise. Whether it is gone."""
    path = str(path)
    for _ in range(3):
        if not os.path.lexists(path):
            return True
        _walk(path, lambda info: True)  # opens every folder on the way (see _open_folder)
        _make_writable(path)
        shutil.rmtree(path, ignore_errors=True)
    return not os.path.lexists(path)


def _make_writable(root: str) -> None:
    """Give every folder below ``root`` back its owner's rights (rmtree needs write and search on each)."""
    todo = [root]
    while todo:
        folder = todo.pop()
        try:
            fd = os.open(folder, os.O_PATH | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC)
        except OSError:
            continue
        try:
            os.chmod(f"/proc/self/fd/{fd}", 0o700)
        except OSError:
            pass
        finally:
            os.close(fd)
        try:
            todo += [e.path for e in os.scandir(folder) if e.is_dir(follow_symlinks=False)]
        except OSError:
            continue
