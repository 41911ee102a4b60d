"""The first code of a learner's process: close it in, then serve the grader.

Started by :class:`jaliz_learn.grading.sandbox.Sandbox` as ``python -I -c "...boot.main(...)" IN OUT`` (the
pipes of the protocol); the first line on ``IN`` is the confinement as JSON (see
:func:`jaliz_learn.grading.isolation.child_spec`; sent on the pipe, so no other process sees its paths on a command
line). Before the learner's notebook is even read, :func:`confine` applies every layer the grader planned, in
this order:

1. ``jail``: the closed file system of :mod:`.jail` (namespaces mode; as its root, then privileges dropped);
2. ``user``: without a jail, a root grader's child becomes the unprivileged user, or drops every capability;
3. ``landlock``: reads only below the allowed folders, writes only to the scratch folder, no TCP, and no
   signal or abstract socket beyond itself (:mod:`.landlock`);
4. ``seccomp``: no sockets at all.

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
    if spec.get("jail"):
        from .jail import JailSpec, enter

        user = tuple(spec["user"]) if spec.get("user") else None
        who = enter(JailSpec(root=spec["jail"], scratch=scratch, read=spec["read"], hidden=spec.get("hidden", []),
                             user=user, system=spec.get("system", ())))  # type: ignore[arg-type]
        parts.append("namespaces (pid, mount, net; read-only interpreter and package)")
    elif spec.get("user") or spec.get("drop_capabilities"):
        from .jail import become

        who = become(tuple(spec["user"]) if spec.get("user") else None)  # type: ignore[arg-type]
    if spec.get("landlock"):
        from .landlock import restrict

        applied = restrict(spec["read"], [scratch, *spec.get("devices", [])], list_only=spec.get("list", []))
        parts.append(applied.describe())
    if spec.get("seccomp"):
        from .landlock import deny_sockets

        if deny_sockets():
            parts.append("seccomp (no sockets)")
    os.chdir(scratch)
    if not parts:
        return "none (own process with OS limits only)"
    return " + ".join(parts) + f"; runs as {who}"


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
