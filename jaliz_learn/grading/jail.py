"""A closed file system for a learner's process in its own mount namespace (the ``namespaces`` mode).

The learner's process starts under ``unshare`` (its own PID, mount and network namespaces, and its own user
namespace unless the grader is root). Before any learner code runs, :func:`enter` builds it a new root on an
empty in-memory file system (tmpfs) holding only:

* read-only views (bind mounts) of the interpreter, the installed packages and this package, at the paths the
  interpreter already uses, with the grader-only parts of the package (reference answers) covered by an empty
  folder;
* a private ``/tmp``, ``/dev/shm`` and ``/proc`` (of its own PID namespace) and the harmless devices
  (``/dev/null``, ``zero``, ``full``, ``random``, ``urandom``);
* its scratch folder, the only place it may write, at its usual path.

The scratch folder and ``/tmp`` are each a tmpfs of their own of ``disk_mb`` (a job cannot fill the disk its
siblings share). Then it swaps roots (``pivot_root``), detaches the old one (nothing of the real file system is
reachable any more: not the class folder, the repository, the teacher's home or the secret), makes the new root
read-only and gives up its privileges: to an unprivileged uid of the job's own when the grader is root, else every
capability of its user namespace (so it can never remount anything writable again).

Runs only in the learner's process (:mod:`.boot`), never in the grader's; ``ctypes`` calls of the C library.
"""

from __future__ import annotations

import ctypes
import os
import platform
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

_MS_RDONLY, _MS_NOSUID, _MS_NODEV, _MS_NOEXEC = 1, 2, 4, 8
_MS_REMOUNT, _MS_NOATIME, _MS_NODIRATIME, _MS_BIND = 32, 1024, 2048, 4096
_MS_REC, _MS_PRIVATE, _MS_RELATIME, _MS_STRICTATIME = 16384, 1 << 18, 1 << 21, 1 << 24
_MNT_DETACH = 2
# statvfs flags -> the mount flags a remount inside a user namespace must keep (the kernel locks them)
_LOCKED = ((os.ST_NOSUID, _MS_NOSUID), (os.ST_NODEV, _MS_NODEV), (os.ST_NOEXEC, _MS_NOEXEC),
           (getattr(os, "ST_NOATIME", 1024), _MS_NOATIME), (getattr(os, "ST_NODIRATIME", 2048), _MS_NODIRATIME),
           (getattr(os, "ST_RELATIME", 4096), _MS_RELATIME))
_PIVOT_ROOT = {"x86_64": 155, "aarch64": 41}
_PR_CAPBSET_DROP, _PR_CAP_AMBIENT, _PR_CAP_AMBIENT_CLEAR_ALL = 24, 47, 4
DEVICES = ("null", "zero", "full", "random", "urandom")
#: top-level system folders that hold shared libraries (kept as symbolic links where they are links)
SYSTEM = ("/usr", "/lib", "/lib64", "/lib32", "/libx32", "/bin", "/sbin")


class JailError(OSError):
    """The jail could not be built (the message names the step)."""


@dataclass(frozen=True)
class JailSpec:
    """What the learner's process may see: ``read`` (read-only), ``hidden`` (covered inside ``read``),
    ``scratch`` (read-write), built on the empty folder ``root``; ``user``: the ``(uid, gid)`` to become
    (the grader is root) or ``None`` (drop the capabilities of the user namespace)."""

    root: str
    scratch: str
    read: Sequence[str] = ()
    hidden: Sequence[str] = ()
    user: tuple[int, int] | None = None
    system: Sequence[str] = field(default=SYSTEM)  # folders (and files) of the system, links kept as links
    #: size of the scratch folder and of the private /tmp, each its own tmpfs (a job cannot fill a shared disk)
    disk_mb: int = 256


def _libc() -> ctypes.CDLL:
    return ctypes.CDLL(None, use_errno=True)


def _check(result: int, what: str) -> None:
    if result != 0:
        code = ctypes.get_errno()
        raise JailError(code, f"{what}: {os.strerror(code)}")


def _bytes(text: str | None) -> bytes | None:
    return text.encode() if text is not None else None


def _mount(source: str | None, target: str, fstype: str | None, flags: int, data: str | None = None) -> None:
    libc = _libc()
    _check(libc.mount(_bytes(source), _bytes(target), _bytes(fstype), ctypes.c_ulong(flags), _bytes(data)),
           f"mount {source or fstype or ''} on {target}")


def _locked_flags(path: str) -> int:
    flags = os.statvfs(path).f_flag
    return sum(ms for st, ms in _LOCKED if flags & st)


def _mountpoint(root: str, path: str, *, is_dir: bool) -> str:
    target = root + path
    if is_dir:
        os.makedirs(target, exist_ok=True)
    else:
        os.makedirs(os.path.dirname(target), exist_ok=True)
        if not os.path.exists(target):
            with open(target, "wb"):
                pass
    return target


def _bind(root: str, path: str, *, writable: bool = False) -> None:
    """Make ``path`` of the real file system visible at the same path in the jail (read-only by default)."""
    if not os.path.exists(path):
        return
    target = _mountpoint(root, path, is_dir=os.path.isdir(path))
    _mount(path, target, None, _MS_BIND | _MS_REC)
    flags = _MS_REMOUNT | _MS_BIND | _MS_NOSUID | _locked_flags(path) | (0 if writable else _MS_RDONLY)
    _mount(None, target, None, flags)


def _cover(root: str, path: str) -> None:
    """Hide a folder of a read-only view behind an empty, read-only one (files: behind an empty file)."""
    target = root + path
    if os.path.isdir(target):
        _mount("tmpfs", target, "tmpfs", _MS_RDONLY | _MS_NOSUID | _MS_NODEV | _MS_NOEXEC, "size=4k,mode=0555")
    elif os.path.exists(target):
        _mount(root + "/dev/null", target, None, _MS_BIND)


def _system(root: str, path: str) -> None:
    if os.path.islink(path):  # merged /usr: /lib -> usr/lib
        os.makedirs(os.path.dirname(root + path), exist_ok=True)
        os.symlink(os.readlink(path), root + path)
    else:
        _bind(root, path)


def _devices(root: str) -> None:
    os.makedirs(root + "/dev", exist_ok=True)
    for name in DEVICES:
        if os.path.exists(f"/dev/{name}"):
            target = _mountpoint(root, f"/dev/{name}", is_dir=False)
            _mount(f"/dev/{name}", target, None, _MS_BIND)
    for name, link in (("fd", "/proc/self/fd"), ("stdin", "/proc/self/fd/0"), ("stdout", "/proc/self/fd/1"),
                       ("stderr", "/proc/self/fd/2")):
        os.symlink(link, f"{root}/dev/{name}")
    os.makedirs(root + "/dev/shm")
    _mount("tmpfs", root + "/dev/shm", "tmpfs", _MS_NOSUID | _MS_NODEV, "size=64m,mode=1777")


def _pivot(root: str) -> None:
    number = _PIVOT_ROOT.get(platform.machine())
    if number is None:
        raise JailError(0, f"pivot_root: unknown system call number on {platform.machine()}")
    os.chdir(root)
    os.mkdir(".old")
    libc = _libc()
    libc.syscall.restype = ctypes.c_long
    _check(libc.syscall(ctypes.c_long(number), b".", b".old"), "pivot_root")
    os.chdir("/")
    _check(libc.umount2(b"/.old", _MNT_DETACH), "detach the old root")
    os.rmdir("/.old")


def _last_cap() -> int:
    try:
        with open("/proc/sys/kernel/cap_last_cap") as f:
            return int(f.read())
    except (OSError, ValueError):
        return 40


def _set_capabilities(mask: int) -> None:
    """``capset``: the effective and permitted sets become ``mask`` (capabilities 0-31), nothing inheritable."""

    class Header(ctypes.Structure):
        _fields_ = [("version", ctypes.c_uint32), ("pid", ctypes.c_int)]

    class Data(ctypes.Structure):
        _fields_ = [("effective", ctypes.c_uint32), ("permitted", ctypes.c_uint32),
                    ("inheritable", ctypes.c_uint32)]

    header, data = Header(0x20080522, 0), (Data * 2)()  # _LINUX_CAPABILITY_VERSION_3: two 32-bit words
    data[0].effective = data[0].permitted = mask
    _check(_libc().capset(ctypes.byref(header), data), "capset")


def _drop_capabilities() -> None:
    """Give up every capability for good: the bounding set (so no later exec regains them), the ambient set and
    the current sets (``capset``)."""
    libc = _libc()
    libc.prctl(_PR_CAP_AMBIENT, _PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0)
    for cap in range(_last_cap() + 1):
        libc.prctl(_PR_CAPBSET_DROP, cap, 0, 0, 0)  # fails harmlessly for a capability not in the set
    _set_capabilities(0)


def become(user: tuple[int, int] | None, *, namespace_root: bool = False, keep_reading: bool = False) -> str:
    """Give up privileges: become ``user`` (from root), or drop every capability; what was done, as words.

    ``namespace_root``: this uid 0 is the root of a user namespace, i.e. the grading user outside it.
    ``keep_reading``: ``user`` keeps one capability, CAP_DAC_READ_SEARCH (read any file, search any folder), for a
    root grader whose interpreter other users may not read (pyenv under /root); every other capability is gone,
    from the bounding set too, and Landlock, applied next, still limits what it reads."""
    if user is not None:
        uid, gid = user
        if keep_reading:
            _keep_only(_CAP_DAC_READ_SEARCH)
        os.setgroups([])
        os.setresgid(gid, gid, gid)
        os.setresuid(uid, uid, uid)
        name = "nobody" if uid == 65534 else f"its own unprivileged uid {uid}"
        if keep_reading:
            _set_capabilities(1 << _CAP_DAC_READ_SEARCH)
            return name + ", keeping only the right to read"
        return name
    _drop_capabilities()
    if namespace_root:
        return "the grading user, without capabilities"
    return f"uid {os.getuid()} without capabilities"


_CAP_DAC_READ_SEARCH, _PR_SET_KEEPCAPS = 2, 8


def _keep_only(cap: int) -> None:
    """Drop every capability but ``cap`` from the bounding and ambient sets, and keep the permitted ones across the
    coming ``setresuid`` (``PR_SET_KEEPCAPS``); runs as root."""
    libc = _libc()
    libc.prctl(_PR_CAP_AMBIENT, _PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0)
    for other in range(_last_cap() + 1):
        if other != cap:
            libc.prctl(_PR_CAPBSET_DROP, other, 0, 0, 0)
    _check(libc.prctl(_PR_SET_KEEPCAPS, 1, 0, 0, 0), "prctl(PR_SET_KEEPCAPS)")


def enter(spec: JailSpec) -> str:
    """Build the jail of ``spec``, move into it and give up privileges; a short description of what applied.

    Must run as (namespace) root, in a fresh mount namespace, before any learner code.
    """
    root = spec.root
    _mount(None, "/", None, _MS_REC | _MS_PRIVATE)  # nothing done here reaches the real system
    _mount("tmpfs", root, "tmpfs", _MS_NOSUID | _MS_NODEV, "size=16m,mode=0755")
    _devices(root)
    # the private /tmp first: read-only views of folders that live under /tmp (a virtual environment made there)
    # and the scratch folder are then mounted inside it instead of being hidden by it
    os.makedirs(root + "/tmp", exist_ok=True)
    _mount("tmpfs", root + "/tmp", "tmpfs", _MS_NOSUID | _MS_NODEV, f"size={spec.disk_mb}m,mode=1777")
    for path in spec.system:
        if os.path.lexists(path):
            _system(root, path)  # before the interpreter: a prefix under /usr lies inside this view
    bound = [p for p in spec.system if os.path.exists(p) and not os.path.islink(p)]
    for path in _with_real_paths(spec.read):
        if not any(path == b or path.startswith(b.rstrip("/") + "/") for b in bound):  # inside a read-only view
            _bind(root, path)
            bound.append(path)
    for path in _with_real_paths(spec.hidden):
        _cover(root, path)
    os.makedirs(root + "/proc", exist_ok=True)
    _mount("proc", root + "/proc", "proc", _MS_NOSUID | _MS_NODEV | _MS_NOEXEC)
    # the scratch folder: an empty tmpfs of its own at its usual path, so the job's files never reach the real disk
    owner = f",uid={spec.user[0]},gid={spec.user[1]}" if spec.user else ""
    _mount("tmpfs", _mountpoint(root, spec.scratch, is_dir=True), "tmpfs", _MS_NOSUID | _MS_NODEV,
           f"size={spec.disk_mb}m,mode=0700{owner}")
    _freeze_tmp_parents(root, bound, spec.scratch)
    _pivot(root)
    _mount(None, "/", None, _MS_REMOUNT | _MS_BIND | _MS_RDONLY | _MS_NOSUID | _MS_NODEV)
    who = become(spec.user, namespace_root=spec.user is None)
    os.chdir(spec.scratch)
    return who


def _freeze_tmp_parents(root: str, views: Iterable[str], scratch: str) -> None:
    """Make read-only the folders created in the private ``/tmp`` to hold read-only views (a checkout or a virtual
    environment under ``/tmp``: the package's folder, whose entries are bound one by one when a part of it is
    hidden). Without this a learner could add files there (only in its own view, but beside the package's modules).
    Deepest first: a folder's read-only view carries the views inside it along."""
    folders = {str(parent) for path in views for parent in Path(path).parents if str(parent).startswith("/tmp/")}
    for folder in sorted(folders, key=lambda f: f.count("/"), reverse=True):
        if scratch == folder or scratch.startswith(folder + "/"):
            continue  # the scratch folder stays writable (and so do the folders above it)
        target = root + folder
        _mount(target, target, None, _MS_BIND | _MS_REC)
        _mount(None, target, None, _MS_REMOUNT | _MS_BIND | _MS_RDONLY | _MS_NOSUID | _MS_NODEV)


def _with_real_paths(paths: Iterable[str]) -> list[str]:
    """Each path and, where links lead elsewhere, its real path too (modules may be found under either)."""
    out: list[str] = []
    for path in paths:
        for p in (os.path.abspath(path), os.path.realpath(path)):
            if p not in out:
                out.append(p)
    return out


__all__ = ["DEVICES", "JailError", "JailSpec", "SYSTEM", "become", "enter"]
