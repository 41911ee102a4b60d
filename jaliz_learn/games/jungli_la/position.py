"""The fields of a Jungli-La position, typed once for every rules module, and the steps they share.

:class:`JungliFields` is the common base of the rules modules (:mod:`.dice`, :mod:`.materials`, :mod:`.exploring`,
:mod:`.turns`, :mod:`.explain`), which :class:`~.state.JungliLaState` mixes together.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ...core.actions import Action
from ...core.game import State
from . import actions as A
from .common import _Perks

if TYPE_CHECKING:  # pragma: no cover
    from .game import JungliLaGame


class JungliFields(State):
    """The fields of a Jungli-La position (set in :meth:`~.state.JungliLaState.__init__`) and the steps one rules
    module asks of another (defined in the module named)."""

    # every attribute in a slot, no instance dict: CPython 3.11 reads slots faster than a dict of more than
    # 30 keys (about 2-3% of a random game); declare a new attribute here
    __slots__ = (
        "max_rounds", "track", "removed", "deck", "pos", "materials", "letters", "wagons", "cards", "treasures",
        "dice", "fresh", "forced_dice", "n_dice", "rerolls", "moved", "phase", "current", "start_player",
        "wagon_stock", "discovered", "paleo_used", "goal_at_start", "end_triggered", "end_reason", "_legal",
        "_lets", "_mats", "_own", "_perks", "_pub", "_tpl", "_tre", "_turn",
    )

    game: JungliLaGame
    max_rounds: int
    track: list[str]
    removed: list[str]
    deck: list[int]
    pos: list[int]
    materials: list[list[int]]
    letters: list[int]
    wagons: list[int]
    cards: list[list[str]]
    treasures: list[list[int]]
    dice: list[int]
    fresh: list[str]
    forced_dice: list[int]
    n_dice: int
    rerolls: int
    moved: bool
    phase: str
    current: int
    start_player: int
    wagon_stock: int
    discovered: bool
    paleo_used: int
    goal_at_start: bool
    end_triggered: bool
    end_reason: str | None
    _legal: tuple[A.Spec, ...] | None
    _lets: tuple[int, ...] | None
    _mats: tuple[tuple[int, ...], ...] | None
    _own: tuple[tuple[int, ...], ...]
    _perks: tuple[_Perks, ...] | None
    _pub: dict[str, Any] | None
    _tpl: dict[str, Any] | None
    _tre: dict[str, Any] | None
    _turn: dict[str, Any] | None

    # The steps one rules module asks of another (each defined in the module named), declared for the type
    # checker only: at run time the class has none of them, so they can never stand in for the real one.
    if TYPE_CHECKING:
        def _add_letters(self, p: int, k: int) -> int:  # exploring.py
            ...

        def _draw(self, p: int, reason: str) -> None:  # exploring.py
            ...

        def _occupied(self) -> set[int]:  # exploring.py
            ...

        def _compute_legal(self) -> tuple[A.Spec, ...]:  # state.py
            ...

        def _perk_table(self) -> tuple[_Perks, ...]:  # state.py
            ...

        def dice_faces(self) -> list[str]:  # state.py
            ...

        def legal_actions(self, player: int | None = None) -> Sequence[Action]:  # state.py
            ...

        def letter_limit(self, p: int) -> int:  # state.py
            ...

        def material_limit(self, p: int) -> int:  # state.py
            ...

        def round(self) -> int:  # state.py
            ...

        def _dice_final(self) -> None:  # turns.py
            ...

        def _dice_set_aside(self) -> None:  # turns.py
            ...

        def _end_turn(self) -> None:  # turns.py
            ...
