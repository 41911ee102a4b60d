"""A fair share at a live table (issue 49): token buckets per connection and a gate per client address.

A participant's messages are hostile input in quantity too: one seat renaming itself thousands of times a second,
or a thousand connections on the spectator link, once slowed a table's moves a hundredfold. :class:`Limits`
holds every bound (a teacher can pass other ones to :class:`~.server.TableServer`); :class:`MessageLimiter`
meters one connection's messages, :class:`Gate` the connections and unknown codes of each address.

>>> bucket = TokenBucket(Rate(burst=2, per_second=1.0), now=0.0)
>>> [bucket.take(now=0.0), bucket.take(now=0.0), bucket.take(now=0.0), bucket.take(now=1.0)]
[True, True, False, True]
"""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass

from .network import GuessLimiter


@dataclass(frozen=True)
class Rate:
    """``burst`` messages at once, then ``per_second`` on average."""

    burst: float
    per_second: float


class TokenBucket:
    """A token bucket: full at ``rate.burst`` tokens, refilled at ``rate.per_second``; one message takes one."""

    __slots__ = ("rate", "tokens", "stamp")

    def __init__(self, rate: Rate, now: float | None = None) -> None:
        self.rate = rate
        self.tokens = float(rate.burst)
        self.stamp = time.monotonic() if now is None else now

    def _refill(self, now: float) -> None:
        if now > self.stamp:
            self.tokens = min(float(self.rate.burst), self.tokens + (now - self.stamp) * self.rate.per_second)
            self.stamp = now

    def take(self, now: float | None = None) -> bool:
        """Take one token if there is one (True), else take nothing (False)."""
        self._refill(time.monotonic() if now is None else now)
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False

    def give_back(self) -> None:
        """Return a token taken for something that turned out free (a played action)."""
        self.tokens = min(float(self.rate.burst), self.tokens + 1.0)

    def empty(self, now: float | None = None) -> bool:
        self._refill(time.monotonic() if now is None else now)
        return self.tokens < 1.0

    def full(self, now: float | None = None) -> bool:
        self._refill(time.monotonic() if now is None else now)
        return self.tokens >= self.rate.burst

    def wait(self) -> float:
        """Seconds until the next token."""
        return max(0.0, (1.0 - self.tokens) / self.rate.per_second) if self.rate.per_second > 0 else float("inf")


@dataclass(frozen=True)
class Limits:
    """Every bound of the fair share; the defaults fit a class of 30 (on one JupyterHub, one address) with room.

    ``hello``, ``sync``, ``refused`` and ``messages`` are per connection (a played action gives its ``messages``
    token back: a seat's real moves are bounded by the game, not by us); a message over its limit is dropped
    (the first of a run gets one short error), and ``drops`` dropped messages close the connection, whose
    address then waits ``penalty_seconds`` before that code may join again. ``code_guesses`` unknown codes from
    one address within ``guess_window`` seconds, and that address is refused every code (a valid one too, or a
    refusal would tell a guess that hit) until the oldest leaves the window. Before the WebSocket handshake, an
    address with twice ``connections_per_address`` connections opening or open, ``handshakes`` handshakes under
    way, or whose ``refusals`` ran out
    (each refusal above cost the server a handshake), waits ``tarpit_seconds`` (costing the server nothing
    meanwhile, so a script retrying in a loop slows down) and is refused with HTTP 429. A client that connects
    often but is never refused (a test, a class on one JupyterHub reconnecting) is never held up.
    """

    hello: Rate = Rate(3, 0.2)  # renames: three at once, then one every 5 s
    sync: Rate = Rate(5, 1.0)  # a sync sends the whole view again: the dearest message
    refused: Rate = Rate(20, 5.0)  # actions the server refused (not yours to play, not legal, stale)
    messages: Rate = Rate(200, 100.0)  # any message at all
    drops: Rate = Rate(50, 1.0)  # messages dropped before the connection is closed for flooding
    penalty_seconds: float = 10.0
    spectators_per_table: int = 32  # the projector and students watching from their notebooks
    connections_per_address: int = 100  # one JupyterHub (one address) seats a class of 30 and their spectators
    refusals: Rate = Rate(40, 20.0)  # connections refused per address (each cost a handshake, ~1 ms)
    handshakes: int = 32  # handshakes under way at once per address (an honest one takes milliseconds)
    tarpit_seconds: float = 5.0  # a connection the door holds back is answered this late, then refused (HTTP 429)
    tarpit_max: int = 1024  # held back at once (each holds a file: at most a quarter of the process's); then at once
    code_guesses: int = 20  # unknown codes per address within guess_window seconds
    guess_window: float = 60.0
    spectator_interval: float = 0.25  # a spectator's or teacher's view is updated at most this often (s)
    send_seconds: float = 10.0  # a viewer whose connection takes no more for this long is dropped
    queue: int = 64  # answers waiting for a viewer beyond this: dropped (it does not read)


#: What :meth:`MessageLimiter.admit` says about a message.
PASS, DROP, WARN, CLOSE = "pass", "drop", "warn", "close"
_RULES = {"hello": "renames", "sync": "syncs", "act": "refused actions"}


def open_files() -> int:
    """How many files this process may open, after raising its soft limit to the hard one (a server holds a file
    per connection, and a flood's are many; the usual soft limit, 1,024, is far below the usual hard one)."""
    try:
        import resource

        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        if soft != resource.RLIM_INFINITY and (hard == resource.RLIM_INFINITY or hard > soft):
            resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 1 << 20) if hard != resource.RLIM_INFINITY
                                                        else 1 << 20, hard))
        soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
        return int(soft) if soft != resource.RLIM_INFINITY else 1 << 20
    except (ImportError, ValueError, OSError):  # pragma: no cover - not Unix, or not allowed
        return 1024


class MessageLimiter:
    """The buckets of one connection.

    >>> lim = MessageLimiter(Limits(hello=Rate(1, 0.0), drops=Rate(2, 0.0)))
    >>> [lim.admit("hello", now=0.0) for _ in range(4)]
    ['pass', 'warn', 'drop', 'close']
    """

    def __init__(self, limits: Limits) -> None:
        now = time.monotonic()
        self.limits = limits
        self.messages = TokenBucket(limits.messages, now)
        self.buckets = {"hello": TokenBucket(limits.hello, now), "sync": TokenBucket(limits.sync, now),
                        "act": TokenBucket(limits.refused, now)}
        self.drops = TokenBucket(limits.drops, now)
        self.warned = False
        self.dropped = 0

    def admit(self, kind: str, now: float | None = None) -> str:
        """``PASS`` (handle it), ``WARN`` (drop it with one short error), ``DROP`` (drop it silently) or
        ``CLOSE`` (drop it and close the connection: it keeps flooding). ``act`` is metered by
        :meth:`refused` instead (only a refused action costs)."""
        now = time.monotonic() if now is None else now
        bucket = self.buckets.get(kind) if kind != "act" else None
        if self.messages.take(now) and (bucket is None or bucket.take(now)):
            self.warned = False
            return PASS
        return self._drop(now)

    def _drop(self, now: float) -> str:
        self.dropped += 1
        if not self.drops.take(now):
            return CLOSE
        if self.warned:
            return DROP
        self.warned = True
        return WARN

    def played(self) -> None:
        """An action was played: it costs nothing."""
        self.messages.give_back()

    def refused(self, now: float | None = None) -> str:
        """An action was refused: ``PASS`` (answer it with its error) until refusals run over their limit, then as
        :meth:`admit` (dropped, the first with a short error; a flood closes the connection)."""
        now = time.monotonic() if now is None else now
        return PASS if self.buckets["act"].take(now) else self._drop(now)

    def what(self, kind: str) -> str:
        rate = {"hello": self.limits.hello, "sync": self.limits.sync, "act": self.limits.refused}.get(
            kind, self.limits.messages)
        if not self.buckets.get(kind, self.messages).empty() and self.messages.empty():
            rate, kind = self.limits.messages, "messages"  # the general bucket ran out, not this kind's
        every = f"one every {1 / rate.per_second:g} s" if rate.per_second < 1 else f"{rate.per_second:g} a second"
        return f"too many {_RULES.get(kind, 'messages')} (at most {rate.burst:g} at once, then {every}): dropped"


class Gate:
    """Who may connect: at most ``connections_per_address`` at once per address, unknown codes metered per
    address, and a pause for an address and code whose connection was closed for flooding.

    >>> gate = Gate(Limits(connections_per_address=1, code_guesses=1))
    >>> gate.enter("10.0.0.7", "abc") is None, gate.enter("10.0.0.7", "abc")[:30]
    (True, 'too many connections from your')
    >>> gate.wrong_code("10.0.0.8"); gate.enter("10.0.0.8", "abc")[:30]
    'too many unknown codes from yo'
    """

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.connections: Counter[str] = Counter()
        self.guesses = GuessLimiter(per_connection=1, per_address=limits.code_guesses, window=limits.guess_window)
        self.penalties: dict[tuple[str, str], float] = {}
        self.opening: Counter[str] = Counter()  # connections past the door, until they are lost
        self.shaking: Counter[str] = Counter()  # of those, handshakes under way (a burst is let in a few at a time)
        self.held = 0  # connections held back at the door now
        self.held_max = min(limits.tarpit_max, max(64, open_files() // 4))
        self.refusals: dict[str, TokenBucket] = {}

    def knock(self, address: str, now: float | None = None) -> bool:
        """A new connection from ``address``, before its handshake: let in (True; :meth:`gone` when it is lost)
        unless the address has twice ``connections_per_address`` opening or open, ``handshakes`` under way, or has
        used up its refusals (:meth:`shaken` when its handshake is done)."""
        bucket = self.refusals.get(address)
        crowd = 2 * self.limits.connections_per_address  # beyond the admitted cap: the cap's own refusals first
        if (self.opening[address] >= crowd or self.shaking[address] >= self.limits.handshakes
                or (bucket is not None and bucket.empty(now))):
            return False
        self.opening[address] += 1
        self.shaking[address] += 1
        return True

    def shaken(self, address: str) -> None:
        """A handshake :meth:`knock` let in is done (or its connection lost)."""
        self.shaking[address] -= 1
        if self.shaking[address] <= 0:
            del self.shaking[address]

    def gone(self, address: str) -> None:
        """A connection :meth:`knock` let in is lost."""
        self.opening[address] -= 1
        if self.opening[address] <= 0:
            del self.opening[address]

    def refused(self, address: str, now: float | None = None) -> None:
        """A connection from ``address`` was refused after its handshake (it cost the server one)."""
        now = time.monotonic() if now is None else now
        if len(self.refusals) > 4096:  # forget the addresses whose buckets are full again
            self.refusals = {a: b for a, b in self.refusals.items() if not b.full(now)}
        self.refusals.setdefault(address, TokenBucket(self.limits.refusals, now)).take(now)

    def enter(self, address: str, code: str, now: float | None = None) -> str | None:
        """Count a connection in; returns why it is refused (then it is not counted), or None."""
        now = time.monotonic() if now is None else now
        wait = self.guesses.wait(address)
        if wait > 0:  # every code is refused meanwhile, a valid one too: a hit would otherwise show
            return f"too many unknown codes from your address: try again in {wait:.0f} s"
        until = self.penalties.get((address, code))
        if until is not None:
            if now < until:
                return f"this link was closed for flooding the table: join again in {until - now:.0f} s"
            del self.penalties[(address, code)]
        if self.connections[address] >= self.limits.connections_per_address:
            return (f"too many connections from your address ({self.limits.connections_per_address}): "
                    "close a board or a tab first")
        self.connections[address] += 1
        return None

    def leave(self, address: str) -> None:
        self.connections[address] -= 1
        if self.connections[address] <= 0:
            del self.connections[address]

    def wrong_code(self, address: str) -> None:
        """An unknown code from ``address``: one guess spent (a connection presents one code and is closed)."""
        self.guesses.failed(address)

    def penalise(self, address: str, code: str, now: float | None = None) -> None:
        """``address`` flooded with ``code``: it waits :attr:`Limits.penalty_seconds` before joining with it."""
        now = time.monotonic() if now is None else now
        if len(self.penalties) > 4096:
            self.penalties = {k: t for k, t in self.penalties.items() if t > now}
        self.penalties[(address, code)] = now + self.limits.penalty_seconds


__all__ = ["CLOSE", "DROP", "Gate", "Limits", "MessageLimiter", "PASS", "Rate", "TokenBucket", "WARN"]
