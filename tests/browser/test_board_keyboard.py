"""Browser test of a board's keyboard and screen-reader layer (``widgets.access``) in JupyterLab.

The fixture ``keyboard_board.ipynb`` shows a Nizam board (the human is P0 and moves first, P1 is a greedy bot
moving every 0.3 s). In the page: the canvas is out of the tab order and hidden from screen readers; after a mouse
click on the canvas (which focuses it), Tab reaches the board's parts and Shift+Tab leaves them again (no keyboard
trap); Escape on the canvas moves the focus to the parts; arrow keys move between the parts; Enter on the "draw"
part plays it; the one polite live region announces the move and then the bot's reply; a query key ("t") is
answered there, and JupyterLab's command-mode shortcut for "a" (insert a cell) does not fire inside the board.
The keyboard steps use ``page.keyboard`` only (one mouse click: the canvas, as a mouse user's would).
"""

from __future__ import annotations

import re

from browser_harness import (
    LAB_CANVAS,
    PANEL,
    median,
    open_notebook,
    redraw_latency_ms,
    report_latency,
    run_all_cells,
    screenshot,
    wait_canvas_drawn,
)
from jaliz_learn.widgets import NizamBoard

NOTEBOOK = "keyboard_board.ipynb"
ACCESS = f"{PANEL} .jaliz-access"
PARTS = f"{ACCESS} .jaliz-parts"
LIVE = f"{ACCESS} [role=log]"

#: JS: where the focus is: "part:<label>", "canvas", or the tag and class of another element.
FOCUS_JS = """() => { const a = document.activeElement;
  if (!a) return 'none';
  if (a.matches('button.jaliz-part')) return 'part:' + a.textContent;
  if (a.tagName === 'CANVAS') return 'canvas';
  return a.tagName.toLowerCase() + '.' + (a.className || ''); }"""


def _focus(page) -> str:
    return str(page.evaluate(FOCUS_JS))


def _live(page) -> str:
    return str(page.locator(LIVE).first.text_content() or "")


def test_lab_board_keyboard_no_trap_enter_plays_and_live_region_reads_the_bot(lab, page, capsys):
    # the same board in this process (seeded): the bot's first reply after the human's draw
    shadow = NizamBoard(num_players=2, human=0, bots="greedy", seed=1, speed=0)
    assert shadow.apply("draw"), shadow.error
    bot_lines = [line for line in shadow.access.said() if line.startswith("P1 ")]
    assert bot_lines, shadow.access.said()

    open_notebook(page, lab, NOTEBOOK)
    run_all_cells(page)
    wait_canvas_drawn(page, LAB_CANVAS, timeout=60_000)
    page.locator(f"{PARTS} button.jaliz-part").first.wait_for(state="attached")
    page.locator(f"{PANEL} .widget-html", has_text="Your turn").first.wait_for()

    # what a screen reader gets: the layer is named after the board, the canvas is hidden and out of the tab order
    assert page.locator(ACCESS).first.get_attribute("aria-label") == "Nizam board (you are P0)"
    canvas = page.locator(LAB_CANVAS).first
    page.wait_for_function(f"() => document.querySelector('{LAB_CANVAS}').getAttribute('tabindex') === '-1'")
    assert canvas.get_attribute("aria-hidden") == "true"
    assert page.locator(f"{PANEL} .jaliz-board").first.get_attribute("data-lm-suppress-shortcuts") == "true"
    # the board's own controls are named (the text box had a placeholder only, the slider's handle nothing)
    board_root = f"{PANEL} .jaliz-board"
    page.wait_for_function(f"() => !!document.querySelector('{board_root} [role=slider][aria-label]')")
    assert page.locator(f"{board_root} input[type=text]").first.get_attribute("aria-label") == \
        "type an action in notation, then Enter"
    assert page.locator(f"{board_root} [role=slider]").first.get_attribute("aria-label") == "bot pace (s)"
    snapshot = page.locator(ACCESS).first.aria_snapshot()
    assert "heading \"Your hand\"" in snapshot and "heading \"Board\"" in snapshot, snapshot

    # a mouse click focuses the canvas; Tab then reaches the parts (ipycanvas no longer swallows it)
    canvas.click(position={"x": 5, "y": 5})
    page.keyboard.press("Tab")
    assert _focus(page).startswith("part:row 1 column 1"), _focus(page)
    screenshot(page.locator(f"{PANEL} .jaliz-board").first, "lab-keyboard-parts-focused")
    page.keyboard.press("Shift+Tab")  # out of the parts, backwards (not into the canvas: it is not tabbable)
    left_back = _focus(page)
    assert not left_back.startswith("part:") and left_back != "canvas", left_back
    page.keyboard.press("Tab")
    assert _focus(page).startswith("part:row 1 column 1"), _focus(page)
    page.keyboard.press("Tab")  # one tab stop for all the parts: the next Tab leaves them
    left_forward = _focus(page)
    assert not left_forward.startswith("part:") and left_forward != "canvas", left_forward
    # Escape on the canvas brings the focus to the parts
    canvas.click(position={"x": 5, "y": 5})
    page.keyboard.press("Escape")
    assert _focus(page).startswith("part:"), _focus(page)

    # arrows: Right moves along the row, Down to the last row (the actions), where "draw" is
    page.keyboard.press("ArrowRight")
    assert _focus(page).startswith("part:row 1 column 2"), _focus(page)
    for _ in range(10):
        page.keyboard.press("ArrowDown")
    assert _focus(page) == "part:draw", _focus(page)

    # a query key is answered in the live region, and JupyterLab's "a" (insert a cell above) does not fire
    cells = page.locator(f"{PANEL} .jp-Cell").count()
    page.keyboard.press("t")
    page.wait_for_function(f"() => document.querySelector('{LIVE}').textContent.includes('Turn: Your turn')")
    page.keyboard.press("a")
    page.wait_for_function(f"() => document.querySelector('{LIVE}').textContent.includes('legal action')")
    assert page.locator(f"{PANEL} .jp-Cell").count() == cells

    # Enter plays the focused part; the live region announces the move, then the bot's reply
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => document.querySelector('{LIVE}').textContent.includes('P0 draws 3 cards')")
    first_bot = bot_lines[0]
    page.wait_for_function(f"(line) => document.querySelector('{LIVE}').textContent.includes(line)",
                           arg=first_bot, timeout=20_000)
    text = _live(page)
    assert text.index("P0 draws 3 cards") < text.index(first_bot), text
    assert page.locator(LIVE).count() == 1  # one live region per board
    assert re.search(r"Your turn: (draw or move|move or score)", text) or "P1" in text
    screenshot(page.locator(f"{PANEL} .jaliz-board").first, "lab-keyboard-after-bot")

    # a part played -> the canvas redrawn: an end with a choice of payments is selected, then deselected
    line, first = next((ln, f) for ln in range(10) for f in (True, False) if len(shadow.payments(ln, f)) > 1)
    x, y, _w, _h = shadow.layout_geometry.end_rect(line, first)
    selector = f"{PARTS} button.jaliz-part[data-id='end-{line}-{int(first)}']"
    page.wait_for_function(f"() => document.querySelector(\"{selector}\") !== null")
    times = [redraw_latency_ms(page, LAB_CANVAS, (int(x) + 3, int(y) + 3), selector=selector) for _ in range(6)]
    report_latency(capsys, "keyboard", "lab-keyboard", "part -> redraw (Nizam end tab) "
                   + ", ".join(f"{t:.0f}" for t in times) + f" ms; median {median(times):.0f} ms", median(times))
    assert not page.errors, page.errors
    lab.shutdown_kernels()


def test_voila_board_from_the_keyboard_alone(voila, page):
    """Voila (as ``jaliz-learn board`` serves boards): with the keyboard alone, Tab reaches the parts and leaves
    them, Enter plays, and the live region reads the move and the bot's reply."""
    shadow = NizamBoard(num_players=2, human=0, bots="greedy", seed=1, speed=0)
    assert shadow.apply("draw"), shadow.error
    bot_line = next(line for line in shadow.access.said() if line.startswith("P1 "))
    page.goto(voila.url(f"voila/render/{NOTEBOOK}"))
    page.locator(".jaliz-access button.jaliz-part").first.wait_for(state="attached", timeout=60_000)
    page.locator(".widget-html", has_text="Your turn").first.wait_for()
    # the page's layer takes the canvas out of the tab order once it is drawn (a clean-clone run tabbed onto it first)
    page.locator("canvas[tabindex='-1']").first.wait_for(state="attached", timeout=30_000)
    for _ in range(5):  # nothing before the board takes the focus: the first stops are the parts
        page.keyboard.press("Tab")
        if _focus(page).startswith("part:"):
            break
    assert _focus(page).startswith("part:row 1 column 1"), _focus(page)
    page.keyboard.press("Tab")
    assert not _focus(page).startswith("part:"), _focus(page)
    page.keyboard.press("Shift+Tab")
    assert _focus(page).startswith("part:row 1 column 1"), _focus(page)
    for _ in range(10):
        page.keyboard.press("ArrowDown")
    assert _focus(page) == "part:draw", _focus(page)
    page.keyboard.press("Enter")
    live = ".jaliz-access [role=log]"
    page.wait_for_function(f"(line) => document.querySelector('{live}').textContent.includes(line)", arg=bot_line,
                           timeout=20_000)
    text = str(page.locator(live).text_content())
    assert text.index("P0 draws 3 cards") < text.index(bot_line), text
    screenshot(page, "voila-keyboard-after-bot")
    assert not page.errors, page.errors
