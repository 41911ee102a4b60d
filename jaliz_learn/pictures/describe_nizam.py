"""Nizam, solo Nizam and Pearl of the East in words (see :mod:`.describe`).

>>> import jaliz_learn
>>> obs = jaliz_learn.load_game("pearl-of-the-east").initial_state(num_players=2, seed=1).observation(0)
>>> d = describe(obs)
>>> d.title
'Pearl of the East, turn 1, round 1 of 200: your turn (draw or move). You are P0.'
>>> d.section("Your hand").items
('A amber', 'F fire opal', 'H heliotrope')
>>> d.section("Board").items[0]
'row 1: D diamond, G garnet, P pearl, H heliotrope, H heliotrope'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from jaliz_learn.games.nizam import board as B
from jaliz_learn.games.nizam.data import KIND_NAMES, PEARL

from .describe import HAND, SCORES, Description, seat_heading, section, title_line, turn_section

NAMES = {**KIND_NAMES, PEARL: "pearl"}


def gem(letter: str) -> str:
    """``A amber`` (the letter first: it is what notation and the picture show)."""
    return f"{letter} {NAMES.get(letter, letter)}"


def describe(obs: Any, names: Sequence[str] | None = None) -> Description:
    """The description of a Nizam or Pearl of the East observation."""
    pearl = obs.game == "pearl-of-the-east"
    if pearl:
        game, extra = "Pearl of the East", f", round {obs.round} of {obs.max_rounds}"
    else:
        game, extra = ("Nizam (solo)" if obs.num_players == 1 else "Nizam"), ""
    more = [f"Moves made this turn: {obs.moves_made}."]
    if not pearl and obs.changed_lines:
        more.append("Lines changed this turn: " + ", ".join(obs.changed_lines) + ".")
    sections = [turn_section(obs, names, more)]
    if obs.player is not None and obs.hand is not None:
        limit = getattr(obs, "hand_limit", None)
        sections.append(section(HAND, [gem(c) for c in obs.hand] + ([f"hand limit {limit}"] if limit else [])))
    if pearl:
        sections.append(section(SCORES, [f"{seat_heading(p, names, obs.player)}: {len(done)} task(s) completed, "
                                         f"{left} left" for p, (done, left) in
                                         enumerate(zip(obs.completed, obs.tasks_left))]))
    else:
        sections.append(section(SCORES, [f"{seat_heading(p, names, obs.player)}: {s}"
                                         for p, s in enumerate(obs.scores)]))
    rows = ["".join(r) for r in obs.board]
    board = [f"row {i + 1}: " + ", ".join(gem(c) for c in row) for i, row in enumerate(rows)]
    sections.append(section("Board", board))
    for p in range(obs.num_players):
        items = [f"{obs.hand_sizes[p]} card(s) in hand"]
        if pearl:
            done = obs.completed[p]
            items.append("tasks completed: " + (", ".join(gem(c) for c in done) if done else "none"))
        else:
            items.append(f"score {obs.scores[p]}")
        sections.append(section(seat_heading(p, names, obs.player), items))
    pile = [f"deck: {obs.deck_size} card(s)", "discard pile: " + (", ".join(gem(c) for c in obs.discard) or "empty")]
    pile.append(f"deck run-outs: {obs.deck_runouts}")
    if obs.out_of_play:
        pile.append("out of play: " + ", ".join(gem(c) for c in obs.out_of_play))
    sections.append(section("Deck", pile))
    return Description(title_line(game, obs, names, extra), tuple(sections))


def line_name(line: int) -> str:
    """``row 2`` / ``column 4`` for a line index of :data:`~jaliz_learn.games.nizam.board.LINE_NAMES`.

    >>> line_name(0), line_name(9)
    ('row 1', 'column 5')
    """
    name = B.LINE_NAMES[line]
    return ("row " if name.startswith("r") else "column ") + name[1:]


__all__ = ["describe", "gem", "line_name"]
