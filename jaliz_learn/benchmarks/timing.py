"""Timing two pieces of work against each other in one process: alternating slices, median of ratios.

On a shared machine the speed of one process changes several-fold from minute to minute, so an
absolute rate means little. Two pieces of work timed in short alternating slices see the same
machine, and the median of the per-round ratios ignores rounds disturbed by a burst of other load.

>>> def busy(n):
...     def work() -> int:
...         sum(range(n))
...         return 1
...     return work
>>> r = alternating_ratio(busy(100), busy(10_000), rounds=3, seconds=0.01)
>>> r.ratio > 1, len(r.ratios)
(True, 3)
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass


def rate(work: Callable[[], int], seconds: float) -> float:
    """Units of work per second: calls ``work()`` (which returns the units it did) for about ``seconds``.

    At least one call is made, so a slow ``work`` is still measured.
    """
    units = 0
    start = time.perf_counter()
    end = start + seconds
    now = start
    while True:
        units += work()
        now = time.perf_counter()
        if now >= end:
            break
    return units / max(now - start, 1e-9)


@dataclass(frozen=True)
class Ratio:
    """The median ratio of rates ``a / b`` and the rates and ratios of every round."""

    ratio: float
    ratios: tuple[float, ...]
    rates_a: tuple[float, ...]
    rates_b: tuple[float, ...]

    @property
    def rate_a(self) -> float:
        return statistics.median(self.rates_a)

    @property
    def rate_b(self) -> float:
        return statistics.median(self.rates_b)

    @property
    def spread(self) -> tuple[float, float]:
        """The lowest and highest ratio of a round (how noisy the machine was)."""
        return min(self.ratios), max(self.ratios)


def alternating_ratio(a: Callable[[], int], b: Callable[[], int], *, rounds: int = 9,
                      seconds: float = 0.3) -> Ratio:
    """Rate of ``a`` over rate of ``b``, each round timing one slice of each; the order alternates.

    A warm-up call of each comes first (imports, caches), then ``rounds`` rounds.
    """
    if rounds < 1:
        raise ValueError("rounds must be at least 1")
    a()
    b()
    ra: list[float] = []
    rb: list[float] = []
    for i in range(rounds):
        if i % 2 == 0:
            ra.append(rate(a, seconds))
            rb.append(rate(b, seconds))
        else:
            rb.append(rate(b, seconds))
            ra.append(rate(a, seconds))
    ratios = tuple(x / y for x, y in zip(ra, rb))
    return Ratio(statistics.median(ratios), ratios, tuple(ra), tuple(rb))
