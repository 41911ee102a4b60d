"""A class tournament: every submitted bot against every other, each bot in its own process.

``jaliz-learn class-tournament GAME submissions/`` loads every notebook of the folder in its own
sandboxed process (:class:`~jaliz_learn.grading.Sandbox`: the learners' code never runs in this
process), then plays every group of ``num_players`` bots with the seats rotated over games that
share one deal (so no bot profits from a lucky seat). A bot that crashes, hangs past the time limit,
returns a non-action or an illegal action loses that game by forfeit (the others share the win) and
the reason is recorded; a notebook that does not load is listed without games. It writes, in the
output folder:

* ``leaderboard.csv``: one row per notebook (wins, win rate with its Wilson 95% interval, mean
  score, failures, the first failure);
* ``games.csv``: one row per game (seed, seats, scores, winners, failure, replay file);
* ``leaderboard.png``: win rates with their intervals;
* ``replays/game-NNNN.json``: each game's replay record (``jaliz-learn replay FILE`` prints it;
  ``jaliz_learn.replay_record`` rebuilds the state) -- the "replay link" of each game.

>>> from jaliz_learn.grading.class_tournament import seatings
>>> seatings(3, 2)
[(0, 1), (1, 0), (0, 2), (2, 0), (1, 2), (2, 1)]
"""

from __future__ import annotations

import csv
import itertools
import json
import re
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pandas as pd

from ..core.actions import Action
from ..core.errors import IllegalAction, InvalidOption
from ..core.game import Game, State
from ..core.play import as_game
from ..core.text import safe_line
from ..tournament import SETUP_FACTOR, SETUP_MIN_SECONDS, derive_seed, describe_exception, wilson_interval
from .failures import IsolationFailure
from .sandbox import BotFailure, Limits, LoadFailure, Sandbox

#: Columns of ``leaderboard.csv``.
LEADERBOARD_COLUMNS = ["rank", "notebook", "status", "games", "wins", "win_rate", "ci_low", "ci_high", "mean_score",
                       "failures", "first_failure"]
#: Columns of ``games.csv``.
GAME_COLUMNS = ["game", "seed", "seats", "scores", "winners", "failed_seat", "failure", "replay"]
#: ``rounds="auto"``: the widest head-to-head interval to reach, and the most rounds to play for it.
AUTO_WIDTH = 0.25
AUTO_MAX_ROUNDS = 20
#: Limits of each learner's process during a tournament.
LIMITS = Limits(load_seconds=60.0, cell_seconds=30.0, setup_seconds=5.0, cpu_seconds=600, memory_mb=1536, restarts=2)


def seatings(entrants: int, num_players: int) -> list[tuple[int, ...]]:
    """Every group of ``num_players`` entrants, each in every rotation of the seats."""
    out: list[tuple[int, ...]] = []
    for group in itertools.combinations(range(entrants), num_players):
        out.extend(group[r:] + group[:r] for r in range(num_players))
    return out


@dataclass
class _Entrant:
    notebook: Path
    #: the notebook's file name made safe (:func:`jaliz_learn.grading.batch.display_names`): every table, plot and
    #: terminal line shows this, never the raw name, which may hold escapes or bytes that are not UTF-8
    name: str = ""
    box: Sandbox | None = None
    status: str = "ok"
    games: int = 0
    wins: float = 0.0
    scores: list[float] = field(default_factory=list)
    failures: int = 0
    first_failure: str = ""


def _play(game: Game, entrants: Sequence[_Entrant], seed: int, time_limit: float) -> tuple[State, int | None, str]:
    """One game; the final (or stopped) state, the seat whose bot failed (or None) and why."""
    n = len(entrants)
    state = game.initial_state(num_players=n, seed=seed)
    setup_limit = max(SETUP_MIN_SECONDS, SETUP_FACTOR * time_limit)
    handles: list[int | None] = [None] * n
    try:
        for place, who in enumerate(entrants):
            assert who.box is not None
            try:
                handles[place] = who.box.new_bot(derive_seed(seed, 1000 + place), setup_limit)
            except BotFailure as exc:
                return state, place, f"{exc.kind}: {exc.reason}"
        while not state.is_over():
            seat = state.current_player()
            if seat is None:  # pragma: no cover - is_over() and current_player() disagree
                break
            legal = state.legal_actions(seat)
            box, handle = entrants[seat].box, handles[seat]
            assert box is not None and handle is not None
            try:
                action, _ = box.act(handle, state.observation(seat), tuple(legal), time_limit)
            except BotFailure as exc:
                return state, seat, f"{exc.kind} in decision '{state.decision()}': {exc.reason}"
            if not isinstance(action, Action):  # pragma: no cover - the sandbox rebuilds actions
                return state, seat, "act() returned no action"
            try:
                state.apply(action, seat)
            except (IllegalAction, ValueError) as exc:
                return state, seat, f"illegal action in decision '{state.decision()}': {exc}"
        return state, None, ""
    finally:
        for seat, handle in enumerate(handles):
            box = entrants[seat].box
            if handle is not None and box is not None:
                box.drop(handle)


def class_tournament(game: Game | str, folder: str | Path, *, out: str | Path | None = None,
                     class_name: str | None = None, num_players: int = 2, rounds: int | str = 1, seed: int = 0,
                     time_limit: float = 1.0, limits: Limits | None = None,
                     progress: Callable[[str], None] | None = None, isolation: Any = None,
                     width: float = AUTO_WIDTH, max_rounds: int = AUTO_MAX_ROUNDS) -> pd.DataFrame:
    """Play every notebook's bot of ``folder`` against every other; write and return the leaderboard.

    Each group of ``num_players`` bots plays ``rounds`` deals, each deal once per rotation of the seats;
    ``rounds="auto"`` plays rounds until every pair's head-to-head Wilson interval is at most ``width`` wide, or
    ``max_rounds`` rounds were played. ``class_name`` names the bot class in the notebooks (``None``: the only
    bot class each defines). Output goes to ``out`` (default ``<folder>-tournament`` next to the folder). The
    returned DataFrame is the leaderboard; its ``attrs["games"]`` holds the games table. ``isolation``: how the
    bots' processes are closed in (:mod:`jaliz_learn.grading.isolation`).
    """
    from .batch import display_names
    from .isolation import plan as isolation_plan
    from .options import check_tournament

    check_tournament(num_players=num_players, time_limit=time_limit, seed=seed, width=width, max_rounds=max_rounds)
    g = as_game(game)
    confinement = isolation_plan(isolation)
    g.info.check_players(num_players)
    source = Path(folder)
    if not source.is_dir():
        raise InvalidOption(f"{safe_line(str(source))!r} is not a folder of notebooks")
    notebooks = sorted(p for p in source.glob("*.ipynb") if not p.name.startswith("."))
    if len(notebooks) < num_players:
        raise InvalidOption(f"{safe_line(str(source))} holds {len(notebooks)} notebooks; a game needs {num_players}")
    adaptive = rounds == "auto"
    if not adaptive and (not isinstance(rounds, int) or isinstance(rounds, bool) or not 1 <= rounds <= 10_000):
        raise InvalidOption(f"rounds must be a whole number from 1 to 10000 or 'auto', not "
                            f"{safe_line(rounds, limit=40)}")
    if adaptive and not 0 < width < 1:
        raise InvalidOption(f"the interval width must lie between 0 and 1, not {width}")
    cap = max_rounds if adaptive else int(rounds)
    target = Path(out) if out is not None else source.parent / f"{source.name}-tournament"
    (target / "replays").mkdir(parents=True, exist_ok=True)
    say = progress or (lambda line: print(line, file=sys.stderr, flush=True))
    entrants = [_Entrant(p, name) for p, name in zip(notebooks, display_names(notebooks))]
    game_rows: list[dict[str, Any]] = []
    try:
        for number, who in enumerate(entrants, 1):
            who.box = Sandbox(who.notebook, g, class_name, limits or LIMITS, isolation=confinement,
                              hidden=[source.resolve(), target.resolve()])
            try:
                found = safe_line(who.box.start(), limit=200)
                say(f"[load {number}/{len(entrants)}] {who.name}: {found}")
            except IsolationFailure:  # the machine's problem, not this notebook's: no learner code ran
                raise
            except Exception as exc:  # the learner's words (or a process that broke the protocol): made safe here
                text = str(exc) if isinstance(exc, LoadFailure) else describe_exception(exc)
                who.status = "did not load: " + safe_line(text.split("\n", 1)[0], limit=200)
                who.box.close()
                who.box = None
                say(f"[load {number}/{len(entrants)}] {who.name}: {who.status}")
        playing = [i for i, e in enumerate(entrants) if e.box is not None]
        groups = [tuple(playing[i] for i in seats) for seats in seatings(len(playing), num_players)] \
            if len(playing) >= num_players else []
        plan = [(r, seats) for r in range(cap) for seats in groups]
        for index, (r, seats) in enumerate(plan):
            if adaptive and index and index % len(groups) == 0:  # a round is complete: narrow enough?
                widest = widest_pair_interval(game_rows, entrants)
                say(f"[round {r}] widest head-to-head interval {widest:.2f} (target {width:g})")
                if widest <= width:
                    break
            group = tuple(sorted(seats))
            game_seed = derive_seed(seed, hash_group(group, r))
            lineup = [entrants[i] for i in seats]
            try:
                state, failed, reason = _play(g, lineup, game_seed, time_limit)
            except Exception as exc:  # a machine or protocol problem: this game has no result, the others count
                game_rows.append({"game": index + 1, "seed": game_seed, "seats": " | ".join(e.name for e in lineup),
                                  "scores": "", "winners": "", "failed_seat": "",
                                  "failure": safe_line(f"not played: {describe_exception(exc)}", limit=300),
                                  "replay": "", "_seats": tuple(seats), "_winners": ()})
                say(f"[game {index + 1}] {game_rows[-1]['seats']}: {game_rows[-1]['failure']}")
                continue
            reason = safe_line(reason, limit=300)  # it holds the learner's words (an exception's message)
            if failed is None:
                outcome = state.outcome()
                assert outcome is not None  # the game is over
                winners = tuple(outcome.winners)
                scores = [float(x) for x in outcome.scores]
            else:  # a forfeit: the failing bot loses, the others share the win
                winners = tuple(s for s in range(num_players) if s != failed)
                scores = [float(x) for x in state.standings().scores]
                who = lineup[failed]
                who.failures += 1
                who.first_failure = who.first_failure or f"game {index + 1}: {reason}"[:300]
            replay = f"replays/game-{index + 1:04d}.json"
            (target / replay).write_text(json.dumps(state.record(), separators=(",", ":")), encoding="utf-8")
            for seat, who in enumerate(lineup):
                who.games += 1
                if seat in winners:
                    who.wins += 1.0 / len(winners)
                if failed is None:
                    who.scores.append(scores[seat])
            game_rows.append({"game": index + 1, "seed": game_seed,
                              "seats": " | ".join(e.name for e in lineup),
                              "scores": " | ".join(f"{x:g}" for x in scores),
                              "winners": " | ".join(lineup[s].name for s in winners),
                              "failed_seat": "" if failed is None else failed, "failure": reason,
                              "replay": replay, "_seats": tuple(seats), "_winners": tuple(seats[s] for s in winners)})
            total = f"{len(plan)}" if not adaptive else f"at most {len(plan)}"
            say(f"[game {index + 1}/{total}] {game_rows[-1]['seats']}: won by {game_rows[-1]['winners'] or '-'}"
                + (f" (forfeit: {lineup[failed].name})" if failed is not None else ""))
    finally:
        for who in entrants:
            if who.box is not None:
                who.box.close()
    for who in entrants:
        if who.games and who.failures == who.games:
            kind = re.match(r"game \d+: ([\w-]+)", who.first_failure)
            who.status = f"lost every game by forfeit ({kind[1] if kind else 'failure'}: see first_failure)"
        elif who.failures:
            who.status = f"failed in {who.failures} of {who.games} games (see first_failure)"
    board = _leaderboard(entrants)
    games = pd.DataFrame(game_rows, columns=GAME_COLUMNS)
    board.attrs["games"] = games
    _write(board, games, target, title=safe_line(f"{g.info.title}: {source.name}", limit=200))
    return board


def widest_pair_interval(game_rows: Sequence[dict[str, Any]], entrants: Sequence[_Entrant]) -> float:
    """The widest Wilson 95% interval of any pair's head-to-head share (games both played; a game counts for
    the one who placed among the winners without the other; both or neither: half each)."""
    wins: dict[tuple[int, int], float] = {}
    games: dict[tuple[int, int], int] = {}
    for row in game_rows:
        if not row.get("scores"):  # a game that was not played
            continue
        seats, winners = row["_seats"], set(row["_winners"])  # entrants' numbers: a name may hold ' | '
        for a, b in itertools.combinations(sorted(set(seats)), 2):
            games[(a, b)] = games.get((a, b), 0) + 1
            wins[(a, b)] = wins.get((a, b), 0.0) + (1.0 if a in winners and b not in winners else
                                                    0.0 if b in winners and a not in winners else 0.5)
    numbers = [i for i, e in enumerate(entrants) if e.games or e.box is not None]
    widest = 0.0
    for a, b in itertools.combinations(numbers, 2):
        n = games.get((a, b), 0)
        lo, hi = wilson_interval(round(wins.get((a, b), 0.0)), n)
        widest = max(widest, hi - lo)
    return widest


def hash_group(group: Sequence[int], round_: int) -> int:
    """A label for a group's deal in one round (the same for every rotation of its seats)."""
    label = round_
    for i in group:
        label = label * 1009 + i + 1
    return label


def _leaderboard(entrants: Sequence[_Entrant]) -> pd.DataFrame:
    rows = []
    for who in entrants:
        lo, hi = wilson_interval(round(who.wins), who.games) if who.games else (float("nan"), float("nan"))
        rows.append({"notebook": who.name, "status": who.status, "games": who.games,
                     "wins": who.wins, "win_rate": who.wins / who.games if who.games else float("nan"),
                     "ci_low": lo, "ci_high": hi,
                     "mean_score": sum(who.scores) / len(who.scores) if who.scores else float("nan"),
                     "failures": who.failures, "first_failure": who.first_failure})
    df = pd.DataFrame(rows)
    df["_played"] = df["games"] > 0
    df = df.sort_values(["_played", "win_rate", "mean_score", "notebook"], ascending=[False, False, False, True],
                        na_position="last").drop(columns="_played").reset_index(drop=True)
    df.insert(0, "rank", range(1, len(df) + 1))
    return df[LEADERBOARD_COLUMNS]


def _write(board: pd.DataFrame, games: pd.DataFrame, target: Path, *, title: str) -> None:
    # every text was made safe where it entered; the CSV cells are also kept from running as spreadsheet formulas
    _cells(board).to_csv(target / "leaderboard.csv", index=False, quoting=csv.QUOTE_MINIMAL,
                                       encoding="utf-8", errors="backslashreplace")
    _cells(games).to_csv(target / "games.csv", index=False, encoding="utf-8",
                                       errors="backslashreplace")
    try:
        _plot(board, target, title)
    except Exception as exc:  # the plot is a picture of the CSV: never lose the tables for it
        print(safe_line(f"the leaderboard plot was not drawn: {describe_exception(exc)}"), file=sys.stderr)


def _cells(table: pd.DataFrame) -> pd.DataFrame:
    """``table`` with every text cell kept from running as a spreadsheet formula (a notebook named ``=1+2``)."""
    from .gradebook import spreadsheet_safe

    return table.apply(lambda column: column.map(spreadsheet_safe)) if len(table) else table


def _plot(board: pd.DataFrame, target: Path, title: str) -> None:
    import matplotlib

    matplotlib.use("Agg", force=False)  # no display needed (a teacher's terminal or a server)
    import matplotlib.pyplot as plt

    played = board[board["games"] > 0]
    fig, ax = plt.subplots(figsize=(7, 0.5 + 0.45 * max(1, len(played))))
    names = [str(n).replace("$", r"\$") for n in played["notebook"]][::-1]  # '$' would start mathtext
    rates = list(played["win_rate"])[::-1]
    low = [r - lo for r, lo in zip(rates, list(played["ci_low"])[::-1])]
    high = [hi - r for r, hi in zip(rates, list(played["ci_high"])[::-1])]
    ax.barh(names, rates, xerr=[low, high], color="#4c78a8", ecolor="#333333", capsize=3)
    ax.set_xlim(0, 1)
    ax.set_xlabel("win rate (shared wins split; bars: Wilson 95% interval)")
    ax.set_title(title.replace("$", r"\$"))
    fig.tight_layout()
    fig.savefig(target / "leaderboard.png", dpi=100)
    plt.close(fig)


__all__ = ["GAME_COLUMNS", "LEADERBOARD_COLUMNS", "LIMITS", "class_tournament", "seatings"]
