"""Observations (what one player may see) and small HTML views of a board.

Hands of other players, the task decks and the deck order are hidden: they
appear only as counts (NIZ-INFO-01, PRL-INFO-01). The discard pile and the
completed-task piles lie face up, so they are shown in full.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass

from ...core.game import Observation
from .data import KIND_NAMES, PEARL

_COLOURS = {"A": "#f2b134", "B": "#7fc8d8", "C": "#f08a7a", "D": "#e8e8f0", "E": "#4caf78",
            "F": "#ff7043", "G": "#a03040", "H": "#9575cd", PEARL: "#fffbe6"}


def board_html(rows: Sequence[str], caption: str = "") -> str:
    """A 5x5 HTML table of a board given as five row strings."""
    cells = []
    header = "<tr><th></th>" + "".join(f"<th>c{i + 1}</th>" for i in range(len(rows[0]))) + "</tr>"
    for r, row in enumerate(rows):
        tds = "".join(
            f'<td title="{html.escape(KIND_NAMES.get(ch, "pearl"))}" style="background:{_COLOURS.get(ch, "#fff")};'
            f'width:28px;height:28px;text-align:center;font-weight:bold;border:1px solid #555">{html.escape(ch)}</td>'
            for ch in row)
        cells.append(f"<tr><th>r{r + 1}</th>{tds}</tr>")
    cap = f"<caption>{html.escape(caption)}</caption>" if caption else ""
    return f'<table style="border-collapse:collapse">{cap}{header}{"".join(cells)}</table>'


@dataclass(frozen=True)
class NizamObservation(Observation):
    """What a Nizam player sees: the board, their own hand, counts of the hidden cards.

    ``changed_lines`` names the lines whose combination changed during the current turn
    (public: every move is made in the open), which decides what scores (NIZ-SCORE-03);
    ``start_combinations`` gives each line's combination (e.g. ``"A3"``) at the start of the
    turn, in the order r1..r5, c1..c5 (empty while no move has been made). ``out_of_play`` lists the
    cards a scenario position left out of the game (empty in a game set up by the rules);
    ``idle_draws`` counts the draws in a row that found no card (NIZ-END-05). ``deck_cards`` lists the
    deck's cards (sorted) while they are public: from a reshuffle of the face-up discard pile until a draw
    takes one unseen (NIZ-DRAW-02); else it is empty.
    """

    board: tuple[str, ...]
    hand: str
    hand_sizes: tuple[int, ...]
    deck_size: int
    discard: str
    scores: tuple[int, ...]
    deck_runouts: int
    runouts_to_end: int
    moves_made: int
    changed_lines: tuple[str, ...]
    start_combinations: tuple[str, ...]
    hand_limit: int | None
    out_of_play: str = ""
    idle_draws: int = 0
    deck_cards: str = ""



@dataclass(frozen=True)
class PearlObservation(Observation):
    """What a Pearl of the East player sees.

    ``completed`` holds each player's face-up completed-task pile, bottom to top; the last
    letter is the top card that blocks opponents (PRL-TASK-05). ``tasks_left`` are the sizes
    of the face-down task decks. ``out_of_play`` and ``deck_cards``: as in :class:`NizamObservation`.
    """

    board: tuple[str, ...]
    hand: str
    hand_sizes: tuple[int, ...]
    deck_size: int
    discard: str
    completed: tuple[str, ...]
    tasks_left: tuple[int, ...]
    deck_runouts: int
    round: int
    max_rounds: int
    moves_made: int
    out_of_play: str = ""
    deck_cards: str = ""

