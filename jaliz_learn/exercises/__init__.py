"""Checks of the graded exercises in ``exercises/``, one module per exercise.

Each module holds what the exercise's notebook (``check(...)``) and its ``grader.py`` share:
the bars, the scenario positions, the quick check and the grading function. Exercise 1 lives
in :mod:`jaliz_learn.exercise_tools`.
"""
