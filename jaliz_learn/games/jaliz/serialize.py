"""Jaliz states to and from JSON, including short scenario positions.

``state.to_json()`` writes everything (including the RNG, the log and the
history); ``game.state_from_json(data)`` reads it back exactly. A *position*
is the same dictionary with most keys left out; missing keys get defaults,
and a missing deck is made of every card not placed elsewhere, shuffled with
the position's seed. Products may be written by name.

>>> import jaliz_learn
>>> game = jaliz_learn.load_game("jaliz")
>>> s = game.state_from_json({"num_players": 3, "players": [
...     {"hand": ["carrot"], "plots": [["turnip", 8, False], ["peas", 4, False]]}, {}, {}]})
>>> s.players[0].plot_count, s.decision(), s.current_player()
([8, 4], 'plant', 0)
>>> game.state_from_json({"num_players": 3, "players": [{"plots": [["potato", 8, False], [None, 0]]}, {}, {}]})
Traceback (most recent call last):
    ...
jaliz_learn.core.errors.InvalidPosition: the position uses more cards than exist for 3 players: {'potato': 8}
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from ...core.errors import InvalidNotation, InvalidPosition
from ...core.events import EventLog
from ...core.game import check_json_keys
from ...core.rng import Rng
from . import data as D
from .actions import Offer
from .notation import product

if TYPE_CHECKING:  # pragma: no cover
    from .state import JalizState, Player

PHASES = ("plant", "claim", "offer", "respond", "final-plant", "game-over")


def state_to_json(s: JalizState, compact: bool = False) -> dict[str, Any]:
    """Everything (``compact=False``) or the position only: no log and no history (like FEN next to PGN)."""
    out: dict[str, Any] = {
        "game": s.game.name, "options": dict(s.game.options), "num_players": s.num_players, "seed": s.seed,
        "players": [pl.to_json() for pl in s.players],
        "deck": list(s.deck), "burned": list(s.burned), "deck_runs_out": s.exhaustions, "ending": s.ending,
        "supply": {"third_plot": s.third_plot_supply, "tractor": s.tractor_supply,
                   "fertilizer": s.fertilizer_supply},
        "active": s.active, "phase": s.phase, "planted": s.planted, "market": list(s.market),
        "claimer": s.claimer, "round": s.round, "buyer_index": s.buyer_index,
        "offers": {str(b): o.to_json() for b, o in sorted(s.offers.items())},
        "pending": [[p, list(c)] for p, c in s.pending], "final_queue": list(s.final_queue),
        "turn": s.log.turn, "rng": s.rng.to_json(),
    }
    if not compact:
        out["log"] = s.log.to_json()
        out["history"] = [[p, a.to_json()] for p, a in s.history]
    out.update(s.extra_json())
    return out


def _cards(value: Any, what: str) -> list[int]:
    if not isinstance(value, list):
        raise InvalidPosition(f"{what} must be a list of products, got {value!r}")
    try:  # card numbers (what to_json writes) are the fast path; names are read by the notation
        return [v if type(v) is int and v in D.PRODUCTS else product(str(v)) for v in value]
    except InvalidNotation as exc:
        raise InvalidPosition(f"{what}: {exc}") from None


def _player_from_json(pl: Player, d: dict[str, Any], where: str) -> None:
    if not isinstance(d, dict):
        raise InvalidPosition(f"{where} must be an object")
    for c in _cards(d.get("hand", []), f"{where}.hand"):
        pl.hand[c] += 1
    plots = d.get("plots", [[None, 0, False], [None, 0, False]])
    third = bool(d.get("third_plot", len(plots) == 3))
    if len(plots) != (3 if third else 2):
        raise InvalidPosition(f"{where} has {len(plots)} plots; a farm has 2 plots, 3 with a third plot")
    pl.plot_product, pl.plot_count, pl.plot_fert = [], [], []
    for k, plot in enumerate(plots):
        if not (isinstance(plot, list) and len(plot) in (2, 3)):
            raise InvalidPosition(f"{where}.plots[{k}] must be [product, count, fertilizer]")
        prod = product(str(plot[0])) if plot[0] not in (None, 0, "") else 0
        count = int(plot[1])
        if (prod == 0) != (count == 0) or count < 0:
            raise InvalidPosition(f"{where}.plots[{k}]: an empty plot has count 0 and a planted plot a product")
        pl.plot_product.append(prod)
        pl.plot_count.append(count)
        pl.plot_fert.append(bool(plot[2]) if len(plot) == 3 else False)
    coins = d.get("coins", [])
    pl.coins = [product(str(c)) for c in coins] if isinstance(coins, list) else []
    if isinstance(coins, int):
        pl.coins = [0] * coins  # placeholder cards, replaced by real cards below
    pl.tokens = sorted(int(t) for t in d.get("tokens", []))
    pl.tractor = bool(d.get("tractor", False))
    pl.third_plot = third
    pl.bought_cards = bool(d.get("bought_cards", False))
    pl.spent_equipment = int(d.get("spent_equipment", 0))  # checked against the equipment held below
    pl.extra = dict(d.get("extra", {}))


def state_from_json(game: Any, data: dict[str, Any]) -> JalizState:
    """Rebuild a state (see the module docstring for positions)."""

    check_json_keys(data, ["num_players"], "Jaliz position")
    n = data["num_players"]
    game.info.check_players(n) if isinstance(n, int) else None
    if not isinstance(n, int) or n not in D.SETUP_TABLE:
        raise InvalidPosition(f"num_players must be 3-7, got {n!r}")
    seed = int(data.get("seed", 0))
    s = game.state_class(game, n, seed, deal=False)
    players = data.get("players", [{} for _ in range(n)])
    if len(players) != n:
        raise InvalidPosition(f"the position lists {len(players)} players for a {n}-player game")
    for p, d in enumerate(players):
        _player_from_json(s.players[p], d, f"players[{p}]")
        if "tokens" not in d and s.use_tokens:
            s.players[p].tokens = [p]
    s.burned = sorted(_cards(data.get("burned", []), "burned"))
    s.market = sorted(_cards(data.get("market", []), "market"))
    s.pending = [[int(p), _cards(c, "pending")] for p, c in data.get("pending", [])]
    s.extra_from_json(data)
    _fill_deck_and_coins(s, data)
    s.exhaustions = int(data.get("deck_runs_out", 0))
    s.ending = bool(data.get("ending", False))
    supply = data.get("supply", {})
    s.third_plot_supply = int(supply.get("third_plot", n - sum(pl.third_plot for pl in s.players)))
    s.tractor_supply = int(supply.get("tractor", n - sum(pl.tractor for pl in s.players)))
    s.fertilizer_supply = int(supply.get("fertilizer", D.fertilizer_supply(n) - sum(
        sum(pl.plot_fert) for pl in s.players)))
    for p, pl in enumerate(s.players):  # JAL-END-06: derived from the tractor and fertilizers held
        spent = D.TRACTOR_PRICE * pl.tractor + s.fertilizer_price * sum(pl.plot_fert)
        given = players[p].get("spent_equipment")
        if given is not None and given != spent:
            raise InvalidPosition(f"players[{p}].spent_equipment is {given!r}, but a tractor and fertilizers held "
                                  f"cost {spent} (leave it out: it is derived)")
        pl.spent_equipment = spent
    s.active = int(data.get("active", 0))
    s.phase = data.get("phase", "plant")
    if s.phase not in PHASES + s.extra_phases:
        raise InvalidPosition(f"unknown phase {s.phase!r}; phases: {', '.join(PHASES + s.extra_phases)}")
    s.planted = int(data.get("planted", 0))
    s.claimer = data.get("claimer")
    s.round = int(data.get("round", 1))
    s.buyer_index = int(data.get("buyer_index", 0))
    s.offers = {int(b): _offer(game, o) for b, o in data.get("offers", {}).items()}
    s.final_queue = [int(p) for p in data.get("final_queue", [])]
    if s.phase == "final-plant" and not s.final_queue:
        s.final_queue = [(s.active + i) % n for i in range(n)]
    if "rng" in data:
        s.rng = Rng.from_json(data["rng"])
    s.log = EventLog.from_json(data.get("log", []), int(data.get("turn", 1)))
    s.history = [(int(p), game.action_from_json(a)) for p, a in data.get("history", [])]
    if s.phase == "claim" and s.claimer is None:
        raise InvalidPosition("phase 'claim' needs a 'claimer'")
    s.settle_position()
    return s


def _offer(game: Any, o: Any) -> Offer:
    a = game.action_from_json(o)
    if not isinstance(a, Offer):
        raise InvalidPosition(f"an open offer must be an offer action, got {o!r}")
    return a


def _fill_deck_and_coins(s: JalizState, data: dict[str, Any]) -> None:
    """Use the given deck, or build it from every card not placed elsewhere (shuffled)."""
    used: Counter[int] = Counter(s.burned) + Counter(s.market)
    for _, cards in s.pending:
        used.update(cards)
    for pl in s.players:
        used.update(pl.hand_list())
        for prod, count in zip(pl.plot_product, pl.plot_count):
            if prod:
                used[prod] += count
        used.update(c for c in pl.coins if c)
    explicit = "deck" in data
    if explicit:
        s.deck = _cards(data["deck"], "deck")
        used.update(s.deck)
    remaining = Counter(D.deck_for(s.num_players))
    remaining.subtract(used)
    negative = {D.PRODUCTS[p].name: -k for p, k in remaining.items() if k < 0 and p in D.PRODUCTS}
    if negative:
        raise InvalidPosition(f"the position uses more cards than exist for {s.num_players} players: {negative}")
    left = sorted(remaining.elements())
    for pl in s.players:  # coins given as a number are real cards taken from those not placed elsewhere
        for i, c in enumerate(pl.coins):
            if c == 0:
                if not left:
                    raise InvalidPosition("not enough cards left to make the coins")
                pl.coins[i] = left.pop()
    if not explicit:  # the deck is every card not placed elsewhere; with a given deck the rest is out of play
        Rng(s.seed).shuffle(left)
        s.deck = left
