"""The teacher kit of jaliz_learn: what only teachers need, never in a learner's install.

* :mod:`.answers`: the reference answers of exercises 2, 3 and 5, which the graders compare with;
* :func:`solutions`: the exercises' solution notebooks (the masters, with the reference code);
* :mod:`.practice`: writes the answers of the public practice cases into the learner package
  (``jaliz_learn/exercises/practice_answers.py``), so that ``check()`` works for learners without this kit.

Install it beside ``jaliz_learn`` on the machine that grades (``pip install jaliz-learn-teacher``; in a checkout
``pip install -e ./teacher``). Grading leaves this package out of every learner's process.

>>> sorted(solutions())[:2]
['01_first_jaliz_bot', '02_nizam_one_ply']
"""

from __future__ import annotations

from pathlib import Path

HERE = Path(__file__).resolve().parent
__version__ = "0.1.0"


def solutions() -> dict[str, Path]:
    """``{exercise folder: solution notebook}``: the checkout's ``exercises/*/solution.ipynb`` where this kit is
    installed from a checkout (``pip install -e ./teacher``), else the copies its wheel holds."""
    checkout = HERE.parents[1] / "exercises"
    base = checkout if (HERE.parents[1] / "teacher").is_dir() and checkout.is_dir() else HERE / "solutions"
    return {p.parent.name: p for p in sorted(base.glob("*/solution.ipynb"))}


__all__ = ["solutions"]
