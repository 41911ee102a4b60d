"""The jaliz-learn command line: play, bench, rules, replay; bad input is one line and exit code 2."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from jaliz_learn.cli import main


def run(capsys, *args):
    code = main(list(args))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_play_prints_log_and_scores(capsys):
    code, out, _ = run(capsys, "play", "jaliz", "--players", "4", "--seed", "7", "--bots",
                       "random,random,heuristic,random")
    assert code == 0
    assert "--- turn 1: P0 ---" in out and "Final scores" in out
    assert "player 2 (heuristic)" in out


def test_play_json_fields(capsys):
    code, out, _ = run(capsys, "play", "jaliz", "--players", "4", "--seed", "7", "--json")
    data = json.loads(out)
    assert code == 0
    assert {"game", "seed", "players", "scores", "winners", "turns", "decisions"} <= set(data)
    assert data["game"] == "jaliz" and data["players"] == 4 and len(data["scores"]) == 4
    assert data["bots"] == ["random"] * 4  # no --bots: every seat is a random bot
    code, again, _ = run(capsys, "play", "jaliz", "--players", "4", "--seed", "7", "--json")
    same = json.loads(again)
    assert (same["scores"], same["decisions"]) == (data["scores"], data["decisions"])


def test_one_bot_name_fills_every_seat(capsys):
    code, out, _ = run(capsys, "play", "jaliz", "--players", "3", "--bots", "heuristic", "--json")
    assert json.loads(out)["bots"] == ["heuristic"] * 3


def test_bench_json(capsys):
    code, out, _ = run(capsys, "bench", "jaliz", "--players", "4", "--games", "3", "--json")
    data = json.loads(out)
    assert code == 0 and data["games"] == 3
    assert data["games_per_second"] > 0 and data["decisions_per_second"] > 0


@pytest.mark.rules("JAL-SETUP-02")
def test_rules_listing_and_coverage(capsys):
    code, out, _ = run(capsys, "rules", "jaliz")
    assert code == 0 and "JAL-PLANT-02" in out
    code, out, _ = run(capsys, "rules", "jaliz", "--coverage")
    assert "jaliz:" in out and "%" in out
    assert code == (0 if "(100.0%)" in out else 1)


def test_replay_of_a_saved_record(capsys, tmp_path):
    code, out, _ = run(capsys, "play", "jaliz", "--players", "3", "--seed", "2", "--json", "--log")
    record = json.loads(out)["record"]
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    code, out, _ = run(capsys, "replay", str(path), "--viewer", "spectator")
    assert code == 0 and "Final scores" in out
    assert "draws 2 card(s)" in out  # the spectator does not see drawn cards


@pytest.mark.parametrize("args,fragment", [
    (["play", "nosuchgame"], "unknown game"),
    (["play", "jaliz", "--players", "9"], "3-7 players"),
    (["play", "jaliz", "--players", "four"], "invalid int value"),
    (["play", "jaliz", "--bots", "alphago"], "unknown bot"),
    (["play", "jaliz", "--players", "3", "--bots", "random,random"], "names 2 bots"),
    (["play", "jaliz", "--option", "fertilizer_price=7"], "not allowed"),
    (["play", "jaliz", "--option", "colour=red"], "no option"),
    (["bench", "jaliz", "--games", "0"], "at least 1"),
    (["replay", "/no/such/file.json"], "cannot read"),
    (["frobnicate"], "invalid choice"),
])
def test_bad_arguments_one_line_exit_2(capsys, args, fragment):
    code, out, err = run(capsys, *args)
    assert code == 2
    assert fragment in err and err.count("\n") == 1 and "Traceback" not in err


def test_bad_json_file(capsys, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    code, _, err = run(capsys, "replay", str(bad))
    assert code == 2 and "not valid JSON" in err and err.count("\n") == 1


def test_console_script_entry_point():
    proc = subprocess.run([sys.executable, "-m", "jaliz_learn", "play", "jaliz", "--players", "11"],
                          capture_output=True, text=True)
    assert proc.returncode == 2 and proc.stderr.startswith("jaliz-learn: error:")


def test_sweep_every_player_count(capsys):
    code, out, _ = run(capsys, "sweep", "jaliz", "--games", "2", "--json")
    data = json.loads(out)
    assert code == 0 and [r["players"] for r in data["counts"]] == [3, 4, 5, 6, 7]
    assert all(r["finished"] == 2 and r["errors"] == 0 for r in data["counts"])
