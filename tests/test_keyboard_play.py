"""Whole games played through the boards' keyboard parts only (issue 50), in this process.

The player is a plain rule a student with a keyboard could follow, over the parts the board lists (the rows of
buttons of :mod:`jaliz_learn.widgets.access`): press a payment if one is offered, else a button of the
"Actions" row, else the board's other parts row by row (hand, plots, revealed cards, offers, dice, track,
materials, village fields...), skipping a part that made no move until something moves. ``Enter`` on a part
is :meth:`~jaliz_learn.widgets.keyboard.KeyboardBoard.activate_part` (what the page sends): no click, no typed
notation. ``tests/browser/test_accessibility.py`` plays the same rule with real key presses in JupyterLab.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

pytest.importorskip("ipycanvas")

#: Rows that only read (another farm, an explorer, a grid cell): Enter there says the part's text again.
READ_ONLY_ROWS = ("Other farms", "Explorers", "Board row")


def keyboard_choice(parts: Sequence[dict[str, Any]], failed: set[str], parts_first: bool = False) -> str | None:
    """The id of the part to press next: a payment, else an action, else the first other part (rows in the
    board's order) that has not just failed; ``None`` when every part failed. ``parts_first``: the board's own
    parts before the actions (to play through the hand, plots, dice, track... rather than the buttons)."""
    pays = [p for p in parts if p["row"] == "Pay with"]
    acts = [p for p in parts if p["row"] == "Actions"]
    rest = [p for p in parts if p["row"] not in ("Actions", "Pay with") and not p["row"].startswith(READ_ONLY_ROWS)]
    for p in pays + (rest + acts if parts_first else acts + rest):
        if p["id"] not in failed:
            return str(p["id"])
    return None


def play_by_keyboard(board: Any, presses: int, parts_first: bool = False) -> tuple[int, int]:
    """Press parts (as Enter does) until the game ends or ``presses`` run out: (presses, events seen)."""
    failed: set[str] = set()
    n = 0
    while not board.observation().is_over and n < presses:
        choice = keyboard_choice(board.access.parts, failed, parts_first)
        assert choice is not None, f"no part left to press: {board.access.parts}"
        events = len(board.state.events(None))
        board.activate_part(choice)
        n += 1
        if len(board.state.events(None)) > events:
            failed.clear()
        else:
            failed.add(choice)
    return n, len(board.state.events(None))


def _boards() -> dict[str, Any]:
    from jaliz_learn.widgets import BaliBoard, JalizBoard, JungliLaBoard, NizamBoard

    return {"jaliz": lambda: JalizBoard(num_players=3, bots="random", speed=0, seed=3),
            "jaliz-advanced": lambda: JalizBoard(num_players=3, game="jaliz-advanced", bots="random", speed=0),
            "nizam": lambda: NizamBoard(num_players=2, bots="random", speed=0, seed=2),
            "nizam solo": lambda: NizamBoard(num_players=1, speed=0, seed=2),
            "pearl-of-the-east": lambda: NizamBoard(num_players=2, game="pearl-of-the-east", bots="random", speed=0),
            "jungli-la": lambda: JungliLaBoard(num_players=2, bots="random", speed=0, seed=4),
            "bali": lambda: BaliBoard(num_players=2, bots="random", speed=0, seed=6),
            "bali-tani": lambda: BaliBoard(num_players=3, tani=True, bots="random", speed=0, seed=8)}


@pytest.mark.parametrize("name", sorted(_boards()))
def test_a_whole_game_by_keyboard_parts_alone(name: str) -> None:
    board = _boards()[name]()
    board.text_in.value = ""
    presses, events = play_by_keyboard(board, presses=4000)
    assert board.observation().is_over, f"{name}: not over after {presses} presses"
    assert board.text_in.value == "", "no notation was typed"
    assert events > 10 and board.access.said()[-1].startswith("Game over"), board.access.said()[-3:]

