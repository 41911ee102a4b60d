"""The JupyterLite site in Chromium: built by ``jaliz-learn lite build``, served on 127.0.0.1, every other host
refused. A learner there runs the welcome notebook and a walkthrough, plays a board by clicking, steps a replay,
sees a picture and gets an exercise's ``check()`` verdict; what needs processes says so in one line.

The site is built once per session (Pyodide's core from npm and the pure wheels from PyPI are cached in
``~/.cache/jaliz_learn/lite``). Cold start, size and the speed ratio to CPython are measured by
``python tests/browser/test_lite.py --measure`` (docs/BENCHMARKS.md), not asserted here.
"""

from __future__ import annotations

import json
import re
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from browser_harness import ARTIFACTS, CHROME_ARGS, CHROMIUM, FIXTURES, screenshot  # noqa: E402

PANEL = ".jp-NotebookPanel:not(.lm-mod-hidden)"
KERNEL_READY_MS = 180_000


@pytest.fixture(scope="session")
def lite_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    pytest.importorskip("jupyterlite_core", reason="the lite site needs the test extra (jupyterlite-core)")
    pytest.importorskip("anywidget", reason="the lite site needs anywidget (jupyter extra)")
    from jaliz_learn.tools.lite import build_site

    site = tmp_path_factory.mktemp("lite") / "site"
    build_site(site, extra={"lite_check.ipynb": FIXTURES / "lite_check.ipynb"})
    return site


@pytest.fixture(scope="session")
def lite_url(lite_site: Path) -> Iterator[str]:
    from jaliz_learn.tools.lite import site_server

    server = site_server(lite_site)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()


@pytest.fixture
def lite_page(browser: Any, request: pytest.FixtureRequest) -> Iterator[Any]:
    """A page where every request to another host than 127.0.0.1 is refused (and remembered)."""
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    context.elsewhere = []  # type: ignore[attr-defined]
    context.route(re.compile(r"^(?!https?://127\.0\.0\.1[:/]).*"),
                  lambda route: (context.elsewhere.append(route.request.url), route.abort()))
    page = context.new_page()
    page.set_default_timeout(60_000)
    page.elsewhere = context.elsewhere
    yield page
    failed = getattr(request.node, "rep_call", None)
    if failed is not None and failed.failed:
        try:
            screenshot(page, f"{request.node.name}-failed", ARTIFACTS)
        except Exception:  # the page may be gone; the failure itself is what matters
            pass
    context.close()


def open_lite(page: Any, url: str, path: str) -> float:
    """Open ``path`` of the site in JupyterLab; wait until its Pyodide kernel is idle; returns the seconds it took."""
    start = time.monotonic()
    page.goto(f"{url}/lab/index.html?path={path}")
    page.wait_for_selector(f"{PANEL} .jp-Notebook-ExecutionIndicator[data-status='idle']", timeout=KERNEL_READY_MS)
    page.locator(".jp-StatusBar-Widget", has_text=re.compile(r"Pyodide\) \| Idle")).first.wait_for(
        timeout=KERNEL_READY_MS)
    return time.monotonic() - start


def run_all(page: Any, timeout_s: float = 300) -> None:
    """Run > Run All Cells, then wait until no cell is queued or running."""
    page.locator(".lm-MenuBar-itemLabel", has_text="Run").click()
    page.locator(".lm-Menu-item:not(.lm-mod-disabled) .lm-Menu-itemLabel",
                 has_text=re.compile(r"^Run All Cells$")).click()
    page.wait_for_function(f"""() => Array.from(document.querySelectorAll('{PANEL} .jp-InputPrompt'))
        .some(p => /\\[[0-9]+\\]/.test(p.textContent))""", timeout=60_000)
    page.wait_for_function(f"""() => !Array.from(document.querySelectorAll('{PANEL} .jp-InputPrompt'))
        .some(p => p.textContent.includes('[*]'))""", timeout=timeout_s * 1000)


def errors_shown(page: Any) -> list[str]:
    return page.evaluate(f"""() => Array.from(document.querySelectorAll(
        '{PANEL} .jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]'))
        .map(e => e.textContent.slice(0, 600))""")


def cell_text(page: Any, index: int) -> str:
    """The text of the outputs of code cell ``index`` (from 0) of the visible notebook."""
    return page.locator(f"{PANEL} .jp-CodeCell").nth(index).locator(".jp-OutputArea").text_content() or ""


def surface_svg(page: Any, cell: int) -> str:
    return page.locator(f"{PANEL} .jp-CodeCell").nth(cell).locator(".jaliz-svg-surface").first.inner_html()


def test_lite_board_replay_picture_and_check(lite_url: str, lite_page: Any) -> None:
    page = lite_page
    open_lite(page, lite_url, "lite_check.ipynb")
    run_all(page)
    assert errors_shown(page) == []
    # the board: an SVG surface (ipycanvas needs numpy, which the site does not have)
    page.locator(f"{PANEL} .jp-CodeCell").nth(0).locator(".jaliz-svg-surface svg").wait_for()
    before = surface_svg(page, 0)
    assert "<svg" in before and "Your turn" in cell_text(page, 0)
    target = json.loads(cell_text(page, 1).split("DRAW-BUTTON", 1)[1])
    (width, _height), (x, y, w, h) = target["size"], target["rect"]
    box = page.locator(f"{PANEL} .jp-CodeCell").nth(0).locator(".jaliz-svg-surface svg").first.bounding_box()
    scale = box["width"] / width
    page.mouse.click(box["x"] + (x + w / 2) * scale, box["y"] + (y + h / 2) * scale)
    # the click drew three cards: the log says so and the drawing changed
    page.locator(f"{PANEL} .jp-CodeCell").nth(0).get_by_text(re.compile(r"P0 draws")).first.wait_for(timeout=30_000)
    assert surface_svg(page, 0) != before
    # the keyboard and screen-reader layer works on this surface too (issue 50): named, reading the move
    cell0 = page.locator(f"{PANEL} .jp-CodeCell").nth(0)
    assert re.search(r"board \(you are P\d\)$", cell0.locator(".jaliz-access").first.get_attribute("aria-label") or "")
    cell0.locator(".jaliz-access [role=log]", has_text="P0 draws").first.wait_for(state="attached", timeout=20_000)
    assert "turn" in (cell0.locator(".jaliz-svg-surface svg").first.get_attribute("aria-label") or "")
    # the replay: "next" moves one action on and redraws
    replay = page.locator(f"{PANEL} .jp-CodeCell").nth(2)
    first = surface_svg(page, 2)
    replay.get_by_role("button", name=re.compile(r"^(next|>|▶)", re.I)).first.click()
    page.wait_for_timeout(500)
    deadline = time.monotonic() + 20
    while surface_svg(page, 2) == first and time.monotonic() < deadline:
        page.wait_for_timeout(200)
    assert surface_svg(page, 2) != first
    # the static picture of a position
    assert page.locator(f"{PANEL} .jp-CodeCell").nth(3).locator(".jp-OutputArea svg").count() >= 1
    # an exercise's check() gives its verdict
    assert re.search(r"Exercise 1 quick check: \d+ of \d+ checks passed", cell_text(page, 4))
    # what needs processes says so in one line
    refused = cell_text(page, 5)
    assert "REFUSED" in refused and "JupyterLite" in refused and "installed package" in refused
    screenshot(page, "lite-check", ARTIFACTS)
    assert page.elsewhere == []


@pytest.mark.parametrize("notebook", ["notebooks/00_welcome.ipynb", "notebooks/02_nizam.ipynb"])
def test_lite_notebooks_run_top_to_bottom(lite_url: str, lite_page: Any, notebook: str) -> None:
    open_lite(lite_page, lite_url, notebook)
    run_all(lite_page)
    assert errors_shown(lite_page) == []
    assert lite_page.locator(f"{PANEL} .jaliz-svg-surface svg").count() >= 1  # the board drew
    screenshot(lite_page, f"lite-{Path(notebook).stem}", ARTIFACTS)
    assert lite_page.elsewhere == []


def test_lite_download_for_handing_in(lite_url: str, lite_page: Any) -> None:
    """File > Download gives the learner's notebook as a file to hand in."""
    open_lite(lite_page, lite_url, "exercises/01_first_jaliz_bot/exercise.ipynb")
    lite_page.locator(".lm-MenuBar-itemLabel", has_text="File").click()
    with lite_page.expect_download() as download:
        lite_page.locator(".lm-Menu-item .lm-Menu-itemLabel", has_text=re.compile(r"^Download$")).click()
    saved = json.loads(Path(download.value.path()).read_text())
    assert saved["nbformat"] == 4 and any("MyJalizBot" in "".join(c["source"]) for c in saved["cells"])


# ---------------------------------------------------------------- measurements for docs/BENCHMARKS.md

BENCH_CODE = """import time, jaliz_learn
from jaliz_learn.bots import RandomBot
def per_game(game, n, games=20):
    jaliz_learn.play(game, [RandomBot(s) for s in range(n)], seed=999)  # warm-up
    start = time.perf_counter()
    for g in range(games):
        jaliz_learn.play(game, [RandomBot(100 * g + s) for s in range(n)], seed=g)
    return 1000 * (time.perf_counter() - start) / games
print("BENCH", {f"{g} {n}p": round(per_game(g, n), 2) for g, n in [("jaliz", 4), ("nizam", 2), ("bali", 3)]})
"""


def measure(rounds: int = 3) -> dict[str, Any]:  # pragma: no cover - run by hand: python tests/browser/test_lite.py
    """Site size, cold start (page open to an idle kernel, fresh browser context each time) and the time per random
    game in the browser against native CPython on this machine (native runs before and after, in one process)."""
    import statistics
    import subprocess
    import tempfile

    import nbformat
    from nbformat.v4 import new_code_cell, new_notebook
    from playwright.sync_api import sync_playwright

    from jaliz_learn.tools.lite import build_site, site_server

    tmp = Path(tempfile.mkdtemp(prefix="jaliz-lite-bench-"))
    bench_nb = tmp / "bench.ipynb"
    kernel = {"kernelspec": {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}}
    nbformat.write(new_notebook(cells=[new_code_cell(BENCH_CODE)], metadata=kernel), bench_nb)
    started = time.monotonic()
    facts = build_site(tmp / "site", extra={"bench.ipynb": bench_nb})
    build_s = time.monotonic() - started

    def native() -> dict[str, float]:
        out = subprocess.run([sys.executable, "-c", BENCH_CODE], capture_output=True, text=True, check=True).stdout
        return eval(out.split("BENCH", 1)[1])  # noqa: S307 - our own printed dict

    server = site_server(tmp / "site")
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}"
    natives, browsers, cold = [native()], [], []
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=CHROME_ARGS)
        for _ in range(rounds):
            context = chromium.new_context(viewport={"width": 1280, "height": 1000})
            context.route(re.compile(r"^(?!https?://127\.0\.0\.1[:/]).*"), lambda route: route.abort())
            page = context.new_page()
            cold.append(open_lite(page, url, "bench.ipynb"))
            run_all(page)
            browsers.append(eval(cell_text(page, 0).split("BENCH", 1)[1]))  # noqa: S307
            context.close()
            natives.append(native())
        chromium.close()
    server.shutdown()
    ratio = {k: round(statistics.median(b[k] for b in browsers) / statistics.median(n[k] for n in natives), 2)
             for k in browsers[0]}
    return {"site_mb": facts["megabytes"], "files": facts["files"], "build_s": round(build_s, 1),
            "cold_start_s": [round(c, 1) for c in cold], "browser_ms": browsers, "native_ms": natives,
            "ratio_browser_to_native": ratio}


if __name__ == "__main__":  # pragma: no cover
    print(json.dumps(measure(), indent=1))
