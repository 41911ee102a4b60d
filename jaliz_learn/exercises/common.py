"""What every exercise's ``grader.py`` does the same way: run the notebook in a sandbox and print reports.

An exercise's grader keeps only what is its own (the game, the class name, the practice seed, the
limits and the grading function of its module in this package); :func:`grade_in_sandbox` runs the
learner's notebook in its own process (:class:`~jaliz_learn.grading.Sandbox`) and never raises for the
learner's problems, and :func:`grader_main` is the command line (a report per notebook, exit status 0
only when every notebook passed, never a traceback).
"""

from __future__ import annotations

import argparse
import inspect
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from ..core.registry import load_game
from ..core.text import safe_line
from ..grading.failures import Limits, LoadFailure
from ..grading.report import GradeReport
from ..grading.seeds import exercise_seed, secret_seed
from ..tournament import describe_exception
from .own_work import OwnWork
from .scenarios import ExerciseReport
from .strength_bars import parse_games


def grade_in_sandbox(notebook: str | Path, *, title: str, game: str, class_name: str, practice_seed: int,
                     limits: Limits, grade: Callable[..., GradeReport], label: int, seed: int | None = None,
                     secret_file: str | Path | None = None, isolation: Any = None, allow_unconfined: bool = False,
                     hidden: Sequence[str | Path] = (), name: str | None = None,
                     source: Mapping[str, Any] | None = None, seed_note: str | None = None,
                     own_work: OwnWork | None = None, **kwargs: Any) -> GradeReport:
    """Run ``notebook`` in its own, closed process, take its ``class_name`` and grade it with
    ``grade(contestant, seed=exercise_seed(seed, label), **kwargs)``.

    The seed comes from ``seed`` (tests), else the teacher's secret (:func:`secret_seed`), else
    ``practice_seed`` (the report then says the grade is for practice only). ``isolation`` is a mode or a plan
    (:mod:`jaliz_learn.grading.isolation`); a real grade (a secret seed) where the learner's file system cannot be
    closed is refused unless ``allow_unconfined`` (an :class:`~jaliz_learn.core.errors.InvalidOption`, one line).
    ``source``: the notebook already read (a batch job), ``name`` its file name for the report; ``hidden``: more
    paths the learner's process must not read; ``seed_note``: where a given ``seed`` came from (a batch resolved
    the secret once); ``own_work``: the exercise's modules the learner's process cannot reach while it is graded
    (hidden like the reference answers; a report whose failure came from one of them names the exercise's rule).
    """
    from ..grading.isolation import plan, refuse_unconfined
    from ..grading.match import SandboxContestant
    from ..grading.sandbox import Sandbox

    if "games" in kwargs and "games" not in inspect.signature(grade).parameters:
        kwargs.pop("games")  # an exercise that plays no graded games (5): the option means nothing there
    path = Path(notebook)
    report = ExerciseReport(f"{title}: {name or path.name}")
    if seed is None:
        seed, note = secret_seed(practice_seed, secret_file=secret_file)
    else:
        note = seed_note or "seed given by the caller"
    the_plan = isolation if not isinstance(isolation, (str, type(None))) else plan(isolation)
    refuse_unconfined(the_plan, real_grade=note.startswith("secret"), allow_unconfined=allow_unconfined)
    report.notes.append(note)
    secret = [secret_file] if secret_file is not None else []
    own = own_work.paths() if own_work is not None else []
    with Sandbox(source if source is not None else path, load_game(game), class_name, limits, isolation=the_plan,
                 hidden=[*hidden, *secret, *own]) as box:
        if box.isolation_note:
            report.notes.append(box.isolation_note)
        try:
            found = box.start()
        except LoadFailure as exc:
            if box.layers:  # the process was closed in before its cells ran: the gradebook says how
                report.notes.append(box.describe_isolation())
            report.add("load your bot", False, str(exc),
                       hint="fix this in the notebook, save it, then Restart Kernel and Run All Cells to see it "
                            "fail or work the same way")
            return own_work.annotate(report) if own_work is not None else report
        report.notes.append(box.describe_isolation())
        report.add("load your bot", True, f"found class {found}")
        try:
            report.extend(grade(SandboxContestant(box), seed=exercise_seed(seed, label), **kwargs))
        except Exception as exc:  # a grader bug must still give a report, never a traceback for the learner
            report.add("grader", False, f"the grader itself failed: {describe_exception(exc)}",
                       hint="this is not your fault: tell your teacher and hand in the notebook as it is")
    return own_work.annotate(report) if own_work is not None else report


def grader_main(argv: Sequence[str] | None, *, grade: Callable[..., GradeReport], default_notebook: Path,
                description: str) -> int:
    """Grade every notebook named on the command line (default: ``default_notebook``); print each report."""
    from ..core.errors import InvalidOption
    from ..grading.isolation import add_arguments, plan, refuse_unconfined
    from ..grading.seeds import PRACTICE_NOTE

    parser = argparse.ArgumentParser(prog="grader.py", description=description)
    parser.add_argument("notebooks", nargs="*", default=[str(default_notebook)])
    parser.add_argument("--secret-file", default=None, help="a file outside the repository holding the secret seed")
    parser.add_argument("--games", default="auto",
                        help="strength games: 'auto' (default: a sequential test stops when it is sure), 'fixed' "
                             "(the counts before sequential tests) or a number per set")
    add_arguments(parser)
    args = parser.parse_args(argv)
    try:
        games = parse_games(args.games)
        confinement = plan(args.isolation)
        _, note = secret_seed(0, secret_file=args.secret_file)
        refuse_unconfined(confinement, real_grade=note != PRACTICE_NOTE, allow_unconfined=args.allow_unconfined)
    except InvalidOption as exc:
        print(f"grader.py: error: {exc}", file=sys.stderr)
        return 2
    failed = 0
    for p in args.notebooks:
        start = time.perf_counter()
        print(f"grading {safe_line(p)} ...", file=sys.stderr, flush=True)
        try:
            report = grade(p, secret_file=args.secret_file, isolation=confinement,
                           allow_unconfined=args.allow_unconfined, games=games,
                           progress=lambda line: print(line, file=sys.stderr, flush=True))
        except InvalidOption as exc:  # a refusal (e.g. a real grade that cannot be confined): one line, stop
            print(f"grader.py: error: {exc}", file=sys.stderr)
            return 2
        except Exception as exc:  # never a traceback: one line per notebook the grader could not handle
            print(safe_line(f"{p}: the grader could not grade it: {describe_exception(exc)}") + "\n")
            failed += 1
            continue
        print(report.made_safe())  # a learner's words: no escape reaches the terminal
        print(f"({time.perf_counter() - start:.1f} s)\n", flush=True)
        failed += not report.passed
    return 1 if failed else 0


__all__ = ["grade_in_sandbox", "grader_main"]
