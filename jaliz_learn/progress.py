"""A progress bar with rate and time left: ``tqdm.auto`` (a widget in Jupyter, text in a terminal), or a plain
line per step where tqdm is not installed.

>>> import io
>>> out = io.StringIO()
>>> with Progress(2, "grading", stream=out, use_tqdm=False) as bar:
...     bar.step("alice.ipynb: PASS")
...     bar.step("bob.ipynb: FAIL")
>>> print(out.getvalue().splitlines()[-1].split(" (")[0])
[2/2] bob.ipynb: FAIL
"""

from __future__ import annotations

import sys
import time
from typing import IO, Any


class Progress:
    """``step(line)`` after each finished item: the bar moves on and the line is shown above it."""

    def __init__(self, total: int, description: str, *, stream: IO[str] | None = None, enabled: bool = True,
                 use_tqdm: bool = True) -> None:
        self.total, self.done = total, 0
        self.stream = stream if stream is not None else sys.stderr
        self.enabled = enabled
        self.start = time.monotonic()
        self._bar: Any = None
        if enabled and use_tqdm:
            try:
                from tqdm.auto import tqdm
            except ImportError:  # the plain fallback below
                tqdm = None
            if tqdm is not None:
                self._bar = tqdm(total=total, desc=description, unit="item", file=self.stream, dynamic_ncols=True)

    def eta(self) -> str:
        """Time left at the rate so far, e.g. ``1 min 40 s left``."""
        if not self.done:
            return "time left unknown"
        left = (time.monotonic() - self.start) / self.done * (self.total - self.done)
        return f"{int(left // 60)} min {int(left % 60)} s left" if left >= 60 else f"{left:.0f} s left"

    def step(self, line: str = "") -> None:
        self.done += 1
        if not self.enabled:
            return
        text = f"[{self.done}/{self.total}] {line}" if line else ""
        if self._bar is not None:
            if text:
                self._bar.write(text, file=self.stream)
            self._bar.update(1)
        elif text:
            print(f"{text} ({self.eta()})", file=self.stream, flush=True)

    def close(self) -> None:
        if self._bar is not None:
            self._bar.close()
            self._bar = None

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


__all__ = ["Progress"]
