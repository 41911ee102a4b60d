# ruff: noqa: E501  (the notebook text is kept as written)
"""Build notebooks/06_rl_solo_nizam.ipynb: a small policy for solo Nizam trained through the Gymnasium adapter.

Run from the project root; the builder writes the notebook and executes it in place:

    .venv/bin/python docs/tools/build_06_rl_solo_nizam.py            # build + execute
    .venv/bin/python docs/tools/build_06_rl_solo_nizam.py --no-run   # build only

Everything is seeded (the games, the baselines' bots, the policy's sampling), so nbval finds the same
numbers; only the timing and the picture are excluded from the comparison (NBVAL_IGNORE_OUTPUT).
Keep the whole notebook well under a minute: the training loop is the slow part.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK = ROOT / "notebooks" / "06_rl_solo_nizam.ipynb"
JUPYTER = Path(sys.executable).with_name("jupyter")

Cell = tuple[str, str]


def md(text: str) -> Cell:
    return ("md", text.strip("\n"))


def code(text: str) -> Cell:
    return ("code", text.strip("\n"))


CELLS: list[Cell] = [
    md("""
# Reinforcement learning on solo Nizam

The engines of jaliz_learn speak the languages of the research ecosystem through `jaliz_learn.adapters`
(install with `pip install "jaliz_learn[rl]"`; `docs/ADAPTERS.md` explains every choice):

* **Gymnasium**: `JalizSeatEnv(game, num_players, seat, opponents)` is one seat of any game, the other seats
  played by bots. Solo Nizam has no other seat at all: one player, a 5×5 board of gems, a hand limit of nine.
* **PettingZoo**: `jaliz_learn.adapters.pettingzoo.env(game, num_players)`, every seat an agent.
* **OpenSpiel**: `jaliz_learn.adapters.openspiel.register()` registers every game as a Python game.

All three share a **fixed action numbering** (id 17 means the same move in every position) and an
**observation tensor** with a documented layout. In this notebook we train a small policy for solo Nizam and
compare its learning curve with a random player and with Nizam's own greedy bot.
"""),
    code("""
import numpy as np

import jaliz_learn
from jaliz_learn.adapters import tensor_layout
from jaliz_learn.adapters.gymnasium import JalizSeatEnv

env = JalizSeatEnv("nizam", num_players=1, reward="score-delta")
obs, info = env.reset(seed=1)
print("observation:", env.observation_space.shape, " actions:", env.action_space.n)
legal = np.flatnonzero(info["action_mask"])
print(len(legal), "legal ids now, e.g.", [(int(i), env.rl.describe(int(i))) for i in legal[:4]])
"""),
    md("""
The observation is a flat vector of numbers; `tensor_layout(...).describe()` says which block means what
(name, offset, size). The legal ids come in `info["action_mask"]`: a policy must choose among them.
With `reward="score-delta"` every step is rewarded with the change of the score, so the rewards of an
episode add up to the final score.
"""),
    code("""
layout = tensor_layout(env.game, 1)
for name, offset, size in layout.describe():
    print(f"{name:15} {offset:4} {size:4}")
"""),
    md("""
## Two baselines

A **random** player picks any legal id. The **greedy** bot (`jaliz_learn.games.nizam.bots`) looks one move
ahead on the board and makes the move that scores most. Both play the same 12 deals.
"""),
    code("""
from jaliz_learn.bots.base import make_bot

EVAL_SEEDS = range(500, 512)


def run_episode(env, choose, seed):
    \"\"\"Play one episode; ``choose(obs, legal_ids)`` picks an id. Returns the final score.\"\"\"
    obs, info = env.reset(seed=seed)
    total, done = 0.0, False
    while not done:
        obs, reward, done, _, info = env.step(choose(obs, np.flatnonzero(info["action_mask"])))
        total += reward
    return total


rng = np.random.default_rng(0)
random_scores = [run_episode(env, lambda obs, legal: rng.choice(legal), s) for s in EVAL_SEEDS]
greedy_scores = [jaliz_learn.play("nizam", [make_bot("greedy", "nizam", s)], seed=s).scores[0] for s in EVAL_SEEDS]
print(f"random: {np.mean(random_scores):.1f}   greedy: {np.mean(greedy_scores):.1f}")
"""),
    md("""
## A tiny policy

A table with one weight per action id would have 2,562 weights to learn from a few dozen games: far too
many. Instead the policy scores each legal id with a handful of **features of the action**, and picks with a
softmax over the legal ids (a linear softmax policy, 7 weights):

* what kind of action it is (draw, score, move) and how many cards it pays (1 or 3);
* a one-step **lookahead**: the points the action would bring if we scored right after it. The environment's
  engine state can be cloned (`env.rl.state.clone()`), so trying an action costs nothing in the real game;
* the hand size, for draw and score (a full hand cannot draw).

It learns by **REINFORCE**: after a batch of episodes, every choice is made more likely in proportion to how
much better than average the rest of its episode went.
"""),
    code("""
from jaliz_learn.games.nizam.actions import Draw, Move, Score

enc = env.rl.encoding
hand_block = {name: slice(o, o + n) for name, o, n in layout.describe()}["hand"]
KIND = np.array([[isinstance(a, Draw), isinstance(a, Score), isinstance(a, Move), len(getattr(a, "pay", "")) / 3]
                 for a in map(enc.action_from_id, range(enc.num_distinct_actions))], dtype=float)


def lookahead_points(state, action):
    \"\"\"Points if ``action`` were played now and the board scored right after it (0 for a draw).\"\"\"
    if isinstance(action, Draw):
        return 0.0
    sim = state.clone()
    before = sim.scores()[0]
    sim.apply(action)
    if not sim.is_over() and Score() in sim.legal_actions():
        sim.apply(Score())
    return sim.scores()[0] - before


def features(obs, legal):
    state = env.rl.state
    points = np.array([lookahead_points(state, enc.action_from_id(int(i))) for i in legal]) / 5
    hand = obs[hand_block].sum() / 9
    kind = KIND[legal]
    return np.column_stack([kind, points, kind[:, 0] * hand, kind[:, 1] * hand])


def policy(theta, obs, legal):
    f = features(obs, legal)
    z = f @ theta
    p = np.exp(z - z.max())
    return f, p / p.sum()
"""),
    code("""
# NBVAL_IGNORE_OUTPUT
import time

theta = np.zeros(7)
rng = np.random.default_rng(42)
LEARNING_RATE, BATCH, EPISODES = 0.15, 4, 80
curve, batch, started = [], [], time.time()
for episode in range(EPISODES):
    obs, info = env.reset(seed=10_000 + episode)
    steps, done = [], False
    while not done:
        legal = np.flatnonzero(info["action_mask"])
        f, p = policy(theta, obs, legal)
        k = rng.choice(len(legal), p=p)
        obs, reward, done, _, info = env.step(legal[k])
        steps.append([f, p, k, reward])
    rest = 0.0
    for step in reversed(steps):  # reward-to-go: what the rest of the episode brought
        rest += step[3]
        step[3] = rest
    curve.append(steps[0][3])
    batch.append(steps)
    if len(batch) == BATCH:
        returns = np.array([s[3] for ep in batch for s in ep])
        mean, spread = returns.mean(), returns.std() + 1e-9
        for ep in batch:
            for f, p, k, g in ep:
                theta += LEARNING_RATE * (g - mean) / spread * (f[k] - p @ f)
        batch = []
print(f"{EPISODES} training games in {time.time() - started:.0f} s")
"""),
    md("""
The numbers below come from seeded games, but floating-point sums can differ in the last bits between
machines and a sampled choice can then differ, so nbval does not compare them (`NBVAL_IGNORE_OUTPUT`); the
`assert` lines check what must hold anywhere.
"""),
    code("""
# NBVAL_IGNORE_OUTPUT
names = ["draw", "score", "move", "cards paid", "lookahead", "draw x hand", "score x hand"]
print("weights:", {n: round(float(w), 2) for n, w in zip(names, theta)})
print(f"mean score of the first and last 12 training games: {np.mean(curve[:12]):.1f} -> {np.mean(curve[-12:]):.1f}")
"""),
    md("""
Now the trained policy plays the 12 evaluation deals (choosing as it learned: at random, with its
probabilities):
"""),
    code("""
# NBVAL_IGNORE_OUTPUT
play_rng = np.random.default_rng(7)


def trained(obs, legal):
    return legal[play_rng.choice(len(legal), p=policy(theta, obs, legal)[1])]


trained_scores = [run_episode(env, trained, s) for s in EVAL_SEEDS]
for name, scores in [("random", random_scores), ("trained policy", trained_scores), ("greedy bot", greedy_scores)]:
    print(f"{name:15} mean {np.mean(scores):5.1f}   min {min(scores):3.0f}   max {max(scores):3.0f}")
assert np.mean(trained_scores) > np.mean(random_scores) + 10, "the policy did not learn"
"""),
    code("""
# NBVAL_IGNORE_OUTPUT
import matplotlib.pyplot as plt

window = 6
smooth = np.convolve(curve, np.ones(window) / window, mode="valid")
fig, ax = plt.subplots(figsize=(7, 3.5))
ax.plot(curve, ".", alpha=0.35, label="training game")
ax.plot(range(window - 1, len(curve)), smooth, label=f"mean of {window}")
ax.axhline(np.mean(random_scores), color="grey", ls="--", label="random")
ax.axhline(np.mean(greedy_scores), color="green", ls="--", label="greedy bot")
ax.axhline(np.mean(trained_scores), color="red", ls=":", label="trained (evaluation)")
ax.set_xlabel("training game"), ax.set_ylabel("final score"), ax.legend(loc="upper left", fontsize=8)
ax.set_title("Solo Nizam: a 7-weight policy learning through the Gymnasium adapter");
"""),
    md("""
## Where to go from here

* Add features (the board's runs, the gems in hand) or replace the features by a small network reading the
  whole observation vector; the action mask stays the same.
* The same environment class plays any seat of any game: `JalizSeatEnv("jaliz", 4, seat=0,
  opponents=["heuristic", "random", "random"])`. In Jaliz a trade offer is built in small steps
  (`offer: start`, `add want …`, `add give …`, `finish`), so the action ids stay few (233) although one
  decision can allow millions of offers.
* To train a neural network, keep the mask: sb3-contrib's `MaskablePPO` calls `env.action_masks()` before
  every step, so it never picks an illegal id (a plain PPO ends almost every episode on its first, illegal, id).
  It needs PyTorch: `pip install "jaliz_learn[rl-train]"`, then see *Masked training* in docs/ADAPTERS.md
  (`jaliz_learn.adapters.masked.train_masked`).
* For self-play, the PettingZoo environment has every seat as an agent; for search algorithms, OpenSpiel. Its
  games have explicit chance nodes (the deal, then each card drawn when it is drawn), so a search on a copy of
  the state cannot see the next cards; `chance="sampled"` is faster but every copy knows the future draws:
"""),
    code("""
import pyspiel

from jaliz_learn.adapters.openspiel import register

register()
game = pyspiel.load_game("python_jaliz_learn_nizam", {"players": 2})
print(game.num_distinct_actions(), game.get_type().chance_mode)
state = game.new_initial_state()
print("the deal is a chance node:", state.is_chance_node(), len(state.chance_outcomes()), "outcomes")
"""),
    md("""
## 6. Learning from games: trajectories and behaviour cloning

Instead of rewards, a policy can learn from examples: record many games of a good bot and train a policy to pick
the action the bot picked (*behaviour cloning*, the first step of imitation learning and offline RL).
`trajectories` plays the games and returns, for every decision, the observation tensor, the action id, the mask
of the legal ids and the reward (the final score on a seat's last decision); `path=` writes them to Parquet.
"""),
    code("""
from jaliz_learn.adapters.trajectories import trajectories
from jaliz_learn.games.nizam.bots import NizamGreedyBot

data = trajectories("nizam", [NizamGreedyBot], games=300, seed=7)
print("decisions:", len(data), "observations:", data.observations.shape, "masks:", data.masks.shape)
print("actions:", data.actions[:8], "rewards at the ends of games:", data.rewards[data.rewards != 0][:5])
"""),
    md("""
A small linear policy over the observation, trained for a few passes with the mask applied (the softmax runs only
over legal ids), on 250 games; then its agreement with the greedy bot on 50 games it never saw, next to a policy
that picks a legal id at random. Nothing heavy: numpy, a few seconds.
"""),
    code("""
train, test = data.games < 250, data.games >= 250
scale = np.maximum(np.abs(data.observations[train]).max(axis=0), 1.0)
X = data.observations / scale
weights = np.zeros((X.shape[1], data.masks.shape[1]))
bias = np.zeros(data.masks.shape[1])

def masked_logits(rows):
    z = X[rows] @ weights + bias
    return np.where(data.masks[rows], z, -1e9)

for epoch in range(30):
    logits = masked_logits(train)
    p = np.exp(logits - logits.max(axis=1, keepdims=True))
    p /= p.sum(axis=1, keepdims=True)
    p[np.arange(train.sum()), data.actions[train]] -= 1.0  # gradient of the cross-entropy
    weights -= 0.5 * X[train].T @ p / train.sum()
    bias -= 0.5 * p.mean(axis=0)

agree = (masked_logits(test).argmax(axis=1) == data.actions[test]).mean()
chance = (1.0 / data.masks[test].sum(axis=1)).mean()
print(f"behaviour cloning agrees with the greedy bot on {agree:.0%} of unseen decisions "
      f"(a random legal action: {chance:.0%})")
"""),
]


def build(path: Path) -> None:
    nb = nbformat.v4.new_notebook()
    for kind, src in CELLS:
        nb.cells.append(nbformat.v4.new_markdown_cell(src) if kind == "md" else nbformat.v4.new_code_cell(src))
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    path.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb, path)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-run", action="store_true", help="write the notebook without executing it")
    args = parser.parse_args(argv)
    build(NOTEBOOK)
    if not args.no_run:
        subprocess.run([str(JUPYTER), "nbconvert", "--to", "notebook", "--execute", "--inplace",
                        "--ExecutePreprocessor.timeout=300", str(NOTEBOOK)], check=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
