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

from collections.abc import Mapping, Sequence
from typing import Any

from ...core.actions import Action
from ...core.errors import IllegalAction
from ...core.game import Game, Observation
from ...core.rules import Refusal
from . import explain
from .actions import Draw, Move, Score
from .data import DRAW_COUNT, PEARL, SIDE
from .drawing import DrawingRules
from .moves import (
    _END_LETTERS,
    _LINE_GETTER,
    END_CELLS,
    MOVE_POS,
    OVER,
    START,
    LegalActions,
    _end_bytes,
    _hand_table,
    _letters,
    _pay_map,
    _pile_letters,
    counts_text,
    empty_counts,
)
from .moving import MovingRules
from .observing import ObservationParts
from .view import NizamObservation


class BaseState(MovingRules, DrawingRules, ObservationParts):
    """What both games share: board, hands, deck, discard pile, draws and moves."""

    prefix = "NIZ"
    end_decision = "move-or-score"
    end_type: type[Action] = Score

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
        """Payments allowed at each of the 20 move positions: NIZ-MOVE-04 / PRL-MOVE-04, one card of the end card's
        kind if the player holds one; otherwise (or when the end card is the pearl, PRL-MOVE-06) every distinct
        multiset of three cards from hand (:meth:`~.moving.MovingRules.payment_problem` words a refusal; a test
        holds the two equal)."""
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
        """May ``player`` draw now? The fast path of :meth:`~.drawing.DrawingRules.draw_problem` (asked at every
        turn's start without a deck): the same conditions inline, held equal to it by tests/games/nizam/
        test_rule_checks.py."""
        if self.hand_limit is not None and sum(self.hands[player].values()) + DRAW_COUNT > self.hand_limit:
            return False
        if self.deck or any(self.discard.values()):
            return True
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
            return LegalActions((Draw(),) if ok else (), counts, moves, pays, b, ())
        return LegalActions((), counts, moves, pays, b,
                            (Score(),) if self.end_type is Score else self.end_actions(p))

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
        """Name the rule that forbids ``action`` (the messages are in :mod:`.explain`)."""
        return explain.explain_illegal(self, player, action)

    def end_problem(self, player: int, action: Action) -> Refusal | None:
        """NIZ-MOVE-05: after a move, ``score`` ends the moves (Pearl's ``end`` has rules of its own)."""
        return None

    # ---- effects ------------------------------------------------------------------
    #: Nizam tracks which lines' combinations a turn's moves changed (NIZ-SCORE-03); Pearl does not.
    tracks_changes = False

    def _apply(self, player: int, action: Action) -> None:
        # every change forgets what was derived from the position (as _clear_caches, without the call)
        old_pub = self._pub
        self._spec = self._ends = self._pub = None
        kind = type(action)
        if kind is Move:
            self.move(player, action)  # type: ignore[arg-type]
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

    def _public(self) -> dict[str, Any]:  # pragma: no cover - overridden
        raise NotImplementedError

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



