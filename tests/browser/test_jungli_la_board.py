"""Browser test of ``JungliLaBoard`` in JupyterLab and Voila (fixture ``fixtures/jungli_la_board.ipynb``).

The fixture forces P0's dice (Move 1, Move 2, Food, Wood) and rolls, so the position is known:
the test rebuilds the same seeded game headless to compute where everything is drawn.

JupyterLab: run all, wait for real pixels, click a die several times (it is chosen for a reroll:
a yellow "reroll" tag appears; these clicks give the latency median), Keep, Done, click the Food
token (a legal move by a canvas click: the "move 3" tag appears on the third card), click the second
card (illegal: the error line names JUN-MOVE-02), click the third card (the explorer moves), save,
reload: the board is drawn again. Voila: the board draws on load, a die click redraws, a reload
redraws (a new kernel).
"""

from __future__ import annotations

import time

from browser_harness import (
    LAB_CANVAS,
    PANEL,
    VOILA_CANVAS,
    click_canvas,
    median,
    open_notebook,
    redraw_latency_ms,
    report_latency,
    run_all_cells,
    save_notebook,
    screenshot,
    wait_canvas_drawn,
    wait_kernel_idle,
    wait_pixel,
)

import jaliz_learn
from jaliz_learn.pictures import jungli_la as pictures

FIXTURE = "jungli_la_board.ipynb"
STATE = jaliz_learn.load_game("jungli-la").initial_state(3, seed=4)  # the fixture's game before any move
LAYOUT = pictures.JungliLayout(3, len(STATE.track))
YELLOW = "px[0] > 240 && px[1] > 190 && px[2] < 40"  # the hint colour #ffd400
NOT_YELLOW = "!(" + YELLOW + ")"
ORANGE = "Math.abs(px[0] - 0xE6) < 14 && Math.abs(px[1] - 0x9F) < 14 && px[2] < 30"  # P0's pawn #E69F00

_DIE = LAYOUT.die_rect(0)
DIE_CLICK = (_DIE[0] + _DIE[2] / 2, _DIE[1] + _DIE[3] / 2)
DIE_TAG = (int(_DIE[0]) + 2, int(_DIE[1]) - 14)  # inside the "reroll" tag above the die
_CELL2, _CELL3 = LAYOUT.cell_rect(2), LAYOUT.cell_rect(3)
CELL2_CLICK = (_CELL2[0] + _CELL2[2] / 2, _CELL2[1] + 40)
CELL3_CLICK = (_CELL3[0] + _CELL3[2] / 2, _CELL3[1] + 40)
MOVE_TAG = (int(_CELL3[0] + _CELL3[2] / 2 - 30), int(_CELL3[1] + _CELL3[3] + 4))  # the "move 3" tag
PAWN = (int(_CELL3[0] + 12 - 5), int(_CELL3[1] + _CELL3[3] - 9.5 - 5))  # P0's pawn once on card 3


def _toggle_die(page, canvas: str, times: int) -> list[float]:
    """Click die 0 ``times`` times: its "reroll" tag appears and disappears; latencies in ms."""
    out = []
    for k in range(times):
        out.append(redraw_latency_ms(page, canvas, DIE_TAG, at=DIE_CLICK))
        wait_pixel(page, canvas, *DIE_TAG, YELLOW if k % 2 == 0 else NOT_YELLOW)
    return out


def test_lab_jungli_la_board_click_to_play_and_reload(lab, page, capsys):
    t0 = time.perf_counter()
    open_notebook(page, lab, FIXTURE)
    run_all_cells(page)
    wait_canvas_drawn(page, LAB_CANVAS, timeout=60_000)
    wait_kernel_idle(page)
    html = f"{PANEL} .widget-html"
    page.locator(html, has_text="Your turn (reroll)").first.wait_for()
    board = page.locator(f"{PANEL} .jp-OutputArea-output .widget-vbox").first
    screenshot(board, "lab-jungli-la-board-start")
    drawn_s = time.perf_counter() - t0

    toggles = _toggle_die(page, LAB_CANVAS, 6)
    page.locator(f"{PANEL} button.jupyter-button", has_text="Keep").first.click()
    page.locator(html, has_text="Your turn (adjust)").first.wait_for()
    page.locator(f"{PANEL} button.jupyter-button", has_text="Done").first.click()
    page.locator(html, has_text="Your turn (materials)").first.wait_for()
    food = LAYOUT.material_rect(0, 0)
    gain_ms = redraw_latency_ms(page, LAB_CANVAS, MOVE_TAG, at=(food[0] + 10, food[1] + 10))
    wait_pixel(page, LAB_CANVAS, *MOVE_TAG, YELLOW)  # legal move by a click: the "move 3" hint appears
    click_canvas(page, LAB_CANVAS, *CELL2_CLICK)
    page.locator(html, has_text="JUN-MOVE-02").first.wait_for()  # the illegal click names its rule
    move_ms = redraw_latency_ms(page, LAB_CANVAS, PAWN, at=CELL3_CLICK)
    wait_pixel(page, LAB_CANVAS, *PAWN, ORANGE)  # P0's explorer stands on the third card
    screenshot(board, "lab-jungli-la-board-after-move")

    save_notebook(page)
    page.reload()
    wait_kernel_idle(page)
    wait_canvas_drawn(page, LAB_CANVAS)
    wait_pixel(page, LAB_CANVAS, *PAWN, ORANGE)  # redrawn by on_client_ready, with the move made
    screenshot(page.locator(f"{PANEL} .jp-OutputArea-output .widget-vbox").first, "lab-jungli-la-board-reloaded")
    assert not [e for e in page.errors if "clearCanvas" in e], page.errors
    lab.shutdown_kernels()

    clicks = [*toggles, gain_ms, move_ms]
    med = median(clicks)
    line = (f"JupyterLab ({FIXTURE}): die toggles {', '.join(f'{t:.0f}' for t in toggles)} ms, gain (token) "
            f"{gain_ms:.0f} ms, move (card) {move_ms:.0f} ms; median {med:.0f} ms, max {max(clicks):.0f} ms; "
            f"open+run+drawn {drawn_s:.1f} s")
    report_latency(capsys, "jungli-la", "jungli-la lab", line, med)


def test_voila_jungli_la_board_draws_clicks_and_reloads(voila, page, capsys):
    t0 = time.perf_counter()
    page.goto(voila.url(f"voila/render/{FIXTURE}"))
    wait_canvas_drawn(page, VOILA_CANVAS, timeout=60_000)
    page.locator(".widget-html", has_text="Your turn (reroll)").first.wait_for()
    drawn_s = time.perf_counter() - t0
    toggles = _toggle_die(page, VOILA_CANVAS, 5)
    screenshot(page, "voila-jungli-la-board")
    page.reload()  # a new kernel: the board is drawn again from the start
    wait_canvas_drawn(page, VOILA_CANVAS, timeout=60_000)
    wait_pixel(page, VOILA_CANVAS, *DIE_TAG, NOT_YELLOW)
    page.locator(".widget-html", has_text="Your turn (reroll)").first.wait_for()
    assert not [e for e in page.errors if "clearCanvas" in e], page.errors
    med = median(toggles)
    line = (f"Voila ({FIXTURE}): die toggles {', '.join(f'{t:.0f}' for t in toggles)} ms; median {med:.0f} ms; "
            f"page drawn in {drawn_s:.1f} s")
    report_latency(capsys, "jungli-la", "jungli-la voila", line, med)

