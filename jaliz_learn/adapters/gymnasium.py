"""Gymnasium single-agent environments: one seat of any game, the other seats played by given bots.

Needs ``pip install "jaliz_learn[rl]"``. The agent's actions are the game's fixed ids in RL mode
(``Discrete(num_distinct_actions)``, composite actions built by sub-decisions, see :mod:`.rl`); the
observation is the game's tensor for the seat (``Box``, see :mod:`.tensors`) plus the action being built.
The legal ids come in ``info["action_mask"]`` and from ``action_masks()`` (the convention of maskable
policies). The observation bounds are finite, from the game's data (:meth:`TensorLayout.bounds
<jaliz_learn.adapters.tensors.TensorLayout.bounds>`). ``render_mode``: ``"ansi"`` (the observation as text) or
``"rgb_array"`` (the seat's picture as an image, so ``gymnasium.wrappers.RecordVideo`` records games; the
``render`` extra). The environments are registered when this module is imported (``jaliz_learn/<game>-v0``):
in a fresh process, ``gymnasium.make("jaliz_learn.adapters.gymnasium:jaliz_learn/nizam-v0")`` imports and
registers them (Gymnasium 1.x no longer loads plugins by entry point; 0.29 loads the ``gymnasium.envs`` entry
point this package declares).

Rewards: ``"score"`` gives the seat's final score when the game ends; ``"score-delta"`` the change of the
seat's score at every step (same total, earlier signal); ``"win"`` 1 to a winner at the end.

**An illegal id** (one not set in ``action_masks()``) changes nothing in the game: with ``illegal="end"`` (the
default, so random exploration and Gymnasium's ``check_env`` work) the step returns the same observation,
``illegal_reward`` (default: one below the game's lowest score), ``terminated=True`` and
``info["illegal_action"] = True``; with ``illegal="raise"`` it raises the engine's ``IllegalAction`` (a
``ValueError`` naming the rule). Most ids are illegal in most positions (Nizam has 2,562), so a plain policy
ends nearly every episode at once: train with a maskable policy, e.g. sb3-contrib's ``MaskablePPO``, which
calls ``action_masks()`` (docs/ADAPTERS.md; ``pip install "jaliz_learn[rl-train]"``).

>>> import pytest; _ = pytest.importorskip("gymnasium")  # the rl extra
>>> env = JalizSeatEnv("nizam", num_players=1)     # solo Nizam
>>> obs, info = env.reset(seed=1)
>>> obs.shape == env.observation_space.shape, int(info["action_mask"].sum()) > 0
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from ..bots.base import make_bot
from ..core.errors import IllegalAction
from ..core.game import Game
from ..core.registry import load_game
from ..core.rng import hash_seed
from .render import RENDER_MODES, check_render_mode, render
from .rl import RLState

try:  # the optional extra
    import gymnasium as gym
    from gymnasium import spaces
except ImportError:  # pragma: no cover
    gym = None  # type: ignore[assignment]
    spaces = None  # type: ignore[assignment]

_Env: Any = gym.Env if gym is not None else object
REWARDS = ("score", "score-delta", "win")


class JalizSeatEnv(_Env):  # type: ignore[misc]
    """Seat ``seat`` of ``game`` as a Gymnasium environment; ``opponents`` play the other seats.

    ``opponents`` lists one bot per other seat (in seat order), as bot names (``"random"``, ``"greedy"``,
    ``"heuristic"``, ``"mcts"``) or bot objects; default: random bots.
    """

    metadata = {"render_modes": list(RENDER_MODES), "render_fps": 1}

    def __init__(self, game: str | Game, num_players: int | None = None, seat: int = 0,
                 opponents: Sequence[Any] | None = None, *, reward: str = "score", illegal: str = "end",
                 illegal_reward: float | None = None, render_mode: str | None = None, **options: Any) -> None:
        if gym is None:
            raise ImportError('the Gymnasium adapter needs the rl extra: pip install "jaliz_learn[rl]"')
        self.game = load_game(game, **options) if isinstance(game, str) else game
        self.num_players = self.game.resolve_num_players(num_players)
        if not (type(seat) is int and 0 <= seat < self.num_players):
            raise ValueError(f"seat must be 0..{self.num_players - 1}, got {seat!r}")
        if reward not in REWARDS or illegal not in ("end", "raise"):
            raise ValueError(f"reward must be one of {REWARDS} and illegal 'end' or 'raise'")
        self.seat, self.reward_kind, self.illegal = seat, reward, illegal
        self.render_mode = check_render_mode(render_mode)
        others = [p for p in range(self.num_players) if p != seat]
        given = list(opponents) if opponents is not None else ["random"] * len(others)
        if len(given) != len(others):
            raise ValueError(f"{len(others)} opponents needed (seats {others}), got {len(given)}")
        self.bots = {p: (make_bot(b, self.game.name) if isinstance(b, str) else b) for p, b in zip(others, given)}
        low = self.game.info.score_range[0] if self.game.info.score_range else 0.0
        self.illegal_reward = float(illegal_reward if illegal_reward is not None else low - 1)
        probe = RLState(self.game.initial_state(num_players=self.num_players, seed=0))
        self.num_actions = probe.encoding.num_distinct_actions
        lows, highs = probe.tensor_bounds()
        self.observation_space = spaces.Box(low=lows, high=highs, shape=(probe.tensor_size(),), dtype=np.float32)
        self.action_space = spaces.Discrete(self.num_actions)
        self.rl: RLState | None = None
        self._score = 0.0

    def _own_score(self) -> float:
        assert self.rl is not None
        return float(self.rl.state.scores()[self.seat])

    def _play_bots(self) -> None:
        """Let the bots decide until it is the seat's decision or the game is over."""
        assert self.rl is not None
        state = self.rl.state
        while not state.is_over() and state.current_player() != self.seat:
            p = state.current_player()
            assert p is not None
            state.apply(self.bots[p].act(state.observation(p), state.legal_actions()))

    def action_masks(self) -> np.ndarray:
        """1 for every id legal now (all zeros once the episode is over)."""
        mask = np.zeros(self.num_actions, dtype=np.int8)
        if self.rl is not None and not self.rl.is_over():
            mask[self.rl.legal_ids()] = 1
        return mask

    def _info(self) -> dict[str, Any]:
        assert self.rl is not None
        return {"action_mask": self.action_masks(), "decision": self.rl.state.decision()}

    def _obs(self) -> np.ndarray:
        assert self.rl is not None
        return self.rl.observation_tensor(self.seat)

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[np.ndarray, dict]:
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(0, 2**31 - 1))
        self.rl = RLState(self.game.initial_state(num_players=self.num_players, seed=game_seed))
        for p, bot in self.bots.items():
            reseed = getattr(bot, "reseed", None)
            if callable(reseed):
                reseed(hash_seed(game_seed, 1000 + p))
        self._play_bots()
        self._score = self._own_score()
        return self._obs(), self._info()

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict]:
        assert self.rl is not None, "call reset() first"
        if self.rl.is_over():
            raise RuntimeError("the episode is over: call reset()")
        try:
            self.rl.apply_id(int(action))
        except IllegalAction:
            if self.illegal == "raise":
                raise
            info = self._info()
            info["illegal_action"] = True
            return self._obs(), self.illegal_reward, True, False, info
        self._play_bots()
        over = self.rl.is_over()
        score = self._own_score()
        if self.reward_kind == "score-delta":
            reward, self._score = score - self._score, score
        elif not over:
            reward = 0.0
        elif self.reward_kind == "score":
            reward = score
        else:
            outcome = self.rl.state.outcome()
            reward = 1.0 if outcome is not None and self.seat in outcome.winners else 0.0
        return self._obs(), float(reward), over, False, self._info()

    def render(self) -> Any:
        """The seat's view: text (``"ansi"``) or an ``(H, W, 3)`` image (``"rgb_array"``); ``None`` without a mode."""
        if self.rl is None:
            return None
        return render(self.render_mode, self.rl.state.observation(self.seat))


def register() -> list[str]:
    """Register ``jaliz_learn/<game>-v0`` for every game with Gymnasium, so ``gymnasium.make`` builds them
    (keyword arguments as for :class:`JalizSeatEnv`, e.g. ``gymnasium.make("jaliz_learn/nizam-v0",
    num_players=1)``); returns the ids."""
    from ..core.registry import available

    if gym is None:
        raise ImportError('the Gymnasium adapter needs the rl extra: pip install "jaliz_learn[rl]"')
    ids = []
    for name in available():
        env_id = f"jaliz_learn/{name}-v0"
        if env_id not in gym.registry:
            gym.register(id=env_id, entry_point=f"{__name__}:JalizSeatEnv", kwargs={"game": name})
        ids.append(env_id)
    return ids


if gym is not None:  # importing this module registers the environments
    register()
