"""What the advanced-mode modules share: event decisions and phases, their rules and action types, and small
helpers."""

from __future__ import annotations

from typing import Any

from ....core.actions import Action
from ....core.errors import InvalidOption, InvalidPosition
from ..actions import Accept, Pass, Plant, Refuse
from ..events_data import event_name
from .actions import Breed, CrowPick, DroughtOn, RainOn, Recycle, Shop, SnowOn

START_SEAT = 0          # JAL-R-START: seat 0 starts, so a round begins with seat 0's turn (JADV-R-ROUND)
MODEL_FARMER_MIN = 3    # sourced: "at least 3 cards" on one plot (JADV-MODEL-01)

#: The decision kind each event with choices opens.
EVENT_DECISION: dict[str, str] = {"crow": "crow", "gardener": "gardener", "snow": "snow", "drought": "drought",
                                  "rain": "rain", "shopping": "shop", "recycling": "recycle",
                                  "breeding": "breeding"}
EVENT_PHASES: tuple[str, ...] = ("crow", "gardener", "snow", "drought", "rain", "shop", "shop-reply", "recycle",
                                 "breeding")
_EVENT_PHASE_SET = frozenset(EVENT_PHASES)
#: A position may start with phase "event": the current event is about to be resolved.
EVENT_START = "event"

#: The rule naming each event decision (used by explanations).
_PHASE_RULE = {"crow": "JADV-CROW-01", "gardener": "JADV-GARDEN-01", "snow": "JADV-SNOW-02",
               "drought": "JADV-DROUGHT-01", "rain": "JADV-RAIN-01", "shop": "JADV-SHOP-02",
               "shop-reply": "JADV-SHOP-02", "recycle": "JADV-RECYCLE-01", "breeding": "JADV-BREED-01"}
_PHASE_TYPES: dict[str, tuple[type[Action], ...]] = {
    "crow": (CrowPick,), "gardener": (Plant, Pass), "snow": (SnowOn,), "drought": (DroughtOn,),
    "rain": (RainOn,), "shop": (Shop, Pass), "shop-reply": (Accept, Refuse), "recycle": (Recycle, Pass),
    "breeding": (Breed,)}


def _copy_shop(offer: Shop) -> Shop:
    """A copy: the state never shares a proposal object with a bot or an observation."""
    return Shop(offer.to, offer.give, offer.tokens, offer.ask, offer.ask_tokens)


EVENT_KEYS = frozenset({"deck", "discard", "current", "queue", "reshuffles", "snow", "rain", "breeding",
                        "model_farmer", "shop_offer"})


def _event_card(value: Any, field: str) -> str:
    if not isinstance(value, str):
        raise InvalidPosition(f"{field}: an event card is written by name, got {value!r}")
    try:
        return event_name(value)
    except InvalidOption as exc:
        raise InvalidPosition(f"{field}: {exc}") from None
