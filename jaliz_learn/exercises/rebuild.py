"""Rebuild a graded position on the teacher's machine from the short reference a report gives.

A failed graded game is reported as ``jaliz_learn.exercises.replay("ex04", game=7, decision=31, notebook=...)``:
the exercise, the number of the graded game (1, 2, ... across the exercise's :data:`GRADED` sets) and the number
of the decision in that game. The reference holds no seed and no hidden card: the game's seed is derived from the
teacher's secret (``JALIZ_LEARN_SECRET_SEED`` or ``secret_file``, else the practice seed, as the grader does), and
the learner's bot is run again from their notebook, in its own closed process, with the same bot seeds, so that a
bot that decides by its seed plays the same game again.

>>> from jaliz_learn.exercises.rebuild import graded_game
>>> graded_game("ex02", 17, seed=123)[:3]  # games 1-16 are the solo set (at most 16 when decided sequentially)
('two-player games against NizamGreedyBot', 2, 0)
"""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Any

from ..core.errors import InvalidOption
from ..core.game import State
from ..core.play import as_game
from ..tournament import derive_seed, make_bot

#: label -> (module, exercise folder)
EXERCISES = {"ex01": ("ex01_first_jaliz_bot", "01_first_jaliz_bot"), "ex02": ("ex02_nizam_one_ply", "02_nizam_one_ply"),
             "ex03": ("ex03_jungli_la_probability", "03_jungli_la_probability"),
             "ex04": ("ex04_monte_carlo", "04_monte_carlo_search")}


def _module(exercise: str) -> Any:
    if exercise not in EXERCISES:
        raise InvalidOption(f"no graded games in exercise {exercise!r}; one of: {', '.join(EXERCISES)}")
    return importlib.import_module(f"{__package__}.{EXERCISES[exercise][0]}")


def graded_game(exercise: str, game: int, *, seed: int) -> tuple[str, int, int, int, Any]:
    """``(set name, num_players, learner's seat, game seed, opponent)`` of graded game number ``game`` for the
    grade's ``seed`` (already derived for the exercise)."""
    module = _module(exercise)
    number = 1
    for game_set in module.GRADED:
        if game < number + game_set.total():
            block, seat = divmod(game - number, game_set.num_players)
            return (game_set.name, game_set.num_players, seat, derive_seed(seed + game_set.seed_offset, block),
                    game_set.opponent)
        number += game_set.total()
    raise InvalidOption(f"exercise {exercise} grades games 1 to {number - 1}, not game {game}")


def _parent_and_block(exercise: str, game: int, seed: int) -> tuple[int, int]:
    """The seed of graded game ``game``'s set and the game's block in it (see :func:`graded_game`)."""
    number = 1
    for game_set in _module(exercise).GRADED:
        if game < number + game_set.total():
            return seed + game_set.seed_offset, (game - number) // game_set.num_players
        number += game_set.total()
    raise InvalidOption(f"exercise {exercise} grades games 1 to {number - 1}, not game {game}")


def replay(exercise: str, game: int, decision: int, *, notebook: str | Path, secret_file: str | Path | None = None,
           seed: int | None = None, isolation: Any = None) -> State:
    """The position of decision ``decision`` of graded game ``game``, rebuilt with the learner's ``notebook``.

    ``seed`` overrides the grade's seed (as the grader's ``seed=``); otherwise it comes from the teacher's secret.
    """
    from ..grading.batch import find_exercise, load_grader
    from ..grading.sandbox import Sandbox
    from ..grading.seeds import bot_seeds, exercise_seed, secret_seed

    module = _module(exercise)
    grader = load_grader(find_exercise(EXERCISES[exercise][1]))
    if seed is None:
        seed, _ = secret_seed(grader.PRACTICE_SEED, secret_file=secret_file)
    label = int(exercise[2:])
    seed = exercise_seed(seed, label)
    _, players, seat, game_seed, opponent = graded_game(exercise, game, seed=seed)
    parent, block = _parent_and_block(exercise, game, seed)
    g = as_game(module.GAME)
    state = g.initial_state(num_players=players, seed=game_seed)
    seeds = bot_seeds(parent, block, game_seed, players)  # as the grader gave them
    others = {s: make_bot(opponent, seeds[s]) for s in range(players) if s != seat}
    with Sandbox(notebook, g, module.CLASS_NAME, isolation=isolation) as box:
        box.start()
        mine = box.new_bot(seeds[seat], 30.0)
        for _ in range(decision - 1):
            if state.is_over():
                raise InvalidOption(f"graded game {game} ended before decision {decision}")
            player = state.current_player()
            assert player is not None
            legal, obs = state.legal_actions(player), state.observation(player)
            action = others[player].act(obs, legal) if player != seat else box.act(mine, obs, legal, None)[0]
            state.apply(action, player)
    return state


__all__ = ["EXERCISES", "graded_game", "replay"]
