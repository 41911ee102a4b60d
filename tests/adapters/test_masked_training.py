"""Masked training (issue 53): MaskablePPO with action_masks() trains and plays solo Nizam without one illegal id,
where the same network without masks picks an illegal id at once. Needs the rl-train extra (sb3-contrib, PyTorch);
skipped with a message where it is not installed (CI installs only the rl extra)."""

from __future__ import annotations

import pytest

pytest.importorskip("gymnasium")
pytest.importorskip("sb3_contrib", reason='masked training needs pip install "jaliz_learn[rl-train]"')


def test_maskable_ppo_never_picks_an_illegal_id():
    from jaliz_learn.adapters.masked import train_masked

    # the environment raises on an illegal id (illegal="raise"): training itself would stop on one
    model, report = train_masked("nizam", num_players=1, timesteps=256, episodes=2, seed=0)
    assert report["illegal"] == 0 and report["steps"] > 20


def test_the_same_policy_without_masks_picks_illegal_ids():
    from stable_baselines3 import PPO

    from jaliz_learn.adapters.gymnasium import JalizSeatEnv

    env = JalizSeatEnv("nizam", num_players=1)
    model = PPO("MlpPolicy", env, seed=0, device="cpu", n_steps=64, batch_size=64)
    ended = 0
    for episode in range(5):
        obs, _ = env.reset(seed=episode)
        action, _ = model.predict(obs, deterministic=False)
        _, reward, done, _, info = env.step(int(action))
        ended += bool(info.get("illegal_action")) and done and reward == env.illegal_reward
    assert ended >= 4  # 2,562 ids, a handful legal: an unmasked policy ends the episode on its first step
