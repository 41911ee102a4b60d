"""Masked training: sb3-contrib's ``MaskablePPO`` on a Gymnasium seat (needs ``pip install "jaliz_learn[rl-train]"``).

A policy over fixed ids (2,562 in Nizam) picks an illegal id almost surely unless it is told which ids are legal.
:class:`~jaliz_learn.adapters.gymnasium.JalizSeatEnv` gives the legal ids through ``action_masks()``, the method
``MaskablePPO`` calls before every step (training and ``predict(..., action_masks=...)``), so the policy's
distribution is restricted to legal ids and no episode ends on an illegal one.

>>> import pytest; _ = pytest.importorskip("sb3_contrib")  # the rl-train extra
>>> model, report = train_masked("nizam", num_players=1, timesteps=64, episodes=1, seed=0)
>>> report["illegal"]
0
"""

from __future__ import annotations

from typing import Any

import numpy as np


def train_masked(game: str = "nizam", num_players: int = 1, timesteps: int = 2048, episodes: int = 5,
                 seed: int = 0, **env_options: Any) -> tuple[Any, dict[str, Any]]:
    """Train ``MaskablePPO`` for ``timesteps`` steps on seat 0, then play ``episodes`` games with it.

    The environment raises on an illegal id (``illegal="raise"``), so a single illegal choice in training or in
    the games would stop here; the report counts steps, episodes, illegal ids (0) and the mean final score.
    """
    from sb3_contrib import MaskablePPO

    from .gymnasium import JalizSeatEnv

    env = JalizSeatEnv(game, num_players=num_players, illegal="raise", **env_options)
    model = MaskablePPO("MlpPolicy", env, n_steps=min(2048, max(64, timesteps)), batch_size=64, seed=seed,
                        verbose=0, device="cpu")
    model.learn(total_timesteps=timesteps)
    illegal, steps, scores = 0, 0, []
    for episode in range(episodes):
        obs, _ = env.reset(seed=seed + 1000 + episode)
        done = False
        while not done:
            mask = env.action_masks()
            action, _ = model.predict(obs, action_masks=mask, deterministic=False)
            illegal += int(not mask[int(action)])
            obs, reward, done, _, _ = env.step(int(action))
            steps += 1
        scores.append(env._own_score())
    return model, {"timesteps": timesteps, "episodes": episodes, "steps": steps, "illegal": illegal,
                   "mean_score": float(np.mean(scores)) if scores else 0.0}
