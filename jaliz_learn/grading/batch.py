"""Grade a folder of learners' notebooks into a gradebook (CSV and an HTML summary).

``jaliz-learn grade EXERCISE submissions/`` runs the exercise's ``grader.py`` on every notebook of
the folder, one after the other, each in its own fresh process (see
:mod:`jaliz_learn.grading.sandbox`): one notebook can neither change another's grade nor stop the
batch. It prints a progress line per notebook and writes, in the output folder,
``gradebook.csv`` (one row per notebook), ``gradebook.html`` (the same as a table, with each
report) and ``reports/<notebook>.txt`` (each full report, with its replay snippets).
"""

from __future__ import annotations

import csv
import dataclasses
import html
import importlib.util
import sys
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

from ..core.errors import InvalidOption
from ..tournament import describe_exception
from .report import pass_fail_mark

#: Columns of ``gradebook.csv``.
COLUMNS = ["notebook", "passed", "checks_passed", "checks", "failed_checks", "first_problem", "seconds", "seed"]


def exercises_root() -> Path:
    """The ``exercises/`` folder of the repository this package was installed from."""
    return Path(__file__).resolve().parents[2] / "exercises"


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
    name = f"_jaliz_grader_{folder.resolve().name}"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, folder / "grader.py")
    if spec is None or spec.loader is None:  # pragma: no cover - checked by find_exercise
        raise InvalidOption(f"cannot load {folder / 'grader.py'}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def _first_problem(report: Any) -> str:
    for item in report.items:
        if not item.passed:
            first_line = item.message.split("\n", 1)[0]
            text = f"{item.name}: {first_line}"
            return text if len(text) <= 300 else text[:297] + "..."
    return ""


def grade_folder(exercise: str | Path, folder: str | Path, *, out: str | Path | None = None,
                 secret_file: str | Path | None = None, load_seconds: float | None = None,
                 progress: Callable[[str], None] | None = None, **grade_kwargs: Any) -> list[dict[str, Any]]:
    """Grade every ``*.ipynb`` of ``folder`` with the exercise's grader; write the gradebook to ``out``.

    Returns the gradebook rows. ``load_seconds`` shortens the time a notebook's cells may run.
    ``progress`` receives one line per notebook (default: print to stderr).
    """
    exercise_folder = find_exercise(str(exercise))
    source = Path(folder)
    if not source.is_dir():
        raise InvalidOption(f"{str(source)!r} is not a folder of notebooks")
    notebooks = sorted(p for p in source.glob("*.ipynb") if not p.name.startswith("."))
    if not notebooks:
        raise InvalidOption(f"no notebooks (*.ipynb) in {source}")
    grader = load_grader(exercise_folder)
    target = Path(out) if out is not None else source.parent / f"{source.name}-gradebook"
    (target / "reports").mkdir(parents=True, exist_ok=True)
    say = progress or (lambda line: print(line, file=sys.stderr, flush=True))
    kwargs = dict(grade_kwargs)
    if secret_file is not None:
        kwargs["secret_file"] = secret_file
    limits = getattr(grader, "LIMITS", None)
    if load_seconds is not None and limits is not None:
        kwargs["limits"] = dataclasses.replace(limits, load_seconds=load_seconds,
                                               cell_seconds=min(limits.cell_seconds, load_seconds))
    rows: list[dict[str, Any]] = []
    reports: list[str] = []
    for number, path in enumerate(notebooks, 1):
        start = time.perf_counter()
        try:
            report = grader.grade(path, **kwargs)
            text = str(report)
            row: dict[str, Any] = {"notebook": path.name, "passed": bool(report.passed),
                   "checks_passed": sum(1 for i in report.items if i.passed), "checks": len(report.items),
                   "failed_checks": "; ".join(i.name for i in report.items if not i.passed),
                   "first_problem": _first_problem(report), "seed": "; ".join(getattr(report, "notes", []))}
        except Exception as exc:  # a grader bug: this notebook gets a row saying so, the batch goes on
            text = f"the grader could not grade {path.name}: {describe_exception(exc)}"
            row = {"notebook": path.name, "passed": False, "checks_passed": 0, "checks": 0,
                   "failed_checks": "grader", "first_problem": text, "seed": ""}
        row["seconds"] = round(time.perf_counter() - start, 1)
        rows.append(row)
        reports.append(text)
        (target / "reports" / f"{path.stem}.txt").write_text(text + "\n", encoding="utf-8")
        verdict = "PASS" if row["passed"] else "FAIL"
        detail = f"{row['checks_passed']}/{row['checks']} checks"
        if not row["passed"] and row["first_problem"]:
            detail += "; " + str(row["first_problem"])[:100]
        say(f"[{number}/{len(notebooks)}] {path.name}: {verdict} ({detail}) {row['seconds']:.1f} s")
    write_gradebook(rows, reports, target, title=f"{Path(str(exercise)).name}: {source}")
    return rows


def write_gradebook(rows: list[dict[str, Any]], reports: list[str], target: Path, *, title: str) -> None:
    """``gradebook.csv`` and ``gradebook.html`` in ``target``."""
    with open(target / "gradebook.csv", "w", newline="", encoding="utf-8") as f:
        writer = csv.DictWriter(f, fieldnames=COLUMNS)
        writer.writeheader()
        for row in rows:
            writer.writerow({k: row.get(k, "") for k in COLUMNS})
    passed = sum(1 for r in rows if r["passed"])
    body = []
    for row, text in zip(rows, reports):
        mark = pass_fail_mark(row["passed"])
        body.append(
            f"<tr><td>{mark}</td><td>{html.escape(row['notebook'])}</td>"
            f"<td>{row['checks_passed']}/{row['checks']}</td><td>{html.escape(row['first_problem'])}</td>"
            f"<td>{row['seconds']}</td><td><details><summary>report</summary><pre>{html.escape(text)}</pre>"
            "</details></td></tr>")
    page = (f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>{html.escape(title)}</title>"
            "<style>body{font-family:sans-serif}td,th{border-bottom:1px solid #ccc;padding:4px;vertical-align:top}"
            "pre{white-space:pre-wrap;max-width:80em}</style></head><body>"
            f"<h1>Gradebook: {html.escape(title)}</h1><p>{passed} of {len(rows)} notebooks passed.</p>"
            "<table><tr><th></th><th>notebook</th><th>checks</th><th>first problem</th><th>seconds</th>"
            f"<th></th></tr>{''.join(body)}</table></body></html>\n")
    (target / "gradebook.html").write_text(page, encoding="utf-8")


__all__ = ["COLUMNS", "exercises_root", "find_exercise", "grade_folder", "load_grader", "write_gradebook"]
