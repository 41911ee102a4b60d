"""The earlier home of exercise 1's checks, kept so that notebooks written against it still run.

Exercise 1 lives in :mod:`jaliz_learn.exercises.ex01_first_jaliz_bot` and the pieces every exercise shares in
:mod:`jaliz_learn.exercises.scenarios`; this module re-exports both (learners' notebooks import
``from jaliz_learn.exercise_tools import check_first_bot as check``).
"""

from __future__ import annotations

from .exercises.ex01_first_jaliz_bot import (
    FIRST_BOT_GAME,
    FIRST_BOT_MIN_COINS,
    FIRST_BOT_MIN_WIN_RATE,
    FIRST_BOT_OPPONENT,
    FIRST_BOT_PLAYERS,
    FIRST_BOT_SCENARIOS,
    FIRST_BOT_TIME_LIMIT,
    GRADER_LEGALITY_GAMES,
    GRADER_STRENGTH_GAMES,
    PRACTICE_SEED,
    check_first_bot,
    check_strength,
    grade_first_bot,
)
from .exercises.scenarios import ExerciseReport, Scenario, check_scenarios, run_scenario

__all__ = ["ExerciseReport", "FIRST_BOT_GAME", "FIRST_BOT_MIN_COINS", "FIRST_BOT_MIN_WIN_RATE", "FIRST_BOT_OPPONENT",
           "FIRST_BOT_PLAYERS", "FIRST_BOT_SCENARIOS", "FIRST_BOT_TIME_LIMIT", "GRADER_LEGALITY_GAMES",
           "GRADER_STRENGTH_GAMES", "PRACTICE_SEED", "Scenario", "check_first_bot", "check_scenarios",
           "check_strength", "grade_first_bot", "run_scenario"]
