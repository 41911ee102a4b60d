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
from pathlib import Path
from typing import Any

from jaliz_learn.core.errors import InvalidOption

DEFAULT_PORT = 8765


def add_commands(sub: Any) -> None:
    """Register ``serve``, ``table`` and ``join`` on the ``jaliz-learn`` sub-parsers."""
    p = sub.add_parser("serve", help="serve live tables where students play each other (and their bots)")
    p.add_argument("--host", default="127.0.0.1",
                   help="address to listen on (default 127.0.0.1: this machine only; 0.0.0.0: the whole network)")
    p.add_argument("--port", type=int, default=DEFAULT_PORT)
    p.add_argument("--key", default=None, help="the teacher's key for opening tables (default: a random one)")
    p.add_argument("--records", default="tables", help="folder for finished games and server.json (default: tables)")
    p.add_argument("--public-host", default=None, help="the host name put in join links (default: --host)")
    p.set_defaults(func=cmd_serve)

    p = sub.add_parser("table", help="open a live table on a running server, or list the open ones with their links")
    p.add_argument("action", choices=["open", "list"])
    p.add_argument("game", nargs="?", help="open: the game")
    p.add_argument("--players", type=int, default=None)
    p.add_argument("--seed", type=int, default=None, help="the deal (default: random)")
    p.add_argument("--bots", default="", help="seats the server plays, e.g. 2=heuristic,3=mcts")
    p.add_argument("--timeout", type=float, default=None, help="seconds each seat has per decision (default: none)")
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
    from .server import TableServer

    key = args.key or os.environ.get("JALIZ_LEARN_TABLE_KEY") or None
    server = TableServer(args.host, args.port, key=key, records=args.records, public_host=args.public_host)

    try:
        asyncio.run(server.serve(on_ready=lambda: _announce(server, args.records)))
    except OSError as exc:
        raise InvalidOption(f"cannot serve on {args.host}:{args.port}: {exc.strerror or exc}") from None
    except KeyboardInterrupt:
        print("stopped")
    return 0


def _announce(server: Any, records: str) -> None:
    folder = Path(records)
    folder.mkdir(parents=True, exist_ok=True)
    info = folder / "server.json"
    fd = os.open(info, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        json.dump({"url": server.url, "key": server.key}, f)
    where = ("only this machine can join (--host 0.0.0.0 lets the class's machines in)"
             if server.host in ("127.0.0.1", "localhost", "::1") else f"listening on {server.host}: anyone who can "
             "reach this machine and has a link can join")
    print(f"serving live tables on {server.url}; {where}", flush=True)
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
    url = args.server or saved.get("url")
    key = args.key or os.environ.get("JALIZ_LEARN_TABLE_KEY") or saved.get("key")
    if not url or not key:
        raise InvalidOption(f"no server found: run 'jaliz-learn serve' in this folder first, or give --server and "
                            f"--key (no {info})")
    return str(url), str(key)


def _admin(url: str, message: dict[str, Any]) -> dict[str, Any]:
    from websockets.sync.client import connect

    try:
        with connect(url.rstrip("/") + "/admin", open_timeout=10) as ws:
            ws.send(json.dumps(message))
            answer: dict[str, Any] = json.loads(ws.recv(timeout=30))
    except (OSError, TimeoutError) as exc:
        raise InvalidOption(f"cannot reach the table server at {url}: {exc}") from None
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
    opened = _admin(url, {"type": "open", "key": key, "game": args.game, "players": args.players, "seed": args.seed,
                          "options": options, "bots": parse_bots(args.bots), "timeout": args.timeout,
                          "on_timeout": args.on_timeout, "teacher_view": args.teacher_view})
    print(_links(opened))
    print("share each seat's link with one player only: it is that seat's key (JalizBoard(join=LINK) in a notebook)")
    return 0


def _links(t: dict[str, Any]) -> str:
    lines = [f"table {t['table']}"]
    for s in t["seats"]:
        lines.append(f"  seat {s['seat']}: " + (s["url"] if s["kind"] == "open" else f"bot ({s['bot']})"))
    lines.append(f"  spectators (projector): {t['spectator']}")
    if t.get("teacher"):
        lines.append(f"  teacher (every hand): {t['teacher']}")
    return "\n".join(lines)


def cmd_join(args: argparse.Namespace) -> int:
    from .client import TableClient, join

    bot: Any = args.bot
    if args.bot.endswith(".ipynb"):
        bot = _notebook_bot(args, TableClient)
    try:
        result = join(bot, args.url, name=args.name)
    finally:
        close = getattr(bot, "close", None)
        if callable(close):
            close()
    verdict = "won" if result.seat in result.winners else "did not win"
    print(f"seat {result.seat}: game over, {verdict}; scores {', '.join(f'{s:g}' for s in result.scores)}")
    return 0


class NotebookBot:
    """A learner's notebook bot run in the grading sandbox (its own, closed process), as a bot object."""

    def __init__(self, notebook: str, game: Any, class_name: str | None, time_limit: float,
                 isolation: str | None) -> None:
        from jaliz_learn.grading.sandbox import Sandbox

        self.sandbox = Sandbox(notebook, game, class_name, isolation=isolation)
        self.name = self.sandbox.start()
        self.time_limit = time_limit
        self.bot = self.sandbox.new_bot(0, max(10.0, 10 * time_limit))

    def act(self, observation: Any, legal: Any) -> Any:
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
