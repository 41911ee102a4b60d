"""A learner on Windows or in Pyodide (issue 33): everything a learner uses imports and runs without the POSIX-only
modules ``resource``, ``fcntl``, ``pwd``, ``grp`` and ``termios``; the sandbox loads only when grading."""

from __future__ import annotations

import subprocess
import sys
import textwrap

BLOCKED = ("resource", "fcntl", "pwd", "grp", "termios")

SCRIPT = textwrap.dedent("""
    import sys
    for name in {blocked!r}:
        sys.modules[name] = None  # "import resource" now raises ImportError, as on Windows
    import jaliz_learn
    import jaliz_learn.widgets
    from jaliz_learn.widgets import JalizBoard, NizamBoard, JungliLaBoard, BaliBoard, ReplayViewer
    from jaliz_learn.exercise_tools import check_first_bot
    from jaliz_learn.exercises import ex02_nizam_one_ply, ex03_jungli_la_probability, ex04_monte_carlo
    from jaliz_learn.exercises.ex05_experiments import check_experiments
    from jaliz_learn_teacher.answers.ex05 import (reference_elo, reference_schedule, reference_seat_advantage,
                                                  reference_seat_win_rates, reference_wilson, reference_win_rates)
    from jaliz_learn.bots import BaseBot

    class Good:
        def act(self, observation, legal_actions):
            raise RuntimeError("plays no games")
        schedule = staticmethod(reference_schedule)
        win_rates = staticmethod(reference_win_rates)
        wilson = staticmethod(reference_wilson)
        seat_win_rates = staticmethod(reference_seat_win_rates)
        seat_advantage = staticmethod(lambda games: reference_seat_advantage(games, 1.96))
        elo = staticmethod(lambda games, k=16: reference_elo(games, k, 1500.0))

    class First(BaseBot):
        def act(self, observation, legal_actions):
            return legal_actions[0]

    # the kit's reference answers lean on the library's statistics, which check()'s early hint names ("your own
    # code"); every method's own check must pass
    assert all(i.passed for i in check_experiments(Good).items if i.name != "your own code")
    report = check_first_bot(First, practice_games=1)
    assert report.items and not report.passed
    JalizBoard(num_players=3, seed=1)
    jaliz_learn.play("nizam", [jaliz_learn.RandomBot(0), jaliz_learn.RandomBot(1)], seed=1)
    loaded = [n for n in ("jaliz_learn.grading.sandbox", "jaliz_learn.grading.jail", "jaliz_learn.grading.landlock")
              if n in sys.modules]
    print("LOADED", loaded)
""")


def test_learner_path_needs_no_posix_only_module():
    done = subprocess.run([sys.executable, "-c", SCRIPT.format(blocked=BLOCKED)], capture_output=True, text=True,
                          timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    assert "LOADED []" in done.stdout, done.stdout


def test_grading_where_there_is_no_linux_says_so_in_one_line(monkeypatch):
    from jaliz_learn.core.errors import InvalidOption
    from jaliz_learn.grading import isolation

    monkeypatch.setattr(isolation.os, "name", "nt")
    try:
        isolation.plan("auto")
    except InvalidOption as exc:
        assert "needs Linux (a JupyterHub, WSL or a Linux machine)" in str(exc) and "\n" not in str(exc)
    else:  # pragma: no cover
        raise AssertionError("planning a grade on Windows must refuse")
