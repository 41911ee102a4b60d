"""Browser test of ``BaliBoard`` (Village of Tani) in JupyterLab and Voila (fixture ``fixtures/bali_board.ipynb``).

The test plays the same seeded game headless next to the browser (the bots are seeded, so the
game is the same) to know where everything is drawn.

JupyterLab: run all, wait for real pixels, click a hand card (a legal play: the "take N" tags
appear under the village square), click another hand card (illegal now: the error line names
BAL-TAKE-01), click the bottom card of column 1 (taken: the tags go), wait for the bots, play a
second turn the same way, save, reload: the board is drawn again. Voila: the board draws on
load, a hand click plays, a reload redraws (a new kernel).
"""

from __future__ import annotations

import time

import pytest
from browser_harness import (
    LAB_CANVAS,
    PANEL,
    VOILA_CANVAS,
    centre,
    click_canvas,
    js_near,
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

from jaliz_learn.pictures import bali as pictures

pytest.importorskip("ipycanvas")  # the headless mirror board needs the widgets
from jaliz_learn.widgets import BaliBoard  # noqa: E402

FIXTURE = "bali_board.ipynb"
LAYOUT = pictures.BaliLayout(3, True)
YELLOW = "px[0] > 240 && px[1] > 190 && px[2] < 40"  # the hint colour #ffd400
NOT_YELLOW = "!(" + YELLOW + ")"


def _mirror() -> BaliBoard:
    """The fixture's board, headless (same seed, same seeded bots)."""
    return BaliBoard(num_players=3, human=0, bots="greedy", seed=3, speed=0, tani=True)


def _tag_probe(obs, column: int) -> tuple[int, int]:
    """A pixel inside the yellow "take N" tag under column ``column`` (1-4)."""
    x, y, w, h = LAYOUT.square_card(column - 1, len(obs.square[column - 1]) - 1)
    return int(x + w / 2 - 28), int(y + h + 6)


def _first_played_probe(mirror: BaliBoard) -> tuple[int, int, tuple[int, int, int]]:
    """A pixel at the right end of P0's first played-card chip, and the colour of that card type."""
    obs = mirror.observation()
    card = next(pictures.CARD_NAMES[t] for t, n in enumerate(obs.displays[0]) if n)
    x, y, _, _ = LAYOUT.player_rect(0)
    colour = pictures.CARD_BG[card]
    return int(x + 606 + 75), int(y + 19 + 10), (int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16))


def _play_turn(page, canvas: str, mirror: BaliBoard, status: str, illegal: bool) -> list[float]:
    """Click a playable hand card, then (optionally an illegal hand click and) column 1; mirror both moves."""
    obs = mirror.observation()
    legal = {str(a) for a in mirror.legal()}
    i = next(k for k, card in enumerate(obs.hand) if f"play {card}" in legal)
    assert mirror.apply(f"play {obs.hand[i]}"), mirror.error
    probe = _tag_probe(mirror.observation(), 1)
    play_ms = redraw_latency_ms(page, canvas, probe, at=centre(LAYOUT.hand_card(0, i)))
    wait_pixel(page, canvas, *probe, YELLOW)  # the take tags appear: a legal move by a click
    if illegal:
        click_canvas(page, canvas, *centre(LAYOUT.hand_card(0, 0)))
        page.locator(status, has_text="BAL-TAKE-01").first.wait_for()
    take_ms = redraw_latency_ms(page, canvas, probe, at=centre(LAYOUT.square_card(0, len(obs.square[0]) - 1)))
    wait_pixel(page, canvas, *probe, NOT_YELLOW)
    assert mirror.apply("take 1"), mirror.error
    return [play_ms, take_ms]


def test_lab_bali_board_click_to_play_and_reload(lab, page, capsys):
    t0 = time.perf_counter()
    open_notebook(page, lab, FIXTURE)
    run_all_cells(page)
    wait_canvas_drawn(page, LAB_CANVAS, timeout=60_000)
    wait_kernel_idle(page)
    html = f"{PANEL} .widget-html"
    page.locator(html, has_text="Your turn (play)").first.wait_for()
    board = page.locator(f"{PANEL} .jp-OutputArea-output .widget-vbox").first
    screenshot(board, "lab-bali-board-start")
    drawn_s = time.perf_counter() - t0

    mirror = _mirror()
    clicks = _play_turn(page, LAB_CANVAS, mirror, html, illegal=True)
    assert mirror.state.current_player() == 0 and mirror.state.decision() == "play", "the seeded game changed"
    page.locator(html, has_text="Your turn (play)").first.wait_for(timeout=30_000)  # the bots moved
    clicks += _play_turn(page, LAB_CANVAS, mirror, html, illegal=False)
    screenshot(board, "lab-bali-board-after-moves")

    save_notebook(page)
    played = _first_played_probe(mirror)  # P0's first played-card chip, drawn again after the reload
    page.reload()
    wait_kernel_idle(page)
    wait_canvas_drawn(page, LAB_CANVAS)
    wait_pixel(page, LAB_CANVAS, played[0], played[1], js_near(played[2]))
    screenshot(page.locator(f"{PANEL} .jp-OutputArea-output .widget-vbox").first, "lab-bali-board-reloaded")
    assert not [e for e in page.errors if "clearCanvas" in e], page.errors
    lab.shutdown_kernels()

    med = median(clicks)
    line = (f"JupyterLab ({FIXTURE}): play/take clicks {', '.join(f'{t:.0f}' for t in clicks)} ms; "
            f"median {med:.0f} ms, max {max(clicks):.0f} ms; open+run+drawn {drawn_s:.1f} s")
    report_latency(capsys, "bali", "bali lab", line, med)


def test_voila_bali_board_draws_clicks_and_reloads(voila, page, capsys):
    t0 = time.perf_counter()
    page.goto(voila.url(f"voila/render/{FIXTURE}"))
    wait_canvas_drawn(page, VOILA_CANVAS, timeout=60_000)
    page.locator(".widget-html", has_text="Your turn (play)").first.wait_for()
    drawn_s = time.perf_counter() - t0
    clicks = _play_turn(page, VOILA_CANVAS, _mirror(), ".widget-html", illegal=True)
    screenshot(page, "voila-bali-board")
    page.reload()  # a new kernel: the board is drawn again from the start
    wait_canvas_drawn(page, VOILA_CANVAS, timeout=60_000)
    page.locator(".widget-html", has_text="Your turn (play)").first.wait_for()
    assert not [e for e in page.errors if "clearCanvas" in e], page.errors
    med = median(clicks)
    line = (f"Voila ({FIXTURE}): play/take clicks {', '.join(f'{t:.0f}' for t in clicks)} ms; median {med:.0f} ms; "
            f"page drawn in {drawn_s:.1f} s")
    report_latency(capsys, "bali", "bali voila", line, med)

