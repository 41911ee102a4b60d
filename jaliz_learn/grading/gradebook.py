"""Gradebooks a school can import: rows of a graded class, written as CSV, HTML, JSON, Canvas and Moodle files.

Each row is one notebook (see :data:`COLUMNS`). A student is named by the notebook's file name, or by a roster
(``--roster roster.csv``: a CSV with a ``file`` column, the notebook's name with or without ``.ipynb``, and any of
``id``, ``name``, ``email``, ``section``, ``sis_user_id``, ``sis_login_id``). The numeric ``score`` is the share of
checks passed, each check counted by the teacher's weight (``--weights "win rate=3,legal actions=1"``; 1 by
default); ``points`` is the score times the points possible (``--points``, 100 by default).

Files written in the output folder:

=======================  ==================================================================================
``gradebook.csv``        every column of :data:`COLUMNS`
``gradebook.html``       a table with each report
``gradebook.json``       ``{"exercise", "graded_at", "isolation", "rows": [...], "reports": {...}}``
``canvas.csv``           Canvas's gradebook import: ``Student, ID, SIS User ID, SIS Login ID, Section,
                         <exercise>``, a ``Points Possible`` row first (the layout of Canvas's own gradebook
                         export, which its import reads back; Canvas guide "How do I import grades in the
                         Gradebook?")
``moodle.csv``           Moodle's "Import grades from CSV": ``ID number, First name, Last name, Email address,
                         <exercise>, Feedback`` (one identifier column to map to a user field, one grade column
                         and its feedback, as Moodle's own plain-text grade export writes them)
``reports/<name>.txt``   each full report
=======================  ==================================================================================

Every text cell of the CSV files is escaped against spreadsheet formulas (a cell that starts with ``=``, ``+``,
``-``, ``@``, a tab or a carriage return gets a leading ``'``, as OWASP advises against CSV injection). Files are
written by the grader's process only, into a fresh folder first and then moved into place (never through a link
or into a directory someone else made); an earlier gradebook in the folder moves to ``previous/<time>/``.
"""

from __future__ import annotations

import csv
import html
import io
import json
import os
import re
import tempfile
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from ..core.errors import InvalidOption
from ..core.text import safe_line
from .options import MAX_WEIGHT, number
from .report import pass_fail_mark

#: Columns of ``gradebook.csv``.
COLUMNS = ["student_id", "name", "notebook", "passed", "score", "points", "checks_passed", "checks", "failed_checks",
           "first_problem", "seconds", "seed", "isolation"]
#: What each column means (the teacher's guide lists them; a test keeps both in step).
COLUMN_MEANINGS = {
    "student_id": "the roster's id for the notebook, else its file name without .ipynb (made safe: control "
                  "characters and bytes that are not UTF-8 shown escaped)",
    "name": "the roster's name, else the same as student_id; with a roster, a notebook it does not list is marked "
            "'(not on the roster)' and left out of canvas.csv and moodle.csv",
    "notebook": "the notebook's file name in the class folder (made safe, as student_id); empty for a roster's "
                "student who handed in no notebook",
    "passed": "True when every check passed",
    "score": "weighted share of checks passed, 0 to 1 (weights from --weights, 1 each by default)",
    "points": "score times the points possible (--points, 100 by default)",
    "checks_passed": "how many checks passed",
    "checks": "how many checks the report has",
    "failed_checks": "the names of the failed checks, separated by '; '",
    "first_problem": "the first failed check and its message (at most 300 characters)",
    "seconds": "wall time of this notebook's grading",
    "seed": "where the seed came from (secret or practice), never the seed itself",
    "isolation": "the layers that closed the learner's process in (or why it was not)",
}
FILES = ("gradebook.csv", "gradebook.html", "gradebook.json", "canvas.csv", "moodle.csv", "reports")
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_safe(value: Any) -> Any:
    """A cell that no spreadsheet runs as a formula (numbers and booleans unchanged).

    >>> spreadsheet_safe("=1+2.ipynb"), spreadsheet_safe("alice"), spreadsheet_safe(3.5)
    ("'=1+2.ipynb", 'alice', 3.5)
    """
    if isinstance(value, str) and value.startswith(_FORMULA_START):
        return "'" + value
    return value


def safe_name(name: str, taken: set[str]) -> str:
    """A file name for a notebook's report: letters, digits, ``.-_`` only, never a hidden name, unique.

    >>> safe_name("=1+2.ipynb", set()), safe_name("../../etc/passwd", set())
    ('_1_2', '_.._etc_passwd')
    """
    stem = name[:-6] if name.endswith(".ipynb") else name
    text = re.sub(r"[^A-Za-z0-9._-]", "_", stem)[:100].lstrip(".") or "notebook"
    candidate, number = text, 1
    while candidate.lower() in taken:
        number += 1
        candidate = f"{text}-{number}"
    taken.add(candidate.lower())
    return candidate


# ---- roster and weights --------------------------------------------------------------------------------


#: Roster columns that name one student each: two rows with the same value would give one student another's grade
#: in the Canvas or Moodle import, so a roster that repeats one is refused.
ID_COLUMNS = ("id", "sis_user_id", "sis_login_id", "canvas_id", "email")
#: Longest roster field kept (a name, an id); the ellipsis counts in it.
FIELD_LIMIT = 200


def read_roster(path: str | Path) -> dict[str, dict[str, str]]:
    """``{notebook stem: {"id": ..., "name": ..., ...}}`` from a roster CSV (see the module docstring).

    Refused in one line (:class:`InvalidOption`), before any notebook runs: a file that is not UTF-8 (naming the
    byte), no ``file`` column, a row without a file, two rows for one file, two rows with one id (any of
    :data:`ID_COLUMNS`). Every field is made safe (:func:`jaliz_learn.core.text.safe_line`): a roster comes from a
    spreadsheet that anyone may have edited.
    """
    name = safe_line(Path(path).name, limit=FIELD_LIMIT)
    try:
        raw = Path(path).read_bytes()
    except OSError as exc:
        raise InvalidOption(f"cannot read the roster {safe_line(str(path))!r}: {exc.strerror}") from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InvalidOption(f"the roster {name} is not UTF-8 text (byte {exc.start}: 0x{raw[exc.start]:02x}); "
                            "save it as 'CSV UTF-8' and try again") from None
    try:
        reader = csv.reader(io.StringIO(text, newline=""))
        table = list(reader)
    except csv.Error as exc:
        raise InvalidOption(f"the roster {name} is not a readable CSV file ({safe_line(exc, limit=100)})") from None
    header = [safe_line(f.strip().lower(), limit=FIELD_LIMIT) for f in (table[0] if table else [])]
    if "file" not in header:
        raise InvalidOption(f"the roster {name} needs a 'file' column (the notebook's name), "
                            f"found: {', '.join(header) or 'no header'}")
    roster: dict[str, dict[str, str]] = {}
    seen: dict[tuple[str, str], int] = {}
    for line, cells in enumerate(table[1:], 2):
        if not any(c.strip() for c in cells):
            continue  # a blank line
        entry = {k: safe_line(v.strip(), limit=FIELD_LIMIT) for k, v in zip(header, cells) if k}
        stem = entry.get("file", "").removesuffix(".ipynb")
        if not stem:
            raise InvalidOption(f"the roster {name}, line {line}: no file (every row names a notebook)")
        for column in ("file", *ID_COLUMNS):
            value = stem if column == "file" else entry.get(column, "")
            if not value:
                continue
            key = (column, value.lower() if column == "email" else value)
            if key in seen:
                raise InvalidOption(f"the roster {name}: lines {seen[key]} and {line} have the same {column} "
                                    f"{value!r}; each student needs their own")
            seen[key] = line
        roster[stem] = entry
    return roster


def parse_weights(text: str | Mapping[str, float] | None) -> dict[str, float]:
    """``"win rate=3, legal actions=1"`` -> ``{"win rate": 3.0, "legal actions": 1.0}``; each weight a finite
    number from 0 to :data:`~jaliz_learn.grading.options.MAX_WEIGHT` (else :class:`InvalidOption`, one line).

    >>> parse_weights("win rate=3, legal actions=1")
    {'win rate': 3.0, 'legal actions': 1.0}
    >>> parse_weights("x=nan")
    Traceback (most recent call last):
    jaliz_learn.core.errors.InvalidOption: --weights: the weight of 'x' must be a finite number from 0 to 1e+06, got nan
    """
    if text is None:
        return {}
    pairs: list[tuple[Any, Any]] = list(text.items()) if isinstance(text, Mapping) else []
    if not isinstance(text, Mapping):
        for part in filter(None, (p.strip() for p in str(text).split(","))):
            name, sep, value = part.rpartition("=")
            if not sep or not name.strip():
                raise InvalidOption(f"--weights takes 'check name=weight' pairs separated by commas (weights >= 0), "
                                    f"got {safe_line(part, limit=60)!r}")
            pairs.append((name, value.strip()))
    weights: dict[str, float] = {}
    for name, value in pairs:
        label = safe_line(str(name).strip(), limit=80)
        weights[str(name).strip()] = number(f"--weights: the weight of {label!r}", value, low=0, high=MAX_WEIGHT)
    return weights


def score(items: Sequence[Any], weights: Mapping[str, float]) -> float:
    """The weighted share of checks passed (0 when there are no checks or all weights are 0)."""
    total = sum(weights.get(i.name, 1.0) for i in items)
    if total <= 0:
        return 0.0
    return round(sum(weights.get(i.name, 1.0) for i in items if i.passed) / total, 4)


def identify(row: dict[str, Any], roster: Mapping[str, Mapping[str, str]], stem: str | None = None) -> None:
    """Fill ``student_id`` and ``name`` of a row from the roster (else from the notebook's name). ``stem``: the
    notebook's real file name without ``.ipynb`` when the row shows a name made safe (the roster holds the real
    one)."""
    shown = str(row["notebook"]).removesuffix(".ipynb")
    entry = roster.get(stem if stem is not None else shown, {})
    row["student_id"] = entry.get("id") or shown
    row["name"] = entry.get("name") or row["student_id"]
    row["_roster"] = dict(entry)
    if roster and not entry:  # a notebook named after a classmate's id must not take the classmate's grade
        row["name"] = f"{shown} (not on the roster)"
        row["_unlisted"] = True


# ---- writing ------------------------------------------------------------------------------------------------


def _csv(rows: Sequence[Sequence[Any]]) -> bytes:
    out = io.StringIO()
    writer = csv.writer(out)
    for row in rows:
        writer.writerow([spreadsheet_safe(v) for v in row])
    return _utf8(out.getvalue())


def _utf8(text: str) -> bytes:
    # every text was made safe where it entered (batch.run_job, read_roster); a text that was not still does not
    # cost the class its gradebook: an invalid character is written as its escape
    return text.encode("utf-8", "backslashreplace")


def _split_name(name: str) -> tuple[str, str]:
    first, _, last = name.partition(" ")
    return first, last


def render(rows: Sequence[dict[str, Any]], reports: Mapping[str, str], *, title: str, exercise: str,
           points_possible: float) -> dict[str, bytes]:
    """Every file of the gradebook as bytes (``reports/<name>.txt`` included), nothing written yet."""
    files: dict[str, bytes] = {}
    table: list[list[Any]] = [list(COLUMNS)] + [[r.get(c, "") for c in COLUMNS] for r in rows]
    files["gradebook.csv"] = _csv(table)
    column = f"{exercise} (score)"
    canvas: list[list[Any]] = [["Student", "ID", "SIS User ID", "SIS Login ID", "Section", column],
              ["    Points Possible", "", "", "", "", points_possible]]
    listed = [r for r in rows if not r.get("_unlisted")]  # the imports get only students the roster names
    canvas += [[r["name"], r["_roster"].get("canvas_id", ""), r["_roster"].get("sis_user_id", r["student_id"]),
                r["_roster"].get("sis_login_id", ""), r["_roster"].get("section", ""), r["points"]] for r in listed]
    files["canvas.csv"] = _csv(canvas)
    moodle: list[list[Any]] = [["ID number", "First name", "Last name", "Email address", exercise, "Feedback"]]
    moodle += [[r["student_id"], *_split_name(r["name"]), r["_roster"].get("email", ""), r["points"],
                r["first_problem"] or "all checks passed"] for r in listed]
    files["moodle.csv"] = _csv(moodle)
    public = [{k: r.get(k) for k in COLUMNS} for r in rows]
    files["gradebook.json"] = json.dumps({"exercise": exercise, "title": title,
                                          "graded_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
                                          "points_possible": points_possible, "rows": public,
                                          "reports": {_key(r): reports.get(r["_report"], "") for r in rows}},
                                         indent=1, ensure_ascii=False).encode("utf-8", "backslashreplace")
    files["gradebook.html"] = _utf8(_html(rows, reports, title))
    for r in rows:
        files[f"reports/{r['_report']}.txt"] = _utf8(reports.get(r["_report"], "") + "\n")
    return files


def _key(row: Mapping[str, Any]) -> str:
    """A row's key in ``gradebook.json``'s reports: its notebook, or the student without one."""
    return str(row["notebook"]) or f"(no notebook) {row['student_id']}"


def _html(rows: Sequence[dict[str, Any]], reports: Mapping[str, str], title: str) -> str:
    passed = sum(1 for r in rows if r["passed"])
    body = []
    for row in rows:
        text = reports.get(row["_report"], "")
        body.append(
            f"<tr><td>{pass_fail_mark(row['passed'])}</td><td>{html.escape(str(row['student_id']))}</td>"
            f"<td>{html.escape(row['notebook'])}</td><td>{row['checks_passed']}/{row['checks']}</td>"
            f"<td>{row['points']}</td><td>{html.escape(row['first_problem'])}</td><td>{row['seconds']}</td>"
            f"<td><details><summary>report</summary><pre>{html.escape(text)}</pre></details></td></tr>")
    isolation = sorted({str(r.get("isolation", "")) for r in rows} - {""})
    return (f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>{html.escape(title)}</title>"
            "<style>body{font-family:sans-serif}td,th{border-bottom:1px solid #ccc;padding:4px;vertical-align:top}"
            "pre{white-space:pre-wrap;max-width:80em}</style></head><body>"
            f"<h1>Gradebook: {html.escape(title)}</h1><p>{passed} of {len(rows)} notebooks passed.</p>"
            + "".join(f"<p><i>isolation: {html.escape(i)}</i></p>" for i in isolation) +
            "<table><tr><th></th><th>student</th><th>notebook</th><th>checks</th><th>points</th><th>first problem</th>"
            f"<th>seconds</th><th></th></tr>{''.join(body)}</table></body></html>\n")


def prepare_folder(target: Path) -> Path:
    """The output folder, made if needed; refuses a link or a file in its place."""
    if target.is_symlink() or (target.exists() and not target.is_dir()):
        raise InvalidOption(f"the gradebook folder {str(target)!r} is a link or a file; give a folder")
    target.mkdir(parents=True, exist_ok=True)
    return target


def write(target: Path, files: Mapping[str, bytes]) -> list[str]:
    """Write ``files`` into ``target`` safely (see the module docstring); the notes of anything moved aside."""
    notes: list[str] = []
    stage = Path(tempfile.mkdtemp(prefix=".gradebook-", dir=target))
    for name, data in files.items():
        path = stage / name
        path.parent.mkdir(exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o644)
        with os.fdopen(fd, "wb") as f:
            f.write(data)
    stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime())
    previous, number = target / "previous" / stamp, 1
    while os.path.lexists(previous):  # two regrades within a second
        number += 1
        previous = target / "previous" / f"{stamp}-{number}"
    for entry in sorted({n.split("/", 1)[0] for n in files}):
        final = target / entry
        if os.path.lexists(final):  # an earlier gradebook (or anything else at our name) moves aside, unfollowed
            previous.mkdir(parents=True, exist_ok=True)
            os.rename(final, previous / entry)
        os.rename(stage / entry, final)
    stage.rmdir()
    if previous.exists():
        notes.append(f"the earlier gradebook moved to {previous.relative_to(target)}")
    return notes


__all__ = ["COLUMNS", "COLUMN_MEANINGS", "FILES", "ID_COLUMNS", "identify", "parse_weights", "prepare_folder",
           "read_roster", "render", "safe_name", "score", "spreadsheet_safe", "write"]
