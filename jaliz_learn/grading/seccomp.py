"""A seccomp filter for a learner's process: the kernel's doors between processes stay shut, in every mode.

Landlock closes files, TCP and signals, and namespaces close what a process can see; neither covers the kernel's
other channels between processes. After :func:`install` the learner's process and everything it starts get
``EPERM`` (``EACCES`` for ``socket``) from every system call of :data:`DENIED`:

* System V IPC (shared memory, message queues, semaphores) and POSIX message queues: objects that outlive the
  process, so one job could leave answers for a later one, or read the teacher's own;
* the kernel's key rings (``add_key``, ``keyctl``, ``request_key``);
* reaching other processes: ``ptrace``, ``process_vm_readv``/``writev``, ``kcmp``, ``pidfd_getfd``; signalling
  every process at once (``kill(-1)``), through a descriptor (``pidfd_send_signal``), or the job's supervisor and
  the grader (``protect``);
* new sockets (``socket``; ``socketpair``, a private pair between related processes, stays) and io_uring, which
  could open them past this filter;
* changing what the process sees once its jail is built: ``mount`` and the new mount API, ``umount2``,
  ``pivot_root``, ``chroot``, ``unshare``, ``setns``, and ``clone`` with any namespace flag (``clone3``, whose
  flags the filter cannot read, answers ``ENOSYS``, so the C library falls back to ``clone``);
* the rest a learner never needs and a sandbox escape often does: ``bpf``, ``perf_event_open``, ``userfaultfd``,
  ``open_by_handle_at``, kernel modules, ``kexec``, ``reboot``, swap, the clock, ``acct``, ``quotactl``, ...

Why a deny-list and not an allow-list: the calls CPython, numpy and pandas make vary with the C library, the BLAS
and the kernel (``clone3``, ``rseq``, ``futex_waitv``, ``statx``...), and an allow-list that misses one makes an
honest notebook fail in a way its author cannot understand; every door of the issue is on the list, and other
calls are harmless without capabilities (which the learner's process never has).

The filter is built with libseccomp (through PyPI's ``pyseccomp``, ctypes over ``libseccomp.so.2``, which every
Debian-based system has because apt depends on it): it handles each architecture's numbering and refuses the
other ABIs of the machine (32-bit calls on x86_64) outright. Where libseccomp is missing, :func:`available` says
why and the layer is reported as missing (never silently).

Runs only in the learner's process (:mod:`.boot`), never in the grader's.
"""

from __future__ import annotations

import errno
import functools
import sys
from collections.abc import Iterable
from typing import Any

#: system calls refused with EPERM, by the door they open
DENIED: dict[str, tuple[str, ...]] = {
    "System V IPC": ("shmget", "shmat", "shmdt", "shmctl", "msgget", "msgsnd", "msgrcv", "msgctl", "semget", "semop",
                     "semctl", "semtimedop", "ipc"),
    "POSIX message queues": ("mq_open", "mq_unlink", "mq_timedsend", "mq_timedreceive", "mq_notify",
                             "mq_getsetattr"),
    "key rings": ("add_key", "keyctl", "request_key"),
    "other processes": ("ptrace", "process_vm_readv", "process_vm_writev", "kcmp", "pidfd_getfd",
                        "process_madvise"),
    "io_uring": ("io_uring_setup", "io_uring_enter", "io_uring_register"),
    "mounts and namespaces": ("mount", "umount2", "umount", "pivot_root", "chroot", "unshare", "setns", "move_mount",
                              "open_tree", "fsopen", "fsconfig", "fsmount", "fspick", "mount_setattr"),
    "the kernel": ("bpf", "perf_event_open", "userfaultfd", "open_by_handle_at", "name_to_handle_at",
                   "init_module", "finit_module", "delete_module", "kexec_load", "kexec_file_load", "reboot",
                   "swapon", "swapoff", "syslog", "acct", "quotactl", "quotactl_fd", "lookup_dcookie", "nfsservctl",
                   "uselib", "vhangup", "iopl", "ioperm", "settimeofday", "clock_settime", "clock_adjtime",
                   "adjtimex", "sethostname", "setdomainname", "fanotify_init"),
}
#: clone flags that make a new namespace (CLONE_NEWTIME, NEWNS, NEWCGROUP, NEWUTS, NEWIPC, NEWUSER, NEWPID, NEWNET)
_NAMESPACE_FLAGS = 0x00000080 | 0x00020000 | 0x02000000 | 0x04000000 | 0x08000000 | 0x10000000 | 0x20000000 \
    | 0x40000000


@functools.lru_cache(maxsize=1)
def _library() -> tuple[Any, str]:
    """``(pyseccomp module, "")`` or ``(None, why not)``."""
    if not sys.platform.startswith("linux"):
        return None, "not Linux"
    try:
        import pyseccomp
    except ImportError:
        return None, "the Python package pyseccomp is not installed"
    except (RuntimeError, OSError) as exc:  # pyseccomp raises RuntimeError when libseccomp.so.2 is missing
        return None, f"libseccomp is not installed ({exc})"
    return pyseccomp, ""


def available() -> str:
    """``""`` when the filter can be installed here, else why not (one phrase).

    >>> isinstance(available(), str)
    True
    """
    return _library()[1]


def describe() -> str:
    """The layer in words, for reports."""
    return "seccomp (no System V IPC, key rings, ptrace, io_uring, sockets or mounts)"


def install(extra: Iterable[str] = (), *, protect: Iterable[int] = ()) -> list[str]:
    """Install the filter in this process (and all it will start), for good; the names libseccomp did not know
    (newer than it, skipped). ``extra``: more system calls to refuse; ``protect``: processes it may not signal
    (the job's supervisor and the grader, where nothing else keeps a learner of the same user from them), nor their
    process groups. ``kill(-1)`` (every process the user may signal) is refused always. Raises :class:`OSError`
    where it cannot.

    Sets ``PR_SET_NO_NEW_PRIVS`` (libseccomp's default), which an unprivileged process needs anyway.
    """
    lib, why = _library()
    if lib is None:
        raise OSError(errno.ENOSYS, f"no seccomp filter: {why}")
    flt = lib.SyscallFilter(lib.ALLOW)
    unknown: list[str] = []

    def deny(name: str, action: int, *args: Any) -> None:
        try:
            flt.add_rule(action, name, *args)
        except (OSError, ValueError, RuntimeError):
            unknown.append(name)

    for names in DENIED.values():
        for name in (*names, *extra):
            deny(name, lib.ERRNO(errno.EPERM))
    deny("socket", lib.ERRNO(errno.EACCES))
    deny("clone3", lib.ERRNO(errno.ENOSYS))
    # clone(flags, ...): the flags are its first argument on every architecture this runs on
    for bit in _bits(_NAMESPACE_FLAGS):
        deny("clone", lib.ERRNO(errno.EPERM), lib.Arg(0, lib.MASKED_EQ, bit, bit))
    # signals: a pid is a 32-bit int, so only the low half of the register is compared
    low = 0xFFFFFFFF
    deny("kill", lib.ERRNO(errno.EPERM), lib.Arg(0, lib.MASKED_EQ, low, -1 & low))
    deny("pidfd_send_signal", lib.ERRNO(errno.EPERM))  # its target is a descriptor, which a filter cannot read
    for pid in protect:
        for name in ("kill", "tkill", "tgkill", "rt_sigqueueinfo", "rt_tgsigqueueinfo", "pidfd_open"):
            deny(name, lib.ERRNO(errno.EPERM), lib.Arg(0, lib.MASKED_EQ, low, pid & low))
        for name in ("kill", "rt_sigqueueinfo"):  # its process group
            deny(name, lib.ERRNO(errno.EPERM), lib.Arg(0, lib.MASKED_EQ, low, -pid & low))
    flt.load()
    return sorted(set(unknown))


def _bits(mask: int) -> list[int]:
    """The single bits of ``mask``.

    >>> _bits(0b1010)
    [2, 8]
    """
    return [1 << i for i in range(mask.bit_length()) if mask >> i & 1]


__all__ = ["DENIED", "available", "describe", "install"]
