"""Jaliz states to and from JSON, including short scenario positions.

``state.to_json()`` writes everything (including the RNG, the log and the
history); ``state.to_json(compact=True)`` the position only (no log, no history);
``game.state_from_json(data)`` reads both back exactly. A *position* is the same
dictionary with most keys left out; missing keys get defaults, and a missing deck
is made of every card not placed elsewhere, shuffled with the position's seed.
Products may be written by name; coins may be given as a number (real cards not
placed elsewhere are taken for them).

Every field is validated (type, range, card totals, credit tokens, supplies, the
phase and who decides): a bad position raises :class:`InvalidPosition` naming the
field, so an accepted position never breaks later.

>>> import jaliz_learn
>>> game = jaliz_learn.load_game("jaliz")
>>> s = game.state_from_json({"num_players": 3, "players": [
...     {"hand": ["carrot"], "plots": [["turnip", 8, False], ["peas", 4, False]]}, {}, {}]})
>>> s.players[0].plot_count, s.decision(), s.current_player()
([8, 4], 'plant', 0)
>>> game.state_from_json({"num_players": 3, "players": [{"plots": [["potato", 8, False], [None, 0]]}, {}, {}]})
Traceback (most recent call last):
    ...
jaliz_learn.core.errors.InvalidPosition: players[0].plots[0]: potato is not a product of the 3-player game
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ...core.errors import InvalidNotation, InvalidPosition
from ...core.events import Event, EventLog
from ...core.game import check_json_keys
from ...core.rng import Rng
from . import data as D
from .actions import Offer
from .checks import (
    MAX_COUNT,
    _short,
    card,
    cards,
    check_bool,
    check_int,
    check_list,
    check_object,
    check_player,
)
from .offers import payment_problem, unsorted_field

if TYPE_CHECKING:  # pragma: no cover
    from .state import JalizState, Player

PHASES = ("plant", "claim", "offer", "respond", "final-plant", "game-over")
#: Keys a Jaliz position may have (advanced mode adds "events").
STATE_KEYS = frozenset({"game", "options", "num_players", "seed", "players", "deck", "burned", "deck_runs_out",
                        "ending", "supply", "active", "phase", "planted", "market", "claimer", "round",
                        "buyer_index", "offers", "pending", "final_queue", "turn", "rng", "log", "history"})
PLAYER_KEYS = frozenset({"hand", "known", "plots", "coins", "tokens", "tractor", "third_plot", "bought_cards",
                         "spent_equipment"})
SUPPLY_KEYS = frozenset({"third_plot", "tractor", "fertilizer"})
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


# ---------------------------------------------------------------------------------------- reading
def _player_from_json(s: JalizState, pl: Player, d: Any, where: str, p: int) -> None:
    d = check_object(d, where, PLAYER_KEYS)
    products = s.products
    for c in cards(d.get("hand", []), f"{where}.hand", products):
        pl.hand[c] += 1
    for c in cards(d.get("known", []), f"{where}.known", products):
        pl.known[c] += 1
        if pl.known[c] > pl.hand[c]:
            raise InvalidPosition(f"{where}.known: a card known to be in the hand must be in the hand")
    third = check_bool(d.get("third_plot", False), f"{where}.third_plot") if "third_plot" in d else None
    plots = check_list(d.get("plots", [[None, 0, False]] * (3 if third else 2)), f"{where}.plots")
    if third is None:
        third = len(plots) == 3
    if len(plots) != (3 if third else 2):
        raise InvalidPosition(f"{where}.plots: {len(plots)} plots; a farm has 2 plots, 3 with a third plot")
    pl.plot_product, pl.plot_count, pl.plot_fert = [], [], []
    for k, plot in enumerate(plots):
        field = f"{where}.plots[{k}]"
        if not (isinstance(plot, list) and len(plot) in (2, 3)):
            raise InvalidPosition(f"{field} must be [product, count, fertilizer]")
        prod = card(plot[0], field, products) if plot[0] is not None else 0
        count = check_int(plot[1], f"{field} count", 0, 18)
        if (prod == 0) != (count == 0):
            raise InvalidPosition(f"{field}: an empty plot has count 0 and a planted plot a product")
        pl.plot_product.append(prod)
        pl.plot_count.append(count)
        pl.plot_fert.append(check_bool(plot[2], f"{field} fertilizer") if len(plot) == 3 else False)
    coins = d.get("coins", [])
    if type(coins) is int:
        pl.coins = [0] * check_int(coins, f"{where}.coins", 0, 200)  # placeholders, replaced by real cards
    else:
        pl.coins = cards(coins, f"{where}.coins", products)
    if "tokens" in d:
        tokens = check_list(d["tokens"], f"{where}.tokens")
        pl.tokens = sorted(check_player(t, f"{where}.tokens", s.num_players) for t in tokens)
    else:
        pl.tokens = [p] if s.use_tokens else []
    pl.tractor = check_bool(d.get("tractor", False), f"{where}.tractor")
    pl.third_plot = third
    pl.bought_cards = check_bool(d.get("bought_cards", False), f"{where}.bought_cards")
    spent = D.TRACTOR_PRICE * pl.tractor + s.fertilizer_price * sum(pl.plot_fert)  # JAL-END-06: derived
    given = d.get("spent_equipment")
    if given is not None and given != spent:
        raise InvalidPosition(f"{where}.spent_equipment is {_short(given)}, but the tractor and fertilizers held "
                              f"cost {spent} (leave it out: it is derived)")
    pl.spent_equipment = spent


def state_from_json(game: Any, data: Mapping[str, Any]) -> JalizState:
    """Rebuild a state (see the module docstring for positions)."""
    check_json_keys(data, ["num_players"], "Jaliz position")
    s_keys = STATE_KEYS | frozenset(getattr(game.state_class, "extra_json_keys", ()))
    check_object(data, "the position", s_keys)
    if "game" in data and data["game"] != game.name:
        raise InvalidPosition(f"game: this is a {game.name} reader, the position is for {_short(data['game'])}")
    if "options" in data and data["options"] != game.options:
        raise InvalidPosition(f"options: the position was played with {_short(data['options'], 200)}; load the game "
                              f"with those options (this one has {game.options})")
    n = data["num_players"]
    if type(n) is not int or not game.info.min_players <= n <= game.info.max_players:
        raise InvalidPosition(f"num_players: {game.name} is played by {game.info.min_players}-"
                              f"{game.info.max_players} players, not {_short(n)}")
    seed = data.get("seed", 0)
    if type(seed) is not int:
        raise InvalidPosition(f"seed must be an integer, got {_short(seed)}")
    try:
        s = game.state_class(game, n, seed, deal=False)
    except ValueError as exc:
        raise InvalidPosition(f"seed: {exc}") from None
    players = check_list(data.get("players", [{} for _ in range(n)]), "players")
    if len(players) != n:
        raise InvalidPosition(f"players: the position lists {len(players)} players for a {n}-player game")
    for p, d in enumerate(players):
        _player_from_json(s, s.players[p], d, f"players[{p}]", p)
    products = s.products
    s.burned = sorted(cards(data.get("burned", []), "burned", products))
    s.market = sorted(cards(data.get("market", []), "market", products))
    s.pending = []
    for i, item in enumerate(check_list(data.get("pending", []), "pending")):
        if not (isinstance(item, list) and len(item) == 2):
            raise InvalidPosition(f"pending[{i}] must be [player, [cards]]")
        got = cards(item[1], f"pending[{i}] cards", products)
        if not got:
            raise InvalidPosition(f"pending[{i}]: a player to plant received cards needs at least one card")
        s.pending.append([check_player(item[0], f"pending[{i}] player", n), sorted(got)])
    _check_tokens(s)
    s.extra_from_json(data)
    _fill_deck_and_coins(s, data)
    s.exhaustions = check_int(data.get("deck_runs_out", 0), "deck_runs_out", 0, D.DECK_PASSES)
    s.ending = check_bool(data.get("ending", s.exhaustions >= D.DECK_PASSES), "ending")
    if s.ending != (s.exhaustions >= D.DECK_PASSES):
        raise InvalidPosition(f"ending: the game ends when the deck has run out {D.DECK_PASSES} times "
                              f"(deck_runs_out is {s.exhaustions}) [rule JAL-END-02]")
    _supplies(s, data)
    s.active = check_player(data.get("active", 0), "active", n)
    phase = data.get("phase", "plant")
    if phase not in PHASES + s.extra_phases:
        raise InvalidPosition(f"phase: unknown phase {_short(phase)}; phases: {', '.join(PHASES + s.extra_phases)}")
    s.phase = phase
    # (advanced mode: Gardener plantings are counted too, before the turn resets the count)
    s.planted = check_int(data.get("planted", 0), "planted", 0, D.PLANT_LIMIT_TRACTOR + n)
    s.round = check_int(data.get("round", 1), "round", 1, s.offer_rounds)
    s.buyer_index = check_int(data.get("buyer_index", 0), "buyer_index", 0, n - 1)
    if s.phase == "offer" and s.buyer_index > n - 2:
        raise InvalidPosition(f"buyer_index: in phase 'offer' the buyers are 0-{n - 2} (every other player in "
                              "seat order) [rule JAL-R-NEGOTIATION]")
    claimer = data.get("claimer")
    s.claimer = None if claimer is None else check_player(claimer, "claimer", n)
    if s.phase == "claim":
        if s.claimer is None or s.claimer == s.active or s.active not in s.players[s.claimer].tokens:
            raise InvalidPosition("claimer: phase 'claim' needs a claimer who holds the active player's credit "
                                  "token [rule JAL-CREDIT-02]")
    s.offers = {}
    for key, o in check_object(data.get("offers", {}), "offers").items():
        if not (isinstance(key, str) and key.isdigit() and int(key) < n):
            raise InvalidPosition(f"offers: {key!r} is not a player of this game")
        buyer = int(key)
        offer = _offer(game, o, f"offers[{key}]")
        problem = _open_offer_problem(s, buyer, offer)
        if buyer == s.active or problem is not None:
            why = "the active player makes no offer" if problem is None else problem[1]
            raise InvalidPosition(f"offers[{key}]: {why}")
        s.offers[buyer] = offer
    s.final_queue = [check_player(p, "final_queue", n) for p in check_list(data.get("final_queue", []), "final_queue")]
    if len(set(s.final_queue)) != len(s.final_queue):
        raise InvalidPosition("final_queue lists a player twice")
    if s.phase == "final-plant" and not s.final_queue:
        s.final_queue = [(s.active + i) % n for i in range(n)]
    if "rng" in data:
        s.rng = Rng.from_json(data["rng"])
    turn = check_int(data.get("turn", 1), "turn", 0, MAX_COUNT)
    s.log = EventLog([_event(e, i, n) for i, e in enumerate(check_list(data.get("log", []), "log"))])
    s.log.turn = turn
    s.history = [_history_item(game, item, i, n) for i, item in enumerate(check_list(data.get("history", []),
                                                                                     "history"))]
    s.settle_position()
    return s


def _check_tokens(s: JalizState) -> None:
    """JAL-SETUP-01, JAL-CREDIT-05: each player's credit token exists once (none without tokens)."""
    held = sorted(t for pl in s.players for t in pl.tokens)
    expected = list(range(s.num_players)) if s.use_tokens else []
    if held != expected:
        raise InvalidPosition(f"players[].tokens: the credit tokens held are {held}; every token {expected} must be "
                              f"held exactly once [rule JAL-SETUP-01]")


def _supplies(s: JalizState, data: Mapping[str, Any]) -> None:
    """Supplies: what is left of the n third plots, n tractors, n+1 fertilizers (JAL-SETUP-04/05)."""
    n = s.num_players
    supply = check_object(data.get("supply", {}), "supply", SUPPLY_KEYS)
    for key, total, held in (("third_plot", n, sum(pl.third_plot for pl in s.players)),
                             ("tractor", n, sum(pl.tractor for pl in s.players)),
                             ("fertilizer", D.fertilizer_supply(n), sum(sum(pl.plot_fert) for pl in s.players))):
        if held > total:
            raise InvalidPosition(f"supply.{key}: the players hold {held}, but the game has only {total}")
        value = check_int(supply.get(key, total - held), f"supply.{key}", 0, total - held)
        setattr(s, f"{key}_supply", value)


def _open_offer_problem(s: JalizState, buyer: int, offer: Offer) -> tuple[str, str] | None:
    """An open offer stays on the table while the market changes (it may no longer be acceptable), but the
    buyer's side cannot change: the cards given are in the buyer's hand, the tokens held (JAL-MARKET-10)."""
    if unsorted_field(offer, ("want", "give", "tokens", "ask")) is not None or not offer.want:
        return "JAL-R-NEGOTIATION", "an offer wants at least one card and lists its items sorted"
    if not set(offer.want) <= set(s.products):
        return "JAL-MARKET-09", "an offer wants revealed cards of this game"
    pl = s.players[buyer]
    return payment_problem(offer.give, offer.tokens, offer.ask, pl.hand, pl.tokens, s.products, s.max_ask,
                           give_rule="JAL-MARKET-10", token_rule="JAL-CREDIT-01", whose="the active player's")


def _offer(game: Any, o: Any, field: str) -> Offer:
    try:
        a = game.action_from_json(o)
    except InvalidNotation as exc:
        raise InvalidPosition(f"{field}: {exc}") from None
    if type(a) is not Offer:
        raise InvalidPosition(f"{field}: an open offer must be an offer action, got {_short(o)}")
    return a


def _event(d: Any, i: int, n: int) -> Event:
    """One logged event, checked so that describing it later cannot fail."""
    field = f"log[{i}]"
    d = check_object(d, field, frozenset({"index", "kind", "player", "turn", "data", "secret", "visible_to"}))
    kind = d.get("kind")
    if not isinstance(kind, str):
        raise InvalidPosition(f"{field}.kind must be a string")
    player = d.get("player")
    if player is not None:
        check_player(player, f"{field}.player", n)
    data = check_object(d.get("data", {}), f"{field}.data")
    secret = d.get("secret")
    if secret is not None:
        check_object(secret, f"{field}.secret")
    visible = d.get("visible_to")
    if visible is not None:
        visible = tuple(check_player(v, f"{field}.visible_to", n) for v in check_list(visible, f"{field}.visible_to"))
    return Event(check_int(d.get("index", i), f"{field}.index", i, i), kind, player, dict(data),
                 dict(secret) if secret is not None else None, visible,
                 check_int(d.get("turn", 0), f"{field}.turn", 0, MAX_COUNT))


def _history_item(game: Any, item: Any, i: int, n: int) -> tuple[int, Any]:
    if not (isinstance(item, list) and len(item) == 2):
        raise InvalidPosition(f"history[{i}] must be [player, action]")
    try:
        action = game.action_from_json(item[1])
    except InvalidNotation as exc:
        raise InvalidPosition(f"history[{i}]: {exc}") from None
    return check_player(item[0], f"history[{i}] player", n), action


def _fill_deck_and_coins(s: JalizState, data: Mapping[str, Any]) -> None:
    """Check the card totals; use the given deck or build it from every card not placed elsewhere (shuffled).

    Coins given as a number become real cards taken from the cards not placed elsewhere. With a given
    deck, cards placed nowhere are out of play (a scenario may use a short deck); never more than exist."""
    used: Counter[int] = Counter(s.burned) + Counter(s.market)
    for _, got in s.pending:
        used.update(got)
    for pl in s.players:
        used.update(pl.hand_list())
        for prod, count in zip(pl.plot_product, pl.plot_count):
            if prod:
                used[prod] += count
        used.update(c for c in pl.coins if c)
    explicit = "deck" in data
    if explicit:
        s.deck = cards(data["deck"], "deck", s.products)
        used.update(s.deck)
    remaining = Counter(D.deck_for(s.num_players))
    remaining.subtract(used)
    negative = {D.PRODUCTS[p].name: -k for p, k in remaining.items() if k < 0}
    if negative:
        raise InvalidPosition(f"the position uses more cards than exist for {s.num_players} players: {negative}")
    left = sorted(remaining.elements())
    for p, pl in enumerate(s.players):  # coins given as a number
        for i, c in enumerate(pl.coins):
            if c == 0:
                if not left:
                    raise InvalidPosition(f"players[{p}].coins: not enough cards left to make the coins")
                pl.coins[i] = left.pop()
    if not explicit:
        Rng(s.seed).shuffle(left)
        s.deck = left
