"""The statistics of game results: the Wilson score interval of a win rate.

A module of its own so that grading exercise 5 ("Running experiments", which asks the learner to write the
interval) can leave it out of the learner's view of the package (:mod:`jaliz_learn.exercises.own_work`): a
notebook cannot borrow it there by any route, while the tournament code the learner may use still imports.
:mod:`jaliz_learn.tournament` re-exports :func:`wilson_interval` (imported when first used).

>>> wilson_interval(7, 10)  # doctest: +ELLIPSIS
(0.396..., 0.892...)
"""

from __future__ import annotations

import math

#: z of a two-sided 95% interval
Z95 = 1.959963984540054


def wilson_interval(wins: int, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for ``wins`` successes out of ``n`` (95% by default).

    >>> wilson_interval(0, 0)
    (0.0, 1.0)
    >>> lo, hi = wilson_interval(50, 100); round(lo, 3), round(hi, 3)
    (0.404, 0.596)
    """
    if n <= 0:
        return 0.0, 1.0
    p = wins / n
    z2 = z * z
    denom = 1.0 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denom
    lo = 0.0 if wins <= 0 else max(0.0, centre - half)
    hi = 1.0 if wins >= n else min(1.0, centre + half)
    return lo, hi


__all__ = ["Z95", "wilson_interval"]
