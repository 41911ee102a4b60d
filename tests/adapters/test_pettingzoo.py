"""PettingZoo's own checkers on every game (one player count each, plus solo Nizam)."""

from __future__ import annotations

import pytest

pytest.importorskip("pettingzoo")

import numpy as np  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

from jaliz_learn.adapters.pettingzoo import env  # noqa: E402

# PettingZoo warns that a dict observation (observation + action_mask) is not a Box: that is its own convention
pytestmark = [pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be"),
              pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")]

CASES = [("nizam", 1), ("nizam", 3), ("pearl-of-the-east", 2), ("jungli-la", 3), ("bali", 2), ("bali-tani", 4),
         ("jaliz", 3), ("jaliz-advanced", 4)]


@pytest.mark.parametrize(("name", "players"), CASES)
def test_api_test(name, players):
    api_test(env(name, players), num_cycles=150)


@pytest.mark.parametrize(("name", "players"), CASES)
def test_seed_test(name, players):
    seed_test(lambda: env(name, players), num_cycles=60)


def test_masked_random_play_ends_with_the_final_scores():
    e = env("bali", 3)
    e.reset(seed=5)
    rewards = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        rewards[agent] += reward
        if terminated or truncated:
            action = None
        else:
            action = e.action_space(agent).sample(obs["action_mask"])
            assert obs["action_mask"][action] == 1
        e.step(action)
    scores = e.rl.state.outcome().scores
    assert [rewards[a] for a in e.possible_agents] == list(scores)


def test_only_the_player_to_act_has_a_mask():
    e = env("jaliz", 4)
    e.reset(seed=1)
    acting = e.agent_selection
    for agent in e.possible_agents:
        mask = e.observe(agent)["action_mask"]
        assert (mask.sum() > 0) == (agent == acting)


# ---- issue 31: wrapped as the classic environments, a global state, renders -----------------------------------


def test_env_is_wrapped_like_the_classic_games_and_raw_env_is_bare():
    from pettingzoo.utils import wrappers

    from jaliz_learn.adapters.pettingzoo import JalizAECEnv, env, raw_env

    wrapped = env("bali", 2)
    assert isinstance(wrapped, wrappers.OrderEnforcingWrapper) and isinstance(wrapped.unwrapped, JalizAECEnv)
    assert type(raw_env("bali", 2)) is JalizAECEnv
    api_test(wrapped, num_cycles=30)
    wrapped.reset(seed=1)
    agent = wrapped.agent_selection
    mask = wrapped.observe(agent)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    wrapped.step(illegal)  # an illegal id ends the game: the mover gets -1
    assert wrapped.terminations[agent] and wrapped.rewards[agent] == -1


def test_state_is_every_seat_observation_for_a_centralised_critic():
    from jaliz_learn.adapters.pettingzoo import raw_env

    e = raw_env("jungli-la", 3)
    e.reset(seed=2)
    state = e.state()
    assert state.shape == e.state_space.shape and e.state_space.contains(state)
    parts = np.split(state, 3)
    for i, agent in enumerate(e.possible_agents):
        assert (parts[i] == e.observe(agent)["observation"]).all()


def test_render_modes_are_validated():
    from jaliz_learn.adapters.pettingzoo import raw_env

    with pytest.raises(ValueError, match="render_mode must be one of"):
        raw_env("nizam", 2, render_mode="rgb")
    e = raw_env("nizam", 2, render_mode="ansi")
    e.reset(seed=1)
    assert "board: " in e.render()
