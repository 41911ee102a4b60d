"""What can go wrong with a learner's bot, and the limits of its process: plain values, importable anywhere.

Kept apart from :mod:`.sandbox` (which starts processes with POSIX limits) so that the exercises' ``check()``
imports nothing POSIX-only: a learner on Windows or in Pyodide runs ``check()``; only grading needs Linux.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..core.errors import JalizLearnError


@dataclass(frozen=True)
class Limits:
    """Limits of one learner process (seconds are wall time unless said otherwise)."""

    #: running the notebook's code cells (all of them)
    load_seconds: float = 60.0
    #: one cell of the notebook (checked inside the child, for a precise message)
    cell_seconds: float = 30.0
    #: creating one bot (``MyBot(seed)``)
    setup_seconds: float = 5.0
    #: CPU seconds of the whole child (``RLIMIT_CPU``): a long C-level call ends here at the latest
    cpu_seconds: int = 600
    #: address space of the child in MiB (``RLIMIT_AS``)
    memory_mb: int = 1536
    #: bytes the child may print (``RLIMIT_FSIZE`` on its captured output)
    output_bytes: int = 1_000_000
    #: fresh processes started for one notebook after one was killed (a hang, a crash of the process)
    restarts: int = 3
    #: tasks (processes, threads) the child may start beyond those its user has at its start (``RLIMIT_NPROC``)
    processes: int = 64
    #: disk the child's scratch folder may use, in MiB (a tmpfs of that size, or the job's supervisor ends it)
    disk_mb: int = 256


def over_the_limit(limit: float | None) -> str:
    """How every report says a decision was too slow (the same words in ``check()`` and the grader).

    >>> over_the_limit(1.0)
    'a decision took more than the limit of 1 s'
    """
    return f"a decision took more than the limit of {limit:g} s" if limit is not None else "a decision took too long"


class BotFailure(Exception):
    """The learner's bot failed: ``kind`` is one of crash, timeout, non-action, illegal."""

    def __init__(self, kind: str, reason: str, frame: Mapping[str, Any] | None = None,
                 method: str | None = None) -> None:
        super().__init__(reason)
        self.kind, self.reason = kind, reason
        self.frame = dict(frame) if frame else None
        self.method = method or (self.frame or {}).get("method")


class LoadFailure(JalizLearnError):
    """The notebook could not be loaded in its process (message for the learner)."""


class IsolationFailure(JalizLearnError):
    """The learner's process could not be confined as planned (the machine's problem, not the learner's); no
    learner code ran."""


__all__ = ["BotFailure", "IsolationFailure", "Limits", "LoadFailure", "over_the_limit"]
