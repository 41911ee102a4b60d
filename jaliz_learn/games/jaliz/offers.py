"""Trade offers: a complete, lazily enumerated set of offers (JAL-R-NEGOTIATION).

An offer names the revealed card(s) the buyer wants, any number of cards from
the buyer's hand (JAL-MARKET-10), any of the credit tokens the buyer holds
(JAL-CREDIT-01, JAL-CREDIT-03) and up to ``max_ask`` cards asked from the active
player's hand (JAL-MARKET-11, JAL-R-ASK). Listing every combination would
build tens of thousands of objects, so :class:`OfferSpace` is a sequence that
builds the i-th offer on demand (mixed-radix decoding). It holds copies of the
buyer's own data only, never the state, so a bot cannot reach hidden cards
through its legal actions.

>>> hand = [0] * 13 + [2, 1] + [0] * 4  # two turnips, one carrot
>>> space = OfferSpace(market=(8, 10), hand=hand, tokens=(2,), products=tuple(range(7, 16)), max_ask=1)
>>> len(space)  # 3 wants x 6 gives x 2 token sets x 10 asks
360
>>> space[0]
Offer(want=(8,), give=(), tokens=(), ask=())
>>> Offer(want=(8, 10), give=(13, 13), tokens=(2,), ask=(9,)) in space
True
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import lru_cache
from itertools import combinations_with_replacement, compress
from typing import TYPE_CHECKING, Any

from ...core.legal import LazyActions
from .actions import Offer, pname
from .legal import Spec, spec_of

if TYPE_CHECKING:  # pragma: no cover
    from .position import JalizFields as JalizState  # (any Jaliz position: the fields are what is read)


@lru_cache(maxsize=512)
def sub_multisets(items: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Distinct non-empty sub-multisets of a sorted tuple (the revealed cards wanted)."""
    out = {tuple(sorted(c)) for r in range(1, len(items) + 1) for c in _combos(items, r)}
    return tuple(sorted(out, key=lambda t: (len(t), t)))


def _combos(items: Sequence[int], r: int) -> Iterator[tuple[int, ...]]:
    from itertools import combinations

    return combinations(items, r)


@lru_cache(maxsize=64)
def ask_options(products: tuple[int, ...], max_ask: int) -> tuple[tuple[int, ...], ...]:
    """Every multiset of at most ``max_ask`` products, smallest first."""
    out: list[tuple[int, ...]] = [()]
    for k in range(1, max_ask + 1):
        out.extend(combinations_with_replacement(products, k))
    return tuple(out)


def hand_radix(hand: Sequence[int]) -> tuple[list[int], list[int], int]:
    """Mixed-radix digits for every sub-multiset of a hand: (kinds held, count+1 per kind, total)."""
    # built for every offer decision: compress skips the zero counts (most of the 19) at C level
    kinds: list[int] = []
    radix: list[int] = []
    total = 1
    for p in compress(range(len(hand)), hand):
        k = hand[p] + 1
        kinds.append(p)
        radix.append(k)
        total *= k
    return kinds, radix, total


@lru_cache(maxsize=4096)
def hand_digits(hand: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...], int]:
    """:func:`hand_radix` of a hand tuple as immutable values, memoised: hands recur, and an offer space is
    built for every offer decision (a memo hit is one C-level lookup)."""
    kinds, radix, total = hand_radix(hand)
    return tuple(kinds), tuple(radix), total


def decode_multiset(g: int, kinds: Sequence[int], radix: Sequence[int]) -> tuple[int, ...]:
    """The g-th sub-multiset of a hand (digits from :func:`hand_radix`), sorted."""
    out: list[int] = []
    for kind, r in zip(kinds, radix):
        if not g:  # every remaining digit is 0
            break
        g, k = divmod(g, r)
        if k:
            out += [kind] * k
    return tuple(out)


def decode_subset(t: int, items: Sequence[int]) -> tuple[int, ...]:
    """The subset of ``items`` whose bits are set in ``t``."""
    if not t:  # the commonest case (no token given): no generator
        return ()
    return tuple(x for bit, x in enumerate(items) if t >> bit & 1)


class OfferSpace(LazyActions):
    """All offers a buyer can make now, as a lazy sequence (no reference to the state).

    ``head``: specs of the decision's other actions (pass, harvest, buy), listed before the offers,
    so the whole decision is one sequence."""

    __slots__ = ("_wants", "_kinds", "_radix", "_tokens", "_asks", "_hand", "_products", "_max_ask",
                 "_market", "_G", "_T", "_A", "_head", "_nh")

    def __init__(self, market: Sequence[int], hand: Sequence[int], tokens: Sequence[int],
                 products: tuple[int, ...], max_ask: int, head: tuple[Spec, ...] = ()) -> None:
        self._market = tuple(sorted(market))
        self._wants = sub_multisets(self._market)
        self._hand = tuple(hand)
        self._kinds, self._radix, self._G = hand_digits(self._hand)
        self._tokens = tuple(sorted(tokens))
        self._products = products
        self._max_ask = max_ask
        self._asks = ask_options(products, max_ask)
        self._T, self._A = 1 << len(self._tokens), len(self._asks)
        self._head, self._nh = head, len(head)
        self._len = self._nh + len(self._wants) * self._G * self._T * self._A

    @classmethod
    def for_buyer(cls, state: JalizState, buyer: int) -> OfferSpace:
        pl = state.players[buyer]
        return cls(state.market, pl.hand, pl.tokens, state.products, state.max_ask)

    def _build(self, i: int) -> Any:
        if i < self._nh:
            spec = self._head[i]
            return spec[0](*spec[1:])
        return self[i]  # an offer: decoded in one place, __getitem__'s fast path

    def __getitem__(self, i: Any) -> Any:  # the hot path of a random bot: no extra call layer
        if type(i) is int and self._nh <= i < self._len:
            i, a = divmod(i - self._nh, self._A)
            i, t = divmod(i, self._T)
            w, g = divmod(i, self._G)
            # every token given (the commonest non-empty case: a player often holds one token) is the tuple itself
            return Offer(self._wants[w], decode_multiset(g, self._kinds, self._radix) if g else (),
                             () if not t else self._tokens if t == self._T - 1 else decode_subset(t, self._tokens),
                             self._asks[a])
        return LazyActions.__getitem__(self, i)

    def __iter__(self) -> Iterator[Any]:
        for spec in self._head:
            yield spec[0](*spec[1:])
        for i in range(self._nh, self._len):
            yield self._build(i)

    def __contains__(self, item: object) -> bool:
        if not isinstance(item, Offer):
            return bool(self._nh) and spec_of(item) in self._head
        return offer_shape_problem(item, self._market, self._hand, self._tokens, self._products,
                                   self._max_ask) is None

    def __repr__(self) -> str:
        return f"<{self._len} possible offers for {'+'.join(pname(c) for c in self._market)}>"


def _is_sub_multiset(small: Sequence[int], big: Sequence[int]) -> bool:
    pool = list(big)
    for x in small:
        if x in pool:
            pool.remove(x)
        else:
            return False
    return True


def unsorted_field(action: object, names: Sequence[str]) -> str | None:
    """The first tuple field of an offer-like action that is not a sorted tuple (canonical form), if any."""
    for name in names:
        value = getattr(action, name)
        if not isinstance(value, tuple) or list(value) != sorted(value):
            return name
    return None


def payment_problem(give: tuple[int, ...], given_tokens: tuple[int, ...], ask: tuple[int, ...],
                    hand: Sequence[int], tokens: Sequence[int], products: tuple[int, ...], max_ask: int, *,
                    give_rule: str, token_rule: str, whose: str) -> tuple[str, str] | None:
    """Why the cards and tokens given, and the cards asked, cannot be offered (shared by market offers
    and Shopping Day proposals), or ``None``.
    JAL-R-ASK: at most ``max_ask`` cards asked, of this game's products; JAL-CREDIT-03: tokens received from
    others may be offered on like one's own."""
    for c in set(give):
        if not (0 <= c < len(hand)) or give.count(c) > hand[c]:
            return give_rule, f"you do not hold {give.count(c)} {pname(c)} in hand"
    if len(set(given_tokens)) != len(given_tokens) or not set(given_tokens) <= set(tokens):
        return token_rule, f"you hold the credit tokens of players {list(tokens)} only"
    if len(ask) > max_ask:
        return "JAL-R-ASK", f"ask for at most {max_ask} cards from {whose} hand"
    if not set(ask) <= set(products):
        return "JAL-R-ASK", "ask only for products that are in this game"
    return None


def offer_shape_problem(offer: Offer, market: Sequence[int], hand: Sequence[int], tokens: Sequence[int],
                        products: tuple[int, ...], max_ask: int) -> tuple[str, str] | None:
    """Why an offer cannot be made (rule ID, reason), or ``None`` if it can."""
    name = unsorted_field(offer, ("want", "give", "tokens", "ask"))
    if name is not None:
        return "JAL-R-NEGOTIATION", f"list the {name} items in sorted order (as parse_action does)"
    if not offer.want:
        return "JAL-MARKET-09", "an offer must want at least one revealed card"
    if not _is_sub_multiset(offer.want, market):
        return "JAL-MARKET-09", (f"trades involve the revealed cards ({', '.join(pname(c) for c in market)}); "
                                 f"{', '.join(pname(c) for c in offer.want)} is not among them")
    return payment_problem(offer.give, offer.tokens, offer.ask, hand, tokens, products, max_ask,
                           give_rule="JAL-MARKET-10", token_rule="JAL-CREDIT-01", whose="the active player's")


def _sorted_ints(t: object) -> bool:
    """A tuple in sorted order (the canonical form of an offer's fields)."""
    if type(t) is not tuple:
        return False
    n = len(t)
    return n < 2 or (t[0] <= t[1] if n == 2 else list(t) == sorted(t))


def offer_ok(state: JalizState, buyer: int, offer: Offer) -> bool:
    """``offer_problem(state, buyer, offer, making=True) is None``, tested directly: every offer a random
    player makes is checked, so this is the hot path (the same conditions, without building messages)."""
    want, give, tokens, ask = offer.want, offer.give, offer.tokens, offer.ask
    if not want or type(want) is not tuple or type(give) is not tuple or type(tokens) is not tuple \
            or type(ask) is not tuple:
        return False
    # canonical form: every field sorted (_sorted_ints; the short cases inline, give's in its loop below)
    if (len(tokens) > 1 and not _sorted_ints(tokens)) or (len(ask) > 1 and not _sorted_ints(ask)):
        return False
    market = state.market  # kept sorted
    if len(want) == 1:  # JAL-MARKET-09
        if want[0] not in market:
            return False
    elif len(want) == len(market):  # every revealed card: the sorted tuples are equal
        if want != tuple(market):
            return False
    elif not _sorted_ints(want) or not _is_sub_multiset(want, market):
        return False
    pl = state.players[buyer]
    if give:  # JAL-MARKET-10: sorted (equal cards together) and held; one pass checks both
        hand = pl.hand
        size = len(hand)
        if give[0] < 0:
            return False
        prev, k = -1, 0
        for c in give:
            if c == prev:
                k += 1
            elif c > prev:
                if c >= size:
                    return False
                prev, k = c, 1
            else:  # not sorted
                return False
            if k > hand[c]:
                return False
    if tokens:  # JAL-CREDIT-01: distinct (sorted, so strictly increasing) and held
        held = pl.tokens
        for i, t in enumerate(tokens):
            if t not in held or (i and t == tokens[i - 1]):
                return False
    if ask:  # JAL-R-ASK
        if len(ask) > state.max_ask:
            return False
        products = state.products
        for c in ask:
            if c not in products:
                return False
    return True


def offer_problem(state: JalizState, buyer: int, offer: Offer, making: bool = False) -> tuple[str, str] | None:
    """Why ``buyer``'s offer cannot be made (``making``) or accepted now, or ``None``."""
    pl = state.players[buyer]
    problem = offer_shape_problem(offer, state.market, pl.hand, pl.tokens, state.products, state.max_ask)
    if problem or making:
        return problem
    active = state.players[state.active]
    for c in set(offer.ask):
        if offer.ask.count(c) > active.hand[c]:
            return "JAL-MARKET-11", f"the offer asks for {offer.ask.count(c)} {pname(c)} you do not have in hand"
    return None
