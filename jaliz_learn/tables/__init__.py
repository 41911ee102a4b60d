"""Live classroom tables: students play each other from their own browsers, then seat their bots.

A teacher runs a :class:`TableServer` (``jaliz-learn serve``) and opens tables (``jaliz-learn table open`` or
:meth:`TableServer.open_table`); each seat gets a secret link. A learner joins a seat from a board
(``JalizBoard(join=LINK)``), a bot joins with :func:`join` (a learner's notebook bot runs in the grading sandbox:
``join(NotebookBot("my_bot.ipynb", game), LINK)``, or ``jaliz-learn join LINK my_bot.ipynb``), and a projector
shows the spectator link (public information only). The server alone holds the real state: each connection is sent
only its own seat's observation, and every action is checked against the real state. Finished tables are saved as
replays, and :func:`results` turns a class's tables into the same table as
:func:`~jaliz_learn.tournament.tournament`.

The messages are in :mod:`.protocol`; docs/TABLES.md is the teacher's guide.
"""

from __future__ import annotations

from .client import RemoteIllegalAction, RemoteState, TableClient, TableClosed
from .commands import NotebookBot
from .playing import JoinResult, join
from .records import read_records, results
from .server import OpenedTable, TableServer

__all__ = ["JoinResult", "NotebookBot", "OpenedTable", "RemoteIllegalAction", "RemoteState", "TableClient",
           "TableClosed", "TableServer", "join", "read_records", "results"]
