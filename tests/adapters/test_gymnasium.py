"""Gymnasium's own checker on solo Nizam and on one seat of a multi-player game."""

from __future__ import annotations

import pytest

pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402

from jaliz_learn.adapters.gymnasium import JalizSeatEnv, register  # noqa: E402
from jaliz_learn.core.errors import IllegalAction  # noqa: E402


@pytest.mark.filterwarnings("ignore:.*Box observation space.*")
@pytest.mark.filterwarnings("ignore:.*alternative render modes.*")
@pytest.mark.parametrize(("name", "players", "seat", "opponents"), [
    ("nizam", 1, 0, None),
    ("jaliz", 3, 1, ["heuristic", "random"]),
    ("jungli-la", 2, 0, ["greedy"]),
])
def test_check_env(name, players, seat, opponents):
    check_env(JalizSeatEnv(name, players, seat, opponents))


def _episode(env, seed):
    obs, info = env.reset(seed=seed)
    total, steps = 0.0, 0
    while True:
        action = env.action_space.sample(info["action_mask"])
        obs, reward, terminated, truncated, info = env.step(action)
        total += reward
        steps += 1
        assert obs.shape == env.observation_space.shape
        if terminated or truncated:
            return total, steps


def test_solo_nizam_episode_rewards_sum_to_the_final_score():
    for reward in ("score", "score-delta"):
        env = JalizSeatEnv("nizam", 1, reward=reward)
        env.action_space.seed(3)
        total, _ = _episode(env, seed=3)
        assert total == env.rl.state.outcome().scores[0]


def test_same_seed_same_episode():
    a, b = JalizSeatEnv("bali", 2, 0, ["greedy"]), JalizSeatEnv("bali", 2, 0, ["greedy"])
    a.action_space.seed(9)
    b.action_space.seed(9)
    assert _episode(a, 9) == _episode(b, 9)
    assert a.rl.state.to_json() == b.rl.state.to_json()


def test_the_bots_play_the_other_seats():
    env = JalizSeatEnv("jaliz", 3, 2, ["heuristic", "random"])
    env.action_space.seed(1)
    _episode(env, 1)
    seats = {p for p, _ in env.rl.state.history}
    assert seats == {0, 1, 2}


def test_illegal_ids_end_the_episode_or_raise():
    env = JalizSeatEnv("nizam", 1)
    _, info = env.reset(seed=2)
    bad = int((info["action_mask"] == 0).nonzero()[0][0])
    _, reward, terminated, _, info = env.step(bad)
    assert terminated and info["illegal_action"] and reward < 0
    strict = JalizSeatEnv("nizam", 1, illegal="raise")
    strict.reset(seed=2)
    with pytest.raises(IllegalAction):
        strict.step(bad)


def test_bad_arguments_are_refused():
    with pytest.raises(ValueError, match="opponents needed"):
        JalizSeatEnv("jaliz", 3, 0, ["random"])
    with pytest.raises(ValueError, match="seat"):
        JalizSeatEnv("nizam", 1, seat=1)


@pytest.mark.filterwarnings("ignore:.*Box observation space.*")
def test_gymnasium_make_builds_every_game():
    import gymnasium

    ids = register()
    assert len(ids) == len(set(ids)) and "jaliz_learn/nizam-v0" in ids
    env = gymnasium.make("jaliz_learn/nizam-v0", num_players=1, render_mode="ansi")
    check_env(env.unwrapped)
    obs, info = env.reset(seed=4)
    assert obs.shape == env.observation_space.shape and "nizam" in env.render()
