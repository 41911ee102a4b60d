"""Advanced-mode actions (event choices), their notation, and the Shopping Day proposal space.

Plots are numbered from 1; ``crow 2`` pecks plot 2 of the player to your left,
``snow 1`` freezes plot 1 of the player to your right (JADV-R-LEFTRIGHT).

>>> str(Shop(2, give=(13,), tokens=(0,), ask=(14,), ask_tokens=()))
'shop 2 give turnip,token:0 ask carrot'
>>> parse_advanced("shop 2 give turnip,token:0 ask carrot") == Shop(2, (13,), (0,), (14,), ())
True
>>> parse_advanced("breed carrot"), parse_advanced("crow 2")
(Breed(product=14), CrowPick(plot=2))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from ....core.actions import Action
from ....core.errors import InvalidNotation
from ....core.legal import LazyActions
from ..actions import ACTION_TYPES, pname
from ..notation import USAGE, product
from ..offers import ask_options, decode_multiset, decode_subset, hand_radix, payment_problem, unsorted_field


@dataclass(frozen=True, slots=True)
class CrowPick(Action):
    """Crow: burn one card from ``plot`` of the player to your left (JADV-CROW-01)."""

    kind: ClassVar[str] = "crow"
    plot: int

    def __str__(self) -> str:
        return f"crow {self.plot}"


@dataclass(frozen=True, slots=True)
class SnowOn(Action):
    """Snow: put a snow token on ``plot`` of the player to your right (JADV-SNOW-02)."""

    kind: ClassVar[str] = "snow"
    plot: int

    def __str__(self) -> str:
        return f"snow {self.plot}"


@dataclass(frozen=True, slots=True)
class DroughtOn(Action):
    """Drought: burn every card of your own ``plot`` (JADV-DROUGHT-01)."""

    kind: ClassVar[str] = "drought"
    plot: int

    def __str__(self) -> str:
        return f"drought {self.plot}"


@dataclass(frozen=True, slots=True)
class RainOn(Action):
    """Rain: put a rain token on your own planted, unfertilized ``plot`` (JADV-RAIN-01)."""

    kind: ClassVar[str] = "rain"
    plot: int

    def __str__(self) -> str:
        return f"rain {self.plot}"


@dataclass(frozen=True, slots=True)
class Breed(Action):
    """Breeding: put the breeding token on ``product`` (JADV-BREED-01)."""

    kind: ClassVar[str] = "breed"
    product: int

    def __str__(self) -> str:
        return f"breed {pname(self.product)}"


@dataclass(frozen=True, slots=True)
class Recycle(Action):
    """Recycling: take one card of ``product`` from the burned pile into hand (JADV-RECYCLE-01)."""

    kind: ClassVar[str] = "recycle"
    product: int

    def __str__(self) -> str:
        return f"recycle {pname(self.product)}"


@dataclass(frozen=True, slots=True)
class Shop(Action):
    """Shopping Day proposal to player ``to`` (JADV-SHOP-01, JADV-SHOP-02).

    ``give``: cards from your hand; ``tokens``: credit tokens you hand over; ``ask``:
    cards wanted from ``to``'s hand; ``ask_tokens``: credit tokens wanted from ``to``.
    All tuples sorted; traded cards stay in hand.
    """

    kind: ClassVar[str] = "shop"
    to: int
    give: tuple[int, ...] = ()
    tokens: tuple[int, ...] = ()
    ask: tuple[int, ...] = ()
    ask_tokens: tuple[int, ...] = ()

    def __str__(self) -> str:
        text = f"shop {self.to}"
        gives = [pname(c) for c in self.give] + [f"token:{t}" for t in self.tokens]
        asks = [pname(c) for c in self.ask] + [f"token:{t}" for t in self.ask_tokens]
        if gives:
            text += " give " + ",".join(gives)
        if asks:
            text += " ask " + ",".join(asks)
        return text


ADVANCED_ACTION_TYPES: dict[str, type[Action]] = {
    **ACTION_TYPES, **{cls.kind: cls for cls in (CrowPick, SnowOn, DroughtOn, RainOn, Breed, Recycle, Shop)}}

ADVANCED_USAGE = USAGE + (" | crow PLOT | snow PLOT | drought PLOT | rain PLOT | breed PRODUCT | "
                          "recycle PRODUCT | shop PLAYER [give ITEMS] [ask ITEMS]")

_PLOT_VERBS: dict[str, type[Action]] = {"crow": CrowPick, "snow": SnowOn, "drought": DroughtOn, "rain": RainOn}

def _items(text: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    cards: list[int] = []
    tokens: list[int] = []
    for item in text.split(","):
        item = item.strip()
        if not item:
            continue
        if item.startswith("token:"):
            try:
                tokens.append(int(item[6:]))
            except ValueError:
                raise InvalidNotation(f"expected a player number after 'token:', got {item!r}") from None
        else:
            cards.append(product(item))
    return tuple(sorted(cards)), tuple(sorted(tokens))


def parse_advanced(text: str) -> Action | None:
    """Parse an event action, or return ``None`` if ``text`` is not one (the standard parser takes over)."""
    if not isinstance(text, str):
        return None
    words = text.strip().lower().split()
    if not words:
        return None
    verb, args = words[0], words[1:]
    try:
        if verb in _PLOT_VERBS:
            if len(args) != 1:
                raise InvalidNotation(f"write '{verb} PLOT'")
            try:
                return _PLOT_VERBS[verb](int(args[0]))  # type: ignore[call-arg]
            except ValueError:
                raise InvalidNotation(f"expected a plot number, got {args[0]!r}") from None
        if verb in ("breed", "recycle"):
            if not args:
                raise InvalidNotation(f"write '{verb} PRODUCT'")
            return (Breed if verb == "breed" else Recycle)(product(" ".join(args)))
        if verb == "shop":
            if not args:
                raise InvalidNotation("write 'shop PLAYER [give ITEMS] [ask ITEMS]'")
            try:
                to = int(args[0])
            except ValueError:
                raise InvalidNotation(f"expected a player number after 'shop', got {args[0]!r}") from None
            rest = " " + " ".join(args[1:]) + " "
            ask_part = ""
            if " ask " in rest:
                rest, _, ask_part = rest.partition(" ask ")
            give_part = ""
            if " give " in f" {rest} ":
                before, _, give_part = f" {rest} ".partition(" give ")
                if before.strip():
                    raise InvalidNotation(f"unexpected {before.strip()!r}")
            elif rest.strip():
                raise InvalidNotation(f"unexpected {rest.strip()!r}; write 'shop PLAYER give ITEMS ask ITEMS'")
            give, tokens = _items(give_part)
            ask, ask_tokens = _items(ask_part)
            return Shop(to, give, tokens, ask, ask_tokens)
    except InvalidNotation as exc:
        raise InvalidNotation(f"cannot read {text!r}: {exc}") from None
    return None


class ShopSpace(LazyActions):
    """Every Shopping Day proposal a player can make now, lazily enumerated (JADV-SHOP-02).

    Like :class:`~jaliz_learn.games.jaliz.offers.OfferSpace`: a complete sequence that
    builds the i-th proposal on demand from copies of public data and the proposer's
    own hand, never a reference to the state. The empty proposal is left out.

    >>> space = ShopSpace(targets=((1, ()), (2, (0,))), hand=[0] * 13 + [1] + [0] * 5, tokens=(2,),
    ...                   products=(13, 14), max_ask=1)
    >>> len(space)  # target 1: 2 gives x 2 tokens x 3 asks - 1; target 2: the same x 2 asked tokens - 1
    34
    >>> space[0], Shop(2, (13,), (2,), (14,), (0,)) in space
    (Shop(to=1, give=(), tokens=(), ask=(13,), ask_tokens=()), True)
    """

    __slots__ = ("_targets", "_hand", "_kinds", "_radix", "_tokens", "_products", "_max_ask", "_asks",
                 "_G", "_T", "_A", "_blocks")

    def __init__(self, targets: Sequence[tuple[int, tuple[int, ...]]], hand: Sequence[int], tokens: Sequence[int],
                 products: tuple[int, ...], max_ask: int) -> None:
        self._targets = tuple((int(t), tuple(sorted(tk))) for t, tk in targets)
        self._hand = tuple(hand)
        self._kinds, self._radix, self._G = hand_radix(hand)
        self._tokens = tuple(sorted(tokens))
        self._products = products
        self._max_ask = max_ask
        self._asks = ask_options(products, max_ask)
        self._T, self._A = 1 << len(self._tokens), len(self._asks)
        base = self._G * self._T * self._A
        self._blocks = [base * (1 << len(tk)) - 1 for _, tk in self._targets]
        self._len = sum(self._blocks)

    def _build(self, i: int) -> Shop:
        block = 0
        while i >= self._blocks[block]:
            i -= self._blocks[block]
            block += 1
        to, their_tokens = self._targets[block]
        i += 1  # skip the empty proposal
        i, a = divmod(i, self._A)
        i, t = divmod(i, self._T)
        i, g = divmod(i, self._G)
        return Shop(to, decode_multiset(g, self._kinds, self._radix), decode_subset(t, self._tokens),
                    self._asks[a], decode_subset(i, their_tokens))

    def __contains__(self, item: object) -> bool:
        return isinstance(item, Shop) and shop_shape_problem(
            item, self._targets, self._hand, self._tokens, self._products, self._max_ask) is None

    def __repr__(self) -> str:
        return f"<{self._len} possible Shopping Day proposals>"


def shop_shape_problem(shop: Shop, targets: Sequence[tuple[int, tuple[int, ...]]], hand: Sequence[int],
                       tokens: Sequence[int], products: tuple[int, ...], max_ask: int) -> tuple[str, str] | None:
    """Why a Shopping Day proposal cannot be made (rule ID, reason), or ``None``."""
    name = unsorted_field(shop, ("give", "tokens", "ask", "ask_tokens"))
    if name is not None:
        return "JADV-SHOP-02", f"list the {name} items in sorted order (as parse_action does)"
    their = dict(targets)
    if shop.to not in their:
        return "JADV-SHOP-02", f"propose a trade to another player ({', '.join(str(t) for t in their)})"
    if not (shop.give or shop.tokens or shop.ask or shop.ask_tokens):
        return "JADV-SHOP-02", "an empty proposal trades nothing; pass instead"
    problem = payment_problem(shop.give, shop.tokens, shop.ask, hand, tokens, products, max_ask,
                              give_rule="JADV-SHOP-01", token_rule="JADV-SHOP-01", whose="the other player's")
    if problem is not None:
        return problem
    if len(set(shop.ask_tokens)) != len(shop.ask_tokens) or not set(shop.ask_tokens) <= set(their[shop.to]):
        return "JADV-SHOP-01", f"player {shop.to} holds the credit tokens {list(their[shop.to])} only"
    return None
