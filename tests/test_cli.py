"""The jaliz-learn command line: play, bench, rules, replay; bad input is one line and exit code 2."""

from __future__ import annotations

import csv
import json
import subprocess
import sys
from pathlib import Path

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


# ---- grade (a folder of learners' notebooks) ----------------------------------------------------------

_EXERCISE = Path(__file__).resolve().parents[1] / "exercises" / "01_first_jaliz_bot"


def _bot_notebook(path: Path, act_body: str) -> None:
    imports = "from jaliz_learn.bots import BaseBot\nimport time\n"
    bot = f"class MyJalizBot(BaseBot):\n    def act(self, observation, legal_actions):\n        {act_body}\n"
    cells = [{"cell_type": "code", "metadata": {}, "execution_count": None, "outputs": [], "source": s}
             for s in (imports, bot)]
    path.write_text(json.dumps({"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 5}),
                    encoding="utf-8")


def test_grade_command_grades_a_folder_into_a_gradebook(tmp_path, capsys):
    """Skeleton (crashes), a hanging bot and a bot with a typo: each graded in its own process, the batch goes on."""
    folder = tmp_path / "submissions"
    folder.mkdir()
    (folder / "a_skeleton.ipynb").write_text((_EXERCISE / "exercise.ipynb").read_text(encoding="utf-8"),
                                             encoding="utf-8")
    _bot_notebook(folder / "b_hanging.ipynb", "while True: time.sleep(0.01)")
    _bot_notebook(folder / "c_typo.ipynb", "return legal_actions[O]")
    (folder / "notes.txt").write_text("not a notebook", encoding="utf-8")
    out = tmp_path / "book"
    code, stdout, stderr = run(capsys, "grade", "1", str(folder), "--out", str(out), "--load-timeout", "30")
    assert code == 1  # not every notebook passed
    assert "0 of 3 notebooks passed" in stdout
    for number, name in enumerate(["a_skeleton", "b_hanging", "c_typo"], 1):
        assert f"[{number}/3] {name}.ipynb: FAIL" in stderr
    with open(out / "gradebook.csv", newline="", encoding="utf-8") as f:
        rows = {r["notebook"]: r for r in csv.DictReader(f)}
    assert set(rows) == {"a_skeleton.ipynb", "b_hanging.ipynb", "c_typo.ipynb"}
    assert "NotImplementedError" in rows["a_skeleton.ipynb"]["first_problem"]
    assert "took more than the limit of 1 s" in rows["b_hanging.ipynb"]["first_problem"]
    assert "NameError: name 'O' is not defined (in act, cell 2" in rows["c_typo.ipynb"]["first_problem"]
    assert "practice" in rows["c_typo.ipynb"]["seed"]
    page = (out / "gradebook.html").read_text(encoding="utf-8")
    assert "0 of 3 notebooks passed" in page and "<details>" in page
    assert "your teacher can rebuild that position" in (out / "reports" / "c_typo.txt").read_text(encoding="utf-8")


@pytest.mark.parametrize("args, words", [
    (["grade", "99", "."], "no exercise '99'"),
    (["grade", "1", "/nonexistent-folder"], "is not a folder of notebooks"),
])
def test_grade_command_bad_arguments_are_one_line(capsys, args, words):
    code, _, err = run(capsys, *args)
    assert code == 2 and words in err and "Traceback" not in err


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_terminating_the_cli_stops_the_server_it_started(tmp_path):
    """`jaliz-learn board` / `tutorial` run Voila or JupyterLab in a child: a SIGTERM to the command
    must reach that server too (it used to keep running, with its kernels, after the command died)."""
    import os
    import signal
    import time

    pidfile = tmp_path / "server.pid"
    server = f"import os, time; open({str(pidfile)!r}, 'w').write(str(os.getpid())); time.sleep(120)"
    driver = ("import sys; from pathlib import Path; from jaliz_learn.cli import run_server; "
              f"sys.exit(run_server([sys.executable, '-c', {server!r}], Path('.')))")
    cli = subprocess.Popen([sys.executable, "-c", driver], cwd=tmp_path)
    deadline = time.monotonic() + 60
    while not (pidfile.exists() and pidfile.read_text()) and time.monotonic() < deadline:
        time.sleep(0.05)
    child = int(pidfile.read_text())
    cli.send_signal(signal.SIGTERM)
    cli.wait(timeout=30)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            os.kill(child, 0)
        except ProcessLookupError:
            break
        time.sleep(0.05)
    else:
        os.kill(child, signal.SIGKILL)
        pytest.fail("the server started by the CLI kept running after the CLI was terminated")


# ---- command-line habits (issue 31) ---------------------------------------------------------------------------


def test_version(capsys):
    import jaliz_learn

    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0 and capsys.readouterr().out.strip() == f"jaliz-learn {jaliz_learn.__version__}"


def test_a_closed_pipe_ends_quietly():
    """``jaliz-learn rules jaliz | head -1``: the reader goes away after one line; no traceback, exit 0."""
    proc = subprocess.Popen([sys.executable, "-m", "jaliz_learn", "rules", "jaliz"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stdout.readline().startswith(b"JAL-")
    proc.stdout.close()
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 0 and err == b"", err.decode()


def test_verbose_shows_the_log_and_quiet_hides_the_progress(tmp_path, capsys):
    folder = tmp_path / "submissions"
    folder.mkdir()
    (folder / "broken.ipynb").write_text("{", encoding="utf-8")
    code, _, err = run(capsys, "grade", "1", str(folder), "--out", str(tmp_path / "a"), "-v")
    assert code == 1 and "INFO jaliz_learn.grading.batch: grading 1 notebooks" in err
    code, _, err = run(capsys, "grade", "1", str(folder), "--out", str(tmp_path / "b"), "-q")
    assert code == 1 and "broken.ipynb" not in err and "INFO" not in err


def test_rules_where_points_at_the_code_of_a_rule(capsys):
    code, out, _ = run(capsys, "rules", "jaliz", "--where", "JAL-PLANT-02")
    first = out.splitlines()[0]
    assert code == 0 and first.startswith("jaliz_learn/games/jaliz/planting.py") and "PlantingRules" in out
    code, _, err = run(capsys, "rules", "jaliz", "--where", "NIZ-MOVE-02")
    assert code == 2 and "has no rule 'NIZ-MOVE-02'" in err


def test_every_rule_id_is_cited_in_its_games_code():
    import sys
    from pathlib import Path

    import jaliz_learn
    from jaliz_learn.core.registry import available
    from jaliz_learn.core.rules import rule_locations

    for name in available():
        game = jaliz_learn.load_game(name)
        module = Path(sys.modules[type(game).__module__].__file__)
        package = next(p for p in module.parents if p.parent.name == "games")
        missing = [rule.id for rule in game.rules if not rule_locations(rule.id, package)]
        assert not missing, f"{name}: rules not cited in the code: {missing}"
