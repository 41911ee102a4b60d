"""The graded exercises of ``exercises/``, one module per exercise, plus what they share.

Each ``exNN_*`` module holds what the exercise's notebook (``check(...)``) and its ``grader.py`` share: the time
limit, the bars, the scenario positions, the graded games, the quick check and the grading function.
:mod:`.scenarios` holds the pieces every exercise uses, :mod:`.common` what every ``grader.py`` does,
:mod:`.own_work` what a learner's graded process cannot reach per exercise, and :func:`replay` rebuilds a graded
position from the short reference a report gives. The reference answers are not in this package: they are in the
teacher kit (``jaliz_learn_teacher``, never in a learner's install); :mod:`.practice` finds the answers of the
public practice cases (:mod:`.practice_answers`, what ``check()`` needs) and asks the kit for the rest.
"""

from __future__ import annotations

from typing import Any


def replay(exercise: str, game: int, decision: int, **kwargs: Any) -> Any:
    """The position of decision ``decision`` of graded game ``game`` of ``exercise`` (``"ex04"``), rebuilt on the
    teacher's machine with the learner's notebook (``notebook=``): see :mod:`.rebuild`."""
    from .rebuild import replay as rebuild

    return rebuild(exercise, game, decision, **kwargs)


__all__ = ["replay"]
