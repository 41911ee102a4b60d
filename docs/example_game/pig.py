"""Pig, the folk dice game, as a jaliz_learn game: the worked example of docs/PROTOCOL.md ("Adding a game").

Its rulebook is ``RULES.md`` beside this file; every rule has an ID (``PIG-...``) that the code cites in the
docstring of the function that carries the rule out. It is not in the package's registry: register it for a
session (``jaliz_learn.core.registry.register_game("pig", "pig:PigGame")`` with this folder on ``sys.path``) or
for a command (``JALIZ_LEARN_GAMES=pig=pig:PigGame``), and the conformance suite checks it like a packaged game:

    cd docs/example_game
    JALIZ_LEARN_GAMES=pig=pig:PigGame PYTHONPATH=. python -m pytest ../../tests/conformance -k pig -p no:cacheprovider

>>> game = PigGame()
>>> state = game.initial_state(num_players=2, seed=4)
>>> state.decision(), [str(a) for a in state.legal_actions()]
('roll', ['roll'])
>>> _ = state.apply("roll")
>>> state.observation(0).turn_total, state.current_player()
(2, 0)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from jaliz_learn.core.actions import Action
from jaliz_learn.core.errors import IllegalAction, InvalidNotation, InvalidPosition, RuleViolation, WrongPhase
from jaliz_learn.core.events import Event, EventLog
from jaliz_learn.core.game import Game, GameInfo, Observation, OptionSpec, State
from jaliz_learn.core.rng import Rng
from jaliz_learn.core.rules import Rule, RuleCatalogue

# ---------------------------------------------------------------- the rulebook and its numbers

RULES = RuleCatalogue("pig", [
    Rule("PIG-SETUP-01", "Players and scores", "2-4 players; every score starts at 0; seat 0 begins.", "Setup"),
    Rule("PIG-TURN-01", "Roll or hold", "On your turn you roll the die as often as you like, then hold.", "Turn"),
    Rule("PIG-TURN-02", "Roll first", "The first action of every turn is a roll.", "Turn"),
    Rule("PIG-TURN-03", "Must hold", "A player whose score and turn total together reach the target must hold "
         "(ruling: the folk rules let them roll on, pointlessly; holding bounds the length of a game).", "Turn",
         status="ruling"),
    Rule("PIG-ROLL-01", "Points", "A roll of 2-6 adds the number rolled to your turn total.", "Rolling"),
    Rule("PIG-ROLL-02", "Pig", "A roll of 1 ends your turn and you lose the turn total.", "Rolling"),
    Rule("PIG-HOLD-01", "Hold", "Holding adds the turn total to your score and ends your turn.", "Holding"),
    Rule("PIG-END-01", "Target", "The first player whose score reaches the target (30) wins at once.", "End"),
    Rule("PIG-END-02", "Turn limit", "After 200 turns the game ends; the highest score wins (ruling: an engine "
         "safeguard so that every game ends).", "End", status="ruling"),
])
DIE_SIDES = 6
PIG = 1              # PIG-ROLL-02
MAX_TURNS = 200      # PIG-END-02 (a ruling: the folk rules have no limit)
MAX_TARGET = 100


# ---------------------------------------------------------------- actions: frozen values with a text notation

@dataclass(frozen=True, slots=True)
class Roll(Action):
    """Roll the die (PIG-TURN-01)."""

    kind = "roll"

    def __str__(self) -> str:
        return "roll"


@dataclass(frozen=True, slots=True)
class Hold(Action):
    """Bank the turn total and end the turn (PIG-HOLD-01)."""

    kind = "hold"

    def __str__(self) -> str:
        return "hold"


# ---------------------------------------------------------------- what a player sees

@dataclass(frozen=True)
class PigObservation(Observation):
    """Everything is public in Pig: the scores, whose turn, the turn total and the last roll (besides the fields
    every observation has: game, player, num_players, current_player, decision, turn, is_over)."""

    scores: tuple[int, ...]
    turn_total: int
    last_roll: int | None
    target: int


# ---------------------------------------------------------------- the state: the rules as small named steps

class PigState(State):
    """A Pig position (mutable). Build one with ``PigGame().initial_state(num_players, seed)``."""

    game: PigGame

    def __init__(self, game: PigGame, num_players: int, seed: int) -> None:
        """PIG-SETUP-01: every score at 0, seat 0 begins."""
        super().__init__(game, num_players, seed)
        self.target: int = game.options["target"]
        self.score = [0] * num_players        # PIG-SETUP-01
        self.current = 0                      # PIG-SETUP-01: seat 0 begins
        self.turn_total = 0
        self.rolled = False                   # has the current player rolled this turn? (PIG-TURN-02)
        self.last_roll: int | None = None
        self.over = False

    # ---- the protocol: who decides, what they may do
    def current_player(self) -> int | None:
        return None if self.over else self.current

    def decision(self) -> str:
        return "game-over" if self.over else ("roll-or-hold" if self.rolled else "roll")

    def legal_actions(self, player: int | None = None) -> Sequence[Action]:
        """PIG-TURN-01, PIG-TURN-02, PIG-TURN-03: roll, and hold once the player has rolled this turn; only hold
        once the target is reached. A fresh tuple of fresh actions every time: nothing handed out is shared."""
        if self.over or (player is not None and player != self.current):
            return ()
        if not self.rolled:
            return (Roll(),)
        if self.score[self.current] + self.turn_total >= self.target:
            return (Hold(),)
        return (Roll(), Hold())

    def explain_illegal(self, player: int, action: Action) -> IllegalAction:
        """Why ``action`` is refused now, with the rule that forbids it."""
        kw = {"action": action, "player": player, "decision": self.decision(), "allowed": self.legal_actions(player)}
        if isinstance(action, Hold) and not self.rolled:
            return WrongPhase("the first action of a turn is a roll", rule="PIG-TURN-02", **kw)
        if isinstance(action, Roll) and self.rolled:
            return RuleViolation("your score and turn total reach the target: hold", rule="PIG-TURN-03", **kw)
        return RuleViolation("not an action of Pig now", rule="PIG-TURN-01", **kw)

    # ---- the rules
    def _apply(self, player: int, action: Action) -> None:
        if isinstance(action, Roll):
            self._roll(player)
        else:
            self._hold(player)

    def _roll(self, player: int) -> None:
        """PIG-ROLL-01 / PIG-ROLL-02: a 2-6 adds to the turn total; a 1 loses it and ends the turn."""
        face = 1 + self.rng.randrange(DIE_SIDES)  # all chance comes from the state's own generator
        self.last_roll = face
        self.log.add("roll", player, {"face": face})
        if face == PIG:
            self.turn_total = 0
            self._next_turn()
        else:
            self.turn_total += face
            self.rolled = True

    def _hold(self, player: int) -> None:
        """PIG-HOLD-01 / PIG-END-01: bank the turn total; reaching the target wins at once."""
        self.score[player] += self.turn_total
        self.log.add("hold", player, {"banked": self.turn_total, "score": self.score[player]})
        self.turn_total = 0
        if self.score[player] >= self.target:
            self.over = True
            self.log.add("game-end", None, {"reason": "target"})
            return
        self._next_turn()

    def _next_turn(self) -> None:
        """The next seat's turn; PIG-END-02: after MAX_TURNS turns the game ends."""
        self.rolled = False
        if self.log.turn >= MAX_TURNS:
            self.over = True
            self.log.add("game-end", None, {"reason": "turn limit"})
            return
        self.current = (self.current + 1) % self.num_players
        self.log.turn += 1

    # ---- the end
    def is_over(self) -> bool:
        return self.over

    def scores(self) -> tuple[float, ...]:
        """PIG-END-01 / PIG-END-02: the banked scores (the highest wins)."""
        return tuple(float(s) for s in self.score)

    def tiebreak(self, player: int) -> tuple[Any, ...]:
        return ()

    # ---- views: what a player sees, and the position as JSON
    def observation(self, player: int | None) -> PigObservation:
        return PigObservation(game="pig", player=player, num_players=self.num_players,
                              current_player=self.current_player(), decision=self.decision(), turn=self.log.turn,
                              is_over=self.over, scores=tuple(self.score), turn_total=self.turn_total,
                              last_roll=self.last_roll, target=self.target)

    def to_json(self, compact: bool = False) -> dict[str, Any]:
        out: dict[str, Any] = {"game": "pig", "num_players": self.num_players, "seed": self.seed,
                               "rng": self.rng.to_json(), "turn": self.log.turn, "score": list(self.score),
                               "current": self.current, "turn_total": self.turn_total, "rolled": self.rolled,
                               "last_roll": self.last_roll, "over": self.over}
        if not compact:
            out["log"] = self.log.to_json()
            out["history"] = [[p, a.to_json()] for p, a in self.history]
        return out

    def _copy_into(self, new: State) -> None:
        """``clone()`` copies the one mutable list (the core forks the generator, log and history)."""
        assert isinstance(new, PigState)
        new.score = self.score[:]


# ---------------------------------------------------------------- the game: metadata, options, factory

POSITION_KEYS = frozenset({"game", "num_players", "seed", "rng", "turn", "score", "current", "turn_total", "rolled",
                           "last_roll", "over", "log", "history"})


class PigGame(Game):
    """Pig: roll a die as long as you dare; a 1 loses the turn's points."""

    info = GameInfo(
        name="pig", title="Pig", min_players=2, max_players=4, has_chance=True, hidden_information=False,
        rules_version="folk rules (docs/example_game/RULES.md)", rulebook="docs/example_game/RULES.md",
        description="The folk dice game: the worked example of adding a game (docs/PROTOCOL.md).",
        options=(OptionSpec("target", 30, "the score that wins (PIG-END-01)", minimum=10, maximum=MAX_TARGET),),
        default_players=2, max_legal_actions=2,
        # every roll but a pig adds at least 2 and a player must hold at the target (PIG-TURN-03): a turn is at most
        # MAX_TARGET / 2 rolls and a hold; and there are at most MAX_TURNS turns (PIG-END-02)
        max_decisions=MAX_TURNS * (MAX_TARGET // 2 + 1), score_range=(0.0, MAX_TARGET + DIE_SIDES - 1.0),
    )
    action_types = {"roll": Roll, "hold": Hold}

    def initial_state(self, num_players: int | None = None, seed: int = 0) -> PigState:
        state = PigState(self, self.resolve_num_players(num_players), seed)
        state.log.turn = 1
        state.log.add("setup", None, {"players": state.num_players, "target": state.target})
        return state

    def parse_action(self, text: str, state: State) -> Action:
        word = text.strip().lower() if isinstance(text, str) else text
        if word == "roll":
            return Roll()
        if word == "hold":
            return Hold()
        raise InvalidNotation(f"a Pig action is 'roll' or 'hold', not {text!r}")

    @property
    def rules(self) -> RuleCatalogue:
        return RULES

    def describe_event(self, event: Event, viewer: int | None = None) -> str:
        if event.kind == "roll":
            return f"P{event.player} rolls {event.data['face']}" + (" (pig!)" if event.data["face"] == PIG else "")
        if event.kind == "hold":
            return f"P{event.player} holds {event.data['banked']} (score {event.data['score']})"
        return super().describe_event(event, viewer)

    def _state_from_json(self, data: Mapping[str, Any]) -> PigState:
        """Read ``to_json`` output back (full or compact); anything malformed raises InvalidPosition."""
        unknown = set(data) - POSITION_KEYS
        if unknown:
            raise InvalidPosition(f"a Pig position has no field {sorted(unknown)[0]!r}")
        if data.get("game", "pig") != "pig":
            raise InvalidPosition(f"this is a {data['game']!r} state, not pig")
        n = data["num_players"]
        self.info.check_players(n)
        state = PigState(self, n, data["seed"])
        state.rng = Rng.from_json(data["rng"])
        score = data["score"]
        if not (isinstance(score, list) and len(score) == n and all(type(s) is int and s >= 0 for s in score)):
            raise InvalidPosition(f"score must be {n} whole numbers >= 0, got {score!r}")
        state.score = list(score)
        for field, kind in (("current", int), ("turn_total", int), ("rolled", bool), ("over", bool)):
            if type(data[field]) is not kind:
                raise InvalidPosition(f"{field} must be {kind.__name__}, got {data[field]!r}")
        if not 0 <= data["current"] < n or data["turn_total"] < 0:
            raise InvalidPosition("current must be a seat and turn_total >= 0")
        state.current, state.turn_total, state.rolled, state.over = (data["current"], data["turn_total"],
                                                                     data["rolled"], data["over"])
        last = data.get("last_roll")
        if last is not None and (type(last) is not int or not 1 <= last <= DIE_SIDES):
            raise InvalidPosition(f"last_roll must be 1-{DIE_SIDES} or null, got {last!r}")
        state.last_roll = last
        if "log" in data:
            state.log = EventLog.from_json(data["log"], turn=data["turn"])
            state.history = [(p, self.action_from_json(a)) for p, a in data["history"]]
        state.log.turn = data["turn"]
        return state

    def sample_state(self, observation: Observation, rng: Rng | int) -> PigState:
        """Nothing is hidden in Pig: the position the observation shows, with a fresh generator for the dice."""
        assert isinstance(observation, PigObservation)
        source = rng if isinstance(rng, Rng) else Rng(rng)  # an int and Rng(int) give the same sample
        n = len(observation.scores)
        state = PigState(self, n, source.randrange(2**31))
        state.score = list(observation.scores)
        state.current = observation.current_player if observation.current_player is not None else 0
        state.turn_total, state.last_roll, state.over = observation.turn_total, observation.last_roll, \
            observation.is_over
        state.rolled = observation.decision != "roll"
        state.log.turn = observation.turn
        return state


class PigBot:
    """A bot that holds once its turn total reaches 20 (or the target is within reach)."""

    name = "hold at 20"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def act(self, observation: PigObservation, legal_actions: Sequence[Action]) -> Action:
        me = observation.current_player if observation.current_player is not None else 0
        enough = min(20, observation.target - observation.scores[me])
        for action in legal_actions:
            if isinstance(action, Hold) and observation.turn_total >= enough:
                return action
        return legal_actions[0]
