"""Write the practice answers into the learner package: ``python -m jaliz_learn_teacher.practice --write``.

A learner's ``check()`` compares with the answers of the public practice cases only, which the learner package
holds in ``jaliz_learn/exercises/practice_answers.py`` (no reference function, just the numbers of those cases).
This module computes them from the kit's reference answers: every call each exercise's ``practice_calls()`` lists.
``--check`` (and a test) fails when the file is not what the answers give.

>>> "ex05" in table()
True
"""

from __future__ import annotations

import argparse
import importlib
import pprint
import sys
from pathlib import Path
from typing import Any

from jaliz_learn.exercises.practice import key_of, teacher_answers

#: the exercise modules whose checks need reference answers
EXERCISES = {"ex02": "ex02_nizam_one_ply", "ex03": "ex03_jungli_la_probability", "ex05": "ex05_experiments"}
HEADER = '''"""The answers of the public practice cases, which ``check()`` compares with (no reference function here).

Written by ``python -m jaliz_learn_teacher.practice --write`` from the teacher kit's reference answers; do not edit.
Keys are :func:`jaliz_learn.exercises.practice.key_of` of each call's key.
"""

from fractions import Fraction
from typing import Any

'''


def table() -> dict[str, dict[str, Any]]:
    """``{exercise: {key: answer}}`` of every practice call."""
    out: dict[str, dict[str, Any]] = {}
    for exercise, module in EXERCISES.items():
        calls = importlib.import_module(f"jaliz_learn.exercises.{module}").practice_calls()
        answers = teacher_answers(exercise)
        out[exercise] = {key_of(key): compute(answers) for key, compute in calls}
    return out


def render() -> str:
    """The text of ``practice_answers.py``."""
    return HEADER + "ANSWERS: dict[str, dict[str, Any]] = " + pprint.pformat(table(), width=116, sort_dicts=True) + "\n"


def target() -> Path:
    return Path(importlib.import_module("jaliz_learn.exercises").__file__ or "").parent / "practice_answers.py"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m jaliz_learn_teacher.practice", description=__doc__.split("\n")[0])
    parser.add_argument("--write", action="store_true", help="write the file (else only compare)")
    parser.add_argument("--check", action="store_true", help="compare only (the default): exit 1 when it differs")
    args = parser.parse_args(argv)
    text, path = render(), target()
    if args.write:
        path.write_text(text, encoding="utf-8")
        print(f"wrote {path}")
        return 0
    same = path.is_file() and path.read_text(encoding="utf-8") == text
    print(f"{path}: {'up to date' if same else 'differs from the answers: run with --write'}")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
