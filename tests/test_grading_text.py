"""Nothing a learner sends can lose a gradebook (issue 48): arbitrary text (lone surrogates, NULs, terminal escapes,
bidi controls, a megabyte) in a learner's message or a notebook's *file name* goes through every writer: every
format is written, parses, and holds no raw control character; no terminal line holds one either.

The batch runs here with a stand-in exercise whose ``grader.py`` returns (or raises) the hostile text, so the
property tests exercise the batch's own path (reading the class folder, the report's entry, every writer) many
times a second; the end-to-end tests at the bottom grade real notebooks in their own processes.
"""

from __future__ import annotations

import csv
import io
import json
import logging
import os
import subprocess
import sys
import tempfile
import unicodedata
from html.parser import HTMLParser
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from jaliz_learn.core.errors import InvalidOption
from jaliz_learn.grading import gradebook as gb
from jaliz_learn.grading.batch import grade_folder

#: Unicode categories that must never reach a file or a terminal raw (controls, format/bidi, surrogates, line and
#: paragraph separators); newlines are allowed where a format has lines, never inside a cell or a terminal line.
BAD = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})
NASTY = ["\udcff", "\x00", "\x1b[2K\rPASS", "\u202e", "\u2066", "\r", "\n", "\t", "\x7f", "\x9b", "\ufeff", "\u2028",
         "=cmd|' /C calc'!A0", "<script>alert(1)</script>", "]]>", "\"'", "\U0010ffff", "\ud800\udc00"]
TEXT = st.one_of(st.text(st.characters(blacklist_categories=()), max_size=60),
                 st.lists(st.sampled_from(NASTY), max_size=6).map("".join),
                 st.tuples(st.text(max_size=10), st.sampled_from(NASTY), st.text(max_size=10)).map("".join))
#: File names: bytes, any but '/' and NUL (Linux), made into str the way os.listdir does (surrogateescape).
NAME_BYTES = st.one_of(
    st.binary(min_size=1, max_size=80),
    TEXT.map(lambda t: t.encode("utf-8", "surrogateescape") if all(0xDC80 <= ord(c) <= 0xDCFF or ord(c) < 0xD800
                                                                      or ord(c) > 0xDFFF for c in t)
             else t.encode("utf-8", "surrogatepass")))

GRADER = '''
"""A stand-in exercise for tests: its grade() reports (or raises) the text it is given."""
from jaliz_learn.grading.report import GradeReport

PRACTICE_SEED = 1


def grade(path, *, source=None, name=None, seed=None, seed_note="", message="", mode="report", **kwargs):
    if mode == "raise":
        raise Exception(message)
    report = GradeReport(f"stand-in: {name}")
    report.notes.append(seed_note)
    report.notes.append("note " + message)
    report.add("said " + message[:50], False, message, hint=message)
    report.add("legal actions", True, "ok")
    return report
'''

NOTEBOOK = json.dumps({"cells": [{"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": None,
                                  "source": "x = 1"}], "metadata": {}, "nbformat": 4, "nbformat_minor": 5})


def _file_name(raw: bytes) -> bytes:
    clean = raw.replace(b"/", b"_").replace(b"\0", b"_").lstrip(b".") or b"x"
    return clean[:200] + b".ipynb"


def _bad_chars(text: str, newlines: bool = False) -> list[str]:
    return [ch for ch in text if unicodedata.category(ch) in BAD and not (newlines and ch in "\r\n\t")]


class _Tags(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def check_gradebook(out: Path, notebooks: int, extra_rows: int = 0) -> dict[str, object]:
    """Every file is there, is UTF-8, parses, has every row, and holds no raw control character."""
    rows = notebooks + extra_rows
    for name in gb.FILES:
        assert (out / name).exists(), f"{name} was not written"
    parsed: dict[str, object] = {}
    for name in ("gradebook.csv", "canvas.csv", "moodle.csv"):
        text = (out / name).read_bytes().decode("utf-8")  # strict: the file is valid UTF-8
        table = list(csv.reader(io.StringIO(text, newline="")))
        header = 2 if name == "canvas.csv" else 1
        assert len(table) == header + rows, (name, len(table))
        for row in table:
            for cell in row:
                assert not _bad_chars(cell), (name, cell[:200])
        parsed[name] = table
    data = json.loads((out / "gradebook.json").read_bytes().decode("utf-8"))
    assert len(data["rows"]) == rows
    for row in data["rows"]:
        for value in row.values():
            assert not isinstance(value, str) or not _bad_chars(value), value
    for text in data["reports"].values():
        assert not _bad_chars(text, newlines=True)
    parsed["json"] = data
    page = (out / "gradebook.html").read_bytes().decode("utf-8")
    tags = _Tags()
    tags.feed(page)
    tags.close()
    assert tags.tags.count("tr") == rows + 1 and "script" not in tags.tags
    assert not _bad_chars("".join(tags.text), newlines=True)
    reports = list((out / "reports").iterdir())
    assert len(reports) == rows
    for report in reports:
        assert not _bad_chars(report.read_bytes().decode("utf-8"), newlines=True)
        assert report.name.isascii()
    return parsed


def _grade(folder: Path, out: Path, exercise: Path, **kwargs: object) -> tuple[list[dict[str, object]], list[str]]:
    lines: list[str] = []
    rows = grade_folder(exercise, folder, out=out, progress=lines.append, bar=False, isolation="none", **kwargs)
    return rows, lines


@pytest.fixture(scope="module")
def exercise(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("exercise") / "99_stand_in"
    folder.mkdir()
    (folder / "grader.py").write_text(GRADER, encoding="utf-8")
    return folder


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                   HealthCheck.too_slow])
@given(message=TEXT, raw_name=NAME_BYTES, mode=st.sampled_from(["report", "raise"]))
@example(message="\udcff\x1b[2K", raw_name=b"b\xff\x1b[2K\xe2\x80\xae", mode="raise")
@example(message="x" * 1_000_000 + "\x1b[2K", raw_name=b"\xed\xb3\xbf", mode="report")
@example(message="\x00" * 1000, raw_name=b"=1+2", mode="report")
def test_arbitrary_text_and_file_names_reach_every_format_safely(exercise, message, raw_name, mode):
    with tempfile.TemporaryDirectory() as work:
        folder = Path(work) / "class"
        folder.mkdir()
        hostile = os.fsencode(folder) + b"/" + _file_name(raw_name)
        with open(hostile, "w", encoding="utf-8") as f:
            f.write(NOTEBOOK)
        (folder / "honest.ipynb").write_text(NOTEBOOK, encoding="utf-8")
        out = Path(work) / "out"
        rows, lines = _grade(folder, out, exercise, message=message, mode=mode)
        assert len(rows) == 2 and not any(r["passed"] for r in rows)
        check_gradebook(out, 2)
        for line in lines:
            assert not _bad_chars(line), line[:200]
        for row in rows:
            for value in row.values():
                assert not isinstance(value, str) or not _bad_chars(value)
        if mode == "report":
            assert len(max((out / "gradebook.json").read_text(encoding="utf-8").split("\n"), key=len)) < 200_000


def test_a_lone_surrogate_in_a_message_and_a_file_name_keeps_every_row(exercise, tmp_path, caplog):
    folder = tmp_path / "class"
    folder.mkdir()
    names = [b"b\xff\x1b[2K.ipynb", b"\xed\xb3\xbf.ipynb", "caf\u00e9.ipynb".encode(), b"a.ipynb"]
    for name in names:
        with open(os.fsencode(folder) + b"/" + name, "w", encoding="utf-8") as f:
            f.write(NOTEBOOK)
    with caplog.at_level(logging.DEBUG, logger="jaliz_learn"):
        rows, lines = _grade(folder, tmp_path / "out", exercise, message="\udcff\x1b[2K\rPASS", mode="raise")
    parsed = check_gradebook(tmp_path / "out", len(names))
    shown = sorted(r["notebook"] for r in rows)
    assert shown == sorted(["a.ipynb", "b\\udcff\\x1b[2K.ipynb", "\\udced\\udcb3\\udcbf.ipynb", "café.ipynb"])
    assert all("\\udcff\\x1b[2K\\rPASS" in str(r["first_problem"]) for r in rows)
    assert not any(_bad_chars(record.getMessage()) for record in caplog.records)
    table = parsed["gradebook.csv"]
    assert isinstance(table, list) and all(row[3] == "False" for row in table[1:])


def test_two_names_that_look_alike_once_escaped_keep_two_rows(exercise, tmp_path):
    folder = tmp_path / "class"
    folder.mkdir()
    with open(os.fsencode(folder) + b"/b\xff.ipynb", "w", encoding="utf-8") as f:
        f.write(NOTEBOOK)
    (folder / "b\\udcff.ipynb").write_text(NOTEBOOK, encoding="utf-8")  # typed as text, backslash and all
    rows, _ = _grade(folder, tmp_path / "out", exercise, message="m")
    assert len({r["notebook"] for r in rows}) == 2 and len({r["student_id"] for r in rows}) == 2
    check_gradebook(tmp_path / "out", 2)


def test_a_row_that_cannot_be_made_is_a_failing_row_and_the_rest_are_written(exercise, tmp_path, monkeypatch):
    """A bug while making one row (here: the score of a report that is not one) costs that row, never the file."""
    from jaliz_learn.grading import batch

    folder = tmp_path / "class"
    folder.mkdir()
    for name in ("a", "b", "c"):
        (folder / f"{name}.ipynb").write_text(NOTEBOOK, encoding="utf-8")
    real = batch._row

    def fragile(result, weights, points):
        if result.name == "b.ipynb" and result.report is not None:
            raise RuntimeError("\udcffa bug\x1b[2K")
        return real(result, weights, points)

    monkeypatch.setattr(batch, "_row", fragile)
    rows, _ = _grade(folder, tmp_path / "out", exercise, message="m")
    check_gradebook(tmp_path / "out", 3)
    b = next(r for r in rows if r["notebook"] == "b.ipynb")
    assert not b["passed"] and "b.ipynb was not graded" in str(b["first_problem"])
    assert "\\udcffa bug\\x1b[2K" in str(b["first_problem"])


def test_a_stopped_executor_keeps_what_was_graded(exercise, tmp_path, monkeypatch):
    from jaliz_learn.grading import batch

    folder = tmp_path / "class"
    folder.mkdir()
    for name in ("a", "b", "c"):
        (folder / f"{name}.ipynb").write_text(NOTEBOOK, encoding="utf-8")

    def dies_after_one(fn, tasks, pool):
        yield 0, fn(tasks[0])
        raise OSError("the worker was lost three times")

    monkeypatch.setattr(batch, "run_tasks", dies_after_one)
    rows, _ = _grade(folder, tmp_path / "out", exercise, message="m")
    check_gradebook(tmp_path / "out", 3)
    assert [("not graded" in str(r["first_problem"])) for r in rows] == [False, True, True]


def _bad_terminal(text: str) -> list[str]:
    return [ch for ch in text if unicodedata.category(ch) in BAD and ch not in "\n"]


def test_end_to_end_real_notebooks_named_and_raising_hostile_text(tmp_path):
    """``jaliz-learn grade`` on real notebooks in their own processes: one named with a lone surrogate and escapes,
    one raising ``Exception('\\udcff\\x1b[2K')``: the gradebook holds every row and the terminal no escape."""
    folder = tmp_path / "class"
    folder.mkdir()
    raising = json.loads(NOTEBOOK)
    raising["cells"][0]["source"] = "raise Exception('\\udcff\\x1b[2K' + 'PASS\\r\\u202e')"
    (folder / "raises.ipynb").write_text(json.dumps(raising), encoding="utf-8")
    with open(os.fsencode(folder) + b"/named\xff\x1b[2K\r\xe2\x80\xae.ipynb", "w", encoding="utf-8") as f:
        f.write(NOTEBOOK)
    out = subprocess.run([sys.executable, "-m", "jaliz_learn", "grade", "1", str(folder), "--isolation", "none",
                          "--allow-unconfined", "--out", str(tmp_path / "out")], capture_output=True, timeout=300,
                         cwd=tmp_path)
    terminal = (out.stdout + out.stderr).decode("utf-8")
    assert out.returncode == 1, terminal
    assert "Traceback" not in terminal
    # the progress bar redraws its own line with \r; every other character is printable
    assert not [ch for ch in _bad_terminal(terminal) if ch != "\r"], terminal
    assert "\\x1b[2K" in terminal and "\x1b" not in terminal
    parsed = check_gradebook(tmp_path / "out", 2)
    data = parsed["json"]
    assert isinstance(data, dict)
    assert sorted(r["notebook"] for r in data["rows"]) == ["named\\udcff\\x1b[2K\\r\\u202e.ipynb", "raises.ipynb"]


def test_the_class_tournament_keeps_its_leaderboard_whatever_the_names_and_messages(tmp_path):
    """A class tournament with a notebook named with undecodable bytes, escapes, '$' (matplotlib's mathtext) and
    ' | ' (the games table's separator), one that raises hostile text in every decision and one that does not
    load: every table is written and parses, every row is there, no terminal line holds a control character."""
    import pandas as pd

    from jaliz_learn.grading.class_tournament import LIMITS, class_tournament

    head = "from jaliz_learn.bots import BaseBot\n\nclass MyBot(BaseBot):\n    def act(self, observation, legal):\n"
    sources = {b"good.ipynb": head + "        return legal[0]\n",
               b"$\\frac{x\xff\x1b[2K | \xe2\x80\xae.ipynb": head + "        return legal[-1]\n",
               b"raises.ipynb": head + "        raise Exception('\\udcff\\x1b[2K\\rPASS' * 3)\n",
               b"=broken.ipynb": "raise Exception('\\udcff\\x1b[2K')\n"}
    folder = tmp_path / "class"
    folder.mkdir()
    for name, source in sources.items():
        nb = json.loads(NOTEBOOK)
        nb["cells"][0]["source"] = source
        with open(os.fsencode(folder) + b"/" + name, "w", encoding="utf-8") as f:
            f.write(json.dumps(nb))
    lines: list[str] = []
    out = tmp_path / "out"
    board = class_tournament("bali", folder, out=out, class_name="MyBot", time_limit=0.5, seed=3, limits=LIMITS,
                             progress=lines.append, isolation="none")
    assert len(board) == 4
    for line in lines:
        assert not _bad_chars(line), line
    for name in ("leaderboard.csv", "games.csv"):
        text = (out / name).read_bytes().decode("utf-8")
        table = list(csv.reader(io.StringIO(text, newline="")))
        for row in table:
            for cell in row:
                assert not _bad_chars(cell), (name, cell)
        assert not any(cell.startswith(("=", "+", "@")) for row in table for cell in row), name
    leaderboard = pd.read_csv(out / "leaderboard.csv")
    assert len(leaderboard) == 4 and (out / "leaderboard.png").stat().st_size > 0
    statuses = dict(zip(leaderboard["notebook"], leaderboard["status"]))
    assert "did not load" in statuses["'=broken.ipynb"]
    failures = dict(zip(leaderboard["notebook"], leaderboard["first_failure"].fillna("")))
    assert "\\udcff\\x1b[2K\\rPASS" in failures["raises.ipynb"]
    assert "$\\frac{x\\udcff\\x1b[2K | \\u202e.ipynb" in statuses


ROSTER_TEXT = st.text(st.characters(blacklist_categories=("Cs",)), max_size=40)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                   HealthCheck.too_slow])
@given(name=ROSTER_TEXT, sid=ROSTER_TEXT, email=ROSTER_TEXT,
       section=st.sampled_from(["A", "=1+2", "\x1b[2K", "\u202e"]))
def test_arbitrary_roster_fields_reach_every_format_safely(exercise, name, sid, email, section):
    """A roster is a spreadsheet anyone may have edited: its fields (controls, bidi, formulas) reach the Canvas and
    Moodle imports made safe, and the class's rows are all there."""
    with tempfile.TemporaryDirectory() as work:
        folder = Path(work) / "class"
        folder.mkdir()
        for stem in ("alice", "bob"):
            (folder / f"{stem}.ipynb").write_text(NOTEBOOK, encoding="utf-8")
        roster = Path(work) / "roster.csv"
        with open(roster, "w", encoding="utf-8", newline="") as f:
            writer = csv.writer(f)
            writer.writerow(["file", "id", "name", "email", "section"])
            writer.writerow(["alice", sid or "s1", name, email, section])
            writer.writerow(["bob", "s2" if sid != "s2" else "s3", "Bob", "", section])
            writer.writerow(["carol", "s4" if sid != "s4" else "s5", name, "", ""])
        try:
            gb.read_roster(roster)
        except InvalidOption as exc:  # e.g. the generated id repeats another, or blanks make a row empty
            assert "\n" not in str(exc) and not _bad_chars(str(exc))
            return
        out = Path(work) / "out"
        rows, lines = _grade(folder, out, exercise, message="m", roster=roster)
        assert len(rows) == 3  # alice, bob, and carol without a notebook
        check_gradebook(out, 2, extra_rows=1)
        for line in lines:
            assert not _bad_chars(line)
