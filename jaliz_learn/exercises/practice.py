"""Where the checks find what a learner's method must return: the practice answers here, else the teacher kit.

The reference answers are not in this package: they are in the teacher kit (the distribution
``jaliz_learn_teacher``, folder ``teacher/`` of the repository), which learners never receive and which grading
leaves out of every learner's process. A learner's ``check()`` needs only the answers of the *public* practice
cases, which :mod:`.practice_answers` holds (written by ``python -m jaliz_learn_teacher.practice --write`` from the
kit; a test checks they agree). The graders ask for the answers of hidden cases, which only the kit can give:
grading exercises 3 and 5 needs it.

Each answer is asked for by a key (a tuple of plain values naming the call, e.g. ``("wilson", 7, 10, 1.96)``) and a
function of the kit's answers module that computes it; :func:`answer` looks the key up first.

>>> key_of(("wilson", 7, 10, 1.96)) == key_of(("wilson", 7, 10, 1.96)) != key_of(("wilson", 7, 10, 2.0))
True
"""

from __future__ import annotations

import copy
import hashlib
import importlib
from collections.abc import Callable
from types import ModuleType
from typing import Any

from ..core.errors import InvalidOption

#: the teacher kit's package
TEACHER_KIT = "jaliz_learn_teacher"
#: how to install it, for messages
INSTALL = "pip install jaliz_learn_teacher (in a checkout of the repository: pip install -e ./teacher)"

#: a key of a practice answer and the function of the kit's answers module that computes it
Call = tuple[tuple[Any, ...], Callable[[ModuleType], Any]]


class TeacherKitMissing(InvalidOption):
    """The teacher kit is not installed where an answer it alone holds is needed (a grader's hidden cases)."""


def teacher_answers(exercise: str) -> ModuleType:
    """The kit's reference answers of ``exercise`` (``"ex03"``); :class:`TeacherKitMissing` without the kit."""
    try:
        return importlib.import_module(f"{TEACHER_KIT}.answers.{exercise}")
    except ImportError as exc:
        if exc.name not in (TEACHER_KIT, f"{TEACHER_KIT}.answers", f"{TEACHER_KIT}.answers.{exercise}"):
            raise  # the kit is there but broken: say so as it is
        raise TeacherKitMissing(f"the reference answers of {exercise} are in the teacher kit, which is not "
                                f"installed here: {INSTALL}") from None


def key_of(key: tuple[Any, ...]) -> str:
    """A short, stable name of ``key`` (its ``repr``, hashed: the data sets in a key are long)."""
    return hashlib.sha256(repr(key).encode("utf-8")).hexdigest()[:24]


def answer(exercise: str, key: tuple[Any, ...], compute: Callable[[ModuleType], Any]) -> Any:
    """The answer named ``key``: from the practice answers when it is a public case, else ``compute`` of the kit's
    answers module (:class:`TeacherKitMissing` without the kit)."""
    from .practice_answers import ANSWERS

    found = ANSWERS.get(exercise, {}).get(key_of(key), _MISSING)
    if found is not _MISSING:
        return copy.deepcopy(found)  # a check may keep or change what it got; the table stays as written
    return compute(teacher_answers(exercise))


_MISSING = object()

__all__ = ["Call", "INSTALL", "TEACHER_KIT", "TeacherKitMissing", "answer", "key_of", "teacher_answers"]
