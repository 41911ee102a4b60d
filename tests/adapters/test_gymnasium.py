"""Gymnasium's own checker on solo Nizam and on one seat of a multi-player game."""

from __future__ import annotations

import pytest

pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402

from jaliz_learn.adapters.gymnasium import JalizSeatEnv, register  # noqa: E402
from jaliz_learn.core.errors import IllegalAction  # noqa: E402


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


def test_gymnasium_make_builds_every_game():
    import gymnasium

    ids = register()
    assert len(ids) == len(set(ids)) and "jaliz_learn/nizam-v0" in ids
    env = gymnasium.make("jaliz_learn/nizam-v0", num_players=1, render_mode="ansi")
    check_env(env.unwrapped)
    obs, info = env.reset(seed=4)
    assert obs.shape == env.observation_space.shape and "nizam" in env.render()


# ---- issue 31: as Gymnasium's users expect ---------------------------------------------------------------------


def test_check_env_passes_without_a_bounds_warning():
    import warnings

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(JalizSeatEnv("bali", 2, 0, ["greedy"]))
    texts = [str(w.message) for w in caught]
    assert not [t for t in texts if "Box" in t or "bound" in t.lower() or "inf" in t], texts


@pytest.mark.parametrize("name", ["nizam", "jaliz", "jungli-la", "bali-tani", "pearl-of-the-east", "jaliz-advanced"])
def test_observations_stay_inside_the_declared_bounds(name):
    env = JalizSeatEnv(name, None, 0)
    for seed in range(2):
        obs, info = env.reset(seed=seed)
        done = False
        while not done:
            assert env.observation_space.contains(obs), (name, obs[~((obs >= env.observation_space.low)
                                                                     & (obs <= env.observation_space.high))])
            obs, _, term, trunc, info = env.step(env.action_space.sample(info["action_mask"]))
            done = term or trunc


def test_make_in_a_fresh_process_without_calling_register():
    import subprocess
    import sys

    code = ("import gymnasium; env = gymnasium.make('jaliz_learn.adapters.gymnasium:jaliz_learn/nizam-v0', "
            "num_players=1); obs, info = env.reset(seed=1); print(obs.shape == env.observation_space.shape)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert done.stdout.strip() == "True", done.stderr[-2000:]
    code = "import gymnasium, jaliz_learn.adapters.gymnasium; print(gymnasium.make('jaliz_learn/bali-v0').spec.id)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert done.stdout.strip() == "jaliz_learn/bali-v0", done.stderr[-2000:]


def test_render_modes_ansi_and_rgb_array():
    import numpy as np

    with pytest.raises(ValueError, match="render_mode must be one of ansi, rgb_array"):
        JalizSeatEnv("nizam", 1, render_mode="human")
    text = JalizSeatEnv("nizam", 1, render_mode="ansi")
    text.reset(seed=1)
    shown = text.render()
    assert "board: " in shown and "\n" in shown and "hand: " in shown
    pytest.importorskip("resvg_py")
    image = JalizSeatEnv("nizam", 1, render_mode="rgb_array")
    image.reset(seed=1)
    frame = image.render()
    assert frame.ndim == 3 and frame.shape[2] == 3 and frame.dtype == np.uint8 and frame.shape[0] > 100
    assert len(np.unique(frame.reshape(-1, 3), axis=0)) > 10  # a picture, not a blank frame


def test_record_video_writes_a_video_of_a_nizam_game(tmp_path):
    import gymnasium
    import numpy as np

    pytest.importorskip("resvg_py")
    pytest.importorskip("moviepy")
    from gymnasium.wrappers import RecordVideo

    game = gymnasium.make("jaliz_learn/nizam-v0", num_players=2, render_mode="rgb_array")
    env = RecordVideo(game, str(tmp_path / "v"), episode_trigger=lambda episode: True, disable_logger=True)
    obs, info = env.reset(seed=1)
    rng = np.random.default_rng(0)
    done = False
    while not done:
        obs, _, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        done = term or trunc
    env.close()
    videos = list((tmp_path / "v").glob("*.mp4"))
    assert len(videos) == 1 and videos[0].stat().st_size > 10_000
