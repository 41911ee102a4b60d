"""The ``jaliz-learn`` command line: list, play, bench, rules and replay.

Bad arguments get one clear line on stderr and exit code 2. Every subcommand takes ``-v`` (the package's log on
stderr; ``-vv`` for details) and ``-q`` (no progress, only problems), before or after the subcommand's name; results
go to stdout, progress lines (``[3/40] ...``) and the log to stderr.

    jaliz-learn play jaliz --players 4 --seed 7 --bots random,random,heuristic,random
    jaliz-learn bench jaliz --players 4 --games 200
    jaliz-learn rules jaliz --coverage
    jaliz-learn board nizam --players 2          # the board as a Voila page, for a projector
    jaliz-learn grade 01_first_jaliz_bot submissions/   # each notebook in its own process; a gradebook
    jaliz-learn serve                            # live tables; then: jaliz-learn table open jaliz --players 4
    jaliz-learn ladder nizam --games 60 --jobs 2 # bots' ratings with intervals
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn

from .bots.base import bot_names, make_bot
from .core.errors import JalizLearnError
from .core.play import play, replay_record
from .core.registry import REGISTRY, list_games, load_game
from .core.rules import coverage, locate_rule
from .grading.isolation import MODES as ISOLATION_MODES
from .grading.isolation import add_arguments as add_isolation_arguments
from .tables.commands import add_commands as add_table_commands

log = logging.getLogger(__name__)


class UsageError(Exception):
    """A bad command-line argument (reported as one line, exit code 2)."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


def _parse_options(pairs: Sequence[str]) -> dict[str, Any]:
    opts: dict[str, Any] = {}
    for pair in pairs:
        if "=" not in pair:
            raise UsageError(f"--option needs NAME=VALUE, got {pair!r}")
        key, raw = pair.split("=", 1)
        try:
            opts[key] = json.loads(raw)
        except json.JSONDecodeError:
            opts[key] = raw
    return opts


def _bots(spec: str | None, game: str, players: int, seed: int) -> list[Any]:
    names = ["random"] if not spec else [s.strip() for s in spec.split(",")]
    if len(names) == 1:
        names = names * players
    if len(names) != players:
        raise UsageError(f"--bots names {len(names)} bots but --players is {players}")
    return [make_bot(n, game, seed * 100 + i) for i, n in enumerate(names)]


def cmd_list(args: argparse.Namespace) -> int:
    for info in list_games():
        print(f"{info.name:<18} {info.min_players}-{info.max_players} players  {info.title}")
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    game = load_game(args.game, **_parse_options(args.option))
    players = game.resolve_num_players(args.players)
    bots = _bots(args.bots, game.name, players, args.seed)
    t0 = time.perf_counter()
    result = play(game, bots, seed=args.seed)
    elapsed = time.perf_counter() - t0
    st = result.state
    if args.json:
        out = {"game": game.name, "options": game.options, "seed": args.seed, "players": players,
               "bots": [getattr(b, "name", type(b).__name__) for b in bots],
               "scores": list(result.scores), "winners": list(result.winners),
               "ranking": [list(g) for g in result.outcome.ranking],
               "turns": st.log.turn, "decisions": result.decisions, "seconds": round(elapsed, 4)}
        if args.log:
            out["log"] = st.log_text()
            out["record"] = st.record()
        print(json.dumps(out))
        return 0
    for line in st.log_text():
        print(line)
    print()
    print(f"{game.info.title}: {players} players, seed {args.seed}, {st.log.turn} turns, {result.decisions} decisions")
    for p, s in enumerate(result.scores):
        mark = "  winner" if p in result.winners else ""
        print(f"  player {p} ({getattr(bots[p], 'name', '?')}): {s:g}{mark}")
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    if args.grading:
        from .benchmarks.grading import bench_grading, markdown

        rows = bench_grading(args.grading, notebooks=args.notebooks, say=_progress(args))
        print(markdown(args.grading, rows))
        return 0
    if args.peer or args.copies or args.strength:
        return _bench_tables(args)
    if args.game is None:
        raise UsageError("name a game (or ask for the tables: --peer, --copies, --strength)")
    args.games = 100 if args.games is None else args.games
    game = load_game(args.game, **_parse_options(args.option))
    players = game.resolve_num_players(args.players)
    if args.games < 1:
        raise UsageError("--games must be at least 1")
    decisions = 0
    t0, c0 = time.perf_counter(), time.process_time()
    for i in range(args.games):
        bots = _bots(args.bots, game.name, players, args.seed + i)
        decisions += play(game, bots, seed=args.seed + i).decisions
    elapsed = time.perf_counter() - t0
    cpu = max(time.process_time() - c0, 1e-9)  # one process, one core: CPU time is immune to other load
    gps, dps = args.games / elapsed, decisions / elapsed
    if args.json:
        print(json.dumps({"game": game.name, "players": players, "games": args.games,
                          "seconds": round(elapsed, 3), "cpu_seconds": round(cpu, 3),
                          "games_per_second": round(gps, 2), "decisions_per_second": round(dps, 1),
                          "cpu_games_per_second": round(args.games / cpu, 2),
                          "decisions_per_game": round(decisions / args.games, 1)}))
    else:
        print(f"{game.name}, {players} player{'s' if players != 1 else ''}, {args.games} games in {elapsed:.2f} s: "
              f"{gps:.1f} games/s, {dps:,.0f} decisions/s ({decisions / args.games:.0f} decisions per game); "
              f"CPU time {cpu:.2f} s = {args.games / cpu:.1f} games per CPU second")
    return 0


def _bench_tables(args: argparse.Namespace) -> int:
    """The issue-10 benchmark tables (docs/BENCHMARKS.md), for one game or every game."""
    from .benchmarks import report  # only this command needs it

    if args.game is not None and args.game not in REGISTRY:
        raise UsageError(f"unknown game {args.game!r}; known games: {', '.join(REGISTRY)}")
    if args.rounds < 1 or args.slice <= 0:
        raise UsageError("--rounds must be at least 1 and --slice positive")
    games = [args.game] if args.game else list(REGISTRY)
    if args.players is not None:  # one player count for every game in the tables: check it first
        if args.game is None:
            raise UsageError("--players needs one game (the tables of every game use each game's default)")
        load_game(args.game).resolve_num_players(args.players)
    print(f"machine: {report.machine()}", flush=True)
    sections = []
    if args.peer:
        sections.append(("Speed against a peer", report.peer_table(games, rounds=args.rounds, seconds=args.slice,
                                                                        players=args.players)))
    if args.copies:
        sections.append(("Copies", report.copies_table(games, rounds=args.rounds, seconds=args.slice)))
    if args.strength:
        matches = 12 if args.games is None else args.games
        if matches < 1 or (args.iterations is not None and args.iterations < 1) or args.reuse < 1:
            raise UsageError("--games, --iterations and --reuse must be at least 1")
        depth = args.rollout_depth
        sections.append(("Search-bot strength", report.strength_table(
            games, matches=matches, iterations=args.iterations, seed=args.seed, reuse=args.reuse,
            rollout_depth=depth if depth is not None and depth >= 0 else None,
            to_the_end=depth is not None and depth < 0, players=args.players, budgets=_budgets(args.budgets),
            opponents=_opponents(args.opponents, games))))
    for title, lines in sections:
        print(f"\n## {title}\n", flush=True)
        for line in lines:
            print(line, flush=True)
    return 0


def _opponents(text: str, games: Sequence[str]) -> list[str]:
    """``--opponents``: bot names every game knows ("heuristic" stands for each game's own bot)."""
    names = [n.strip() for n in text.split(",") if n.strip()]
    for name in names:
        unknown = [g for g in games if name != "heuristic" and name not in bot_names(g)]
        if unknown:
            raise UsageError(f"--opponents: no bot {name!r} in {unknown[0]} (bots: heuristic, "
                             f"{', '.join(bot_names(unknown[0]))})")
    if not names:
        raise UsageError("--opponents needs at least one bot name, e.g. heuristic")
    return names


def _budgets(text: str | None) -> list[int]:
    if not text:
        return []
    try:
        out = [int(t) for t in text.split(",") if t.strip()]
    except ValueError:
        raise UsageError(f"--budgets takes iterations like 40,160,640, not {text!r}") from None
    if any(b < 1 for b in out):
        raise UsageError("--budgets: every budget must be at least 1 iteration")
    return out


def cmd_sweep(args: argparse.Namespace) -> int:
    """Play ``--games`` random games at every player count; report finished games and errors."""
    game = load_game(args.game, **_parse_options(args.option))
    counts = [args.players] if args.players else list(range(game.info.min_players, game.info.max_players + 1))
    failed = 0
    rows = []
    for n in counts:
        game.info.check_players(n)
        ok = errors = decisions = 0
        c0 = time.process_time()
        for i in range(args.games):
            seed = args.seed + i
            try:
                result = play(game, _bots(args.bots, game.name, n, seed), seed=seed)
                ok += 1
                decisions += result.decisions
            except Exception as exc:  # noqa: BLE001 - a sweep reports every failure and goes on
                errors += 1
                log.error("%s players, seed %s: %s", n, seed, f"{type(exc).__name__}: {exc}"[:300])
        failed += errors
        cpu = time.process_time() - c0
        rows.append({"players": n, "games": args.games, "finished": ok, "errors": errors,
                     "decisions_per_game": round(decisions / max(ok, 1), 1), "cpu_seconds": round(cpu, 2)})
        if not args.json:
            print(f"{game.name}, {n} player{'s' if n != 1 else ''}: {ok}/{args.games} games finished, "
                  f"{errors} errors, {decisions / max(ok, 1):.0f} decisions per game, {cpu:.1f} s CPU", flush=True)
    if args.json:
        print(json.dumps({"game": game.name, "seed": args.seed, "counts": rows}))
    return 0 if failed == 0 else 1


def _tests_dir(given: str | None) -> Path:
    if given:
        return Path(given)
    for candidate in (Path.cwd() / "tests", Path(__file__).resolve().parent.parent / "tests"):
        if candidate.is_dir():
            return candidate
    raise UsageError("no tests/ folder found; run from the project root or pass --tests DIR")


def cmd_rules(args: argparse.Namespace) -> int:
    game = load_game(args.game)
    cat = game.rules
    if args.where:
        if args.where not in cat:
            raise UsageError(f"{game.name} has no rule {args.where!r}; `jaliz-learn rules {game.name}` lists them")
        places = locate_rule(game, args.where)
        if not places:
            print(f"{args.where}: not cited in the code of {game.name}")
            return 1
        for path, line, name in places:
            shown = path.relative_to(Path.cwd()) if path.is_relative_to(Path.cwd()) else path
            print(f"{shown}:{line}" + (f"  {name}" if name else ""))
        return 0
    if not args.coverage:
        print(cat.table())
        return 0
    covered, missing = coverage(cat, _tests_dir(args.tests))
    share = 100.0 * len(covered) / max(1, len(cat))
    print(f"{game.name}: {len(covered)}/{len(cat)} rule IDs exercised by at least one test ({share:.1f}%)")
    for rid in missing:
        print(f"  missing: {rid}  {cat[rid].title}")
    return 0 if not missing else 1


def cmd_replay(args: argparse.Namespace) -> int:
    record = read_json_file(args.file)
    st = replay_record(record)
    if args.viewer in ("spectator", "all"):
        viewer: int | str | None = None if args.viewer == "spectator" else "all"
    elif args.viewer.isdigit() and int(args.viewer) < st.num_players:
        viewer = int(args.viewer)
    else:
        raise UsageError(f"--viewer must be 'all', 'spectator' or a seat 0-{st.num_players - 1}, not {args.viewer!r}")
    for line in st.log_text(viewer):
        print(line)
    return 0


#: JSON files read by the command line are refused past this size (a saved game is a few hundred KB).
MAX_JSON_FILE_BYTES = 50 * 1024 * 1024


def read_json_file(path: str) -> Any:
    """Read a JSON file given on the command line; any problem is one clear line (``UsageError``)."""
    try:
        file = Path(path)
        if file.is_dir():
            raise UsageError(f"{path} is a folder, not a JSON file")
        if file.stat().st_size > MAX_JSON_FILE_BYTES:
            raise UsageError(f"{path} is larger than {MAX_JSON_FILE_BYTES // 2**20} MB; not a saved game")
        text = file.read_text(encoding="utf-8")
    except OSError as exc:
        raise UsageError(f"cannot read {path}: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise UsageError(f"{path} is not UTF-8 text") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise UsageError(f"{path} is not valid JSON (line {exc.lineno}: {exc.msg})") from None
    except RecursionError:
        raise UsageError(f"{path} nests too deeply to be a saved game") from None
    return data


#: Where ``tutorial`` puts the course when it is run inside a checkout of the project (never the checkout itself).
USER_COURSE_FOLDER = "jaliz-learn-course"


def in_checkout(folder: Path) -> Path | None:
    """The checkout of the project that holds ``folder`` (a folder with ``pyproject.toml`` and ``jaliz_learn/``), if
    any: the tutorial never opens its tracked notebooks (Lab's autosave would rewrite them)."""
    for candidate in (folder.resolve(), *folder.resolve().parents):
        if (candidate / "pyproject.toml").is_file() and (candidate / "jaliz_learn" / "__init__.py").is_file():
            return candidate
    return None


def tutorial_folder(here: Path, *, say: Any = print) -> Path:
    """Copy the course into ``here`` (from the checkout or the installed wheel; a notebook the learner edited is never
    overwritten) and return it; the folder whose ``notebooks/00_welcome.ipynb`` the tutorial opens."""
    from .course import copy_course

    checkout = in_checkout(here)
    if checkout is not None:
        raise UsageError(f"{here} is inside the project's checkout {checkout}: the tutorial works on a copy "
                         "elsewhere (--folder DIR)")
    lines = copy_course(here)
    copied = sum(1 for line in lines if line.endswith(": copied"))
    kept = [line.split(":")[0] for line in lines if line.endswith("kept your edited copy")]
    say(f"course material in {here}: {copied} files copied, {len(lines) - copied} already there"
        + (f" (your edited {', '.join(kept)} kept)" if kept else ""))
    if not (here / "notebooks" / "00_welcome.ipynb").is_file():
        raise UsageError("the course material was not found in this installation (notebooks/00_welcome.ipynb)")
    return here


def run_server(cmd: list[str], cwd: Path) -> int:
    """Run a server command in the foreground and pass SIGTERM/SIGHUP on to it.

    ``subprocess.call`` alone leaves the server (and its kernels) running when this process is
    terminated by a signal, e.g. by a test harness or a service manager; Ctrl-C already reaches both.
    """
    import signal
    import subprocess

    proc = subprocess.Popen(cmd, cwd=cwd)

    def forward(signum: int, _frame: Any) -> None:
        proc.send_signal(signum)

    wanted = [s for s in (getattr(signal, "SIGTERM", None), getattr(signal, "SIGHUP", None)) if s is not None]
    previous = {s: signal.signal(s, forward) for s in wanted}
    interrupts = 0
    try:
        while True:
            try:
                return proc.wait()
            except KeyboardInterrupt:  # the server got the Ctrl-C too (Jupyter asks to confirm): wait for it
                interrupts += 1
                if interrupts >= 3:
                    proc.terminate()
    finally:
        for s, handler in previous.items():
            signal.signal(s, handler)


#: The welcome notebook, relative to the course folder, and the JupyterLab address that opens it.
WELCOME = "notebooks/00_welcome.ipynb"
WELCOME_URL = f"/lab/tree/{WELCOME}"


def cmd_tutorial(args: argparse.Namespace) -> int:
    """Copy the course into a folder of the learner's (never the repository), then open JupyterLab there at the
    welcome notebook (adds --allow-root only when running as root)."""
    import importlib.util
    import os

    if not args.copy_only and importlib.util.find_spec("jupyterlab") is None:  # before anything is copied
        raise UsageError("JupyterLab is not installed; install the extra: pip install 'jaliz_learn[jupyter]'")
    if args.port is not None and not 0 < args.port < 65536:
        raise UsageError(f"--port must be from 1 to 65535, got {args.port}")
    if args.folder:
        folder = Path(args.folder).expanduser()
    elif in_checkout(Path.cwd()) is not None:
        folder = Path.home() / USER_COURSE_FOLDER
    else:
        folder = Path.cwd()
    folder = tutorial_folder(folder, say=_progress(args))
    if args.copy_only:
        return 0
    # an explicit root_dir keeps the whole course (notebooks/ and exercises/) in Lab's file browser; the default
    # URL makes the address Lab prints (and opens) the welcome notebook's, also with --no-browser
    cmd = [sys.executable, "-m", "jupyterlab", f"--ServerApp.root_dir={folder}",
           f"--LabApp.default_url={WELCOME_URL}", f"--ServerApp.default_url={WELCOME_URL}"]
    if args.port is not None:
        cmd += [f"--ServerApp.port={args.port}", "--ServerApp.port_retries=0"]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        cmd.append("--allow-root")
    if args.no_browser:
        cmd.append("--no-browser")
    cmd += args.lab_args
    log.info("+ %s", " ".join(cmd))
    port = args.port if args.port is not None else 8888
    print(f"the course is in {folder}; JupyterLab opens http://localhost:{port}{WELCOME_URL} (it prints the "
          "address with its token below)", flush=True)
    if args.dry_run:
        print("+ " + " ".join(cmd))
        return 0
    return run_server(cmd, cwd=folder)


def cmd_lite(args: argparse.Namespace) -> int:
    """Build a JupyterLite site of the course (``lite build SITE``) or serve one (``lite serve SITE``)."""
    from jaliz_learn.tools import lite

    site = Path(args.site)
    if args.action == "serve":
        lite.serve(site, port=args.port)
        return 0
    facts = lite.build_site(site, cache=Path(args.cache) if args.cache else None, overwrite=args.overwrite)
    print(f"built {facts['site']}: {facts['files']} files, {facts['megabytes']} MB, {len(facts['notebooks'])} course "
          f"files, {len(facts['packages'])} Python packages")
    print(f"try it: jaliz-learn lite serve {site}   (then copy the folder to any web server to share it)")
    return 0


#: The board class (in jaliz_learn.widgets) that plays each game, for ``jaliz-learn board GAME``.
BOARD_CLASSES = {"jaliz": "JalizBoard", "jaliz-advanced": "JalizBoard", "nizam": "NizamBoard",
                 "pearl-of-the-east": "NizamBoard", "jungli-la": "JungliLaBoard", "bali": "BaliBoard",
                 "bali-tani": "BaliBoard"}


def board_notebook(args: argparse.Namespace) -> dict[str, Any]:
    """The one-cell notebook that shows GAME's board, stretched to the page width (Voila, projector)."""
    import inspect

    if args.game not in REGISTRY:
        raise UsageError(f"unknown game {args.game!r}; games: {', '.join(REGISTRY)}")
    try:
        import jaliz_learn.widgets as boards
    except ImportError as exc:
        raise UsageError(f"the boards need the Jupyter extra: pip install -e '.[jupyter]' ({exc})") from exc
    name = BOARD_CLASSES.get(args.game, "")
    cls = getattr(boards, name, None)
    if cls is None:
        raise UsageError(f"no board for {args.game} yet")
    if args.human.lower() in ("none", "watch"):
        human = None
    elif args.human.isdigit():
        human = int(args.human)
    else:
        raise UsageError(f"--human takes a seat number or 'none', not {args.human!r}")
    wanted = {"game": args.game, "num_players": args.players, "human": human, "seed": args.seed, "fit": True}
    if args.bots:
        wanted["bots"] = args.bots
    params = inspect.signature(cls).parameters
    if "tani" in params:  # BaliBoard plays Village of Tani with tani=True
        wanted["tani"] = args.game == "bali-tani"
    kwargs = {k: v for k, v in wanted.items() if k in params and (v is not None or k == "human")}
    load_game(args.game).initial_state(num_players=args.players, seed=args.seed)  # bad counts: a clear error now
    call = ", ".join(f"{k}={v!r}" for k, v in kwargs.items())
    source = f"from jaliz_learn.widgets import {name}\n\nboard = {name}({call})\nboard"
    return {"cells": [{"cell_type": "code", "execution_count": None, "id": "board", "metadata": {}, "outputs": [],
                       "source": source}],
            "metadata": {"kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python",
                                        "name": "python3"}, "title": f"{args.game} board"},
            "nbformat": 4, "nbformat_minor": 5}


def cmd_board(args: argparse.Namespace) -> int:
    """Open GAME's board as a Voila page (or, with --write, only write its notebook)."""
    import importlib.util
    import tempfile

    nb = board_notebook(args)
    if args.write:
        Path(args.write).write_text(json.dumps(nb, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {args.write}")
        return 0
    if importlib.util.find_spec("voila") is None:
        raise UsageError("Voila is not installed; install the extra: pip install -e '.[jupyter]'")
    folder = Path(tempfile.mkdtemp(prefix="jaliz-board-"))
    path = folder / f"{args.game}_board.ipynb"
    path.write_text(json.dumps(nb, indent=1) + "\n", encoding="utf-8")
    # every page visit starts a kernel that closing the tab does not stop: cull idle ones
    cmd = [sys.executable, "-m", "voila", str(path), f"--port={args.port}", "--show_tracebacks=True",
           "--MappingKernelManager.cull_idle_timeout=600", "--MappingKernelManager.cull_interval=60"]
    if args.no_browser:
        cmd.append("--no-browser")
    log.info("+ %s", " ".join(cmd))
    print(f"the board: http://localhost:{args.port}/ (Voila prints the address below)", flush=True)
    return run_server(cmd, cwd=folder)


def cmd_ladder(args: argparse.Namespace) -> int:
    from .executors import make_executor
    from .ladder import ladder, plot_ladder

    if args.games < 1 or (args.jobs is not None and args.jobs < 1):
        raise UsageError("--games and --jobs must be at least 1")
    if not 1 <= args.bootstrap <= 100_000:
        raise UsageError(f"--bootstrap must be a whole number from 1 to 100000, got {args.bootstrap}")
    bots = [b.strip() for b in args.bots.split(",") if b.strip()] if args.bots else None
    with make_executor(args.executor, jobs=args.jobs, address=args.address) as executor:
        table = ladder(args.game, bots, games=args.games, seed=args.seed, num_players=args.players,
                       executor=executor, bootstrap=args.bootstrap, progress=args.verbosity >= 0)
    with pd_options():
        print(table.round({"rating": 0, "low": 0, "high": 0, "win_rate": 3, "mean_score": 2, "mean_ms": 2})
              .to_string() if hasattr(table, "round") else table)
    print(f"{len(table.attrs['games']) // table.attrs['num_players']} games of {table.attrs['num_players']} "
          f"players, seed {args.seed}; ratings on the Elo scale with {table.attrs['anchor']} at 0 "
          f"(400 points: 10 to 1 odds), 95% intervals from {args.bootstrap} re-fits")
    if args.csv:
        table.to_csv(args.csv)
        print(f"table: {args.csv}")
    if args.plot:
        import matplotlib

        matplotlib.use("Agg")
        ax = plot_ladder(table)
        ax.figure.tight_layout()
        ax.figure.savefig(args.plot, dpi=120)
        print(f"plot: {args.plot}")
    return 0


def cmd_grade(args: argparse.Namespace) -> int:
    if args.check_isolation:
        from .grading.probe import check_isolation

        return check_isolation()
    if args.new_secret:
        from .grading.seeds import write_new_secret

        made = write_new_secret(args.new_secret)
        print(f"wrote a new secret (256 random bits) to {made}, readable by you only; grade with --secret-file "
              f"{made}; keep it outside the repository and out of learners' reach, and keep it for regrades")
        return 0
    if not args.exercise or not args.submissions:
        raise UsageError("grade needs an EXERCISE and a SUBMISSIONS folder (or --check-isolation, --new-secret FILE)")
    if args.jobs < 1:
        raise UsageError(f"--jobs must be at least 1, got {args.jobs}")
    from .exercises.strength_bars import parse_games
    from .grading.batch import grade_folder

    games = parse_games(args.games)  # before any notebook runs: a bad value is one line
    rows = grade_folder(args.exercise, args.submissions, out=args.out, secret_file=args.secret_file, games=games,
                        load_seconds=args.load_timeout, jobs=args.jobs, executor=args.executor, address=args.address,
                        isolation=args.isolation, allow_unconfined=args.allow_unconfined, roster=args.roster,
                        weights=args.weights, points=args.points, bar=args.verbosity >= 0)
    passed = sum(1 for r in rows if r["passed"])
    out = args.out or str(Path(args.submissions).parent / f"{Path(args.submissions).name}-gradebook")
    print(f"{passed} of {len(rows)} notebooks passed; gradebook: {out}/gradebook.csv (also .html, .json, "
          "canvas.csv, moodle.csv)")
    return 0 if passed == len(rows) else 1


def cmd_class_tournament(args: argparse.Namespace) -> int:
    from .grading.class_tournament import class_tournament

    board = class_tournament(args.game, args.submissions, out=args.out, class_name=args.class_name,
                             num_players=args.players or 2, rounds=_rounds(args.games or args.rounds),
                             seed=args.seed, time_limit=args.time_limit, isolation=args.isolation, width=args.width,
                             max_rounds=args.max_rounds, progress=_progress(args))
    out = args.out or str(Path(args.submissions).parent / f"{Path(args.submissions).name}-tournament")
    shown = board.copy()
    for column in ("status", "first_failure"):  # the full texts are in the CSV
        shown[column] = [t if len(t) <= 50 else t[:47] + "..." for t in shown[column]]
    with pd_options():
        print(shown.to_string(index=False))
    print(f"leaderboard: {out}/leaderboard.csv, leaderboard.png; games: {out}/games.csv; replays: {out}/replays/")
    return 0


def _rounds(text: str) -> int | str:
    if text == "auto":
        return text
    try:
        return int(text)
    except ValueError:
        raise UsageError(f"--games/--rounds takes a number or 'auto', got {text!r}") from None


def pd_options() -> Any:
    """Wide pandas printing for the leaderboard."""
    import pandas as pd

    return pd.option_context("display.width", 200, "display.precision", 2)


def _verbosity(p: argparse.ArgumentParser, default: Any = 0) -> None:
    """``-v``/``-q``: on the root parser with a default, on every subcommand with none (``SUPPRESS``), so
    ``jaliz-learn -v list`` and ``jaliz-learn list -v`` both count and a subcommand never resets the root's."""
    group = p.add_mutually_exclusive_group()
    group.add_argument("-v", "--verbose", dest="verbosity", action="count", default=default,
                       help="show what happens (the package's log) on stderr; -vv for details")
    group.add_argument("-q", "--quiet", dest="verbosity", action="store_const", const=-1, default=default,
                       help="no progress, only problems")


def _progress(args: argparse.Namespace) -> Any:
    """The one progress style of the command line: a line on stderr (``PROGRESS``), silent with ``-q``."""
    return PROGRESS.info


#: Progress lines of the long commands (``lite build`` steps, benchmark configurations): shown on stderr as they
#: are, unless ``-q``. Bars of many items use :class:`jaliz_learn.progress.Progress` (tqdm), on stderr too.
PROGRESS = logging.getLogger("jaliz_learn.progress")


def build_parser() -> argparse.ArgumentParser:
    from . import __version__

    games = ", ".join(REGISTRY)
    parser = _Parser(prog="jaliz-learn", description="Board-game engines for teaching game programming.")
    parser.add_argument("--version", action="version", version=f"jaliz-learn {__version__}")
    _verbosity(parser)
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    sub.add_parser("list", help="list the games").set_defaults(func=cmd_list)

    def common(p: argparse.ArgumentParser) -> None:
        p.add_argument("game", help=f"one of: {games}")
        p.add_argument("--players", type=int, default=None, help="number of players")
        p.add_argument("--seed", type=int, default=0)
        p.add_argument("--bots", default=None, help="comma-separated bot names, one per seat (one name fills all)")
        p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="game option")
        p.add_argument("--json", action="store_true", help="print one JSON object")

    p = sub.add_parser("play", help="play one game with bots and print the log and scores")
    common(p)
    p.add_argument("--log", action="store_true", help="with --json: include the log and the replay record")
    p.set_defaults(func=cmd_play)
    p = sub.add_parser("bench", help="play random games and report games and decisions per second; "
                       "--peer, --copies, --strength print the benchmark tables of docs/BENCHMARKS.md")
    p.add_argument("game", nargs="?", default=None, help=f"one of: {games} (tables: default every game)")
    p.add_argument("--players", type=int, default=None, help="number of players")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--bots", default=None, help="comma-separated bot names, one per seat (one name fills all)")
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="game option")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--games", type=int, default=None, help="games to play (default 100; --strength: 12 per line)")
    p.add_argument("--peer", action="store_true",
                   help="play() decisions/s against OpenSpiel's Python tic-tac-toe (needs the bench extra)")
    p.add_argument("--copies", action="store_true", help="clone() and compact position round trip, in decisions")
    p.add_argument("--strength", action="store_true",
                   help="ISMCTS win rates against the game's own bot and random bots (see --opponents)")
    p.add_argument("--rounds", type=int, default=9, help="alternating timing rounds (--peer, --copies)")
    p.add_argument("--slice", type=float, default=0.3, help="seconds per timing slice (--peer, --copies)")
    p.add_argument("--iterations", type=int, default=None,
                   help="ISMCTS iterations per decision (--strength; default: the registered bot's)")
    p.add_argument("--budgets", default=None, metavar="N,N,...",
                   help="--strength: one line per budget (iterations per decision), e.g. 40,160,640")
    p.add_argument("--opponents", default="heuristic,random", metavar="BOT,...",
                   help="--strength: the bots the search bot plays, one line each (default heuristic,random; "
                        "heuristic: the game's own bot)")
    p.add_argument("--rollout-depth", type=int, default=None,
                   help="ISMCTS rollout cut-off (-1: play to the end; default: the registered bot's)")
    p.add_argument("--reuse", type=int, default=1, help="ISMCTS iterations per sampled state (--strength)")
    p.add_argument("--grading", default=None, metavar="EXERCISE",
                   help="grade copies of an exercise's solution serially, on 2 processes and on a Dask LocalCluster")
    p.add_argument("--notebooks", type=int, default=40, help="copies of the solution to grade (--grading)")
    p.set_defaults(func=cmd_bench)
    p = sub.add_parser("sweep", help="play many random games at every player count and report errors")
    common(p)
    p.add_argument("--games", type=int, default=1000, help="games per player count")
    p.set_defaults(func=cmd_sweep)
    p = sub.add_parser("rules", help="list a game's rules; --coverage reports test coverage of rule IDs")
    p.add_argument("game", help=f"one of: {games}")
    p.add_argument("--coverage", action="store_true")
    p.add_argument("--where", default=None, metavar="RULE_ID",
                   help="where the rule's code is: file:line of the functions whose docstring cites it")
    p.add_argument("--tests", default=None, help="the tests folder (default: ./tests)")
    p.set_defaults(func=cmd_rules)
    p = sub.add_parser("tutorial", help="copy the course into a folder of yours (here; in a checkout of the project "
                       "~/jaliz-learn-course instead, so the repository is never edited), never overwriting an edited "
                       "notebook, and open JupyterLab at notebooks/00_welcome.ipynb")
    p.add_argument("--no-browser", action="store_true", help="start the server without opening a browser")
    p.add_argument("--copy-only", action="store_true", help="copy the course into the folder, do not open it")
    p.add_argument("--folder", default=None, help="where the course goes (default: here, or ~/jaliz-learn-course "
                   "when here is a checkout of the project)")
    p.add_argument("--port", type=int, default=None, help="JupyterLab's port (default 8888, or the next free one)")
    p.add_argument("--dry-run", action="store_true",
                   help="check, copy and print the address and the command, but do not start JupyterLab")
    p.add_argument("lab_args", nargs="*", help="more JupyterLab arguments (after --)")
    p.set_defaults(func=cmd_tutorial)
    p = sub.add_parser("lite", help="build a JupyterLite site of the course that runs in the browser with nothing "
                       "installed (lite build SITE), or serve one on this computer (lite serve SITE)")
    p.add_argument("action", choices=["build", "serve"])
    p.add_argument("site", nargs="?", default="jaliz-lite", help="the site's folder (default: ./jaliz-lite)")
    p.add_argument("--overwrite", action="store_true", help="build: replace an earlier build in SITE")
    p.add_argument("--cache", default=None, help="build: where downloads are kept (default: ~/.cache/jaliz_learn/lite)")
    p.add_argument("--port", type=int, default=8000, help="serve: the port on 127.0.0.1 (default 8000)")
    p.set_defaults(func=cmd_lite)
    p = sub.add_parser("board", help="open a game's board as a Voila page (classroom projector)")
    p.add_argument("game", help=f"one of: {games}")
    p.add_argument("--players", type=int, default=None, help="number of players")
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--human", default="0", help="the seat played by the mouse, or 'none' to watch the bots")
    p.add_argument("--bots", default=None, help="bot name for the other seats (default: the board's)")
    p.add_argument("--port", type=int, default=8866, help="Voila's port (default 8866)")
    p.add_argument("--no-browser", action="store_true", help="start Voila without opening a browser")
    p.add_argument("--write", default=None, metavar="PATH", help="only write the board notebook to PATH")
    p.set_defaults(func=cmd_board)
    p = sub.add_parser("replay", help="print the log of a saved game record (JSON)")
    p.add_argument("file")
    p.add_argument("--viewer", default="all", help="'all', 'spectator' or a player number")
    p.set_defaults(func=cmd_replay)
    p = sub.add_parser("grade", help="grade a folder of learners' notebooks (each in its own, closed process) into a "
                       "gradebook; --check-isolation: what this machine offers")
    p.add_argument("exercise", nargs="?", help="exercise folder, its name (01_first_jaliz_bot) or its number (1)")
    p.add_argument("submissions", nargs="?", help="folder of notebooks (*.ipynb)")
    p.add_argument("--out", default=None, help="gradebook folder (default: SUBMISSIONS-gradebook next to it)")
    p.add_argument("--secret-file", default=None, help="file outside the repository holding the secret (at least "
                   "128 bits: make one with --new-secret)")
    p.add_argument("--new-secret", default=None, metavar="FILE",
                   help="write a new secret of 256 random bits to FILE (mode 0600, never replacing a file), then stop")
    p.add_argument("--load-timeout", type=float, default=None, help="seconds a notebook's cells may run")
    p.add_argument("--jobs", type=int, default=1, help="notebooks graded at once on this machine (default 1)")
    p.add_argument("--executor", default=None, choices=["serial", "process", "dask", "ray"],
                   help="where the jobs run (default: serial, or process with --jobs > 1)")
    p.add_argument("--address", default=None, help="the Dask scheduler or Ray cluster to use (default: a local one)")
    add_isolation_arguments(p)
    p.add_argument("--check-isolation", action="store_true",
                   help="print what this machine offers and probe each isolation mode, then stop")
    p.add_argument("--roster", default=None, help="CSV mapping notebook file names to student ids and names")
    p.add_argument("--weights", default=None, help="weights of checks, e.g. 'win rate=3,legal actions=1'")
    p.add_argument("--points", type=float, default=100.0, help="points possible in the Canvas/Moodle exports")
    p.add_argument("--games", default="auto", metavar="auto|fixed|N",
                   help="strength games: auto (default: a sequential test stops as soon as it is sure, at stated "
                        "error rates), fixed (the fixed counts used before) or N per set")
    p.set_defaults(func=cmd_grade)
    p = sub.add_parser("class-tournament", help="play every submitted bot against every other (each in its own "
                       "process, seats rotated) and write a leaderboard, a plot and a replay per game")
    p.add_argument("game", help=f"one of: {games}")
    p.add_argument("submissions", help="folder of notebooks (*.ipynb), one bot class each")
    p.add_argument("--out", default=None, help="output folder (default: SUBMISSIONS-tournament next to it)")
    p.add_argument("--class-name", default=None, help="the bot class in every notebook (default: the only one)")
    p.add_argument("--players", type=int, default=None, help="players per game (default 2)")
    p.add_argument("--rounds", default="1", help="deals per group of bots (each played in every seat order)")
    p.add_argument("--games", default=None, metavar="N|auto",
                   help="like --rounds; 'auto' plays rounds until every pair's interval is narrower than --width")
    p.add_argument("--width", type=float, default=0.25, help="--games auto: widest head-to-head interval wanted")
    p.add_argument("--max-rounds", type=int, default=20, help="--games auto: rounds to play at most")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--time-limit", type=float, default=1.0, help="seconds per decision (slower: forfeit)")
    p.add_argument("--isolation", default=None, choices=list(ISOLATION_MODES),
                   help="how each bot's process is closed in (default: $JALIZ_LEARN_ISOLATION or auto)")
    p.set_defaults(func=cmd_class_tournament)
    p = sub.add_parser("ladder", help="a round robin among bots (random, the game's own bot, ISMCTS at two budgets, "
                       "or those given) with Bradley-Terry ratings and their intervals")
    p.add_argument("game", help=f"one of: {games}")
    p.add_argument("--bots", default=None, help="comma-separated bot specs: names (random, heuristic, greedy, mcts), "
                   "mcts@ITERATIONS, or module:Class (default: the game's registered bots)")
    p.add_argument("--games", type=int, default=60, help="games in all (rounded up to whole seat rotations)")
    p.add_argument("--players", type=int, default=None, help="seats per game (default: the smallest count, >= 2)")
    p.add_argument("--seed", type=int, default=0, help="every game's seed follows from it and its place")
    p.add_argument("--executor", default=None, choices=["serial", "process", "dask", "ray"],
                   help="where the games run (default: serial, or process with --jobs > 1)")
    p.add_argument("--jobs", type=int, default=None, help="worker processes (process pool or local Dask cluster)")
    p.add_argument("--address", default=None, help="an existing Dask or Ray cluster's address")
    p.add_argument("--bootstrap", type=int, default=200, help="re-fits for the 95%% intervals")
    p.add_argument("--plot", default=None, metavar="FILE.png", help="also draw the ratings (needs matplotlib)")
    p.add_argument("--csv", default=None, metavar="FILE.csv", help="also write the table")
    p.set_defaults(func=cmd_ladder)
    add_table_commands(sub)  # serve, table open/list, join: live tables (jaliz_learn.tables)
    from .match_sprt import add_match_command

    add_match_command(sub, _verbosity)  # match: two bots compared by a sequential test (issue 52)
    for command in sub.choices.values():  # every subcommand, those registered elsewhere too
        if "-v" not in command._option_string_actions:
            _verbosity(command, default=argparse.SUPPRESS)
        for action in command._actions:  # a subcommand's own -v/-q must not reset the root's (jaliz-learn -v match)
            if action.dest == "verbosity":
                action.default = argparse.SUPPRESS
    return parser


class _Stderr(logging.StreamHandler):  # type: ignore[type-arg]
    """Writes to whatever ``sys.stderr`` is at the time (a test harness or a notebook may swap it)."""

    @property  # type: ignore[override]
    def stream(self) -> Any:
        return sys.stderr

    @stream.setter
    def stream(self, value: Any) -> None:
        pass


class _Format(logging.Formatter):
    """Progress lines as they are; everything else with its level and the module that logged it."""

    def format(self, record: logging.LogRecord) -> str:
        if record.name == PROGRESS.name and record.levelno == logging.INFO:
            return record.getMessage()
        return f"{record.levelname} {record.name}: {record.getMessage()}"


def _logging(args: argparse.Namespace) -> None:
    """``-v`` shows the package's log (progress details, what ran where) on stderr, ``-vv`` its details, ``-q`` only
    problems; progress lines show unless ``-q``."""
    verbosity = getattr(args, "verbosity", 0)
    level = {-1: logging.ERROR, 0: logging.WARNING, 1: logging.INFO}.get(verbosity, logging.DEBUG)
    logger = logging.getLogger("jaliz_learn")
    logger.setLevel(level)
    PROGRESS.setLevel(logging.ERROR if verbosity < 0 else logging.INFO)
    if not any(isinstance(h, _Stderr) for h in logger.handlers):  # once per process
        handler = _Stderr()
        handler.setFormatter(_Format())
        logger.addHandler(handler)


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        _logging(args)
        return int(args.func(args))
    except (UsageError, JalizLearnError) as exc:
        print(f"jaliz-learn: error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        # the reader went away (jaliz-learn rules jaliz | head -1): stop quietly, as Unix tools do
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
