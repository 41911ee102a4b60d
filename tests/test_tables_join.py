"""``jaliz-learn join`` never dies on a bot's fault (issue 49): a bot that raises, hangs or answers an illegal action
plays its seat's default action, says so in one line (here, on the seat's board and in the teacher's list), and a
dropped connection is joined again. Loopback only; every wait is bounded.
"""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from jaliz_learn.cli import main
from jaliz_learn.tables import TableClient, TableClosed, TableServer, join
from jaliz_learn.tables.playing import bot_label
from jaliz_learn.tables.server import default_action

HOSTILE = "boom\x1b[2K\rPASS\udcff\u202e<b>"


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    srv = TableServer(port=0, records=tmp_path_factory.mktemp("records")).start()
    yield srv
    srv.stop()


class Raising:
    name = "raiser"

    def act(self, observation, legal):
        raise RuntimeError(HOSTILE)


class Hanging:
    name = "sleeper"

    def __init__(self):
        self.calls = 0

    def act(self, observation, legal):
        self.calls += 1
        time.sleep(30)  # far past its time limit (a daemon thread: it ends with the test process at the latest)
        return legal[0]


class Illegal:
    name = "cheater"

    def act(self, observation, legal):
        return "plant nothing nowhere"


def teacher_list(server) -> list[dict]:
    from websockets.sync.client import connect

    with connect(f"{server.admin_url}/admin", open_timeout=5) as ws:
        ws.send(json.dumps({"type": "tables", "key": server.key}))
        return json.loads(ws.recv(timeout=5))["tables"]


def test_a_raising_bot_plays_the_default_action_says_so_once_per_decision_and_finishes(server):
    opened = server.open_table("nizam", 2, seed=11, bots={1: "greedy"})
    spectator = TableClient(opened.spectator)
    lines: list[str] = []
    try:
        result = join(Raising(), opened.urls[0], on_error=lines.append)
        assert result.over and result.decisions > 0 and result.failures == result.decisions
        assert len(lines) == result.failures
        for line in lines:  # one safe line each: no escape, no newline, no direction control, bounded
            assert line.isprintable() and "\n" not in line and "\u202e" not in line and len(line) <= 300
            assert line.startswith("seat 0: raiser failed (RuntimeError: boom\\x1b[2K\\rPASS\\udcff\\u202e<b>)")
        table = server.tables[opened.table]
        assert table.seats[0].name == "raiser"  # the seat is named by the bot's name attribute
        assert "RuntimeError" in table.seats[0].error
        assert spectator.wait(lambda s: "raiser failed (RuntimeError" in s.notice, 10)  # shown on every board
        row = next(t for t in teacher_list(server) if t["table"] == opened.table)
        assert "RuntimeError: boom" in row["seats"][0]["error"]
        end = time.monotonic() + 10
        while table.saved is None and time.monotonic() < end:  # saved just after the last action
            time.sleep(0.05)
        record = json.loads(table.saved.read_text())
        assert "last bot error: raiser failed (RuntimeError: boom" in record["seats"][0]["reason"]  # and in results
    finally:
        spectator.close()


def test_the_default_action_is_the_servers_rule(server):
    opened = server.open_table("nizam", 2, seed=12, bots={1: "greedy"}, on_timeout="pass")
    client = TableClient(opened.urls[0])
    try:
        assert client.wait(lambda s: s.current_player() == 0 and len(s.legal_actions()) > 0, 10)
        legal = client.state.legal_actions()
        expected = default_action(legal, "pass")
        step = client.state.step
        lines: list[str] = []
        client.close()
        result = join(Raising(), opened.urls[0], on_error=lines.append, timeout=20)
        history = server.tables[opened.table].state.history
        assert str(history[step][1]) == str(expected)
        assert result.failures > 0 and f"played {expected}" in lines[0]
    finally:
        client.close()


def test_a_hanging_bot_plays_the_default_action_at_its_time_limit_and_the_game_ends(server):
    opened = server.open_table("nizam", 2, seed=13, bots={1: "greedy"})
    bot = Hanging()
    lines: list[str] = []
    started = time.monotonic()
    result = join(bot, opened.urls[0], time_limit=0.2, on_error=lines.append)
    assert result.over and result.failures == result.decisions > 0
    assert bot.calls == 1  # while its first decision still runs, it is not asked again (no pile of threads)
    assert "took longer than its time limit (0.2 s)" in lines[0] and "still busy" in lines[-1]
    assert time.monotonic() - started < 0.5 * result.decisions + 20


def test_an_illegal_answer_plays_the_default_action(server):
    opened = server.open_table("nizam", 2, seed=14, bots={1: "greedy"})
    lines: list[str] = []
    result = join(Illegal(), opened.urls[0], on_error=lines.append)
    assert result.over and result.failures == result.decisions > 0
    assert "illegal" in lines[0]


def test_a_dropped_connection_is_joined_again_and_the_game_finishes(server):
    opened = server.open_table("nizam", 2, seed=15, bots={1: "greedy"})
    table = server.tables[opened.table]

    class Dropper:
        """Plays the first legal action; at its third decision the server drops its connection abruptly."""

        name = "dropper"
        calls = 0

        def act(self, observation, legal):
            self.calls += 1
            if self.calls == 3:
                def abort():
                    for viewer in [v for v in table.viewers if v.seat == 0]:
                        viewer.ws.transport.abort()  # as a lost network: no closing handshake
                server._loop.call_soon_threadsafe(abort)
                time.sleep(0.3)
            return legal[0]

    result = join(Dropper(), opened.urls[0], on_error=print)
    assert result.over and result.reconnects >= 1 and result.failures == 0
    assert table.state.is_over()


def test_a_server_that_is_gone_ends_a_join_in_one_line_after_bounded_retries(tmp_path, capsys):
    srv = TableServer(port=0, records=None).start()
    opened = srv.open_table("nizam", 2, seed=16, bots={1: "greedy"})
    client = TableClient(opened.urls[0], reconnects=2)
    srv.stop()
    started = time.monotonic()
    assert client.wait(lambda s: False, 15) is False and client.lost
    assert time.monotonic() - started < 15
    client.close()
    assert main(["join", opened.urls[0], "random"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("jaliz-learn join: cannot reach the table") and err.count("\n") == 1
    assert "Traceback" not in err


def test_ctrl_c_ends_join_cleanly(server):
    """A real SIGINT to ``jaliz-learn join`` waiting at a table: one line, exit code 130, no traceback."""
    import os
    import signal
    import subprocess
    import sys

    opened = server.open_table("nizam", 2, seed=17)  # seat 1 never joins: the join waits
    root = Path(__file__).resolve().parents[1]
    env = dict(os.environ, PYTHONPATH=str(root) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    proc = subprocess.Popen([sys.executable, "-m", "jaliz_learn", "join", opened.urls[0], "random"], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        table = server.tables[opened.table]
        end = time.monotonic() + 60
        while not table.seats[0].joined and time.monotonic() < end:
            time.sleep(0.05)
        assert table.seats[0].joined
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 130, err
    assert "stopped (Ctrl-C)" in err and "Traceback" not in err and err.count("\n") == 1


def test_a_bots_name_attribute_names_its_seat_when_it_is_a_valid_name():
    class Named:
        name = "Sara's bot"

    class Hostile:
        name = "evil\u202e\x1b[31m"

    class Raiser:
        @property
        def name(self):
            raise RuntimeError("no")

    assert bot_label(Named()) == "Sara's bot"
    assert bot_label(Hostile()) == "Hostile" and bot_label(Raiser()) == "Raiser"
    assert bot_label("mcts") == "mcts bot"


# ---------------------------------------------------------------- a learner's notebook bot, through the CLI


def notebook(path: Path, body: str) -> Path:
    cell = {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [], "source": body}
    path.write_text(json.dumps({"cells": [cell], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}))
    return path


RAISING_NOTEBOOK = '''
class MyBot:
    name = "Sara's raiser"

    def __init__(self, seed=0):
        self.n = 0

    def act(self, observation, legal_actions):
        self.n += 1
        if self.n % 2:
            raise ValueError("odd turn\\x1b[2K")
        return legal_actions[0]
'''

HANGING_NOTEBOOK = '''
import time

class MyBot:
    name = "Sara's sleeper"

    def __init__(self, seed=0):
        pass

    def act(self, observation, legal_actions):
        while True:
            time.sleep(1)
'''


# a bot that swallows the sandbox's stop at its limit: its process is killed, started afresh a few times, then
# every decision plays the default
STUBBORN_NOTEBOOK = HANGING_NOTEBOOK.replace("Sara's sleeper", "stubborn").replace(
    "            time.sleep(1)", "            try:\n                time.sleep(1)\n            except BaseException:\n"
    "                pass")


@pytest.mark.parametrize("body,time_limit,named", [(RAISING_NOTEBOOK, "5", "Sara's raiser"),
                                                   (HANGING_NOTEBOOK, "0.3", "Sara's sleeper"),
                                                   (STUBBORN_NOTEBOOK, "0.3", "stubborn")])
def test_a_failing_notebook_bot_plays_defaults_without_a_traceback(server, tmp_path, capsys, body, time_limit,
                                                                    named):
    nb = notebook(tmp_path / "my_bot.ipynb", body)
    opened = server.open_table("nizam", 2, seed=18, bots={1: "greedy"})
    finished = threading.Event()
    code: list[int] = []

    def run() -> None:
        code.append(main(["join", opened.urls[0], str(nb), "--time-limit", time_limit]))
        finished.set()

    threading.Thread(target=run, daemon=True).start()
    assert finished.wait(240), "join did not finish"
    out, err = capsys.readouterr()
    assert code == [0] and "seat 0: game over" in out and "the bot failed" in out
    assert "Traceback" not in out + err
    failures = [line for line in err.splitlines() if "failed" in line]
    assert failures and all(line.isprintable() for line in failures)
    table = server.tables[opened.table]
    assert table.state.is_over() and table.seats[0].name == named and table.seats[0].error


def test_a_lost_table_is_one_line_for_a_client_too():
    with pytest.raises(TableClosed, match="cannot reach the table"):
        TableClient("ws://127.0.0.1:9/nothing", reconnects=0)


# ---------------------------------------------------------------- the docs' examples (docs/TABLES.md)


def test_the_docs_examples_open_the_advanced_mode_and_two_humans_with_two_bots(server, tmp_path, monkeypatch,
                                                                                capsys):
    from jaliz_learn.tables.commands import _announce

    _announce(server, str(tmp_path / "tables"))
    monkeypatch.chdir(tmp_path)
    capsys.readouterr()
    assert main(["table", "open", "jaliz", "--option", "mode=advanced", "--players", "3"]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert first.startswith("table jaliz-advanced-")
    assert server.tables[first.split()[1]].state.game.name == "jaliz-advanced"
    assert main(["table", "open", "jaliz", "--option", "mode=expert"]) == 2
    err = capsys.readouterr().err
    assert "jaliz has no mode 'expert'" in err and "jaliz-advanced" in err and err.count("\n") == 1
    assert main(["table", "open", "jaliz", "--players", "4", "--bots", "2=heuristic"]) == 0
    printed = capsys.readouterr().out
    links = [line.split(": ", 1)[1] for line in printed.splitlines() if line.startswith("  seat ")]
    assert len(links) == 4 and links[2] == "bot (heuristic bot)"
    seat3 = links[3]
    done = threading.Event()
    threading.Thread(target=lambda: (join("random", seat3, timeout=60), done.set()), daemon=True).start()
    humans = [TableClient(links[0], name="Ana"), TableClient(links[1], name="Ben")]
    try:
        table = server.tables[printed.split()[1]]
        assert humans[0].wait(lambda s: s.waiting == [] and s.names[:2] == ["Ana", "Ben"], 10)
        assert table.started and table.seats[3].name == "random bot"
    finally:
        for h in humans:
            h.close()


# ---------------------------------------------------------------- hostile text in failure lines


SHOWN = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}


def plain(text: str) -> bool:
    import unicodedata

    return not any(unicodedata.category(ch) in SHOWN for ch in text)


@given(st.text(max_size=400))
def test_any_failure_message_and_bot_name_become_one_safe_line(text):
    from jaliz_learn.core.text import check_name
    from jaliz_learn.tables.playing import failure_line

    line = failure_line(RuntimeError(text))
    assert plain(line) and len(line) <= 160 and line.startswith("RuntimeError: ")
    bot = type("Learner", (), {"name": text})()
    try:
        expected = check_name(text)
    except ValueError:
        expected = "Learner"
    assert bot_label(bot) == expected and plain(bot_label(bot))


def test_the_server_keeps_a_remote_bots_failure_line_safe_whatever_is_sent(server):
    from websockets.sync.client import connect

    opened = server.open_table("nizam", 2, seed=19, bots={1: "greedy"})
    table = server.tables[opened.table]
    with connect(opened.urls[0], open_timeout=5) as ws:
        json.loads(ws.recv(timeout=5))
        update = json.loads(ws.recv(timeout=5))
        while update.get("current_player") != 0 or not update.get("legal"):
            update = json.loads(ws.recv(timeout=5))
        ws.send(json.dumps({"type": "act", "action": update["legal"][0], "step": update["step"],
                            "error": HOSTILE * 50}))
        deadline = time.monotonic() + 10
        while not table.seats[0].error and time.monotonic() < deadline:
            time.sleep(0.02)
    error, notice = table.seats[0].error, table.notice
    assert error.startswith("boom\\x1b[2K\\rPASS\\udcff\\u202e<b>") and len(error) <= 160 and plain(error)
    assert notice.startswith("P0 ") and plain(notice) and len(notice) <= 240


def test_a_seat_sees_the_deadline_of_the_decision_as_a_dict(server):
    timed = server.open_table("nizam", 2, seed=20, bots={1: "greedy"}, timeout=30)
    untimed = server.open_table("nizam", 2, seed=20, bots={1: "greedy"}, timeout=0)
    a, b = TableClient(timed.urls[0]), TableClient(untimed.urls[0])
    try:
        assert a.wait(lambda s: s.current_player() == 0 and s.deadline is not None, 10)
        deadline = a.state.deadline
        assert isinstance(deadline, dict) and deadline.get("seat") == 0 and deadline.get("total") == 30
        assert b.wait(lambda s: s.current_player() == 0 and s.updates > 0, 10)
        assert b.state.deadline is None
    finally:
        a.close()
        b.close()


def test_a_message_the_client_cannot_read_ends_it_in_one_line_without_a_traceback(server, capsys):
    import asyncio

    opened = server.open_table("nizam", 2, seed=21, bots={1: "greedy"})
    client = TableClient(opened.urls[0], reconnects=0)
    try:
        viewer = next(v for v in server.tables[opened.table].viewers if v.seat == 0)
        asyncio.run_coroutine_threadsafe(viewer.ws.send('{"type": "update"}'), server._loop).result(5)
        assert client.wait(lambda s: False, 10) is False and client.lost
        assert client.failure.startswith("the table sent a message this client cannot read")
        started = time.monotonic()
        with pytest.raises(TableClosed, match="cannot read"):
            client.act("pass")
        assert time.monotonic() - started < 5  # at once, not after the 30 s answer wait
    finally:
        client.close()
    assert "Traceback" not in capsys.readouterr().err
