"""A bot plays a seat of a live table from anywhere: :func:`join` (``jaliz-learn join LINK BOT``).

A bot's fault never ends the game nor the process: a bot that raises, answers an illegal action or takes longer
than its time limit plays the seat's default action (the server's own rule,
:func:`~jaliz_learn.tables.deadlines.default_action`), and the failure is said in one safe line, here (``on_error``,
by default standard error) and to the server, which shows it on that seat's board and in the teacher's
``jaliz-learn table list``. A dropped connection is joined again with backoff (:class:`~.client.TableClient`).

>>> from jaliz_learn.tables import TableServer
>>> server = TableServer(port=0, records=None).start()
>>> table = server.open_table("nizam", players=2, seed=3, bots={1: "greedy"})
>>> class Broken:
...     name = "broken"
...     def act(self, observation, legal):
...         raise RuntimeError("oops")
>>> lines = []
>>> result = join(Broken(), table.urls[0], on_error=lines.append)
>>> result.over, result.failures == result.decisions > 0, lines[0][:48]
(True, True, 'seat 0: broken failed (RuntimeError: oops); play')
>>> server.stop()
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from jaliz_learn.core.errors import InvalidOption
from jaliz_learn.core.text import check_name, safe_line

from .client import RemoteIllegalAction, TableClient, TableClosed
from .deadlines import default_action  # the server's own rule for a seat that does not decide


@dataclass
class JoinResult:
    """How a game that :func:`join` played ended for its seat (``failures``: decisions the bot failed, played by the
    default action instead; ``reconnects``: how often the connection was joined again after it dropped)."""

    seat: int | None
    over: bool
    scores: tuple[float, ...]
    winners: tuple[int, ...]
    decisions: int
    failures: int = 0
    reconnects: int = 0


class BotFailed(Exception):
    """The bot did not give an action: ``kind`` (crash, timeout, busy, illegal) and one line for people."""

    def __init__(self, kind: str, line: str) -> None:
        super().__init__(line)
        self.kind = kind


class GuardedBot:
    """A bot's ``act`` with a time limit: the call runs in a worker thread (a hanging bot cannot stop the seat);
    while an earlier call is still running, the next decision fails at once rather than stacking threads.

    >>> import time
    >>> class Slow:
    ...     def act(self, observation, legal):
    ...         time.sleep(0.5)
    ...         return legal[0]
    >>> guard = GuardedBot(Slow(), 0.05)
    >>> try:
    ...     guard.act(None, ["pass"])
    ... except BotFailed as exc:
    ...     print(exc.kind)
    timeout
    """

    def __init__(self, bot: Any, time_limit: float | None) -> None:
        self.bot = bot
        self.time_limit = time_limit
        self._running: threading.Thread | None = None

    def act(self, observation: Any, legal: Sequence[Any]) -> Any:
        if self.time_limit is None:
            return self._call(observation, legal)
        if self._running is not None and self._running.is_alive():
            raise BotFailed("busy", "still busy with an earlier decision that ran out of time")
        box: dict[str, Any] = {}

        def run() -> None:
            try:
                box["action"] = self._call(observation, legal)
            except BaseException as exc:  # noqa: BLE001 - handed to the caller
                box["error"] = exc

        worker = threading.Thread(target=run, name="jaliz-learn bot decision", daemon=True)
        worker.start()
        worker.join(self.time_limit)
        if worker.is_alive():
            self._running = worker
            raise BotFailed("timeout", f"took longer than its time limit ({self.time_limit:g} s)")
        if "error" in box:
            raise box["error"]
        return box["action"]

    def _call(self, observation: Any, legal: Sequence[Any]) -> Any:
        return self.bot.act(observation, tuple(legal))


def failure_line(exc: BaseException) -> str:
    """One safe line for a bot's failure: a grading sandbox's reason, or the exception's type and message."""
    if isinstance(exc, BotFailed):
        return safe_line(str(exc), limit=160)
    reason = getattr(exc, "reason", None)
    kind = getattr(exc, "kind", None)
    if isinstance(reason, str) and isinstance(kind, str):  # the grading sandbox's BotFailure
        return safe_line(f"{kind}: {reason}", limit=160)
    return safe_line(f"{type(exc).__name__}: {safe_line(exc, limit=140)}", limit=160)


def _stderr(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


def join(bot: Any, url: str, *, name: str | None = None, timeout: float | None = None,
         time_limit: float | None = None, on_error: Callable[[str], None] | None = None,
         reconnects: int = 10) -> JoinResult:
    """Play the seat at ``url`` with ``bot`` (a bot name, a bot object, or a contestant such as a notebook run in
    the grading sandbox) until the game ends; returns the seat's result.

    ``name``: the seat's name (default: the bot's ``name`` attribute, else its class). ``timeout``: give up after
    this many seconds of waiting for a turn (``None``: wait for the game's end). ``time_limit``: seconds the bot
    has per decision (``None``: unlimited; a notebook bot's sandbox keeps its own). ``on_error(line)`` hears each
    failure (default: standard error). Raises :class:`~.client.TableClosed` only when the table cannot be
    reached again after ``reconnects`` attempts.
    """
    client = TableClient(url, name=name or bot_label(bot), reconnects=reconnects)
    state = client.state
    if state.seat is None:
        client.close()
        raise InvalidOption(f"{client.address} is a {state.role}'s link: a bot needs a seat's")
    if isinstance(bot, str):
        from jaliz_learn.bots import make_bot

        bot = make_bot(bot, state.game.name, state.seat)

    report = on_error or _stderr
    guard = GuardedBot(bot, time_limit)
    label = bot_label(bot)
    decisions = failures = 0
    try:
        while True:
            if not client.wait(lambda s: s.is_over() or (s.current_player() == s.seat and len(s._legal) > 0),
                               timeout):
                if client.lost:
                    raise TableClosed(client.failure or "the connection to the table is lost")
                break
            if state.is_over():
                break
            step, legal = state.step, state.legal_actions()
            failure = None
            try:
                action = guard.act(state.observation(), legal)
            except (Exception, SystemExit) as exc:  # noqa: BLE001 - a bot's fault plays the seat's default action
                action, failure = default_action(legal, state.on_timeout), failure_line(exc)
            try:
                _play(client, action, failure, report, state.seat, label)
            except RemoteIllegalAction as exc:
                if state.step != step:  # the seat's timer played for it meanwhile: decide again
                    continue
                action = default_action(legal, state.on_timeout)
                failure = failure_line(BotFailed("illegal", f"chose an illegal action ({safe_line(exc, limit=100)})"))
                try:
                    _play(client, action, failure, report, state.seat, label)
                except RemoteIllegalAction:
                    continue  # the state moved on under us: decide again from what the server says
            except TableClosed:
                time.sleep(0.5)  # the reader rejoins (or gives up: then wait() above says so)
                continue
            decisions += 1
            failures += failure is not None
            client.wait(lambda s, before=step: s.step > before or s.is_over(), 10)  # type: ignore[misc]
    finally:
        client.close()
    out = state.outcome()
    return JoinResult(state.seat, state.is_over(), out.scores if out else (), out.winners if out else (), decisions,
                      failures, max(0, client.connections - 1))


def _play(client: TableClient, action: Any, failure: str | None, report: Callable[[str], None], seat: int | None,
          label: str) -> None:
    if failure is not None:
        line = safe_line(f"seat {seat}: {label} failed ({failure}); played {action}", limit=300)
        try:
            report(line)
        except Exception:  # noqa: BLE001,S110 - a broken reporter must not stop the seat
            pass
        client.act(action, error=f"{label} failed ({failure})")
    else:
        client.act(action)


def bot_label(bot: Any) -> str:
    """The name a bot's seat is shown with: its ``name`` attribute when that is a valid name (the library's
    :func:`~jaliz_learn.core.text.check_name`), else its class's name; a bot named by a string is ``"NAME bot"``.

    >>> class Mine:
    ...     name = "Sara's bot"
    >>> bot_label(Mine()), bot_label("mcts"), bot_label(type("Odd", (), {"name": "a\\u202eb"})())
    ("Sara's bot", 'mcts bot', 'Odd')
    """
    if isinstance(bot, str):
        return safe_line(f"{bot} bot", limit=40)
    try:
        return check_name(getattr(bot, "name", None))
    except (ValueError, TypeError):
        return safe_line(type(bot).__name__, limit=40)
    except Exception:  # noqa: BLE001 - a bot's name property may raise anything
        return safe_line(type(bot).__name__, limit=40)


__all__ = ["BotFailed", "GuardedBot", "JoinResult", "bot_label", "failure_line", "join"]
