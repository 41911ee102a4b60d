"""Jaliz advanced mode: the event cards as data (source: ../shared/rules/jaliz-data.md §3-4).

Every entry carries its status: ``sourced`` (the rulebook describes the effect),
``proposed`` (the rulebook names the event without describing it; the effect
is the proposal of jaliz-data.md §4.2, JADV-DECK-01). The rulebook gives no copy
counts at all, so every count is proposed; the deck is an option of the game
(``event_deck``, JADV-DECK-01).

>>> EVENTS["crow"].title, EVENTS["crow"].sourced, EVENTS["thief"].sourced
('Crow', True, False)
>>> sum(DEFAULT_DECK.values())
22
>>> deck_from_option("crow=3,snow=1")["crow"], deck_from_option("rulebook")["thief"]
(3, 0)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ...core.errors import InvalidOption

INSTANT = "instant"
SEASONAL = "seasonal"


@dataclass(frozen=True)
class EventCard:
    """One event type: name (notation), title, kind (instant/seasonal), mandatory, effect, status."""

    name: str
    title: str
    kind: str
    mandatory: bool
    effect: str
    status: str

    @property
    def seasonal(self) -> bool:
        return self.kind == SEASONAL

    @property
    def sourced(self) -> bool:
        """True if the rulebook describes the effect (else it is proposed)."""
        return self.status.startswith("sourced")


_RB = "sourced: rulebook, Advanced Mode > Event Cards"
_PROP = "proposed: jaliz-data.md §4.2 (the rulebook names the event but does not describe it)"

#: Every event type, in the order of the rulebook's list (proposed ones last).
EVENTS: dict[str, EventCard] = {e.name: e for e in (
    EventCard("crow", "Crow", INSTANT, True,
              "each player burns one card planted on the farm of the player to their left", _RB),
    EventCard("gardener", "Gardener", INSTANT, False,
              "each player may plant one card from hand on their farm", _RB),
    EventCard("snow", "Snow", SEASONAL, True,
              "each player puts a snow token on one plot of the player to their right: no planting and no "
              "harvesting there until the next event", _RB),
    EventCard("drought", "Drought", INSTANT, True,  # kind not printed: proposed 'instant' (jaliz-data.md §4.2)
              "each player burns all cards of one of their plots", _RB),
    EventCard("rain", "Rain", SEASONAL, True,
              "each player puts a rain token on one own planted, unfertilized plot: +1 card at harvest "
              "until the next event", _RB),
    EventCard("shopping", "Shopping Day", INSTANT, False,  # kind not printed: proposed 'instant'
              "players may trade hand cards and credit tokens; traded cards stay in hand", _RB),
    EventCard("model-farmer", "Model Farmer", INSTANT, True,
              "the player with the most cards on one plot (at least 3) takes the card, worth 1 coin at the end",
              _RB),
    EventCard("thief", "Thief", INSTANT, True,
              "each player takes one random card from the hand of the player to their right", _PROP),
    EventCard("tax", "Tax", INSTANT, True,
              "every player with at least one coin pays 1 coin to the burned pile", _PROP),
    EventCard("recycling", "Recycling", INSTANT, False,
              "each player in turn may take one card of their choice from the burned pile into hand", _PROP),
    EventCard("breeding", "Breeding", SEASONAL, True,
              "the active player puts the breeding token on one product: every plot of it counts one more card "
              "at harvest until the next event", _PROP),
)}

#: Copies of each event in the deck. The rulebook gives no counts: all proposed (jaliz-data.md §4.2).
DEFAULT_DECK: dict[str, int] = {name: 2 for name in EVENTS}

#: Only the events the rulebook describes (option ``event_deck="rulebook"``), 2 copies each (proposed).
RULEBOOK_DECK: dict[str, int] = {name: (2 if e.sourced else 0) for name, e in EVENTS.items()}

#: Aliases accepted in options and notation.
ALIASES = {"shopping-day": "shopping", "shop": "shopping", "modelfarmer": "model-farmer", "model": "model-farmer",
           "farmer": "model-farmer", "recycle": "recycling", "breed": "breeding"}


def event_name(word: str) -> str:
    """The event name for ``word`` (name, title or alias), or raise :class:`InvalidOption`."""
    w = word.strip().lower().replace(" ", "-").replace("_", "-")
    w = ALIASES.get(w, w)
    if w not in EVENTS:
        raise InvalidOption(f"unknown event {word!r}; events: {', '.join(EVENTS)}")
    return w


def deck_from_option(value: Any) -> dict[str, int]:
    """The deck composition for the ``event_deck`` option (JADV-DECK-01).

    ``"proposed"`` (default, 22 cards), ``"rulebook"`` (the 7 described events, 14 cards),
    a mapping ``{event: copies}`` or a text ``"crow=3,snow=1"``; events not named get 0 copies.
    """
    if value == "proposed":
        return dict(DEFAULT_DECK)
    if value == "rulebook":
        return dict(RULEBOOK_DECK)
    pairs: list[tuple[str, Any]]
    if isinstance(value, Mapping):
        pairs = list(value.items())
    elif isinstance(value, str):
        pairs = []
        for part in value.split(","):
            if not part.strip():
                continue
            if "=" not in part:
                raise InvalidOption(f"event_deck: write EVENT=COPIES, got {part!r}")
            k, v = part.split("=", 1)
            pairs.append((k, v.strip()))
    else:
        raise InvalidOption(f"event_deck must be 'proposed', 'rulebook', a mapping or 'event=copies,...', "
                            f"got {value!r}")
    deck = {name: 0 for name in EVENTS}
    for k, v in pairs:
        try:
            copies = int(v)
        except (TypeError, ValueError):
            raise InvalidOption(f"event_deck: copies of {k!r} must be an integer, got {v!r}") from None
        if copies < 0 or copies > 20:
            raise InvalidOption(f"event_deck: copies of {k!r} must be 0-20, got {copies}")
        deck[event_name(str(k))] = copies
    if sum(deck.values()) == 0:
        raise InvalidOption("event_deck: the event deck needs at least one card")
    return deck


def deck_list(composition: Mapping[str, int]) -> list[str]:
    """The unshuffled event deck of a composition (in the order of :data:`EVENTS`)."""
    return [name for name in EVENTS for _ in range(composition.get(name, 0))]
