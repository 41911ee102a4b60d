"""The fields of a Bali position, typed once for every rules module, and the steps they share.

:class:`BaliFields` is the common base of the rules modules (:mod:`.offering`, :mod:`.scoring`, :mod:`.village`),
which :class:`~.state.BaliState` mixes together.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from jaliz_learn.core.game import State

from .actions import Spec

if TYPE_CHECKING:  # pragma: no cover
    from .game import BaliGame


class BaliFields(State):
    """The fields of a Bali position (set in :meth:`~.state.BaliState.__init__`) and the steps one rules module asks
    of another (defined in the module named)."""

    # every attribute in a slot, no instance dict: CPython 3.11 reads slots faster than a dict of more than
    # 30 keys (about 2-3% of a random game); declare a new attribute here
    __slots__ = (
        "tani", "reverse_altar", "tie_mode", "phase", "active", "over", "revealed", "ganesha", "final", "hands",
        "displays", "stocks", "square", "village", "stones", "vp", "deck", "supply", "altar_open", "altar_hidden",
        "discard", "offer_queue", "reward_queue", "huts", "tiles", "_legal", "_cp", "_free", "_pub", "_dirty",
        "_hands_dirty", "_columns_dirty", "_hidden_rows",
    )

    game: BaliGame
    tani: bool
    reverse_altar: bool
    tie_mode: str
    phase: str
    active: int
    over: bool
    revealed: int | None
    ganesha: int | None
    final: list[dict[str, int]] | None
    hands: list[list[int]]
    displays: list[list[int]]
    stocks: list[list[int]]
    square: list[list[int]]
    village: list[list[int]]
    stones: list[int]
    vp: list[int]
    deck: list[int]
    supply: list[int]
    altar_open: list[int]
    altar_hidden: list[tuple[int, int]]
    discard: list[int]
    offer_queue: list[int]
    reward_queue: list[tuple[int, int]]
    huts: list[int]
    tiles: list[str]
    _legal: tuple[Spec, ...] | None
    _cp: int | None
    _free: int
    _pub: dict[str, Any] | None
    _dirty: int
    _hands_dirty: int
    _columns_dirty: int
    _hidden_rows: tuple[tuple[int, ...], ...]

    # The steps one rules module asks of another (each defined in the module named), declared for the type
    # checker only: at run time the class has none of them, so they can never stand in for the real one.
    if TYPE_CHECKING:
        def _next_turn(self) -> None:  # state.py
            ...
