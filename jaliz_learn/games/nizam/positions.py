"""Reading Nizam and Pearl of the East states from JSON, with every field validated.

Three forms are read (see :mod:`jaliz_learn.games.nizam.game` for the position keys):

- the full ``State.to_json()`` (with ``"log"`` and ``"history"``);
- the compact ``State.to_json(compact=True)`` (a position with the generator: a fresh log);
- a short scenario *position* (no ``"rng"``) for tests and notebooks.

Anything wrong raises :class:`InvalidPosition` naming the field: wrong types (``1.0`` or ``true`` is not
an integer), counts out of range, unknown letters or keys, players out of range, more than 12 cards of
a kind, a saved state whose cards do not add up to the 96 of the game. A state that is accepted plays on without errors.

>>> from jaliz_learn import load_game
>>> load_game("nizam").state_from_json({"board": ["AABCD"] * 5, "hands": ["A", 1]})
Traceback (most recent call last):
...
jaliz_learn.core.errors.InvalidPosition: Nizam position: hands[1] must be a string of gem letters, got 1
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ...core.errors import InvalidOption, InvalidPosition, JalizLearnError
from ...core.events import Event, EventLog
from ...core.rng import Rng, check_seed
from . import board as B
from .bounds import OFF_BOARD, nizam_max_score
from .data import COPIES_PER_KIND, KINDS, PEARL, SIDE, SOLO_HAND_LIMIT, TASKS_PER_PLAYER
from .moves import empty_counts
from .nizam_state import NizamState
from .pearl_state import PearlState
from .state import BaseState

if TYPE_CHECKING:  # pragma: no cover
    from .game import _BoardGame

FORMAT = "nizam-state/1"
#: Upper limit of the turn counter and of counters such as moves in one turn (far beyond any real game).
MAX_COUNT = 10**7
#: The longest letter string any zone may hold (all 96 cards).
MAX_LETTERS = len(KINDS) * COPIES_PER_KIND

_SAVED_KEYS = frozenset({"format", "game", "num_players", "seed", "rng", "log", "turn", "history", "board", "hands",
                         "deck", "discard", "current", "first_player", "moves_made", "runouts", "idle_draws",
                         "out_of_play", "deck_public", "over"})
_NIZAM_SAVED = frozenset({"points", "start_sigs", "changed"})
_PEARL_SAVED = frozenset({"tasks", "completed", "max_rounds"})
_POSITION_KEYS = frozenset({"board", "hands", "players", "deck", "discard", "current", "runouts", "turn",
                            "moves_made", "seed"})
_NIZAM_POSITION = frozenset({"scores", "start_board"})
_PEARL_POSITION = frozenset({"completed", "tasks", "max_rounds"})
#: Every combination signature a line can have: none, or a kind and a length of 3 to 5.
_SIGNATURES = frozenset({""} | {f"{k}{n}" for k in KINDS for n in range(3, SIDE + 1)})


class Reader:
    """Typed access to the fields of one JSON document; every error names the field."""

    def __init__(self, data: Mapping[str, Any], what: str) -> None:
        self.data = data
        self.what = what

    def fail(self, message: str) -> InvalidPosition:
        return InvalidPosition(f"{self.what}: {message}")

    def keys(self, allowed: frozenset[str], required: tuple[str, ...]) -> None:
        unknown = sorted(set(self.data) - allowed)
        if unknown:
            raise self.fail(f"unknown field {unknown[0]!r}; the fields are {', '.join(sorted(allowed))}")
        for key in required:
            if key not in self.data:
                raise self.fail(f"the field {key!r} is missing")

    def integer(self, value: Any, field: str, lo: int, hi: int) -> int:
        if type(value) is not int or not lo <= value <= hi:
            raise self.fail(f"{field} must be an integer from {lo} to {hi}, got {_short(value)}")
        return value

    def flag(self, value: Any, field: str) -> bool:
        if type(value) is not bool:
            raise self.fail(f"{field} must be true or false, got {_short(value)}")
        return value

    def seq(self, value: Any, field: str, length: int | None = None) -> list[Any]:
        if not isinstance(value, list | tuple):
            raise self.fail(f"{field} must be a list, got {_short(value)}")
        if length is not None and len(value) != length:
            raise self.fail(f"{field} must have {length} entries, got {len(value)}")
        return list(value)

    def letters(self, value: Any, field: str, allowed: str = "".join(KINDS)) -> str:
        """An upper-case string of the ``allowed`` letters."""
        if not isinstance(value, str):
            raise self.fail(f"{field} must be a string of gem letters, got {_short(value)}")
        if len(value) > MAX_LETTERS:
            raise self.fail(f"{field} holds {len(value)} cards; the game has {MAX_LETTERS}")
        text = value.upper()
        bad = sorted(set(text) - set(allowed))
        if bad:
            raise self.fail(f"{field} holds {bad[0]!r}, which is not one of the letters {allowed}")
        return text

    def counts(self, value: Any, field: str) -> dict[str, int]:
        counts = empty_counts()
        for c in self.letters(value, field):
            counts[c] += 1
        return counts

    def board(self, value: Any, field: str, pearl: bool) -> list[str]:
        rows = self.seq(value, field, SIDE)
        cells: list[str] = []
        for r, row in enumerate(rows):
            text = self.letters(row, f"{field}[{r}]", "".join(KINDS) + (PEARL if pearl else ""))
            if len(text) != SIDE:
                raise self.fail(f"{field}[{r}] must be {SIDE} letters, got {row!r}")
            cells.extend(text)
        count = cells.count(PEARL)
        if pearl and count != 1:
            # PRL-SETUP-02, PRL-TASK-08: the pearl is on the board from the set-up on and never leaves it
            raise self.fail(f"{field} must hold the pearl card {PEARL} exactly once, got {count}")
        return cells


def read_state(game: _BoardGame, data: Mapping[str, Any]) -> BaseState:
    """Read a saved state (full or compact) or a scenario position."""
    if "rng" in data:
        return _read_saved(game, data)
    return _read_position(game, data)


def _read_saved(game: _BoardGame, data: Mapping[str, Any]) -> BaseState:
    title = game.info.title
    r = Reader(data, f"{title} state")
    compact = "log" not in data and "history" not in data
    required = ("num_players", "seed", "rng", "turn", "board", "hands", "deck", "discard", "current",
                "first_player", "moves_made", "runouts", "over")
    extra = ("tasks", "completed", "max_rounds") if game.pearl else ("points", "start_sigs", "changed")
    r.keys(_SAVED_KEYS | (_PEARL_SAVED if game.pearl else _NIZAM_SAVED),
           required + extra + (() if compact else ("log", "history")))
    if data.get("format", FORMAT) != FORMAT:
        raise r.fail(f"format must be {FORMAT!r}, got {_short(data['format'])}")
    if data.get("game", game.name) != game.name:
        raise r.fail(f"this is a {_short(data['game'])} state, not {game.name}")
    info = game.info
    n = r.integer(data["num_players"], "num_players", info.min_players, info.max_players)
    st = game.state_cls(game, n, _seed(r, data["seed"]))
    st.rng = Rng.from_json(data["rng"])
    st.over = r.flag(data["over"], "over")
    _fill(r, st, data, game.pearl)
    st.first_player = r.integer(data["first_player"], "first_player", 0, n - 1)
    st.idle_draws = r.integer(data.get("idle_draws", 0), "idle_draws", 0, MAX_COUNT if game.pearl else n)
    st.out_of_play = "".join(sorted(r.letters(data.get("out_of_play", ""), "out_of_play")))
    st.deck_public = r.flag(data.get("deck_public", False), "deck_public")
    if isinstance(st, PearlState):
        st.max_rounds = _max_rounds(r, game, data["max_rounds"])
        _read_tasks(r, st, data["tasks"], data["completed"])
    else:
        assert isinstance(st, NizamState)
        st.points = [r.integer(x, f"points[{p}]", 0, nizam_max_score(n))
                     for p, x in enumerate(r.seq(data["points"], "points", n))]
        sigs = r.seq(data["start_sigs"], "start_sigs", 2 * SIDE)
        for i, sig in enumerate(sigs):
            if not isinstance(sig, str) or sig not in _SIGNATURES:
                raise r.fail(f"start_sigs[{i}] must be a combination such as 'A3' or '', got {_short(sig)}")
        st.start_sigs = list(sigs)
        st.changed = [r.flag(x, f"changed[{i}]") for i, x in enumerate(r.seq(data["changed"], "changed", 2 * SIDE))]
        if st.moves_made:
            now = B.signatures(st.board)
            for i in range(2 * SIDE):
                if now[i] != st.start_sigs[i] and not st.changed[i]:
                    raise r.fail(f"changed[{i}] must be true: line {B.LINE_NAMES[i]} no longer holds "
                                 f"{st.start_sigs[i] or 'no combination'}")
    turn = r.integer(data["turn"], "turn", 1, _max_turn(st))
    if compact:
        st.log.turn = turn  # a position (like FEN): a fresh log and an empty history
    else:
        st.log = _read_log(r, game, data["log"], n, turn)
        st.history = _read_history(r, game, data["history"], n)
    used = _in_play(st)
    for k in st.out_of_play:
        used[k] += 1
    wrong = {k: c for k, c in used.items() if c != COPIES_PER_KIND}
    if wrong:
        raise r.fail(f"the game has {COPIES_PER_KIND} cards of each kind (with out_of_play); this state holds {wrong}")
    _check_running(r, st)
    return st


def _read_position(game: _BoardGame, data: Mapping[str, Any]) -> BaseState:
    title = game.info.title
    r = Reader(data, f"{title} position")
    r.keys(_POSITION_KEYS | (_PEARL_POSITION if game.pearl else _NIZAM_POSITION), ("board",))
    info = game.info
    hands = data.get("hands")
    if hands is not None:
        r.seq(hands, "hands")
    default_n = len(hands) if hands else (info.default_players or info.min_players)
    n = r.integer(data.get("players", default_n), "players", info.min_players, info.max_players)
    if hands is not None and len(hands) != n:
        raise r.fail(f"hands has {len(hands)} entries for {n} players")
    st = game.state_cls(game, n, _seed(r, data.get("seed", 0)))
    full = {"hands": [""] * n, "discard": "", "current": 0, "runouts": 0, "moves_made": 0, **data}
    if "start_board" in data and "moves_made" not in data:
        full["moves_made"] = 1
    _fill(r, st, full, game.pearl, default_deck="deck" not in data)
    st.first_player = st.current
    if isinstance(st, PearlState):
        if "max_rounds" in data:
            st.max_rounds = _max_rounds(r, game, data["max_rounds"])
        completed = data.get("completed", [""] * n)
        pile_letters = [r.letters(c, f"completed[{p}]") for p, c in enumerate(r.seq(completed, "completed", n))]
        tasks = data.get("tasks", ["".join(k for k in KINDS if k not in c) for c in pile_letters])
        _read_tasks(r, st, tasks, completed)
    else:
        assert isinstance(st, NizamState)
        scores = r.seq(data.get("scores", [0] * n), "scores", n)
        st.points = [r.integer(x, f"scores[{p}]", 0, nizam_max_score(n)) for p, x in enumerate(scores)]
        if st.moves_made:
            start = r.board(data.get("start_board", data["board"]), "start_board", False)
            st.start_sigs = B.signatures(start)
            now = B.signatures(st.board)
            st.changed = [a != b for a, b in zip(st.start_sigs, now)]
        elif "start_board" in data:
            raise r.fail("start_board describes a turn in progress; it needs moves_made above 0")
    st.log.turn = r.integer(data.get("turn", 1), "turn", 1, _max_turn(st))
    used = _in_play(st)
    over = {k: c for k, c in used.items() if c > COPIES_PER_KIND}
    if over:
        raise r.fail(f"too many cards of a kind ({COPIES_PER_KIND} of each exist): {over}")
    left = [k for k in KINDS for _ in range(COPIES_PER_KIND - used[k])]
    if "deck" not in data:
        # the cards not placed elsewhere, shuffled with the position's seed
        st.rng.shuffle(left)
        st.deck = left
    else:
        st.out_of_play = "".join(left)  # the position leaves them out (e.g. a short deck to test the end)
    _check_running(r, st)
    st.log.add("position", None, {"board": list(st.board_rows()), "current": st.current})
    return st


def _fill(r: Reader, st: BaseState, data: Mapping[str, Any], pearl: bool, *, default_deck: bool = False) -> None:
    """Board, hands, deck (written top card first), discard pile, current player, moves and run-outs."""
    n = st.num_players
    st.board = r.board(data["board"], "board", pearl)
    st.hands = [r.counts(h, f"hands[{p}]") for p, h in enumerate(r.seq(data["hands"], "hands", n))]
    if not default_deck:
        st.deck = list(reversed(r.letters(data["deck"], "deck")))
    st.discard = r.counts(data["discard"], "discard")
    st.current = r.integer(data["current"], "current", 0, n - 1)
    st.runouts = r.integer(data["runouts"], "runouts", 0, MAX_COUNT)
    st.moves_made = r.integer(data["moves_made"], "moves_made", 0, OFF_BOARD)


def _read_tasks(r: Reader, st: PearlState, tasks: Any, completed: Any) -> None:
    """Task decks and completed piles: each player owns one task card of each kind (PRL-COMP-01)."""
    n = st.num_players
    piles = [r.letters(c, f"completed[{p}]") for p, c in enumerate(r.seq(completed, "completed", n))]
    decks = [r.letters(t, f"tasks[{p}]") for p, t in enumerate(r.seq(tasks, "tasks", n))]
    for p in range(n):
        pile, deck = piles[p], decks[p]
        if len(set(pile)) != len(pile) or len(set(deck)) != len(deck) or set(pile) & set(deck) \
                or len(pile) + len(deck) != TASKS_PER_PLAYER:
            raise r.fail(f"tasks[{p}] and completed[{p}] must hold each of the kinds {''.join(KINDS)} once "
                         f"between them, got {deck!r} and {pile!r}")
    st.completed = [list(pile) for pile in piles]
    st.tasks = [set(deck) for deck in decks]


def _max_rounds(r: Reader, game: _BoardGame, value: Any) -> int:
    spec = next(o for o in game.info.options if o.name == "max_rounds")
    assert spec.minimum is not None and spec.maximum is not None
    return r.integer(value, "max_rounds", spec.minimum, spec.maximum)


def _seed(r: Reader, value: Any) -> int:
    try:
        return check_seed(value)
    except InvalidOption as exc:
        raise r.fail(str(exc)) from None


def _max_turn(st: BaseState) -> int:
    if isinstance(st, PearlState):
        return st.max_rounds * st.num_players  # PRL-END-02: the game ends at the latest after this turn
    return MAX_COUNT


def _in_play(st: BaseState) -> dict[str, int]:
    """How many cards of each kind the state places (board, hands, deck, discard, task decks and piles)."""
    used = empty_counts()
    for cell in st.board:
        if cell != PEARL:
            used[cell] += 1
    for zone in [*st.hands, st.discard]:
        for k, c in zone.items():
            used[k] += c
    for card in st.deck:
        used[card] += 1
    if isinstance(st, PearlState):
        for p in range(st.num_players):
            for k in st.tasks[p] | set(st.completed[p]):
                used[k] += 1
    return used


def _check_running(r: Reader, st: BaseState) -> None:
    """Invariants of a game in progress (or over) that the rules keep; a state breaking them could not go on."""
    n = st.num_players
    if st.over and st.moves_made:
        raise r.fail("a game that is over has no turn in progress (moves_made must be 0)")
    if st.hand_limit is not None:
        for p, hand in enumerate(st.hands):
            if sum(hand.values()) > st.hand_limit:
                # NIZ-SOLO-02: a draw is refused when it would break the limit, so a hand never exceeds it
                raise r.fail(f"hands[{p}] holds {sum(hand.values())} cards; the solo hand limit is {SOLO_HAND_LIMIT}")
    if isinstance(st, NizamState):
        if not st.over and st.runouts >= n:
            raise r.fail(f"the deck has run out {st.runouts} times; the game ends after {n} (NIZ-END-01)")
        if not st.over and st.idle_draws >= n:
            raise r.fail(f"idle_draws is {st.idle_draws}: the game ended after {n} empty draws in a row (NIZ-END-05)")
    if isinstance(st, PearlState) and not st.over:
        done = [p for p in range(n) if len(st.completed[p]) == TASKS_PER_PLAYER]
        if done:
            raise r.fail(f"player {done[0]} has completed all tasks, so the game is over (PRL-END-01)")


def _read_log(r: Reader, game: _BoardGame, items: Any, n: int, turn: int) -> EventLog:
    events = []
    for i, d in enumerate(r.seq(items, "log")):
        where = f"log[{i}]"
        if not isinstance(d, Mapping):
            raise r.fail(f"{where} must be an object, got {_short(d)}")
        er = Reader(d, r.what)
        er.keys(frozenset({"index", "kind", "player", "turn", "data", "secret", "visible_to"}),
                ("index", "kind", "player", "data"))
        er.integer(d["index"], f"{where}.index", i, i)
        if not isinstance(d["kind"], str):
            raise r.fail(f"{where}.kind must be a string, got {_short(d['kind'])}")
        if d["player"] is not None:
            er.integer(d["player"], f"{where}.player", 0, n - 1)
        er.integer(d.get("turn", 0), f"{where}.turn", 0, turn)
        if not isinstance(d["data"], dict) or not isinstance(d.get("secret", {}), dict | None):
            raise r.fail(f"{where}.data and .secret must be objects")
        vis = d.get("visible_to")
        if vis is not None:
            for v in er.seq(vis, f"{where}.visible_to"):
                er.integer(v, f"{where}.visible_to", 0, n - 1)
        event = Event.from_json(dict(d))
        try:
            # the log is shown as text and as a table: an event that cannot be described would break later
            game.describe_event(event)
        except JalizLearnError:
            raise
        except Exception as exc:
            raise r.fail(f"{where} cannot be read as a {event.kind!r} event ({type(exc).__name__}: {exc})") from None
        events.append(event)
    log = EventLog(events)
    log.turn = turn
    return log


def _read_history(r: Reader, game: _BoardGame, items: Any, n: int) -> list[Any]:
    out = []
    for i, entry in enumerate(r.seq(items, "history")):
        pair = r.seq(entry, f"history[{i}]", 2)
        player = r.integer(pair[0], f"history[{i}][0]", 0, n - 1)
        try:
            action = game.action_from_json(pair[1])
        except JalizLearnError as exc:
            raise r.fail(f"history[{i}][1]: {exc}") from None
        out.append((player, action))
    return out


def _short(value: object, limit: int = 60) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."
