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
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from jaliz_learn.core.actions import action_from_json
from jaliz_learn.core.errors import InvalidNotation, InvalidPosition
from jaliz_learn.core.events import EventLog
from jaliz_learn.core.rng import Rng

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


def _card(name: Any) -> int:
    if name not in D.CARD_INDEX:
        raise InvalidPosition(f"unknown card {name!r}; cards are: {', '.join(D.CARD_NAMES)}")
    return D.CARD_INDEX[name]


def _kind(name: Any) -> int:
    if name not in D.KIND_INDEX:
        raise InvalidPosition(f"unknown offering kind {name!r}; kinds are: {', '.join(D.KINDS)}")
    return D.KIND_INDEX[name]


def _counts(value: Any, size: int, index: Any, what: str) -> list[int]:
    """Counts from a dict {name: n} or a list of names."""
    out = [0] * size
    if isinstance(value, Mapping):
        for name, n in value.items():
            if not isinstance(n, int) or n < 0:
                raise InvalidPosition(f"{what}: count of {name!r} must be a non-negative integer, got {n!r}")
            out[index(name)] += n
    elif isinstance(value, list):
        for name in value:
            out[index(name)] += 1
    else:
        raise InvalidPosition(f"{what} must be a dict of counts or a list of names, got {value!r}")
    return out


def _per_player(data: Mapping[str, Any], key: str, n: int) -> list[Any]:
    value = data[key]
    if not isinstance(value, list) or len(value) != n:
        raise InvalidPosition(f"{key!r} needs one entry per player ({n}), got {value!r}")
    return value


def _ints(data: Mapping[str, Any], key: str, n: int) -> list[int]:
    values = _per_player(data, key, n)
    if any(not isinstance(v, int) or v < 0 for v in values):
        raise InvalidPosition(f"{key!r} must hold non-negative integers, got {values!r}")
    return list(values)


def state_from_json(game: BaliGame, data: Mapping[str, Any]) -> BaliState:
    """Read ``state_to_json`` output or a scenario position (see the module docstring)."""
    if not isinstance(data, Mapping):
        raise InvalidPosition(f"a Bali state must be a JSON object, got {type(data).__name__}")
    if data.get("game", game.name) != game.name:
        raise InvalidPosition(f"this is a {data['game']!r} state, not {game.name!r}")
    full = "rng" in data
    if full and data.get("options", game.options) != game.options:
        raise InvalidPosition(f"the state was saved with options {data['options']}, this game has {game.options}; "
                              f"load the game with the same options")
    n = data.get("num_players", data.get("players"))
    if not isinstance(n, int) or not game.info.min_players <= n <= game.info.max_players:
        raise InvalidPosition(f"the position needs 'players' between {game.info.min_players} and "
                              f"{game.info.max_players}, got {n!r}")
    seed = data.get("seed", 0)
    if not isinstance(seed, int):
        raise InvalidPosition(f"'seed' must be an integer, got {seed!r}")
    s = BaliState(game, n, seed)
    if not full:
        s.setup()
        original_deck = list(reversed(s.deck)) + [c for col in s.square for c in col]
    try:
        _read_fields(s, data, n)
    except (KeyError, TypeError, IndexError, ValueError) as exc:
        if isinstance(exc, InvalidPosition):
            raise
        raise InvalidPosition(f"malformed Bali state: {exc!r}") from None
    if full:
        s.rng = Rng.from_json(data["rng"])
        if "log" in data or "history" in data:
            s.log = EventLog.from_json(data["log"], data.get("turn", 0))
            try:
                s.history = [(p, action_from_json(a, game.action_types)) for p, a in data["history"]]
            except InvalidNotation as exc:
                raise InvalidPosition(f"bad action in the history: {exc}") from None
        else:  # the compact form (to_json(compact=True)): a fresh log, an empty history
            s.log = EventLog()
            s.log.turn = data.get("turn", 0)
        s.over = bool(data["over"])
        s.final = data["final"]
    else:
        if "square" in data and "deck" not in data:
            deck = list(original_deck)
            for col in s.square:
                for c in col:
                    if c in deck:
                        deck.remove(c)
            s.deck = list(reversed(deck))
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
    _check(s, full)
    return s


def _read_fields(s: BaliState, data: Mapping[str, Any], n: int) -> None:
    if "active" in data:
        s.active = int(data["active"])
        if not 0 <= s.active < n:
            raise InvalidPosition(f"'active' must be a seat from 0 to {n - 1}")
    if "phase" in data:
        if data["phase"] not in PHASES:
            raise InvalidPosition(f"unknown phase {data['phase']!r}; phases: {', '.join(PHASES)}")
        s.phase = data["phase"]
    if "hands" in data:
        s.hands = [[_card(c) for c in h] for h in _per_player(data, "hands", n)]
    if "displays" in data:
        s.displays = [_counts(d, D.NUM_CARD_TYPES, _card, "displays") for d in _per_player(data, "displays", n)]
    if "stocks" in data:
        s.stocks = [_counts(st, D.NUM_KINDS, _kind, "stocks") for st in _per_player(data, "stocks", n)]
    if "stones" in data:
        s.stones = _ints(data, "stones", n)
    if "vp" in data:
        s.vp = _ints(data, "vp", n)
    if "square" in data:
        cols = data["square"]
        if not isinstance(cols, list) or len(cols) != D.COLUMNS:
            raise InvalidPosition(f"'square' needs {D.COLUMNS} columns")
        s.square = [[_card(c) for c in col] for col in cols]
    if "deck" in data:
        s.deck = [_card(c) for c in reversed(data["deck"])]
    if "supply" in data:
        s.supply = _counts(data["supply"], D.NUM_KINDS, _kind, "supply")
    if "altar" in data:
        altar = data["altar"]
        s.altar_open = _counts(altar.get("open", {}), D.NUM_KINDS, _kind, "altar.open")
        s.altar_hidden = [(int(p), _kind(k)) for p, k in altar.get("hidden", [])]
    if "discard" in data:
        s.discard = [_card(c) for c in data["discard"]]
    if "offer_queue" in data:
        s.offer_queue = [int(p) for p in data["offer_queue"]]
    if "reward_queue" in data:
        s.reward_queue = [(int(p), int(u)) for p, u in data["reward_queue"]]
    if data.get("revealed") is not None:
        s.revealed = _card(data["revealed"])
    if "huts" in data:
        s.huts = _ints(data, "huts", n)
    if "village" in data:
        village = data["village"]
        s.village = [[-1] * D.FIELDS_PER_AREA for _ in range(D.NUM_KINDS)]
        for area, fields in village.items():
            k = _kind(area)
            if len(fields) != D.FIELDS_PER_AREA:
                raise InvalidPosition(f"village area {area!r} has {D.FIELDS_PER_AREA} fields")
            s.village[k] = [-1 if w is None else int(w) for w in fields]
    if "tiles" in data:
        tiles = list(data["tiles"])
        for t in tiles:
            if t not in D.BANANA_TILES:
                raise InvalidPosition(f"unknown banana tile {t!r}; tiles: {', '.join(D.BANANA_TILES)}")
        s.tiles = tiles
    if "ganesha" in data:
        s.ganesha = None if data["ganesha"] is None else int(data["ganesha"])


def _check(s: BaliState, full: bool) -> None:
    """Invariants every readable state keeps."""
    if any(x < 0 for x in s.supply):
        raise InvalidPosition(f"more than {D.OFFERINGS_PER_KIND} offering cards of a kind are in play")
    if s.phase == "game-over" and not s.over:
        raise InvalidPosition("a position cannot start at 'game-over'")
    if s.over:
        return
    if any(not col for col in s.square):
        raise InvalidPosition("every column of the village square must hold a card")
    hand = s.hands[s.active]
    if s.phase in ("buy", "play") and not hand:
        raise InvalidPosition(f"the active player needs cards in hand for phase {s.phase!r}")
    if s.phase == "take" and len(hand) >= D.HAND_SIZE:
        raise InvalidPosition(f"phase 'take' needs fewer than {D.HAND_SIZE} cards in the active player's hand")
    if s.phase == "offer" and not s.offer_queue:
        raise InvalidPosition("phase 'offer' needs an 'offer_queue' of players")
    if s.phase == "shrine-reward" and not s.reward_queue:
        raise InvalidPosition("phase 'shrine-reward' needs a 'reward_queue' of [player, units]")
    if s.phase == "banana-tile" and not (s.tani and s.tiles):
        raise InvalidPosition("phase 'banana-tile' needs the expansion and a banana tile left")
    if not s.tani and (any(s.huts) or s.tiles):
        raise InvalidPosition("huts and banana tiles belong to the Village of Tani expansion")
    if not full and len(s.legal_actions()) == 0:
        raise InvalidPosition(f"no legal action in phase {s.phase!r} for this position")
