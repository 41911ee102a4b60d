"""Actions of Nizam and Pearl of the East, with their text notation.

==========================  =============================================================
notation                    meaning
==========================  =============================================================
``draw``                    take the top three cards of the deck (NIZ-DRAW-01)
``move r2 left A``          pay an ``A`` and move the left card of row 2 to the right end
``move c4 bottom ABB``      pay three cards of any kind (multiset, sorted) for column 4
``score``                   Nizam: end the moves and activate the board (NIZ-MOVE-05)
``end``                     Pearl: end the moves, completing no task (PRL-MOVE-05)
``end ACG top C``           Pearl: end the moves, complete tasks A, C, G with C on top
==========================  =============================================================

>>> str(Move("r2", "left", "A")), parse_move_tokens(["r2", "left", "a"])
('move r2 left A', Move(line='r2', end='left', pay='A'))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...core.actions import Action
from ...core.errors import InvalidNotation
from .board import LINE_NAMES, end_names, line_index
from .data import ANY_PAYMENT, KINDS


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """Take the top three cards of the deck into hand; the turn passes (NIZ-DRAW-01, PRL-DRAW-01)."""

    kind: ClassVar[str] = "draw"

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class Move(Action):
    """Pay ``pay`` and move the card at ``end`` of ``line`` to the opposite end (NIZ-MOVE-01).

    ``line`` is ``r1``..``r5`` or ``c1``..``c5``; ``end`` is ``left``/``right`` for rows and
    ``top``/``bottom`` for columns; ``pay`` is one letter (the end card's kind) or three sorted
    letters (three cards of any kind, NIZ-MOVE-03, NIZ-MOVE-04).
    """

    kind: ClassVar[str] = "move"
    line: str
    end: str
    pay: str

    def __str__(self) -> str:
        return f"move {self.line} {self.end} {self.pay}"


@dataclass(frozen=True, slots=True)
class Score(Action):
    """Nizam: finish the moves and activate the board (NIZ-MOVE-05, NIZ-SCORE-01)."""

    kind: ClassVar[str] = "score"

    def __str__(self) -> str:
        return "score"


@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    """Pearl of the East: finish the moves and complete ``tasks`` with ``top`` on top (PRL-MOVE-05, PRL-TASK-06).

    ``tasks`` is the sorted string of kinds completed (``""`` for none); ``top`` is the kind
    laid last, on top of the completed-task pile (``""`` when no task is completed).
    """

    kind: ClassVar[str] = "end"
    tasks: str
    top: str

    def __str__(self) -> str:
        if not self.tasks:
            return "end"
        if len(self.tasks) == 1:
            return f"end {self.tasks}"
        return f"end {self.tasks} top {self.top}"


def _kinds(text: str, what: str) -> str:
    letters = text.upper()
    bad = [c for c in letters if c not in KINDS]
    if bad or not letters:
        raise InvalidNotation(f"{what} {text!r} must be gem letters {''.join(KINDS)}")
    return "".join(sorted(letters))


def parse_move_tokens(tokens: list[str]) -> Move:
    """Read ``LINE END PAY`` (the words after ``move``)."""
    if len(tokens) != 3:
        raise InvalidNotation(f"a move reads 'move LINE END PAY', e.g. 'move r2 left A'; got {' '.join(tokens)!r}")
    line, end, pay = tokens[0].lower(), tokens[1].lower(), tokens[2]
    if line not in LINE_NAMES:
        raise InvalidNotation(f"unknown line {tokens[0]!r}; lines are {', '.join(LINE_NAMES)}")
    ends = end_names(line_index(line))
    if end not in ends:
        raise InvalidNotation(f"line {line} has the ends {ends[0]!r} and {ends[1]!r}, not {tokens[1]!r}")
    cards = _kinds(pay, "payment")
    if len(cards) not in (1, ANY_PAYMENT):
        raise InvalidNotation(f"a payment is one card or three cards, got {pay!r}")
    return Move(line, end, cards)


def parse(text: str, *, pearl: bool) -> Action:
    """Read an action of Nizam (``pearl=False``) or Pearl of the East (``pearl=True``)."""
    if not isinstance(text, str):
        raise InvalidNotation(f"an action in text notation must be a string, got {text!r}")
    tokens = text.split()
    if not tokens:
        raise InvalidNotation("empty action text; try 'draw', 'move r1 left A' or " + ("'end'" if pearl else "'score'"))
    head = tokens[0].lower()
    if head == "draw" and len(tokens) == 1:
        return Draw()
    if head == "move":
        return parse_move_tokens(tokens[1:])
    if head in LINE_NAMES:
        return parse_move_tokens(tokens)
    if head in ("score", "end"):
        if not pearl:
            if len(tokens) == 1:
                return Score()
            raise InvalidNotation(f"'score' takes no arguments in Nizam, got {text!r}")
        rest = tokens[1:]
        if not rest:
            return EndTurn("", "")
        tasks = _kinds(rest[0], "tasks")
        if len(set(tasks)) != len(tasks):
            raise InvalidNotation(f"each task kind is completed once, got {rest[0]!r}")
        if len(rest) == 1 and len(tasks) == 1:
            return EndTurn(tasks, tasks)
        if len(rest) == 3 and rest[1].lower() == "top":
            top = _kinds(rest[2], "top")
            if len(top) != 1 or top not in tasks:
                raise InvalidNotation(f"'top' must be one of the completed kinds {tasks}, got {rest[2]!r}")
            return EndTurn(tasks, top)
        raise InvalidNotation(f"write 'end', 'end A' or 'end ACG top C'; got {text!r}")
    words = "'draw', 'move LINE END PAY', " + ("'end [TASKS top K]'" if pearl else "'score'")
    raise InvalidNotation(f"cannot read {text!r}; actions are {words}")
