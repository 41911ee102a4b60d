"""Hostile seat names in a real JupyterLab page (issue 49): one notebook (one kernel) joins a live table of each game
(Jaliz, Nizam, Jungli-La, Bali) at seat 0 with a name full of markup, as a student would type it, and shows that
seat's board and the spectator's board (the projector) of each table, plus the spectator's board of a finished
Nizam table whose seat 0 has a hostile name (the game-over line). Nothing a name holds may run or become an element:
no ``window.__pwned``, no element with an ``on*`` attribute in any output; and each name reads as typed, in the
status line ("P0 (NAME) decides") and in the turn-deadline countdown ("Seat 0 (NAME): 9:58 left"), which counts down
in the page by itself.

A screenshot of the page goes to ``artifacts/hostile-names.png``.
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

import pytest
from browser_harness import PANEL, open_notebook, run_all_cells, screenshot

from jaliz_learn.tables import TableServer

#: game -> (board class, players, the name seat 0 joins with). Each is a valid name: 1-40 printable characters.
GAMES = {
    "jaliz": ("JalizBoard", 3, "<img src=x onerror=window.__pwned=1>"),
    "nizam": ("NizamBoard", 2, "<svg onload=window.__pwned=2>"),
    "jungli-la": ("JungliLaBoard", 3, "\"><script>window.__pwned=3</script>"),
    "bali": ("BaliBoard", 3, "&amp;<b onclick=__pwned=4>'x'</b>"),
}
#: Seat 0 of the finished table: short, so the game-over line writes it whole (it cuts names at 17 characters).
OVER_NAME = "<svg onload=Q=5>"
OUTPUT = f"{PANEL} .jp-OutputArea-output"

#: JS: every element in the notebook's outputs with an on* attribute, and every script a name could have made.
INJECTED_JS = f"""() => Array.from(document.querySelectorAll('{OUTPUT} *'))
  .filter(e => Array.from(e.attributes).some(a => a.name.toLowerCase().startsWith('on'))
               || (e.tagName === 'SCRIPT' && e.textContent.includes('pwned')))
  .map(e => e.outerHTML.slice(0, 120))"""


@pytest.fixture(scope="module")
def tables(tmp_path_factory):
    server = TableServer(port=0, records=tmp_path_factory.mktemp("records")).start()
    yield server
    server.stop()


def _notebook(root: Path, cells: list[str]) -> str:
    nb = {"cells": [{"cell_type": "code", "execution_count": None, "id": f"c{i}", "metadata": {}, "outputs": [],
                     "source": source} for i, source in enumerate(cells)],
          "metadata": {"kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}},
          "nbformat": 4, "nbformat_minor": 5}
    (root / "hostile_names.ipynb").write_text(json.dumps(nb), encoding="utf-8")
    return "hostile_names.ipynb"


def _clock(text: str) -> int:
    """Seconds of the first ``m:ss left`` in ``text``."""
    m = re.search(r"(\d+):(\d\d) left", text)
    assert m, text
    return int(m.group(1)) * 60 + int(m.group(2))


def _wait(predicate: Any, seconds: float = 30.0) -> None:
    end = time.monotonic() + seconds
    while not predicate():
        assert time.monotonic() < end, "timed out"
        time.sleep(0.05)


def test_hostile_names_stay_text_on_every_board_in_jupyterlab(lab, browser, notebook_root, tables):
    opened = {game: tables.open_table(game, players, seed=5, bots={s: "random" for s in range(1, players)},
                                      timeout=600)
              for game, (_cls, players, _name) in GAMES.items()}
    over = tables.open_table("nizam", 2, seed=3, bots={0: "greedy", 1: "greedy"}, names={0: OVER_NAME})
    cells = ["from jaliz_learn.widgets import BaliBoard, JalizBoard, JungliLaBoard, NizamBoard"]
    for game, (cls, _players, name) in GAMES.items():
        cells.append(f"{cls}(join={opened[game].urls[0]!r}, name={name!r})")  # the name as a student types it
        cells.append(f"{cls}(join={opened[game].spectator!r})")
    cells.append(f"NizamBoard(join={over.spectator!r})")
    page = browser.new_context(viewport={"width": 1280, "height": 1000}).new_page()
    page.set_default_timeout(60_000)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        open_notebook(page, lab, _notebook(notebook_root, cells))
        run_all_cells(page)
        for game, (_cls, _players, name) in GAMES.items():
            table = tables.tables[opened[game].table]
            _wait(lambda table=table: table.started and table.state.current_player() == 0, seconds=60)
            assert table.seats[0].name == name  # the server kept it as typed
            # the projector's board: the seat on turn, by the name it typed, as text
            page.locator(f"{OUTPUT} .widget-html", has_text=f"P0 ({name}) decides").first.wait_for()
            spectator = page.locator(f"{OUTPUT} .jaliz-countdown", has_text=f"Seat 0 ({name}):").first
            spectator.wait_for()
            page.locator(f"{OUTPUT} .jaliz-countdown", has_text=f"Seat 0 ({name}, you):").first.wait_for()
            assert 500 < _clock(spectator.text_content() or "") <= 600
        page.locator(f"{OUTPUT} .widget-html", has_text="Game over.").first.wait_for()
        # nothing any name held ran or became an element (checked before the texts: a failure says what it made)
        assert page.evaluate(INJECTED_JS) == []
        assert page.evaluate("() => [window.__pwned, window.Q]") == [None, None]
        assert page.locator(f"{OUTPUT} .widget-html", has_text=f"Scores: P0 {OVER_NAME}").count() == 1
        # the countdown counts down in the page, with no update from the table (nobody moves)
        first = page.locator(f"{OUTPUT} .jaliz-countdown").first
        before = _clock(first.text_content() or "")
        page.wait_for_timeout(2500)
        after = _clock(first.text_content() or "")
        assert 1 <= before - after <= 4, (before, after)
        screenshot(page, "hostile-names")
        assert page.evaluate(INJECTED_JS) == [] and page.evaluate("() => [window.__pwned, window.Q]") == [None, None]
        assert not [e for e in errors if "pwned" in e or "Q=" in e], errors
    finally:
        page.context.close()
