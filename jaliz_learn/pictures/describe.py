"""The position in words: one structured description per game, for screen readers and the SVG pictures.

A :class:`Description` is a title (one line: the game, the turn, who decides what) and sections, each a heading
and a list of short items (own hand, each seat's public belongings, scores, the shared parts of the board). It is
built from an **observation** only (what one player may see), so it can never name a hidden card. The same
description gives:

* the ``<title>`` and ``<desc>`` of the game's SVG picture (:func:`apply_to_picture`);
* the structured text of a live board's keyboard layer (headings and lists in the page, see
  ``jaliz_learn.widgets.access``) and the answers of its query keys (:meth:`Description.section`).

One function per game, ``describe(obs, names=None)`` in ``describe_<game>.py``; :func:`describe` picks it.
Every game uses the same section headings for what the query keys read: :data:`TURN`, :data:`HAND`,
:data:`SCORES`, and one section per seat whose heading starts with the seat (``"P1"`` or ``"P1 Ana"``).

>>> import jaliz_learn
>>> d = describe(jaliz_learn.load_game("nizam").initial_state(num_players=2, seed=3).observation(1))
>>> d.title
'Nizam, turn 1: your turn (draw or move). You are P1.'
>>> [s.heading for s in d.sections][:3]
['Turn', 'Your hand', 'Scores']
>>> print(d.text().splitlines()[1])
Turn:
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from .markup import esc
from .svg import seat_name

#: The headings every game uses (the query keys read these sections).
TURN, HAND, SCORES = "Turn", "Your hand", "Scores"

#: Game name -> module of jaliz_learn.pictures with ``describe(obs, names=None) -> Description``.
DESCRIBERS: dict[str, str] = {
    "jaliz": "describe_jaliz",
    "jaliz-advanced": "describe_jaliz",
    "nizam": "describe_nizam",
    "pearl-of-the-east": "describe_nizam",
    "jungli-la": "describe_jungli_la",
    "bali": "describe_bali",
    "bali-tani": "describe_bali",
}


@dataclass(frozen=True)
class Section:
    """A heading and its items (each a short sentence or phrase)."""

    heading: str
    items: tuple[str, ...]

    def text(self) -> str:
        """``heading: item; item`` on one line (what a query key announces).

        >>> Section("Scores", ("P0 3", "P1 5")).text()
        'Scores: P0 3; P1 5.'
        """
        return f"{self.heading}: " + ("; ".join(i.rstrip(".") for i in self.items) if self.items else "none") + "."


@dataclass(frozen=True)
class Description:
    """The title and the sections of a position as one player may see it."""

    title: str
    sections: tuple[Section, ...]

    def section(self, heading: str) -> Section | None:
        """The section with this heading, or the first whose heading starts with it followed by a space
        (``section("P1")`` finds ``"P1 Ana"``)."""
        for s in self.sections:
            if s.heading == heading:
                return s
        for s in self.sections:
            if s.heading.startswith(heading + " "):
                return s
        return None

    def text(self) -> str:
        """Plain text: the title, then each heading followed by its items, one per line (the SVG ``<desc>``)."""
        lines = [self.title]
        for s in self.sections:
            lines.append(f"{s.heading}:")
            lines.extend(f"- {item}" for item in s.items)
        return "\n".join(lines)

    def to_html(self, level: int = 3) -> str:
        """Headings and lists (every text through :func:`~.markup.esc`).

        >>> Description("T <b>", (Section("H", ("a & b",)),)).to_html()
        '<p>T &lt;b&gt;</p><h3>H</h3><ul><li>a &amp; b</li></ul>'
        """
        out = [f"<p>{esc(self.title)}</p>"]
        for s in self.sections:
            out.append(f"<h{level}>{esc(s.heading)}</h{level}>")
            out.append("<ul>" + "".join(f"<li>{esc(i)}</li>" for i in s.items) + "</ul>" if s.items else
                       "<p>none</p>")
        return "".join(out)

    def to_json(self) -> dict[str, Any]:
        """``{"title": ..., "sections": [{"heading": ..., "items": [...]}, ...]}`` (the widget's data)."""
        return {"title": self.title, "sections": [{"heading": s.heading, "items": list(s.items)}
                                                  for s in self.sections]}


def section(heading: str, items: Iterable[str]) -> Section:
    """A :class:`Section` from any iterable of items."""
    return Section(heading, tuple(items))


def who(p: int | None, names: Sequence[str] | None = None, viewer: int | None = None) -> str:
    """How the text names seat ``p``: ``P1``, ``P1 Ana`` at a live table, ``you (P1)`` for the viewer.

    >>> who(1), who(1, ["x", "Ana"]), who(1, viewer=1), who(None)
    ('P1', 'P1 Ana', 'you (P1)', 'nobody')
    """
    if p is None:
        return "nobody"
    if p == viewer:
        return f"you (P{p})"
    return seat_name(p, names, limit=40)


def decision_words(decision: str) -> str:
    """``draw-or-move`` -> ``draw or move``."""
    return decision.replace("-", " ")


def title_line(game_title: str, obs: Any, names: Sequence[str] | None = None, extra: str = "") -> str:
    """``Game, turn N: you decide (plant).`` / ``... P2 decides ...`` / ``... game over.`` plus who looks."""
    head = f"{game_title}, turn {obs.turn}{extra}"
    if obs.is_over:
        body = "game over"
    elif obs.current_player is None:
        body = decision_words(obs.decision)
    elif obs.current_player == obs.player:
        body = f"your turn ({decision_words(obs.decision)})"
    else:
        body = f"{who(obs.current_player, names)} decides ({decision_words(obs.decision)})"
    viewer = "Spectator view." if obs.player is None else f"You are {who(obs.player, names)}."
    return f"{head}: {body}. {viewer}"


def turn_section(obs: Any, names: Sequence[str] | None = None, more: Iterable[str] = ()) -> Section:
    """The :data:`TURN` section: whose turn and which decision (or game over), then ``more``."""
    if obs.is_over:
        first = "The game is over."
    elif obs.current_player == obs.player and obs.player is not None:
        first = f"Your turn: {decision_words(obs.decision)}."
    else:
        first = f"{who(obs.current_player, names)} decides: {decision_words(obs.decision)}."
    return section(TURN, [first, *more])


def seat_heading(p: int, names: Sequence[str] | None, viewer: int | None) -> str:
    """``P1`` / ``P1 Ana``, with ``(you)`` for the viewer's own seat."""
    return seat_name(p, names, limit=40) + (" (you)" if p == viewer else "")


def describe(obs: Any, names: Sequence[str] | None = None) -> Description:
    """The description of ``obs`` by its game's function (a plain one for a game without a module)."""
    module = DESCRIBERS.get(obs.game)
    if module is None:
        return Description(title_line(obs.game, obs, names), (turn_section(obs, names),))
    fn = importlib.import_module(f"{__package__}.{module}").describe
    return fn(obs, names)  # type: ignore[no-any-return]


def apply_to_picture(picture: Any, obs: Any, names: Sequence[str] | None = None) -> Any:
    """Give a picture (an :class:`~.svg.Svg` or a scene) the description's title and text; returns it."""
    d = describe(obs, names)
    picture.title = d.title
    picture.desc = d.text()
    return picture


__all__ = ["DESCRIBERS", "HAND", "SCORES", "TURN", "Description", "Section", "apply_to_picture", "decision_words",
           "describe", "seat_heading", "section", "title_line", "turn_section", "who"]
