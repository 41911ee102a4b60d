"""Reading Jungli-La states and scenario positions from JSON, every field checked.

Two forms are read (see :class:`~jaliz_learn.games.jungli_la.game.JungliLaGame`):

- a *state* (``State.to_json()``, with ``"rng"``): full (with ``"log"`` and ``"history"``) or compact
  (without them: a new log starts at the same turn);
- a scenario *position* (no ``"rng"``): every key optional but ``num_players`` (or ``players``);
  the rest comes from the seeded setup.

Anything that would break later is refused with :class:`InvalidPosition` naming the field: wrong
types (``1.0`` or ``true`` are not counts), counts out of range, unknown keys, unknown or repeated
cards, players out of range, dice that could not have been rolled, an inconsistent phase.

Card conservation: every Discovery card is on the track, in a hand, or back in the box (``removed``)
exactly once; a Treasure card is in the deck or in one hand at most once. Treasure cards listed
nowhere are out of the game (a scenario may use a short deck); they never come back.

>>> import jaliz_learn
>>> game = jaliz_learn.load_game("jungli-la")
>>> game.state_from_json({"num_players": 2, "players": [{"letters": 1.0}, {}]})
Traceback (most recent call last):
...
jaliz_learn.core.errors.InvalidPosition: players[0].letters must be an integer, got 1.0 (float)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from ...core.errors import InvalidNotation, InvalidOption, InvalidPosition
from ...core.events import Event, EventLog
from ...core.rng import Rng, check_seed
from .bounds import MAX_GAIN  # a player discarding holds at most this many above the limit
from .common import ADJUST, DISCARD, GOAL, OVER, PHASES, REROLL, ROLL
from .data import (
    BASE_LETTER_LIMIT,
    BASE_MATERIAL_LIMIT,
    CARDS,
    END_TREASURE,
    FACE_INDEX,
    MAX_DICE,
    MAX_REROLLS,
    MAX_WAGONS_PER_PLAYER,
    TREASURE_VALUES,
    WAGON_CARDS,
    WAGON_LIMIT_BONUS,
)
from .state import JungliLaState

if TYPE_CHECKING:  # pragma: no cover
    from .game import JungliLaGame

T = TypeVar("T", str, int)

#: Keys of a state (full or compact) and of a scenario position.
STATE_KEYS = frozenset({
    "game", "num_players", "seed", "rng", "turn", "log", "history", "track", "removed", "deck", "players",
    "wagon_stock", "start_player", "current", "phase", "dice", "dice_rolled", "rerolls", "paleo_used", "moved",
    "discovered", "goal_at_start", "fresh", "end_triggered", "end_reason", "forced_dice", "max_rounds"})
POSITION_KEYS = STATE_KEYS - {"rng", "log", "history", "removed"}
#: A state must give these (a position may leave anything out but the players).
STATE_REQUIRED = ("num_players", "seed", "rng", "turn", "track", "removed", "deck", "players", "phase", "current",
                  "dice")
PLAYER_KEYS = frozenset({"pos", "materials", "letters", "wagons", "cards", "treasures"})
EVENT_KEYS = frozenset({"index", "kind", "player", "turn", "data", "secret", "visible_to"})
END_REASONS = ("end-card", "round-limit")
#: Forced dice are a test/notebook helper; a longer list is not a position but a payload.
MAX_FORCED_DICE = 1000


# ---- typed fields --------------------------------------------------------------------------
def _type(value: Any) -> str:
    return type(value).__name__


def integer(value: Any, field: str, lo: int, hi: int) -> int:
    """An exact ``int`` in ``lo..hi`` (``True`` and ``1.0`` are refused)."""
    if type(value) is not int:
        raise InvalidPosition(f"{field} must be an integer, got {value!r:.40} ({_type(value)})")
    if not lo <= value <= hi:
        raise InvalidPosition(f"{field} must be between {lo} and {hi}, got {value}")
    return value


def boolean(value: Any, field: str) -> bool:
    if type(value) is not bool:
        raise InvalidPosition(f"{field} must be true or false, got {value!r:.40} ({_type(value)})")
    return value


def array(value: Any, field: str, max_len: int) -> list[Any]:
    if not isinstance(value, list):
        raise InvalidPosition(f"{field} must be a list, got {_type(value)}")
    if len(value) > max_len:
        raise InvalidPosition(f"{field} has {len(value)} entries, at most {max_len} are possible")
    return value


def obj(value: Any, field: str, keys: frozenset[str]) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise InvalidPosition(f"{field} must be an object, got {_type(value)}")
    unknown = sorted(set(value) - keys)
    if unknown:
        raise InvalidPosition(f"{field} has an unknown key {unknown[0]!r}; keys: {', '.join(sorted(keys))}")
    return value


def card_ids(value: Any, field: str) -> list[str]:
    """Discovery card ids, each known and listed once."""
    out: list[str] = []
    for i, c in enumerate(array(value, field, len(CARDS))):
        if type(c) is not str or c not in CARDS:
            raise InvalidPosition(f"{field}[{i}] is not a Discovery card id (A01..C10): {c!r:.40}")
        if c in out:
            raise InvalidPosition(f"{field} lists {c} twice")
        out.append(c)
    return out


def treasure_ids(value: Any, field: str) -> list[int]:
    """Treasure card ids (0..29; 29 is the game-end card), each listed once."""
    out: list[int] = []
    for i, t in enumerate(array(value, field, len(TREASURE_VALUES))):
        integer(t, f"{field}[{i}]", 0, END_TREASURE)
        if t in out:
            raise InvalidPosition(f"{field} lists Treasure card {t} twice")
        out.append(t)
    return out


def faces(value: Any, field: str, max_len: int) -> list[int]:
    """Die faces by name (M1, M2, F, W, T, L) -> face indices."""
    out: list[int] = []
    for i, f in enumerate(array(value, field, max_len)):
        if type(f) is not str or f not in FACE_INDEX:
            raise InvalidPosition(f"{field}[{i}] is not a die face (M1, M2, F, W, T, L): {f!r:.40}")
        out.append(FACE_INDEX[f])
    return out


# ---- the reader --------------------------------------------------------------------------------
def read_state(game: JungliLaGame, d: Mapping[str, Any]) -> JungliLaState:
    """Read a state (``"rng"`` present) or a scenario position; raise :class:`InvalidPosition` if invalid."""
    is_state = "rng" in d
    obj(d, "the Jungli-La " + ("state" if is_state else "position"), STATE_KEYS if is_state else POSITION_KEYS)
    if is_state:
        for key in STATE_REQUIRED:
            if key not in d:
                raise InvalidPosition(f"the Jungli-La state has no {key!r} field")
    if "game" in d and d["game"] != game.name:
        raise InvalidPosition(f"game must be {game.name!r}, got {d['game']!r:.40}")
    info = game.info
    players = d.get("players")
    if "num_players" in d:
        n = integer(d["num_players"], "num_players", info.min_players, info.max_players)
    elif isinstance(players, list):
        n = integer(len(players), "the number of players", info.min_players, info.max_players)
    else:
        raise InvalidPosition("a position needs 'num_players' or a 'players' list")
    try:
        seed = check_seed(d.get("seed", 0))
    except InvalidOption as exc:
        raise InvalidPosition(str(exc)) from None
    spec = next(o for o in info.options if o.name == "max_rounds")
    max_rounds = integer(d.get("max_rounds", game.options["max_rounds"]), "max_rounds", spec.minimum or 1,
                         spec.maximum or 10_000)
    st = JungliLaState(game, n, seed)
    st.max_rounds = max_rounds
    if is_state:
        st.rng = Rng.from_json(d["rng"])
        turn = integer(d["turn"], "turn", 1, max_rounds * n)
        st.log = read_log(d.get("log", []), n, turn)  # the compact form has no log: a new one starts here
        st.history = read_history(game, d.get("history", []), n)
    else:
        st._setup()  # the seeded track, Treasure deck and box; the position overrides any of them
        turn = integer(d.get("turn", 1), "turn", 1, max_rounds * n)
        st.log.turn = turn - 1
    _fill(st, d, is_state)
    if is_state:
        st.n_dice = integer(d.get("dice_rolled", sum(st.dice)), "dice_rolled", 0, MAX_DICE)
        if st.n_dice != sum(st.dice):
            raise InvalidPosition(f"dice_rolled is {st.n_dice} but {sum(st.dice)} dice are shown")
        st.goal_at_start = boolean(d.get("goal_at_start", False), "goal_at_start")
        _check_goal_at_start(st)
    else:
        st.log.add("position", None, {"note": "scenario position loaded"})
        st.n_dice = sum(st.dice)
        if "phase" not in d:
            st._start_turn(st.current)
        else:
            st.log.turn += 1
            st.goal_at_start = boolean(d.get("goal_at_start", st.pos[st.current] == GOAL), "goal_at_start")
            _check_goal_at_start(st)
        st._settle()
    st._legal = st._perks = None
    st._pub = st._tre = st._turn = st._tpl = st._mats = st._lets = None
    return st


def _check_goal_at_start(st: JungliLaState) -> None:
    """Nobody moves during the Dice phase, so until the materials the current explorer is where the turn began."""
    if st.phase in (ROLL, REROLL, ADJUST) and st.goal_at_start != (st.pos[st.current] == GOAL):
        raise InvalidPosition(f"goal_at_start must be {str(not st.goal_at_start).lower()} in phase {st.phase!r}: "
                              "the current explorer has not moved yet this turn (JUN-GOAL-04)")


def _fill(st: JungliLaState, d: Mapping[str, Any], is_state: bool) -> None:
    """The fields a state and a position share, checked one by one, then checked together."""
    n = st.num_players
    pdata = [obj(pd, f"players[{p}]", PLAYER_KEYS)
             for p, pd in enumerate(array(d.get("players", [{}] * n), "players", n))]
    if len(pdata) != n:
        raise InvalidPosition(f"players has {len(pdata)} entries for {n} players")
    # -- cards: every Discovery card once (JUN-SETUP-02), every Treasure card at most once
    held = [card_ids(pd.get("cards", []), f"players[{p}].cards") for p, pd in enumerate(pdata)]
    owner = _holders(held, "Discovery card")
    # a position without a track (or deck) takes the seeded one, less the cards the players hold
    track = _pile(d, "track", card_ids, owner, "on the track", st.track)
    if is_state:
        removed = card_ids(d["removed"], "removed")
        twice = [c for c in removed if c in owner or c in track]
        missing = sorted(set(CARDS) - set(track) - set(removed) - set(owner))
        if twice or missing:
            raise InvalidPosition(f"removed: every Discovery card must be on the track, in a hand or in the box "
                                  f"exactly once ({'twice: ' + twice[0] if twice else 'missing: ' + missing[0]})")
    else:  # the box holds every card that is neither on the track nor in a hand
        removed = [c for c in CARDS if c not in owner and c not in track]
    st.track, st.removed, st.cards = track, removed, held
    treasures = [treasure_ids(pd.get("treasures", []), f"players[{p}].treasures") for p, pd in enumerate(pdata)]
    holder = _holders(treasures, "Treasure card")
    deck = _pile(d, "deck", treasure_ids, holder, "in the deck", st.deck)
    st.deck, st.treasures = deck, treasures
    # -- players
    for p, pd in enumerate(pdata):
        where = f"players[{p}]"
        pos = pd.get("pos", 0)
        st.pos[p] = GOAL if pos == "goal" else integer(pos, f"{where}.pos (0..{len(track)} or 'goal')", 0, len(track))
        wagons = st.wagons[p] = integer(pd.get("wagons", 0), f"{where}.wagons", 0, MAX_WAGONS_PER_PLAYER)
        mats = array(pd.get("materials", st.materials[p]), f"{where}.materials", 3)
        if len(mats) != 3:
            raise InvalidPosition(f"{where}.materials must be [Food, Wood, Tools], got {len(mats)} numbers")
        limit = BASE_MATERIAL_LIMIT + WAGON_LIMIT_BONUS * wagons
        st.materials[p] = [integer(x, f"{where}.materials[{i}]", 0, limit + MAX_GAIN) for i, x in enumerate(mats)]
        st.letters[p] = integer(pd.get("letters", st.letters[p]), f"{where}.letters", 0,
                                BASE_LETTER_LIMIT + WAGON_LIMIT_BONUS * wagons)  # JUN-MAT-06
    stock = WAGON_CARDS - sum(st.wagons)
    st.wagon_stock = integer(d.get("wagon_stock", stock), "wagon_stock", 0, WAGON_CARDS)
    if st.wagon_stock != stock:
        raise InvalidPosition(f"wagon_stock must be {stock}: {WAGON_CARDS} Wagon cards less the players' Wagons")
    # -- turn and decision
    st.start_player = integer(d.get("start_player", 0), "start_player", 0, n - 1)
    st.current = cur = integer(d.get("current", st.start_player), "current", 0, n - 1)
    phase = d.get("phase", ROLL)
    if type(phase) is not str or phase not in PHASES:
        raise InvalidPosition(f"phase must be one of {', '.join(PHASES)}, got {phase!r:.40}")
    st.phase = phase
    dice = faces(d.get("dice", []), "dice", MAX_DICE)
    if phase == ROLL and dice:
        raise InvalidPosition("dice: no dice are shown before the roll (phase 'roll')")
    st.dice = [dice.count(f) for f in range(6)]
    st.rerolls = integer(d.get("rerolls", 0), "rerolls", 0, MAX_REROLLS)
    st.paleo_used = integer(d.get("paleo_used", 0), "paleo_used", 0, st.paleo_cards(cur))
    st.moved = boolean(d.get("moved", False), "moved")
    st.discovered = boolean(d.get("discovered", False), "discovered")
    st.end_triggered = boolean(d.get("end_triggered", False), "end_triggered")
    reason = d.get("end_reason", "end-card" if st.end_triggered else None)
    if reason is not None and reason not in END_REASONS or (reason is None) == st.end_triggered:
        raise InvalidPosition(f"end_reason must be one of {', '.join(END_REASONS)} once the end is triggered "
                              f"(and null before), got {reason!r:.40}")
    st.end_reason = reason
    if END_TREASURE in holder and not st.end_triggered:  # JUN-END-01
        raise InvalidPosition(f"player {holder[END_TREASURE]} holds the game-end Treasure card, so end_triggered "
                              "must be true")
    if phase == OVER and not st.end_triggered:
        raise InvalidPosition("phase 'game-over' needs end_triggered")
    fresh = card_ids(d.get("fresh", []), "fresh")
    for c in fresh:
        if owner.get(c) != cur:
            raise InvalidPosition(f"fresh: {c} was taken this turn, so the current player {cur} must hold it")
    st.fresh = fresh
    st.forced_dice = faces(d.get("forced_dice", []), "forced_dice", MAX_FORCED_DICE)
    # -- limits (JUN-MAT-04): only the player discarding down may be above the material limit
    for p in range(n):
        total, limit = sum(st.materials[p]), st.material_limit(p)
        if p == cur and phase == DISCARD:
            if total <= limit:
                raise InvalidPosition(f"players[{p}].materials: phase 'discard' needs more than {limit} materials")
        elif total > limit:
            raise InvalidPosition(f"players[{p}].materials: {total} materials, the limit is {limit} (JUN-MAT-04)")


def _holders(hands: list[list[T]], what: str) -> dict[T, int]:
    """Card -> the player holding it; a card in two hands is refused."""
    holder: dict[T, int] = {}
    for p, hand in enumerate(hands):
        for c in hand:
            if c in holder:
                raise InvalidPosition(f"{what} {c} is held by players {holder[c]} and {p}")
            holder[c] = p
    return holder


def _pile(d: Mapping[str, Any], key: str, read: Callable[[Any, str], list[T]], holder: dict[T, int], where: str,
          seeded: list[T]) -> list[T]:
    """The track or the Treasure deck: as given (no card also in a hand), else the seeded one less held cards."""
    if key not in d:
        return [c for c in seeded if c not in holder]
    pile = read(d[key], key)
    for c in pile:
        if c in holder:
            raise InvalidPosition(f"card {c} is both {where} and held by player {holder[c]}")
    return pile


def read_log(data: Any, n: int, turn: int) -> EventLog:
    """The event log of a full state: events in order, each well-formed (so ``log_text`` never breaks)."""
    events = []
    for i, e in enumerate(array(data, "log", 10_000_000)):
        where = f"log[{i}]"
        obj(e, where, EVENT_KEYS)
        for key in ("index", "kind", "player", "data"):
            if key not in e:
                raise InvalidPosition(f"{where} has no {key!r} field")
        integer(e["index"], f"{where}.index", i, i)
        if type(e["kind"]) is not str:
            raise InvalidPosition(f"{where}.kind must be a string")
        if e["player"] is not None:
            integer(e["player"], f"{where}.player", 0, n - 1)
        integer(e.get("turn", 0), f"{where}.turn", 0, turn)
        if not isinstance(e["data"], Mapping):
            raise InvalidPosition(f"{where}.data must be an object")
        secret, visible = e.get("secret"), e.get("visible_to")
        if secret is not None and not isinstance(secret, Mapping):
            raise InvalidPosition(f"{where}.secret must be an object")
        if visible is not None:
            for j, v in enumerate(array(visible, f"{where}.visible_to", n)):
                integer(v, f"{where}.visible_to[{j}]", 0, n - 1)
        events.append(Event.from_json(dict(e)))
    log = EventLog(events)
    log.turn = turn
    return log


def read_history(game: JungliLaGame, data: Any, n: int) -> list[tuple[int, Any]]:
    """``[[player, action], ...]`` with every action one of the game's exact actions."""
    out = []
    for i, item in enumerate(array(data, "history", 10_000_000)):
        if not isinstance(item, Sequence) or isinstance(item, str) or len(item) != 2:
            raise InvalidPosition(f"history[{i}] must be [player, action]")
        p = integer(item[0], f"history[{i}][0] (the player)", 0, n - 1)
        try:
            action = game.action_from_json(item[1])
        except InvalidNotation as exc:
            raise InvalidPosition(f"history[{i}]: {exc}") from None
        out.append((p, action))
    return out
