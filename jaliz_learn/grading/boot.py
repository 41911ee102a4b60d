"""The first code of a learner's process: close it in, then serve the grader.

Started by :class:`jaliz_learn.grading.sandbox.Sandbox` as ``python -I -c "...boot.main(...)" IN OUT`` (the
pipes of the protocol); the first line on ``IN`` is the confinement as JSON (see
:func:`jaliz_learn.grading.isolation.child_spec`; sent on the pipe, so no other process sees its paths on a command
line). Before the learner's notebook is even read, :func:`confine` applies every layer the grader planned, in
this order:

0. ``supervise`` (no PID namespace: ``landlock`` and ``none``): fork; the parent stays behind as the job's
   supervisor, which kills the learner's whole process tree when the job ends (:mod:`.reaper`);
1. ``jail``: the closed file system of :mod:`.jail` (namespaces mode; as its root, then privileges dropped);
2. ``user``: without a jail, a root grader's child becomes the job's own unprivileged uid;
3. ``processes``: ``RLIMIT_NPROC``, so a fork bomb stops at a cap (:func:`.reaper.limit_processes`);
4. ``landlock``: reads only below the allowed folders, writes only to the scratch folder, no TCP, and no
   signal or abstract socket beyond itself (:mod:`.landlock`);
5. ``seccomp``: no System V IPC, key rings, ptrace, io_uring, sockets or mounts (:mod:`.seccomp`).

The first message to the grader says what applied (``{"op": "confined", "layers": ...}``); if a layer cannot be
applied the process says so (``isolation-error``) and stops without running any learner code.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping, Sequence
from typing import Any


def confine(spec: Mapping[str, Any]) -> str:
    """Apply the layers of ``spec``; what applied, in words (e.g. ``landlock ABI 7 (files, network, signals)``)."""
    parts: list[str] = []
    scratch = spec["scratch"]
    who = "the grading user"
    if spec.get("seccomp"):  # before the jail: loading libseccomp may run ldconfig, which the jail need not hold
        _load_seccomp(spec.get("libraries", {}))
    if spec.get("processes"):
        import resource  # noqa: F401 - now: a user that becomes unprivileged may no longer read the interpreter's folders
    protect: tuple[int, ...] = ()
    if spec.get("supervise"):
        from .reaper import supervise

        protect = supervise(scratch, int(spec.get("disk_bytes", 256 << 20)))  # returns in the learner's process
    counted = None
    if spec.get("processes") and spec.get("jail") and spec.get("user"):
        from .reaper import count_tasks

        # no user namespace of its own: the kernel counts every process of that user on the machine, which the
        # jail's own /proc will not show
        counted = count_tasks(int(spec["user"][0]))
    if spec.get("jail"):
        from .jail import JailSpec, enter

        user = tuple(spec["user"]) if spec.get("user") else None
        who = enter(JailSpec(root=spec["jail"], scratch=scratch, read=spec["read"], hidden=spec.get("hidden", []),
                             user=user, system=spec.get("system", ()), disk_mb=int(spec.get("disk_bytes", 256 << 20))
                             >> 20))  # type: ignore[arg-type]
        parts.append("namespaces (pid, mount, net, ipc; read-only interpreter and package)")
    elif spec.get("user") or spec.get("drop_capabilities"):
        from .jail import become

        who = become(tuple(spec["user"]) if spec.get("user") else None,  # type: ignore[arg-type]
                     keep_reading=bool(spec.get("keep_reading")))
    if spec.get("processes"):
        from .reaper import limit_processes

        limit_processes(int(spec["processes"]), counted=counted)
    if spec.get("landlock"):
        from .landlock import restrict

        applied = restrict(spec["read"], [scratch, *spec.get("devices", [])], list_only=spec.get("list", []))
        parts.append(applied.describe())
    if not parts:
        from .isolation import NONE_LAYER

        parts.append(NONE_LAYER)
    if spec.get("seccomp"):
        from . import seccomp

        seccomp.install(protect=protect)
        parts.append(seccomp.describe())
    if spec.get("supervise"):
        parts.append("a supervisor that ends every process of the job")
    os.chdir(scratch)
    return " + ".join(parts) + f"; runs as {who}"


def _load_seccomp(libraries: Mapping[str, str]) -> None:
    """Import libseccomp's bindings, telling ``ctypes`` where the grader found the libraries (each lookup would
    otherwise start ``ldconfig``, some 25 ms per process)."""
    import ctypes.util

    find = ctypes.util.find_library
    ctypes.util.find_library = lambda name: libraries.get(name) or find(name)  # type: ignore[assignment]
    try:
        from . import seccomp

        seccomp.available()
    finally:
        ctypes.util.find_library = find


def main(argv: Sequence[str] | None = None) -> int:
    from .child import Channel, serve

    args = list(sys.argv[1:] if argv is None else argv)
    channel = Channel(int(args[0]), int(args[1]))
    try:
        spec = channel.recv()["spec"]
        layers = confine(spec)
    except Exception as exc:  # no learner code has run yet: this is the machine's problem, said plainly
        channel.send({"op": "isolation-error", "message": f"{type(exc).__name__}: {exc}"[:500]})
        return 3
    channel.send({"op": "confined", "layers": layers})
    if spec.get("probe"):
        from .probe import attempts

        channel.send({"op": "probe", "results": attempts(spec["probe"])})
        return 0
    serve(channel)
    return 0


__all__ = ["confine", "main"]
