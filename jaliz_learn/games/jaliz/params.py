"""The fixed parameters of a Jaliz game, shared by the state and every observation of it."""

from __future__ import annotations

from typing import NamedTuple


class GameParams(NamedTuple):
    """The fixed parameters of a game (same for every observation of it)."""

    mode: str
    products: tuple[int, ...]
    receive_count: int
    fertilizer_price: int
    offer_rounds: int
    max_ask: int
    deck_passes: int
    credit_tokens: bool
