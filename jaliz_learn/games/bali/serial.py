"""JSON states and scenario positions of Bali.

``state_to_json`` writes everything (RNG, log, history included); with ``compact=True`` it leaves out
the log and the history (a position, like FEN next to PGN, that still plays on identically).
``state_from_json`` reads both exactly (the compact form starts a fresh log and an empty history), or
a shorter hand-written *position* (no ``rng`` key): a dict of the fields below, every one optional
except ``players``. Missing fields come from a normal seeded setup, so a scenario names only what
matters::

    {"players": 3, "seed": 0,
     "active": 0, "phase": "buy",             # "buy" | "play" | "take" | "offer" | "offer-hidden" |
                                              # "offer-supply" | "shrine-reward" | "banana-tile"
     "hands": [["shrine", "rice"], ...],      # card names: mason priest shrine rice peanut banana pepper
     "displays": [{"mason": 1, "rice": 2}, ...] (or lists of card names),
     "stocks": [{"rice": 1, "pepper": 2}, ...] (or lists of kinds),
     "stones": [2, 3, 4], "vp": [0, 0, 0],
     "square": [[top, ..., bottom], x4],      # the last card of a column is the takeable one
     "deck": [next card, ...],                # default: the seeded deck minus the square's cards
     "supply": {"rice": 25, ...},             # default: 25 minus stocks and altar, per kind
     "altar": {"open": {"rice": 2}, "hidden": [[player, "rice"], ...]},
     "discard": [...], "offer_queue": [1, 2], "reward_queue": [[0, 2]],
     # Village of Tani only:
     "huts": [6, 6], "village": {"pepper": [null, 1, null], ...}, "tiles": ["masons", ...], "ganesha": null}

A position starts a fresh log (one ``position`` event) and an empty history.

Everything read is validated, and anything wrong raises :class:`InvalidPosition` naming the field: types,
ranges (stones and VP up to ``data.MAX_STONES``/``MAX_VP``), card and kind names, unknown keys, seats,
card conservation (no card type more often than the deck and the start sets hold, no more than 25
offering cards of a kind), huts, queues and hands that fit the phase, and a legal action to take. The
full and compact forms must hold every field ``state_to_json`` writes; ``final`` must match the scores.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from jaliz_learn.core.actions import action_from_json
from jaliz_learn.core.errors import InvalidNotation, InvalidOption, InvalidPosition
from jaliz_learn.core.events import Event, EventLog
from jaliz_learn.core.rng import Rng, check_seed

from . import data as D
from .state import BaliState

if TYPE_CHECKING:  # pragma: no cover
    from .game import BaliGame

FORMAT = "bali-state/1"
PHASES = ("buy", "play", "take", "offer", "offer-hidden", "offer-supply", "shrine-reward", "banana-tile",
          "game-over")


def _kind_counts(counts: list[int]) -> dict[str, int]:
    return dict(zip(D.KINDS, counts))


def state_to_json(s: BaliState, compact: bool = False) -> dict[str, Any]:
    names = D.CARD_NAMES
    out: dict[str, Any] = {
        "format": FORMAT, "game": s.game.name, "options": dict(s.game.options), "num_players": s.num_players,
        "seed": s.seed, "rng": s.rng.to_json(), "turn": s.log.turn}
    if not compact:
        out["log"] = s.log.to_json()
        out["history"] = [[p, a.to_json()] for p, a in s.history]
    out.update({
        "active": s.active, "phase": s.phase, "over": s.over,
        "hands": [[names[c] for c in h] for h in s.hands],
        "displays": [dict(zip(names, d)) for d in s.displays],
        "stocks": [_kind_counts(st) for st in s.stocks],
        "stones": list(s.stones), "vp": list(s.vp),
        "square": [[names[c] for c in col] for col in s.square],
        "deck": [names[c] for c in reversed(s.deck)],
        "supply": _kind_counts(s.supply),
        "altar": {"open": _kind_counts(s.altar_open), "hidden": [[p, D.KINDS[k]] for p, k in s.altar_hidden]},
        "discard": [names[c] for c in s.discard],
        "offer_queue": list(s.offer_queue), "reward_queue": [[p, u] for p, u in s.reward_queue],
        "revealed": names[s.revealed] if s.revealed is not None else None,
        "huts": list(s.huts),
        "village": {k: [w if w >= 0 else None for w in fields] for k, fields in zip(D.KINDS, s.village)},
        "tiles": list(s.tiles), "ganesha": s.ganesha,
        "final": [dict(row) for row in s.final] if s.final is not None else None,
    })
    return out



#: every key state_to_json writes (the full and compact forms need all but "log" and "history" of the
#: compact one); a hand-written position may give any of them (and "players" for "num_players").
STATE_KEYS = ("format", "game", "options", "num_players", "seed", "rng", "turn", "log", "history", "active",
              "phase", "over", "hands", "displays", "stocks", "stones", "vp", "square", "deck", "supply",
              "altar", "discard", "offer_queue", "reward_queue", "revealed", "huts", "village", "tiles",
              "ganesha", "final")
POSITION_ONLY_KEYS = ("players",)
#: the phases before the active player's phase-3 take (their hand holds fewer than 3 cards)
BEFORE_TAKE = ("offer", "offer-hidden", "offer-supply", "banana-tile", "take")
MAX_TURN = 1_000_000
EVENT_KEYS = frozenset({"index", "kind", "player", "data", "secret", "visible_to", "turn"})


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _int(value: Any, field: str, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        raise InvalidPosition(f"{field!r} must be an integer from {low} to {high}, got {_short(value)}")
    return value


def _list(value: Any, field: str, length: int | None = None, most: int | None = None) -> list[Any]:
    if not isinstance(value, list):
        raise InvalidPosition(f"{field!r} must be a list, got {_short(value)}")
    if length is not None and len(value) != length:
        raise InvalidPosition(f"{field!r} needs {length} entries, got {len(value)}")
    if most is not None and len(value) > most:
        raise InvalidPosition(f"{field!r} holds at most {most} entries, got {len(value)}")
    return value


def _dict(value: Any, field: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise InvalidPosition(f"{field!r} must be an object, got {_short(value)}")
    return value


def _card(name: Any, field: str = "card") -> int:
    if type(name) is not str or name not in D.CARD_INDEX:
        raise InvalidPosition(f"{field!r}: unknown card {_short(name)}; cards are: {', '.join(D.CARD_NAMES)}")
    return D.CARD_INDEX[name]


def _kind(name: Any, field: str = "offering") -> int:
    if type(name) is not str or name not in D.KIND_INDEX:
        raise InvalidPosition(f"{field!r}: unknown offering kind {_short(name)}; kinds are: {', '.join(D.KINDS)}")
    return D.KIND_INDEX[name]


def _player(value: Any, field: str, n: int) -> int:
    if type(value) is not int or not 0 <= value < n:
        raise InvalidPosition(f"{field!r} must be a seat from 0 to {n - 1}, got {_short(value)}")
    return value


def _counts(value: Any, field: str, size: int, index: Callable[[Any, str], int], most: int) -> list[int]:
    """Counts per name from ``{name: n}`` or a list of names (each at most ``most``)."""
    out = [0] * size
    if isinstance(value, Mapping):
        for name, count in value.items():
            out[index(name, field)] += _int(count, f"{field}.{name}", 0, most)
    elif isinstance(value, list):
        for name in _list(value, field, most=most * size):
            out[index(name, field)] += 1
    else:
        raise InvalidPosition(f"{field!r} must be an object of counts or a list of names, got {_short(value)}")
    if max(out) > most:
        raise InvalidPosition(f"{field!r} holds more than {most} of one kind")
    return out


def _per_player(data: Mapping[str, Any], key: str, n: int) -> list[Any]:
    return _list(data[key], key, length=n)


def _check_keys(game: BaliGame, data: Mapping[str, Any], full: bool, compact: bool) -> None:
    allowed = set(STATE_KEYS) | (set() if full else set(POSITION_ONLY_KEYS))
    for key in data:
        if key not in allowed:
            raise InvalidPosition(f"unknown field {_short(key)} in a {game.name} "
                                  f"{'state' if full else 'position'}; fields: {', '.join(sorted(allowed))}")
    if full:
        needed = [k for k in STATE_KEYS if not (compact and k in ("log", "history"))]
        missing = [k for k in needed if k not in data]
        if missing:
            raise InvalidPosition(f"a saved {game.name} state needs the field {missing[0]!r} "
                                  f"(missing: {', '.join(missing)})")
    elif "players" not in data and "num_players" not in data:
        raise InvalidPosition("a position needs 'players' (the number of players)")


def state_from_json(game: BaliGame, data: Mapping[str, Any]) -> BaliState:
    """Read ``state_to_json`` output (full or compact) or a scenario position (see the module docstring)."""
    if not isinstance(data, Mapping):
        raise InvalidPosition(f"a Bali state must be a JSON object, got {type(data).__name__}")
    full = "rng" in data
    compact = full and "log" not in data and "history" not in data
    _check_keys(game, data, full, compact)
    if "game" in data and data["game"] != game.name:
        raise InvalidPosition(f"'game': this is a {_short(data['game'])} state, not {game.name!r}")
    if "format" in data and data["format"] != FORMAT:
        raise InvalidPosition(f"'format' must be {FORMAT!r}, got {_short(data['format'])}")
    if "options" in data and data["options"] != game.options:
        raise InvalidPosition(f"'options': the state was saved with options {_short(data['options'])}, this game "
                              f"has {game.options}; load the game with the same options")
    info = game.info
    counts = [data[k] for k in ("num_players", "players") if k in data]
    n = _int(counts[0], "num_players", info.min_players, info.max_players)
    if len(counts) == 2 and counts[1] != n:
        raise InvalidPosition(f"'players' ({_short(counts[1])}) and 'num_players' ({n}) disagree")
    try:
        seed = check_seed(data.get("seed", 0))
    except InvalidOption as exc:
        raise InvalidPosition(f"'seed': {exc}") from None
    s = BaliState(game, n, seed)
    original_deck: list[int] = []
    if not full:
        s.setup()
        original_deck = list(reversed(s.deck)) + [c for col in s.square for c in col]
    _read_fields(s, data, n)
    if full:
        s.rng = Rng.from_json(data["rng"])
        turn = _int(data["turn"], "turn", 0, MAX_TURN)
        if compact:  # the compact form (to_json(compact=True)): a fresh log, an empty history
            s.log = EventLog()
        else:
            s.log = _read_log(data["log"], n)
            s.history = _read_history(game, data["history"], n)
        s.log.turn = turn
        if type(data["over"]) is not bool:
            raise InvalidPosition(f"'over' must be true or false, got {_short(data['over'])}")
        s.over = data["over"]
    else:
        if "deck" not in data:
            _derive_deck(s, original_deck, "square" in data)
        if "supply" not in data:
            for k in range(D.NUM_KINDS):
                s.supply[k] = (D.OFFERINGS_PER_KIND - s.altar_open[k] - sum(st[k] for st in s.stocks)
                               - sum(1 for _, h in s.altar_hidden if h == k))
        s.log = EventLog()
        s.log.turn = 1
        s.history = []
        if "phase" not in data:
            s._start_turn()
        s.log.add("position", None, {"players": n, "phase": s.phase, "active": s.active})
    s.reset_caches()  # who decides follows from the fields just read
    check_invariants(s)
    if s.over:
        s.final = s.final_breakdown()
    if full and data["final"] != s.final:
        raise InvalidPosition(f"'final' does not match the position (expected {_short(s.final)})")
    s.reset_caches()
    return s


def _derive_deck(s: BaliState, original: list[int], square_given: bool) -> None:
    """The seeded draw pile without the cards the position placed elsewhere (no card type too often)."""
    deck = list(original)
    if square_given:
        for col in s.square:
            for c in col:
                if c in deck:
                    deck.remove(c)
    pool = D.card_pool(s.tani, s.num_players)
    placed = _placed_cards(s, with_deck=False)
    have = [deck.count(c) for c in range(D.NUM_CARD_TYPES)]
    for card in range(D.NUM_CARD_TYPES):
        excess = placed[card] + have[card] - pool[card]
        while excess > 0 and card in deck:  # drop the copies that would be dealt last
            del deck[len(deck) - 1 - deck[::-1].index(card)]
            excess -= 1
    s.deck = list(reversed(deck))


def _placed_cards(s: BaliState, with_deck: bool = True) -> list[int]:
    total = [0] * D.NUM_CARD_TYPES
    for group in (s.hands, s.square, [s.discard], [s.deck] if with_deck else []):
        for cards in group:
            for c in cards:
                total[c] += 1
    for display in s.displays:
        for c, k in enumerate(display):
            total[c] += k
    return total


def _read_fields(s: BaliState, data: Mapping[str, Any], n: int) -> None:
    pool = D.card_pool(s.tani, n)
    most_cards = max(pool)
    if "active" in data:
        s.active = _player(data["active"], "active", n)
    if "phase" in data:
        if data["phase"] not in PHASES:
            raise InvalidPosition(f"'phase': unknown phase {_short(data['phase'])}; phases: {', '.join(PHASES)}")
        s.phase = data["phase"]
    if "hands" in data:
        s.hands = [[_card(c, f"hands[{p}]") for c in _list(h, f"hands[{p}]", most=D.HAND_SIZE)]
                   for p, h in enumerate(_per_player(data, "hands", n))]
    if "displays" in data:
        s.displays = [_counts(d, f"displays[{p}]", D.NUM_CARD_TYPES, _card, most_cards)
                      for p, d in enumerate(_per_player(data, "displays", n))]
    if "stocks" in data:
        s.stocks = [_counts(st, f"stocks[{p}]", D.NUM_KINDS, _kind, D.OFFERINGS_PER_KIND)
                    for p, st in enumerate(_per_player(data, "stocks", n))]
    if "stones" in data:
        s.stones = [_int(v, f"stones[{p}]", 0, D.MAX_STONES) for p, v in enumerate(_per_player(data, "stones", n))]
    if "vp" in data:
        s.vp = [_int(v, f"vp[{p}]", 0, D.MAX_VP) for p, v in enumerate(_per_player(data, "vp", n))]
    if "square" in data:
        s.square = [[_card(c, f"square[{i}]") for c in _list(col, f"square[{i}]", most=D.COLUMN_DEPTH)]
                    for i, col in enumerate(_list(data["square"], "square", length=D.COLUMNS))]
    if "deck" in data:
        s.deck = [_card(c, "deck") for c in reversed(_list(data["deck"], "deck", most=sum(pool)))]
    if "supply" in data:
        s.supply = _counts(data["supply"], "supply", D.NUM_KINDS, _kind, D.OFFERINGS_PER_KIND)
    if "altar" in data:
        altar = _dict(data["altar"], "altar")
        for key in altar:
            if key not in ("open", "hidden"):
                raise InvalidPosition(f"unknown field {_short(key)} in 'altar' (fields: open, hidden)")
        s.altar_open = _counts(altar.get("open", {}), "altar.open", D.NUM_KINDS, _kind, D.OFFERINGS_PER_KIND)
        hidden = _list(altar.get("hidden", []), "altar.hidden", most=D.NUM_KINDS * D.OFFERINGS_PER_KIND)
        s.altar_hidden = []
        for i, item in enumerate(hidden):
            pair = _list(item, f"altar.hidden[{i}]", length=2)
            s.altar_hidden.append((_player(pair[0], f"altar.hidden[{i}]", n), _kind(pair[1], f"altar.hidden[{i}]")))
    if "discard" in data:
        s.discard = [_card(c, "discard") for c in _list(data["discard"], "discard", most=sum(pool))]
    if "offer_queue" in data:
        s.offer_queue = [_player(q, "offer_queue", n) for q in _list(data["offer_queue"], "offer_queue", most=n)]
    if "reward_queue" in data:
        s.reward_queue = []
        for i, item in enumerate(_list(data["reward_queue"], "reward_queue", most=n)):
            pair = _list(item, f"reward_queue[{i}]", length=2)
            s.reward_queue.append((_player(pair[0], f"reward_queue[{i}]", n),
                                   _int(pair[1], f"reward_queue[{i}]", 1, D.MAX_SHRINE_UNITS)))
    if data.get("revealed") is not None:
        s.revealed = _card(data["revealed"], "revealed")
    _read_tani(s, data, n)


def _read_tani(s: BaliState, data: Mapping[str, Any], n: int) -> None:
    """Huts, village, banana tiles and Ganesha (TAN-SETUP-02/03); empty in the base game."""
    huts = D.HUTS_PER_PLAYER[n] if s.tani else 0
    if "huts" in data:
        s.huts = [_int(v, f"huts[{p}]", 0, huts) for p, v in enumerate(_per_player(data, "huts", n))]
    if "village" in data:
        village = _dict(data["village"], "village")
        s.village = [[-1] * D.FIELDS_PER_AREA for _ in range(D.NUM_KINDS)]
        for area, fields in village.items():
            k = _kind(area, "village")
            field = f"village.{area}"
            s.village[k] = [-1 if w is None else _player(w, field, n)
                            for w in _list(fields, field, length=D.FIELDS_PER_AREA)]
    if "tiles" in data:
        tiles = _list(data["tiles"], "tiles", most=len(D.BANANA_TILES))
        for t in tiles:
            if type(t) is not str or t not in D.BANANA_TILES:
                raise InvalidPosition(f"'tiles': unknown banana tile {_short(t)}; tiles: {', '.join(D.BANANA_TILES)}")
        if len(set(tiles)) != len(tiles):
            raise InvalidPosition("'tiles' names a banana tile twice")
        s.tiles = list(tiles)
    if "ganesha" in data:
        s.ganesha = None if data["ganesha"] is None else _player(data["ganesha"], "ganesha", n)
    if not s.tani and (any(s.huts) or s.tiles or s.ganesha is not None
                       or any(w >= 0 for fields in s.village for w in fields)):
        raise InvalidPosition("huts, the village, banana tiles and Ganesha belong to the Village of Tani "
                              "expansion (game 'bali-tani')")
    for p in range(n):
        built = sum(w == p for fields in s.village for w in fields)
        if "huts" not in data:  # a position that only places huts: they come from the player's supply
            s.huts[p] = max(0, huts - built)
        if s.huts[p] + built > huts:
            raise InvalidPosition(f"'huts': player {p} has {s.huts[p]} huts left and {built} built, more than "
                                  f"the {huts} of a {n}-player game (TAN-SETUP-03)")


def _read_log(value: Any, n: int) -> EventLog:
    events = []
    for i, item in enumerate(_list(value, "log")):
        field = f"log[{i}]"
        ev = _dict(item, field)
        unknown = set(ev) - EVENT_KEYS
        if unknown:
            raise InvalidPosition(f"{field!r} has unknown fields {sorted(unknown)}")
        _int(ev.get("index"), f"{field}.index", i, i)
        if type(ev.get("kind")) is not str:
            raise InvalidPosition(f"{field + '.kind'!r} must be a string")
        player = ev.get("player")
        if player is not None:
            _player(player, f"{field}.player", n)
        _dict(ev.get("data"), f"{field}.data")
        if ev.get("secret") is not None:
            _dict(ev["secret"], f"{field}.secret")
        visible = ev.get("visible_to")
        if visible is not None:
            for q in _list(visible, f"{field}.visible_to", most=n):
                _player(q, f"{field}.visible_to", n)
        _int(ev.get("turn", 0), f"{field}.turn", 0, MAX_TURN)
        events.append(Event.from_json(dict(ev)))
    log = EventLog(events)
    return log


def _read_history(game: BaliGame, value: Any, n: int) -> list[tuple[int, Any]]:
    out = []
    for i, item in enumerate(_list(value, "history")):
        pair = _list(item, f"history[{i}]", length=2)
        try:
            action = action_from_json(pair[1], game.action_types)
        except InvalidNotation as exc:
            raise InvalidPosition(f"'history[{i}]': bad action: {exc}") from None
        out.append((_player(pair[0], f"history[{i}]", n), action))
    return out


def check_invariants(s: BaliState) -> None:
    """Invariants every readable state keeps, so that it plays on without breaking."""
    n = s.num_players
    pool = D.card_pool(s.tani, n)
    placed = _placed_cards(s)
    for card in range(D.NUM_CARD_TYPES):
        if placed[card] > pool[card]:
            raise InvalidPosition(f"{placed[card]} {D.CARD_NAMES[card]} cards are in play, but a {n}-player game "
                                  f"has {pool[card]} (deck, square, hands, displays and discard pile together)")
    altar = s.altar_counts()
    for k in range(D.NUM_KINDS):
        total = s.supply[k] + altar[k] + sum(st[k] for st in s.stocks)
        if s.supply[k] < 0 or total > D.OFFERINGS_PER_KIND:
            raise InvalidPosition(f"more than {D.OFFERINGS_PER_KIND} {D.KINDS[k]} offering cards are in play "
                                  "(supply, stocks and altar together)")
    if (s.phase == "game-over") != s.over:
        raise InvalidPosition("'phase' is 'game-over' exactly when the game is over ('over')")
    if s.over:
        if s.offer_queue or s.reward_queue:
            raise InvalidPosition("a finished game has no 'offer_queue' or 'reward_queue'")
        return
    if any(not col for col in s.square):
        raise InvalidPosition("'square': every column of the village square must hold a card")
    for p, hand in enumerate(s.hands):
        if p == s.active and s.phase in BEFORE_TAKE:
            if len(hand) >= D.HAND_SIZE:
                raise InvalidPosition(f"'hands[{p}]': before the take the active player holds fewer than "
                                      f"{D.HAND_SIZE} cards (phase {s.phase!r})")
        elif not hand:
            raise InvalidPosition(f"'hands[{p}]': player {p} needs cards in hand for their next turn")
    if (s.phase == "offer") != bool(s.offer_queue):
        raise InvalidPosition("phase 'offer' needs an 'offer_queue' of players, and only it has one")
    if len(set(s.offer_queue)) != len(s.offer_queue) or s.active in s.offer_queue:
        raise InvalidPosition("'offer_queue' lists other players than the active one, each once")
    if any(not any(s.stocks[q]) for q in s.offer_queue):
        raise InvalidPosition("'offer_queue': every listed player needs an offering card in stock (BAL-OFFER-04)")
    if (s.phase == "shrine-reward") != bool(s.reward_queue):
        raise InvalidPosition("phase 'shrine-reward' needs a 'reward_queue' of [player, units], and only it has one")
    if len({q for q, _ in s.reward_queue}) != len(s.reward_queue):
        raise InvalidPosition("'reward_queue' lists each player once")
    if s.phase == "banana-tile" and not (s.tani and s.tiles):
        raise InvalidPosition("phase 'banana-tile' needs the expansion and a banana tile left")
    if len(s.legal_actions()) == 0:
        raise InvalidPosition(f"no legal action in phase {s.phase!r} for this position")
