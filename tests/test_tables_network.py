"""The classroom network mode of live tables (issue 49): TLS with a pinned fingerprint, the Origin rule, the
teacher's endpoint apart from the seats, and limits on guessing the teacher's key.

Everything listens on 127.0.0.1 (a network server is the same code with another address); every wait is bounded.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from websockets.exceptions import ConnectionClosed, InvalidHandshake
from websockets.sync.client import connect

from jaliz_learn.tables import TableClient, TableClosed, TableServer, join
from jaliz_learn.tables.commands import _announce
from jaliz_learn.tables.network import BAD_ORIGIN, TOO_MANY_GUESSES, GuessLimiter, OriginRule
from jaliz_learn.tables.tls import (
    PinnedContext,
    _with_openssl,
    fingerprint,
    self_signed,
    server_context,
    show_fingerprint,
    split_pin,
)


@pytest.fixture(scope="module")
def cert(tmp_path_factory):
    folder = tmp_path_factory.mktemp("tls")
    return self_signed(["127.0.0.1"], folder)


@pytest.fixture(scope="module")
def tls_server(cert):
    cert_file, key_file = cert
    srv = TableServer(port=0, records=None, tls=server_context(cert_file, key_file),
                      fingerprint=fingerprint(cert_file.read_text())).start()
    yield srv
    srv.stop()


def closed_with(url: str, send: dict | None = None, **kw) -> tuple[int | None, str]:
    """Connect, send ``send`` if given, and return the close code and reason the server sent (after any frames
    it sent first)."""
    ws = connect(url, open_timeout=5, **kw).__enter__()  # closed below (a context manager raises on 4xxx)
    try:
        if send is not None:
            ws.send(json.dumps(send))
        while True:
            ws.recv(timeout=5)
    except ConnectionClosed as exc:
        return (exc.rcvd.code, exc.rcvd.reason) if exc.rcvd is not None else (None, "")
    finally:
        try:
            ws.close()
        except ConnectionClosed:
            pass


# ---------------------------------------------------------------- TLS


def test_the_self_signed_certificate_is_kept_private_and_reused(cert):
    cert_file, key_file = cert
    assert oct(key_file.stat().st_mode)[-3:] == "600"
    assert oct(key_file.parent.stat().st_mode)[-3:] == "700"
    again = self_signed(["127.0.0.1"], key_file.parent)
    assert again == cert and fingerprint(again[0].read_text()) == fingerprint(cert_file.read_text())


@pytest.mark.skipif(shutil.which("openssl") is None, reason="no openssl program on this machine")
def test_without_the_cryptography_package_openssl_makes_the_certificate(tmp_path):
    cert_pem, key_pem = _with_openssl(["127.0.0.1", "teacher.local"])
    (tmp_path / "c.pem").write_bytes(cert_pem)
    (tmp_path / "k.pem").write_bytes(key_pem)
    server_context(tmp_path / "c.pem", tmp_path / "k.pem")  # loads: a usable pair
    assert len(fingerprint(cert_pem)) == 64


def test_a_tls_table_plays_end_to_end_with_the_pinned_fingerprint(tls_server, cert):
    assert tls_server.url.startswith("wss://127.0.0.1:")
    opened = tls_server.open_table("nizam", 2, seed=5, bots={1: "greedy"})
    link = opened.urls[0]
    pin = fingerprint(cert[0].read_text())
    assert link.endswith(f"#sha256={pin}") and opened.spectator.endswith(pin)
    result = join("random", link)
    assert result.over and len(result.scores) == 2
    assert tls_server.tables[opened.table].state.is_over()


def test_plain_ws_and_unpinned_wss_do_not_reach_a_tls_table(tls_server):
    opened = tls_server.open_table("nizam", 2, seed=6, bots={1: "greedy"})
    base, _pin = split_pin(opened.urls[0])
    with pytest.raises((InvalidHandshake, OSError, ConnectionClosed, TimeoutError)):
        with connect(base.replace("wss://", "ws://"), open_timeout=3) as ws:
            ws.recv(timeout=3)
    with pytest.raises(TableClosed, match="certificate"):  # the system's authorities do not know a self-signed one
        TableClient(base)
    assert not tls_server.tables[opened.table].seats[0].joined


def test_a_wrong_fingerprint_is_refused_before_the_code_is_sent(tls_server):
    opened = tls_server.open_table("nizam", 2, seed=7, bots={1: "greedy"})
    base, pin = split_pin(opened.urls[0])
    wrong = ("0" if pin[0] != "0" else "1") + pin[1:]
    with pytest.raises(TableClosed, match="not the one in the link"):
        TableClient(f"{base}#sha256={wrong}")
    time.sleep(0.2)
    assert not tls_server.tables[opened.table].seats[0].joined  # the server never saw the seat's code
    with pytest.raises(ValueError, match="64 hex digits"):
        TableClient(f"{base}#sha256=abc")
    with pytest.raises(ValueError, match="sha256"):
        TableClient(f"{base}#md5={pin}")


def test_the_pinned_context_checks_the_certificate_itself(cert):
    pin = fingerprint(cert[0].read_text())
    assert PinnedContext.make(show_fingerprint(pin)).pin == pin  # typed with colons and capitals: the same pin


# ---------------------------------------------------------------- Origin


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    srv = TableServer(port=0, records=None, allow_origins=["https://hub.school.example"]).start()
    yield srv
    srv.stop()


@pytest.mark.parametrize("origin", ["https://evil.example", "null", "http://127.0.0.1.evil.example:8888",
                                    "file://", "https://localhost.evil.example"])
def test_a_browser_page_from_another_origin_is_refused_with_a_reason(server, origin):
    opened = server.open_table("nizam", 2, seed=8, bots={1: "greedy"})
    code, reason = closed_with(opened.urls[0], origin=origin)
    assert code == BAD_ORIGIN and "not allowed" in reason and "docs/TABLES.md" in reason
    assert not server.tables[opened.table].seats[0].joined
    assert closed_with(f"{server.url}/admin", {"type": "tables", "key": server.key}, origin=origin)[0] == BAD_ORIGIN


def test_two_origin_headers_are_refused(server):
    opened = server.open_table("nizam", 2, seed=8, bots={1: "greedy"})
    two = [("Origin", "http://localhost:8888"), ("Origin", "https://evil.example")]
    try:  # websockets refuses them itself (HTTP 400); the server's own rule would close with BAD_ORIGIN
        code, reason = closed_with(opened.urls[0], additional_headers=two)
        assert code == BAD_ORIGIN and "two Origin headers" in reason
    except InvalidHandshake as exc:
        assert "400" in str(exc)
    assert not server.tables[opened.table].seats[0].joined


@pytest.mark.parametrize("origin", [None, "http://localhost:8888", "http://127.0.0.1:8889", "http://[::1]:8888",
                                    "https://hub.school.example"])
def test_python_clients_local_pages_and_the_teachers_origins_get_in(server, origin):
    opened = server.open_table("nizam", 2, seed=9, bots={1: "greedy"})
    with connect(opened.urls[0], origin=origin, open_timeout=5) as ws:
        assert json.loads(ws.recv(timeout=5))["type"] == "welcome"


@given(st.text(max_size=300))
def test_any_origin_text_gets_a_yes_or_no_and_a_short_reason(text):
    rule = OriginRule(own_hosts=["10.0.0.5"])
    assert rule.allows(text) in (True, False)
    reason = rule.refusal(text)
    assert len(reason.encode("utf-8")) <= 123 and reason.isprintable()


# ---------------------------------------------------------------- the teacher's endpoint


def test_the_admin_endpoint_is_apart_from_the_seats_of_a_tls_server(tls_server):
    assert tls_server.admin_apart and tls_server.admin_url.startswith("ws://127.0.0.1:")
    assert tls_server.admin_port != tls_server.port
    opened = tls_server.open_table("nizam", 2, seed=10, bots={1: "greedy"})
    base, pin = split_pin(opened.urls[0])
    seats = base.rsplit("/", 1)[0]
    code, _reason = closed_with(f"{seats}/admin", {"type": "tables", "key": tls_server.key},
                                ssl=PinnedContext.make(pin))
    assert code == 4004  # the seats' port does not know /admin: an unknown code
    with connect(f"{tls_server.admin_url}/admin", open_timeout=5) as ws:
        ws.send(json.dumps({"type": "tables", "key": tls_server.key}))
        answer = json.loads(ws.recv(timeout=5))
    assert answer["type"] == "tables" and any(t["table"] == opened.table for t in answer["tables"])
    seat_code = base.rsplit("/", 1)[1]
    assert closed_with(f"{tls_server.admin_url}/{seat_code}")[0] == 4004  # nor does the admin port know the seats
    shown = str(opened) + json.dumps(tls_server.describe(tls_server.tables[opened.table]).__dict__)
    assert str(tls_server.admin_port) not in shown.replace(str(tls_server.port), "") and tls_server.key not in shown


def test_an_admin_port_can_be_asked_for_on_loopback_too():
    srv = TableServer(port=0, records=None, admin_port=0).start()
    try:
        assert srv.admin_apart and srv.url.startswith("ws://")
        assert closed_with(f"{srv.url}/admin", {"type": "tables", "key": srv.key})[0] == 4004
    finally:
        srv.stop()


def test_key_guesses_are_limited_per_connection_and_per_address():
    srv = TableServer(port=0, records=None).start()
    try:
        admin = f"{srv.admin_url}/admin"
        ws = connect(admin, open_timeout=5).__enter__()
        for i in range(srv.guesses.per_connection):
            ws.send(json.dumps({"type": "tables", "key": f"guess{i}"}))
        answers = []
        code, reason = None, ""
        try:
            while True:
                answers.append(json.loads(ws.recv(timeout=5))["message"])
        except ConnectionClosed as exc:
            code, reason = exc.rcvd.code, exc.rcvd.reason
        assert code == TOO_MANY_GUESSES and "too many wrong keys" in reason
        assert all("wrong key" in a for a in answers) and len(answers) == srv.guesses.per_connection
        # from the same address, more connections: after per_address wrong keys nothing is checked, the right
        # key included, until the window has passed
        wrong = srv.guesses.per_connection
        while wrong < srv.guesses.per_address:
            with connect(admin, open_timeout=5) as ws:
                ws.send(json.dumps({"type": "tables", "key": "again"}))
                assert "wrong key" in json.loads(ws.recv(timeout=5))["message"]
            wrong += 1
        ws = connect(admin, open_timeout=5).__enter__()
        ws.send(json.dumps({"type": "tables", "key": srv.key}))
        refused = json.loads(ws.recv(timeout=5))
        assert refused["type"] == "error" and "too many wrong keys from 127.0.0.1" in refused["message"]
        assert closed_with(admin, {"type": "tables", "key": srv.key})[0] == TOO_MANY_GUESSES  # and it is closed
        ws.close()
        srv.guesses.window = 0.0  # the window passed: the right key opens again
        with connect(admin, open_timeout=5) as ws:
            ws.send(json.dumps({"type": "tables", "key": srv.key}))
            assert json.loads(ws.recv(timeout=5))["type"] == "tables"
    finally:
        srv.stop()


def test_the_guess_window_slides():
    now = [0.0]
    limiter = GuessLimiter(per_address=3, window=60, clock=lambda: now[0])
    for t in (0.0, 10.0, 20.0):
        now[0] = t
        limiter.failed("10.0.0.9")
    assert limiter.wait("10.0.0.9") == pytest.approx(40.0) and limiter.wait("10.0.0.8") == 0.0
    now[0] = 60.0  # the first guess left the window
    assert limiter.wait("10.0.0.9") == 0.0


# ---------------------------------------------------------------- what serve says and writes


def test_serve_says_in_one_line_what_is_exposed(tls_server, tmp_path, capsys):
    _announce(tls_server, str(tmp_path))
    first = capsys.readouterr().out.splitlines()[0]
    assert first.startswith("exposed: seats on wss://127.0.0.1:")
    assert show_fingerprint(tls_server.fingerprint) in first
    assert f"admin on ws://127.0.0.1:{tls_server.admin_port}/admin (this machine only)" in first
    saved = json.loads((tmp_path / "server.json").read_text())
    assert saved["admin"] == tls_server.admin_url and saved["fingerprint"] == tls_server.fingerprint
    assert oct((tmp_path / "server.json").stat().st_mode)[-3:] == "600"


def test_the_commands_serve_open_and_join_over_tls(tmp_path):
    """``serve --tls`` in its own process (the user's config folder in tmp), then the teacher's and a student's
    commands from the same folder."""
    env = dict(os.environ, XDG_CONFIG_HOME=str(tmp_path / "config"), PYTHONUNBUFFERED="1")
    root = Path(__file__).resolve().parents[1]
    env["PYTHONPATH"] = str(root) + os.pathsep + env.get("PYTHONPATH", "")
    cli = [sys.executable, "-m", "jaliz_learn"]
    serve = subprocess.Popen([*cli, "serve", "--tls", "--port", "0", "--records", "tables"], cwd=tmp_path, env=env,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        first = serve.stdout.readline()
        assert first.startswith("exposed: seats on wss://127.0.0.1:") and "TLS, SHA-256" in first, first
        key = (tmp_path / "config" / "jaliz-learn" / "tls" / "server-key.pem")
        assert oct(key.stat().st_mode)[-3:] == "600"
        opened = subprocess.run([*cli, "table", "open", "nizam", "--players", "2", "--bots", "1=greedy"], cwd=tmp_path,
                                env=env, capture_output=True, text=True, timeout=60)
        assert opened.returncode == 0, opened.stderr
        link = next(line.split(": ", 1)[1] for line in opened.stdout.splitlines() if "seat 0:" in line)
        assert link.startswith("wss://") and "#sha256=" in link
        joined = subprocess.run([*cli, "join", link, "random"], cwd=tmp_path, env=env, capture_output=True,
                                text=True, timeout=120)
        assert joined.returncode == 0 and "seat 0: game over" in joined.stdout, joined.stderr
        assert "Traceback" not in joined.stderr
    finally:
        serve.terminate()
        serve.wait(10)


def test_a_wrong_certificate_file_is_one_line(tmp_path):
    (tmp_path / "c.pem").write_text("not a certificate")
    with pytest.raises(ValueError, match="cannot use the certificate"):
        server_context(tmp_path / "c.pem", tmp_path / "c.pem")


@pytest.mark.skipif(shutil.which("openssl") is None, reason="no openssl program on this machine")
def test_self_signed_uses_openssl_when_cryptography_is_missing(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "cryptography", None)  # import cryptography now raises ImportError
    cert_file, key_file = self_signed(["127.0.0.1"], tmp_path)
    server_context(cert_file, key_file)
    assert oct(key_file.stat().st_mode)[-3:] == "600" and "BEGIN CERTIFICATE" in cert_file.read_text()


def test_serves_certificate_options_are_checked_in_one_line(tmp_path, capsys):
    from jaliz_learn.cli import main

    assert main(["serve", "--cert", str(tmp_path / "c.pem"), "--port", "0", "--records", str(tmp_path)]) == 2
    assert "--cert needs --cert-key" in capsys.readouterr().err
    assert main(["serve", "--cert", str(tmp_path / "c.pem"), "--cert-key", str(tmp_path / "k.pem"), "--port", "0",
                 "--records", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "cannot use the certificate" in err and err.count("\n") == 1
