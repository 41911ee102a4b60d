"""How closed a learner's process is: the layers this machine offers, the mode chosen, what the child may see.

Modes (``--isolation`` on ``grade``, each ``grader.py`` and ``class-tournament``, or the environment variable
``JALIZ_LEARN_ISOLATION``; the flag wins):

``namespaces``
    the child's own PID, mount and network namespaces (``unshare``; its own user namespace unless the grader is
    root) and a closed file system (:mod:`.jail`): a read-only view of the interpreter and the package, private
    ``/tmp`` and ``/dev/shm``, one writable scratch folder; a root grader's child becomes its own unprivileged uid.
``landlock``
    for machines without user namespaces (a JupyterHub container under Docker's default seccomp profile): the
    child restricts itself with Landlock (:mod:`.landlock`): reads only the interpreter and the package, writes
    only its scratch folder, no TCP (ABI 4+), no signal or abstract socket beyond itself (ABI 6+), and a
    seccomp filter allows no sockets at all; a root grader's child becomes its own unprivileged uid (or, where the
    interpreter is not readable by other users, keeps uid 0 without any capability).
``none``
    OS limits and an own process only: the child can read whatever the grading user can. A real grade (a secret
    seed) refuses it unless the teacher passes ``--allow-unconfined``.
``auto`` (default)
    ``namespaces`` where they work, with Landlock on top where the kernel has it; else ``landlock``; else ``none``.

>>> resolve_mode("auto", environ={})
'auto'
>>> resolve_mode(None, environ={"JALIZ_LEARN_ISOLATION": "landlock"})
'landlock'
"""

from __future__ import annotations

import functools
import importlib.util
import os
import shutil
import stat
import subprocess
import sys
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..core.errors import InvalidOption

MODES = ("auto", "namespaces", "landlock", "none")
ENV = "JALIZ_LEARN_ISOLATION"
#: the package (this file is jaliz_learn/grading/isolation.py)
PACKAGE = Path(__file__).resolve().parents[1]


def _teacher_kit() -> tuple[Path, ...]:
    """Where the teacher kit (``jaliz_learn_teacher``: reference answers, solutions) is installed, if it is; found
    without importing it (a top-level name's spec runs none of its code)."""
    try:
        spec = importlib.util.find_spec("jaliz_learn_teacher")
    except (ImportError, ValueError):
        return ()
    return tuple(Path(p).resolve() for p in (spec.submodule_search_locations or ())) if spec else ()


#: what the learner's process must never read: the teacher kit (the reference answers and solutions; issue 48) and
#: where the answers lived inside the package before
GRADER_ONLY = (*_teacher_kit(), PACKAGE / "exercises" / "answers")
#: system folders with the shared libraries and time zones the interpreter may load (read-only)
SYSTEM = ("/usr", "/lib", "/lib64", "/lib32", "/libx32", "/bin", "/sbin", "/etc/ld.so.cache", "/etc/localtime")
#: devices any program may use
DEVICES = tuple(f"/dev/{name}" for name in ("null", "zero", "full", "random", "urandom"))
UNSHARE_ARGS = ("--pid", "--fork", "--kill-child", "--mount", "--net", "--ipc")
#: tasks (processes and threads) a learner's process may start beyond those of its user at its start (RLIMIT_NPROC)
PROCESSES = 64
#: disk a job's scratch folder may use (its tmpfs in the jail; else the supervisor's checked cap), in MiB
DISK_MB = 256


def add_arguments(parser: Any) -> None:
    """``--isolation`` and ``--allow-unconfined`` on an ``argparse`` parser (``grade`` and every ``grader.py``)."""
    parser.add_argument("--isolation", default=None, choices=list(MODES),
                        help=f"how each learner's process is closed in (default: ${ENV} or auto)")
    parser.add_argument("--allow-unconfined", action="store_true",
                        help="grade with the secret seed even where the learner's file system cannot be closed")


def resolve_mode(mode: str | None, *, environ: Mapping[str, str] | None = None) -> str:
    """The mode asked for: ``mode`` (a command-line flag), else ``$JALIZ_LEARN_ISOLATION``, else ``auto``."""
    env = os.environ if environ is None else environ
    chosen = (mode or env.get(ENV, "") or "auto").strip().lower()
    if chosen not in MODES:
        source = "--isolation" if mode else ENV
        raise InvalidOption(f"{source} must be one of {', '.join(MODES)}, got {chosen[:40]!r}")
    return chosen


# ---- what this machine offers ------------------------------------------------------------------------------


def is_root() -> bool:
    return hasattr(os, "geteuid") and os.geteuid() == 0


def unshare_command() -> list[str] | None:
    """``unshare`` with the namespaces of a learner's process (a user namespace unless we are root)."""
    exe = shutil.which("unshare")
    if exe is None or not sys.platform.startswith("linux"):
        return None
    user = [] if is_root() else ["--user", "--map-root-user"]
    return [exe, *user, *UNSHARE_ARGS]


@functools.lru_cache(maxsize=1)
def namespaces_available() -> bool:
    """Whether ``unshare`` can give a child its own (user,) PID, mount and network namespaces here."""
    cmd = unshare_command()
    if cmd is None:
        return False
    try:
        done = subprocess.run([*cmd, "true"], capture_output=True, timeout=10)
    except (OSError, subprocess.SubprocessError):
        return False
    return done.returncode == 0


@functools.lru_cache(maxsize=1)
def landlock_abi() -> int:
    """The kernel's Landlock ABI (0: none)."""
    if not sys.platform.startswith("linux"):
        return 0
    from .landlock import abi_version

    return abi_version()


@dataclass(frozen=True)
class Offer:
    """What this machine offers a learner's process."""

    namespaces: bool
    landlock: int  # ABI version, 0 for none
    root: bool
    platform: str

    def describe(self) -> str:
        ns = "user namespaces: yes" if self.namespaces else "user namespaces: no (unshare is refused)"
        ll = f"Landlock: ABI {self.landlock}" if self.landlock else "Landlock: no"
        return f"{self.platform}; {ns}; {ll}; grader runs as {'root' if self.root else 'an ordinary user'}"


def offered() -> Offer:
    return Offer(namespaces_available(), landlock_abi(), is_root(), sys.platform)


# ---- the plan ------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Plan:
    """The layers a learner's process gets (see the module docstring)."""

    mode: str  # namespaces, landlock or none
    jail: bool = False
    landlock: int = 0  # the ABI applied, 0 for none
    seccomp: bool = False
    #: (uid, gid) the child becomes (the grader is root); :class:`~.sandbox.Sandbox` gives each job its own uid
    #: (:func:`job_user`) in place of :func:`plan`'s ``nobody``
    user: tuple[int, int] | None = None
    #: keep uid 0 but drop every capability (kept for callers; :func:`plan` uses ``keep_reading`` instead)
    drop_capabilities: bool = False
    notes: tuple[str, ...] = field(default=())
    #: ``nobody`` keeps one capability, reading (CAP_DAC_READ_SEARCH): a root grader whose interpreter other users
    #: may not read (pyenv under /root); Landlock still limits what it reads
    keep_reading: bool = False
    #: a supervisor that ends every process of the job (no PID namespace to do it; :mod:`.reaper`)
    supervise: bool = False
    #: why the seccomp layer is missing ("" when it applies or was not planned)
    seccomp_missing: str = ""

    @property
    def confines_files(self) -> bool:
        return self.jail or self.landlock > 0

    def describe(self) -> str:
        """One line for reports and the gradebook, e.g. ``landlock ABI 7 (files, network, signals)``."""
        parts = []
        from . import seccomp

        if self.jail:
            parts.append("namespaces (pid, mount, net, ipc; read-only interpreter and package)")
        if self.landlock:
            what = ["files"] + (["network"] if self.landlock >= 4 else []) + (["signals"] if self.landlock >= 6 else [])
            parts.append(f"landlock ABI {self.landlock} ({', '.join(what)})")
        if not parts:
            parts.append(NONE_LAYER)
        if self.seccomp:
            parts.append(seccomp.describe())
        elif self.seccomp_missing:
            parts.append(f"NO seccomp ({self.seccomp_missing})")
        if self.supervise:
            parts.append(SUPERVISOR_LAYER)
        return " + ".join(parts) + f"; runs as {self.who()}"

    def who(self) -> str:
        """Who the learner's process runs as, in words."""
        if self.user:
            who = "its own unprivileged uid"  # a Sandbox draws one per job (job_user), whatever the plan holds
            return f"{who}, reading only as Landlock allows" if self.keep_reading and self.landlock else \
                f"{who}, with the right to read every file" if self.keep_reading else who
        return "uid 0 without capabilities" if self.drop_capabilities else "the grading user"

    def warning(self) -> str | None:
        """What the child could still do, for reports (``None`` when its file system is closed)."""
        if self.confines_files:
            return None
        return ("weaker isolation: neither user namespaces nor Landlock confine the learner's process here, so it "
                "could read every file the grading user may read (the class folder, the teacher's files) and "
                "signal the grading user's processes")


#: the words for the none mode's own layer and for the supervisor (reports and the gradebook's isolation column)
NONE_LAYER = "none (own process; its file system is not closed)"
SUPERVISOR_LAYER = "a supervisor that ends every process of the job"


def _nobody() -> tuple[int, int]:
    try:
        import pwd

        entry = pwd.getpwnam("nobody")
        return entry.pw_uid, entry.pw_gid
    except (ImportError, KeyError):
        return 65534, 65534


#: the first uid of the range each job of a root grader draws its own user from (no account uses it)
JOB_UIDS = 0x40000000


def job_user(gid: int = 65534) -> tuple[int, int]:
    """A fresh unprivileged ``(uid, gid)`` for one job of a root grader: its own uid, so ``RLIMIT_NPROC`` and the
    supervisor's per-user counts see only that job (a fork bomb cannot starve a sibling job), with ``gid``.

    >>> uid, gid = job_user(); JOB_UIDS <= uid < JOB_UIDS + (1 << 24) and gid == 65534
    True
    """
    import secrets

    return JOB_UIDS + secrets.randbelow(1 << 24), gid


def _others_may_read(paths: Iterable[str]) -> bool:
    """Whether an unprivileged other user can reach and read every path (each folder above it searchable)."""
    for path in paths:
        p = Path(path)
        if not p.exists():
            continue
        for folder in [*reversed(p.resolve().parents), p.resolve()]:
            mode = folder.stat().st_mode
            if stat.S_ISDIR(mode) and not mode & stat.S_IXOTH:
                return False
        if not p.resolve().stat().st_mode & stat.S_IROTH:
            return False
    return True


def plan(mode: str | None = None, *, offer: Offer | None = None) -> Plan:
    """The layers for ``mode`` (see :func:`resolve_mode`) on this machine; a forced mode the machine does not
    offer is an :class:`~jaliz_learn.core.errors.InvalidOption` naming what it offers."""
    chosen = resolve_mode(mode)
    if os.name != "posix" or sys.platform == "emscripten":
        raise InvalidOption("grading runs each learner's notebook in its own closed process, which needs Linux (a "
                            "JupyterHub, WSL or a Linux machine); here, run the exercise's check() in the notebook")
    offer = offer or offered()
    from .seccomp import available

    missing = available()
    filtered: dict[str, Any] = {"seccomp": not missing, "seccomp_missing": missing}
    # a root grader's learner never keeps root: nobody here, which each Sandbox swaps for the job's own uid (job_user),
    # keeping the right to read where the interpreter needs it
    readable = not offer.root or _others_may_read(interpreter_paths())
    as_nobody: dict[str, Any] = {"user": _nobody(), "keep_reading": not readable} if offer.root else {}
    if offer.root and not readable and missing:  # the right to read stays only with the filter that refuses
        as_nobody = {"drop_capabilities": True}  # open_by_handle_at; without it: uid 0 without any capability
    linux = sys.platform.startswith("linux")  # prctl, /proc, capabilities: the supervisor and the rest need Linux
    if chosen == "auto":
        chosen = "namespaces" if offer.namespaces else "landlock" if offer.landlock else "none"
        with_landlock = offer.landlock if chosen == "namespaces" else 0
    else:
        with_landlock = 0
    if chosen == "namespaces":
        if not offer.namespaces:
            raise InvalidOption("isolation 'namespaces' is not available here (unshare is refused: no unprivileged "
                                f"user namespaces); this machine offers: {offer.describe()}; try --isolation "
                                "landlock or auto")
        return Plan("namespaces", jail=True, landlock=with_landlock, user=_nobody() if offer.root else None,
                    **filtered)
    if chosen == "landlock":
        if not offer.landlock:
            raise InvalidOption("isolation 'landlock' is not available here (the kernel has no Landlock, 5.13+ "
                                f"needed); this machine offers: {offer.describe()}; try --isolation namespaces or "
                                "auto")
        who = ("keeps uid 0 without any capability" if as_nobody.get("drop_capabilities") else
               "runs as its own unprivileged uid with one capability, reading (CAP_DAC_READ_SEARCH)")
        notes = () if readable else (f"the interpreter ({sys.base_prefix}) is not readable by other users, so the "
                                     f"learner's process {who}; Landlock still limits what it may read",)
        return Plan("landlock", landlock=offer.landlock, supervise=True, notes=notes, **filtered,
                    **as_nobody)
    if not linux:
        return Plan("none")
    return Plan("none", supervise=True, **filtered, **as_nobody)


def refuse_unconfined(plan_: Plan, *, real_grade: bool, allow_unconfined: bool) -> None:
    """Secure by default: a real grade (secret seed) with a file system that stays open is refused."""
    if real_grade and not plan_.confines_files and not allow_unconfined:
        raise InvalidOption(
            f"refusing a real grade (secret seed) with isolation '{plan_.mode}': learners' code could read the class "
            "folder, the teacher's files and the secret; grade where 'namespaces' or 'landlock' work (a Linux "
            "JupyterHub, WSL or a Linux machine; see jaliz-learn grade --check-isolation), or pass "
            "--allow-unconfined to grade anyway")


# ---- what the child may see ----------------------------------------------------------------------------------


@functools.lru_cache(maxsize=1)
def isolated_interpreter() -> tuple[tuple[str, ...], str | None]:
    """``sys.path`` of ``python -I`` here (folders added by ``.pth`` files included) and where it finds this package
    (``None``: it does not by itself, e.g. a checkout that was not installed)."""
    code = ("import importlib.util as u, json, sys; s = u.find_spec('jaliz_learn'); "
            "print(json.dumps([sys.path, s.origin if s else None]))")
    try:
        done = subprocess.run([sys.executable, "-I", "-c", code], capture_output=True, text=True, timeout=60)
        import json

        path, origin = json.loads(done.stdout.strip().splitlines()[-1])
    except (OSError, subprocess.SubprocessError, ValueError, IndexError):
        return (), None
    return tuple(path), origin


def package_found_by_isolated_interpreter() -> bool:
    """Whether ``python -I`` finds this package by itself (installed, or an editable install's finder)."""
    origin = isolated_interpreter()[1]
    return origin is not None and Path(origin).resolve().parent == PACKAGE


def interpreter_paths() -> list[str]:
    """The folders the learner's interpreter reads: its prefixes, every folder on its ``sys.path`` (the installed
    packages, folders added by ``.pth`` files) and the package."""
    roots = {sys.base_prefix, sys.base_exec_prefix, sys.prefix, sys.exec_prefix, str(PACKAGE)}
    roots |= {p for p in isolated_interpreter()[0] if p and os.path.isdir(p)}
    spec = importlib.util.find_spec("jaliz_learn.widgets") if "jaliz_learn.widgets" in sys.modules else None
    widgets = Path(spec.origin).parent if spec and spec.origin else PACKAGE.parent / "widgets"
    if (widgets / "__init__.py").is_file():
        roots.add(str(widgets))
    return _outermost(roots)


def checkout_parts() -> list[str]:
    """Where the package lives in a repository checkout: the checkout's other folders (solutions, tests, docs,
    history), hidden even when a tool put the checkout itself on ``sys.path`` (an old-style editable install)."""
    checkout = PACKAGE.parent
    if not (checkout / "pyproject.toml").is_file():
        return []
    needed = [Path(r) for r in interpreter_paths()]  # a virtual environment inside the checkout stays readable
    return [str(p) for p in sorted(checkout.iterdir())
            if p.name not in (PACKAGE.name, "widgets") and not any(r == p or p in r.parents for r in needed)]


def _outermost(paths: Iterable[str]) -> list[str]:
    """The paths that are not inside another of them (resolved), shortest first."""
    out: list[Path] = []
    for p in sorted({Path(x).resolve() for x in paths}, key=lambda q: len(q.parts)):
        if not any(p == o or o in p.parents for o in out):
            out.append(p)
    return [str(p) for p in out]


def split_view(roots: Sequence[str], hidden: Sequence[str]) -> tuple[list[str], list[str]]:
    """``(readable, list_only)``: paths that cover every root except the hidden paths inside them.

    A root holding a hidden path is replaced by its entries (recursively), and itself becomes list-only (Landlock
    grants rights to whole subtrees, so a hidden folder must not lie below a readable one).
    """
    hidden_paths = [Path(h).resolve() for h in hidden]
    readable: list[str] = []
    list_only: list[str] = []

    def cover(path: Path) -> None:
        inside = [h for h in hidden_paths if h == path or path in h.parents]
        if not inside:
            readable.append(str(path))
            return
        if path in inside or not path.is_dir():
            return  # hidden itself
        list_only.append(str(path))
        for entry in sorted(path.iterdir()):
            cover(entry)

    for root in roots:
        if os.path.lexists(root):
            cover(Path(root).resolve())
    return readable, list_only


def child_spec(plan_: Plan, *, scratch: str, jail_root: str | None, hidden: Sequence[str] = (),
               extra_read: Sequence[str] = ()) -> dict[str, Any]:
    """The JSON the child's :func:`jaliz_learn.grading.boot.confine` applies."""
    hidden_all = [str(p) for p in GRADER_ONLY] + checkout_parts() + [str(h) for h in hidden]
    # a file the grader shares on purpose (a game defined outside the package) stays readable inside a hidden folder;
    # only that file is there: the jail binds it alone, Landlock allows it alone
    shared = [Path(x).resolve() for x in extra_read]
    hidden_all = [h for h in hidden_all if not any(Path(h).resolve() in x.parents for x in shared)]
    readable, list_only = split_view([*interpreter_paths(), *extra_read], hidden_all)
    spec: dict[str, Any] = {"scratch": scratch, "user": list(plan_.user) if plan_.user else None,
                            "drop_capabilities": plan_.drop_capabilities, "seccomp": plan_.seccomp,
                            "landlock": plan_.landlock > 0, "hidden": hidden_all, "devices": list(DEVICES),
                            "keep_reading": plan_.keep_reading, "supervise": plan_.supervise,
                            "processes": PROCESSES, "disk_bytes": DISK_MB << 20, "libraries": _libraries()}
    system = [p for p in SYSTEM if os.path.lexists(p)]
    if plan_.jail:  # the jail binds each readable path; the hidden ones are simply not there
        spec.update(jail=jail_root, read=readable, system=system, list=list_only)
    else:  # Landlock grants whole subtrees: a system folder holding a hidden path (a package installed under
        # /usr/local, a hidden module of it) is split around it like the interpreter's folders (issue 48)
        system_read, system_list = split_view(system, hidden_all)
        spec.update(read=readable + system_read, list=list_only + system_list)
    return spec


@functools.lru_cache(maxsize=1)
def _libraries() -> dict[str, str]:
    """Where ``ctypes`` finds the C library and libseccomp here, found once by the grader (see :mod:`.boot`)."""
    import ctypes.util

    found = {name: ctypes.util.find_library(name) for name in ("c", "seccomp")}
    return {name: path for name, path in found.items() if path}


def child_command(plan_: Plan, fds: tuple[int, int]) -> list[str]:
    """The command that starts a learner's process under ``plan_`` (it reads its spec from ``fds[0]`` first)."""
    path = "" if package_found_by_isolated_interpreter() else f"sys.path.append({str(PACKAGE.parent)!r}); "
    main = f"import sys; {path}from jaliz_learn.grading.boot import main; sys.exit(main(sys.argv[1:]))"
    cmd = [sys.executable, "-I", "-c", main, str(fds[0]), str(fds[1])]
    if plan_.jail:
        unshare = unshare_command()
        assert unshare is not None  # plan() checked
        cmd = [*unshare, *cmd]
    return cmd


__all__ = ["ENV", "GRADER_ONLY", "MODES", "Offer", "Plan", "add_arguments", "checkout_parts", "child_command",
           "child_spec", "interpreter_paths", "isolated_interpreter", "landlock_abi", "namespaces_available", "offered",
           "plan", "refuse_unconfined", "resolve_mode", "split_view"]
