"""Writes the cheating submissions of exercise 1 as notebooks (``notebooks/*.ipynb``).

Each notebook is what a learner who wants a pass without earning it might hand in: a weak bot
(it plays the first legal action, which fails the strength bars) plus one attempt to cheat the
grader, from issue 11. ``test_hostile_grading.py`` grades all of them in one batch together with
the reference solution and the untouched skeleton. Run ``python tests/hostile/build_notebooks.py``
after changing an attempt here; the notebooks are committed so they can be opened and read.
"""

from __future__ import annotations

import json
from pathlib import Path

HERE = Path(__file__).resolve().parent / "notebooks"

IMPORTS = """import jaliz_learn
from jaliz_learn.bots import BaseBot, RandomBot
from jaliz_learn.exercise_tools import check_first_bot as check
from jaliz_learn.games.jaliz import Offer, Plant
"""

WEAK = """class MyJalizBot(BaseBot):
    def act(self, observation, legal_actions):
        return legal_actions[0]
"""

#: name -> (what the learner tries, code cells after the imports)
ATTEMPTS: dict[str, tuple[str, list[str]]] = {
    "frame_walk": ("Walk up the call stack from act() to the live game state and add coins to my farm.", ["""
import sys

class MyJalizBot(BaseBot):
    def act(self, observation, legal_actions):
        frame = sys._getframe(1)
        while frame is not None:
            for value in list(frame.f_locals.values()):
                players = getattr(value, "players", None)
                if players and hasattr(value, "deck"):
                    players[observation.player].coins.extend([14] * 30)
            frame = frame.f_back
        return legal_actions[0]
"""]),
    "gc_objects": ("Find the live game states among all objects of the process and rig them.", ["""
import gc

class MyJalizBot(BaseBot):
    def act(self, observation, legal_actions):
        for obj in gc.get_objects():
            if type(obj).__name__ == "JalizState":
                obj.players[observation.player].coins.extend([14] * 30)
                obj.deck.clear()
        return legal_actions[0]
"""]),
    "patch_constants": ("Lower the bars by changing the module constants.", ["""
import jaliz_learn.exercise_tools as tools
tools.FIRST_BOT_MIN_COINS = 0
tools.FIRST_BOT_MIN_WIN_RATE = 0.0
tools.GRADER_STRENGTH_GAMES = 1
""", WEAK]),
    "patch_opponents": ("Make the opponents play badly by patching RandomBot.act and the heuristic bot.", ["""
from jaliz_learn.games.jaliz.bots import HeuristicJalizBot

def worst(self, observation, legal_actions):
    return legal_actions[len(legal_actions) - 1] if len(legal_actions) < 50 else legal_actions[0]

RandomBot.act = worst
HeuristicJalizBot.act = worst
""", WEAK]),
    "patch_report": ("Make every report pass by patching GradeReport.passed.", ["""
from jaliz_learn.grading import GradeReport
from jaliz_learn.exercise_tools import ExerciseReport
GradeReport.passed = property(lambda self: True)
ExerciseReport.passed = property(lambda self: True)
""", WEAK]),
    "patch_main_grader": ("Replace the grader's functions in sys.modules['__main__'] with ones that pass.", ["""
import sys
main = sys.modules["__main__"]

class Passing:
    passed = True
    items = []
    def __str__(self):
        return "All checks passed. Well done!"

main.grade_bot_class = lambda *args, **kwargs: Passing()
main.grade = lambda *args, **kwargs: Passing()
for name, module in list(sys.modules.items()):
    if hasattr(module, "grade_first_bot"):
        module.grade_first_bot = lambda *args, **kwargs: Passing()
""", WEAK]),
    "eq_subclass": ("Return an action whose __eq__ is always True (it passes `in legal_actions`).", ["""
class AnyPlant(Plant):
    def __eq__(self, other):
        return True

    def __hash__(self):
        return 0


class MyJalizBot(BaseBot):
    def act(self, observation, legal_actions):
        if observation.decision in ("plant", "place", "final-plant") and observation.hand:
            return AnyPlant(observation.hand[0], 1)
        return legal_actions[0]
"""]),
    "float_field": ("Return Plant(product, 1.0): equal to Plant(product, 1) but of the wrong type.", ["""
class MyJalizBot(BaseBot):
    def act(self, observation, legal_actions):
        for action in legal_actions[:10]:
            if isinstance(action, Plant):
                return Plant(action.product, float(action.plot))
        return legal_actions[0]
"""]),
    "os_exit_fake_report": ("Print a passing report and leave with os._exit(0).", ["""
import os
print("Exercise 1: 11 of 11 checks passed")
print("All checks passed. Well done!")
os._exit(0)
""", WEAK]),
    "atexit_exit_zero": ("Force exit status 0 at exit, then crash.", ["""
import atexit, os
atexit.register(lambda: os._exit(0))


class MyJalizBot(BaseBot):
    def act(self, observation, legal_actions):
        print("All checks passed. Well done!")
        raise SystemExit(0)
"""]),
    "patch_clock": ("Stop the clock (time.perf_counter, time.monotonic) and think for a long time.", ["""
import time
slow_sleep = time.sleep
time.perf_counter = lambda: 0.0
time.monotonic = lambda: 0.0
time.time = lambda: 0.0


class MyJalizBot(BaseBot):
    def act(self, observation, legal_actions):
        slow_sleep(30)
        return legal_actions[0]
"""]),
    "read_secret_seed": ("Read the grader's seed: the practice seed in grader.py, the environment, the grader's "
                         "/proc entries. Raises with what it found, so a leak would show in the report.", ["""
import os, re
from pathlib import Path

found = []
root = Path(jaliz_learn.__file__).resolve().parents[1]
grader = root / "exercises" / "01_first_jaliz_bot" / "grader.py"
if grader.exists():
    found += re.findall(r"PRACTICE_SEED = (\\w+)", grader.read_text())
found += [v for k, v in os.environ.items() if "SEED" in k or "SECRET" in k]
for pid in [os.getppid()] + [p for p in os.listdir("/proc") if p.isdigit()]:
    try:
        env = Path(f"/proc/{pid}/environ").read_bytes().split(b"\\0")
    except OSError:
        continue
    found += [e.decode(errors="replace") for e in env if b"SECRET" in e]


class MyJalizBot(BaseBot):
    def act(self, observation, legal_actions):
        secret = [f for f in found if "JALIZ_LEARN_SECRET_SEED" in f or not f.startswith("0x6A")]
        if secret:
            raise RuntimeError("LEAKED " + " ".join(secret))
        return legal_actions[0]
"""]),
    "non_daemon_thread": ("Start a thread that never ends, so the grader never exits.", ["""
import threading, time

def forever():
    while True:
        time.sleep(0.01)

threading.Thread(target=forever, daemon=False).start()
""", WEAK]),
    "swallow_signals": ("Ignore SIGALRM and SIGTERM and swallow every BaseException in a loop.", ["""
import signal, time


class MyJalizBot(BaseBot):
    def act(self, observation, legal_actions):
        signal.signal(signal.SIGALRM, signal.SIG_IGN)
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        while True:
            try:
                time.sleep(1)
            except BaseException:
                pass
"""]),
    "keyboard_interrupt": ("Raise KeyboardInterrupt from act() to stop the batch.", ["""
class MyJalizBot(BaseBot):
    def act(self, observation, legal_actions):
        raise KeyboardInterrupt
"""]),
    "long_c_call": ("A long call in C that no Python signal handler interrupts.", ["""
class MyJalizBot(BaseBot):
    def act(self, observation, legal_actions):
        sum(range(10**12))
        return legal_actions[0]
"""]),
    "huge_pow": ("A huge integer power, computed in C.", ["""
class MyJalizBot(BaseBot):
    def act(self, observation, legal_actions):
        pow(7, 10**10)
        return legal_actions[0]
"""]),
    "memory_growth": ("Grow memory without end.", ["""
class MyJalizBot(BaseBot):
    def act(self, observation, legal_actions):
        hoard = []
        while True:
            hoard.append(bytearray(50_000_000))
"""]),
    "output_flood": ("Flood the output, through print and straight onto file descriptor 1.", ["""
import os


class MyJalizBot(BaseBot):
    def act(self, observation, legal_actions):
        for _ in range(100):
            print("All checks passed. Well done!" * 1000)
        while True:
            os.write(1, b"x" * 1_000_000)
"""]),
    "mutate_shared_objects": ("Change the actions and the observation the grader sent, hoping to change the rules "
                              "for later games (object.__setattr__ on frozen objects).", ["""
class MyJalizBot(BaseBot):
    def act(self, observation, legal_actions):
        for action in legal_actions[:5]:
            for name in getattr(type(action), "__dataclass_fields__", {}):
                try:
                    object.__setattr__(action, name, 99)
                except Exception:
                    pass
        try:
            object.__setattr__(observation, "hand", (14,) * 40)
        except Exception:
            pass
        return legal_actions[0]
"""]),
    "forge_protocol": ("Write a forged answer straight onto the grader's connection.", ["""
import os, sys, json


class MyJalizBot(BaseBot):
    def act(self, observation, legal_actions):
        fd = int(sys.argv[-1])
        forged = {"op": "answer", "action": {"type": "plant", "product": 6, "plot": 1}}
        os.write(fd, (json.dumps(forged) + "\\n").encode() * 3)
        os.write(fd, b"[" * 100000 + b"\\n")
        return legal_actions[0]
"""]),
}


def _cell(kind: str, source: str) -> dict:
    cell = {"cell_type": kind, "metadata": {}, "source": source.strip("\n").splitlines(True)}
    if kind == "code":
        cell.update(execution_count=None, outputs=[])
    return cell


def build() -> list[Path]:
    HERE.mkdir(exist_ok=True)
    written = []
    for name, (what, cells) in ATTEMPTS.items():
        nb = {"cells": [_cell("markdown", f"# Cheating attempt: {name}\n\n{what}"), _cell("code", IMPORTS)]
              + [_cell("code", c) for c in cells] + [_cell("code", "check(MyJalizBot)")],
              "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
              "nbformat": 4, "nbformat_minor": 5}
        path = HERE / f"{name}.ipynb"
        path.write_text(json.dumps(nb, indent=1) + "\n", encoding="utf-8")
        written.append(path)
    return written


if __name__ == "__main__":
    for p in build():
        print("wrote", p)
