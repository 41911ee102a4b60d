"""How the grader starts a learner's process: OS limits set between fork and exec, a minimal environment, and
the grader hidden from a process of its own user (split from :mod:`.sandbox`, which runs the conversation).

Runs in the grader's process (``_set_limits`` in the child between ``fork`` and ``exec``); POSIX only, imported
only when grading.
"""

from __future__ import annotations

import os
import signal

from .failures import Limits


def set_limits(limits: Limits) -> None:
    """The learner's process's OS limits and its own session; runs in the child between ``fork`` and ``exec``."""
    import ctypes
    import resource

    os.setsid()
    try:  # PR_SET_PDEATHSIG = 1: the child dies with the grader, never outlives it
        ctypes.CDLL(None).prctl(1, signal.SIGKILL, 0, 0, 0)
    except (OSError, AttributeError):  # pragma: no cover - not Linux
        pass
    resource.setrlimit(resource.RLIMIT_CPU, (limits.cpu_seconds, limits.cpu_seconds + 1))
    memory = limits.memory_mb * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    resource.setrlimit(resource.RLIMIT_FSIZE, (limits.output_bytes, limits.output_bytes))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))


def hide_grader() -> None:
    """Make this (the grader's) process non-dumpable: its ``/proc`` entries (environment, memory, command line)
    then belong to root, so a child running as the same user cannot read them."""
    try:
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(4, 0, 0, 0, 0)  # PR_SET_DUMPABLE = 4
    except (OSError, AttributeError):  # pragma: no cover - not Linux
        pass


def child_environment(scratch: str) -> dict[str, str]:
    """A minimal environment: no secret of the grader's environment reaches the child; everything it may write
    goes to its scratch folder.

    >>> child_environment("/jobs/1/scratch")["TMPDIR"]
    '/jobs/1/scratch'
    """
    return {"PATH": "/usr/bin:/bin", "HOME": scratch, "TMPDIR": scratch, "LANG": "C.UTF-8", "USER": "learner",
            "LOGNAME": "learner", "MPLBACKEND": "Agg", "MPLCONFIGDIR": os.path.join(scratch, ".matplotlib"),
            "PYTHONDONTWRITEBYTECODE": "1", "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1",
            "MKL_NUM_THREADS": "1"}


__all__ = ["child_environment", "hide_grader", "set_limits"]
