"""``jaliz-learn replay`` with bad files: one clear line and exit code 2, never a traceback."""

from __future__ import annotations

import json

import pytest

import jaliz_learn
from jaliz_learn.bots import RandomBot
from jaliz_learn.cli import main


def _good_record() -> dict:
    return jaliz_learn.play("nizam", [RandomBot(0), RandomBot(1)], seed=3).state.record()


def _bad_records() -> list[object]:
    good = _good_record()
    deep: object = []
    for _ in range(500):
        deep = [deep]
    out: list[object] = [None, 1, "x", [], [good], deep, {}]
    for key in good:
        out.append({k: v for k, v in good.items() if k != key})  # a missing field
        for bad in (None, "x", -1, 10**40, 1.5, [], {}, [None], {"a": 1}):
            out.append({**good, key: bad})
    out.append({**good, "actions": ["draw", "no such action"], "actions_json": None})
    out.append({**good, "actions_json": [{"type": "draw", "extra": 1}]})
    out.append({**good, "actions_json": [{"type": []}]})
    out.append({**good, "game": "chess"})
    out.append({**good, "options": {"no_such": 1}})
    return out


@pytest.mark.parametrize("index", range(len(_bad_records())))
def test_bad_records_get_one_line(tmp_path, capsys, index):
    record = _bad_records()[index]
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    try:
        code = main(["replay", str(path)])
    except SystemExit as exc:  # argparse
        code = exc.code
    err = capsys.readouterr().err
    if code == 0:  # some edits still describe a valid game (e.g. an options field that equals the default)
        jaliz_learn.replay_record(record)  # then the library agrees
        return
    assert code == 2
    assert "Traceback" not in err and err.count("\n") == 1 and err.startswith("jaliz-learn: error:"), err


@pytest.mark.parametrize("content", [b"", b"{", b"\xff\xfe", b"[" * 100_000, b'{"game": "jaliz"'])
def test_unreadable_files_get_one_line(tmp_path, capsys, content):
    path = tmp_path / "game.json"
    path.write_bytes(content)
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_missing_file_folder_and_bad_viewer(tmp_path, capsys):
    assert main(["replay", str(tmp_path / "nope.json")]) == 2
    assert main(["replay", str(tmp_path)]) == 2
    path = tmp_path / "game.json"
    path.write_text(json.dumps(_good_record()))
    assert main(["replay", str(path), "--viewer", "9"]) == 2
    assert main(["replay", str(path), "--viewer", "spectator"]) == 0
    err = capsys.readouterr().err
    assert err.count("\n") == 3 and "seat 0-1" in err
