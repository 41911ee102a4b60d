"""OpenSpiel Python games for every registered game (needs ``pip install "jaliz_learn[rl]"``).

``register()`` registers ``python_jaliz_learn_<game>`` (``-`` becomes ``_``) for every game, e.g.
``pyspiel.load_game("python_jaliz_learn_nizam", {"players": 1})``. Parameters: ``players`` (default:
the game's default count) and ``rng_seed`` (default 0).

Declared from the engine: actions are the game's fixed ids in RL mode (``num_distinct_actions``, composite
actions built by sub-decisions); ``max_game_length`` is ``GameInfo.max_decisions`` times the most ids one
decision can take; the utility range is ``GameInfo.score_range``; returns are the final scores
(``GENERAL_SUM``, ``TERMINAL`` rewards). Chance is **sampled stochastic**: shuffles and draws happen inside
``apply_action`` from the engine's seeded generator; each new state draws its engine seed from the game's
own generator (seeded by ``rng_seed``) when it is first used, so the sequence of games is reproducible
(clones copy their original's engine state and draw nothing). No chance
nodes are exposed (see docs/ADAPTERS.md for why). Observations: ``observation_tensor`` is the game's tensor
for the player (plus the action being built) and ``observation_string`` its text; information states
are not provided (the engines' observations are not perfect-recall).

>>> import pytest; _ = pytest.importorskip("pyspiel")  # the rl extra
>>> import pyspiel
>>> _ = register()
>>> game = pyspiel.load_game("python_jaliz_learn_nizam", {"players": 1})
>>> state = game.new_initial_state()
>>> state.current_player(), len(state.legal_actions()) > 0
(0, True)
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .. import load_game
from ..core.game import Game
from ..core.registry import available
from .rl import RLState
from .tensors import observation_string

try:  # the optional extra
    import pyspiel
except ImportError:  # pragma: no cover
    pyspiel = None  # type: ignore[assignment]

_REGISTERED: dict[str, Any] = {}


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


def _make(name: str) -> tuple[Any, Any]:
    """The GameType and Game class of one engine game."""
    engine = load_game(name)
    info = engine.info
    default_players = info.default_players or info.min_players
    low, high = info.score_range if info.score_range else (-1e9, 1e9)
    game_type = pyspiel.GameType(
        short_name=short_name(name),
        long_name=f"jaliz_learn {info.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=(pyspiel.GameType.Information.IMPERFECT_INFORMATION if info.hidden_information
                     else pyspiel.GameType.Information.PERFECT_INFORMATION),
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info.max_players,
        min_num_players=info.min_players,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
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
            probe = RLState(engine.initial_state(num_players=self.players, seed=0))
            enc = probe.encoding
            length = (info.max_decisions or 1_000_000) * enc.max_steps_per_decision
            game_info = pyspiel.GameInfo(
                num_distinct_actions=enc.num_distinct_actions, max_chance_outcomes=0,
                num_players=self.players, min_utility=float(low), max_utility=float(high),
                utility_sum=None, max_game_length=int(length))
            super().__init__(game_type, game_info, params)
            self.tensor_size = probe.tensor_size()
            self._seeds = np.random.default_rng(int(params.get("rng_seed", 0)))

        def new_initial_state(self) -> Any:
            return SpielState(self)

        def new_rl_state(self) -> RLState:
            seed = int(self._seeds.integers(0, 2**31 - 1))
            return RLState(self.engine.initial_state(num_players=self.players, seed=seed))

        def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Any:
            if iig_obs_type is not None and iig_obs_type.perfect_recall:
                raise ValueError("jaliz_learn games provide observations, not perfect-recall information states")
            return Observer(self.tensor_size)

    class SpielState(pyspiel.State):  # type: ignore[misc]
        def __init__(self, game: Any) -> None:
            super().__init__(game)
            self.holder = _Holder(game)

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

        def _action_to_string(self, player: int, action: int) -> str:
            return self.rl.describe(int(action))

        def is_terminal(self) -> bool:
            return self.rl.is_over()

        def returns(self) -> list[float]:
            if not self.rl.is_over():
                return [0.0] * self.rl.state.num_players
            return list(self.rl.returns())

        def __str__(self) -> str:
            return observation_string(self.rl.state.observation(None))

    _REGISTERED[name] = SpielGame
    return game_type, SpielGame


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
    """Register the games (default: every available one) with OpenSpiel; returns their OpenSpiel names."""
    if pyspiel is None:
        raise ImportError('the OpenSpiel adapter needs the rl extra: pip install "jaliz_learn[rl]"')
    names = []
    for name in games if games is not None else available():
        if name not in _REGISTERED:
            game_type, cls = _make(name)
            pyspiel.register_game(game_type, cls)
        names.append(short_name(name))
    return names
