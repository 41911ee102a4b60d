"""The hostile notebooks are data for tests/hostile/test_hostile_grading.py: never run them with nbval."""

collect_ignore_glob = ["notebooks/*.ipynb", "notebooks/*"]
