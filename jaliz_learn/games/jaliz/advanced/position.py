"""The fields the advanced mode adds to a Jaliz position, typed once for its rules modules.

:class:`AdvancedFields` extends the standard :class:`~jaliz_learn.games.jaliz.state.JalizState` with the event deck,
the seasonal tokens and the Model Farmer cards; :mod:`.events`, :mod:`.explain` and :mod:`.json_fields` build on
it, and :class:`~.state.JalizAdvancedState` mixes them together.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....core.actions import Action
from ..common import Refusal
from ..state import JalizState
from .actions import Shop


class AdvancedFields(JalizState):
    """The advanced mode's fields (set in :meth:`~.state.JalizAdvancedState.__init__`) and the steps its rules
    modules share (defined in the module named)."""

    __slots__ = ("event_deck", "event_discard", "event", "event_queue", "event_reshuffles", "snow", "rain", "breeding",
                 "model_farmer", "shop_offer", "composition")

    event_deck: list[str]
    event_discard: list[str]
    event: str | None
    event_queue: list[int]
    event_reshuffles: int
    snow: dict[int, int]
    rain: dict[int, int]
    breeding: int                # product under the breeding token, 0 = none (JADV-BREED-01)
    model_farmer: list[int]
    shop_offer: tuple[int, Shop] | None
    composition: dict[str, int]

    # The steps one rules module asks of another (each defined in the module named), declared for the type
    # checker only: at run time the class has none of them, so they can never stand in for the real one.
    if TYPE_CHECKING:
        def _advance_event(self) -> None:  # state.py
            ...

        def _order(self) -> list[int]:  # state.py
            ...

        def left_of(self, p: int) -> int:  # state.py
            ...

        def right_of(self, p: int) -> int:  # state.py
            ...

        def _shop_acceptable(self, offer: Shop) -> bool:  # state.py
            ...

        def _event_problem(self, p: int, action: Action) -> Refusal | None:  # events.py
            ...
