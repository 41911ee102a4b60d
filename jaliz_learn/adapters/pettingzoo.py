"""PettingZoo AEC environments for every game and player count (needs ``pip install "jaliz_learn[rl]"``).

Agents are ``player_0`` .. ``player_{n-1}``; ``agent_selection`` is always the player whose decision it
is (turn order is the game's, not round-robin). Actions are the game's fixed ids in RL mode
(:mod:`.encoding`, :mod:`.rl`): ``Discrete(num_distinct_actions)``. An observation is a dict with
``"observation"`` (the game's tensor plus, for games with composite actions, the action being built)
and ``"action_mask"`` (1 for the ids legal now; all zeros for an agent not to act). Rewards are given
once, when the game ends: each agent's final score (``reward="score"``) or +1 to the winners, 0 to the
others (``reward="win"``). Chance is inside the engine (sampled from the seed given to ``reset``).

:func:`env` wraps the environment as PettingZoo's classic games do (an illegal move ends the game with a penalty
for the mover, out-of-bounds actions are refused, the order of calls is enforced); :func:`raw_env` is the bare
one. ``state()`` is the global state for a centralised critic (every seat's observation tensor, in seat order;
``state_space``); ``render_mode`` ``"ansi"`` or ``"rgb_array"`` (the spectator's picture; the ``render`` extra).

>>> import pytest; _ = pytest.importorskip("pettingzoo")  # the rl extra
>>> e = env("nizam", num_players=1)
>>> e.reset(seed=3)
>>> obs, reward, terminated, truncated, info = e.last()
>>> int(obs["action_mask"].sum()) > 0, terminated
(True, False)
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..core.game import Game
from ..core.registry import load_game
from .render import RENDER_MODES, check_render_mode, render
from .rl import RLState

try:  # the optional extra
    from gymnasium import spaces
    from pettingzoo import AECEnv
except ImportError:  # pragma: no cover - without the extra the class is defined on a stub
    AECEnv = object  # type: ignore[assignment,misc]
    spaces = None  # type: ignore[assignment]

REWARDS = ("score", "win")


class JalizAECEnv(AECEnv):  # type: ignore[misc,valid-type]
    """One game at one player count as a PettingZoo AEC environment (see the module docstring)."""

    metadata = {"render_modes": list(RENDER_MODES), "name": "jaliz_learn_v0", "is_parallelizable": False}

    def __init__(self, game: str | Game, num_players: int | None = None, *, reward: str = "score",
                 render_mode: str | None = None, **options: Any) -> None:
        if spaces is None:
            raise ImportError('the PettingZoo adapter needs the rl extra: pip install "jaliz_learn[rl]"')
        super().__init__()
        self.game = load_game(game, **options) if isinstance(game, str) else game
        self.num_players = self.game.resolve_num_players(num_players)
        if reward not in REWARDS:
            raise ValueError(f"reward must be one of {REWARDS}, got {reward!r}")
        self.reward_kind, self.render_mode = reward, check_render_mode(render_mode)
        self.metadata = {**self.metadata, "name": f"jaliz_learn_{self.game.name.replace('-', '_')}_v0"}
        self.possible_agents = [f"player_{i}" for i in range(self.num_players)]
        self.agents = self.possible_agents[:]
        probe = RLState(self.game.initial_state(num_players=self.num_players, seed=0))
        self.num_actions = probe.encoding.num_distinct_actions
        size = probe.tensor_size()
        low, high = probe.tensor_bounds()
        obs_space = spaces.Dict({
            "observation": spaces.Box(low=low, high=high, shape=(size,), dtype=np.float32),
            "action_mask": spaces.Box(low=0, high=1, shape=(self.num_actions,), dtype=np.int8),
        })
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.num_actions) for a in self.possible_agents}
        self.state_space = spaces.Box(low=np.tile(low, self.num_players), high=np.tile(high, self.num_players),
                                      shape=(size * self.num_players,), dtype=np.float32)
        self._seeds = np.random.default_rng()
        self.rl: RLState | None = None

    def observation_space(self, agent: str) -> Any:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> Any:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seeds = np.random.default_rng(seed)
        game_seed = int(self._seeds.integers(0, 2**31 - 1))
        self.rl = RLState(self.game.initial_state(num_players=self.num_players, seed=game_seed))
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def _select(self) -> None:
        assert self.rl is not None
        p = self.rl.current_player()
        if p is not None:
            self.agent_selection = self.possible_agents[p]
        elif self.agents:
            self.agent_selection = self.agents[0]
        for a in self.agents:
            self.infos[a] = {"decision": self.rl.state.decision()}

    def _mask(self, agent: str) -> np.ndarray:
        mask = np.zeros(self.num_actions, dtype=np.int8)
        assert self.rl is not None
        if self.rl.current_player() == self.possible_agents.index(agent):
            mask[self.rl.legal_ids()] = 1
        return mask

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        assert self.rl is not None
        player = self.possible_agents.index(agent)
        return {"observation": self.rl.observation_tensor(player), "action_mask": self._mask(agent)}

    def step(self, action: Any) -> None:
        if self.terminations[self.agent_selection] or self.truncations[self.agent_selection]:
            self._was_dead_step(action)
            return
        assert self.rl is not None
        agent = self.agent_selection
        self._cumulative_rewards[agent] = 0.0
        self.rl.apply_id(int(action))
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if self.rl.is_over():
            outcome = self.rl.state.outcome()
            assert outcome is not None
            for i, a in enumerate(self.possible_agents):
                if self.reward_kind == "score":
                    self.rewards[a] = float(outcome.scores[i])
                else:
                    self.rewards[a] = 1.0 if i in outcome.winners else 0.0
            self.terminations = dict.fromkeys(self.agents, True)
        self._select()
        self._accumulate_rewards()

    def state(self) -> np.ndarray:
        """The global state for a centralised critic: every seat's observation tensor, in seat order (together
        they hold every hidden card; never give it to a decentralised policy)."""
        assert self.rl is not None, "call reset() first"
        return np.concatenate([self.rl.observation_tensor(p) for p in range(self.num_players)])

    def render(self) -> Any:
        """The spectator's view: text (``"ansi"``) or an image (``"rgb_array"``); ``None`` without a mode."""
        if self.rl is None:
            return None
        return render(self.render_mode, self.rl.state.observation(None))

    def close(self) -> None:
        pass


def raw_env(game: str | Game, num_players: int | None = None, **kwargs: Any) -> JalizAECEnv:
    """The bare PettingZoo AEC environment for ``game`` (a name or a loaded game) at ``num_players`` players."""
    return JalizAECEnv(game, num_players, **kwargs)


def env(game: str | Game, num_players: int | None = None, **kwargs: Any) -> Any:
    """:func:`raw_env` wrapped as PettingZoo's classic games are: an illegal move ends the game (the mover gets
    -1), an action outside the space is refused, and the order of calls is enforced."""
    from pettingzoo.utils import wrappers

    wrapped = wrappers.TerminateIllegalWrapper(raw_env(game, num_players, **kwargs), illegal_reward=-1)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)
