"""Linux Landlock and a seccomp socket filter, for a learner's process to apply to itself.

Landlock (kernel 5.13+) lets an unprivileged process restrict itself and everything it starts, for life,
without root and without user namespaces, which is why it fits a JupyterHub container where ``unshare`` is
refused (Docker's default seccomp profile allows Landlock's three system calls). This module is the one place
that talks to it, through ``ctypes``:

* :func:`abi_version` -- the kernel's Landlock ABI (0: none). What each ABI adds: 1 files; 2 renaming and
  linking across folders; 3 truncating; 4 TCP bind and connect; 5 ioctl on devices; 6 *scopes*: signals and
  abstract UNIX sockets only within the same domain; 7 audit logging.
* :func:`restrict` -- after it, the process may read only below ``read`` and write only below ``write``; with
  ABI 4+ it may neither bind nor connect TCP sockets; with ABI 6+ it may not signal (or reach through an
  abstract UNIX socket) any process outside its own domain, so not the grader nor another learner's process.
* :func:`deny_sockets` -- a seccomp filter: ``socket()`` fails with ``EACCES`` (no TCP, UDP, raw or UNIX
  socket at all; ``socketpair()`` still works) and io_uring, which could open sockets past the filter, is off.
  Landlock's network rules cover TCP only; this covers the rest.

Why not a binding from PyPI: the three measured (``py-landlock`` 0.1.1, ``landlockpy`` 0.2.0, ``landlock``
1.0.0.dev5; ``../shared/recipes/landlock.md``) are early releases and one has no network rules or scopes; the
part used here (three system calls, the ABI table and a fallback for older kernels) is shorter than the
adapter any of them would need, and it has no dependency to install in a learner's environment.

Nothing here runs at import: the grader's process imports this module only to ask :func:`abi_version`.
"""

from __future__ import annotations

import ctypes
import errno
import os
import platform
import struct
from collections.abc import Iterable
from dataclasses import dataclass

# system call numbers: Landlock's are the same on every architecture (added after the tables were unified)
_CREATE_RULESET, _ADD_RULE, _RESTRICT_SELF = 444, 445, 446
_RULESET_VERSION = 1 << 0  # flag of landlock_create_ruleset: return the ABI version
_RULE_PATH_BENEATH = 1
_RULE_NET_PORT = 2
_PR_SET_NO_NEW_PRIVS = 38
_PR_SET_SECCOMP = 22
_SECCOMP_MODE_FILTER = 2

# file-system rights, with the ABI that introduced each
EXECUTE, WRITE_FILE, READ_FILE, READ_DIR = 1 << 0, 1 << 1, 1 << 2, 1 << 3
REMOVE_DIR, REMOVE_FILE, MAKE_CHAR, MAKE_DIR = 1 << 4, 1 << 5, 1 << 6, 1 << 7
MAKE_REG, MAKE_SOCK, MAKE_FIFO, MAKE_BLOCK, MAKE_SYM = 1 << 8, 1 << 9, 1 << 10, 1 << 11, 1 << 12
REFER, TRUNCATE, IOCTL_DEV = 1 << 13, 1 << 14, 1 << 15
_FS_BY_ABI = {1: (1 << 13) - 1, 2: (1 << 14) - 1, 3: (1 << 15) - 1, 5: (1 << 16) - 1}
#: rights that make sense on a file (a rule naming a file with folder rights is refused with EINVAL)
_FILE_RIGHTS = EXECUTE | WRITE_FILE | READ_FILE | TRUNCATE | IOCTL_DEV
READ = EXECUTE | READ_FILE | READ_DIR
WRITE = (WRITE_FILE | REMOVE_DIR | REMOVE_FILE | MAKE_DIR | MAKE_REG | MAKE_SYM | MAKE_FIFO | MAKE_SOCK | REFER
         | TRUNCATE)
# network rights (ABI 4) and scopes (ABI 6)
_BIND_TCP, _CONNECT_TCP = 1 << 0, 1 << 1
_SCOPE_ABSTRACT_UNIX, _SCOPE_SIGNAL = 1 << 0, 1 << 1


class LandlockError(OSError):
    """Landlock could not be applied (the message says which step and why)."""


def _libc() -> ctypes.CDLL:
    return ctypes.CDLL(None, use_errno=True)


def abi_version() -> int:
    """The kernel's Landlock ABI version, 0 where there is none (not Linux, too old, or disabled).

    >>> abi_version() >= 0
    True
    """
    if platform.system() != "Linux":
        return 0
    try:
        libc = _libc()
        libc.syscall.restype = ctypes.c_long
        version = libc.syscall(ctypes.c_long(_CREATE_RULESET), None, ctypes.c_size_t(0),
                               ctypes.c_uint32(_RULESET_VERSION))
    except (OSError, AttributeError):  # pragma: no cover - no libc
        return 0
    return max(0, int(version))


@dataclass(frozen=True)
class Applied:
    """What :func:`restrict` put in force."""

    abi: int
    network: bool  # TCP bind/connect denied (ABI 4+)
    scopes: bool  # signals and abstract UNIX sockets kept inside the domain (ABI 6+)

    def describe(self) -> str:
        """E.g. ``landlock ABI 7 (files, network, signals)``."""
        parts = ["files"] + (["network"] if self.network else []) + (["signals"] if self.scopes else [])
        return f"landlock ABI {self.abi} ({', '.join(parts)})"


def no_new_privileges() -> None:
    """``PR_SET_NO_NEW_PRIVS``: required before an unprivileged process may apply Landlock or seccomp; setuid
    programs run from here on gain nothing."""
    libc = _libc()
    if libc.prctl(_PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0:
        raise LandlockError(ctypes.get_errno(), "prctl(PR_SET_NO_NEW_PRIVS) failed")


def restrict(read: Iterable[str], write: Iterable[str], *, list_only: Iterable[str] = (), network: bool = True,
             scopes: bool = True) -> Applied:
    """Restrict this process (and all it starts) to reading below ``read`` and writing below ``write``.

    ``list_only`` folders may be listed (names only, theirs and their subfolders'), not read: a folder holding both
    allowed and hidden parts (the import system lists a package's folder before it imports from it). Paths that do
    not exist are skipped. A file gets only file rights. With ``network`` (ABI 4+) TCP bind and
    connect are denied; with ``scopes`` (ABI 6+) signals and abstract UNIX sockets stay inside the domain.
    Raises :class:`LandlockError` when the kernel has no Landlock or refuses a step.
    """
    abi = abi_version()
    if abi < 1:
        raise LandlockError(errno.ENOSYS, "this kernel offers no Landlock")
    handled_fs = _FS_BY_ABI[max(k for k in _FS_BY_ABI if k <= abi)]
    handled_net = (_BIND_TCP | _CONNECT_TCP) if network and abi >= 4 else 0
    scoped = (_SCOPE_ABSTRACT_UNIX | _SCOPE_SIGNAL) if scopes and abi >= 6 else 0
    # struct landlock_ruleset_attr grew with the ABI: pass the size the kernel knows
    attr = struct.pack("=QQQ", handled_fs, handled_net, scoped)
    size = 24 if abi >= 6 else 16 if abi >= 4 else 8
    libc = _libc()
    libc.syscall.restype = ctypes.c_long
    buffer = ctypes.create_string_buffer(attr, len(attr))
    fd = libc.syscall(ctypes.c_long(_CREATE_RULESET), buffer, ctypes.c_size_t(size), ctypes.c_uint32(0))
    if fd < 0:
        raise LandlockError(ctypes.get_errno(), "landlock_create_ruleset failed")
    try:
        for paths, rights in ((list_only, READ_DIR), (read, READ), (write, READ | WRITE)):
            for path in paths:
                _allow(libc, int(fd), path, rights & handled_fs)
        no_new_privileges()
        if libc.syscall(ctypes.c_long(_RESTRICT_SELF), ctypes.c_int(fd), ctypes.c_uint32(0)) != 0:
            raise LandlockError(ctypes.get_errno(), "landlock_restrict_self failed")
    finally:
        os.close(fd)
    return Applied(abi, bool(handled_net), bool(scoped))


def _allow(libc: ctypes.CDLL, ruleset: int, path: str, rights: int) -> None:
    try:
        target = os.open(path, os.O_PATH | os.O_CLOEXEC)
    except OSError:  # a path that does not exist here: nothing to allow
        return
    try:
        if not os.path.isdir(path):
            rights &= _FILE_RIGHTS
        # struct landlock_path_beneath_attr is packed: u64 rights, s32 folder descriptor
        attr = ctypes.create_string_buffer(struct.pack("=Qi", rights, target), 12)
        if libc.syscall(ctypes.c_long(_ADD_RULE), ctypes.c_int(ruleset), ctypes.c_int(_RULE_PATH_BENEATH), attr,
                        ctypes.c_uint32(0)) != 0:
            raise LandlockError(ctypes.get_errno(), f"landlock_add_rule failed for {path}")
    finally:
        os.close(target)


# ---- seccomp: no sockets --------------------------------------------------------------------------------

#: (audit architecture, socket, io_uring_setup, io_uring_enter, io_uring_register) by machine
_SYSCALLS = {"x86_64": (0xC000003E, 41, 425, 426, 427), "aarch64": (0xC00000B7, 198, 425, 426, 427)}
_RET_ALLOW, _RET_ERRNO = 0x7FFF0000, 0x00050000
_LD_W_ABS, _JEQ_K, _JGE_K, _RET_K = 0x20, 0x15, 0x35, 0x06


def deny_sockets() -> bool:
    """Install a seccomp filter: ``socket()`` and io_uring fail with ``EACCES``. False where it is not known how
    on this machine (an architecture without a table here); raises :class:`LandlockError` if the kernel refuses.

    Sets ``PR_SET_NO_NEW_PRIVS`` first (required for an unprivileged process).
    """
    numbers = _SYSCALLS.get(platform.machine())
    if numbers is None or platform.system() != "Linux":
        return False
    arch, sock, *uring = numbers
    deny = _RET_ERRNO | errno.EACCES

    def op(code: int, k: int, jt: int = 0, jf: int = 0) -> bytes:
        return struct.pack("=HBBI", code, jt, jf, k & 0xFFFFFFFF)

    program = [op(_LD_W_ABS, 4),  # seccomp_data.arch
               op(_JEQ_K, arch, 1, 0), op(_RET_K, deny),  # another ABI (e.g. 32-bit calls): refuse
               op(_LD_W_ABS, 0),  # seccomp_data.nr
               op(_JGE_K, 0x40000000, 0, 1), op(_RET_K, deny),  # x32 system calls
               op(_JEQ_K, sock, len(uring) + 1, 0)]
    program += [op(_JEQ_K, n, len(uring) - i, 0) for i, n in enumerate(uring)]
    program += [op(_RET_K, _RET_ALLOW), op(_RET_K, deny)]
    filters = ctypes.create_string_buffer(b"".join(program), 8 * len(program))

    class _Prog(ctypes.Structure):
        _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_void_p)]

    prog = _Prog(len(program), ctypes.cast(filters, ctypes.c_void_p))
    no_new_privileges()
    libc = _libc()
    if libc.prctl(_PR_SET_SECCOMP, _SECCOMP_MODE_FILTER, ctypes.byref(prog), 0, 0) != 0:
        raise LandlockError(ctypes.get_errno(), "prctl(PR_SET_SECCOMP) failed")
    return True


__all__ = ["Applied", "LandlockError", "abi_version", "deny_sockets", "no_new_privileges", "restrict"]
