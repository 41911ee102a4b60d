"""The turn deadline of a live table, on every board joined to it: "Seat 2 (Shirin): 1:54 left", counting down.

Each update of a table says which seat is on turn and how long its deadline has left when it was sent
(``deadline``: ``{"seat": int, "seconds_left": float, "total": float}``, or ``None``: nobody is timed). A board
hands that to its :class:`Countdown`, a small anywidget whose page side counts down by itself (it repaints four
times a second and changes the text once a second), so a table waiting for a seat costs the kernel nothing.
A new front-end (a reload) is sent the time left as the kernel counts it (:meth:`Countdown.refresh`).

The text reaches the page as a text node (``textContent``), never as markup: a seat named ``<svg onload=...>``
reads as typed.

>>> c = Countdown()
>>> c.set_deadline("Seat 2 (Shirin)", 114.2, 120.0, now=0.0)
>>> c.text(now=0.0), c.text(now=60.0), c.text(now=500.0)
('Seat 2 (Shirin): 1:55 left', 'Seat 2 (Shirin): 0:55 left', 'Seat 2 (Shirin): 0:00 left')
>>> c.clear(); c.text()
''
>>> deadline_label(2, ["P0", "Ana", "Shirin"], viewer=None), deadline_label(1, ["P0", "Ana"], viewer=1)
('Seat 2 (Shirin)', 'Seat 1 (Ana, you)')
>>> deadline_label(0, ["P0", "Ana"], viewer=None)
'Seat 0'
"""

from __future__ import annotations

import math
import time
from collections.abc import Mapping, Sequence
from typing import Any

import anywidget
import traitlets

from jaliz_learn.core.text import safe_line

#: Seconds left under which the countdown turns red.
LOW_SECONDS = 15

# The page side: the label and the time left when the kernel last set it (``stamp`` changes then), counted down
# with the page's own clock (performance.now(): no clock of the server or the kernel is compared with it).
_ESM = """
function clock(left) {
  const s = Math.max(0, Math.ceil(left));
  return Math.floor(s / 60) + ":" + String(s % 60).padStart(2, "0");
}
function render({ model, el }) {
  const box = document.createElement("div");
  box.className = "jaliz-countdown";
  box.setAttribute("role", "timer");
  let start = performance.now();
  const paint = () => {
    const label = model.get("label");
    if (!label) { box.textContent = ""; box.style.display = "none"; return; }
    box.style.display = "";
    const left = model.get("seconds_left") - (performance.now() - start) / 1000;
    const text = label + ": " + clock(left) + " left";
    if (box.textContent !== text) box.textContent = text;  // a text node: a name is never markup
    box.classList.toggle("jaliz-countdown-low", left <= LOW);
  };
  const restart = () => { start = performance.now(); paint(); };
  model.on("change:stamp", restart);
  model.on("change:label", paint);
  const timer = setInterval(paint, 250);
  restart();
  el.appendChild(box);
  return () => { clearInterval(timer); model.off("change:stamp", restart); model.off("change:label", paint); };
}
export default { render };
""".replace("LOW", str(LOW_SECONDS))

# dark ink on the notebook background (>= 4.5:1); the last seconds in the board's error red, bold either way
_CSS = """
.jaliz-countdown { font-size: 14px; font-weight: bold; color: #1f1f1f; padding: 2px 0; }
.jaliz-countdown.jaliz-countdown-low { color: #b00020; }
"""


def clock(seconds: float) -> str:
    """``m:ss`` of the whole seconds left, rounded up (``0:00`` only when the time is out).

    >>> clock(114.2), clock(0.4), clock(-3), clock(600)
    ('1:55', '0:01', '0:00', '10:00')
    """
    s = max(0, math.ceil(seconds))
    return f"{s // 60}:{s % 60:02d}"


def deadline_label(seat: int, names: Sequence[str] | None, viewer: int | None) -> str:
    """"Seat 2 (Shirin)": the seat on turn and the name it joined with (none while it is the default ``P2``),
    ``you`` added on the seat's own board. The name is made printable (a board never trusts what it was sent)."""
    name = safe_line(names[seat], limit=40).strip() if names is not None and 0 <= seat < len(names) else ""
    parts = [name] if name and name != f"P{seat}" else []
    if seat == viewer:
        parts.append("you")
    return f"Seat {seat} ({', '.join(parts)})" if parts else f"Seat {seat}"


def read_deadline(value: Any, current: int | None) -> tuple[int, float, float] | None:
    """``(seat, seconds_left, total)`` from an update's ``deadline`` (``None`` when absent or malformed).

    A bare number, or ``{"seconds": N}`` as the client reads one (a server from before the countdown: the
    seconds per decision), counts from the whole time, for the seat on turn.

    >>> read_deadline({"seat": 1, "seconds_left": 99.5, "total": 120}, 1), read_deadline(None, 1)
    ((1, 99.5, 120.0), None)
    >>> read_deadline(120, 0), read_deadline({"seconds": 120}, 0), read_deadline({"seat": "1"}, 1)
    ((0, 120.0, 120.0), (0, 120.0, 120.0), None)
    """
    def number(x: Any) -> bool:
        return isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x)

    if isinstance(value, Mapping) and "seat" not in value and "seconds" in value:
        value = value["seconds"]
    if isinstance(value, Mapping):
        seat, left, total = value.get("seat"), value.get("seconds_left"), value.get("total")
        if isinstance(seat, int) and not isinstance(seat, bool) and number(left) and number(total):
            return seat, float(left), float(total)  # type: ignore[arg-type]  # number() checked them
        return None
    if number(value) and current is not None:
        return current, float(value), float(value)
    return None


class Countdown(anywidget.AnyWidget):
    """``label: m:ss left``, counted down in the page; ``label == ""`` hides it."""

    _esm = traitlets.Unicode(_ESM).tag(sync=True)
    _css = traitlets.Unicode(_CSS).tag(sync=True)
    label = traitlets.Unicode("").tag(sync=True)
    seconds_left = traitlets.Float(0.0).tag(sync=True)
    total = traitlets.Float(0.0).tag(sync=True)
    stamp = traitlets.Int(0).tag(sync=True)  # changes whenever seconds_left is set anew: the page restarts then

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._set_at = time.monotonic()

    def set_deadline(self, label: str, seconds_left: float, total: float, now: float | None = None) -> None:
        """Count down ``seconds_left`` (of ``total``) from now for ``label``."""
        self._set_at = time.monotonic() if now is None else now
        with self.hold_sync():
            self.label = label
            self.seconds_left = max(0.0, float(seconds_left))
            self.total = float(total)
            self.stamp += 1

    def clear(self) -> None:
        """Hide the countdown (nobody is timed, the game is over)."""
        self.label = ""

    def left(self, now: float | None = None) -> float:
        """Seconds left now, as the kernel counts them."""
        now = time.monotonic() if now is None else now
        return max(0.0, self.seconds_left - (now - self._set_at))

    def text(self, now: float | None = None) -> str:
        """What the page shows now (``""`` while hidden)."""
        return f"{self.label}: {clock(self.left(now))} left" if self.label else ""

    def refresh(self) -> None:
        """Send the time left again (a new front-end connected: it starts counting from its own load)."""
        if self.label:
            self.set_deadline(self.label, self.left(), self.total)


__all__ = ["Countdown", "LOW_SECONDS", "clock", "deadline_label", "read_deadline"]
