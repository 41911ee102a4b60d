"""The messages of a live table, as JSON objects over a WebSocket (one object per message).

A client connects to ``ws://HOST:PORT/CODE``; the code is its only credential and names its role: a seat (plays
that seat, sees that seat's observation), the spectator (public information only) or, when the teacher asked for
it, the teacher's view (every seat's observation). The teacher opens tables on ``ws://HOST:PORT/admin`` with the
server's key; a server on the network or with TLS (``wss://HOST:PORT/CODE#sha256=FINGERPRINT``, :mod:`.tls`) keeps
that endpoint apart, on ``ws://127.0.0.1:ADMIN_PORT/admin``, and the seats' port does not know it (:mod:`.network`).

Client -> server (a table in plain text)::

    ================  =============================================================================================
    ``{"type": "act", "action": TEXT, "step": N}``  play an action (its text notation) for this connection's
                                         seat, answering the update of step ``N`` (a frame for another step, sent
                                         twice or stale, is refused and names the step expected; so is one
                                         without ``step``); a remote bot that failed adds ``"error": LINE`` (why
                                         this is its default action), shown on every board and in the teacher's list
    ``{"type": "hello", "name": NAME}``  the name shown for this seat (at most :data:`MAX_NAME` characters)
    ``{"type": "sync"}``                 send the whole view again
    ``{"type": "open", "key": K, ...}``  (admin) open a table: ``game``, ``players``, ``seed``, ``options``,
                                         ``bots`` ({seat: bot name}), ``timeout``, ``on_timeout``, ``teacher_view``
    ``{"type": "tables", "key": K}``     (admin) the open tables with their codes
    ================  =============================================================================================

Server -> client (a table in plain text)::

    ================  =============================================================================================
    ``welcome``       once per connection: ``table``, ``game``, ``options``, ``num_players``, ``seat`` (``None``
                      for the spectator and the teacher), ``role``, ``names``
    ``update``        after every change: ``step`` (actions played), ``current_player``, ``decision``, ``over``,
                      ``observation`` (and ``defs``, see :mod:`jaliz_learn.grading.protocol`), ``observations``
                      (teacher only), ``legal`` (texts; only to the seat that must decide, at most
                      :data:`MAX_LEGAL`) and ``legal_count``, ``events`` (new ones, as this viewer sees them),
                      ``outcome``, ``waiting`` (seats nobody has joined yet), ``deadline`` (``null`` or
                      ``{"seat", "seconds_left", "total"}``: whose decision has a deadline, see
                      :mod:`.deadlines`). Updates are coalesced: a burst of changes is one update showing the
                      latest state, with every new event
    ``ok``            the action was played (sent after the update it caused)
    ``error``         ``message`` (with the rule ID when the rules forbid it); nothing changed. Messages over a
                      connection's limits (:mod:`.limits`) are dropped, the first of a run with an ``error``; a
                      connection that keeps flooding is closed (code 4029), as is one refused when it joins (after one
                      ``error``); one held back before its handshake gets HTTP 429 (:mod:`.doors`)
    ``opened``        (admin) ``table``, ``seats`` ([{seat, kind, url}]), ``spectator``, ``teacher``
    ================  =============================================================================================

An update carries only what the viewer may see: the seat's own :class:`~jaliz_learn.core.game.Observation`
(built by the engine, which never puts hidden cards in it) and the events filtered for it
(:meth:`~jaliz_learn.core.events.Event.seen_by`). Nothing a client sends is trusted: an action is read with the
game's notation and checked against the real state, which only the server holds.

>>> check_message(b'{"type": "act", "action": "pass", "step": 12}')
{'type': 'act', 'action': 'pass', 'step': 12}
>>> check_message(b'[1, 2]')
Traceback (most recent call last):
...
jaliz_learn.tables.protocol.BadMessage: a message must be a JSON object with a string 'type'
"""

from __future__ import annotations

import json
from typing import Any

#: Longest message a client may send (bytes); longer ones get an error and change nothing.
MAX_MESSAGE = 16 * 1024
#: Longest frame the WebSocket layer accepts at all (a longer one closes the connection, code 1009).
MAX_FRAME = 1024 * 1024
#: Longest seat name.
MAX_NAME = 40
#: Legal actions sent whole up to this many (a longer list is cut; ``legal_count`` says how long it is).
MAX_LEGAL = 1000
#: What a client may ask.
CLIENT_TYPES = ("act", "hello", "sync", "open", "tables")


class BadMessage(ValueError):
    """A message that is not one of :data:`CLIENT_TYPES` with fields of the right types."""


def check_message(raw: str | bytes) -> dict[str, Any]:
    """Read one client message; raises :class:`BadMessage` naming what is wrong."""
    if len(raw) > MAX_MESSAGE:
        raise BadMessage(f"message of {len(raw)} bytes (at most {MAX_MESSAGE})")
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        raise BadMessage("not JSON") from None
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise BadMessage("a message must be a JSON object with a string 'type'")
    kind = data["type"]
    if kind not in CLIENT_TYPES:
        raise BadMessage(f"unknown message type {kind[:30]!r}; expected one of {', '.join(CLIENT_TYPES)}")
    if kind == "act" and not isinstance(data.get("action"), str):
        raise BadMessage("'act' needs 'action': the action's text, e.g. \"pass\"")
    if kind == "act" and "step" in data and (isinstance(data["step"], bool) or not isinstance(data["step"], int)):
        raise BadMessage("'step' must be the whole number of the step the action answers")
    if kind == "hello" and not (isinstance(data.get("name"), str) and 0 < len(data["name"]) <= MAX_NAME):
        raise BadMessage(f"'hello' needs 'name': a string of 1-{MAX_NAME} characters")
    return data


def dumps(message: dict[str, Any]) -> str:
    """A server message as JSON text (event data may hold tuples and sets: they become lists)."""
    return json.dumps(message, separators=(",", ":"), allow_nan=False, default=_plain)


def _plain(value: Any) -> Any:
    if isinstance(value, (set, frozenset)):
        return sorted(value, key=repr)
    raise TypeError(f"cannot send a {type(value).__name__}")


__all__ = ["BadMessage", "CLIENT_TYPES", "MAX_FRAME", "MAX_LEGAL", "MAX_MESSAGE", "MAX_NAME", "check_message",
           "dumps"]
