"""Exercise 01: keep the grader and the learner notebook out of collection (see exercises/conftest.py)."""

collect_ignore = ["grader.py", "exercise.ipynb"]
