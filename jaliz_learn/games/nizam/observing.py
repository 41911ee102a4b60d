"""What a player may see, built from the position and kept between changes (NIZ-INFO-*, PRL-INFO-*).

A mixin of :class:`~.state.BaseState` (see the map in the package docstring).
"""

from __future__ import annotations

from itertools import compress
from typing import Any

from . import board as B
from .moves import (
    OVER,
    START,
)
from .position import NizamFields


class ObservationParts(NizamFields):
    """What a player may see, built from the position and kept between changes."""

    __slots__ = ()

    def observation(self, player: int | None) -> Any:
        """What ``player`` sees (``None``: spectator): the public fields, cached per change, and the own hand.
        NIZ-INFO-01 / PRL-INFO-01: hands, task decks and the deck order appear only as counts."""
        pub = self._pub
        if pub is None:
            pub = self._pub = self._public()
        return self.observation_cls.fast(pub, player=player, hand="" if player is None else self._hand_text(player))

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

    def _public_base(self) -> dict[str, Any]:
        over = self.over
        moves = self.moves_made
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
