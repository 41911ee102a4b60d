"""Pure functions on the 5x5 board: lines, slides, combinations (runs) and payments.

The board is a list of 25 one-letter strings in reading order (row 1 left to
right, then row 2, ...). Lines are named ``r1``..``r5`` (rows, top to bottom)
and ``c1``..``c5`` (columns, left to right). Every function here is pure, so the
engine, the bots and the tests share them.

>>> board = list("AABCD" "EFGHA" "BCDEF" "GHABC" "DEFGH")
>>> slide(board, line_index("r1"), first=True)
>>> "".join(board[:5])
'ABCDA'
>>> run_in("AAABC")
(0, 3)
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from functools import cache, lru_cache
from itertools import combinations
from operator import itemgetter, ne, or_
from types import MappingProxyType

from .data import ANY_PAYMENT, EXTRA_COMBINATION_POINTS, KINDS, MIN_RUN, PEARL, RUN_POINTS, SIDE

#: Line names in a fixed order: rows r1..r5, then columns c1..c5.
LINE_NAMES: tuple[str, ...] = tuple(f"r{i + 1}" for i in range(SIDE)) + tuple(f"c{i + 1}" for i in range(SIDE))

#: Cell indices of each line, from its first end (left / top) to its last end (right / bottom).
LINES: tuple[tuple[int, ...], ...] = tuple(
    tuple(r * SIDE + c for c in range(SIDE)) for r in range(SIDE)
) + tuple(tuple(r * SIDE + c for r in range(SIDE)) for c in range(SIDE))

#: The end names of a row and of a column: (first end, last end).
ROW_ENDS = ("left", "right")
COL_ENDS = ("top", "bottom")

#: Lines crossing each line (a row move changes one card of every column, and vice versa).
CROSSING: tuple[tuple[int, ...], ...] = tuple(
    tuple(range(SIDE, 2 * SIDE)) if i < SIDE else tuple(range(SIDE)) for i in range(2 * SIDE)
)

#: The 20 (line, end) pairs in the order the legal moves list them: (line index, first end?).
LINE_ENDS: tuple[tuple[int, bool], ...] = tuple((i, first) for i in range(2 * SIDE) for first in (True, False))

_LINE_INDEX = {name: i for i, name in enumerate(LINE_NAMES)}
#: Slices of the 25-letter board string giving each line (rows, then columns).
LINE_SLICES = tuple(slice(r * SIDE, (r + 1) * SIDE) for r in range(SIDE)) + tuple(
    slice(c, None, SIDE) for c in range(SIDE))


def line_index(name: str) -> int:
    """Index (0..9) of a line name such as ``"r2"`` or ``"c5"`` (raises KeyError)."""
    return _LINE_INDEX[name]


def end_names(line: int) -> tuple[str, str]:
    """The two end names of a line: ``("left", "right")`` or ``("top", "bottom")``."""
    return ROW_ENDS if line < SIDE else COL_ENDS


def end_cell(line: int, first: bool) -> int:
    """The cell at the given end of a line."""
    cells = LINES[line]
    return cells[0] if first else cells[-1]


def slide(board: list[str], line: int, first: bool) -> None:
    """Move the end card of a line to the opposite end; the others shift one place (NIZ-MOVE-01).

    ``first=True`` moves the left/top card to the right/bottom end.
    """
    a, b, c, d, e = LINES[line]
    if first:
        board[a], board[b], board[c], board[d], board[e] = board[b], board[c], board[d], board[e], board[a]
    else:
        board[a], board[b], board[c], board[d], board[e] = board[e], board[a], board[b], board[c], board[d]


def line_text(board: Sequence[str], line: int) -> str:
    """The five letters of a line, from its first end."""
    a, b, c, d, e = LINES[line]
    return board[a] + board[b] + board[c] + board[d] + board[e]


def all_lines(board: Sequence[str]) -> list[str]:
    """The ten lines as strings, in LINE_NAMES order (one join, then slices: the fast path).

    >>> all_lines(list("ABCDE" "FGHAB" "CDEFG" "HABCD" "EFGHA"))[5]
    'AFCHE'
    """
    b = "".join(board)
    return list(map(b.__getitem__, LINE_SLICES))


@cache
def run_in(text: str) -> tuple[int, int] | None:
    """(start, length) of the combination of three or more identical gems in a 5-letter line, or None.

    A line of five holds at most one such run. The pearl (``P``) never forms a run by itself.

    >>> run_in("BAAAA"), run_in("ABABA"), run_in("PPPAB")
    ((1, 4), None, None)
    """
    i = 0
    n = len(text)
    while i < n:
        j = i
        while j + 1 < n and text[j + 1] == text[i]:
            j += 1
        if j - i + 1 >= MIN_RUN and text[i] != PEARL:
            return i, j - i + 1
        i = j + 1
    return None


@cache
def signature(text: str) -> str:
    """A line's combination as kind and count (e.g. ``"A3"``), ``""`` if none.

    Used for the NIZ-SCORE-03 test "did the player change the number of identical cards".
    """
    # run_in's answer by one C-level search (a miss of this cache is common: ~59,000 lines are possible)
    found = _RUN_SEARCH(text)
    return "" if found is None else f"{found[1]}{found.end() - found.start()}"


#: The first run of MIN_RUN or more identical gems (never the pearl) in a line: run_in's run.
_RUN_SEARCH = re.compile(f"([{''.join(KINDS)}])\\1{{{MIN_RUN - 1},}}").search


def signatures(board: Sequence[str]) -> list[str]:
    """The signature of all ten lines."""
    return list(map(signature, all_lines(board)))


def runs(board: Sequence[str]) -> list[tuple[int, str, int, int]]:
    """Every combination on the board: (line, kind, start, length)."""
    out = []
    for i, text in enumerate(all_lines(board)):
        found = run_in(text)
        if found is not None:
            out.append((i, text[found[0]], found[0], found[1]))
    return out


def run_points(length: int) -> int:
    """Points of one combination (NIZ-SCORE-01)."""
    return RUN_POINTS[min(length, max(RUN_POINTS))]


def scoring_runs(board: Sequence[str], changed: Sequence[bool]) -> list[tuple[int, str, int, int]]:
    """The combinations that score now: only lines whose combination changed this turn (NIZ-SCORE-03, NIZ-SCORE-04)."""
    return [r for r in runs(board) if changed[r[0]]]


def turn_points(scoring: Sequence[tuple[int, str, int, int]]) -> int:
    """Points for a turn's combinations: 3/5/7 each plus 1 per additional combination (NIZ-SCORE-01, NIZ-SCORE-02).

    >>> turn_points([(0, "A", 0, 3), (5, "B", 0, 4)])
    9
    """
    if not scoring:
        return 0
    return sum(run_points(r[3]) for r in scoring) + EXTRA_COMBINATION_POINTS * (len(scoring) - 1)


def run_cells(run: tuple[int, str, int, int]) -> tuple[int, ...]:
    """The cells a combination covers."""
    line, _, start, length = run
    return LINES[line][start:start + length]


def update_changed(board: Sequence[str], start_sigs: Sequence[str], changed: list[bool], line: int) -> None:
    """After a move on ``line``: mark every line whose combination now differs from the turn start.

    Only ``line`` and the lines crossing it can change; checking all ten in one C-level pass is faster.
    A line stays marked once changed (``or``), even if a later move restores its combination.

    >>> changed = [False] * 10
    >>> update_changed(list("AABAA" "CDEFG" "HABCD" "EFGHA" "BCDEF"), signatures(list("AAABA" "CDEFG" "HABCD"
    ...                "EFGHA" "BCDEF")), changed, 0)
    >>> changed[:3]
    [True, False, False]
    """
    changed[:] = map(or_, changed, map(ne, map(signature, all_lines(board)), start_sigs))


@lru_cache(maxsize=1 << 16)
def payments_for_hand(counts: tuple[int, ...]) -> tuple[str, ...]:
    """:func:`any_payments` for a hand given as its full counts per kind (cached; the hot path)."""
    if sum(counts) < ANY_PAYMENT:
        return ()
    return any_payments(tuple(c if c < ANY_PAYMENT else ANY_PAYMENT for c in counts))


@cache
def any_payments(limited: tuple[int, ...]) -> tuple[str, ...]:
    """Distinct payments of three cards of any kind, as sorted letter strings (NIZ-MOVE-04).

    ``limited`` holds, per kind, ``min(count in hand, 3)``.

    >>> any_payments((2, 1, 0, 0, 0, 0, 0, 0))
    ('AAB',)
    """
    # built by shape (three kinds, a pair and a single, a triple) and sorted, rather than filtering the (up to
    # 120) multisets of three kinds: a hand not seen before costs a few C-level passes, not a check per multiset
    singles = [k for k, c in zip(KINDS, limited) if c]
    out = ["".join(combo) for combo in combinations(singles, ANY_PAYMENT)]
    for k, c in zip(KINDS, limited):
        if c >= 2:
            out += [f"{other}{k}{k}" if other < k else f"{k}{k}{other}" for other in singles if other != k]
            if c >= ANY_PAYMENT:
                out.append(k * ANY_PAYMENT)
    return tuple(sorted(out))


def natural_kinds(board: Sequence[str]) -> frozenset[str]:
    """Kinds with a combination of three or more on the board without the pearl (PRL-TASK-01).

    >>> sorted(natural_kinds(list("AAABC" "FGHDE" "CDPEF" "GHBCD" "DEFGH")))
    ['A']
    """
    out = set()
    for text in all_lines(board):
        found = run_in(text)
        if found is not None:
            out.add(text[found[0]])
    return frozenset(out)


@cache
def pearl_line_kinds(text: str) -> frozenset[str]:
    """The kinds ``k`` for which the pearl in this line, standing for ``k``, is part of a run of ``k`` (PRL-TASK-03).

    >>> sorted(pearl_line_kinds("AAPBC")), sorted(pearl_line_kinds("ABCDE"))
    (['A'], [])
    """
    at = text.find(PEARL)
    if at < 0:
        return frozenset()
    if text.count(PEARL) == 1:
        # one pearl (every real position): only the cards up to two places on either side can make a run of three
        # through it, so the answer is that window's, kept per window (~5,000 windows against ~20,000 lines: a
        # line not seen before seldom costs the walk)
        lo = max(at - (MIN_RUN - 1), 0)
        return _pearl_window_kinds(text[lo:at + MIN_RUN], at - lo)
    out = set()
    for k in KINDS:
        found = run_in(text.replace(PEARL, k))
        if found is not None and found[0] <= at < found[0] + found[1]:
            out.add(k)
    return frozenset(out)


@cache
def _pearl_window_kinds(text: str, at: int) -> frozenset[str]:
    """:func:`pearl_line_kinds` of a line with one pearl, at ``at``, given as the cards up to two places around it.

    >>> sorted(_pearl_window_kinds("AAPB", 2)), sorted(_pearl_window_kinds("PBC", 0))
    (['A'], [])
    """
    # only a neighbour's kind can run through the pearl; count that kind's cards on both sides (a line of five
    # holds at most one run, so this is the run run_in would find)
    out = set()
    n = len(text)
    for k in {text[at - 1] if at else PEARL, text[at + 1] if at + 1 < n else PEARL} - {PEARL}:
        i = at
        while i > 0 and text[i - 1] == k:
            i -= 1
        j = at
        while j + 1 < n and text[j + 1] == k:
            j += 1
        if j - i + 1 >= MIN_RUN:
            out.add(k)
    return frozenset(out)


def pearl_completable(board: Sequence[str]) -> frozenset[str]:
    """The kinds a run through the pearl would complete (the union over the pearl's row and column)."""
    out: frozenset[str] = frozenset()
    for text in all_lines(board):
        if PEARL in text:
            out |= pearl_line_kinds(text)
    return out


_LINES_OF = itemgetter(*LINE_SLICES)
_FIRST = itemgetter(0)


def task_kinds(board: Sequence[str]) -> tuple[frozenset[str], frozenset[str]]:
    """:func:`natural_kinds` and :func:`pearl_completable` in one pass over the lines (Pearl's hot path).

    >>> natural, extra = task_kinds(list("AAABC" "FGHDE" "CDPEF" "GHBCD" "DEFGH"))
    >>> sorted(natural), sorted(extra)
    (['A'], [])
    """
    b = "".join(board)
    return lines_task_kinds(b, _LINES_OF(b))  # the ten slices in one C call


def lines_task_kinds(b: str, lines: tuple[str, ...]) -> tuple[frozenset[str], frozenset[str]]:
    """:func:`task_kinds` of a board given as its 25-letter string and its ten lines (as a state keeps them).

    >>> b = "AAABC" "FGHDE" "CDPEF" "GHBCD" "DEFGH"
    >>> lines_task_kinds(b, tuple(all_lines(list(b)))) == task_kinds(list(b))
    True
    """
    # the kinds of the lines' combinations (a line of five holds at most one), by the cached signatures in one
    # C-level chain (a regex pass over the joined lines costs about three times as much, a comprehension more)
    natural = frozenset(map(_FIRST, filter(None, map(signature, lines))))
    at = b.find(PEARL)
    if at < 0:
        return natural, frozenset()
    # only the pearl's row and column can hold it (C-level passes, then two cached look-ups)
    row, col = divmod(at, SIDE)
    return natural, pearl_line_kinds(lines[row]) | pearl_line_kinds(lines[SIDE + col])


def pearl_kinds(board: Sequence[str]) -> tuple[frozenset[str], Mapping[str, frozenset[str]]]:
    """Kinds with a combination without the pearl, and per pearl kind all kinds completed.

    PRL-TASK-01, PRL-TASK-03.

    The pearl counts as one chosen kind: for kind ``k`` it may complete runs of ``k`` only.
    Returns ``(natural, {k: kinds completed when the pearl stands for k})``; the mapping is
    read-only.
    """
    natural = natural_kinds(board)
    extra = pearl_completable(board)
    return natural, MappingProxyType({k: natural | {k} if k in extra else natural for k in KINDS})
