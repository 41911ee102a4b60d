"""Live tables (issue 29): the server holds the real state and sends each connection only what its seat sees.

Hidden information, fuzzed messages, reconnects, timers, bots at the table, records and the load test. The
boards joining a table are in tests/test_tables_boards.py; two browsers playing each other in
tests/browser/test_tables.py.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from websockets.sync.client import connect

import jaliz_learn
from jaliz_learn.cli import main
from jaliz_learn.core.events import Event
from jaliz_learn.tables import RemoteIllegalAction, TableClient, TableServer, join, results
from jaliz_learn.tables.load import load_test
from jaliz_learn.tables.protocol import MAX_MESSAGE


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    srv = TableServer(port=0, records=tmp_path_factory.mktemp("records")).start()
    yield srv
    srv.stop()


def real(server, opened):
    return server.tables[opened.table]


def caught_up(client, table, seconds=10.0):
    """Wait (holding the client's update lock) until the client has the table's latest update."""
    assert client.wait(lambda s: s.step == table.step and s.updates > 0, seconds), "timed out"


def wait(predicate, seconds=10.0):
    end = time.monotonic() + seconds
    while not predicate():
        assert time.monotonic() < end, "timed out"
        time.sleep(0.01)


def play_random(client, rng, until=None, max_actions=5000):
    """Play the client's seat with random legal actions until the game ends (or ``until()``)."""
    for _ in range(max_actions):
        state = client.state
        if state.is_over() or (until is not None and until()):
            return
        if state.current_player() == state.seat and len(state.legal_actions()):
            step = state.step
            try:
                client.act(rng.choice(list(state.legal_actions())))
            except RemoteIllegalAction:
                assert state.step != step  # only a move made meanwhile (a timer) may make it stale
        else:
            time.sleep(0.002)


# ---------------------------------------------------------------- what each connection sees


@pytest.mark.parametrize("game,players", [("jaliz", 3), ("nizam", 2), ("jungli-la", 3), ("bali", 3),
                                          ("jaliz-advanced", 3), ("pearl-of-the-east", 2), ("bali-tani", 3)])
def test_each_seat_sees_only_its_observation_and_the_spectator_only_public(server, game, players):
    import random

    opened = server.open_table(game, players, seed=11)
    clients = [TableClient(url) for url in opened.urls]
    spectator = TableClient(opened.spectator)
    table = real(server, opened)
    rng = random.Random(3)
    try:
        for _ in range(60):  # a stretch of the game, checking every view after every action
            if table.state.is_over():
                break
            cur = table.state.current_player()
            c = clients[cur]
            wait(lambda c=c: c.state.step == table.step and len(c.state.legal_actions()) > 0)
            c.act(rng.choice(list(c.state.legal_actions())))
            for seat, other in enumerate(clients):
                caught_up(other, table)
                assert other.state.observation() == table.state.observation(seat)
                assert other.state.events() == table.state.events(seat)
                with pytest.raises(jaliz_learn.InvalidOption):
                    other.state.observation((seat + 1) % players)  # a seat asks for another's view: refused
            caught_up(spectator, table)
            assert spectator.state.observation() == table.state.observation(None)
            assert spectator.state.events() == table.state.events(None)
            assert all(e.secret is None for e in spectator.state.events())
            assert len(spectator.state.legal_actions()) == 0
    finally:
        for c in [*clients, spectator]:
            c.close()


def test_teacher_view_sees_every_hand_only_when_asked(server):
    plain = server.open_table("jaliz", 3, seed=2)
    assert plain.teacher is None
    opened = server.open_table("jaliz", 3, seed=2, teacher_view=True)
    teacher = TableClient(opened.teacher)
    table = real(server, opened)
    try:
        assert teacher.state.observation(1) == table.state.observation(1)
        assert teacher.state.observation() == table.state.observation(None)
        assert len(teacher.state.legal_actions()) == 0
    finally:
        teacher.close()


def test_a_secret_in_the_log_reaches_only_its_owner(server):
    opened = server.open_table("nizam", 2, seed=5)
    a, b = TableClient(opened.urls[0]), TableClient(opened.urls[1])
    try:
        wait(lambda: b.state.step == real(server, opened).step and len(b.state.events()) > 0)
        deals_b_sees = [e for e in b.state.events() if e.kind == "deal"]
        assert [e.secret is not None for e in deals_b_sees] == [p == 1 for p in range(2)]
        mine = next(e for e in a.state.events() if e.kind == "deal" and e.player == 0)
        assert mine.secret == real(server, opened).state.events("all")[mine.index].secret
    finally:
        a.close()
        b.close()


# ---------------------------------------------------------------- bad input changes nothing


def raw_exchange(url, payload, answers=1):
    """Send ``payload`` (text or bytes) on a fresh connection after its welcome; return the next messages."""
    with connect(url, max_size=2**22) as ws:
        json.loads(ws.recv(timeout=5))  # welcome
        json.loads(ws.recv(timeout=5))  # its view
        ws.send(payload)
        return [json.loads(ws.recv(timeout=5)) for _ in range(answers)]


def test_malformed_oversized_and_out_of_turn_messages_get_an_error_and_change_nothing(server):
    opened = server.open_table("jaliz", 3, seed=9)
    keep = [TableClient(url) for url in opened.urls]  # the table starts: everyone joined
    table = real(server, opened)
    try:
        wait(lambda: table.started)
        before = table.state.dumps()
        cur = table.state.current_player()
        other = opened.urls[(cur + 1) % 3]
        step, legal = table.step, str(table.state.legal_actions()[0])
        cases = {
            "not JSON": (opened.urls[cur], "{nope"),
            "a list": (opened.urls[cur], "[1, 2, 3]"),
            "unknown type": (opened.urls[cur], json.dumps({"type": "shout"})),
            "action not text": (opened.urls[cur], json.dumps({"type": "act", "action": 7})),
            "unreadable action": (opened.urls[cur], json.dumps({"type": "act", "action": "fly away", "step": step})),
            "illegal action": (opened.urls[cur], json.dumps({"type": "act", "action": "harvest 9", "step": step})),
            "out of turn": (other, json.dumps({"type": "act", "action": legal, "step": step})),
            "for another seat": (other, json.dumps({"type": "act", "seat": cur, "action": legal, "step": step})),
            "no step": (opened.urls[cur], json.dumps({"type": "act", "action": legal})),
            "stale step": (opened.urls[cur], json.dumps({"type": "act", "action": legal, "step": step - 1})),
            "step not a number": (opened.urls[cur], json.dumps({"type": "act", "action": legal, "step": "0"})),
            "spectator acts": (opened.spectator, json.dumps({"type": "act", "action": "done"})),
            "open on a seat link": (opened.urls[cur], json.dumps({"type": "open", "key": server.key, "game": "nizam"})),
            "oversized": (opened.urls[cur], json.dumps({"type": "act", "action": "x" * (MAX_MESSAGE + 10)})),
            "deeply nested": (opened.urls[cur], "[" * 100_000 + "]" * 100_000),
            "long name": (opened.urls[cur], json.dumps({"type": "hello", "name": "n" * 500})),
        }
        for what, (url, payload) in cases.items():
            answer = raw_exchange(url, payload)[0]
            assert answer["type"] == "error", what
            assert answer["message"], what
            assert table.state.dumps() == before, what
        illegal = raw_exchange(opened.urls[cur], json.dumps({"type": "act", "action": "harvest 9", "step": step}))[0]
        assert "JLZ-" in illegal["message"] or illegal["rule"], illegal  # the rule is named
    finally:
        for c in keep:
            c.close()


@given(st.one_of(st.binary(max_size=300), st.text(max_size=300),
                 st.dictionaries(st.sampled_from(["type", "action", "name", "key", "seat"]),
                                 st.one_of(st.none(), st.integers(), st.text(max_size=20),
                                           st.sampled_from(["act", "hello", "sync", "open", "tables"])),
                                 max_size=4).map(json.dumps)))
def test_fuzzed_messages_never_change_the_state_out_of_turn(server, payload):
    table_info = getattr(test_fuzzed_messages_never_change_the_state_out_of_turn, "table", None)
    if table_info is None:
        opened = server.open_table("nizam", 2, seed=1, bots={1: "random"})
        test_fuzzed_messages_never_change_the_state_out_of_turn.table = table_info = opened
    table = real(server, table_info)
    before = table.state.dumps()
    # the spectator's link: whatever it sends, nothing may change; the server answers or ignores a ping
    with connect(table_info.spectator) as ws:
        ws.recv(timeout=5)
        ws.recv(timeout=5)
        ws.send(payload)
        ws.send(json.dumps({"type": "sync"}))
        kinds = {json.loads(ws.recv(timeout=5))["type"] for _ in range(1)}
        assert kinds <= {"error", "update"}
    assert table.state.dumps() == before


def test_unknown_codes_and_wrong_keys_are_refused(server):
    with connect(f"{server.url}/not-a-code") as ws:
        assert "unknown table code" in json.loads(ws.recv(timeout=5))["message"]
    with connect(f"{server.url}/admin") as ws:
        ws.send(json.dumps({"type": "open", "key": "guess", "game": "jaliz"}))
        assert "wrong key" in json.loads(ws.recv(timeout=5))["message"]
    count = len(server.tables)
    with connect(f"{server.url}/admin") as ws:
        ws.send(json.dumps({"type": "open", "key": server.key, "game": "chess"}))
        assert "unknown game" in json.loads(ws.recv(timeout=5))["message"]
    assert len(server.tables) == count


def test_the_server_listens_on_localhost_unless_told_otherwise():
    assert TableServer().host == "127.0.0.1"
    assert TableServer(host="0.0.0.0").public_host == "127.0.0.1"


# ---------------------------------------------------------------- reconnect, timers, bots


def test_a_lost_connection_rejoins_and_sees_its_seat_as_it_is(server):
    import random

    opened = server.open_table("jaliz", 3, seed=4, bots={2: "heuristic"})
    a, b = TableClient(opened.urls[0]), TableClient(opened.urls[1])
    table = real(server, opened)
    rng = random.Random(1)
    try:
        play_random_pair(a, b, rng, steps=40)
        a.drop()  # the network goes away under seat 0
        play_random(b, rng, until=lambda: table.step > 80 or table.state.current_player() == 0)
        wait(lambda: a.connections == 2)  # rejoined by itself with its code
        caught_up(a, table)
        assert a.state.observation() == table.state.observation(0)
        assert a.state.events() == table.state.events(0)  # nothing lost, nothing twice
        again = TableClient(opened.urls[0])  # a second device takes the seat: the first is told and let go
        wait(lambda: again.state.step == table.step)
        assert again.state.observation() == table.state.observation(0)
        wait(lambda: "another connection" in a.state.notice)  # and does not take the seat back
        a._thread.join(5)
        assert not a._thread.is_alive()
        assert sum(1 for v in table.viewers if v.seat == 0) == 1
        assert again.state.observation() == table.state.observation(0)
        again.close()
    finally:
        a.close()
        b.close()


def play_random_pair(a, b, rng, steps):
    for _ in range(2000):
        table_step = max(a.state.step, b.state.step)
        if table_step >= steps or a.state.is_over():
            return
        for c in (a, b):
            if c.state.current_player() == c.state.seat and len(c.state.legal_actions()):
                try:
                    c.act(rng.choice(list(c.state.legal_actions())))
                except RemoteIllegalAction:
                    pass
        time.sleep(0.002)


def test_a_seat_that_runs_out_of_time_passes(server):
    opened = server.open_table("jaliz", 3, seed=6, timeout=0.3, on_timeout="pass", bots={1: "random", 2: "random"})
    table = real(server, opened)
    a = TableClient(opened.urls[0])
    try:
        wait(lambda: table.seats[0].timeouts >= 2, 20)  # seat 0 never answers
        assert "ran out of time" in table.notice
        wait(lambda: "ran out of time" in a.state.notice)
        with pytest.raises(jaliz_learn.InvalidOption):
            server.open_table("jaliz", 3, timeout=-1)
        with pytest.raises(jaliz_learn.InvalidOption):
            server.open_table("jaliz", 3, on_timeout="sleep")
    finally:
        a.close()


def test_the_default_move_looks_only_among_the_listed_actions():
    from jaliz_learn.core.legal import LazyActions
    from jaliz_learn.tables.protocol import MAX_LEGAL
    from jaliz_learn.tables.server import default_action

    class Offers(LazyActions):  # a huge offer list whose passing action comes first, as a Jaliz buyer's
        def __init__(self, passing: str) -> None:
            self._len, self.passing = 10**9, passing

        def _build(self, i: int) -> str:
            assert i < MAX_LEGAL, "built an action no page lists"
            return self.passing if i == 3 else f"offer {i}"

        def __contains__(self, item: object) -> bool:
            return True

    assert default_action(Offers("pass"), "pass") == "pass"
    assert default_action(Offers("keep 1"), "pass") == "keep 1"
    assert default_action(Offers("pass"), "first") == "offer 0"
    assert default_action(("offer a", "refuse", "pass"), "pass") == "pass"  # the preferred word, not the first


def test_a_whole_jaliz_game_of_absent_players_is_played_by_the_timer(server):
    opened = server.open_table("jaliz", 3, seed=4, timeout=0.001, on_timeout="pass")
    table = real(server, opened)
    clients = [TableClient(url) for url in opened.urls]  # everyone joins, nobody answers
    try:
        wait(table.state.is_over, 60)
        assert all(seat.timeouts for seat in table.seats)
    finally:
        for c in clients:
            c.close()


def test_bots_join_from_anywhere_and_the_records_feed_a_results_table(server, tmp_path):
    import threading

    opened = server.open_table("nizam", 3, seed=8, bots={2: "greedy"})
    out: dict[int, object] = {}
    threads = [threading.Thread(target=lambda i=i, u=u: out.__setitem__(i, join("random" if i else "greedy", u)))
               for i, u in enumerate(opened.urls)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    table = real(server, opened)
    assert table.state.is_over() and all(r.over for r in out.values())
    assert out[0].scores == table.state.outcome().scores
    record = json.loads(table.saved.read_text())
    # the record replays to the same game
    game = jaliz_learn.load_game("nizam")
    replayed = game.initial_state(num_players=3, seed=record["seed"])
    for text in record["actions"]:
        replayed.apply(text)
    assert replayed.dumps() == table.state.dumps()
    df = results([table.saved])
    assert set(df.index) == {s.name for s in table.seats} and df["games"].sum() == 3
    assert main(["replay", str(table.saved)]) == 0


def test_a_bot_that_fails_at_the_table_plays_the_default_and_the_game_goes_on(server):
    class Broken:
        name = "broken"

        def act(self, obs, legal):
            raise RuntimeError("oops")

    opened = server.open_table("nizam", 2, seed=3, bots={0: Broken(), 1: "random"})
    table = real(server, opened)
    wait(lambda: table.state.is_over(), 30)
    assert "the bot failed" in table.notice


def test_a_table_of_bots_opened_before_serving_plays_once_the_server_runs(tmp_path):
    srv = TableServer(port=0, records=tmp_path)
    opened = srv.open_table("nizam", 2, seed=1, bots={0: "greedy", 1: "random"})
    srv.start()
    try:
        wait(lambda: srv.tables[opened.table].state.is_over(), 30)
        # the server saves the record just after the last action, in its own thread: wait for it, not race it
        wait(lambda: (tmp_path / f"{opened.table}.json").is_file(), 10)
        assert (tmp_path / f"{opened.table}.json").is_file()
    finally:
        srv.stop()


def test_remote_states_refuse_illegal_actions_with_the_rule(server):
    opened = server.open_table("nizam", 2, seed=2, bots={1: "greedy"})
    a = TableClient(opened.urls[0])
    try:
        wait(lambda: a.state.current_player() == 0 and len(a.state.legal_actions()) > 0)
        step = a.state.step
        with pytest.raises(RemoteIllegalAction, match="NIZ-"):
            a.state.apply("score")  # not before moving
        assert a.state.step == step
        first = a.state.legal_actions()[0]
        a.state.apply(first)
        assert a.state.history[step] == (0, first)
    finally:
        a.close()


# ---------------------------------------------------------------- the command line


def test_the_teachers_commands(tmp_path, capsys):
    import threading

    srv = TableServer(port=0, records=tmp_path / "tables").start()
    try:
        from jaliz_learn.tables.commands import _announce

        _announce(srv, str(tmp_path / "tables"))
        assert oct((tmp_path / "tables" / "server.json").stat().st_mode)[-3:] == "600"
        here = Path.cwd()
        import os

        os.chdir(tmp_path)
        try:
            assert main(["table", "open", "nizam", "--players", "2", "--bots", "1=greedy", "--seed", "3"]) == 0
            printed = capsys.readouterr().out
            link = next(line.split(": ", 1)[1] for line in printed.splitlines() if "seat 0:" in line)
            assert main(["table", "list"]) == 0
            assert link in capsys.readouterr().out
            assert main(["table", "open", "nizam", "--bots", "5=greedy"]) == 2
            assert main(["table", "open", "nizam", "--bots", "greedy"]) == 2
            assert "SEAT=BOT" in capsys.readouterr().err
            done = threading.Thread(target=lambda: main(["join", link, "random"]))
            done.start()
            done.join(60)
            assert "game over" in capsys.readouterr().out
        finally:
            os.chdir(here)
        assert main(["table", "list", "--records", str(tmp_path / "nowhere")]) == 2
        assert "no server found" in capsys.readouterr().err
        assert main(["serve", "--port", str(srv.port)]) == 2
        assert "cannot serve" in capsys.readouterr().err
    finally:
        srv.stop()


def test_a_notebook_bot_joins_through_the_grading_sandbox(server, capsys):
    notebook = Path(__file__).parents[1] / "exercises" / "02_nizam_one_ply" / "solution.ipynb"
    opened = server.open_table("nizam", 2, seed=4, bots={1: "greedy"})
    assert main(["join", opened.urls[0], str(notebook), "--time-limit", "5"]) == 0
    assert "seat 0: game over" in capsys.readouterr().out
    assert real(server, opened).state.is_over()
    assert main(["join", opened.urls[0], "missing.ipynb"]) == 2


# ---------------------------------------------------------------- load


def test_thirty_clients_on_ten_tables_with_reconnects():
    result = load_test("nizam", tables=10, seats=3, drop_every=20, seconds=90)
    assert result.finished == 10, result
    assert result.consistent, result
    assert result.errors == 0 and result.reconnects > 10, result
    assert result.actions > 1000


def test_event_json_round_trip_keeps_the_log():
    e = Event(3, "deal", 1, {"count": 2}, {"cards": "AB"}, (1,), 4)
    assert Event.from_json(json.loads(json.dumps(e.to_json()))) == e
