"""Trajectories of bot games as tensors, for imitation learning and offline RL (as RLCard's ``env.run`` gives).

:func:`trajectories` plays games with the given bots (seats rotated over the games, as a tournament does) and
records every decision in RL mode (:mod:`.rl`): the seat's observation tensor, the action id, the mask of the
ids legal then, and the reward (the seat's final score, or 1 for a win, on its last decision of the game; 0
elsewhere). A composite action (a Jaliz offer) is recorded as its sub-decisions: start, one id per element,
finish. The result holds numpy arrays; ``to_dataframe()`` and ``to_parquet(path)`` (the ``rl`` extra: pyarrow)
export them; ``executor`` plays the games on processes or a cluster (:mod:`jaliz_learn.executors`), with the
same result for the same seed.

>>> from jaliz_learn.bots import RandomBot
>>> data = trajectories("nizam", [RandomBot, RandomBot], games=2, seed=1)
>>> data.observations.shape[0] == data.actions.shape[0] == data.masks.shape[0] > 0
True
>>> bool(data.masks[np.arange(len(data.actions)), data.actions].all())  # every recorded action was legal
True
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from ..bots.base import make_bot as make_named_bot
from ..core.play import as_game
from ..executors import make_executor, run_tasks
from ..tournament import derive_seed, make_bot
from .rl import RLState

REWARDS = ("score", "win")


@dataclass
class Trajectories:
    """Recorded decisions, one row each (arrays of equal length)."""

    game: str
    num_players: int
    observations: np.ndarray  # (N, observation size) float32
    actions: np.ndarray  # (N,) int64
    masks: np.ndarray  # (N, number of action ids) bool
    rewards: np.ndarray  # (N,) float32
    seats: np.ndarray  # (N,) int16: the deciding seat
    games: np.ndarray  # (N,) int32: the game's number in the run
    steps: np.ndarray  # (N,) int32: the decision's number in its game
    bots: list[list[str]]  # per game, the bot names by seat

    def __len__(self) -> int:
        return len(self.actions)

    def for_seat(self, seat: int) -> Trajectories:
        """The rows of one seat."""
        keep = self.seats == seat
        return Trajectories(self.game, self.num_players, self.observations[keep], self.actions[keep],
                            self.masks[keep], self.rewards[keep], self.seats[keep], self.games[keep], self.steps[keep],
                            self.bots)

    def to_dataframe(self) -> Any:
        """One row per decision: game, step, seat, bot, action, reward, and the observation and the mask as
        lists (pandas)."""
        import pandas as pd

        return pd.DataFrame({"game": self.games, "step": self.steps, "seat": self.seats,
                             "bot": [self.bots[g][s] for g, s in zip(self.games, self.seats)],
                             "action": self.actions, "reward": self.rewards,
                             "observation": list(self.observations), "mask": list(self.masks)})

    def to_parquet(self, path: str | Path) -> Path:
        """Write :meth:`to_dataframe` to a Parquet file (needs pyarrow, in the ``rl`` extra); the path."""
        try:
            import pyarrow  # noqa: F401
        except ImportError:
            raise ImportError('writing Parquet needs pyarrow: pip install "jaliz_learn[rl]"') from None
        frame = self.to_dataframe()
        frame["observation"] = [row.tolist() for row in self.observations]
        frame["mask"] = [row.tolist() for row in self.masks]
        target = Path(path)
        frame.to_parquet(target, index=False)
        return target


def _bot_name(spec: Any) -> str:
    if isinstance(spec, functools.partial):
        return str(spec.args[0])
    return str(getattr(spec, "__name__", None) or getattr(spec, "name", None) or type(spec).__name__)


def record_game(game: Any, specs: Sequence[Any], seed: int, reward: str = "score") -> dict[str, Any]:
    """One game of the bots ``specs`` (by seat) in RL mode; its rows as lists (see the module docstring)."""
    g = as_game(game)
    n = len(specs)
    bots = [make_bot(spec, derive_seed(seed, 1000 + seat)) for seat, spec in enumerate(specs)]
    rl = RLState(g.initial_state(num_players=n, seed=seed))
    rows: dict[str, list[Any]] = {"observations": [], "actions": [], "masks": [], "rewards": [], "seats": []}
    last = [-1] * n
    size = rl.encoding.num_distinct_actions
    while not rl.is_over():
        seat = rl.current_player()
        assert seat is not None
        state = rl.state
        action = bots[seat].act(state.observation(seat), state.legal_actions(seat))
        for i in rl.encoding.action_ids(action):
            mask = np.zeros(size, bool)
            mask[rl.legal_ids()] = True
            last[seat] = len(rows["actions"])
            rows["observations"].append(rl.observation_tensor(seat))
            rows["actions"].append(i)
            rows["masks"].append(mask)
            rows["rewards"].append(0.0)
            rows["seats"].append(seat)
            rl.apply_id(i)
    outcome = rl.state.outcome()
    assert outcome is not None
    for seat in range(n):
        if last[seat] >= 0:
            rows["rewards"][last[seat]] = (float(outcome.scores[seat]) if reward == "score"
                                           else float(seat in outcome.winners))
    return rows


def _task(task: tuple[Any, list[Any], int, str]) -> dict[str, Any]:
    game, specs, seed, reward = task
    return record_game(game, specs, seed, reward)


def trajectories(game: Any, bots: Sequence[Any], *, games: int, seed: int = 0, reward: str = "score",
                 executor: str | Executor | None = None, jobs: int | None = None,
                 path: str | Path | None = None) -> Trajectories:
    """Play ``games`` games of ``bots`` (one bot class, factory or name per seat; the seats rotate from game to
    game) and record every decision (see the module docstring); with ``path``, also write them to Parquet."""
    if reward not in REWARDS:
        raise ValueError(f"reward must be one of {REWARDS}, got {reward!r}")
    g = as_game(game)
    n = len(bots)
    g.info.check_players(n)
    # a bot name ("greedy") becomes a factory of that bot, which pickles (for process pools)
    specs = [functools.partial(make_named_bot, b, g.name) if isinstance(b, str) else b for b in bots]
    plan = []
    for number in range(games):
        shift = number % n  # seat s gets bot (s + shift) % n: every bot in every seat
        plan.append((g, [specs[(s + shift) % n] for s in range(n)], derive_seed(seed, number), reward))
    results: dict[int, dict[str, Any]] = {}
    with make_executor(executor, jobs=jobs) as pool:
        for index, rows in run_tasks(_task, plan, pool):
            results[index] = rows
    parts: dict[str, list[Any]] = {"observations": [], "actions": [], "masks": [], "rewards": [], "seats": [],
                                   "games": [], "steps": []}
    for number in range(games):
        rows = results[number]
        count = len(rows["actions"])
        for key in ("observations", "actions", "masks", "rewards", "seats"):
            parts[key].extend(rows[key])
        parts["games"].extend([number] * count)
        parts["steps"].extend(range(count))
    size = RLState(g.initial_state(num_players=n, seed=0)).tensor_size()
    data = Trajectories(
        g.name, n,
        np.asarray(parts["observations"], np.float32).reshape(-1, size), np.asarray(parts["actions"], np.int64),
        np.asarray(parts["masks"], bool).reshape(len(parts["actions"]), -1), np.asarray(parts["rewards"], np.float32),
        np.asarray(parts["seats"], np.int16), np.asarray(parts["games"], np.int32),
        np.asarray(parts["steps"], np.int32), [[_bot_name(s) for s in p[1]] for p in plan])
    if path is not None:
        data.to_parquet(path)
    return data


__all__ = ["REWARDS", "Trajectories", "record_game", "trajectories"]
