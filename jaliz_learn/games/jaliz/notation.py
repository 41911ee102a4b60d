"""Reading Jaliz text notation back into actions (the inverse of ``str(action)``).

>>> parse("plant carrot 1")
Plant(product=14, plot=1)
>>> parse("offer eggplant for turnip,turnip,carrot,token:2 ask watermelon")
Offer(want=(8,), give=(13, 13, 14), tokens=(2,), ask=(10,))
>>> parse("give 13 to 2")
Give(product=13, player=2)
"""

from __future__ import annotations

from ...core.actions import Action
from ...core.errors import InvalidNotation
from .actions import (
    BUY_ITEMS,
    Accept,
    Buy,
    Claim,
    Done,
    Give,
    Harvest,
    Keep,
    Offer,
    Pass,
    Plant,
    Refuse,
)
from .data import PRODUCTS, SHORT

_NAMES: dict[str, int] = {}
for _n, _p in PRODUCTS.items():
    _NAMES[_p.name.replace(" ", "")] = _n
    _NAMES[SHORT[_n]] = _n
_NAMES.update({"pepper": 6, "redpepper": 6, "pea": 7, "bean": 15, "potatoes": 17, "tomatoes": 9,
               "carrots": 14, "turnips": 13, "onions": 16, "cucumbers": 18, "eggplants": 8,
               "melons": 11, "watermelons": 10, "pumpkins": 12})

USAGE = ("plant PRODUCT PLOT | done | harvest PLOT | buy plot|tractor|cards | buy fertilizer PLOT | "
         "claim PRODUCT | pass | offer PRODUCTS [for ITEMS] [ask PRODUCTS] | accept PLAYER | refuse | "
         "keep PRODUCT | give PRODUCT to PLAYER")


def product(word: str) -> int:
    """A product from its name, a unique prefix of it, or its card number."""
    w = word.strip().lower().replace(" ", "").replace("_", "").replace("-", "")
    if w.isdigit():
        n = int(w)
        if n in PRODUCTS:
            return n
        raise InvalidNotation(f"there is no product number {n}; products are numbered 6-18")
    if w in _NAMES:
        return _NAMES[w]
    hits = {n for name, n in _NAMES.items() if name.startswith(w)} if w else set()
    if len(hits) == 1:
        return hits.pop()
    known = ", ".join(SHORT[n] for n in sorted(PRODUCTS))
    raise InvalidNotation(f"unknown product {word!r}; products: {known}")


def _int(word: str, what: str) -> int:
    try:
        return int(word)
    except ValueError:
        raise InvalidNotation(f"expected a {what} number, got {word!r}") from None


def _products(text: str) -> tuple[int, ...]:
    return tuple(sorted(product(w) for w in text.split(",") if w.strip()))


def parse(text: str) -> Action:
    """Parse one action (raises :class:`InvalidNotation` with the accepted forms)."""
    if not isinstance(text, str):
        raise InvalidNotation(f"expected text, got {text!r}")
    words = text.strip().lower().split()
    if not words:
        raise InvalidNotation(f"empty action; write one of: {USAGE}")
    verb, args = words[0], words[1:]
    try:
        if verb == "plant" and len(args) >= 2:
            return Plant(product(" ".join(args[:-1])), _int(args[-1], "plot"))
        if verb == "done" and not args:
            return Done()
        if verb == "harvest" and len(args) == 1:
            return Harvest(_int(args[0], "plot"))
        if verb == "buy" and args and args[0] in BUY_ITEMS:
            if args[0] == "fertilizer":
                if len(args) != 2:
                    raise InvalidNotation("write 'buy fertilizer PLOT'")
                return Buy("fertilizer", _int(args[1], "plot"))
            if len(args) == 1:
                return Buy(args[0])
        if verb == "claim" and args:
            return Claim(product(" ".join(args)))
        if verb == "pass" and not args:
            return Pass()
        if verb == "refuse" and not args:
            return Refuse()
        if verb == "accept" and len(args) == 1:
            return Accept(_int(args[0], "player"))
        if verb == "keep" and args:
            return Keep(product(" ".join(args)))
        if verb == "give" and len(args) >= 3 and args[-2] == "to":
            return Give(product(" ".join(args[:-2])), _int(args[-1], "player"))
        if verb == "offer" and args:
            return _offer(" ".join(args))
    except InvalidNotation as exc:
        raise InvalidNotation(f"cannot read {text!r}: {exc}") from None
    raise InvalidNotation(f"cannot read {text!r}; write one of: {USAGE}")


def _offer(rest: str) -> Offer:
    ask_part = ""
    if " ask " in f" {rest} ":
        rest, _, ask_part = f" {rest} ".partition(" ask ")
    want_part, _, give_part = f" {rest} ".partition(" for ")
    want = _products(want_part)
    if not want:
        raise InvalidNotation("an offer names at least one revealed card it wants")
    give: list[int] = []
    tokens: list[int] = []
    for item in give_part.split(","):
        item = item.strip()
        if not item:
            continue
        if item.startswith("token:"):
            tokens.append(_int(item[6:], "player"))
        else:
            give.append(product(item))
    return Offer(want, tuple(sorted(give)), tuple(sorted(tokens)), _products(ask_part))
