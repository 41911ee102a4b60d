"""No table waits forever (issue 49): every seat's decision has a deadline, after which its default action is played.

A human seat has :data:`DEFAULT_TIMEOUT` seconds per decision unless the teacher gives another ``timeout``
(``0`` or ``None`` in Python, ``--timeout 0`` or ``--timeout none`` on the command line: no deadline, a table
that may wait forever). A bot the server runs has its own ``time_limit`` when it has one, else the table's
timeout. Every update a viewer is sent says whose deadline runs and how much is left (:func:`deadline_json`), so
every board can show a countdown.

>>> check_timeout(None, default=DEFAULT_TIMEOUT), check_timeout(0), check_timeout("none"), check_timeout(30)
(120.0, None, None, 30.0)
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from jaliz_learn.core.errors import InvalidOption

from .protocol import MAX_LEGAL

#: A human seat's seconds per decision when the teacher says nothing (a classroom value).
DEFAULT_TIMEOUT = 120.0
#: The longest deadline a teacher may give (an hour).
MAX_TIMEOUT = 3600.0
#: Words that mean "no deadline" for ``timeout`` (besides 0 and ``None``).
NO_TIMEOUT = ("none", "off", "no", "0")
#: First words of actions that pass (used by ``on_timeout="pass"``), in order of preference.
PASSING_WORDS = ("pass", "refuse", "done", "end", "skip", "keep", "cancel")
ON_TIMEOUT = ("first", "pass")


def check_timeout(value: Any, default: float | None = None) -> float | None:
    """A seat's seconds per decision from what a teacher gave: ``default`` for ``None`` (the wire's "not
    given"; pass no default where ``None`` means "none"), ``None`` (no deadline) for ``0`` or one of
    :data:`NO_TIMEOUT`, else seconds in (0, :data:`MAX_TIMEOUT`]; raises :class:`~jaliz_learn.InvalidOption`."""
    if value is None:
        return default
    if isinstance(value, str) and value.strip().lower() in NO_TIMEOUT:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= MAX_TIMEOUT:
        raise InvalidOption(f"timeout must be seconds in (0, {MAX_TIMEOUT:g}], or 0/none for no deadline, "
                            f"not {str(value)[:40]!r}")
    return float(value) if value > 0 else None


def timeout_arg(text: str) -> float:
    """``--timeout``'s value on the command line: seconds, or ``0``/``none``/``off`` for no deadline (sent as 0).

    >>> timeout_arg("45"), timeout_arg("none")
    (45.0, 0.0)
    """
    import argparse

    if text.strip().lower() in NO_TIMEOUT:
        return 0.0
    try:
        return float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"seconds per decision, or 0/none (no deadline), not {text[:40]!r}") from None


def bot_time_limit(bot: Any, timeout: float | None) -> float | None:
    """A server bot's deadline: its own ``time_limit`` (seconds) when it has a positive one, else ``timeout``.

    >>> class Quick:
    ...     time_limit = 2
    >>> bot_time_limit(Quick(), 120.0), bot_time_limit(object(), 120.0)
    (2.0, 120.0)
    """
    limit = getattr(bot, "time_limit", None)
    if isinstance(limit, (int, float)) and not isinstance(limit, bool) and 0 < limit <= MAX_TIMEOUT:
        return float(limit)
    return timeout


def default_action(legal: Sequence[Any], on_timeout: str) -> Any:
    """What the server plays for a seat whose time ran out or whose bot failed: the first legal action, or (with
    ``on_timeout="pass"``) the first one that passes, by :data:`PASSING_WORDS` in order, among the first
    :data:`~.protocol.MAX_LEGAL` (the ones a page lists; a Jaliz buyer's offers run to hundreds of thousands, and
    building them all took 90 ms a move).

    >>> default_action(("plant bean", "pass", "done"), "pass"), default_action(("plant bean", "pass"), "first")
    ('pass', 'plant bean')
    """
    if on_timeout == "pass":
        by_word: dict[str, Any] = {}
        for action in legal[:MAX_LEGAL]:
            by_word.setdefault(str(action).split()[0], action)
        for word in PASSING_WORDS:
            if word in by_word:
                return by_word[word]
    return legal[0]


class Deadline:
    """The deadline running at a table: whose, for which step, since when, how long.

    >>> d = Deadline(seat=2, total=120.0, start=0.0)
    >>> d.json(now=30.0)
    {'seat': 2, 'seconds_left': 90.0, 'total': 120.0}
    """

    __slots__ = ("seat", "total", "start", "step")

    def __init__(self, seat: int, total: float, start: float | None = None, step: int = -1) -> None:
        self.seat = seat
        self.step = step
        self.total = total
        self.start = time.monotonic() if start is None else start

    def json(self, now: float | None = None) -> dict[str, Any]:
        left = self.total - ((time.monotonic() if now is None else now) - self.start)
        return {"seat": self.seat, "seconds_left": round(max(0.0, left), 2), "total": self.total}

    def left(self) -> float:
        """Seconds left now."""
        return max(0.0, self.total - (time.monotonic() - self.start))


def deadline_json(deadline: Deadline | None) -> dict[str, Any] | None:
    """The ``deadline`` field of an update: ``None`` (no deadline runs) or ``{"seat", "seconds_left", "total"}``."""
    return None if deadline is None else deadline.json()


__all__ = ["DEFAULT_TIMEOUT", "Deadline", "MAX_TIMEOUT", "NO_TIMEOUT", "ON_TIMEOUT", "PASSING_WORDS",
           "bot_time_limit", "check_timeout", "deadline_json", "default_action", "timeout_arg"]
