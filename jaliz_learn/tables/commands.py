"""The table commands of ``jaliz-learn``: ``serve``, ``table open``/``table list`` and ``join``.

A teacher's three commands (docs/TABLES.md)::

    jaliz-learn serve                                   # prints the server's address; keep it running
    jaliz-learn table open jaliz --players 4 --bots 3=heuristic   # prints one link per seat
    jaliz-learn table list                              # the links again, to share (or project)

``serve`` writes its address and key to ``RECORDS/server.json`` (readable by its owner only), so ``table`` run
from the same folder needs neither; ``--server`` and ``--key`` (or ``$JALIZ_LEARN_TABLE_KEY``) reach another.
Every mistake is one line (an :class:`~jaliz_learn.InvalidOption`), never a traceback.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
from pathlib import Path
from typing import Any

from jaliz_learn.core.errors import InvalidOption
from jaliz_learn.core.text import check_name, safe_line

from .deadlines import timeout_arg

DEFAULT_PORT = 8765


def add_commands(sub: Any) -> None:
    """Register ``serve``, ``table`` and ``join`` on the ``jaliz-learn`` sub-parsers."""
    p = sub.add_parser("serve", help="serve live tables where students play each other (and their bots)")
    p.add_argument("--host", default="127.0.0.1",
                   help="address to listen on (default 127.0.0.1: this machine only; 0.0.0.0: the whole network)")
    p.add_argument("--port", type=int, default=DEFAULT_PORT)
    p.add_argument("--key", default=None, help="the teacher's key for opening tables (default: a random one)")
    p.add_argument("--records", default="tables", help="folder for finished games and server.json (default: tables)")
    p.add_argument("--public-host", default=None,
                   help="the host name put in join links (default: --host, or this machine's network address)")
    p.add_argument("--cert", default=None, help="TLS certificate (PEM) to serve wss:// with (default on a network: "
                   "a self-signed one made and kept in ~/.config/jaliz-learn/tls)")
    p.add_argument("--cert-key", default=None, help="the private key (PEM) of --cert")
    tls = p.add_mutually_exclusive_group()
    tls.add_argument("--tls", action="store_true", help="serve wss:// on 127.0.0.1 too")
    tls.add_argument("--no-tls", action="store_true",
                     help="plain ws:// on a network (only behind a reverse proxy that adds TLS)")
    p.add_argument("--admin-port", type=int, default=None,
                   help="port of the teacher's endpoint on 127.0.0.1 (default: a free one when the seats are "
                   "on the network or TLS; else /admin on --port)")
    p.add_argument("--allow-origin", action="append", default=[], metavar="ORIGIN",
                   help="a web origin allowed to connect besides localhost and this server, e.g. "
                   "https://hub.school.example")
    p.set_defaults(func=cmd_serve)

    p = sub.add_parser("table", help="open a live table on a running server, or list the open ones with their links")
    p.add_argument("action", choices=["open", "list"])
    p.add_argument("game", nargs="?", help="open: the game")
    p.add_argument("--players", type=int, default=None)
    p.add_argument("--seed", type=int, default=None, help="the deal (default: random)")
    p.add_argument("--bots", default="", help="seats the server plays, e.g. 2=heuristic,3=mcts")
    p.add_argument("--timeout", type=timeout_arg, default=None,
                   help="seconds each seat has per decision (default: 120; 0 or none: no deadline, a table may then "
                        "wait forever for an absent seat)")
    p.add_argument("--on-timeout", default="first", choices=["first", "pass"],
                   help="what a seat that runs out of time plays: the first legal action, or a pass")
    p.add_argument("--teacher-view", action="store_true", help="also make a link that sees every hand")
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="a game option")
    p.add_argument("--server", default=None, help="ws://HOST:PORT (default: from tables/server.json)")
    p.add_argument("--key", default=None, help="the server's key (default: $JALIZ_LEARN_TABLE_KEY or server.json)")
    p.add_argument("--records", default="tables", help="where serve wrote server.json (default: tables)")
    p.set_defaults(func=cmd_table)

    p = sub.add_parser("join", help="play a seat of a live table with a bot or a learner's notebook bot")
    p.add_argument("url", help="the seat's link, ws://HOST:PORT/CODE")
    p.add_argument("bot", help="a bot name (random, heuristic, mcts, ...) or a notebook (.ipynb) with a bot class")
    p.add_argument("--class-name", default=None, help="the notebook's bot class (default: the only one)")
    p.add_argument("--name", default=None, help="the name shown for the seat")
    p.add_argument("--time-limit", type=float, default=5.0, help="a notebook bot's seconds per decision")
    p.add_argument("--isolation", default=None, help="how the notebook's process is closed in (see grade)")
    p.set_defaults(func=cmd_join)


def cmd_serve(args: argparse.Namespace) -> int:
    from .network import is_loopback
    from .server import TableServer

    key = args.key or os.environ.get("JALIZ_LEARN_TABLE_KEY") or None
    network = not is_loopback(args.host)
    public = args.public_host or (_network_address() if network and args.host in ("", "0.0.0.0", "::")
                                  else None)
    context = fingerprint = None
    if args.tls or args.cert or (network and not args.no_tls):
        context, fingerprint = _tls(args, public or args.host)
    server = TableServer(args.host, args.port, key=key, records=args.records, public_host=public, tls=context,
                         fingerprint=fingerprint, admin_port=args.admin_port, allow_origins=args.allow_origin)

    try:
        asyncio.run(server.serve(on_ready=lambda: _announce(server, args.records)))
    except OSError as exc:
        raise InvalidOption(f"cannot serve on {args.host}:{args.port}: {exc.strerror or exc}") from None
    except KeyboardInterrupt:
        print("stopped")
    return 0


def _tls(args: argparse.Namespace, host: str) -> tuple[Any, str]:
    """The server's TLS context and its certificate's fingerprint: the teacher's certificate, or a self-signed one."""
    from .tls import fingerprint, self_signed, server_context

    if args.cert:
        if not args.cert_key:
            raise InvalidOption("--cert needs --cert-key: the certificate's private key (PEM)")
        cert, key = Path(args.cert), Path(args.cert_key)
    elif args.cert_key:
        raise InvalidOption("--cert-key needs --cert")
    else:
        cert, key = self_signed([host])
    context = server_context(cert, key)
    try:
        return context, fingerprint(cert.read_text(encoding="ascii"))
    except (OSError, ValueError) as exc:
        raise InvalidOption(f"cannot read the certificate {cert}: {exc}") from None


def _network_address() -> str:
    """This machine's address on its network (the one its default route leaves from; no packet is sent), for the
    links of a server listening on every address; ``127.0.0.1`` when there is no network."""
    import socket

    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: routing only, UDP connect sends nothing
            return str(probe.getsockname()[0])
    except OSError:
        return "127.0.0.1"


def _announce(server: Any, records: str) -> None:
    from .network import exposure
    from .tls import show_fingerprint

    folder = Path(records)
    folder.mkdir(parents=True, exist_ok=True)
    info = folder / "server.json"
    fd = os.open(info, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        json.dump({"url": server.url, "admin": server.admin_url, "key": server.key,
                   "fingerprint": server.fingerprint}, f)
    admin = server.admin_url + "/admin"
    shown = show_fingerprint(server.fingerprint) if server.fingerprint else None
    print(exposure(seats=server.url, tls=shown, admin=admin, origins=server.allow_origins), flush=True)
    print(f"teacher key: {server.key} (saved in {info}; open tables with: jaliz-learn table open GAME)", flush=True)
    print(f"finished games are saved in {folder}/", flush=True)


def _server_info(args: argparse.Namespace) -> tuple[str, str]:
    saved: dict[str, Any] = {}
    info = Path(args.records) / "server.json"
    if info.is_file():
        try:
            saved = json.loads(info.read_text(encoding="utf-8"))
        except ValueError:
            saved = {}
    url = args.server or saved.get("admin") or saved.get("url")
    key = args.key or os.environ.get("JALIZ_LEARN_TABLE_KEY") or saved.get("key")
    if not url or not key:
        raise InvalidOption(f"no server found: run 'jaliz-learn serve' in this folder first, or give --server and "
                            f"--key (no {info})")
    return str(url), str(key)


def _admin(url: str, message: dict[str, Any]) -> dict[str, Any]:
    from websockets.exceptions import ConnectionClosed, WebSocketException
    from websockets.sync.client import connect

    from .tls import client_context

    base, context = client_context(url)
    try:
        with connect(base.rstrip("/") + "/admin", open_timeout=10, ssl=context) as ws:
            ws.send(json.dumps(message))
            answer: dict[str, Any] = json.loads(ws.recv(timeout=30))
    except ConnectionClosed as exc:
        why = exc.rcvd.reason if exc.rcvd is not None else "closed"
        raise InvalidOption(f"the table server at {base} refused the teacher's endpoint ({safe_line(why)}): on a "
                            "network it is on 127.0.0.1 at the port serve printed (admin on ...)") from None
    except (OSError, TimeoutError, ValueError, WebSocketException) as exc:
        raise InvalidOption(f"cannot reach the table server at {base}: {safe_line(exc)}") from None
    if answer.get("type") == "error":
        raise InvalidOption(str(answer.get("message")))
    return answer


def parse_bots(text: str) -> dict[str, str]:
    """``"2=heuristic,3=mcts"`` -> ``{"2": "heuristic", "3": "mcts"}``.

    >>> parse_bots("2=heuristic, 3=mcts")
    {'2': 'heuristic', '3': 'mcts'}
    """
    out: dict[str, str] = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        seat, sep, name = part.partition("=")
        if not sep or not seat.strip().isdigit() or not name.strip():
            raise InvalidOption(f"--bots takes SEAT=BOT pairs like 2=heuristic, not {part!r}")
        out[seat.strip()] = name.strip()
    return out


def cmd_table(args: argparse.Namespace) -> int:
    url, key = _server_info(args)
    if args.action == "list":
        tables = _admin(url, {"type": "tables", "key": key})["tables"]
        if not tables:
            print("no tables yet: jaliz-learn table open GAME")
        for t in tables:
            state = "over" if t["over"] else (f"waiting for seats {t['waiting']}" if t["waiting"]
                                              else f"playing (step {t['step']})")
            print(_links(t) + f"\n  state: {state}")
        return 0
    if not args.game:
        raise InvalidOption("table open needs a GAME, e.g. jaliz-learn table open jaliz --players 4")
    options: dict[str, Any] = {}
    for pair in args.option:
        name, sep, raw = pair.partition("=")
        if not sep:
            raise InvalidOption(f"--option needs NAME=VALUE, got {pair!r}")
        try:
            options[name] = json.loads(raw)
        except ValueError:
            options[name] = raw
    game = game_with_mode(args.game, options)
    opened = _admin(url, {"type": "open", "key": key, "game": game, "players": args.players, "seed": args.seed,
                          "options": options, "bots": parse_bots(args.bots), "timeout": args.timeout,
                          "on_timeout": args.on_timeout, "teacher_view": args.teacher_view})
    print(_links(opened))
    print("share each seat's link with one player only: it is that seat's key (JalizBoard(join=LINK) in a notebook)")
    return 0


def game_with_mode(game: str, options: dict[str, Any]) -> str:
    """A game's mode is a game of its own (``jaliz-advanced``); ``--option mode=advanced`` names it too, so the
    option is taken out of ``options`` and the game's name returned.

    >>> opts = {"mode": "advanced", "offer_rounds": 3}
    >>> game_with_mode("jaliz", opts), opts
    ('jaliz-advanced', {'offer_rounds': 3})
    >>> game_with_mode("bali", {"mode": "tani"})
    'bali-tani'
    """
    if "mode" not in options:
        return game
    from jaliz_learn.core.registry import available

    mode = str(options.pop("mode")).strip().lower()
    games = available()
    if mode in ("", "basic", "standard", "base") and game in games:
        return game
    for name in (f"{game}-{mode}", mode):
        if name in games and name.startswith(game.split("-")[0]):
            return name
    family = sorted(g for g in games if g == game or g.startswith(game + "-"))
    raise InvalidOption(f"{safe_line(game, limit=40)} has no mode {safe_line(mode, limit=40)!r}; a mode is a game "
                        f"of its own: {', '.join(family) or ', '.join(games)}")


def _links(t: dict[str, Any]) -> str:
    lines = [f"table {safe_line(t['table'], limit=80)}"]
    for s in t["seats"]:
        who = safe_line(s.get("name") or "", limit=40)
        label = f"  seat {s['seat']}" + (f" ({who})" if who and s["kind"] == "open" and who != f"P{s['seat']}" else "")
        lines.append(f"{label}: " + (s["url"] if s["kind"] == "open" else f"bot ({safe_line(s['bot'], limit=40)})"))
        if s.get("error"):
            lines.append(f"    last bot error: {safe_line(s['error'], limit=200)}")
    lines.append(f"  spectators (projector): {t['spectator']}")
    if t.get("teacher"):
        lines.append(f"  teacher (every hand): {t['teacher']}")
    return "\n".join(lines)


def cmd_join(args: argparse.Namespace) -> int:
    """Play the seat until the game ends. A bot's fault plays the seat's default action (one line on standard
    error, and on the seat's board); a connection that cannot be joined again is one line and exit code 1;
    Ctrl-C stops cleanly (exit code 130)."""
    from .client import TableClient, TableClosed
    from .playing import join

    name = None
    if args.name is not None:
        try:
            name = check_name(args.name)
        except ValueError as exc:
            raise InvalidOption(f"--name: {exc}") from None
    bot: Any = args.bot
    notebook = args.bot.endswith(".ipynb")
    try:
        if notebook:
            bot = _notebook_bot(args, TableClient)
        result = join(bot, args.url, name=name, time_limit=None if notebook else args.time_limit)
    except TableClosed as exc:
        print(f"jaliz-learn join: {safe_line(exc, limit=300)}", file=sys.stderr, flush=True)
        return 1
    except KeyboardInterrupt:
        print("jaliz-learn join: stopped (Ctrl-C); the server plays the seat by its timer", file=sys.stderr)
        return 130
    finally:
        close = getattr(bot, "close", None)
        if callable(close):
            close()
    verdict = "won" if result.seat in result.winners else "did not win"
    failed = f"; the bot failed {result.failures} of {result.decisions} decisions" if result.failures else ""
    print(f"seat {result.seat}: game over, {verdict}; scores {', '.join(f'{s:g}' for s in result.scores)}{failed}")
    return 0


class NotebookBot:
    """A learner's notebook bot run in the grading sandbox (its own, closed process), as a bot object. Its seat is
    named by the bot's ``name`` attribute (checked with :func:`~jaliz_learn.core.text.check_name`; else the class's
    name). A process killed after a hang or a crash is started afresh for the next decision (as often as the
    sandbox's ``restarts`` allow; after that every decision fails and the seat plays its default action)."""

    def __init__(self, notebook: str, game: Any, class_name: str | None, time_limit: float,
                 isolation: str | None, seed: int = 0) -> None:
        from jaliz_learn.grading.sandbox import Sandbox

        self.sandbox = Sandbox(notebook, game, class_name, isolation=isolation)
        self.class_name = self.sandbox.start()
        self.time_limit = time_limit
        self.seed = seed
        self.bot = self.sandbox.new_bot(seed, max(10.0, 10 * time_limit))
        try:
            self.name = check_name(self.sandbox.bot_name)
        except ValueError:
            self.name = safe_line(self.class_name, limit=40)

    def act(self, observation: Any, legal: Any) -> Any:
        if not self.sandbox.alive:  # killed after a hang or a crash: a fresh process and bot
            self.bot = self.sandbox.new_bot(self.seed, max(10.0, 10 * self.time_limit))
        action, _elapsed = self.sandbox.act(self.bot, observation, legal, self.time_limit)
        return action

    def close(self) -> None:
        self.sandbox.close()


def _notebook_bot(args: argparse.Namespace, client_class: Any) -> NotebookBot:
    if not Path(args.bot).is_file():
        raise InvalidOption(f"no notebook at {args.bot}")
    probe = client_class(args.url)  # which game the seat plays
    game = probe.state.game
    probe.close()
    return NotebookBot(args.bot, game, args.class_name, args.time_limit, args.isolation)


__all__ = ["NotebookBot", "add_commands", "cmd_join", "cmd_serve", "cmd_table", "parse_bots"]
