"""Game states of Nizam and Pearl of the East (mutable, OpenSpiel style).

Both games share the turn of rulebook section "1. Taking Actions": at the start of
a turn the player either draws three cards or makes a move; after one or more moves
the player makes more moves or ends them (``score`` in Nizam, ``end`` in Pearl).

Decisions (``state.decision()``):

- ``"draw-or-move"``: start of a turn (NIZ-TURN-01, PRL-TURN-01)
- ``"move-or-score"`` (Nizam) / ``"move-or-end"`` (Pearl): after at least one move (NIZ-MOVE-05, PRL-MOVE-05)
- ``"game-over"``

Cards: the board is a list of 25 letters, hands and the discard pile are counts per
kind (the discard pile is shuffled before reuse, so its order never matters), the
deck is a list whose LAST element is the top card.

Hot path: the payments at the 20 line ends, Pearl's legal ``end`` choices and the public part of
observations are computed once per change (``_apply`` forgets them) and kept as immutable values; legal
actions and observations are built fresh from them, so nothing a bot receives is shared with the state.
The board's string, lines and end cards, every hand's letters and the discard pile's letters are kept across
changes (a change edits or forgets them), and after a move, a draw or an end that scored nothing the public
part is a copy of the last one with only what changed replaced.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterator, Mapping, Sequence
from functools import lru_cache
from itertools import compress
from operator import itemgetter, ne, or_
from typing import Any, cast

from ...core.actions import Action
from ...core.errors import IllegalAction, RuleViolation, WrongPhase
from ...core.game import Game, Observation, State
from ...core.legal import LazyActions
from . import board as B
from .actions import Draw, EndTurn, Move, Score
from .data import ANY_PAYMENT, DRAW_COUNT, KINDS, PEARL, SIDE, SOLO_HAND_LIMIT, TASKS_PER_PLAYER
from .view import NizamObservation, PearlObservation

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
_new_object = object.__new__
_SET_LINE, _SET_END, _SET_PAY = (vars(Move)[name].__set__ for name in ("line", "end", "pay"))


def _new_move(line: str, end: str, pay: str) -> Move:
    """``Move(line, end, pay)`` without the frozen dataclass ``__init__`` (a fresh, equal object, ~3x faster).

    >>> _new_move("r1", "left", "A") == Move("r1", "left", "A")
    True
    """
    move = _new_object(Move)
    _SET_LINE(move, line)
    _SET_END(move, end)
    _SET_PAY(move, pay)
    return move


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


_SET_TASKS, _SET_TOP = (vars(EndTurn)[name].__set__ for name in ("tasks", "top"))


def _new_end(tasks: str, top: str) -> EndTurn:
    """``EndTurn(tasks, top)`` without the frozen dataclass ``__init__`` (a fresh, equal object).

    >>> _new_end("AC", "C") == EndTurn("AC", "C")
    True
    """
    end = _new_object(EndTurn)
    _SET_TASKS(end, tasks)
    _SET_TOP(end, top)
    return end


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

    def __getitem__(self, i: Any) -> Any:
        # an index in range (a RandomBot asks once per decision) is served here, without the base class's
        # slice and negative-index checks and without a call to _build
        if type(i) is int and 0 <= i < self._len:
            head = self._head
            if i < len(head):
                return head[i]
            i -= len(head)
            moves = self._moves
            if i < moves:
                # walk the positions (a Python loop over the 20 counts' bytes is cheaper than cumulative sums in C),
                # from the nearer end of the list: half the steps on average
                if i + i < moves:
                    pos = 0
                    for c in self._counts:
                        if i < c:
                            break
                        i -= c
                        pos += 1
                else:
                    i = moves - i  # the i-th move counted back from the last one (1 for the last)
                    pos = 19
                    for c in reversed(self._counts):
                        if i <= c:
                            break
                        i -= c
                        pos -= 1
                    i = c - i
                line, end = _PAIR_NAMES[pos]
                move = _new_object(Move)  # _new_move, inlined
                _SET_LINE(move, line)
                _SET_END(move, end)
                _SET_PAY(move, self._pays[self._board[END_CELLS[pos]]][i])
                return move
            return self._tail[i - moves]
        return LazyActions.__getitem__(self, i)

    def _build(self, i: int) -> Action:
        return self[i]  # type: ignore[no-any-return]

    def __iter__(self) -> Iterator[Action]:
        yield from self._head
        pays, board = self._pays, self._board
        for (line, end), cell in zip(_PAIR_NAMES, END_CELLS):
            for pay in pays[board[cell]]:
                yield _new_move(line, end, pay)
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



class BaseState(State):
    """What both games share: board, hands, deck, discard pile, draws and moves."""

    prefix = "NIZ"
    end_decision = "move-or-score"
    end_type: type[Action] = Score

    # slots, not an instance dict: with the core's slots, a dict of this many keys would leave the interpreter's
    # attribute and method loads on ``self`` on their slower paths (every decision reads a dozen)
    __slots__ = ("board", "hands", "deck", "discard", "current", "first_player", "moves_made", "runouts",
                 "idle_draws", "out_of_play", "deck_public", "over", "hand_limit",
                 "_spec", "_hts", "_ends", "_pub", "_sizes", "_sigs", "_bstr", "_lns", "_eb", "_dtext",
                 # Nizam's turn tracking (NIZ-SCORE-03), here because the shared move path sets it when
                 # ``tracks_changes``; a Pearl state keeps them empty
                 "start_sigs", "changed", "_marked")

    def __init__(self, game: Game, num_players: int, seed: int) -> None:
        super().__init__(game, num_players, seed)
        self.board: list[str] = [PEARL] * (SIDE * SIDE)
        self.hands: list[dict[str, int]] = [empty_counts() for _ in range(num_players)]
        self.deck: list[str] = []
        self.discard: dict[str, int] = empty_counts()
        self.current = 0
        self.first_player = 0
        self.moves_made = 0
        self.runouts = 0
        #: Empty draws in a row (NIZ-END-05): only a position that leaves cards out can have any.
        self.idle_draws = 0
        #: Cards a scenario position left out of play, as sorted letters (public; "" in a real game).
        self.out_of_play = ""
        #: Is the deck's content public? Yes from a reshuffle (the deck is the face-up discard pile) until a
        #: draw takes a card from it unseen; refills are made face up, so they keep it known.
        self.deck_public = False
        self.over = False
        self.hand_limit: int | None = None
        # NIZ-SCORE-03: each line's combination when the turn began, and the lines a move changed since
        # (NizamState sizes them; Pearl, which does not track changes, leaves them empty)
        self.start_sigs: list[str] = []
        self.changed: list[bool] = []
        self._marked = False
        self._clear_caches()

    def _clear_caches(self) -> None:
        """Forget what was derived from the position; called before every change (``_apply``).

        The caches hold immutable values that are replaced, never mutated, so a clone may share them, and
        no cached object is ever handed out: legal actions and observations are built fresh from them.
        """
        #: The player to act's move counts per position, their total and payments (see ``LegalActions``).
        self._spec: tuple[bytes, int, Mapping[str, tuple[str, ...]]] | None = None
        self._ends: tuple[tuple[str, str], ...] | None = None
        self._pub: dict[str, Any] | None = None
        #: Derived values kept ACROSS changes (each change that touches their source updates or forgets them):
        #: the hand sizes, and (Nizam) the ten lines' combinations on the current board.
        self._sizes: tuple[int, ...] | None = None
        #: Every player's hand as sorted letters (a list, copied by clone; only its strings are handed out). A move
        #: or a draw edits the mover's string: cheaper than rebuilding it from the counts at every decision.
        self._hts: list[str] | None = None
        self._sigs: tuple[str, ...] | None = None
        #: The board as one string of 25 letters; a move replaces it, a refill forgets it.
        self._bstr: str | None = None
        #: The ten lines of that board (rows r1..r5, then columns), kept and forgotten with it.
        self._lns: tuple[str, ...] | None = None
        #: The 20 end cards of that board as bytes (see ``_end_bytes``), kept and forgotten with it.
        self._eb: bytes | None = None
        #: The discard pile as letters; a move adds its payment, a reshuffle or a score forgets it.
        self._dtext: str | None = None

    def _copy_into(self, new: BaseState) -> None:  # type: ignore[override]
        """Hand-written copies of the mutable containers (``clone`` has shared the rest)."""
        new.board = self.board[:]
        new.hands = [h.copy() for h in self.hands]
        new.deck = self.deck[:]
        new.discard = self.discard.copy()
        new.start_sigs = self.start_sigs[:]
        new.changed = self.changed[:]
        hts = self._hts
        if hts is not None:
            new._hts = hts[:]
        pub = self._pub
        if pub is not None:
            new._pub = pub.copy()  # never changed in place (a change copies it first), but a dict: not shared

    # ---- protocol -------------------------------------------------------------
    def current_player(self) -> int | None:
        return None if self.over else self.current

    def decision(self) -> str:
        if self.over:
            return OVER
        return START if self.moves_made == 0 else self.end_decision

    def is_over(self) -> bool:
        return self.over

    def rule(self, suffix: str) -> str:
        """The rule ID of this game for a shared rule, e.g. ``rule("MOVE-01")`` -> ``NIZ-MOVE-01``."""
        return f"{self.prefix}-{suffix}"

    # ---- legal actions ----------------------------------------------------------
    def move_pays(self, player: int) -> tuple[tuple[str, ...], ...]:
        """Payments allowed at each of the 20 move positions.

        NIZ-MOVE-01, NIZ-MOVE-03, NIZ-MOVE-04 (PRL-MOVE-01, PRL-MOVE-03, PRL-MOVE-04) and PRL-MOVE-06:

        one card of the end card's kind if the player holds one; otherwise (or when the end
        card is the pearl) every distinct multiset of three cards from hand.
        """
        # hands keep KINDS order (built by empty_counts), so their values key the cached per-kind payments
        return tuple(map(_pay_map(tuple(self.hands[player].values())).__getitem__, _END_LETTERS(self.board)))

    def _hand_text(self, player: int) -> str:
        """The player's hand as sorted letters (every hand's is kept across changes: see ``_hts``)."""
        hts = self._hts
        if hts is None:
            hts = self._hts = [_letters(tuple(h.values())) for h in self.hands]
        return hts[player]

    def _hand_sizes(self) -> tuple[int, ...]:
        """Every hand's size (kept across changes: a move or a draw updates the mover's, see ``_sizes``)."""
        sizes = self._sizes
        if sizes is None:
            sizes = self._sizes = tuple(map(sum, map(dict.values, self.hands)))
        return sizes

    def _discard_text(self) -> str:
        """The discard pile as letters (kept across changes: a move adds its payment, see ``_dtext``)."""
        dtext = self._dtext
        if dtext is None:
            # not the hands' cache: the many different piles would push the few hands out of it
            dtext = self._dtext = _pile_letters(tuple(self.discard.values()))
        return dtext

    def round_number(self) -> int:
        """The round (PRL-END-02 counts them; every player has one turn per round), from 1."""
        return (self.log.turn - 1) // self.num_players + 1

    def _move_spec(self) -> tuple[bytes, int, Mapping[str, tuple[str, ...]]]:
        """The player to act's number of moves at each position (as bytes), their total and the payments per end
        kind."""
        table, pays = _hand_table(self._hand_text(self.current))
        ends = self._eb
        if ends is None:
            ends = self._eb = _end_bytes(self.board)
        # one C-level translate and sum: Python subscripts of the 20 end cards cost several times as much
        per_pos = ends.translate(table)
        spec = self._spec = (per_pos, sum(per_pos), pays)
        return spec

    def board_text(self) -> str:
        """The board as one string of 25 letters, in reading order (kept until the board changes)."""
        b = self._bstr
        if b is None:
            b = self._bstr = "".join(self.board)
        return b

    def board_lines(self) -> tuple[str, ...]:
        """The ten lines of the board (rows r1..r5, then columns c1..c5), kept until the board changes.

        Shared by the rows of observations, Nizam's combinations and Pearl's task kinds.
        """
        lines = self._lns
        if lines is None:
            lines = self._lns = _LINE_GETTER(self.board_text())
        return lines  # type: ignore[no-any-return]

    def draw_allowed(self, player: int, moves: int | None = None) -> bool:
        """May ``player`` draw now? (NIZ-DRAW-03 / PRL-DRAW-03 and the solo limit NIZ-SOLO-02)."""
        if self.hand_limit is not None and sum(self.hands[player].values()) + DRAW_COUNT > self.hand_limit:
            return False  # NIZ-SOLO-02: the draw would break the hand limit
        if self.deck or any(self.discard.values()):
            return True
        # NIZ-DRAW-03 / PRL-DRAW-03: nothing to draw; allowed only to a player who cannot move
        if moves is None:
            moves = sum(map(len, self.move_pays(player)))
        return not moves

    def end_actions(self, player: int) -> tuple[Action, ...]:
        """The actions that end the moves, built fresh (no action object is ever shared with a caller)."""
        return (Score(),)

    def end_allowed(self, action: Action) -> bool:
        """Is ``action`` (of this game's end type, checked exactly by the core) a legal end of the moves?"""
        return True

    def legal_actions(self, player: int | None = None) -> Sequence[Action]:
        if self.over or (player is not None and player != self.current):
            return ()
        p = self.current
        spec = self._spec
        if spec is None:
            spec = self._move_spec()
        counts, moves, pays = spec
        b = self._bstr
        if b is None:
            b = self._bstr = "".join(self.board)
        if self.moves_made == 0:
            # a deck to draw from and no hand limit (every multi-player game) allow the draw without more checks;
            # Draw and Score have no fields, so object.__new__ makes the same fresh object as their __init__
            ok = bool(self.deck) and self.hand_limit is None or self.draw_allowed(p, moves)
            return LegalActions((_new_object(Draw),) if ok else (), counts, moves, pays, b, ())
        return LegalActions((), counts, moves, pays, b,
                            (_new_object(Score),) if self.end_type is Score else self.end_actions(p))

    def check_action(self, player: int, action: Action) -> None:
        """A fast legality test that agrees with ``legal_actions``, from the cached payments and ends.

        The core has already checked that ``action`` is exactly one of this game's classes with
        exactly typed fields.
        """
        kind = type(action)
        if kind is Move:
            pos = MOVE_POS.get((action.line, action.end))  # type: ignore[attr-defined]
            if pos is not None:
                if player == self.current:
                    spec = self._spec
                    pays = (spec if spec is not None else self._move_spec())[2]
                else:
                    pays = _hand_table(self._hand_text(player))[1]
                if action.pay in pays[self.board[END_CELLS[pos]]]:  # type: ignore[attr-defined]
                    return
        elif kind is Draw:
            # a deck to draw from and no hand limit allow it without the full test (as in legal_actions)
            if self.moves_made == 0 and (self.deck and self.hand_limit is None or self.draw_allowed(player)):
                return
        elif self.moves_made > 0 and self.end_allowed(action):
            return
        raise self.explain_illegal(player, action)

    def explain_illegal(self, player: int, action: Action) -> IllegalAction:
        """Name the rule that forbids ``action`` (see the catalogues for the IDs)."""
        allowed = self.legal_actions(player)
        kw: dict[str, Any] = {"action": action, "player": player, "decision": self.decision(), "allowed": allowed}
        if isinstance(action, Draw):
            if self.moves_made:
                # NIZ-TURN-01 / PRL-TURN-01: a turn is a draw OR moves, never both
                return WrongPhase("a turn is either a draw or moves; you have already moved",
                                  rule=self.rule("TURN-01"), **kw)
            if self.hand_limit is not None and sum(self.hands[player].values()) + DRAW_COUNT > self.hand_limit:
                return RuleViolation(f"drawing three would exceed the hand limit of {self.hand_limit}",
                                     rule="NIZ-SOLO-02", **kw)
            return RuleViolation("the deck and the discard pile are empty and you can move",
                                 rule=self.rule("DRAW-03"), **kw)
        if isinstance(action, Move):
            return self._explain_move(player, action, kw)
        if isinstance(action, self.end_type):
            if self.moves_made == 0:
                return WrongPhase("you can end the moves only after at least one move", rule=self.rule("MOVE-05"), **kw)
            return self._explain_end(player, action, kw)
        return WrongPhase(f"{type(action).__name__} is not an action of {self.game.info.title}",
                          rule=self.rule("TURN-01"), **kw)

    def _explain_end(self, player: int, action: Action, kw: dict[str, Any]) -> IllegalAction:  # pragma: no cover
        return RuleViolation("not allowed now", rule=self.rule("MOVE-05"), **kw)

    def _explain_move(self, player: int, action: Move, kw: dict[str, Any]) -> IllegalAction:
        pair = MOVE_PAIRS.get((action.line, action.end))
        if pair is None:
            return RuleViolation(f"there is no line end {action.line} {action.end}", rule=self.rule("MOVE-01"), **kw)
        hand = self.hands[player]
        k = self.board[B.end_cell(*pair)]
        pay = action.pay
        if k == PEARL and len(pay) != ANY_PAYMENT:
            return RuleViolation("a line that begins with the pearl costs three cards of any kind",
                                 rule="PRL-MOVE-06", **kw)
        if len(pay) == 1:
            if pay != k:
                return RuleViolation(f"the end card is {k}; pay a {k} (or three cards if you hold no {k})",
                                     rule=self.rule("MOVE-01"), **kw)
            return RuleViolation(f"you hold no {k}; pay three cards of any kind instead",
                                 rule=self.rule("MOVE-01"), **kw)
        if len(pay) == ANY_PAYMENT:
            if k != PEARL and hand.get(k):
                return RuleViolation(f"you hold a {k}, so the move costs that card, not three",
                                     rule=self.rule("MOVE-04"), **kw)
            if "".join(sorted(pay)) != pay:
                return RuleViolation(f"write the three cards sorted: {''.join(sorted(pay))}",
                                     rule=self.rule("MOVE-04"), **kw)
            return RuleViolation(f"your hand {counts_text(hand) or '(empty)'} does not hold {pay}",
                                 rule=self.rule("MOVE-03"), **kw)
        return RuleViolation("a payment is one card or three cards", rule=self.rule("MOVE-03"), **kw)

    # ---- effects ------------------------------------------------------------------
    #: Nizam tracks which lines' combinations a turn's moves changed (NIZ-SCORE-03); Pearl does not.
    tracks_changes = False

    def _apply(self, player: int, action: Action) -> None:
        # every change forgets what was derived from the position (as _clear_caches, without the call)
        old_pub = self._pub
        self._spec = self._ends = self._pub = None
        kind = type(action)
        if kind is Move:
            # the move, inlined (most decisions are moves): NIZ-MOVE-01, NIZ-MOVE-02, NIZ-MOVE-03 /
            # PRL-MOVE-01, PRL-MOVE-02, PRL-MOVE-03, PRL-MOVE-06: pay to the discard pile, then slide the line
            line_name, end, pay = action.line, action.end, action.pay  # type: ignore[attr-defined]
            hand = self.hands[player]
            discard = self.discard
            for c in pay:
                hand[c] -= 1
                discard[c] += 1
            # the kept letters edited in place of a rebuild from the counts: the hand's first c removed (it stays
            # sorted), each paid card inserted into the discard pile's letters where it sorts
            hts = self._hts
            if hts is not None:
                text = hts[player]
                for c in pay:
                    text = text.replace(c, "", 1)
                hts[player] = text
            pile = self._dtext
            if pile is not None:
                if len(pay) == 1:
                    at = bisect_right(pile, pay)
                    self._dtext = pile[:at] + pay + pile[at:]
                else:  # three cards: one C-level sort of the nearly sorted letters beats three insertions
                    self._dtext = "".join(sorted(pile + pay))
            sizes = self._sizes
            if sizes is not None:
                self._sizes = (*sizes[:player], sizes[player] - len(pay), *sizes[player + 1:])
            board = self.board
            if self.tracks_changes and self.moves_made == 0:
                # NIZ-SCORE-03: remember every line's combination at the start of the turn (those of the board
                # as the last change left it, when known)
                sigs = self._sigs
                self.start_sigs = (list(sigs) if sigs is not None
                                   else list(map(B.signature, self.board_lines())))
                self.changed = [False] * (2 * SIDE)
            line, first = MOVE_PAIRS[(line_name, end)]
            a, b, c, d, e = B.LINES[line]  # B.slide, inlined
            if first:
                board[a], board[b], board[c], board[d], board[e] = board[b], board[c], board[d], board[e], board[a]
            else:
                board[a], board[b], board[c], board[d], board[e] = board[e], board[a], board[b], board[c], board[d]
            text = self._bstr = "".join(board)
            self._eb = None
            # the new lines at once: the public part's rows, Nizam's combinations and Pearl's end choices read them
            self._lns = lines = _LINE_GETTER(text)
            if self.tracks_changes:
                # B.update_changed, inlined: a line stays marked once its combination differed from the start
                self._sigs = sigs = tuple(map(B.signature, lines))
                # most moves leave every combination as the turn began: then no line is newly marked
                self._marked = marked = list(sigs) != self.start_sigs
                if marked:
                    self.changed[:] = map(or_, self.changed, map(ne, sigs, self.start_sigs))
            self.idle_draws = 0
            self.moves_made += 1  # NIZ-MOVE-02 / PRL-MOVE-02: any number of moves per turn
            self.log.add("move", player, {"line": line_name, "end": end, "pay": pay})
            if old_pub is not None:
                # most decisions follow a move: copy the public part and replace only what a move changes
                self._pub = self._public_after_move(old_pub.copy())
        elif kind is Draw:
            self._draw_action(player)
            if old_pub is not None and not self.over:
                # a quarter of the decisions follow a draw: as after a move, only what it changed is replaced
                self._pub = self._public_after_draw(old_pub.copy())
        elif self._finish_moves(player, action) and old_pub is not None and not self.over:
            # an end that scored or completed nothing (most of them) changes only the turn: as after a move
            self._pub = self._public_after_end(old_pub.copy())

    def _finish_moves(self, player: int, action: Action) -> bool:  # pragma: no cover - overridden
        """End the moves (and the turn); True if that changed nothing but the turn (no score, no task)."""
        raise NotImplementedError

    def _draw_action(self, player: int) -> None:
        """NIZ-DRAW-01 / PRL-DRAW-01: take the top three cards; the turn passes."""
        cards = self.take_cards(DRAW_COUNT, secret=True)
        hand = self.hands[player]
        for c in cards:
            hand[c] += 1
        hts = self._hts
        if hts is not None:
            hts[player] = "".join(sorted(hts[player] + "".join(cards)))  # the hand's letters stay sorted
        sizes = self._sizes
        if sizes is not None:
            self._sizes = (*sizes[:player], sizes[player] + len(cards), *sizes[player + 1:])
        self.idle_draws = 0 if cards else self.idle_draws + 1
        self.log.add("draw", player, {"count": len(cards)}, secret={"cards": "".join(cards)}, visible_to=(player,))
        self.end_turn()

    def take_cards(self, count: int, secret: bool = False) -> list[str]:
        """Take up to ``count`` cards from the top of the deck, reshuffling as needed.

        NIZ-DRAW-02 / PRL-DRAW-02: when the deck runs out the discard pile is shuffled into a
        new deck. NIZ-END-02: the deck "runs out" when its last card is taken
        (counted once, even if the discard pile is empty then; Pearl counts the same way, for display).
        If the deck is empty and the
        discard pile too, fewer cards are taken (NIZ-DRAW-03 / PRL-DRAW-03). ``secret``: a draw,
        whose cards only the drawer sees (the deck's content is then no longer public).
        """
        deck = self.deck
        if 0 < count < len(deck):
            # the common case, the deck does not run out: one slice, top (last) card first
            out = deck[:-count - 1:-1]
            del deck[-count:]
            if secret:
                self.deck_public = False
            return out
        out = []
        for _ in range(count):
            if not deck and not self.reshuffle():
                break
            out.append(deck.pop())
            if secret:
                self.deck_public = False
            if not deck:
                self.runouts += 1
                self.log.add("deck-out", None, {"times": self.runouts})
                self.reshuffle()
        return out

    def reshuffle(self) -> bool:
        """Shuffle the discard pile into a new deck (NIZ-DRAW-02); False if it is empty."""
        # the pile's letters (kept, or built from the counts, which keep KINDS order) list its cards in that order
        pile = self._dtext
        cards = list(pile if pile is not None else _pile_letters(tuple(self.discard.values())))
        if not cards:
            return False
        self.rng.shuffle(cards)
        self.deck[:0] = cards
        self.deck_public = True  # the deck was empty: it is now exactly the face-up discard pile
        self.discard = empty_counts()
        self._dtext = None
        self.log.add("reshuffle", None, {"cards": len(cards)})
        return True

    def game_should_end(self) -> bool:  # pragma: no cover - overridden
        raise NotImplementedError

    def end_turn(self) -> None:
        """Pass the turn clockwise, or end the game (NIZ-END-01, PRL-END-02)."""
        self.moves_made = 0
        if self.game_should_end():
            self.finish()
            return
        self.current = (self.current + 1) % self.num_players
        self.log.turn += 1

    def finish(self) -> None:
        self.over = True
        st = self.standings()
        self.log.add("game-over", None, {"scores": list(st.scores), "winners": list(st.winners)})

    # ---- observations ----------------------------------------------------------------
    observation_cls: type[Observation] = NizamObservation

    def observation(self, player: int | None) -> Any:
        """What ``player`` sees (``None``: spectator): the public fields, cached per change, and the own hand."""
        pub = self._pub
        if pub is None:
            pub = self._pub = self._public()
        # Observation.fast inlined (once per decision): a new frozen object, its __dict__ filled at once
        obs = _new_object(self.observation_cls)
        d = obs.__dict__
        d.update(pub)
        d["player"] = player
        if player is None:
            d["hand"] = ""
        else:
            d["hand"] = self._hand_text(player)
        return obs

    def _public_after_move(self, pub: dict[str, Any]) -> dict[str, Any]:
        """``pub`` (a copy of the public part before a move) updated to what ``_public`` gives after it.

        A move changes the board, the mover's hand size, the discard pile and the move count only (and in
        Nizam the changed lines, the turn's start combinations and the idle draws); never the turn or the end.
        """
        lines = self._lns  # the move has just set them
        if lines is None:
            lines = self.board_lines()
        pub["board"] = lines[:5]
        pub["hand_sizes"] = self._hand_sizes()
        pub["discard"] = self._discard_text()
        pub["moves_made"] = self.moves_made
        pub["decision"] = self.end_decision
        if self.tracks_changes:
            # Nizam's fields, here rather than in an override (a second call at every move)
            if self._marked:
                pub["changed_lines"] = tuple(compress(B.LINE_NAMES, self.changed))
            if self.moves_made == 1:
                # the turn's first move: the start combinations are new (the public part before it had none)
                pub["start_combinations"] = tuple(self.start_sigs)
            pub["idle_draws"] = self.idle_draws
        return pub

    def _public_after_draw(self, pub: dict[str, Any]) -> dict[str, Any]:
        """``pub`` (a copy of the public part before a draw that did not end the game) updated to what ``_public``
        gives after it.

        A draw comes at the start of a turn and passes it: it changes the player to act, the turn, the drawer's hand
        size and the deck (and on a reshuffle the discard pile, the run-outs and the public deck), and in Nizam the
        idle draws, in Pearl the round; the decision, the board, the scores and the move count (0) stay.
        """
        pub["current_player"] = self.current
        pub["turn"] = self.log.turn
        pub["hand_sizes"] = self._hand_sizes()
        pub["deck_size"] = len(self.deck)
        pub["discard"] = self._discard_text()
        pub["deck_runouts"] = self.runouts
        pub["deck_cards"] = "".join(sorted(self.deck)) if self.deck_public else ""
        # each game's own field, here rather than in an override (a second call at every draw)
        if self.tracks_changes:
            pub["idle_draws"] = self.idle_draws  # Nizam
        else:
            pub["round"] = self.round_number()  # Pearl
        return pub

    def _public_after_end(self, pub: dict[str, Any]) -> dict[str, Any]:
        """``pub`` (a copy of the public part before an end of the moves that scored or completed nothing and did
        not end the game) updated to what ``_public`` gives after it: the turn has passed, nothing else changed."""
        pub["current_player"] = self.current
        pub["decision"] = START
        pub["turn"] = self.log.turn
        pub["moves_made"] = 0
        if self.tracks_changes:  # Nizam: a new turn has no changed lines or start combinations yet
            pub["changed_lines"] = ()
            pub["start_combinations"] = ()
        else:  # Pearl
            pub["round"] = self.round_number()
        return pub

    def _public(self) -> dict[str, Any]:  # pragma: no cover - overridden
        raise NotImplementedError

    def _public_base(self) -> dict[str, Any]:
        over = self.over
        moves = self.moves_made
        lines = self._lns  # board_rows, inlined
        if lines is None:
            lines = self.board_lines()
        sizes = self._hand_sizes()
        dtext = self._discard_text()
        return {"game": self.game.info.name, "num_players": self.num_players,
                "current_player": None if over else self.current,
                "decision": OVER if over else (START if moves == 0 else self.end_decision),
                "turn": self.log.turn, "is_over": over, "board": lines[:5],
                "hand_sizes": sizes, "deck_size": len(self.deck),
                "discard": dtext, "deck_runouts": self.runouts,
                "moves_made": moves, "out_of_play": self.out_of_play,
                "deck_cards": "".join(sorted(self.deck)) if self.deck_public else ""}

    def board_rows(self) -> tuple[str, ...]:
        b = "".join(self.board)
        return b[0:5], b[5:10], b[10:15], b[15:20], b[20:25]

    def __repr__(self) -> str:
        rows = "/".join(self.board_rows())
        return f"{self}: board {rows}, scores {list(self.scores())}"

    # ---- JSON ----------------------------------------------------------------------
    def base_json(self, compact: bool = False) -> dict[str, Any]:
        """The fields both games share; ``compact`` leaves out the log and the history (a position)."""
        out: dict[str, Any] = {
            "format": "nizam-state/1",
            "game": self.game.name,
            "num_players": self.num_players,
            "seed": self.seed,
            "rng": self.rng.to_json(),
        }
        if not compact:
            out["log"] = self.log.to_json()
        out["turn"] = self.log.turn
        if not compact:
            out["history"] = [[p, a.to_json()] for p, a in self.history]
        out.update({
            "board": list(self.board_rows()),
            "hands": [counts_text(h) for h in self.hands],
            "deck": "".join(reversed(self.deck)),
            "discard": counts_text(self.discard),
            "current": self.current,
            "first_player": self.first_player,
            "moves_made": self.moves_made,
            "runouts": self.runouts,
            "idle_draws": self.idle_draws,
            "out_of_play": self.out_of_play,
            "deck_public": self.deck_public,
            "over": self.over,
        })
        return out


class NizamState(BaseState):
    """A Nizam position (1-5 players; one player is the solo variant NIZ-SOLO-01)."""

    prefix = "NIZ"
    end_decision = "move-or-score"
    tracks_changes = True
    __slots__ = ("points",)

    def __init__(self, game: Game, num_players: int, seed: int) -> None:
        super().__init__(game, num_players, seed)
        #: Did the last move find a combination that differs from the turn's start (``_apply`` sets it)? If not,
        #: the lines marked before the move, and so the copied ``changed_lines``, still hold.
        self._marked = True
        self.points = [0] * num_players
        self.start_sigs = [""] * (2 * SIDE)
        self.changed = [False] * (2 * SIDE)
        # NIZ-SOLO-01 / NIZ-SOLO-02: the solo hand limit
        self.hand_limit = SOLO_HAND_LIMIT if num_players == 1 else None

    def _copy_into(self, new: NizamState) -> None:  # type: ignore[override]
        super()._copy_into(new)
        new.points = self.points[:]

    def scores(self) -> tuple[float, ...]:
        """Victory points; the most VP wins (NIZ-END-03) and ties share the victory (NIZ-END-04: no tiebreak)."""
        return tuple(self.points)

    def game_should_end(self) -> bool:
        # NIZ-END-01: the deck has run out as many times as there are players (NIZ-SOLO-03: once in solo).
        # NIZ-END-05 (ruling): every player in a row drew nothing, so the position repeats forever.
        return self.runouts >= self.num_players or self.idle_draws >= self.num_players

    def _finish_moves(self, player: int, action: Action) -> bool:
        """Activate the board.

        NIZ-SCORE-01, NIZ-SCORE-02, NIZ-SCORE-03, NIZ-SCORE-04, NIZ-SCORE-05, NIZ-SCORE-06, NIZ-SCORE-07.
        """
        # B.scoring_runs, over the changed lines only (many turns of random play change none)
        scoring = []
        if True in self.changed:
            lines = self.board_lines()
            for i in compress(range(2 * SIDE), self.changed):
                found = B.run_in(lines[i])
                if found is not None:
                    scoring.append((i, lines[i][found[0]], found[0], found[1]))
        points = B.turn_points(scoring) if scoring else 0
        self.points[player] += points
        cells = sorted({cell for r in scoring for cell in B.run_cells(r)}) if scoring else ()
        self.log.add("score", player, {
            "runs": [{"line": B.LINE_NAMES[r[0]], "kind": r[1], "length": r[3], "points": B.run_points(r[3])}
                     for r in scoring] if scoring else [],
            "points": points, "total": self.points[player]})
        if cells:
            # NIZ-SCORE-05: scored cards (a shared card once) go to the discard pile first ...
            board, discard = self.board, self.discard
            self._dtext = None
            for cell in cells:
                discard[board[cell]] += 1
            # NIZ-SCORE-06, NIZ-SCORE-07: ... then the holes are refilled from the deck, reshuffling if it runs out.
            # Runs formed by the refill neither score nor leave the board.
            new = self.take_cards(len(cells))
            self._sigs = self._bstr = self._lns = self._eb = None  # the refill changes the board
            for cell, card in zip(cells, new):
                board[cell] = card
            self.log.add("refill", None, {"cells": [B.LINE_NAMES[c // SIDE] + f"c{c % SIDE + 1}" for c in cells],
                                          "cards": "".join(new)})
        self.end_turn()
        return not scoring

    def changed_lines(self) -> tuple[str, ...]:
        if self.moves_made == 0:
            return ()
        return tuple(compress(B.LINE_NAMES, self.changed))

    def _public(self) -> dict[str, Any]:
        """The fields every viewer sees (cached per change: see ``BaseState.observation``)."""
        pub = self._public_base()
        moves = self.moves_made
        pub["scores"] = tuple(self.points)
        pub["runouts_to_end"] = self.num_players
        pub["changed_lines"] = tuple(compress(B.LINE_NAMES, self.changed)) if moves else ()  # changed_lines()
        pub["start_combinations"] = tuple(self.start_sigs) if moves else ()
        pub["hand_limit"] = self.hand_limit
        pub["idle_draws"] = self.idle_draws
        return pub

    def to_json(self, compact: bool = False) -> dict[str, Any]:
        out = self.base_json(compact)
        out.update({"points": list(self.points), "start_sigs": list(self.start_sigs),
                    "changed": list(self.changed)})
        return out


class PearlState(BaseState):
    """A Pearl of the East position (2-5 players)."""

    prefix = "PRL"
    end_decision = "move-or-end"
    end_type = EndTurn
    observation_cls = PearlObservation
    __slots__ = ("tasks", "completed", "max_rounds", "_piles", "_open")

    def __init__(self, game: Game, num_players: int, seed: int) -> None:
        super().__init__(game, num_players, seed)
        self.tasks: list[set[str]] = [set(KINDS) for _ in range(num_players)]
        self.completed: list[list[str]] = [[] for _ in range(num_players)]
        self.max_rounds: int = game.options["max_rounds"]
        #: The completed piles as letters and the task deck sizes, kept until a completion changes them.
        self._piles: tuple[tuple[str, ...], tuple[int, ...]] | None = None
        #: Per player, the open (unblocked, not yet completed) task kinds; forgotten on a completion.
        self._open: tuple[frozenset[str], ...] | None = None

    def _copy_into(self, new: PearlState) -> None:  # type: ignore[override]
        super()._copy_into(new)
        new.tasks = [t.copy() for t in self.tasks]
        new.completed = [c[:] for c in self.completed]

    def scores(self) -> tuple[float, ...]:
        """Completed tasks per player (PRL-END-01; PRL-END-02 ranks a safeguard end by it)."""
        return tuple(len(c) for c in self.completed)

    def game_should_end(self) -> bool:
        # PRL-END-02 (ruling): safeguard against endless games, after max_rounds rounds.
        # PRL-END-03: round r holds turns (r-1)*n+1 .. r*n, counted from the first player's first turn.
        return self.log.turn >= self.max_rounds * self.num_players

    def blocked(self, player: int) -> set[str]:
        """Kinds on top of an opponent's completed-task pile (PRL-TASK-05)."""
        return {pile[-1] for q, pile in enumerate(self.completed) if q != player and pile}

    def task_options(self, player: int) -> list[str]:
        """The sets of tasks the player may complete now, as sorted strings.

        PRL-TASK-01, PRL-TASK-02, PRL-TASK-03, PRL-TASK-04, PRL-TASK-05, PRL-TASK-06, PRL-TASK-07:

        for every kind the pearl may stand for (one kind per turn, PRL-TASK-04), the kinds with a
        run of three or more (PRL-TASK-02) that the player still has in the task deck and that no
        opponent blocks; completion is compulsory, so the distinct maximal sets are the choices.
        """
        return list(_task_sets(*B.lines_task_kinds(self.board_text(), self.board_lines()), self._open_tasks(player)))

    def _open_tasks(self, player: int) -> frozenset[str]:
        """The player's task kinds no opponent blocks (PRL-TASK-05), kept until a completion changes them."""
        open_tasks = self._open
        if open_tasks is None:
            open_tasks = self._open = tuple([frozenset(t - self.blocked(p)) for p, t in enumerate(self.tasks)])
        return open_tasks[player]

    def end_specs(self, player: int) -> tuple[tuple[str, str], ...]:
        """(tasks, top) of every legal ``end`` action, as plain strings (cached for the player to act)."""
        if player == self.current and self._ends is not None:
            return self._ends
        # the board's kept string and lines (a move has just set them) and the open tasks, read inline
        b, lines, open_tasks = self._bstr, self._lns, self._open
        if b is None or lines is None:
            b, lines = self.board_text(), self.board_lines()
        natural, completable = B.lines_task_kinds(b, lines)
        specs = _end_specs(natural, completable,
                           open_tasks[player] if open_tasks is not None else self._open_tasks(player))
        if player == self.current:
            self._ends = specs
        return specs

    def end_actions(self, player: int) -> tuple[Action, ...]:
        specs = self.end_specs(player)
        if len(specs) == 1:  # most ends complete nothing: no comprehension
            return (_new_end(*specs[0]),)
        return tuple([_new_end(tasks, top) for tasks, top in specs])

    def end_allowed(self, action: Action) -> bool:
        ends = self._ends  # kept by the legal actions of this decision
        if ends is None:
            ends = self.end_specs(self.current)
        return (action.tasks, action.top) in ends  # type: ignore[attr-defined]

    def _explain_end(self, player: int, action: Action, kw: dict[str, Any]) -> IllegalAction:
        action = cast(EndTurn, action)
        tasks = set(action.tasks)
        if not tasks <= set(KINDS) or len(tasks) != len(action.tasks) or (action.top not in tasks if tasks
                                                                          else action.top != ""):
            return RuleViolation(f"{action.tasks!r} top {action.top!r} is not a set of gem kinds with one of them on "
                                 "top", rule="PRL-TASK-06", **kw)
        options = self.task_options(player)
        sets = [set(o) for o in options]
        blocked = tasks & self.blocked(player)
        if blocked:
            return RuleViolation(f"{min(blocked)} lies on top of an opponent's completed tasks",
                                 rule="PRL-TASK-05", **kw)
        done = tasks - self.tasks[player]
        if done:
            return RuleViolation(f"you have already completed {''.join(sorted(done))}", rule="PRL-TASK-01", **kw)
        if not tasks <= set().union(*sets):
            return RuleViolation(f"the board holds no run for {''.join(sorted(tasks - set().union(*sets)))}",
                                 rule="PRL-TASK-01", **kw)
        if not any(tasks <= o for o in sets):
            return RuleViolation("the pearl stands in for one kind only per turn", rule="PRL-TASK-04", **kw)
        if any(tasks < o for o in sets):
            return RuleViolation(f"completing is compulsory: choose one of {options}", rule="PRL-TASK-07", **kw)
        return RuleViolation("name the completed kinds sorted and put one of them on top",
                             rule="PRL-TASK-06", **kw)

    def _finish_moves(self, player: int, action: Action) -> bool:
        """Complete the chosen tasks (PRL-TASK-01, PRL-TASK-06); board cards stay (PRL-TASK-08)."""
        action = cast(EndTurn, action)
        if action.tasks:
            self._piles = self._open = None
            order = [k for k in action.tasks if k != action.top] + [action.top]
            for k in order:
                self.tasks[player].discard(k)
                self.completed[player].append(k)
        if action.tasks:
            natural = B.lines_task_kinds(self.board_text(), self.board_lines())[0]
            pearl = "".join(k for k in action.tasks if k not in natural)
            pile = "".join(self.completed[player])
        else:
            # most ends complete nothing: no generator, and the pile's letters as the public part keeps them
            pearl = ""
            piles = self._piles
            pile = piles[0][player] if piles is not None else "".join(self.completed[player])
        self.log.add("complete", player, {"tasks": action.tasks, "top": action.top, "pearl_as": pearl,
                                          "completed": pile})
        if len(self.completed[player]) == TASKS_PER_PLAYER:
            # PRL-END-01: all eight tasks completed; the game ends at once
            self.moves_made = 0
            self.finish()
            return False
        self.end_turn()
        return not action.tasks

    def _public(self) -> dict[str, Any]:
        pub = self._public_base()
        piles = self._piles
        if piles is None:
            piles = self._piles = (tuple(map("".join, self.completed)), tuple(map(len, self.tasks)))
        pub["completed"], pub["tasks_left"] = piles
        pub["round"] = self.round_number()
        pub["max_rounds"] = self.max_rounds
        return pub

    def to_json(self, compact: bool = False) -> dict[str, Any]:
        out = self.base_json(compact)
        out.update({"tasks": ["".join(sorted(t)) for t in self.tasks],
                    "completed": ["".join(c) for c in self.completed], "max_rounds": self.max_rounds})
        return out
