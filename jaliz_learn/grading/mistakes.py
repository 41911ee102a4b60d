"""The mistakes learners make most, each with a detector and a hint: one table for ``check()`` and the grader.

A failure of the learner's bot arrives as a *kind* (``crash``, ``timeout``, ``non-action``, ``illegal``,
``budget``) and a *reason* (the text of the exception as
:func:`jaliz_learn.grading.notebooks.describe_learner_exception` writes it, the same in the learner's kernel and
in the grader). :func:`hint_for` returns the hint of the first
mistake in :data:`MISTAKES` whose detector matches, else a general hint for the kind. ``check()`` in a notebook
and every grader call it (through :func:`jaliz_learn.grading.report.failure_hint`), so a learner reads the same
hint in both.

>>> find_mistake("crash", "ValueError: empty range for randrange() (0, 0, 0) (in playout, cell 9, line 6)").name
"wrong player's moves"
>>> hint_for("non-action", "act() returned 'plant carrot 1' (str), which is not an action")
'return an action object from legal_actions, not its text.'
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Mistake:
    """A mistake learners make: its name, a detector over ``(kind, reason)`` and the hint (``{limit}``: the time
    limit of the exercise)."""

    name: str
    detect: Callable[[str, str], bool]
    hint: str


def _crash(*patterns: str) -> Callable[[str, str], bool]:
    found = re.compile("|".join(patterns))
    return lambda kind, reason: kind == "crash" and bool(found.search(reason))


_ILLEGAL_NAMES = r"\b(RuleViolation|WrongPhase|NotYourTurn|GameOver|IllegalAction)\b|Illegal action"

#: The table, most specific first.
MISTAKES: tuple[Mistake, ...] = (
    Mistake("not implemented yet", _crash(r"^NotImplementedError"),
            "a method of your bot still raises NotImplementedError (the message shows which one): write its code, "
            "i.e. replace the `raise NotImplementedError(...)` line with your own code, then run check() again."),
    Mistake("wrong player's moves", _crash(r"empty range for randrange", r"\bNotYourTurn\b", r"not your turn",
                                           r"is not the player to act"),
            "a playout asked for the moves of a player whose turn it is not (their list is empty) or applied a move "
            "for the wrong seat: in a playout, ask the player to act now, state.current_player(), for its moves "
            "(state.legal_actions(player)), not your own seat."),
    Mistake("not-cloned search", _crash(_ILLEGAL_NAMES),
            "your code applied an action to a state that had already moved on (so the action was no longer legal): "
            "in a search, copy the state with state.clone() for every action you try, and apply the action to the "
            "copy, never to the state you sampled or were given."),
    Mistake("mutating the observation", _crash(r"FrozenInstanceError", r"cannot assign to field",
                                               r"does not support item assignment", r"has no attribute '(append|"
                                               r"remove|pop|extend|insert|clear|sort)'"),
            "the observation (and everything in it) is read-only: copy what you want to change into your own "
            "variables first, e.g. hand = list(observation.hand), and change the copy."),
    Mistake("process stopped", _crash(r"^your bot's process stopped"),
            "your bot's process ended in the middle of the game: do not call exit(), sys.exit() or os._exit(), and "
            "keep memory use small (no ever-growing lists)."),
    Mistake("gave up after restarts", _crash(r"^not played"),
            "an earlier problem (a hang or a crash of your bot's process, shown above) stopped your bot several "
            "times, so the grader gave up on it: fix that problem first."),
    Mistake("wrote on the grader's connection", _crash(r"cannot read"),
            "print normally if you like, but never write to the grader's connection (file descriptors)."),
    Mistake("broken __init__", _crash(r"^creating the bot failed"),
            "your class could not be created: check __init__ (it is called as YourBot(seed))."),
    Mistake("returned None", lambda kind, reason: kind == "non-action" and "returned None" in reason,
            "act() returned None: did you forget the `return` statement on some path through act()?"),
    Mistake("returned an index", lambda kind, reason: kind == "non-action" and "(int)" in reason,
            "return the action itself, e.g. `return legal_actions[i]`, not the index i."),
    Mistake("returned a string", lambda kind, reason: kind == "non-action" and "(str)" in reason,
            "return an action object from legal_actions, not its text."),
    Mistake("ignoring the time limit", lambda kind, reason: kind == "timeout",
            "one decision took longer than {limit}, so that game was forfeited. Look for a loop that never ends "
            "(a `while` whose condition never changes); make a search watch the clock: note time.perf_counter() "
            "when act() starts and return the best action so far well before the limit (e.g. at 80% of it)."),
    Mistake("over the grading budget", lambda kind, reason: kind == "budget",
            "grading stops when the notebook's games take longer than their budget: decide faster on average (most "
            "decisions need far less than the limit)."),
)

#: When no mistake of the table matches: a hint per kind.
GENERAL = {
    "crash": "your code raised an error. The message shows the line; try the same call yourself in a cell, e.g. "
             "with the observation of a game at that point.",
    "non-action": "act() must return one of the objects in legal_actions.",
    "illegal": "return only actions taken from legal_actions. If you build an action yourself, check "
               "`action in legal_actions` first and fall back to a legal one.",
}


def find_mistake(kind: str, reason: str) -> Mistake | None:
    """The first mistake of :data:`MISTAKES` that explains this failure, if any."""
    return next((m for m in MISTAKES if m.detect(kind, reason)), None)


def hint_for(kind: str, reason: str, time_limit: float | None = None) -> str:
    """The hint for a failure of the learner's bot (see the module docstring)."""
    mistake = find_mistake(kind, reason)
    limit = f"{time_limit:g} s" if time_limit is not None else "the time limit"
    text = mistake.hint if mistake is not None else GENERAL.get(kind, "")
    return text.replace("{limit}", limit)


__all__ = ["GENERAL", "MISTAKES", "Mistake", "find_mistake", "hint_for"]
