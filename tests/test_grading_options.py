"""Every numeric option checked and every roster validated (issue 48): one clear line, exit status 2, before any
notebook runs and before an earlier gradebook moves; a roster's student without a notebook is a row, a notebook
named after a classmate's id never takes the classmate's grade in the Canvas or Moodle import."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from jaliz_learn.cli import main
from jaliz_learn.core.errors import InvalidOption
from jaliz_learn.grading import gradebook as gb
from jaliz_learn.grading.batch import grade_folder

GRADER = '''
"""A stand-in exercise: it records that it ran, then reports one check."""
import os
from pathlib import Path
from jaliz_learn.grading.report import GradeReport

PRACTICE_SEED = 1


def grade(path, *, name=None, **kwargs):
    Path(os.environ["STAND_IN_RAN"]).write_text("ran")
    report = GradeReport(f"stand-in: {name}")
    report.add("works", True, "ok")
    return report
'''
NOTEBOOK = json.dumps({"cells": [], "metadata": {}, "nbformat": 4, "nbformat_minor": 5})


@pytest.fixture
def setup(tmp_path, monkeypatch):
    """A stand-in exercise, a class of two notebooks and an earlier gradebook in the output folder."""
    exercise = tmp_path / "99_stand_in"
    exercise.mkdir()
    (exercise / "grader.py").write_text(GRADER)
    folder = tmp_path / "class"
    folder.mkdir()
    for name in ("alice", "bob"):
        (folder / f"{name}.ipynb").write_text(NOTEBOOK)
    out = tmp_path / "out"
    out.mkdir()
    (out / "gradebook.csv").write_text("last week's gradebook\n")
    ran = tmp_path / "ran.txt"
    monkeypatch.setenv("STAND_IN_RAN", str(ran))
    return exercise, folder, out, ran


BAD_GRADE_OPTIONS = [
    (["--points", "nan"], "--points"), (["--points", "inf"], "--points"), (["--points", "-5"], "--points"),
    (["--points", "0"], "--points"), (["--points", "1e300"], "--points"),
    (["--weights", "works=nan"], "--weights"), (["--weights", "works=inf"], "--weights"),
    (["--weights", "works=-1"], "--weights"), (["--weights", "works"], "--weights"),
    (["--weights", "works=1e400"], "--weights"), (["--weights", "=3"], "--weights"),
    (["--load-timeout", "-1"], "--load-timeout"), (["--load-timeout", "nan"], "--load-timeout"),
    (["--load-timeout", "0"], "--load-timeout"), (["--load-timeout", "inf"], "--load-timeout"),
    (["--jobs", "0"], "--jobs"), (["--jobs", "-3"], "--jobs"), (["--jobs", "100000"], "--jobs"),
]


@pytest.mark.parametrize(("args", "named"), BAD_GRADE_OPTIONS)
def test_a_bad_number_is_one_line_exit_2_before_anything_runs_or_moves(setup, capsys, args, named):
    exercise, folder, out, ran = setup
    code = main(["grade", str(exercise), str(folder), "--out", str(out), "--isolation", "none", *args])
    err = capsys.readouterr().err
    assert code == 2, err
    assert err.count("\n") == 1 and named in err and "Traceback" not in err
    assert not ran.exists(), "a notebook was graded"
    assert (out / "gradebook.csv").read_text() == "last week's gradebook\n" and not (out / "previous").exists()


def test_good_numbers_grade(setup, capsys):
    exercise, folder, out, ran = setup
    code = main(["grade", str(exercise), str(folder), "--out", str(out), "--isolation", "none", "--points", "20",
                 "--weights", "works=2.5", "--load-timeout", "30", "--jobs", "1", "-q"])
    assert code == 0, capsys.readouterr().err
    assert ran.exists()
    rows = list(csv.DictReader(io.StringIO((out / "gradebook.csv").read_text())))
    assert [r["points"] for r in rows] == ["20.0", "20.0"]


BAD_TOURNAMENT_OPTIONS = [
    (["--time-limit", "nan"], "--time-limit"), (["--time-limit", "-1"], "--time-limit"),
    (["--time-limit", "inf"], "--time-limit"), (["--width", "nan"], "--width"), (["--width", "0"], "--width"),
    (["--width", "2"], "--width"), (["--max-rounds", "0"], "--max-rounds"), (["--rounds", "0"], "rounds"),
    (["--rounds", "nan"], "--rounds"), (["--games", "-2"], "rounds"), (["--players", "-1"], "--players"),
]


@pytest.mark.parametrize(("args", "named"), BAD_TOURNAMENT_OPTIONS)
def test_class_tournament_numbers_are_checked_before_any_bot_loads(setup, capsys, args, named, tmp_path):
    _, folder, _, _ = setup
    out = tmp_path / "tournament"
    code = main(["class-tournament", "bali", str(folder), "--out", str(out), "--isolation", "none", *args])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and named in err, err
    assert not out.exists()


def test_ladder_bootstrap_is_checked(capsys):
    assert main(["ladder", "nizam", "--bootstrap", "0"]) == 2
    assert "--bootstrap" in capsys.readouterr().err


# ---- rosters ---------------------------------------------------------------------------------------------------


def _roster(tmp_path: Path, text: str | bytes) -> Path:
    path = tmp_path / "roster.csv"
    path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
    return path


@pytest.mark.parametrize(("content", "words"), [
    (b"file,id,name\nalice,s1,Al\xe9\n", "not UTF-8 text (byte 24: 0xe9)"),
    ("file,id\nalice,s1\nbob,s1\n", "lines 2 and 3 have the same id 's1'"),
    ("file,id\nalice,s1\nalice.ipynb,s2\n", "same file 'alice'"),
    ("file,email\nalice,A@x.org\nbob,a@x.org\n", "same email"),
    ("file,canvas_id\nalice,9\nbob,9\n", "same canvas_id"),
    ("id,name\ns1,Al\n", "needs a 'file' column"),
    ("file,id\n,s1\n", "line 2: no file"),
    ("", "needs a 'file' column"),
])
def test_a_bad_roster_is_refused_in_one_line(tmp_path, content, words):
    with pytest.raises(InvalidOption) as caught:
        gb.read_roster(_roster(tmp_path, content))
    assert words in str(caught.value) and "\n" not in str(caught.value)


def test_a_bad_roster_stops_the_command_before_anything_runs_or_moves(setup, capsys, tmp_path):
    exercise, folder, out, ran = setup
    roster = _roster(tmp_path, b"file,id\nalice,s1\nbob,s1\n")
    code = main(["grade", str(exercise), str(folder), "--out", str(out), "--isolation", "none", "--roster",
                 str(roster)])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and "same id" in err
    assert not ran.exists() and (out / "gradebook.csv").read_text() == "last week's gradebook\n"


def test_roster_fields_are_made_safe(tmp_path):
    roster = gb.read_roster(_roster(tmp_path, "file,id,name\nalice,s1,\"Al\x1b[2K\u202eice\"\n"))
    assert roster["alice"]["name"] == "Al\\x1b[2K\\u202eice"


def test_missing_students_get_a_row_and_unlisted_notebooks_stay_out_of_the_imports(setup, tmp_path):
    """carol is on the roster without a notebook: a failing row saying so. 's2.ipynb' is handed in by someone
    not on the roster and named after bob's id: it is graded, but never exported as bob."""
    exercise, folder, out, _ = setup
    (folder / "s2.ipynb").write_text(NOTEBOOK)
    roster = _roster(tmp_path, "file,id,name,email\nalice,s1,Alice Ames,a@x.org\nbob,s2,Bob Bell,b@x.org\n"
                               "carol,s3,Carol Cole,c@x.org\n")
    (folder / "bob.ipynb").unlink()
    rows = grade_folder(exercise, folder, out=out, roster=roster, isolation="none", bar=False)
    by_id = {r["student_id"]: r for r in rows}
    assert by_id["s3"]["notebook"] == "" and not by_id["s3"]["passed"]
    assert "no notebook handed in" in by_id["s3"]["first_problem"] and "carol.ipynb" in by_id["s3"]["first_problem"]
    assert by_id["s2"]["name"] == "Bob Bell" and not by_id["s2"]["passed"]  # bob handed nothing in
    unlisted = [r for r in rows if r["notebook"] == "s2.ipynb"]
    assert len(unlisted) == 1 and "(not on the roster)" in unlisted[0]["name"]
    moodle = list(csv.reader(io.StringIO((out / "moodle.csv").read_text())))
    canvas = list(csv.reader(io.StringIO((out / "canvas.csv").read_text())))
    assert sorted(r[0] for r in moodle[1:]) == ["s1", "s2", "s3"]
    s2 = next(r for r in moodle[1:] if r[0] == "s2")
    assert s2[4] == "0.0", "the unlisted notebook named after bob's id gave bob its grade"
    assert len(canvas) == 2 + 3
    table = list(csv.DictReader(io.StringIO((out / "gradebook.csv").read_text())))
    assert len(table) == 4  # alice, s2.ipynb (unlisted), bob and carol (no notebook)
    reports = json.loads((out / "gradebook.json").read_text())["reports"]
    assert len(reports) == 4 and "carol.ipynb" in reports["(no notebook) s3"]  # one report per row
    assert len(list((out / "reports").iterdir())) == 4
