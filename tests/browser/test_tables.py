"""Live tables in real browsers (issue 29): two Chromium contexts, each a human at a seat in its own JupyterLab
notebook (its own kernel), play each other through the table server of this process.

* Jaliz, 3 players: Ana (seat 0) and Ben (seat 1) in two browsers, a heuristic bot in seat 2, and a spectator's
  page alongside. Ana plants with her board's controls; Ben builds an offer with his board's offer builder and
  sends it; Ana sees it and accepts it with her Accept button. The server's real state shows the trade; the
  spectator's page shows the board and no hand; no page shows another seat's hand.
  Then both play on from their pages (typing their actions into the board's text box) and leave: their decision
  timers run out and the server plays for them to the end, which every page shows.
* Nizam, 2 players: both humans play a whole game by typing each move into their own board's text box.

Screenshots of the three Jaliz pages and the finished Nizam game go to ``artifacts/``.
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

import pytest
from browser_harness import PANEL, open_notebook, run_all_cells, screenshot, wait_canvas_drawn

from jaliz_learn.tables import TableServer

CANVAS = f"{PANEL} .jp-OutputArea-output canvas"


@pytest.fixture(scope="module")
def tables(tmp_path_factory):
    server = TableServer(port=0, records=tmp_path_factory.mktemp("records")).start()
    yield server
    server.stop()


def _notebook(root: Path, name: str, board: str, link: str, who: str | None) -> str:
    named = f", name={who!r}" if who else ""
    source = f"from jaliz_learn.widgets import {board}\n\nboard = {board}(join={link!r}{named})\nboard"
    nb = {"cells": [{"cell_type": "code", "execution_count": None, "id": "board", "metadata": {}, "outputs": [],
                     "source": source}],
          "metadata": {"kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}},
          "nbformat": 4, "nbformat_minor": 5}
    (root / name).write_text(json.dumps(nb), encoding="utf-8")
    return name


def _open_seat(browser: Any, lab: Any, name: str) -> Any:
    """A new browser context (its own cookies and storage: another person) with the notebook's board running."""
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    page = context.new_page()
    page.set_default_timeout(30_000)
    open_notebook(page, lab, name)
    run_all_cells(page)
    wait_canvas_drawn(page, CANVAS)
    return page


def _wait(predicate: Any, seconds: float = 30.0) -> None:
    end = time.monotonic() + seconds
    while not predicate():
        assert time.monotonic() < end, "timed out"
        time.sleep(0.05)


def _status(page: Any, text: str) -> Any:
    return page.locator(f"{PANEL} .widget-html", has_text=text).first


def _type_action(page: Any, text: str) -> None:
    """Type an action into the board's text box and press Enter. The board empties the box after a move; wait
    for that first, or the kernel's "" could overwrite what is typed now (and the same text twice is no change)."""
    from playwright.sync_api import expect

    box = page.locator(f"{PANEL} input[placeholder='or type an action']").first
    expect(box).to_have_value("", timeout=15_000)
    box.fill(text)
    box.press("Enter")


def test_two_browsers_trade_in_jaliz_with_a_bot_and_a_spectator(lab, browser, notebook_root, tables):
    opened = tables.open_table("jaliz", 3, seed=4, bots={2: "heuristic"})
    table = tables.tables[opened.table]
    ana = _open_seat(browser, lab, _notebook(notebook_root, "table_ana.ipynb", "JalizBoard", opened.urls[0], "Ana"))
    ben = _open_seat(browser, lab, _notebook(notebook_root, "table_ben.ipynb", "JalizBoard", opened.urls[1], "Ben"))
    watch = _open_seat(browser, lab, _notebook(notebook_root, "table_watch.ipynb", "JalizBoard", opened.spectator,
                                               None))
    try:
        _wait(lambda: table.started)
        # Ana plants through her board's controls until the market is open and Ben must offer
        for _ in range(6):
            if table.state.current_player() == 1 and table.state.decision() == "offer":
                break
            _status(ana, "Your turn").wait_for()
            step = table.step
            first = str(table.state.legal_actions(0)[0])
            if first.startswith("plant"):
                _type_action(ana, first)
            else:
                ana.locator(f"{PANEL} button.jupyter-button", has_text=re.compile(r"^Done$")).first.click()
            _wait(lambda step=step: table.step > step)
        assert table.state.current_player() == 1 and table.state.decision() == "offer"
        # Ben's page: the offer builder; he wants the revealed card and gives the first card of his hand
        _status(ben, "Your turn (offer)").wait_for()
        ben.locator(f"{PANEL} .widget-select-multiple", has_text="want").locator("select").select_option(index=0)
        ben.locator(f"{PANEL} .widget-select-multiple", has_text="give").locator("select").select_option(index=0)
        ben.locator(f"{PANEL} .widget-html code", has_text=re.compile(r"^offer \w+ for \w+")).wait_for()
        screenshot(ben.locator(f"{PANEL} .jp-OutputArea-output .widget-vbox").first, "table-ben-offer")
        ben.locator(f"{PANEL} button.jupyter-button", has_text="Make offer").click()
        _wait(lambda: any(p == 1 for p, _o in table.state.observation(None).offers) or table.state.decision()
              == "respond")
        # Ana sees Ben's offer (after the bot's) and accepts it with her button
        _wait(lambda: table.state.current_player() == 0 and table.state.decision() == "respond")
        _status(ana, "Your turn (respond)").wait_for()
        # the offers are listed by seat and the name it joined with
        ana.locator(f"{PANEL} .widget-dropdown", has_text="offer of").locator("select").select_option(label="P1 Ben")
        hand_before = table.state.observation(1).hand
        ana.locator(f"{PANEL} button.jupyter-button", has_text=re.compile(r"^Accept$")).click()
        _wait(lambda: any(e.kind in ("accept", "trade") for e in table.state.events("all")))
        assert table.state.observation(1).hand != hand_before
        _status(ana, "P1").wait_for()
        # the spectator's page: the board drawn, no "Your turn", no hand in what it was sent
        watch.locator(f"{PANEL} .widget-html", has_text="decides").first.wait_for()
        assert watch.locator(f"{PANEL} .widget-html", has_text="Your turn").count() == 0
        spectators = [v for v in table.viewers if v.role == "spectator"]
        assert spectators and all(v.seat is None for v in spectators)
        for page, label in ((ana, "table-ana"), (ben, "table-ben"), (watch, "table-spectator")):
            screenshot(page.locator(f"{PANEL} .jp-OutputArea-output .widget-vbox").first, label)
        # then the two humans play on from their pages (the bot plays its seat on the server) ...
        _play_to_the_end(table, [ana, ben], limit=12)
        # ... and leave: from the next turn on, their decision timer of 1 ms runs out and the server plays for
        # them, to the end. (The Nizam test plays a whole game from the pages; a whole Jaliz game typed into them
        # took two minutes.) The pages must follow a game moved on by timeouts and show its end.
        table.on_timeout, table.timeout = "pass", 0.001
        _play_to_the_end(table, [ana, ben], limit=1)
        _wait(table.state.is_over, seconds=120)
        assert sum(seat.timeouts for seat in table.seats) > 0
        for page in (ana, ben, watch):
            _status(page, "Game over").wait_for()
        assert table.saved is not None and table.saved.is_file()
    finally:
        for page in (ana, ben, watch):
            page.context.close()


#: Actions a human types to move the game on quickly (the first legal one otherwise).
QUICK = ("pass", "done", "refuse")


def _play_to_the_end(table: Any, pages: list[Any], limit: int | None = None) -> int:
    """Type an action on the page of whichever human must decide, until the game ends (or ``limit`` actions are
    typed); returns how many."""
    typed = 0
    while not table.state.is_over() and typed != limit:
        seat = table.state.current_player()
        step = table.step
        if seat >= len(pages):  # the bot's turn: it moves on the server
            _wait(lambda step=step: table.step > step or table.state.is_over())
            continue
        legal = table.state.legal_actions(seat)
        head = [str(a) for a in (legal[:60] if len(legal) > 60 else legal)]
        text = next((t for t in head if t in QUICK), None) or next((t for t in head if t.startswith("score")), None) \
            or head[0]
        _type_action(pages[seat], text)
        _wait(lambda step=step: table.step > step or table.state.is_over())
        typed += 1
        assert typed < 800
    return typed


def test_two_browsers_play_a_whole_nizam_game(lab, browser, notebook_root, tables):
    opened = tables.open_table("nizam", 2, seed=12)
    table = tables.tables[opened.table]
    pages = [_open_seat(browser, lab, _notebook(notebook_root, f"table_nizam_{s}.ipynb", "NizamBoard", url, f"P{s}"))
             for s, url in enumerate(opened.urls)]
    try:
        _play_to_the_end(table, pages)
        for seat, page in enumerate(pages):
            _status(page, "Game over").wait_for()
            screenshot(page.locator(f"{PANEL} .jp-OutputArea-output .widget-vbox").first, f"table-nizam-{seat}")
        assert table.saved is not None and table.saved.is_file()
    finally:
        for page in pages:
            page.context.close()
