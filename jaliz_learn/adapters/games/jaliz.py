"""Jaliz and Jaliz advanced: action space (offers and Shopping Day proposals are composite) and tensors.

Flat classes: plant (product x plot), done, harvest (plot), buy (item x plot), claim (product), pass,
accept (buyer), refuse, keep (product), give (product x player) and, in advanced mode, crow/snow/drought/rain
(plot), breed and recycle (product). Composite: ``offer`` (want, give, tokens, ask; JAL-R-NEGOTIATION) and,
in advanced mode, ``shop`` (start: the player proposed to; then give, tokens, ask, ask_tokens; JADV-SHOP-02).

>>> import jaliz_learn
>>> from jaliz_learn.adapters import action_encoding
>>> enc = action_encoding(jaliz_learn.load_game("jaliz"))
>>> enc.num_distinct_actions, enc.num_flat
(233, 185)
>>> from jaliz_learn.games.jaliz.actions import Offer
>>> for i in enc.action_ids(Offer(want=(8,), give=(13, 13), tokens=(2,))):
...     print(enc.describe(i))
offer: start
offer: add want 8
offer: add give 13
offer: add give 13
offer: add tokens 2
offer: finish
"""

from __future__ import annotations

from typing import Any

from ...core.game import Game
from ...games.jaliz import actions as A
from ...games.jaliz.data import PRODUCTS
from ..encoding import ActionEncoding, CompositeSpec, FlatSpec, product_values
from ..tensors import TensorLayout, counts, one_hot

#: Every product number of the card data (6..18), plots 1..3 (the third plot can be bought).
ALL_PRODUCTS: tuple[int, ...] = tuple(sorted(PRODUCTS))
PLOTS = (1, 2, 3)
MAX_PLAYERS = 7
DECISIONS = ("plant", "place", "claim", "offer", "respond", "final-plant", "breeding", "crow", "drought",
             "gardener", "rain", "recycle", "shop", "shop-reply", "snow")
SUPPLY_ITEMS = ("third_plot", "tractor", "fertilizer")


def action_encoding(game: Game) -> ActionEncoding:
    P, players = ALL_PRODUCTS, range(MAX_PLAYERS)
    flat = [
        FlatSpec(A.Plant, product_values(P, PLOTS)),
        FlatSpec(A.Done, ((),)),
        FlatSpec(A.Harvest, product_values(PLOTS)),
        FlatSpec(A.Buy, product_values(A.BUY_ITEMS, (0, *PLOTS))),
        FlatSpec(A.Claim, product_values(P)),
        FlatSpec(A.Pass, ((),)),
        FlatSpec(A.Accept, product_values(players)),
        FlatSpec(A.Refuse, ((),)),
        FlatSpec(A.Keep, product_values(P)),
        FlatSpec(A.Give, product_values(P, players)),
    ]
    # every card and credit token named in one offer is a different physical one: at most all of them
    most = sum(p.copies for p in PRODUCTS.values()) + MAX_PLAYERS
    composite = [CompositeSpec(A.Offer, (), ((),), (("want", P), ("give", P), ("tokens", tuple(players)),
                                                      ("ask", P)), most)]
    if game.name == "jaliz-advanced":
        from ...games.jaliz import Breed, CrowPick, DroughtOn, RainOn, Recycle, Shop, SnowOn

        flat += [FlatSpec(cls, product_values(PLOTS)) for cls in (CrowPick, SnowOn, DroughtOn, RainOn)]
        flat += [FlatSpec(Breed, product_values(P)), FlatSpec(Recycle, product_values(P))]
        composite.append(CompositeSpec(Shop, ("to",), product_values(players), (
            ("give", P), ("tokens", tuple(players)), ("ask", P), ("ask_tokens", tuple(players))), most))
    return ActionEncoding(game.name, flat, composite)


def _nth(items: Any, i: int) -> Any:
    return items[i] if items is not None and len(items) > i else None


def _offer(offer: Any) -> list[float]:
    if offer is None:
        return [0.0] * (3 * len(ALL_PRODUCTS) + MAX_PLAYERS)
    return (counts(offer.want, ALL_PRODUCTS) + counts(offer.give, ALL_PRODUCTS)
            + counts(offer.tokens, range(MAX_PLAYERS)) + counts(offer.ask, ALL_PRODUCTS))


def _plot(plot: Any) -> list[float]:
    return [*one_hot(plot.product, ALL_PRODUCTS), float(plot.count), float(plot.fertilizer),
            *counts(plot.tokens, range(MAX_PLAYERS))]


def _farm(farm: Any) -> list[float]:
    plots = [x for p in farm.plots for x in _plot(p)]
    plots += [0.0] * (FARM_PLOTS_SIZE - len(plots))
    return [*plots, float(farm.coins), float(farm.hand_size), *counts(farm.tokens, range(MAX_PLAYERS)),
            float(farm.tractor), float(farm.third_plot), float(farm.bought_cards), float(farm.spent_equipment),
            float(farm.score), *counts(farm.coin_cards, ALL_PRODUCTS), *counts(farm.known_hand, ALL_PRODUCTS)]


PLOT_SIZE = len(ALL_PRODUCTS) + 3 + MAX_PLAYERS
FARM_PLOTS_SIZE = len(PLOTS) * PLOT_SIZE
FARM_SIZE = FARM_PLOTS_SIZE + 2 + MAX_PLAYERS + 5 + 2 * len(ALL_PRODUCTS)
OFFER_SIZE = 3 * len(ALL_PRODUCTS) + MAX_PLAYERS
SHOP_SIZE = 4 * MAX_PLAYERS + 2 * len(ALL_PRODUCTS)


def tensor_layout(game: Game, num_players: int) -> TensorLayout:
    """Hand and market counts, every farm (plots, coins, tokens, equipment, public coin cards, known hand
    cards), the offers on the table per buyer, cards pending placement per player, piles and counters."""
    n, P = num_players, ALL_PRODUCTS

    def offers(o: Any) -> list[float]:
        by_buyer = dict(o.offers)
        return [x for q in range(n) for x in _offer(by_buyer.get(q))]

    def pending(o: Any) -> list[float]:
        by_player = dict(o.pending)
        return [x for q in range(n) for x in counts(by_player.get(q, ()), P)]

    f: list[tuple[str, int, Any]] = [
        ("active_player", n, lambda o: one_hot(o.active_player, range(n))),
        ("hand", len(P), lambda o: counts(o.hand, P)),
        # the hand is ordered (the front cards are planted first): the first two cards one-hot
        ("hand_front", 2 * len(P), lambda o: [*one_hot(_nth(o.hand, 0), P), *one_hot(_nth(o.hand, 1), P)]),
        ("market", len(P), lambda o: counts(o.market, P)),
        ("farms", n * FARM_SIZE, lambda o: [x for farm in o.farms for x in _farm(farm)]),
        ("offers", n * OFFER_SIZE, offers),
        ("pending", n * len(P), pending),
        ("counters", 6, lambda o: [float(o.offer_round), float(o.planted_this_step), float(o.plant_limit),
                                   float(o.deck_size), float(o.deck_runs_out), float(o.ending)]),
        ("burned", len(P), lambda o: counts(o.burned, P)),
        ("supply", len(SUPPLY_ITEMS), lambda o: [float(dict(o.supply).get(k, 0)) for k in SUPPLY_ITEMS]),
    ]
    if game.name == "jaliz-advanced":
        from ...games.jaliz.events_data import EVENTS

        names = tuple(EVENTS)

        def extras(o: Any) -> list[float]:
            e = dict(o.extras)
            return [*one_hot(e.get("event"), names), float(e.get("event_deck") or 0),
                    *counts(e.get("event_discard") or (), names), *one_hot(e.get("breeding"), P)]

        def shop(o: Any) -> list[float]:
            """The pending Shopping Day proposal: proposer, receiver, cards and tokens both ways."""
            offer = dict(o.extras).get("shop_offer")
            if offer is None:
                return [0.0] * SHOP_SIZE
            proposer, prop = offer
            return [*one_hot(proposer, range(MAX_PLAYERS)), *one_hot(prop.to, range(MAX_PLAYERS)),
                    *counts(prop.give, P), *counts(prop.tokens, range(MAX_PLAYERS)), *counts(prop.ask, P),
                    *counts(prop.ask_tokens, range(MAX_PLAYERS))]

        f.append(("events", 2 * len(names) + 1 + len(P), extras))
        f.append(("shop_offer", SHOP_SIZE, shop))
    return TensorLayout(game.name, n, game.info.max_players, DECISIONS, f)
