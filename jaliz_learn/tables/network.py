"""Who may knock at a table server: the browser Origin rule, limits on guessing the teacher's key, and the one line
that says on start what is exposed.

**The Origin rule.** A web page a student (or the teacher) happens to visit can open a WebSocket to any address
their machine reaches, ``127.0.0.1`` included, and the browser sends the page's origin with it. The server lets
in a connection with *no* ``Origin`` (Python clients: the boards' kernels, ``jaliz-learn join``), one from the
server's own address, one from a page on the visitor's own machine (``http://localhost:*``,
``http://127.0.0.1:*``, ``http://[::1]:*``: JupyterLab, Voilà), and the origins the teacher adds
(``--allow-origin https://hub.school.example``); any other is closed with :data:`BAD_ORIGIN` and a reason naming
the rule.

>>> ok = OriginRule(own_hosts=["10.0.0.5"])
>>> ok.allows(None), ok.allows("http://localhost:8888"), ok.allows("https://10.0.0.5:8765")
(True, True, True)
>>> ok.allows("https://evil.example"), ok.allows("null")
(False, False)
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

from jaliz_learn.core.text import safe_line

#: The close code of a connection refused for its Origin.
BAD_ORIGIN = 4003
#: The close code of an admin connection that guessed too many keys.
TOO_MANY_GUESSES = 4029
#: Hosts of pages on the visitor's own machine.
LOCAL_HOSTS = frozenset({"localhost", "127.0.0.1", "::1"})
LOOPBACK = frozenset({"127.0.0.1", "localhost", "::1"})


def is_loopback(host: str) -> bool:
    """Whether a listening address is reachable from this machine only.

    >>> is_loopback("127.0.0.1"), is_loopback("0.0.0.0")
    (True, False)
    """
    return host in LOOPBACK or host.startswith("127.")


@dataclass
class OriginRule:
    """Which browser origins may connect (see the module docstring)."""

    own_hosts: Iterable[str] = ()
    extra: Iterable[str] = ()
    _own: frozenset[str] = field(init=False, repr=False)
    _extra: frozenset[str] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self._own = frozenset(h.lower().strip("[]") for h in self.own_hosts)
        self._extra = frozenset(o.lower().rstrip("/") for o in self.extra)

    def allows(self, origin: str | None) -> bool:
        if origin is None:
            return True  # not a browser: a browser always sends Origin with a WebSocket
        low = origin.strip().lower().rstrip("/")
        if low in self._extra:
            return True
        try:
            parts = urlsplit(low)
            host = (parts.hostname or "").strip("[]")
            _ = parts.port  # a malformed port raises
        except ValueError:
            return False
        if parts.scheme not in ("http", "https") or not host:
            return False
        return host in LOCAL_HOSTS or host in self._own

    def check(self, headers: Any) -> str | None:
        """The close reason for a handshake's headers (a ``websockets`` Headers), or None when its Origin may
        connect. Two Origin headers are refused (which one would a browser mean?).

        >>> from websockets.datastructures import Headers
        >>> OriginRule().check(Headers([("Origin", "http://localhost:8888")])) is None
        True
        >>> OriginRule().check(Headers([("Origin", "http://localhost"), ("Origin", "https://evil.example")]))
        'two Origin headers: see Origin in docs/TABLES.md'
        """
        values = headers.get_all("Origin")
        if len(values) > 1:
            return "two Origin headers: see Origin in docs/TABLES.md"
        origin = values[0] if values else None
        return None if self.allows(origin) else self.refusal(str(origin))

    def refusal(self, origin: str) -> str:
        """The close reason for a refused origin (a close reason holds at most 123 bytes)."""
        shown = safe_line(origin, limit=None).encode("ascii", "backslashreplace").decode("ascii")  # origins are
        return f"origin {safe_line(shown, limit=40)} not allowed: see Origin in docs/TABLES.md"  # ASCII (punycode)


class GuessLimiter:
    """Wrong guesses of a secret (the teacher's key) per address in a sliding window: after ``per_address`` wrong
    guesses within ``window`` seconds an address waits until the oldest leaves the window, and nothing it sends
    meanwhile is checked. (Per connection the caller closes after ``per_connection`` wrong guesses.)

    >>> clock = [0.0]
    >>> g = GuessLimiter(per_address=2, window=10, clock=lambda: clock[0])
    >>> g.failed("a"); g.failed("a"); g.wait("a"), g.wait("b")
    (10.0, 0.0)
    >>> clock[0] = 10.5; g.wait("a")
    0.0
    """

    def __init__(self, per_connection: int = 3, per_address: int = 10, window: float = 60.0,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.per_connection = per_connection
        self.per_address = per_address
        self.window = window
        self.clock = clock
        self._failures: dict[str, deque[float]] = {}

    def _recent(self, address: str) -> deque[float]:
        now = self.clock()
        times = self._failures.get(address)
        if times is None:
            return deque()
        while times and now - times[0] >= self.window:
            times.popleft()
        if not times:
            del self._failures[address]
        return times

    def wait(self, address: str) -> float:
        """Seconds until ``address`` may guess again (0.0: now)."""
        times = self._recent(address)
        if len(times) < self.per_address:
            return 0.0
        return max(0.0, self.window - (self.clock() - times[0]))

    def failed(self, address: str) -> None:
        """Count one wrong guess from ``address``."""
        self._recent(address)
        if len(self._failures) > 10_000:  # bounded memory under a flood of addresses: forget the oldest
            self._failures.pop(next(iter(self._failures)))
        self._failures.setdefault(address, deque()).append(self.clock())


def exposure(*, seats: str, tls: str | None, admin: str, origins: Iterable[str] = ()) -> str:
    """The one line ``serve`` prints about what it exposes.

    >>> line = exposure(seats="ws://127.0.0.1:8765", tls=None, admin="ws://127.0.0.1:8765/admin")
    >>> line[:60]
    'exposed: seats on ws://127.0.0.1:8765 (this machine only, no'
    """
    host = urlsplit(seats).hostname or ""
    where = "this machine only" if is_loopback(host) else "the whole network"
    secured = f"TLS, SHA-256 {tls}" if tls else "no TLS"
    pages = "none but localhost and this server" + "".join(f", {o}" for o in origins)
    return (f"exposed: seats on {seats} ({where}, {secured}); admin on {admin} (this machine only); "
            f"browser pages: {pages}")


__all__ = ["BAD_ORIGIN", "GuessLimiter", "OriginRule", "TOO_MANY_GUESSES", "exposure", "is_loopback"]
