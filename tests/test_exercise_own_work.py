"""Own work by construction (issue 48): what exercises 4 and 5 hide while they are graded, what a learner's process
still imports without it, how a report names the rule, and the early hint of ``check()``. The hiding itself, in
every isolation mode, is tested by tests/hostile/test_own_work.py."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import jaliz_learn
from jaliz_learn.exercises import ex04_monte_carlo, ex05_experiments
from jaliz_learn.exercises.own_work import OwnWork
from jaliz_learn.grading.report import CheckResult, GradeReport

PACKAGE = Path(jaliz_learn.__file__).resolve().parent


def test_each_rule_hides_existing_modules_and_their_compiled_copies():
    for rule in (ex04_monte_carlo.OWN_WORK, ex05_experiments.OWN_WORK):
        assert all(path.exists() for path in rule.files()), rule.files()
        paths = rule.paths()
        for path in rule.files():
            if path.suffix == ".py":
                assert any(p.startswith(str(path.parent / "__pycache__" / path.stem)) for p in paths)
    assert str(PACKAGE / "bots" / "mcts.py") in ex04_monte_carlo.OWN_WORK.paths()
    assert str(PACKAGE / "stats.py") in ex05_experiments.OWN_WORK.paths()


#: Runs in a fresh interpreter where the hidden modules cannot be imported (as in a jail, where they are absent).
WITHOUT_HIDDEN = textwrap.dedent("""
    import importlib.abc, sys

    HIDDEN = {"jaliz_learn.bots.mcts", "jaliz_learn.bots.rollout_search", "jaliz_learn.stats", "jaliz_learn.ladder"}

    class Absent(importlib.abc.MetaPathFinder):
        def find_spec(self, name, path=None, target=None):
            if name in HIDDEN or name.startswith(("jaliz_learn.benchmarks", "jaliz_learn.adapters")):
                raise ModuleNotFoundError(f"No module named {name!r}", name=name)
            return None

    sys.meta_path.insert(0, Absent())
    import jaliz_learn
    from jaliz_learn.bots import BaseBot, RandomBot
    from jaliz_learn.exercises.ex04_monte_carlo import check
    from jaliz_learn.exercises.ex05_experiments import check as check5, make_games, public_cases
    from jaliz_learn.games.bali.bots import BaliGreedyBot
    import jaliz_learn.exercise_tools
    result = jaliz_learn.play("bali", [RandomBot(1), BaliGreedyBot(2)], seed=3)
    for route in ("from jaliz_learn.bots import ISMCTSBot", "from jaliz_learn.tournament import wilson_interval"):
        try:
            exec(route)
        except ImportError as exc:
            print("REFUSED", exc)
    print("IMPORTED", sorted(m for m in HIDDEN if m in sys.modules))
""")


def test_a_learner_imports_everything_it_needs_without_the_hidden_modules():
    done = subprocess.run([sys.executable, "-c", WITHOUT_HIDDEN], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-3000:]
    lines = done.stdout.splitlines()
    assert "IMPORTED []" in lines, done.stdout
    refused = [line for line in lines if line.startswith("REFUSED")]
    assert len(refused) == 2, done.stdout
    assert "exercise 4 asks for your own search" in refused[0] and "jaliz_learn.bots.mcts" in refused[0]
    assert "exercise 5 asks for your own Wilson interval" in refused[1] and "jaliz_learn.stats" in refused[1]


def test_a_failure_from_a_hidden_module_names_the_rule():
    rule = OwnWork("exercise 4 asks for your own search", ("jaliz_learn.bots.mcts",), item="your own search")
    report = GradeReport("demo")
    report.items += [CheckResult("your own search", True, "your bot samples states and searches by itself"),
                     CheckResult("legal actions", False, "crash: PermissionError: [Errno 13] Permission denied: "
                                 f"'{PACKAGE / 'bots' / 'mcts.py'}' (in act, cell 4, line 2)"),
                     CheckResult("win rate", False, "no completed game to judge")]
    rule.annotate(report)
    own, legal, wins = report.items
    assert not own.passed and own.message.startswith("exercise 4 asks for your own search: jaliz_learn.bots.mcts")
    assert legal.message.endswith("(exercise 4 asks for your own search: jaliz_learn.bots.mcts is not available "
                                  "while grading)")
    assert wins.message == "no completed game to judge"
    honest = GradeReport("honest")
    honest.items.append(CheckResult("legal actions", False, "crash: ValueError: empty range (in act)"))
    assert [i.message for i in rule.annotate(honest).items] == ["crash: ValueError: empty range (in act)"]


def test_check_gives_the_early_hint_of_reading_the_code():
    from jaliz_learn.bots import ISMCTSBot

    class MyMonteCarloBot(ISMCTSBot):  # the library's search, handed in as one's own
        def __init__(self, seed=0):
            super().__init__(seed, iterations=2)

    report = ex04_monte_carlo.check(MyMonteCarloBot, games=1)
    own = next(i for i in report.items if i.name == "your own search")
    assert not own.passed and "jaliz_learn.bots.mcts:ISMCTSBot" in own.message
    assert "exercise 4 asks for your own search" in own.hint

    class Borrowed:
        def act(self, observation, legal_actions):
            raise RuntimeError("plays no games")

        def wilson(self, wins, n, z):
            from jaliz_learn.tournament import wilson_interval

            return wilson_interval(wins, n, z)

    report = ex05_experiments.check(Borrowed)
    assert report.items[0].name == "your own code" and not report.items[0].passed
    assert "wilson_interval" in report.items[0].message and "exercise 5" in report.items[0].hint


def test_landlock_leaves_out_a_hidden_path_under_a_system_folder(tmp_path):
    """A package installed under /usr (/usr/local/lib/python3.X/dist-packages): Landlock grants whole subtrees, so
    /usr must be split around a hidden module there, not granted whole."""
    import pytest

    from jaliz_learn.grading.isolation import child_spec, landlock_abi, plan

    if landlock_abi() < 1:
        pytest.skip("no Landlock here")
    hidden = "/usr/share/doc"  # stands for a hidden module under /usr
    spec = child_spec(plan("landlock"), scratch=str(tmp_path), jail_root=None, hidden=[hidden])
    covering = [p for p in spec["read"] if hidden == p or hidden.startswith(p.rstrip("/") + "/")]
    assert covering == [], covering
    assert "/usr" in spec["list"] and any(p.startswith("/usr/bin") for p in spec["read"])
