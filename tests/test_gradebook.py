"""Gradebooks a school can import (issue 24): student ids, weighted scores, Canvas/Moodle/JSON exports, cells no
spreadsheet runs, safe writing next to whatever a learner might have left, earlier gradebooks kept."""

from __future__ import annotations

import csv
import io
import json
import os
import re
from pathlib import Path

import pytest

from jaliz_learn.core.errors import InvalidOption
from jaliz_learn.grading import gradebook as gb
from jaliz_learn.grading.report import GradeReport

ROOT = Path(__file__).resolve().parents[1]


def _rows(names=("alice.ipynb", "=1+2.ipynb", "@bob.ipynb"), roster=None, weights=None):
    rows, reports, taken = [], {}, set()
    for i, name in enumerate(names):
        report = GradeReport(name)
        report.add("legal actions", True, "ok")
        report.add("win rate", i % 2 == 0, "won" if i % 2 == 0 else "=HYPERLINK(\"http://x\")")
        share = gb.score(report.items, gb.parse_weights(weights))
        row = {"notebook": name, "passed": report.passed, "score": share, "points": round(share * 20, 2),
               "checks_passed": sum(x.passed for x in report.items), "checks": 2,
               "failed_checks": "; ".join(x.name for x in report.items if not x.passed),
               "first_problem": "" if report.passed else "win rate: =HYPERLINK(\"http://x\")", "seconds": 1.5,
               "seed": "secret seed from the environment", "isolation": "landlock ABI 7"}
        gb.identify(row, roster or {})
        row["_report"] = gb.safe_name(name, taken)
        reports[row["_report"]] = str(report)
        rows.append(row)
    return rows, reports


def _csv(data: bytes) -> list[list[str]]:
    return list(csv.reader(io.StringIO(data.decode("utf-8"))))


def test_every_csv_cell_is_safe_from_formulas():
    rows, reports = _rows()
    files = gb.render(rows, reports, title="t", exercise="02_nizam_one_ply", points_possible=20)
    for name in ("gradebook.csv", "canvas.csv", "moodle.csv"):
        for row in _csv(files[name]):
            for cell in row:
                assert not cell.startswith(("=", "+", "-", "@", "\t", "\r")), (name, cell)
    table = _csv(files["gradebook.csv"])
    assert table[0] == gb.COLUMNS
    assert ["'=1+2", "'=1+2", "'=1+2.ipynb"] == table[2][:3] and table[3][0] == "'@bob"


def test_canvas_and_moodle_layouts():
    roster = {"alice": {"file": "alice", "id": "s101", "name": "Alice Ames", "email": "alice@school.example",
                        "section": "A", "sis_user_id": "SIS101", "sis_login_id": "aames", "canvas_id": "9001"}}
    rows, reports = _rows(roster=roster)
    files = gb.render(rows, reports, title="t", exercise="02_nizam_one_ply", points_possible=20)
    canvas = _csv(files["canvas.csv"])
    assert canvas[0] == ["Student", "ID", "SIS User ID", "SIS Login ID", "Section", "02_nizam_one_ply (score)"]
    assert canvas[1][0].strip() == "Points Possible" and canvas[1][5] == "20"
    assert canvas[2] == ["Alice Ames", "9001", "SIS101", "aames", "A", "20.0"]
    moodle = _csv(files["moodle.csv"])
    assert moodle[0] == ["ID number", "First name", "Last name", "Email address", "02_nizam_one_ply", "Feedback"]
    assert moodle[1] == ["s101", "Alice", "Ames", "alice@school.example", "20.0", "all checks passed"]
    data = json.loads(files["gradebook.json"])
    assert [r["student_id"] for r in data["rows"]] == ["s101", "=1+2", "@bob"]
    assert data["reports"]["alice.ipynb"].startswith("alice.ipynb: 2 of 2 checks passed")


def test_weights_and_scores():
    assert gb.parse_weights("win rate=3, legal actions=1") == {"win rate": 3.0, "legal actions": 1.0}
    rows, _ = _rows(weights="win rate=3")
    assert [r["score"] for r in rows] == [1.0, 0.25, 1.0] and rows[1]["points"] == 5.0
    for bad in ("win rate", "=3", "win rate=-1", "win rate=x"):
        with pytest.raises(InvalidOption, match="--weights"):
            gb.parse_weights(bad)


def test_roster_needs_a_file_column(tmp_path):
    path = tmp_path / "roster.csv"
    path.write_text("id,name\ns1,Alice\n")
    with pytest.raises(InvalidOption, match="'file' column"):
        gb.read_roster(path)
    path.write_text("File,ID,Name\nalice.ipynb,s1,Alice Ames\n")
    assert gb.read_roster(path)["alice"]["id"] == "s1"
    with pytest.raises(InvalidOption, match="cannot read the roster"):
        gb.read_roster(tmp_path / "missing.csv")


def test_writing_moves_obstacles_aside_and_keeps_the_earlier_gradebook(tmp_path):
    out = gb.prepare_folder(tmp_path / "out")
    rows, reports = _rows()
    files = gb.render(rows, reports, title="t", exercise="ex", points_possible=20)
    # what a learner's process could leave where the files go, where it runs unconfined
    (out / "reports" / "alice.txt").mkdir(parents=True)
    secret = tmp_path / "teacher-notes.txt"
    secret.write_text("keep me")
    os.symlink(secret, out / "gradebook.csv")
    notes = gb.write(out, files)
    assert secret.read_text() == "keep me", "writing followed a link planted at the gradebook's path"
    assert (out / "gradebook.csv").is_file() and not (out / "gradebook.csv").is_symlink()
    assert (out / "reports" / "alice.txt").is_file()
    assert notes and "previous" in notes[0]
    first = (out / "gradebook.csv").read_bytes()
    gb.write(out, files)  # regrading: the earlier gradebook is kept, timestamped
    kept = sorted((out / "previous").glob("*/gradebook.csv"), key=lambda p: p.parent.name)
    assert [p.is_symlink() for p in kept] == [True, False], "the planted link, then the first gradebook"
    assert kept[1].read_bytes() == first
    assert all(re.fullmatch(r"\d{8}-\d{6}(-\d+)?", p.parent.name) for p in kept)
    assert not [p for p in out.iterdir() if p.name.startswith(".gradebook-")], "the staging folder was left behind"


def test_the_output_folder_must_not_be_a_link(tmp_path):
    os.symlink(tmp_path, tmp_path / "link")
    with pytest.raises(InvalidOption, match="link or a file"):
        gb.prepare_folder(tmp_path / "link")


def test_report_names_are_safe_and_unique():
    taken: set[str] = set()
    names = [gb.safe_name(n, taken) for n in ("a.ipynb", "A.ipynb", "../x.ipynb", ".hidden.ipynb", "", "a b.ipynb")]
    assert names == ["a", "A-2", "_x", "hidden", "notebook", "a_b"]
    assert not any("/" in n or n.startswith(".") for n in names)


def test_grading_guide_lists_every_column():
    """docs/GRADING.md's column table is COLUMN_MEANINGS, row for row."""
    text = (ROOT / "docs" / "GRADING.md").read_text(encoding="utf-8")
    block = text.split("<!-- BEGIN gradebook columns -->", 1)[1].split("<!-- END gradebook columns -->", 1)[0]
    listed = re.findall(r"^\| `(\w+)` \| (.+) \|$", block, flags=re.M)
    assert listed == list(gb.COLUMN_MEANINGS.items())
    assert list(gb.COLUMN_MEANINGS) == gb.COLUMNS
