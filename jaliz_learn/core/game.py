"""The engine protocol shared by every game of jaliz_learn.

A :class:`Game` declares its :class:`GameInfo` up front and creates states.
A :class:`State` is a mutable position (like OpenSpiel's ``State`` or
python-chess's ``Board``): it says who decides now and what kind of decision
it is, lists that player's legal actions, applies an action after checking
it, and tells scores, ranking and winners. ``clone()`` copies a state for
search; ``observation(player)`` gives what one player may see.

Only one player decides at a time. Games with "at any time" actions expose
them alongside the pending decision (see each game's timing model).

>>> import jaliz_learn
>>> game = jaliz_learn.load_game("jaliz")
>>> state = game.initial_state(num_players=4, seed=1)
>>> state.current_player(), state.decision()
(0, 'plant')
"""

from __future__ import annotations

import copy
import dataclasses
import json
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from .actions import Action, action_from_json, check_exact_action, exact_checks
from .copying import _IMMUTABLE, _SHARED_ON_CLONE, _SLOT_COPIERS, _slot_copier, attributes, slot_names
from .errors import (
    GameOver,
    IllegalAction,
    InvalidNotation,
    InvalidOption,
    InvalidPosition,
    JalizLearnError,
    NotYourTurn,
    RuleViolation,
)
from .events import Event, EventLog
from .info import GameInfo, OptionSpec
from .json_checks import MAX_JSON_DEPTH, MAX_JSON_ITEMS, check_json_keys, check_json_shape
from .rng import Rng, check_seed
from .rules import RuleCatalogue
from .shared import SharedList

_FIELD_NAMES: dict[type, frozenset[str]] = {}


@dataclass(frozen=True)
class Observation:
    """Base of every game's observation: what ``player`` may see (``None``: spectator).

    Observations are frozen and built from copies; nothing in them refers back
    to the state, so a bot cannot reach hidden cards or the deck order.
    """

    game: str
    player: int | None
    num_players: int
    current_player: int | None
    decision: str
    turn: int
    is_over: bool

    def _repr_svg_(self) -> str:
        """The picture of what this player sees (drawn by :mod:`jaliz_learn.pictures`, see :mod:`.display`)."""
        from . import display

        return display.svg(self)

    def _repr_html_(self) -> str:
        from . import display

        return display.html(self)

    @classmethod
    def fast(cls, shared: Mapping[str, Any] | None = None, /, **fields: Any) -> Any:
        """Build an observation without the frozen-dataclass ``__init__``.

        A frozen dataclass sets each field with ``object.__setattr__``, which dominates a random
        playout with ~30 fields. This fills ``__dict__`` at once; the object is the same (equal,
        frozen, picklable). Every field must be given: the check is not made here (this is the
        hot loop) but by the conformance suite, which compares every game's observations with
        :meth:`field_names`. ``shared`` is an optional mapping of fields reused between
        observations (e.g. a cached public part), copied in before ``fields``.
        """
        obj = object.__new__(cls)
        d = obj.__dict__
        if shared is not None:
            d.update(shared)
        d.update(fields)
        return obj

    @classmethod
    def field_names(cls) -> frozenset[str]:
        names = _FIELD_NAMES.get(cls)
        if names is None:
            names = _FIELD_NAMES[cls] = frozenset(f.name for f in dataclasses.fields(cls))
        return names


@dataclass(frozen=True)
class Outcome:
    """Final result: scores, ranking (groups of tied players, best first) and winners.

    ``winners`` may be empty: some rules let nobody win (every player eliminated).
    ``eliminated`` lists players who lost by a rule whatever their score; they rank last.
    """

    scores: tuple[float, ...]
    ranking: tuple[tuple[int, ...], ...]
    winners: tuple[int, ...]
    tiebreaks: tuple[tuple[Any, ...], ...] = field(default=())
    eliminated: tuple[int, ...] = field(default=())


class Game(ABC):
    """A registered game: metadata, options and a factory for states."""

    info: ClassVar[GameInfo]
    action_types: ClassVar[Mapping[str, type[Action]]] = {}

    def __init__(self, **options: Any) -> None:
        self.options: dict[str, Any] = self.info.resolve_options(options)
        #: each action class of the game -> its generated exact-type check (``apply`` runs one per action);
        #: the table pickles as the recipe that rebuilds it, so subclasses need no pickling code for it
        self.action_checks: Mapping[type, Callable[[Any], bool]] = exact_checks(self.action_types)

    @property
    def name(self) -> str:
        return self.info.name

    @abstractmethod
    def initial_state(self, num_players: int | None = None, seed: int = 0) -> State:
        """A new game for ``num_players`` players; all chance flows from ``seed``."""

    def state_from_json(self, data: Mapping[str, Any]) -> State:
        """Rebuild a state from ``State.to_json()`` output (full or compact) or from a scenario position.

        Anything malformed raises :class:`InvalidPosition` naming the field; a game reads the data in
        ``_state_from_json`` and this wrapper turns any slip of that reader into the same clear error,
        so hostile input never escapes as a raw ``TypeError`` or ``KeyError``.
        """
        check_json_shape(data)
        try:
            state = self._state_from_json(data)
        except InvalidOption as exc:  # e.g. a player count out of range: in a position, that is the position's fault
            raise InvalidPosition(str(exc)) from None
        except JalizLearnError:
            raise
        except (TypeError, KeyError, AttributeError, IndexError, ValueError, RecursionError, OverflowError,
                MemoryError) as exc:
            raise InvalidPosition(f"not a valid {self.name} position ({type(exc).__name__}: {exc})") from None
        return state

    def _state_from_json(self, data: Mapping[str, Any]) -> State:  # pragma: no cover - every game overrides
        raise NotImplementedError(f"{self.name} cannot read positions")

    def sample_state(self, observation: Observation, rng: Rng | int) -> State:
        """A full state consistent with everything ``observation`` shows (a determinisation).

        The observer's own cards, every public card and count, the phase and who decides are kept;
        the cards the observer cannot see are dealt at random (from ``rng``) from the pool of cards
        it has not seen. ``sample_state(obs, rng).observation(obs.player) == obs``. Search bots use
        this instead of the real state, which they never receive. docs/PROTOCOL.md says what each
        game's sampling assumes.
        """
        raise NotImplementedError(f"{self.name} cannot sample hidden information yet")

    @abstractmethod
    def parse_action(self, text: str, state: State) -> Action:
        """Read an action from its text notation (raises :class:`InvalidNotation`)."""

    @property
    @abstractmethod
    def rules(self) -> RuleCatalogue:
        """The rule catalogue of this game."""

    def describe_event(self, event: Event, viewer: int | None = None) -> str:
        """One line of text for an event (games override this for readable logs)."""
        data = ", ".join(f"{k}={v}" for k, v in event.data.items())
        who = f"P{event.player} " if event.player is not None else ""
        return f"{who}{event.kind} {data}".strip()

    def action_from_json(self, data: Any) -> Action:
        return action_from_json(data, self.action_types)

    def resolve_num_players(self, num_players: int | None) -> int:
        n = num_players if num_players is not None else (self.info.default_players or self.info.min_players)
        self.info.check_players(n)
        return n

    def __repr__(self) -> str:
        opts = ", ".join(f"{k}={v!r}" for k, v in self.options.items())
        return f"load_game({self.name!r}{', ' if opts else ''}{opts})"


class State(ABC):
    """A position of a game. Mutable; ``apply`` checks an action before changing anything.

    Subclasses implement the abstract methods; ``apply`` guarantees that an
    illegal action raises an :class:`IllegalAction` and leaves the state as it was.
    """

    # Slots, not an instance dict, for what every state owns: a game's state class may declare ``__slots__``
    # too (then it has no ``__dict__``; CPython 3.11 reads slots faster than a dict of more than 30 keys),
    # or not (then its own attributes live in an instance dict as usual). ``clone`` copies both.
    __slots__ = ("game", "num_players", "seed", "rng", "log", "_history")

    game: Game
    num_players: int
    seed: int
    rng: Rng
    log: EventLog
    _history: SharedList[tuple[int, Action]]

    def __init__(self, game: Game, num_players: int, seed: int) -> None:
        """What every state owns: its game, player count, seed, random generator, log and history."""
        self.game = game
        self.num_players = num_players
        self.seed = check_seed(seed)
        self.rng = Rng(seed)
        self.log = EventLog()
        self._history = SharedList()

    @property
    def history(self) -> SharedList[tuple[int, Action]]:
        """``(player, action)`` for every action applied so far, oldest first (append-only)."""
        return self._history

    @history.setter
    def history(self, items: Sequence[tuple[int, Action]]) -> None:
        self._history = items.fork() if isinstance(items, SharedList) else SharedList(items)

    # ---- what a subclass provides -------------------------------------------
    @abstractmethod
    def current_player(self) -> int | None:
        """The player who must decide now, or ``None`` when the game is over."""

    @abstractmethod
    def decision(self) -> str:
        """The kind of decision pending, e.g. ``"plant"`` (``"game-over"`` at the end)."""

    @abstractmethod
    def legal_actions(self, player: int | None = None) -> Sequence[Action]:
        """All legal actions of ``player`` (default: the current player); empty if not to act."""

    @abstractmethod
    def _apply(self, player: int, action: Action) -> None:
        """Carry out an action already known to be legal."""

    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def scores(self) -> tuple[float, ...]:
        """Current (or final) score of every player."""

    @abstractmethod
    def observation(self, player: int | None) -> Observation:
        """What ``player`` may see; ``None`` gives the spectator view."""

    @abstractmethod
    def to_json(self, compact: bool = False) -> dict[str, Any]:
        """The whole state as JSON-able data (``game.state_from_json`` reads it back exactly).

        ``compact=True`` gives the position only (like FEN next to PGN): everything needed to play
        on, including the generator, but not the event log or the history; reading it back starts a
        new log and an empty history.
        """

    def tiebreak(self, player: int) -> tuple[Any, ...]:
        """Keys compared after the score, best first (games override)."""
        return ()

    def explain_illegal(self, player: int, action: Action) -> IllegalAction:
        """Why ``action`` is not legal now; games override to name the exact rule."""
        return RuleViolation("this action is not among the legal actions", action=action, player=player,
                             decision=self.decision(), allowed=self.legal_actions(player))

    def check_action(self, player: int, action: Action) -> None:
        """Raise if ``action`` is illegal; the default looks it up in ``legal_actions``."""
        if action not in self.legal_actions(player):
            raise self.explain_illegal(player, action)

    # ---- the protocol every game shares -------------------------------------
    def apply(self, action: Action | str, player: int | None = None) -> list[Event]:
        """Apply ``action`` (an Action or its text notation) for ``player`` (default: current).

        Returns the new events. Raises an :class:`IllegalAction` and leaves the
        state unchanged if the action is not legal.
        """
        if isinstance(action, str):
            action = self.game.parse_action(action, self)
        if not isinstance(action, Action):
            raise InvalidNotation(f"expected an Action or its text notation, got {action!r}")
        actor = self.current_player()
        if actor is None:
            raise GameOver("the game is over", rule="protocol", action=action, player=player,
                           decision="game-over", allowed=())
        if player is not None and player != actor:
            self._check_exact(actor, action)  # a forged action is reported as such, whoever sends it
            raise NotYourTurn(f"it is player {actor}'s decision ({self.decision()}), not player {player}'s",
                              rule="protocol", action=action, player=player, decision=self.decision(), allowed=())
        start = len(self.log)
        self._apply_checked(actor, action)
        return self.log.since(start)

    def _check_exact(self, actor: int, action: Action) -> None:
        """Refuse anything but exactly one of the game's action classes with exactly typed fields."""
        fast = self.game.action_checks.get(type(action))
        if fast is not None and fast(action):
            return
        try:
            check_exact_action(action, self.game.action_types)  # the slow path names what is wrong
        except InvalidNotation as exc:  # a foreign or forged action is illegal here, whatever it claims
            raise RuleViolation(str(exc), rule="protocol", player=actor, decision=self.decision(),
                                allowed=self.legal_actions(actor)) from None

    def _apply_checked(self, actor: int, action: Action) -> None:
        """Check ``action`` for ``actor`` (the current player) and carry it out: ``apply`` without the
        parsing and the returned events, which ``play`` and searches do not need."""
        fast = self.game.action_checks.get(type(action))
        if fast is None or not fast(action):
            self._check_exact(actor, action)
        self.check_action(actor, action)
        self._apply(actor, action)
        self._history.append((actor, action))

    def step(self, action: Action | str) -> State:
        """Apply and return ``self`` (for chaining in notebooks)."""
        self.apply(action)
        return self

    def outcome(self) -> Outcome | None:
        """Scores, ranking and winners once the game is over (else ``None``)."""
        if not self.is_over():
            return None
        return self.standings()

    def standings(self) -> Outcome:
        """Scores, ranking and winners as they stand now (ties broken by ``tiebreak``)."""
        scores = self.scores()
        keys = [(scores[p], *self.tiebreak(p)) for p in range(self.num_players)]
        order = sorted(range(self.num_players), key=lambda p: keys[p], reverse=True)
        ranking: list[tuple[int, ...]] = []
        for p in order:
            if ranking and keys[ranking[-1][0]] == keys[p]:
                ranking[-1] = (*ranking[-1], p)
            else:
                ranking.append((p,))
        return Outcome(scores=tuple(scores), ranking=tuple(ranking), winners=tuple(sorted(ranking[0])),
                       tiebreaks=tuple(tuple(k[1:]) for k in keys))

    def ranking(self) -> tuple[tuple[int, ...], ...]:
        return self.standings().ranking

    def winners(self) -> tuple[int, ...]:
        return self.standings().winners

    def spectator(self) -> Observation:
        return self.observation(None)

    def events(self, viewer: int | None | str = "all") -> list[Event]:
        """The event log, filtered for ``viewer`` (``None``: spectator, ``"all"``: everything)."""
        return list(self.log) if viewer == "all" else self.log.for_viewer(viewer)  # type: ignore[arg-type]

    def log_text(self, viewer: int | None | str = "all") -> list[str]:
        v = None if viewer == "all" else viewer
        return [self.game.describe_event(e, v) for e in self.events(viewer)]  # type: ignore[arg-type]

    def log_dataframe(self, viewer: int | None | str = "all") -> Any:
        """The (filtered) event log as a pandas DataFrame."""
        v = None if viewer == "all" else viewer
        return self.log.to_dataframe(viewer, describe=lambda e: self.game.describe_event(e, v))  # type: ignore[arg-type]

    def actions_json(self) -> list[dict[str, Any]]:
        return [a.to_json() for _, a in self.history]

    def record(self) -> dict[str, Any]:
        """A replayable record: game, options, players, seed and the actions in order."""
        return {"game": self.game.name, "options": self.game.options, "num_players": self.num_players,
                "seed": self.seed, "actions": [str(a) for _, a in self.history],
                "actions_json": self.actions_json()}

    def clone(self) -> State:
        """An independent copy (for search) whose cost does not grow with the game.

        The log and the history are append-only and shared with the copy (see
        :class:`~jaliz_learn.core.shared.SharedList`); the generator is copied; every other attribute
        is copied by :meth:`_copy_into`, which games override with hand-written copies.

        >>> import jaliz_learn
        >>> s = jaliz_learn.load_game("nizam").initial_state(num_players=2, seed=3)
        >>> c = s.clone()
        >>> _ = c.apply(c.legal_actions()[0])
        >>> len(c.history) - len(s.history)
        1
        """
        cls = type(self)
        new = object.__new__(cls)
        copier = _SLOT_COPIERS.get(cls)
        if copier is None:
            copier = _SLOT_COPIERS[cls] = _slot_copier(cls)
        copier(self, new)  # every slot and the instance dict (if any), shared as is; then what must not be shared
        new.rng = self.rng.clone()
        new.log = self.log.fork()
        new._history = self._history.fork()
        self._copy_into(new)
        return new

    def _copy_into(self, new: State) -> None:
        """Give ``new`` its own copy of every mutable attribute (``new`` starts as a shallow copy).

        The default deep-copies every attribute but the game, generator, log and history; games
        override it with hand-written copies of their containers (much faster than ``deepcopy``).
        Immutable values (ints, strings, tuples of them) may stay shared.
        """
        memo: dict[int, Any] = {id(self.game): self.game}
        for key, value in attributes(self).items():
            if key not in _SHARED_ON_CLONE and not isinstance(value, _IMMUTABLE):
                setattr(new, key, copy.deepcopy(value, memo))

    def dumps(self) -> str:
        return json.dumps(self.to_json(), sort_keys=True)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self.dumps() == other.dumps()

    __hash__ = None  # type: ignore[assignment]

    def __str__(self) -> str:
        return f"<{self.game.name} state: turn {self.log.turn}, {self.decision()} by {self.current_player()}>"

    def __repr__(self) -> str:
        return self.__str__()

    def _repr_svg_(self) -> str:
        """The spectator's picture (no hidden card): drawn by :mod:`jaliz_learn.pictures` (see :mod:`.display`)."""
        from . import display

        return display.svg(self)

    def _repr_html_(self) -> str:
        from . import display

        return display.html(self)


# GameInfo, OptionSpec, the copying helpers and the JSON checks live in their own modules; they are still
# importable from here, where they were first defined
__all__ = ["MAX_JSON_DEPTH", "MAX_JSON_ITEMS", "Game", "GameInfo", "Observation", "OptionSpec", "Outcome", "State",
           "attributes", "check_json_keys", "check_json_shape", "slot_names"]
