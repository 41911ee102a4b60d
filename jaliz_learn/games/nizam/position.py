"""The fields of a Nizam or Pearl position, typed once for every rules module, and the steps they share.

:class:`NizamFields` is the common base of the rules modules (:mod:`.drawing`, :mod:`.observing`),
which :class:`~.state.BaseState` mixes together.
"""

from __future__ import annotations

from bisect import bisect_right
from typing import TYPE_CHECKING, Any

from ...core.actions import Action
from ...core.game import Game, Observation, State
from .moves import _LINE_GETTER


class NizamFields(State):
    """The fields of a Nizam or Pearl position (set in :meth:`~.state.BaseState.__init__`) and the steps one rules
    module asks of another (defined in the module named)."""

    # slots, not an instance dict: with the core's slots, a dict of this many keys would leave the interpreter's
    # attribute and method loads on ``self`` on their slower paths (every decision reads a dozen)
    __slots__ = ("board", "hands", "deck", "discard", "current", "first_player", "moves_made", "runouts",
                 "idle_draws", "out_of_play", "deck_public", "over", "hand_limit",
                 "_spec", "_hts", "_ends", "_pub", "_sizes", "_sigs", "_bstr", "_lns", "_eb", "_dtext",
                 # Nizam's turn tracking (NIZ-SCORE-03), here because the shared move path sets it when
                 # ``tracks_changes``; a Pearl state keeps them empty
                 "start_sigs", "changed", "_marked")

    game: Game
    # what the game mode sets at class level (NizamState / PearlState)
    prefix: str
    end_decision: str
    end_type: type[Action]
    tracks_changes: bool
    observation_cls: type[Observation]
    # the position
    board: list[str]
    hands: list[dict[str, int]]
    deck: list[str]
    discard: dict[str, int]
    current: int
    first_player: int
    moves_made: int
    runouts: int
    idle_draws: int
    out_of_play: str
    deck_public: bool
    over: bool
    hand_limit: int | None
    _spec: Any
    _hts: Any
    _ends: Any
    _pub: Any
    _sizes: Any
    _sigs: Any
    _bstr: Any
    _lns: Any
    _eb: Any
    _dtext: Any
    start_sigs: list[str]
    changed: list[bool]
    _marked: bool

    # ---- bookkeeping: the copies of the position kept for speed, brought up to date after a rule changed it
    def _paid(self, player: int, cards: str) -> None:
        """After a payment (:meth:`~.moving.MovingRules.pay_cards`): the hand's and the pile's letters and the hand
        sizes, edited in place of a rebuild from the counts."""
        hts = self._hts
        if hts is not None:
            text = hts[player]
            for c in cards:
                text = text.replace(c, "", 1)  # the hand's letters stay sorted
            hts[player] = text
        pile = self._dtext
        if pile is not None:
            if len(cards) == 1:
                at = bisect_right(pile, cards)
                self._dtext = pile[:at] + cards + pile[at:]
            else:  # three cards: one C-level sort of the nearly sorted letters beats three insertions
                self._dtext = "".join(sorted(pile + cards))
        sizes = self._sizes
        if sizes is not None:
            self._sizes = (*sizes[:player], sizes[player] - len(cards), *sizes[player + 1:])

    def _drew(self, player: int, cards: list[str]) -> None:
        """After a draw (:meth:`~.drawing.DrawingRules._draw_action`): the hand's letters and the hand sizes."""
        hts = self._hts
        if hts is not None:
            hts[player] = "".join(sorted(hts[player] + "".join(cards)))  # the hand's letters stay sorted
        sizes = self._sizes
        if sizes is not None:
            self._sizes = (*sizes[:player], sizes[player] + len(cards), *sizes[player + 1:])

    def _board_changed(self) -> None:
        """After a slide: the board's text and its ten lines, read by the public part, the combinations and
        Pearl's end choices."""
        text = self._bstr = "".join(self.board)
        self._eb = None
        self._lns = _LINE_GETTER(text)

    # The steps one rules module asks of another (each defined in the module named), declared for the type
    # checker only: at run time the class has none of them, so they can never stand in for the real one.
    if TYPE_CHECKING:
        def _discard_text(self) -> str:  # state.py
            ...

        def _hand_sizes(self) -> tuple[int, ...]:  # state.py
            ...

        def _hand_text(self, player: int) -> str:  # state.py
            ...

        def _public(self) -> dict[str, Any]:  # state.py
            ...

        def rule(self, suffix: str) -> str:  # state.py
            ...

        def move_pays(self, player: int) -> tuple[tuple[str, ...], ...]:  # state.py
            ...

        def board_lines(self) -> tuple[str, ...]:  # state.py
            ...

        def end_turn(self) -> None:  # state.py
            ...

        def round_number(self) -> int:  # state.py
            ...
