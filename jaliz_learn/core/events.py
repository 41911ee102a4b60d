"""The event log: every action and every chance outcome, filterable per viewer.

An :class:`Event` has public ``data`` that everybody may see and optional
``secret`` data that only the players in ``visible_to`` may see (for example the
cards a player drew). ``EventLog.for_viewer(p)`` returns the events as player
``p`` sees them; the spectator (``None``) sees only public data.

>>> log = EventLog()
>>> _ = log.add("draw", 0, {"count": 2}, secret={"cards": [7, 9]}, visible_to=(0,))
>>> log.for_viewer(1)[0].data, log.for_viewer(1)[0].secret
({'count': 2}, None)
>>> log.for_viewer(0)[0].secret
{'cards': [7, 9]}
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Any, NamedTuple

from .shared import SharedList

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd


class Event(NamedTuple):
    """One entry of the log. ``turn`` is the game's turn counter when it happened.

    A named tuple rather than a frozen dataclass: every action adds a few events, and a tuple is
    built several times faster (and is immutable in fact).
    """

    index: int  # type: ignore[assignment]  # the field shadows tuple.index on purpose
    kind: str
    player: int | None
    data: dict[str, Any]
    secret: dict[str, Any] | None = None
    visible_to: tuple[int, ...] | None = None
    turn: int = 0

    def seen_by(self, viewer: int | None) -> Event:
        """This event as ``viewer`` sees it (secret removed unless allowed)."""
        if self.secret is None or (viewer is not None and self.visible_to is not None and viewer in self.visible_to):
            return self
        return self._replace(secret=None)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"index": self.index, "kind": self.kind, "player": self.player,
                               "turn": self.turn, "data": self.data}
        if self.secret is not None:
            out["secret"] = self.secret
            out["visible_to"] = list(self.visible_to or ())
        return out

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Event:
        vis = d.get("visible_to")
        return cls(d["index"], d["kind"], d["player"], d["data"], d.get("secret"),
                   tuple(vis) if vis is not None else None, d.get("turn", 0))


_new_event = tuple.__new__


class EventLog:
    """An append-only list of events; :meth:`fork` copies it in O(1) by sharing the past."""

    __slots__ = ("_events", "turn")

    def __init__(self, events: Iterable[Event] | None = None) -> None:
        self._events: SharedList[Event] = SharedList(events or ())
        self.turn = 0

    def fork(self) -> EventLog:
        """An independent copy for a cloned state (the events so far are shared, not copied)."""
        other = EventLog.__new__(EventLog)
        other._events = self._events.fork()
        other.turn = self.turn
        return other

    def add(self, kind: str, player: int | None, data: dict[str, Any], *,
            secret: dict[str, Any] | None = None, visible_to: tuple[int, ...] | None = None) -> Event:
        events = self._events
        tail = events._tail
        # tuple.__new__ and the tail's own append: every action logs a few events (the hot loop)
        ev = _new_event(Event, (events._base + len(tail), kind, player, data, secret, visible_to, self.turn))
        tail.append(ev)
        return ev

    def __len__(self) -> int:
        return len(self._events)

    def __iter__(self) -> Iterator[Event]:
        return iter(self._events)

    def __getitem__(self, i: int) -> Event:
        return self._events[i]

    def since(self, index: int) -> list[Event]:
        return self._events.since(index)

    def for_viewer(self, viewer: int | None) -> list[Event]:
        """The events as ``viewer`` sees them (``None``: spectator)."""
        return [e.seen_by(viewer) for e in self._events]

    def to_json(self, viewer: int | None | str = "all") -> list[dict[str, Any]]:
        """JSON list of events; pass a viewer (or ``None``) to filter, ``"all"`` for the full log."""
        events = self._events if viewer == "all" else self.for_viewer(viewer)  # type: ignore[arg-type]
        return [e.to_json() for e in events]

    def dumps(self, viewer: int | None | str = "all") -> str:
        return json.dumps(self.to_json(viewer))

    @classmethod
    def from_json(cls, data: list[dict[str, Any]], turn: int = 0) -> EventLog:
        log = cls([Event.from_json(d) for d in data])
        log.turn = turn
        return log

    def to_dataframe(self, viewer: int | None | str = "all",
                     describe: Callable[[Event], str] | None = None) -> pd.DataFrame:
        """The log as a pandas DataFrame: one row per event (columns index, turn, kind, player, text, data);
        without pandas (JupyterLite) a :class:`~jaliz_learn.core.table.Table` of the same rows."""
        from .table import frame  # pandas is imported lazily: the engine itself does not need it

        events = self._events if viewer == "all" else self.for_viewer(viewer)  # type: ignore[arg-type]
        rows = []
        for e in events:
            row: dict[str, Any] = {"index": e.index, "turn": e.turn, "kind": e.kind, "player": e.player}
            if describe is not None:
                row["text"] = describe(e)
            row["data"] = e.data
            row["secret"] = e.secret
            rows.append(row)
        return frame(rows, columns=["index", "turn", "kind", "player"] + (["text"] if describe else [])
                     + ["data", "secret"])
