"""Jaliz actions: frozen values with a short text notation.

Plots are numbered from 1 (as printed on the farm board), players from 0.
Products are written by name (``carrot``) or card number (``14``).

>>> str(Plant(14, 1)), str(Give(13, 2)), str(Buy("fertilizer", 2))
('plant carrot 1', 'give turnip to 2', 'buy fertilizer 2')
>>> str(Offer(want=(8,), give=(13, 13, 14), tokens=(2,), ask=(10,)))
'offer eggplant for turnip,turnip,carrot,token:2 ask watermelon'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...core.actions import Action
from .data import SHORT

BUY_ITEMS = ("plot", "tractor", "fertilizer", "cards")


def pname(product: int) -> str:
    return SHORT.get(product, str(product))


@dataclass(frozen=True, slots=True)
class Plant(Action):
    """Plant one card of ``product`` on ``plot`` (from hand, or a card just received)."""

    kind: ClassVar[str] = "plant"
    product: int
    plot: int

    def __str__(self) -> str:
        return f"plant {pname(self.product)} {self.plot}"


@dataclass(frozen=True, slots=True)
class Done(Action):
    """Stop planting (allowed after at least one card, or in the final planting)."""

    kind: ClassVar[str] = "done"

    def __str__(self) -> str:
        return "done"


@dataclass(frozen=True, slots=True)
class Harvest(Action):
    """Harvest every card of ``plot`` (JAL-HARVEST-01..05)."""

    kind: ClassVar[str] = "harvest"
    plot: int

    def __str__(self) -> str:
        return f"harvest {self.plot}"


@dataclass(frozen=True, slots=True)
class Buy(Action):
    """Buy ``item`` ("plot", "tractor", "fertilizer" on ``plot``, or "cards")."""

    kind: ClassVar[str] = "buy"
    item: str
    plot: int = 0

    def __str__(self) -> str:
        return f"buy {self.item} {self.plot}" if self.item == "fertilizer" else f"buy {self.item}"


@dataclass(frozen=True, slots=True)
class Claim(Action):
    """Use the active player's credit token to take a revealed card first (JAL-CREDIT-02)."""

    kind: ClassVar[str] = "claim"
    product: int

    def __str__(self) -> str:
        return f"claim {pname(self.product)}"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Decline: no claim, or no offer this round."""

    kind: ClassVar[str] = "pass"

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Offer(Action):
    """A buyer's offer for revealed card(s) ``want`` (JAL-MARKET-05, -10, -11).

    ``give``: cards from the buyer's hand; ``tokens``: owners of credit tokens the
    buyer hands over; ``ask``: cards the buyer asks from the active player's hand.
    All tuples are sorted. An offer with nothing to give asks for a gift.
    """

    kind: ClassVar[str] = "offer"
    want: tuple[int, ...]
    give: tuple[int, ...] = ()
    tokens: tuple[int, ...] = ()
    ask: tuple[int, ...] = ()

    def __str__(self) -> str:
        text = "offer " + ",".join(pname(p) for p in self.want)
        paid = [pname(p) for p in self.give] + [f"token:{t}" for t in self.tokens]
        if paid:
            text += " for " + ",".join(paid)
        if self.ask:
            text += " ask " + ",".join(pname(p) for p in self.ask)
        return text


@dataclass(frozen=True, slots=True)
class Accept(Action):
    """The active player accepts ``buyer``'s offer."""

    kind: ClassVar[str] = "accept"
    buyer: int

    def __str__(self) -> str:
        return f"accept {self.buyer}"


@dataclass(frozen=True, slots=True)
class Refuse(Action):
    """The active player refuses all open offers and opens the next offer round."""

    kind: ClassVar[str] = "refuse"

    def __str__(self) -> str:
        return "refuse"


@dataclass(frozen=True, slots=True)
class Keep(Action):
    """The active player takes a revealed card and plants it (JAL-MARKET-04)."""

    kind: ClassVar[str] = "keep"
    product: int

    def __str__(self) -> str:
        return f"keep {pname(self.product)}"


@dataclass(frozen=True, slots=True)
class Give(Action):
    """The active player gives a revealed card to ``player``, who must plant it (JAL-MARKET-06)."""

    kind: ClassVar[str] = "give"
    product: int
    player: int

    def __str__(self) -> str:
        return f"give {pname(self.product)} to {self.player}"


ACTION_TYPES: dict[str, type[Action]] = {
    cls.kind: cls for cls in (Plant, Done, Harvest, Buy, Claim, Pass, Offer, Accept, Refuse, Keep, Give)
}
