"""OpenSpiel Python games for every registered game (needs ``pip install "jaliz_learn[rl]"``).

``register()`` registers ``python_jaliz_learn_<game>`` (``-`` becomes ``_``) for every game, e.g.
``pyspiel.load_game("python_jaliz_learn_nizam", {"players": 1})``. Parameters: ``players`` (default:
the game's default count) and ``rng_seed`` (default 0).

Declared from the engine: actions are the game's fixed ids in RL mode (``num_distinct_actions``, composite
actions built by sub-decisions); ``max_game_length`` is ``GameInfo.max_decisions`` times the most ids one
decision can take; the utility range is ``GameInfo.score_range``; returns are the final scores
(``GENERAL_SUM``, ``TERMINAL`` rewards). Each game is also registered with win returns,
``python_jaliz_learn_<game>_win`` (``ZERO_SUM``, utilities in [-1, 1]: a sole winner gets 1, each loser
``-1 / (n - 1)``, a shared win splits; 2 to ``max_players`` players).

Chance lives in the state: shuffles and draws happen inside ``apply_action`` from the state's own seeded
generator, so OpenSpiel sees **deterministic** dynamics (see :data:`CHANCE_MODE`); each new state draws its
engine seed from the game's own generator (seeded by ``rng_seed``) when it is first used, so the sequence of
games is reproducible (clones copy their original's engine state and draw nothing). No chance
nodes are exposed (see docs/ADAPTERS.md for why). Observations: ``observation_tensor`` is the game's tensor
for the player (plus the action being built) and ``observation_string`` its text. Information states:
``information_state_string`` is perfect recall (the event log as that player saw it, every event with the
secrets shown to them, plus their observation and the action they are building); ``information_state_tensor``
is the observation tensor followed by how often the player took each action id (fixed size; documented in
docs/ADAPTERS.md). ``resample_from_infostate`` deals the hidden cards anew through the engine's
``Game.sample_state``; ``serialize``/``deserialize_state`` go through the engine's JSON.

>>> import pytest; _ = pytest.importorskip("pyspiel")  # the rl extra
>>> import pyspiel
>>> _ = register()
>>> game = pyspiel.load_game("python_jaliz_learn_nizam", {"players": 1})
>>> state = game.new_initial_state()
>>> state.current_player(), len(state.legal_actions()) > 0
(0, True)
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np

from ..core.events import EventLog
from ..core.game import Game
from ..core.registry import available, load_game
from .rl import RLState
from .tensors import observation_string

try:  # the optional extra
    import pyspiel
except ImportError:  # pragma: no cover
    pyspiel = None  # type: ignore[assignment]

_REGISTERED: dict[str, Any] = {}
#: Every shuffle and roll comes from the state's own seeded generator, which is part of the state (and of its
#: serialization): each transition is a function of the state, so no chance node is exposed and OpenSpiel can
#: serialize states (a Python game declared SAMPLED_STOCHASTIC cannot be: its generator state is C++-only).
#: ``new_initial_state()`` draws each game's seed from the game's generator (``rng_seed``): games still differ.
CHANCE_MODE = pyspiel.GameType.ChanceMode.DETERMINISTIC if pyspiel is not None else None


def short_name(game: str) -> str:
    """The OpenSpiel name of a game: ``python_jaliz_learn_`` + the name with ``_`` for ``-``."""
    return "python_jaliz_learn_" + game.replace("-", "_")


class _Holder:
    """Holds the RL state of an OpenSpiel state, made on first use.

    OpenSpiel clones a Python state by making a new initial state and deep-copying the old one's
    attributes into it. So the engine state is only made (and its seed drawn from the game's
    generator) when first used, never for a clone, and deep-copying lands here and uses the engine's
    fast ``clone()`` instead of copying every object of the state.
    """

    __slots__ = ("game", "_rl")

    def __init__(self, game: Any, rl: RLState | None = None) -> None:
        self.game, self._rl = game, rl

    @property
    def rl(self) -> RLState:
        if self._rl is None:
            self._rl = self.game.new_rl_state()
        return self._rl

    def __deepcopy__(self, memo: dict[int, Any]) -> _Holder:
        return _Holder(self.game, self.rl.clone())


def win_returns(winners: tuple[int, ...], n: int) -> list[float]:
    """Zero-sum utilities in [-1, 1]: ``(n * share - 1) / (n - 1)`` where ``share`` is ``1 / k`` for each of ``k``
    winners and 0 for the others.

    >>> win_returns((1,), 3), win_returns((0, 1), 2)
    ([-0.5, 1.0, -0.5], [0.0, 0.0])
    """
    return [(n * (1.0 / len(winners) if p in winners else 0.0) - 1.0) / (n - 1) for p in range(n)]


def information_state_string(rl: RLState, player: int) -> str:
    """What ``player`` has seen, in order: every event of the log as they saw it, their observation now and the
    action they are building (perfect recall)."""
    lines = [f"player {player}"]
    for e in rl.state.log.for_viewer(player):
        lines.append(json.dumps([e.kind, e.player, e.data, e.secret], sort_keys=True, separators=(",", ":"),
                                default=str))
    lines.append(observation_string(rl.state.observation(player)))
    b = rl.builder
    if b is not None and player == rl.current_player():
        lines.append(f"building {b.spec.cls.__name__} {b.start} {sorted(b.fields.items())} part {b.part}")
    return "\n".join(lines)


def information_state_tensor(rl: RLState, player: int) -> np.ndarray:
    """The observation tensor of ``player`` followed by how often they took each action id (a composite action
    counts at its start id)."""
    enc = rl.encoding
    taken = np.zeros(enc.num_distinct_actions, np.float32)
    for who, action in rl.state.history:
        if who == player:
            if enc.is_composite(action):
                spec = enc.composite_of[type(action)]
                taken[enc.start_id(spec.cls, tuple(getattr(action, f) for f in spec.scalars))] += 1.0
            else:
                taken[enc.action_id(action)] += 1.0
    return np.concatenate([rl.observation_tensor(player), taken])


def _make(name: str, *, wins: bool = False) -> tuple[Any, Any]:
    """The GameType and Game class of one engine game (``wins``: the win-returns variant)."""
    engine = load_game(name)
    info = engine.info
    default_players = info.default_players or info.min_players
    if wins:
        default_players = max(default_players, 2)
        low, high = -1.0, 1.0
    else:
        low, high = info.score_range if info.score_range else (-1e9, 1e9)
    game_type = pyspiel.GameType(
        short_name=short_name(name) + ("_win" if wins else ""),
        long_name=f"jaliz_learn {info.title}" + (" (win returns)" if wins else ""),
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=CHANCE_MODE,
        information=(pyspiel.GameType.Information.IMPERFECT_INFORMATION if info.hidden_information
                     else pyspiel.GameType.Information.PERFECT_INFORMATION),
        utility=pyspiel.GameType.Utility.ZERO_SUM if wins else pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info.max_players,
        min_num_players=max(info.min_players, 2) if wins else info.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": default_players, "rng_seed": 0},
    )

    class SpielGame(pyspiel.Game):  # type: ignore[misc]
        def __init__(self, params: dict[str, Any] | None = None) -> None:
            params = dict(params or {})
            self.engine: Game = engine
            self.players = int(params.get("players", default_players))
            info.check_players(self.players)
            if wins and self.players < 2:
                raise ValueError("win returns need at least 2 players")
            probe = RLState(engine.initial_state(num_players=self.players, seed=0))
            enc = probe.encoding
            length = (info.max_decisions or 1_000_000) * enc.max_steps_per_decision
            game_info = pyspiel.GameInfo(
                num_distinct_actions=enc.num_distinct_actions, max_chance_outcomes=0,
                num_players=self.players, min_utility=float(low), max_utility=float(high),
                utility_sum=0.0 if wins else None, max_game_length=int(length))
            super().__init__(game_type, game_info, params)
            self.tensor_size = probe.tensor_size()
            self.info_tensor_size = self.tensor_size + enc.num_distinct_actions
            self._seeds = np.random.default_rng(int(params.get("rng_seed", 0)))

        def new_initial_state(self) -> Any:
            return SpielState(self)

        def new_rl_state(self) -> RLState:
            seed = int(self._seeds.integers(0, 2**31 - 1))
            return RLState(self.engine.initial_state(num_players=self.players, seed=seed))

        def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Any:
            if iig_obs_type is not None and iig_obs_type.perfect_recall:
                return InfoStateObserver(self.info_tensor_size)
            return Observer(self.tensor_size)

        def deserialize_state(self, text: str) -> Any:
            """A state from :meth:`SpielState.serialize` (the engine's JSON and the action being built)."""
            data = json.loads(text)
            state = SpielState(self)
            rl = RLState(self.engine.state_from_json(data["state"]))
            rl.steps = int(data.get("steps", 0))
            for i in data.get("building", []):  # replay the sub-decisions of the action being built
                rl.apply_id(int(i))
            state.holder = _Holder(self, rl)
            return state

    class SpielState(pyspiel.State):  # type: ignore[misc]
        def __init__(self, game: Any) -> None:
            super().__init__(game)
            self.holder = _Holder(game)
            self.building_ids: list[int] = []  # the sub-decision ids of the action being built (serialize)

        @property
        def rl(self) -> RLState:
            return self.holder.rl

        def current_player(self) -> int:
            p = self.rl.current_player()
            return pyspiel.PlayerId.TERMINAL if p is None else p

        def _legal_actions(self, player: int) -> list[int]:
            return self.rl.legal_ids() if player == self.rl.current_player() else []

        def _apply_action(self, action: int) -> None:
            self.rl.apply_id(int(action))
            self.building_ids = self.building_ids + [int(action)] if self.rl.builder is not None else []

        def _action_to_string(self, player: int, action: int) -> str:
            return self.rl.describe(int(action))

        def is_terminal(self) -> bool:
            return self.rl.is_over()

        def returns(self) -> list[float]:
            n = self.rl.state.num_players
            if not self.rl.is_over():
                return [0.0] * n
            if wins:
                outcome = self.rl.state.outcome()
                assert outcome is not None
                return win_returns(tuple(outcome.winners), n)
            return list(self.rl.returns())

        def information_state_string(self, player: int | None = None) -> str:
            return information_state_string(self.rl, self.current_player() if player is None else player)

        def information_state_tensor(self, player: int | None = None) -> list[float]:
            seat = self.current_player() if player is None else player
            return information_state_tensor(self.rl, seat).tolist()

        def resample_from_infostate(self, player: int, probability_sampler: Any) -> Any:
            """A state that ``player`` cannot tell from this one: the hidden cards dealt anew (``sample_state``),
            seeded from ``probability_sampler`` (OpenSpiel passes a uniform sampler)."""
            seed = int(float(probability_sampler()) * (2**31 - 1))
            real = self.rl.state
            sampled = real.game.sample_state(real.observation(player), rng=seed)
            # the sample is a fresh state; it carries the history as ``player`` saw it (the log with their secrets
            # only, their own actions), so that their information state is the same in both (IS-MCTS checks it)
            sampled.log = EventLog(real.log.for_viewer(player))
            sampled.log.turn = real.log.turn
            sampled.history = [(who, action) for who, action in real.history if who == player]
            rl = RLState(sampled, self.rl.encoding)
            rl.builder = self.rl.builder.copy() if self.rl.builder else None
            rl.steps = self.rl.steps
            new = SpielState(self.get_game())
            new.holder = _Holder(new.get_game(), rl)
            new.building_ids = list(self.building_ids)
            return new

        def serialize(self) -> str:
            data = {"state": self.rl.state.to_json(), "steps": self.rl.steps - len(self.building_ids),
                    "building": self.building_ids}
            return json.dumps(data, separators=(",", ":"))

        def __str__(self) -> str:
            return observation_string(self.rl.state.observation(None))

    # module-level names, so that pickle (OpenSpiel's serialization of Python games, process pools) finds them
    for cls, kind in ((SpielGame, "Game"), (SpielState, "State")):
        cls.__name__ = cls.__qualname__ = f"{kind}_{game_type.short_name}"
        globals()[cls.__name__] = cls
    _REGISTERED[game_type.short_name] = SpielGame
    return game_type, SpielGame


class InfoStateObserver:
    """The perfect-recall PyObserver: :func:`information_state_tensor` and :func:`information_state_string`."""

    def __init__(self, size: int) -> None:
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"info_state": self.tensor}

    def set_from(self, state: Any, player: int) -> None:
        self.tensor[:] = information_state_tensor(state.rl, player)

    def string_from(self, state: Any, player: int) -> str:
        return information_state_string(state.rl, player)


class Observer:
    """The PyObserver of every jaliz_learn game: the RL tensor and the observation's text."""

    def __init__(self, size: int) -> None:
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: Any, player: int) -> None:
        self.tensor[:] = state.rl.observation_tensor(player)

    def string_from(self, state: Any, player: int) -> str:
        return observation_string(state.rl.state.observation(player))


def register(games: list[str] | None = None) -> list[str]:
    """Register the games (default: every available one) with OpenSpiel, each also with win returns
    (``..._win``; games of at least 2 players); returns the OpenSpiel names of the score-return games."""
    if pyspiel is None:
        raise ImportError('the OpenSpiel adapter needs the rl extra: pip install "jaliz_learn[rl]"')
    names = []
    for name in games if games is not None else available():
        for wins in (False, True):
            key = short_name(name) + ("_win" if wins else "")
            if key in _REGISTERED or (wins and load_game(name).info.max_players < 2):
                continue
            game_type, cls = _make(name, wins=wins)
            pyspiel.register_game(game_type, cls)
        names.append(short_name(name))
    return names
