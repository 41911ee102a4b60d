"""Grade a folder of learners' notebooks into a gradebook, as a set of independent jobs.

``jaliz-learn grade EXERCISE submissions/`` reads every ``*.ipynb`` of the folder here (a link, a file too big or
not a notebook becomes one failing row with its reason), then grades each as its own job: the exercise's
``grader.py`` runs the notebook in a fresh, closed process (:mod:`jaliz_learn.grading.sandbox`,
:mod:`jaliz_learn.grading.isolation`) that gets the notebook as data and sees neither the class folder nor the
output folder. Jobs run one after the other, on ``--jobs N`` local processes, or on a Dask or Ray cluster
(:mod:`jaliz_learn.executors`); a job whose worker dies is run again. Only this process writes the gradebook
(:mod:`jaliz_learn.grading.gradebook`), so one notebook can never cost another student their grade or the teacher
the gradebook.
"""

from __future__ import annotations

import dataclasses
import importlib.util
import logging
import os
import re
import stat
import sys
import time
import zlib
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

from ..core.errors import InvalidOption
from ..core.text import safe_line, safe_text
from ..executors import make_executor, run_tasks
from ..progress import Progress
from ..tournament import describe_exception
from . import gradebook as gb
from .report import MESSAGE_LIMIT, GradeReport

log = logging.getLogger(__name__)

#: Columns of ``gradebook.csv`` (see :mod:`.gradebook`).
COLUMNS = gb.COLUMNS
#: Largest notebook graded (bytes); a bigger file is a failing row.
MAX_NOTEBOOK_BYTES = 20 * 1024 * 1024


def exercises_root() -> Path:
    """The ``exercises/`` folder: the repository's, else the copy installed with the package."""
    from ..course import root

    return root() / "exercises"


def find_exercise(name: str) -> Path:
    """The folder of an exercise: a path to it, its folder name (``01_first_jaliz_bot``) or its number (``1``)."""
    given = Path(name)
    if (given / "grader.py").is_file():
        return given
    root = exercises_root()
    candidates = sorted(p for p in root.glob("*/") if (p / "grader.py").is_file()) if root.is_dir() else []
    for folder in candidates:
        number = folder.name.split("_", 1)[0]
        if name in (folder.name, number) or (name.isdigit() and number.isdigit() and int(name) == int(number)):
            return folder
    known = ", ".join(p.name for p in candidates) or "none found"
    raise InvalidOption(f"no exercise {name!r}: give an exercise folder with a grader.py or one of: {known}")


def load_grader(folder: Path) -> ModuleType:
    """Import an exercise's ``grader.py`` (the teacher's own code: it runs here, learners' code does not)."""
    where = folder.resolve()
    # keyed by the whole path: two exercise folders of one name (a course's copy, a teacher's own) are two graders
    name = f"_jaliz_grader_{re.sub(r'[^A-Za-z0-9_]', '_', where.name)}_{zlib.crc32(os.fsencode(where)):08x}"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, folder / "grader.py")
    if spec is None or spec.loader is None:  # pragma: no cover - checked by find_exercise
        raise InvalidOption(f"cannot load {folder / 'grader.py'}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


# ---- one notebook, one job ------------------------------------------------------------------------------------


def read_submission(path: Path) -> tuple[dict[str, Any] | None, str]:
    """The notebook at ``path`` read here (never through a link, at most :data:`MAX_NOTEBOOK_BYTES`), or
    ``(None, reason)``."""
    from .notebooks import read_notebook
    from .report import LearnerCodeError

    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
    except OSError as exc:
        why = "it is a symbolic link" if path.is_symlink() else exc.strerror
        return None, f"the file could not be read ({why})"
    with os.fdopen(fd, "rb") as f:
        info = os.fstat(f.fileno())
        if not stat.S_ISREG(info.st_mode):
            return None, "it is not a regular file"
        if info.st_size > MAX_NOTEBOOK_BYTES:
            return None, f"it is {info.st_size // 1_000_000} MB; clear the outputs and hand it in again"
        data = f.read()
    try:
        return read_notebook(data), ""
    except LearnerCodeError as exc:
        return None, str(exc)


@dataclass(frozen=True)
class Job:
    """One notebook to grade, with everything a worker needs (it may run in another process or machine)."""

    exercise: str  # the exercise folder
    name: str  # the notebook's file name
    notebook: dict[str, Any] | None  # None: it could not be read (``problem`` says why)
    problem: str
    seed: int
    seed_note: str
    options: dict[str, Any] = field(default_factory=dict)


@dataclass
class JobResult:
    name: str
    report: GradeReport | None
    text: str
    seconds: float


def run_job(job: Job) -> JobResult:
    """Grade one notebook (in a worker): its report, or the reason it has none. Never raises for the notebook.

    The report is made safe here (:meth:`GradeReport.made_safe`), where the learner's words enter the batch: every
    text behind this point is valid, printable and capped, so no writer and no terminal line can fail on it.
    """
    start = time.perf_counter()
    report: GradeReport | None
    if job.notebook is None:
        report = GradeReport(f"{job.name}")
        report.add("read the notebook", False, job.problem, hint="hand in the .ipynb file saved from Jupyter")
        report = report.made_safe()
        return JobResult(job.name, report, str(report), round(time.perf_counter() - start, 1))
    try:
        grader = load_grader(Path(job.exercise))
        report = grader.grade(Path(job.name), source=job.notebook, name=job.name, seed=job.seed,
                              seed_note=job.seed_note, **job.options)
        report = report.made_safe()
        text = str(report)
    except Exception as exc:  # a grader or machine problem: this notebook gets a row saying so, the batch goes on
        report, text = None, safe_text(f"the grader could not grade {job.name}: {describe_exception(exc)}",
                                       limit=MESSAGE_LIMIT, keep_newlines=True)
    return JobResult(job.name, report, text, round(time.perf_counter() - start, 1))


def log_game_progress(line: str) -> None:
    """A grader's line per batch of games, in the log (``-vv``; a batch shows one line per notebook)."""
    log.debug(line.strip())


def _row(result: JobResult, weights: dict[str, float], points: float) -> dict[str, Any]:
    report = result.report
    if report is None:
        return {"notebook": result.name, "passed": False, "score": 0.0, "points": 0.0, "checks_passed": 0,
                "checks": 0, "failed_checks": "grader", "first_problem": safe_line(result.text, limit=300),
                "seconds": result.seconds, "seed": "", "isolation": ""}
    notes = list(getattr(report, "notes", []))
    share = gb.score(report.items, weights)
    return {"notebook": result.name, "passed": bool(report.passed), "score": share, "points": round(share * points, 2),
            "checks_passed": sum(1 for i in report.items if i.passed), "checks": len(report.items),
            "failed_checks": "; ".join(i.name for i in report.items if not i.passed),
            "first_problem": _first_problem(report), "seconds": result.seconds,
            "seed": "; ".join(n for n in notes if "seed" in n),
            "isolation": "; ".join(n.removeprefix("isolation: ") for n in notes if n.startswith(("isolation:",
                                                                                                  "weaker isolation")))}


def _first_problem(report: Any) -> str:
    for item in report.items:
        if not item.passed:
            first_line = item.message.split("\n", 1)[0]
            return safe_line(f"{item.name}: {first_line}", limit=300)  # one line: a cell, a terminal line
    return ""


# ---- the batch --------------------------------------------------------------------------------------------------


def display_names(paths: list[Path]) -> list[str]:
    """The name each notebook has in the gradebook and on the terminal: its file name made safe (a name may hold
    bytes that are not UTF-8, terminal escapes or direction controls) and unique (two names that look alike after
    escaping get ``#2``, ``#3``).

    >>> import os
    >>> display_names([Path(os.fsdecode(b"b\\xff\\x1b[2K.ipynb")), Path("a.ipynb"), Path("a.ipynb")])
    ['b\\\\udcff\\\\x1b[2K.ipynb', 'a.ipynb', 'a.ipynb #2']
    """
    names: list[str] = []
    taken: set[str] = set()
    for path in paths:
        base = name = safe_line(path.name, limit=255)
        number = 1
        while name in taken:
            number += 1
            name = f"{base} #{number}"
        taken.add(name)
        names.append(name)
    return names


def _not_graded(name: str, why: str) -> JobResult:
    """The result of a notebook whose job gave none (a lost worker, a bug): a failing row that says why."""
    return JobResult(name, None, safe_text(f"{name} was not graded: {why}", limit=MESSAGE_LIMIT), 0.0)


def _missing_row(stem: str, entry: dict[str, str]) -> dict[str, Any]:
    """The row of a roster's student who handed in no notebook."""
    row: dict[str, Any] = {"notebook": "", "passed": False, "score": 0.0, "points": 0.0, "checks_passed": 0,
                           "checks": 0, "failed_checks": "hand in",
                           "first_problem": f"no notebook handed in (the roster expects {stem}.ipynb)",
                           "seconds": 0.0, "seed": "", "isolation": ""}
    row["student_id"] = entry.get("id") or stem
    row["name"] = entry.get("name") or row["student_id"]
    row["_roster"] = dict(entry)
    return row


def grade_folder(exercise: str | Path, folder: str | Path, *, out: str | Path | None = None,
                 secret_file: str | Path | None = None, load_seconds: float | None = None,
                 progress: Callable[[str], None] | None = None, jobs: int = 1,
                 executor: str | Executor | None = None, address: str | None = None, isolation: Any = None,
                 allow_unconfined: bool = False, roster: str | Path | None = None,
                 weights: str | dict[str, float] | None = None, points: float = 100.0, bar: bool = True,
                 **grade_kwargs: Any) -> list[dict[str, Any]]:
    """Grade every ``*.ipynb`` of ``folder`` with the exercise's grader; write the gradebook to ``out``.

    Returns the gradebook rows (sorted by notebook). ``jobs``/``executor``/``address``: where the jobs run (see
    :mod:`jaliz_learn.executors`); ``isolation``/``allow_unconfined``: see :mod:`.isolation` (a real grade with a
    file system that stays open is refused before any notebook runs); ``roster``, ``weights``, ``points``: see
    :mod:`.gradebook`. ``load_seconds`` shortens the time a notebook's cells may run. ``progress`` receives one
    line per notebook (default: shown with a progress bar on stderr); ``bar=False`` shows no bar.

    Every option and the roster are checked before any notebook runs (:class:`InvalidOption`, one line). After
    that, nothing a notebook holds or does stops the gradebook from being written: a row that cannot be made is a
    failing row that says why.
    """
    from .isolation import plan, refuse_unconfined
    from .options import check_grade
    from .seeds import PRACTICE_NOTE, secret_seed

    check_grade(points=points, load_seconds=load_seconds, jobs=jobs)
    weight_of = gb.parse_weights(weights)
    points = float(points)
    exercise_folder = find_exercise(str(exercise))
    source = Path(folder)
    if not source.is_dir():
        raise InvalidOption(f"{safe_line(str(source))!r} is not a folder of notebooks")
    paths = sorted(p for p in source.glob("*.ipynb") if not p.name.startswith("."))
    if not paths:
        raise InvalidOption(f"no notebooks (*.ipynb) in {safe_line(str(source))}")
    students = gb.read_roster(roster) if roster is not None else {}
    names = display_names(paths)
    stems = [p.name.removesuffix(".ipynb") for p in paths]
    grader = load_grader(exercise_folder)
    getattr(grader, "preflight", lambda: None)()  # what the grader needs besides notebooks (e.g. the teacher kit)
    seed, note = secret_seed(grader.PRACTICE_SEED, secret_file=secret_file)
    the_plan = plan(isolation)
    refuse_unconfined(the_plan, real_grade=note != PRACTICE_NOTE, allow_unconfined=allow_unconfined)
    target = gb.prepare_folder(Path(out) if out is not None else source.parent / f"{source.name}-gradebook")
    options = dict(grade_kwargs, isolation=the_plan, allow_unconfined=allow_unconfined, progress=log_game_progress,
                   hidden=[str(source.resolve()), str(target.resolve())] + ([str(secret_file)] if secret_file else []))
    limits = getattr(grader, "LIMITS", None)
    if load_seconds is not None and limits is not None:
        options["limits"] = dataclasses.replace(limits, load_seconds=load_seconds,
                                                cell_seconds=min(limits.cell_seconds, load_seconds))
    log.info("grading %d notebooks of %s with %s (isolation: %s; %s)", len(paths), safe_line(str(source)),
             exercise_folder.name, the_plan.describe(), note.split(":")[0])
    work = []
    for path, name in zip(paths, names):
        notebook, problem = read_submission(path)
        work.append(Job(str(exercise_folder.resolve()), name, notebook, problem, seed, note, options))
    results: dict[int, JobResult] = {}
    try:
        with make_executor(executor, jobs=jobs, address=address) as pool, \
                Progress(len(work), f"grading {exercise_folder.name}", enabled=bar) as shown:
            for index, result in run_tasks(run_job, work, pool):
                results[index] = result
                row = _row(result, weight_of, points)
                detail = f"{row['checks_passed']}/{row['checks']} checks"
                if not row["passed"] and row["first_problem"]:
                    detail += "; " + str(row["first_problem"])[:100]
                line = f"{work[index].name}: {'PASS' if row['passed'] else 'FAIL'} ({detail}) {row['seconds']:.1f} s"
                shown.step(line if progress is None else "")
                if progress is not None:
                    progress(f"[{len(results)}/{len(work)}] {line}")
    except Exception as exc:  # the executor gave up (a worker lost again and again): keep what was graded
        why = safe_line(f"the batch stopped: {describe_exception(exc)}", limit=300)
        log.error("%s; the gradebook holds the notebooks graded so far", why)
        results.update({i: _not_graded(job.name, why) for i, job in enumerate(work) if i not in results})
    rows, reports, taken = [], {}, set[str]()
    for index, job in enumerate(work):
        result = results.get(index) or _not_graded(job.name, "its job gave no result")
        try:
            row = _row(result, weight_of, points)
            gb.identify(row, students, stems[index])
        except Exception as exc:  # a bug for one notebook costs that notebook its row, not the class its gradebook
            result = _not_graded(job.name, f"its row could not be made ({describe_exception(exc)})")
            row = _row(result, weight_of, points)
            gb.identify(row, students, stems[index])
        row["_report"] = gb.safe_name(stems[index], taken)
        reports[row["_report"]] = result.text
        rows.append(row)
    handed_in = set(stems)
    for stem, entry in students.items():
        if stem not in handed_in:
            row = _missing_row(stem, entry)
            row["_report"] = gb.safe_name(stem, taken)
            reports[row["_report"]] = str(row["first_problem"])
            rows.append(row)
    files = gb.render(rows, reports, title=safe_line(f"{exercise_folder.name}: {source}"),
                      exercise=exercise_folder.name, points_possible=points)
    for note_line in gb.write(target, files):
        log.warning(note_line) if progress is None else progress(note_line)
    return [{k: v for k, v in r.items() if not k.startswith("_")} for r in rows]


__all__ = ["COLUMNS", "Job", "JobResult", "display_names", "exercises_root", "find_exercise", "grade_folder",
           "load_grader", "read_submission", "run_job"]
