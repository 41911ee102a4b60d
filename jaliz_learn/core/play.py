"""Running games: ``play`` a full game with bots, ``replay`` one from its record.

>>> import jaliz_learn
>>> from jaliz_learn.bots import RandomBot
>>> result = jaliz_learn.play("jaliz", [RandomBot(1), RandomBot(2), RandomBot(3)], seed=5)
>>> result.state.is_over()
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from .actions import Action
from .errors import IllegalAction, InvalidPosition, JalizLearnError
from .events import Event
from .game import Game, Outcome, State
from .registry import load_game
from .rng import hash_seed


class Bot(Protocol):
    """What a bot is: ``act(observation, legal_actions) -> action``."""

    def act(self, observation: Any, legal_actions: Sequence[Action]) -> Action: ...


@dataclass
class MatchResult:
    """The end of a played game: final state, outcome, log and number of decisions."""

    state: State
    outcome: Outcome
    decisions: int

    @property
    def scores(self) -> tuple[float, ...]:
        return self.outcome.scores

    @property
    def winners(self) -> tuple[int, ...]:
        return self.outcome.winners

    @property
    def log(self) -> list[Event]:
        return list(self.state.log)


class BotError(RuntimeError):
    """A bot raised, returned a non-action or an illegal action during ``play``."""

    def __init__(self, seat: int, message: str) -> None:
        self.seat = seat
        super().__init__(f"bot in seat {seat}: {message}")


def as_game(game: Game | str) -> Game:
    return load_game(game) if isinstance(game, str) else game


def seed_bots(bots: Sequence[Any], seed: int) -> None:
    """Give every bot that wants one its own random stream, derived from the game seed."""
    for seat, bot in enumerate(bots):
        reseed = getattr(bot, "reseed", None)
        if callable(reseed):
            reseed(hash_seed(seed, 1000 + seat))


def play(game: Game | str, bots: Sequence[Bot], seed: int = 0, *, max_decisions: int = 1_000_000,
         state: State | None = None) -> MatchResult:
    """Play one full game; seat ``i`` is played by ``bots[i]``.

    Bots receive ``state.observation(seat)`` and the legal actions, never the state.
    A bot that returns an illegal action raises :class:`BotError` (tournaments
    record it as a loss instead).
    """
    g = as_game(game)
    st = state if state is not None else g.initial_state(num_players=len(bots), seed=seed)
    if st.num_players != len(bots):
        raise InvalidPosition(f"{len(bots)} bots for a {st.num_players}-player game")
    seed_bots(bots, seed)
    decisions = 0
    # bound methods looked up once: this loop is what every benchmark and tournament runs
    current_player, legal_actions, observation = st.current_player, st.legal_actions, st.observation
    apply_checked, acts = st._apply_checked, [bot.act for bot in bots]
    seat = current_player()
    while seat is not None:
        action = acts[seat](observation(seat), legal_actions(seat))
        if not isinstance(action, Action):
            raise BotError(seat, f"act() returned {action!r}, which is not an action")
        try:
            apply_checked(seat, action)  # State.apply for the current player, checks included
        except IllegalAction as exc:
            raise BotError(seat, str(exc)) from None
        decisions += 1
        if decisions >= max_decisions:
            raise RuntimeError(f"game did not end within {max_decisions} decisions")
        seat = current_player()
    if not st.is_over():
        raise RuntimeError("the game has no player to act but is not over")
    outcome = st.outcome()
    assert outcome is not None
    return MatchResult(st, outcome, decisions)


def replay(game: Game | str, num_players: int, seed: int, actions: Sequence[Action | str | Mapping[str, Any]],
           *, options: Mapping[str, Any] | None = None) -> State:
    """Rebuild a game from its seed and its actions (objects, text notation or JSON).

    A bad action names its position in the list:

    >>> replay("nizam", 2, 1, ["draw", 7])
    Traceback (most recent call last):
    ...
    jaliz_learn.core.errors.InvalidPosition: action 2 of the record: expected text, JSON or an Action, got 7
    """
    if options is not None and not isinstance(options, Mapping):
        raise InvalidPosition(f"a record's options must be an object, got {type(options).__name__}")
    g = load_game(game, **(options or {})) if isinstance(game, str) else game
    st = g.initial_state(num_players=num_players, seed=seed)
    if isinstance(actions, str | bytes) or not isinstance(actions, Sequence):
        raise InvalidPosition(f"a record's actions must be a list, got {type(actions).__name__}")
    for i, a in enumerate(actions, 1):
        try:
            if isinstance(a, Mapping):
                a = g.action_from_json(a)
            elif not isinstance(a, str | Action):
                raise InvalidPosition(f"expected text, JSON or an Action, got {a!r:.60}")
            st.apply(a)
        except JalizLearnError as exc:
            raise InvalidPosition(f"action {i} of the record: {exc}") from None
    return st


def replay_record(record: Mapping[str, Any]) -> State:
    """Rebuild a game from ``State.record()`` (e.g. a saved JSON file)."""
    if not isinstance(record, Mapping):
        raise InvalidPosition(f"a game record must be a JSON object, got {type(record).__name__}")
    try:
        acts = record.get("actions_json") or record["actions"]
        name = record["game"]
        if not isinstance(name, str):
            raise InvalidPosition(f"a record's game must be a name, got {name!r:.60}")
        return replay(name, record["num_players"], record["seed"], acts, options=record.get("options"))
    except KeyError as exc:
        raise InvalidPosition(f"a game record needs the field {exc.args[0]!r}") from None
