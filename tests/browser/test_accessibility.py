"""Accessibility of every board in JupyterLab (issue 50): axe-core finds no WCAG 2.1 A/AA violation on it,
and the keyboard alone plays it.

One JupyterLab (the session's ``lab`` fixture) opens ``fixtures/accessibility_boards.ipynb``, which shows a
Jaliz, a solo Nizam, a Jungli-La, a Bali and a two-player Nizam board, and a Jungli-La board on the SVG surface
(the one a JupyterLite site draws on) in the high-contrast palette; axe-core (``axe.min.js`` as the PyPI
package ``axe-playwright-python`` ships it) runs on each board's output element only, with the tags wcag2a,
wcag2aa, wcag21a and wcag21aa: JupyterLab's own page is not ours to judge here. Then the keyboard plays: a whole
two-player Nizam game, and the first moves of Jaliz, Jungli-La and Bali (a whole game of every board through the
same parts is ``tests/test_keyboard_play.py``, in-process), with ``page.keyboard.press`` only: no mouse event
reaches the page (counted), nothing is typed in the notation box. Screenshots go to ``artifacts/``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from browser_harness import PANEL, REPO, open_notebook, run_all_cells, screenshot, wait_kernel_idle

NOTEBOOK = "accessibility_boards.ipynb"
BOARDS = ("Jaliz", "Nizam solo", "Jungli-La", "Bali", "Nizam", "Jungli-La SVG high-contrast")
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
#: the output element of each board cell, in order (the cells show one board each)
OUTPUTS = f"{PANEL} .jp-CodeCell .jp-OutputArea-output:has(canvas, svg)"


#: JS: true once every board's canvas has pixels (an SVG surface is drawn when it is there)
ALL_DRAWN_JS = """(sel) => Array.from(document.querySelectorAll(sel)).every(out => {
  const c = out.querySelector('canvas');
  if (!c) return !!out.querySelector('svg rect');
  if (!c.width || !c.height) return false;
  const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
  for (let i = 3; i < d.length; i += 4 * 7) { if (d[i] !== 0) return true; }
  return false; })"""


def axe_script() -> Path:
    try:
        import axe_playwright_python
    except ImportError:
        pytest.skip("the accessibility checks need axe-core: pip install axe-playwright-python (the test extra)")
    return Path(axe_playwright_python.__file__).parent / "axe.min.js"


AXE_RUN_JS = """async ([sel, index, tags]) => {
  const el = document.querySelectorAll(sel)[index];
  const result = await axe.run(el, {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']});
  return {version: axe.version, passes: result.passes.length, violations: result.violations.map(v => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.slice(0, 4).map(n => n.target.join(' ') + ' :: ' + n.failureSummary)}))};
}"""


#: JS: every visible text of an element whose computed colour is under WCAG's ratio against the first opaque
#: background behind it (4.5:1; 3:1 for large text: 24 px, or 18.67 px bold). axe-core's own color-contrast rule
#: reports text inside JupyterLab's output area as "inapplicable" (measured: a planted #bbb-on-white line too), so
#: the boards' HTML text is measured here as well.
LOW_CONTRAST_JS = """([sel, index]) => {
  const lum = (c) => { const v = c.match(/[\\d.]+/g).slice(0, 3).map(Number).map(x => x / 255)
    .map(x => x <= 0.03928 ? x / 12.92 : Math.pow((x + 0.055) / 1.055, 2.4));
    return 0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2]; };
  const opaque = (c) => { const m = c.match(/[\\d.]+/g); return m && (m.length < 4 || Number(m[3]) > 0.99); };
  const bg = (e) => { for (; e; e = e.parentElement) { const c = getComputedStyle(e).backgroundColor;
    if (opaque(c)) return c; } return 'rgb(255, 255, 255)'; };
  const root = document.querySelectorAll(sel)[index];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const bad = []; let checked = 0;
  for (let t = walker.nextNode(); t; t = walker.nextNode()) {
    const e = t.parentElement;
    if (!t.textContent.trim() || !e || !e.checkVisibility({opacityProperty: true, visibilityProperty: true})) continue;
    const r = e.getBoundingClientRect(); if (r.width < 2 || r.height < 2) continue;
    const cs = getComputedStyle(e); const size = parseFloat(cs.fontSize); const bold = Number(cs.fontWeight) >= 700;
    const a = lum(cs.color), b = lum(bg(e)); const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    const need = size >= 24 || (bold && size >= 18.66) ? 3 : 4.5; checked += 1;
    if (ratio < need) bad.push(t.textContent.trim().slice(0, 40) + ' ' + cs.color + ' on ' + bg(e) + ' '
                               + ratio.toFixed(2));
  }
  return {checked, bad};
}"""


@pytest.fixture(scope="module")
def boards_page(lab: Any, browser: Any) -> Any:
    """The notebook with its four boards drawn (one page for the module's tests)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.set_default_timeout(60_000)
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    open_notebook(page, lab, NOTEBOOK)
    run_all_cells(page)
    wait_kernel_idle(page)
    page.wait_for_function(f"() => document.querySelectorAll({json.dumps(OUTPUTS)}).length >= {len(BOARDS)}",
                           timeout=90_000)
    page.wait_for_function(ALL_DRAWN_JS, arg=OUTPUTS, timeout=60_000)
    page.add_script_tag(path=str(axe_script()))
    yield page
    context.close()
    lab.shutdown_kernels()


@pytest.mark.parametrize("index,name", list(enumerate(BOARDS)))
def test_axe_finds_no_wcag_21_aa_violation_on_the_board(boards_page: Any, index: int, name: str) -> None:
    page = boards_page
    out = page.locator(OUTPUTS).nth(index)
    out.scroll_into_view_if_needed()
    screenshot(out, f"a11y-{name.lower().replace(' ', '-')}-board")
    result = page.evaluate(AXE_RUN_JS, [OUTPUTS, index, TAGS])
    assert result["passes"] > 5, f"axe ran no checks on the {name} board: {result}"
    assert result["violations"] == [], f"{name} board (axe {result['version']}):\n" + "\n".join(
        f"{v['id']} ({v['impact']}): {v['help']}\n    " + "\n    ".join(v["nodes"]) for v in result["violations"])
    text = page.evaluate(LOW_CONTRAST_JS, [OUTPUTS, index])
    assert text["checked"] > 5 and text["bad"] == [], text
    assert not page.errors, page.errors


def test_axe_catches_a_violation_planted_in_a_board(boards_page: Any) -> None:
    """The checks can fail: an unnamed button (axe) and grey-on-white text (the contrast walk) put in a board's
    output are reported."""
    page = boards_page
    page.evaluate(f"""() => {{
      const out = document.querySelectorAll({json.dumps(OUTPUTS)})[0];
      const bad = document.createElement('div'); bad.id = 'planted';
      bad.innerHTML = '<button></button><p style="color:#bbbbbb;background:#ffffff;font-size:14px">pale</p>';
      out.prepend(bad); bad.scrollIntoView(); }}""")
    try:
        result = page.evaluate(AXE_RUN_JS, [OUTPUTS, 0, TAGS])
        text = page.evaluate(LOW_CONTRAST_JS, [OUTPUTS, 0])
    finally:
        page.evaluate("() => document.getElementById('planted').remove()")
    assert "button-name" in {v["id"] for v in result["violations"]}
    pale = [line for line in text["bad"] if line.startswith("pale")]
    assert pale == ["pale rgb(187, 187, 187) on rgb(255, 255, 255) 1.92"]


# ---------------------------------------------------------------- keyboard-only play

#: JS: the parts of board ``i`` as the page shows them, the focused part, what the board said, its log
READ_JS = """([sel, i]) => {
  const out = document.querySelectorAll(sel)[i];
  const parts = [];
  out.querySelectorAll('.jaliz-row').forEach((row, r) => row.querySelectorAll('button.jaliz-part').forEach((b, c) =>
    parts.push({id: b.dataset.id, row: row.querySelector('.jaliz-rowname').textContent, label: b.textContent,
                pressed: b.getAttribute('aria-pressed'), r, c})));
  const a = document.activeElement;
  const log = out.querySelector('div[style*="monospace"]');
  return {parts, focused: a && a.dataset ? a.dataset.id || null : null, said: (window.__said || {})[i] || [],
          log: log ? log.textContent : '', desc: (out.querySelector('.jaliz-desc') || {}).textContent || ''};
}"""

#: JS: count every mouse or pointer event the page gets from now on, and keep what each board's live region says
GUARD_JS = """([sel]) => {
  window.__mouse = 0;
  for (const t of ['pointerdown', 'pointerup', 'mousedown', 'mouseup', 'wheel', 'contextmenu'])
    window.addEventListener(t, () => { window.__mouse += 1; }, true);
  window.__said = {};
  document.querySelectorAll(sel).forEach((out, i) => {
    window.__said[i] = [];
    const live = out.querySelector('.jaliz-live');
    new MutationObserver((records) => { for (const m of records) for (const n of m.addedNodes)
      window.__said[i].push(n.textContent); }).observe(live, {childList: true});
  });
}"""


def _press(page: Any, key: str, times: int = 1) -> None:
    for _ in range(times):
        page.keyboard.press(key)


def _go_to(page: Any, index: int, target: str, sel: str = OUTPUTS) -> None:
    """Move the focus from the focused part to ``target`` with arrow keys and Home only."""
    state = page.evaluate(READ_JS, [sel, index])
    where = {p["id"]: p for p in state["parts"]}
    here, there = where[state["focused"]], where[target]
    _press(page, "ArrowDown" if there["r"] > here["r"] else "ArrowUp", abs(there["r"] - here["r"]))
    _press(page, "Home")
    _press(page, "ArrowRight", there["c"])
    focused = page.evaluate(READ_JS, [sel, index])["focused"]
    assert focused == target, f"the arrow keys reached {focused!r}, not {target!r}"


#: JS: the board answered Enter: a new line in its live region, or its parts changed (a toggle's aria-pressed)
ANSWERED_JS = """([sel, i, n, before]) => (window.__said[i] || []).length > n || JSON.stringify(
  Array.from(document.querySelectorAll(sel)[i].querySelectorAll('button.jaliz-part')).map(
    b => [b.dataset.id, b.getAttribute('aria-pressed')])) !== before"""
PARTS_JS = """([sel, i]) => JSON.stringify(Array.from(document.querySelectorAll(sel)[i].querySelectorAll(
  'button.jaliz-part')).map(b => [b.dataset.id, b.getAttribute('aria-pressed')]))"""


def _settle(page: Any, index: int, said_before: int, parts_before: str, sel: str = OUTPUTS) -> dict[str, Any]:
    """Wait for the board's answer to Enter (a line in its live region, or a part's pressed state), then until
    its parts stop changing."""
    page.wait_for_function(ANSWERED_JS, arg=[sel, index, said_before, parts_before], timeout=15_000)
    last = None
    for _ in range(40):
        page.wait_for_timeout(60)
        state = page.evaluate(READ_JS, [sel, index])
        sig = (json.dumps(state["parts"]), state["log"], state["desc"], len(state["said"]))
        if sig == last:
            return state
        last = sig
    return state


def _keyboard_rule() -> Any:
    """``keyboard_choice`` of ``tests/test_keyboard_play.py`` (one rule for both tests)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("test_keyboard_play", REPO / "tests" / "test_keyboard_play.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.keyboard_choice


def play_by_keys(page: Any, index: int, presses: int, moves: int | None = None, sel: str = OUTPUTS,
                 parts_first: bool = False) -> dict[str, Any]:
    """The rule of ``tests/test_keyboard_play.py`` with real keys: Enter on a payment, else an action, else the
    other parts in order; a part that moved nothing (the board's log and description unchanged) is skipped
    until something moves. Stops at the game's end, after ``moves`` moves or ``presses`` presses."""
    keyboard_choice = _keyboard_rule()
    failed: set[str] = set()
    state = page.evaluate(READ_JS, [sel, index])
    n = moved = 0
    rows: set[str] = set()  # the rows whose parts made a move
    while n < presses and (moves is None or moved < moves):
        if any(line.startswith("Game over") for line in state["said"]):
            break
        choice = keyboard_choice(state["parts"], failed, parts_first)
        assert choice is not None, f"no part left to press: {state['parts']}"
        _go_to(page, index, choice, sel)
        parts_before = page.evaluate(PARTS_JS, [sel, index])
        page.keyboard.press("Enter")
        n += 1
        after = _settle(page, index, len(state["said"]), parts_before, sel)
        if (after["log"], after["desc"]) != (state["log"], state["desc"]):
            failed.clear()
            moved += 1
            rows.add(next(p["row"] for p in state["parts"] if p["id"] == choice))
        else:
            failed.add(choice)
        state = after
    state["presses"], state["moves"], state["rows"] = n, moved, rows
    return state


@pytest.fixture(scope="module")
def keyboard_page(boards_page: Any) -> Any:
    """The boards' page with the mouse guard installed (the setup above used the menu; nothing after it may)."""
    boards_page.evaluate(GUARD_JS, [OUTPUTS])
    return boards_page


def _enter_board(page: Any, index: int, sel: str = OUTPUTS) -> None:
    """Give the focus to the board's parts (its one tab stop), as Tab would: programmatic, no mouse."""
    part = page.locator(sel).nth(index).locator("button.jaliz-part[tabindex='0']")
    part.focus()
    assert page.evaluate(READ_JS, [sel, index])["focused"] is not None


def test_a_whole_nizam_game_by_keyboard_alone(keyboard_page: Any) -> None:
    """Against a bot; the board's live region announces the bot's moves as they happen."""
    page, index = keyboard_page, BOARDS.index("Nizam")
    _enter_board(page, index)
    screenshot(page.locator(OUTPUTS).nth(index).locator(".jaliz-access"), "a11y-nizam-focused-part")
    state = play_by_keys(page, index, presses=120)
    assert any(line.startswith("Game over") for line in state["said"]), (state["presses"], state["said"][-5:])
    assert state["moves"] >= 10
    # the live region read every move out, the bot's too, and the student's turn
    assert any(line.startswith("P1 ") for line in state["said"]), state["said"][-8:]
    assert any(line.startswith("P0 ") for line in state["said"]) and "Your turn: draw or move." in state["said"]
    assert page.evaluate("() => window.__mouse") == 0, "a mouse event reached the page"
    box = page.locator(OUTPUTS).nth(index).locator("input[placeholder='or type an action']")
    assert box.count() == 0 or box.input_value() == "", "notation was typed"
    assert not page.errors, page.errors


@pytest.mark.parametrize("name,parts_first", [("Jaliz", True), ("Bali", True), ("Jungli-La", False),
                                               ("Jungli-La SVG high-contrast", False)])
def test_first_moves_by_keyboard_alone(keyboard_page: Any, name: str, parts_first: bool) -> None:
    """Four moves; on Jaliz and Bali with the board's own parts first (hand, plots, revealed cards, village
    square), which must then have made a move; Jungli-La's first moves are its Actions (roll, keep...)."""
    page, index = keyboard_page, BOARDS.index(name)
    _enter_board(page, index)
    state = play_by_keys(page, index, presses=60, moves=4, parts_first=parts_first)
    screenshot(page.locator(OUTPUTS).nth(index), f"a11y-{name.lower().replace(' ', '-')}-after-keys")
    assert state["moves"] >= 4, (state["presses"], state["said"][-6:])
    if parts_first:
        assert state["rows"] - {"Actions"}, f"only the Actions row moved: {state['rows']}"
    assert page.evaluate("() => window.__mouse") == 0, "a mouse event reached the page"
    assert not page.errors, page.errors


# ---------------------------------------------------------------- Voila (jaliz-learn board's page)

VOILA_BOARDS = ".jaliz-board"


def test_voila_boards_have_no_axe_violation_and_nizam_plays_by_keys(voila: Any, page: Any) -> None:
    """The same notebook as a Voila page (what ``jaliz-learn board`` serves): axe on each board's root, the text
    contrast walk, and a whole two-player Nizam game by keys."""
    page.set_default_timeout(60_000)
    page.goto(voila.url(f"voila/render/{NOTEBOOK}"))
    page.wait_for_function(f"() => document.querySelectorAll('{VOILA_BOARDS} .jaliz-part').length > 0 && "
                           f"document.querySelectorAll('{VOILA_BOARDS}').length >= {len(BOARDS)}", timeout=120_000)
    page.wait_for_function(ALL_DRAWN_JS, arg=VOILA_BOARDS, timeout=60_000)
    page.add_script_tag(path=str(axe_script()))
    for index, name in enumerate(BOARDS):
        result = page.evaluate(AXE_RUN_JS, [VOILA_BOARDS, index, TAGS])
        assert result["passes"] > 5 and result["violations"] == [], (name, result["violations"])
        text = page.evaluate(LOW_CONTRAST_JS, [VOILA_BOARDS, index])
        assert text["checked"] > 5 and text["bad"] == [], (name, text)
    page.evaluate(GUARD_JS, [VOILA_BOARDS])
    index = BOARDS.index("Nizam")
    _enter_board(page, index, VOILA_BOARDS)
    state = play_by_keys(page, index, presses=120, sel=VOILA_BOARDS)
    screenshot(page.locator(VOILA_BOARDS).nth(index), "a11y-voila-nizam-after-game")
    assert any(line.startswith("Game over") for line in state["said"]), (state["presses"], state["said"][-5:])
    assert page.evaluate("() => window.__mouse") == 0, "a mouse event reached the page"
    assert not page.errors, page.errors
