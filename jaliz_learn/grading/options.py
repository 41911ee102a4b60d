"""Numeric options of grading commands, checked before anything runs: finite, in range, one clear line.

A wrong number does not give a wrong gradebook: ``--points nan`` would write ``nan`` points for every student,
``--points -5`` negative grades, ``--load-timeout -1`` a batch where every notebook times out at once, and the
Canvas and Moodle imports would take them. Every command that grades calls :func:`number` for each numeric option
*before* any notebook runs and before any earlier gradebook moves, and refuses a bad value in one line
(:class:`~jaliz_learn.core.errors.InvalidOption`: exit status 2 on the command line).

>>> number("--points", 20, low=0, high=1e6, low_open=True)
20.0
>>> number("--points", float("nan"), low=0, high=1e6)
Traceback (most recent call last):
jaliz_learn.core.errors.InvalidOption: --points must be a finite number from 0 to 1e+06, got nan
>>> number("--jobs", 0, low=1, high=1024, integer=True)
Traceback (most recent call last):
jaliz_learn.core.errors.InvalidOption: --jobs must be a whole number from 1 to 1024, got 0
"""

from __future__ import annotations

import math
from typing import Any

from ..core.errors import InvalidOption

#: Upper bounds that no real class needs more of (a typo like ``--points 1e300`` is refused, not written).
MAX_POINTS = 1_000_000.0
MAX_WEIGHT = 1_000_000.0
MAX_SECONDS = 7 * 24 * 3600.0
MAX_JOBS = 1024


def number(option: str, value: Any, *, low: float, high: float, integer: bool = False,
           low_open: bool = False) -> float:
    """``value`` as a float when it is a finite number within ``[low, high]`` (``(low, high]`` with
    ``low_open``; a whole number with ``integer``), else :class:`InvalidOption` naming ``option``."""
    kind = "a whole number" if integer else "a finite number"
    span = f"above {low:g} up to {high:g}" if low_open else f"from {low:g} to {high:g}"
    try:
        x = float(value) if not isinstance(value, bool) else math.nan
    except (TypeError, ValueError, OverflowError):
        x = math.nan
    bad = (not math.isfinite(x) or x < low or x > high or (low_open and x == low)
           or (integer and x != int(x)))
    if bad:
        shown = str(value)[:40]
        raise InvalidOption(f"{option} must be {kind} {span}, got {shown}")
    return x


def check_grade(*, points: Any = 100.0, load_seconds: Any = None, jobs: Any = 1) -> None:
    """The numeric options of ``jaliz-learn grade`` (``--weights`` is checked by
    :func:`jaliz_learn.grading.gradebook.parse_weights`)."""
    number("--points", points, low=0, high=MAX_POINTS, low_open=True)
    if load_seconds is not None:
        number("--load-timeout", load_seconds, low=0, high=MAX_SECONDS, low_open=True)
    number("--jobs", jobs, low=1, high=MAX_JOBS, integer=True)


def check_tournament(*, num_players: Any, time_limit: Any, seed: Any, width: Any, max_rounds: Any) -> None:
    """The numeric options of ``jaliz-learn class-tournament`` (``--rounds``/``--games`` are checked where read)."""
    number("--players", num_players, low=1, high=64, integer=True)
    number("--time-limit", time_limit, low=0, high=3600, low_open=True)
    number("--seed", seed, low=-(2**63), high=2**63, integer=True)
    number("--width", width, low=0, high=1, low_open=True)
    number("--max-rounds", max_rounds, low=1, high=10_000, integer=True)


__all__ = ["MAX_JOBS", "MAX_POINTS", "MAX_SECONDS", "MAX_WEIGHT", "check_grade", "check_tournament", "number"]
