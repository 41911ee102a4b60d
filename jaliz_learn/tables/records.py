"""Finished tables as records: a replay (``ReplayViewer``, ``jaliz-learn replay``) and rows for a results table.

A record is the game's own :meth:`~jaliz_learn.core.game.State.record` (game, options, players, seed, actions)
plus ``table``, ``names`` and ``seats``: one row per seat in the form :func:`jaliz_learn.tournament.tournament`
keeps per game (``bot`` is the seat's name), so :func:`results` gives a class's tables the same summary table
as a tournament.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from jaliz_learn.tournament import summarize

if TYPE_CHECKING:  # pragma: no cover
    from .server import Table


def seat_rows(table: Table) -> list[dict[str, Any]]:
    """One tournament-style row per seat of a finished table."""
    st = table.state
    out = st.standings()
    return [{"game": st.game.name, "seed": st.seed, "table": table.id, "seat": s.index, "bot": s.name,
             "score": float(out.scores[s.index]), "win": s.index in out.winners, "completed": st.is_over(),
             "failure": "timeout" if s.timeouts else None, "reason": _reason(s), "decision": None,
             "decisions": s.decisions, "total_ms": s.total_ms, "max_ms": s.max_ms} for s in table.seats]


def _reason(seat: Any) -> str:
    """What went wrong for a seat: its timeouts, and the last failure its remote bot reported (a safe line: the
    server made it one), e.g. ``"2 decision(s) timed out; last bot error: ValueError: odd turn"``."""
    parts = [f"{seat.timeouts} decision(s) timed out"] if seat.timeouts else []
    if getattr(seat, "error", ""):
        parts.append(f"last bot error: {seat.error}")
    return "; ".join(parts)


def save_record(folder: Path, table: Table) -> Path:
    """Write ``folder/<table id>.json`` (atomically) and return its path."""
    folder.mkdir(parents=True, exist_ok=True)
    record = dict(table.state.record(), table=table.id, names=[s.name for s in table.seats], seats=seat_rows(table))
    path = folder / f"{table.id}.json"
    tmp = path.with_suffix(".json.tmp")
    tmp.write_text(json.dumps(record, indent=1), encoding="utf-8")
    os.replace(tmp, path)
    return path


def read_records(source: str | Path | Iterable[str | Path]) -> list[dict[str, Any]]:
    """The table records in a folder (every ``*.json`` with ``seats``) or in the given files."""
    paths = sorted(Path(source).glob("*.json")) if isinstance(source, (str, Path)) else [Path(p) for p in source]
    records = []
    for p in paths:
        data = json.loads(p.read_text(encoding="utf-8"))
        if isinstance(data, dict) and isinstance(data.get("seats"), list):
            records.append(data)
    return records


def results(source: str | Path | Iterable[str | Path]) -> Any:
    """A class's finished tables as the summary table of :func:`~jaliz_learn.tournament.tournament` (one row per
    player name: games, wins, win rate with its Wilson interval, mean score, timeouts, decision times)."""
    rows = [row for record in read_records(source) for row in record["seats"]]
    df = summarize(rows)
    df.attrs["games"] = rows
    return df


__all__ = ["read_records", "results", "save_record", "seat_rows"]
