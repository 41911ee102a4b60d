"""The error taxonomy of jaliz_learn.

Every error a learner can provoke is a ``ValueError`` subclass with a message
that says what went wrong, which rule forbids it and what was allowed instead.

>>> from jaliz_learn.core.errors import RuleViolation
>>> err = RuleViolation("plot 2 holds carrots", rule="JAL-PLANT-02", allowed=["plant peas 1"])
>>> isinstance(err, ValueError), err.rule
(True, 'JAL-PLANT-02')
"""

from __future__ import annotations

from collections.abc import Iterable, Sized
from typing import Any

#: How many allowed actions an error message lists before it says "and N more".
MAX_LISTED = 12


class JalizLearnError(Exception):
    """Base class of every error raised on purpose by jaliz_learn."""


class IllegalAction(JalizLearnError, ValueError):
    """An action that the rules do not allow here. The state is left unchanged.

    Attributes: ``rule`` (rule ID that forbids it), ``action``, ``player``,
    ``decision`` (kind of decision pending) and ``allowed`` (the legal actions,
    possibly a lazy sequence).
    """

    def __init__(
        self,
        reason: str,
        *,
        rule: str | None = None,
        action: Any = None,
        player: int | None = None,
        decision: str | None = None,
        allowed: Iterable[Any] | None = None,
    ) -> None:
        self.reason = reason
        self.rule = rule
        self.action = action
        self.player = player
        self.decision = decision
        self.allowed = allowed
        super().__init__(self._message())

    def _message(self) -> str:
        parts = []
        head = "Illegal action"
        if self.action is not None:
            head += f" '{self.action}'"
        if self.player is not None:
            head += f" by player {self.player}"
        if self.decision:
            head += f" (decision: {self.decision})"
        parts.append(head + ": " + self.reason)
        if self.rule:
            parts.append(f"[rule {self.rule}]")
        if self.allowed is not None:
            parts.append(describe_allowed(self.allowed))
        return " ".join(parts)


class NotYourTurn(IllegalAction):
    """A player acted while another player must decide."""


class WrongPhase(IllegalAction):
    """The action belongs to another kind of decision than the one pending."""


class RuleViolation(IllegalAction):
    """The action is of the right kind but a rule forbids it here."""


class GameOver(IllegalAction):
    """The game has ended; no more actions are accepted."""


class InvalidNotation(JalizLearnError, ValueError):
    """A text or JSON action that cannot be read at all."""


class InvalidOption(JalizLearnError, ValueError):
    """An unknown game, an unknown option or an option value out of range."""


class InvalidPosition(JalizLearnError, ValueError):
    """A JSON state or position that is malformed or breaks an invariant."""


class NeedsInstalledPackage(JalizLearnError, RuntimeError):
    """Something this Python cannot do (a browser's Pyodide starts no process and has no compiled packages):
    the message says what, and that the installed package can (see :mod:`jaliz_learn.core.browser`)."""


def describe_allowed(allowed: Iterable[Any]) -> str:
    """Summarise the legal actions for an error message.

    >>> describe_allowed(["a", "b"])
    'Allowed (2): a, b'
    """
    if isinstance(allowed, Sized):
        total = len(allowed)
        shown = [str(a) for _, a in zip(range(MAX_LISTED), allowed)]
    else:
        items = list(allowed)
        total = len(items)
        shown = [str(a) for a in items[:MAX_LISTED]]
    if total == 0:
        return "Allowed: nothing (no action is legal now)."
    more = f", ... and {total - len(shown)} more" if total > len(shown) else ""
    return f"Allowed ({total}): " + ", ".join(shown) + more
