"""Nizam's moves and payments as data: line ends, what each hand may pay there, and the legal-action list.

A move slides a line from one of its 20 ends (NIZ-MOVE-01); it costs the end card, or three cards of any kind
when the hand holds none (NIZ-MOVE-03/04; the pearl always costs three, PRL-MOVE-06). The tables here turn a
hand's letters into the payments it allows at every end, once per change of the hand; :class:`LegalActions`
lists a decision's actions from them, building each action object only when a bot asks for it.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import lru_cache
from operator import itemgetter

from ...core.actions import Action
from ...core.legal import LazyActions
from . import board as B
from .actions import Move
from .data import KINDS, PEARL

START = "draw-or-move"
OVER = "game-over"

#: (line name, end name) -> (line index, first end?) for the 20 move positions.
MOVE_PAIRS: dict[tuple[str, str], tuple[int, bool]] = {
    (B.LINE_NAMES[i], B.end_names(i)[0 if first else 1]): (i, first) for i, first in B.LINE_ENDS
}
#: The cell holding the end card of each of the 20 (line, end) positions, in LINE_ENDS order.
END_CELLS: tuple[int, ...] = tuple(B.end_cell(i, first) for i, first in B.LINE_ENDS)
_PAIR_NAMES: tuple[tuple[str, str], ...] = tuple(
    (B.LINE_NAMES[i], B.end_names(i)[0 if first else 1]) for i, first in B.LINE_ENDS
)
#: The board's ten lines sliced from its 25-letter string in one C call (board.all_lines, as a tuple).
_LINE_GETTER = itemgetter(*B.LINE_SLICES)
#: The 20 end cards of a board (a list of 25 letters), in LINE_ENDS order, picked in one C call.
_END_LETTERS = itemgetter(*END_CELLS)
#: (line name, end name) -> position 0..19 in the legal-move order.
MOVE_POS: dict[tuple[str, str], int] = {pair: n for n, pair in enumerate(_PAIR_NAMES)}


def empty_counts() -> dict[str, int]:
    return dict.fromkeys(KINDS, 0)


def counts_text(counts: dict[str, int]) -> str:
    """Counts per kind as a sorted letter string, e.g. ``"AAC"``."""
    return "".join([k * c for k, c in counts.items() if c])


@lru_cache(maxsize=1 << 14)
def _letters(values: tuple[int, ...]) -> str:
    """:func:`counts_text` of a hand or pile given as its counts in ``KINDS`` order (cached: the hot path).

    >>> _letters((2, 0, 1, 0, 0, 0, 0, 0))
    'AAC'
    """
    return "".join([k * c for k, c in zip(KINDS, values) if c])


_pile_letters = lru_cache(maxsize=1 << 14)(_letters.__wrapped__)


@lru_cache(maxsize=1 << 12)
def _pay_map(values: tuple[int, ...]) -> dict[str, tuple[str, ...]]:
    """End card kind -> the payments a hand (counts in ``KINDS`` order) may make at it; internal, never mutated.

    NIZ-MOVE-01 / NIZ-MOVE-03 / NIZ-MOVE-04, PRL-MOVE-06: one card of the end card's kind if the hand holds
    one, else (and always at the pearl) every distinct three cards of any kind.
    """
    anyp = B.payments_for_hand(values)
    out = {k: (k,) if c else anyp for k, c in zip(KINDS, values)}
    out[PEARL] = anyp
    return out


@lru_cache(maxsize=1 << 12)
def _hand_table(hand: str) -> tuple[bytes, Mapping[str, tuple[str, ...]]]:
    """For a hand (sorted letters): the number of payments at an end card of each kind, and the payments.

    The numbers are a ``bytes.translate`` table (byte of a kind's letter -> its number of payments, at most
    C(10, 3) = 120): translating the end cards' letters gives the moves at each position in one C call. Both are
    internal and never mutated; the payments are a plain dict (legal-action lists hold it, and a state or a list of
    legal actions must pickle and deep-copy, which a ``MappingProxyType`` cannot).

    >>> table, pays = _hand_table("AAB")
    >>> b"ACP".translate(table), pays["C"]
    (b'\\x01\\x01\\x01', ('AAB',))
    """
    pays = _pay_map(tuple(map(hand.count, KINDS)))
    table = bytearray(256)
    for k, v in pays.items():
        table[ord(k)] = len(v)
    return bytes(table), pays


def _end_bytes(board: list[str]) -> bytes:
    """The 20 end cards of a board (a list of 25 letters) as ASCII bytes, in LINE_ENDS order (rows' first and
    last ends, then columns').

    >>> _end_bytes(list("ABCDE" "FGHAB" "CDEFG" "HABCD" "EFGHA"))
    b'AEFBCGHDEAAEBFCGDHEA'
    """
    return "".join(_END_LETTERS(board)).encode()


@lru_cache(maxsize=1 << 12)
def _task_sets(natural: frozenset[str], completable: frozenset[str], open_tasks: frozenset[str]) -> tuple[str, ...]:
    """The sets of tasks a player may complete, as sorted strings (cached: few distinct inputs recur).

    PRL-TASK-02, PRL-TASK-04, PRL-TASK-07: the natural runs of open kinds, plus one kind the pearl completes;
    the pearl may not be "wasted" on a kind that completes less, so only the maximal sets are choices.

    >>> _task_sets(frozenset("A"), frozenset("BC"), frozenset("ABD"))
    ('AB',)
    """
    base = natural & open_tasks
    extra = (completable & open_tasks) - natural
    if not extra:
        return ("".join(sorted(base)),)
    return tuple(sorted("".join(sorted(base | {k})) for k in extra))


@lru_cache(maxsize=1 << 12)
def _end_specs(natural: frozenset[str], completable: frozenset[str],
               open_tasks: frozenset[str]) -> tuple[tuple[str, str], ...]:
    """(tasks, top) of every legal ``end``: each task set with each of its kinds on top (PRL-TASK-06).

    >>> _end_specs(frozenset("AB"), frozenset(), frozenset("ABC"))
    (('AB', 'A'), ('AB', 'B'))
    """
    out: list[tuple[str, str]] = []
    for tasks in _task_sets(natural, completable, open_tasks):
        if not tasks:
            out.append(("", ""))
        else:
            # PRL-TASK-06: the player orders the cards; only the top one matters later
            out.extend((tasks, top) for top in tasks)
    return tuple(out)


class LegalActions(LazyActions):
    """The legal actions of one decision, built lazily (a full list can hold ~1,000 moves).

    Order: the ``head`` actions (``draw``), then the moves position by position
    (rows r1..r5 then columns c1..c5, first end then last end) with their payments,
    then the ``tail`` actions (``score`` / ``end ...``). Supports ``len``, indexing,
    iteration and a fast ``in``. It holds only immutable values: the number of moves at each
    position, the board as a string and a read-only view of the payments per end-card kind.
    """

    __slots__ = ("_head", "_counts", "_moves", "_pays", "_board", "_tail")

    def __init__(self, head: tuple[Action, ...], counts: bytes, moves: int,
                 pays: Mapping[str, tuple[str, ...]], board: str, tail: tuple[Action, ...]) -> None:
        self._head = head
        self._counts = counts
        self._moves = moves
        self._pays = pays
        self._board = board
        self._tail = tail
        self._len = len(head) + moves + len(tail)

    def _build(self, i: int) -> Action:
        """The ``i``-th action (0 <= i < len): a head action, a move, or a tail action."""
        head = self._head
        if i < len(head):
            return head[i]
        i -= len(head)
        if i >= self._moves:
            return self._tail[i - self._moves]
        pos = 0  # the position (row or column, end) whose moves hold the i-th: walk their counts
        for count in self._counts:
            if i < count:
                break
            i -= count
            pos += 1
        line, end = _PAIR_NAMES[pos]
        return Move(line, end, self._pays[self._board[END_CELLS[pos]]][i])

    def __iter__(self) -> Iterator[Action]:
        yield from self._head
        pays, board = self._pays, self._board
        for (line, end), cell in zip(_PAIR_NAMES, END_CELLS):
            for pay in pays[board[cell]]:
                yield Move(line, end, pay)
        yield from self._tail

    def __contains__(self, action: object) -> bool:
        if isinstance(action, Move):
            pos = MOVE_POS.get((action.line, action.end))
            return pos is not None and action.pay in self._pays[self._board[END_CELLS[pos]]]
        return action in self._head or action in self._tail

    def __repr__(self) -> str:
        shown = ", ".join(str(a) for a in self[:8])
        more = f", ... ({self._len} in all)" if self._len > 8 else ""
        return f"LegalActions([{shown}{more}])"
