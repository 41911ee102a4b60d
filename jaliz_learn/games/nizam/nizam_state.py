"""Nizam (2-4 players) and solo Nizam: scoring the runs a move completes, and the end of the game.

After one or more moves the player may score (NIZ-SCORE-*): every run of three or more equal cards in the lines
that changed scores; solo Nizam ends when the deck runs out (NIZ-SOLO-*). The turn itself is
:class:`~.state.BaseState`'s.
"""

from __future__ import annotations

from itertools import compress
from typing import Any

from ...core.actions import Action
from ...core.game import Game
from . import board as B
from .data import SIDE, SOLO_HAND_LIMIT
from .state import BaseState


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
        """NIZ-END-01: the deck has run out as many times as there are players (NIZ-SOLO-03: once in solo);
        NIZ-END-05 (ruling): every player in a row drew nothing, so the position repeats forever."""
        return self.runouts >= self.num_players or self.idle_draws >= self.num_players

    def _finish_moves(self, player: int, action: Action) -> bool:
        """Activate the board: the changed lines' runs score (:func:`.board.turn_points`); NIZ-SCORE-05: their
        cards go to the discard pile first; NIZ-SCORE-06 / NIZ-SCORE-07: then the holes are refilled from the
        deck, which may reshuffle those very cards."""
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
