"""OpenSpiel Python games for every registered game (needs ``pip install "jaliz_learn[rl]"``).

``register()`` registers ``python_jaliz_learn_<game>`` (``-`` becomes ``_``) for every game, e.g.
``pyspiel.load_game("python_jaliz_learn_nizam", {"players": 1})``. Parameters: ``players`` (default:
the game's default count), ``rng_seed`` (default 0), ``chance`` (below), ``deals`` (the explicit form's number of
seeded deals), ``horizon`` and ``position`` (small settings for exact methods: :mod:`.small`).

Declared from the engine: actions are the game's fixed ids in RL mode (``num_distinct_actions``, composite
actions built by sub-decisions); ``max_game_length`` is ``GameInfo.max_decisions`` times the most ids one
decision can take; the utility range is ``GameInfo.score_range``; returns are the final scores
(``GENERAL_SUM``, ``TERMINAL`` rewards). Each game is also registered with win returns,
``python_jaliz_learn_<game>_win`` (``ZERO_SUM``, utilities in [-1, 1]: a sole winner gets 1, each loser
``-1 / (n - 1)``, a shared win splits; 2 to ``max_players`` players).

Chance (parameter ``chance``): ``"explicit"`` (the default, ``EXPLICIT_STOCHASTIC``) exposes chance nodes: the deal
is one chance node over ``deals`` seeded deals (uniform), then every card drawn and every die rolled is a chance
outcome with its probability, decided only when it happens (:mod:`.chance`): no clone knows a future draw, so
MCTS, expectimax, CFR and exploitability apply. ``"sampled"`` keeps the generator inside the state
(``DETERMINISTIC``: every transition is a function of the state, faster, no chance nodes). **Warning:** in the
sampled form a clone knows every future draw, so a perfect-information search on it (``MCTSBot``, minimax, an
AlphaZero-style search) sees the future; use it only with sampling methods that never look inside a clone
(IS-MCTS with ``resample_from_infostate``, RL). In the sampled form each new state draws its engine seed from
the game's own generator (seeded by ``rng_seed``) when it is first used, so the sequence of games is
reproducible (clones copy their original's engine state and draw nothing). Observations:
``observation_tensor`` is the game's tensor for the player (plus the action being built) and
``observation_string`` its text. Information states:
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
>>> state.is_chance_node(), len(state.chance_outcomes())  # the deal: one of 65,536 seeded deals
(True, 65536)
>>> state.apply_action(7)
>>> state.current_player(), len(state.legal_actions()) > 0
(0, True)
>>> sampled = pyspiel.load_game("python_jaliz_learn_nizam", {"players": 1, "chance": "sampled"})
>>> sampled.new_initial_state().current_player()  # no chance nodes: the state's generator decides
0
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np

from ..core.events import EventLog
from ..core.game import Game
from ..core.registry import available, load_game
from ..core.rng import hash_seed
from .chance import NeedChance, Script, forget_order, trial
from .rl import RLState
from .spiel_views import InfoStateObserver, Observer, information_state_string, information_state_tensor, win_returns
from .tensors import observation_string

try:  # the optional extra
    import pyspiel
except ImportError:  # pragma: no cover
    pyspiel = None  # type: ignore[assignment]

_REGISTERED: dict[str, Any] = {}
#: The sampled form (``chance="sampled"``): every shuffle and roll comes from the state's own seeded generator,
#: part of the state (and of its serialization): each transition is a function of the state, so OpenSpiel can
#: serialize states (a Python game declared SAMPLED_STOCHASTIC cannot be: its generator state is C++-only).
#: ``new_initial_state()`` draws each game's seed from the game's generator (``rng_seed``): games still differ.
CHANCE_MODE = pyspiel.GameType.ChanceMode.DETERMINISTIC if pyspiel is not None else None
#: The default form: chance nodes for the deal, every draw and every roll (see :mod:`.chance`).
EXPLICIT_MODE = pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC if pyspiel is not None else None
#: The explicit form's deal is one chance node over this many seeded deals (each 1 / deals).
DEFAULT_DEALS = 1 << 16
#: Most outcomes of one chance node after the deal: a Fisher-Yates step of the largest reshuffle, a card kind.
MAX_OUTCOMES = 1024


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
    def dealt(self) -> bool:
        return self._rl is not None or not self.game.explicit

    @property
    def rl(self) -> RLState:
        if self._rl is None:
            if self.game.explicit:
                raise ValueError("the cards are not dealt yet: this state is the deal's chance node")
            self._rl = self.game.new_rl_state()
        return self._rl

    def __deepcopy__(self, memo: dict[int, Any]) -> _Holder:
        return _Holder(self.game, self.rl.clone() if self.dealt else None)


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
    fields = dict(
        short_name=short_name(name) + ("_win" if wins else ""),
        long_name=f"jaliz_learn {info.title}" + (" (win returns)" if wins else ""),
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
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
        parameter_specification={"players": default_players, "rng_seed": 0, "chance": "explicit",
                                 "deals": DEFAULT_DEALS, "horizon": 0, "position": ""},
    )
    game_type = pyspiel.GameType(**fields, chance_mode=EXPLICIT_MODE)
    sampled_type = pyspiel.GameType(**fields, chance_mode=CHANCE_MODE)

    class SpielGame(pyspiel.Game):  # type: ignore[misc]
        def __init__(self, params: dict[str, Any] | None = None) -> None:
            params = dict(params or {})
            self.engine: Game = engine
            self.players = int(params.get("players", default_players))
            info.check_players(self.players)
            if wins and self.players < 2:
                raise ValueError("win returns need at least 2 players")
            self.chance = str(params.get("chance", "explicit"))
            if self.chance not in ("explicit", "sampled"):
                raise ValueError(f"chance must be 'explicit' or 'sampled', got {self.chance!r}")
            self.explicit = self.chance == "explicit"
            self.deals = int(params.get("deals", DEFAULT_DEALS))
            if self.deals < 1:
                raise ValueError(f"deals must be at least 1, got {self.deals}")
            self.rng_seed = int(params.get("rng_seed", 0))
            # a truncated game for exact methods: it ends after this many engine decisions (0: never), scored as
            # it stands then (docs/ADAPTERS.md, "Small settings")
            self.horizon = int(params.get("horizon", 0))
            # a scenario position (the engine's JSON) to start from instead of a new deal: e.g. a short deck
            self.position = str(params.get("position", ""))
            if self.position:
                engine.state_from_json(json.loads(self.position))  # a bad position fails here, in one line
            probe = RLState(engine.initial_state(num_players=self.players, seed=0))
            enc = probe.encoding
            decisions = info.max_decisions or 1_000_000
            length = decisions * enc.max_steps_per_decision
            if self.horizon > 0:
                decisions = min(decisions, self.horizon)
                length = decisions * enc.max_steps_per_decision
            if self.explicit:  # chance nodes too: the deal, draws and rolls, Fisher-Yates steps of reshuffles
                length += 1 + decisions * 16 + 8 * MAX_OUTCOMES
            game_info = pyspiel.GameInfo(
                num_distinct_actions=enc.num_distinct_actions,
                max_chance_outcomes=max(self.deals, MAX_OUTCOMES) if self.explicit else 0,
                num_players=self.players, min_utility=float(low), max_utility=float(high),
                utility_sum=0.0 if wins else None, max_game_length=int(length))
            super().__init__(game_type if self.explicit else sampled_type, game_info, params)
            self.tensor_size = probe.tensor_size()
            self.info_tensor_size = self.tensor_size + enc.num_distinct_actions
            self._seeds = np.random.default_rng(int(params.get("rng_seed", 0)))

        def new_initial_state(self) -> Any:
            return SpielState(self)

        def __reduce__(self) -> tuple[Any, ...]:
            """Pickled as its name and parameters (OpenSpiel's own pickling keeps none of the attributes)."""
            return (_load_game, (self.get_type().short_name, dict(self.get_parameters())))

        def new_rl_state(self) -> RLState:
            seed = int(self._seeds.integers(0, 2**31 - 1))
            return RLState(self.engine.initial_state(num_players=self.players, seed=seed))

        def dealt_rl_state(self, deal: int) -> RLState:
            """The explicit form's deal number ``deal`` (the piles' order forgotten)."""
            seed = hash_seed(self.rng_seed, deal)
            if self.position:
                data = {**json.loads(self.position), "seed": seed}
                rl = RLState(self.engine.state_from_json(data))
            else:
                rl = RLState(self.engine.initial_state(num_players=self.players, seed=seed))
            forget_order(rl.state)
            return rl

        def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Any:
            if iig_obs_type is not None and iig_obs_type.perfect_recall:
                return InfoStateObserver(self.info_tensor_size)
            return Observer(self.tensor_size)

        def deserialize_state(self, text: str) -> Any:
            """A state from :meth:`SpielState.serialize` (the engine's JSON and the action being built)."""
            data = json.loads(text)
            state = SpielState(self)
            if data.get("dealt", True) is False:
                return state
            rl = RLState(self.engine.state_from_json(data["state"]))
            rl.steps = int(data.get("steps", 0))
            for i in data.get("building", []):  # replay the sub-decisions of the action being built
                rl.apply_id(int(i))
            if self.explicit:
                forget_order(rl.state)  # a position written by hand may carry a draw order: forgotten
            state.holder = _Holder(self, rl)
            if data.get("pending") is not None:  # a chance node: the move and the outcomes so far
                state.pending, state.script = int(data["pending"]), list(data.get("script", []))
                state._resolve()
            return state

    class SpielState(pyspiel.State):  # type: ignore[misc]
        def __init__(self, game: Any) -> None:
            super().__init__(game)
            self.holder = _Holder(game)
            self.building_ids: list[int] = []  # the sub-decision ids of the action being built (serialize)
            # explicit chance: the player's id being resolved, the outcomes so far, the open node's outcomes
            self.pending: int | None = None
            self.script: list[Any] = []
            self.outcomes: list[tuple[Any, float]] = []

        @property
        def rl(self) -> RLState:
            return self.holder.rl

        @property
        def dealt(self) -> bool:
            return self.holder.dealt

        def is_chance_node(self) -> bool:
            return not self.dealt or self.pending is not None

        def current_player(self) -> int:
            if self.is_chance_node():
                return pyspiel.PlayerId.CHANCE
            p = self.rl.current_player()
            return pyspiel.PlayerId.TERMINAL if p is None or self.truncated() else p

        def chance_outcomes(self) -> list[tuple[int, float]]:
            """The open chance node's outcomes: ``(id, probability)`` (the deal's, or those of a draw or roll)."""
            if not self.dealt:
                deals = self.get_game().deals
                return [(d, 1.0 / deals) for d in range(deals)]
            return [(i, p) for i, (_, p) in enumerate(self.outcomes)] if self.pending is not None else []

        def _legal_actions(self, player: int) -> list[int]:
            if self.is_chance_node():
                return [a for a, _ in self.chance_outcomes()] if player == pyspiel.PlayerId.CHANCE else []
            return self.rl.legal_ids() if player == self.current_player() else []

        def _apply_action(self, action: int) -> None:
            action = int(action)
            game = self.get_game()
            if not self.dealt:
                if not 0 <= action < game.deals:
                    raise ValueError(f"no deal {action}: the deals are 0..{game.deals - 1}")
                self.holder = _Holder(game, game.dealt_rl_state(action))
                return
            if self.pending is not None:
                if not 0 <= action < len(self.outcomes):
                    raise ValueError(f"no chance outcome {action}: this node has {len(self.outcomes)}")
                self.script = self.script + [self.outcomes[action][0]]
            elif game.explicit:
                self.pending, self.script = action, []
            else:
                self.rl.apply_id(action)
                self.building_ids = self.building_ids + [action] if self.rl.builder is not None else []
                return
            self._resolve()

        def _resolve(self) -> None:
            """Apply the pending id with the outcomes so far; open a chance node if the rules need another."""
            assert self.pending is not None
            action = self.pending
            try:
                rl = trial(self.rl, lambda r: r.apply_id(action), Script(self.script))
            except NeedChance as need:
                if len(need.outcomes) > MAX_OUTCOMES:  # pragma: no cover - no game of ours asks for more
                    raise RuntimeError(f"a chance node of {len(need.outcomes)} outcomes ({need.what}): more than "
                                       f"the declared {MAX_OUTCOMES}") from None
                self.outcomes = need.outcomes
                return
            self.holder = _Holder(self.get_game(), rl)
            self.pending, self.script, self.outcomes = None, [], []
            self.building_ids = self.building_ids + [action] if rl.builder is not None else []

        def _action_to_string(self, player: int, action: int) -> str:
            if player == pyspiel.PlayerId.CHANCE:
                if not self.dealt:
                    return f"deal {action}"
                if self.pending is not None and 0 <= action < len(self.outcomes):
                    return f"chance {self.outcomes[action][0]}"
                return f"chance outcome {action}"
            return self.rl.describe(int(action))

        def truncated(self) -> bool:
            """Has the game reached its ``horizon`` (an adapter-level end, not a rule of the game)?"""
            horizon = self.get_game().horizon
            return horizon > 0 and len(self.rl.state.history) >= horizon and self.rl.builder is None

        def is_terminal(self) -> bool:
            return self.dealt and self.pending is None and (self.rl.is_over() or self.truncated())

        def returns(self) -> list[float]:
            n = self.get_game().num_players()
            if not self.is_terminal():
                return [0.0] * n
            if not self.rl.is_over():  # the horizon: the scores as they stand, the leaders win
                scores = self.rl.returns()
                best = max(scores)
                return win_returns(tuple(p for p in range(n) if scores[p] == best), n) if wins else list(scores)
            if wins:
                outcome = self.rl.state.outcome()
                assert outcome is not None
                return win_returns(tuple(outcome.winners), n)
            return list(self.rl.returns())

        def information_state_string(self, player: int | None = None) -> str:
            seat = self.current_player() if player is None else player
            if not self.dealt:
                return f"player {seat} before the deal"
            text = information_state_string(self.rl, seat)
            if self.pending is not None and seat == self.rl.current_player():  # their own move, being resolved
                text += f"\nplayed {self.rl.describe(self.pending)}"
            return text

        def information_state_tensor(self, player: int | None = None) -> list[float]:
            seat = self.current_player() if player is None else player
            if not self.dealt:
                return [0.0] * self.get_game().info_tensor_size
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
            if new.get_game().explicit:
                forget_order(sampled)  # nothing of the sample's draw order is kept either
            new.holder = _Holder(new.get_game(), rl)
            new.building_ids = list(self.building_ids)
            if self.pending is not None:  # resolved anew in the sample
                new.pending = self.pending
                new._resolve()
            return new

        def serialize(self) -> str:
            if not self.dealt:
                return json.dumps({"dealt": False})
            data = {"state": self.rl.state.to_json(), "steps": self.rl.steps - len(self.building_ids),
                    "building": self.building_ids, "pending": self.pending, "script": self.script}
            return json.dumps(data, separators=(",", ":"))

        def __str__(self) -> str:
            if not self.dealt:
                return "before the deal"
            return observation_string(self.rl.state.observation(None))

    # module-level names, so that pickle (OpenSpiel's serialization of Python games, process pools) finds them
    for cls, kind in ((SpielGame, "Game"), (SpielState, "State")):
        cls.__name__ = cls.__qualname__ = f"{kind}_{game_type.short_name}"
        globals()[cls.__name__] = cls
    _REGISTERED[game_type.short_name] = SpielGame
    return game_type, SpielGame


def _load_game(name: str, params: dict[str, Any]) -> Any:
    """``pyspiel.load_game`` after registering (for unpickling in a fresh process)."""
    register()
    return pyspiel.load_game(name, params)


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
