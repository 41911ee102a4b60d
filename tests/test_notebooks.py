"""Static checks of the notebooks in notebooks/ (nbval runs them; these read the stored files).

* the Jaliz walkthrough mentions every rule ID of the Jaliz catalogue, and every walkthrough (01-05) has one
  heading per rule ID of its game's catalogue(s), in catalogue order (see ``WALKTHROUGHS``), and every
  ruling's section names the reading chosen and the other reading;
* every notebook was executed and saved with its outputs, and holds no error output except in
  cells marked ``# NBVAL_RAISES_EXCEPTION`` (which must hold one);
* the welcome notebook links to every notebook.

Rebuild the Jaliz notebooks with ``python docs/tools/build_jaliz_notebooks.py``.
"""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

import jaliz_learn

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
WELCOME = NOTEBOOKS / "00_welcome.ipynb"
WALKTHROUGH = NOTEBOOKS / "01_jaliz_walkthrough.ipynb"
ALL = sorted(NOTEBOOKS.glob("*.ipynb"))
REBUILD = "rebuild with: python docs/tools/build_jaliz_notebooks.py (or the notebook's own builder in docs/tools/)"


def read(path: Path) -> nbformat.NotebookNode:
    return nbformat.read(path, as_version=4)


def test_the_notebooks_exist():
    assert WELCOME in ALL and WALKTHROUGH in ALL, f"missing {WELCOME.name} or {WALKTHROUGH.name}; {REBUILD}"


def test_walkthrough_mentions_every_jaliz_rule_id():
    nb = read(WALKTHROUGH)
    text = "\n".join(cell.source for cell in nb.cells)
    missing = [rid for rid in jaliz_learn.load_game("jaliz").rules.ids if not re.search(rf"\b{re.escape(rid)}\b", text)]
    assert not missing, f"{WALKTHROUGH.name} does not explain these rule IDs: {missing}; add a scenario for each"


#: each walkthrough and the catalogues it explains, in this order: (game, ID prefix or "" for all IDs).
#: 03 explains only the advanced mode's JADV- rules; the standard JAL- rules are 01's.
WALKTHROUGHS: dict[str, list[tuple[str, str]]] = {
    "01_jaliz_walkthrough.ipynb": [("jaliz", "")],
    "02_nizam.ipynb": [("nizam", ""), ("pearl-of-the-east", "")],
    "03_jaliz_advanced.ipynb": [("jaliz-advanced", "JADV-")],
    "04_jungli_la.ipynb": [("jungli-la", "")],
    "05_bali.ipynb": [("bali", ""), ("bali-tani", "TAN-")],
}


def expected_rule_ids(name: str) -> list[str]:
    ids: list[str] = []
    for game, prefix in WALKTHROUGHS[name]:
        ids += [rid for rid in jaliz_learn.load_game(game).rules.ids if rid.startswith(prefix) and rid not in ids]
    return ids


def rule_headings(nb: nbformat.NotebookNode, known: set[str]) -> list[str]:
    """The rule IDs that open a markdown heading (``### NIZ-MOVE-01 · Move a line``), in notebook order."""
    return [m.group(1) for cell in nb.cells if cell.cell_type == "markdown"
            for m in re.finditer(r"^#+ ([A-Z]+(?:-[A-Z0-9]+)+)\b", cell.source, flags=re.M) if m.group(1) in known]


@pytest.mark.parametrize("name", list(WALKTHROUGHS))
def test_walkthrough_rule_ids_come_in_catalogue_order(name: str):
    want = expected_rule_ids(name)
    every = {rid for game, _ in WALKTHROUGHS[name] for rid in jaliz_learn.load_game(game).rules.ids}
    got = rule_headings(read(NOTEBOOKS / name), every)
    missing = [rid for rid in want if rid not in got]
    assert not missing, f"{name} has no heading for these rule IDs: {missing}; add a section for each"
    extra = sorted({rid for rid in got if rid not in want} | {rid for rid in got if got.count(rid) > 1})
    assert not extra, f"{name} has headings for rule IDs it should not explain here, or twice: {extra}"
    first_wrong = next(i for i, (a, b) in enumerate(zip(got, want, strict=False)) if a != b) if got != want else None
    assert got == want, (f"{name}: rule headings should follow the catalogue order; heading {first_wrong} is "
                         f"{got[first_wrong] if first_wrong is not None else None}, expected "
                         f"{want[first_wrong] if first_wrong is not None else None}")


def test_rule_heading_check_can_fail():
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell("### NIZ-SETUP-01 · b\n\n### NIZ-COMP-01 · a")])
    got = rule_headings(nb, {"NIZ-COMP-01", "NIZ-SETUP-01"})
    assert got == ["NIZ-SETUP-01", "NIZ-COMP-01"] and got != expected_rule_ids("02_nizam.ipynb")[:2]


@pytest.mark.parametrize("path", ALL, ids=[p.name for p in ALL])
def test_notebook_is_executed_and_has_no_unexpected_errors(path: Path):
    nb = read(path)
    code = [(i, c) for i, c in enumerate(nb.cells) if c.cell_type == "code" and c.source.strip()]
    assert code, f"{path.name} has no code cell"
    not_run = [i for i, c in code if c.get("execution_count") is None and "NBVAL_SKIP" not in c.source]
    assert not not_run, f"{path.name}: cells {not_run} were never executed (no stored outputs); {REBUILD}"
    assert any(c.outputs for _, c in code), f"{path.name} has no stored output at all; {REBUILD}"
    for i, cell in code:
        errors = [o for o in cell.outputs if o.get("output_type") == "error"]
        if "NBVAL_RAISES_EXCEPTION" in cell.source:
            assert errors, f"{path.name} cell {i} is marked NBVAL_RAISES_EXCEPTION but stores no error"
        else:
            shown = [f"{o.get('ename')}: {o.get('evalue')}" for o in errors]
            assert not errors, f"{path.name} cell {i} stores an unexpected error {shown}; fix it, then {REBUILD}"


def test_welcome_links_to_every_notebook():
    nb = read(WELCOME)
    text = "\n".join(cell.source for cell in nb.cells if cell.cell_type == "markdown")
    linked = set(re.findall(r"\]\(([^)#\s]+\.ipynb)(?:#[^)]*)?\)", text))
    missing = [p.name for p in ALL if p.name not in linked]
    assert not missing, f"{WELCOME.name} does not link to {missing}; {REBUILD}"


# ---------------------------------------------------------------- the notebooks' helpers (jaliz_learn.teaching)
def test_rulebook_scenarios_build_and_cite_real_rules():
    from jaliz_learn.teaching import SCENARIOS, scenario

    rules = jaliz_learn.load_game("jaliz").rules
    for name, sc in SCENARIOS.items():
        state = scenario(name)
        assert state.current_player() == 0 and state.decision() == "plant", name
        unknown = [rid for rid in sc.rules if rid not in rules]
        assert not unknown, f"scenario {name} cites unknown rule IDs {unknown}"


def test_watermelon_scenario_reaches_the_rulebook_result():
    from jaliz_learn.teaching import do, scenario, show

    s = scenario("watermelon")
    do(s, "plant turnip 1", "plant carrot 2", "offer eggplant for carrot", "pass", "keep turnip", "plant turnip 1",
       "refuse", "offer eggplant for turnip,turnip,carrot ask watermelon", "pass", "accept 1",
       "plant eggplant 1", "plant watermelon 2", "plant turnip 1", "plant turnip 1", "plant carrot 2")
    farms = show(s).text.splitlines()[2:4]
    assert "[4 turnip | 2 carrot]" in farms[0] and "[1 eggplant | 1 watermelon]" in farms[1], farms


def test_why_not_leaves_the_state_unchanged():
    from jaliz_learn.teaching import legal, scenario, why_not

    s = scenario("priority-claim")
    before = s.dumps()
    assert why_not(s, "plant melon 2") == "legal"
    assert why_not(s, "harvest 1").startswith("JAL-HARVEST-04:")
    assert s.dumps() == before
    assert legal(s, limit=1)[-1].startswith("... and ")


def rule_sections(nb: nbformat.NotebookNode) -> dict[str, str]:
    """The markdown under each rule heading, up to the next heading: ``{rule ID: text}``."""
    text = "\n".join(cell.source for cell in nb.cells if cell.cell_type == "markdown")
    sections = {}
    for part in re.split(r"^#+ (?=[A-Z]+(?:-[A-Z0-9]+)+\b)", text, flags=re.M)[1:]:
        rid = re.match(r"[A-Z]+(?:-[A-Z0-9]+)+", part)
        if rid:
            sections[rid.group(0)] = re.split(r"^#+ ", part, maxsplit=1, flags=re.M)[0]
    return sections


def unflagged_rulings(name: str, nb: nbformat.NotebookNode) -> list[str]:
    sections = rule_sections(nb)
    out = []
    for game, prefix in WALKTHROUGHS[name]:
        for r in jaliz_learn.load_game(game).rules:
            body = sections.get(r.id, "").lower()
            if r.id.startswith(prefix) and r.status == "ruling" and not (
                    "reading chosen" in body and "other reading" in body):
                out.append(r.id)
    return out


@pytest.mark.parametrize("name", list(WALKTHROUGHS))
def test_every_ruling_is_flagged_with_both_readings(name: str):
    missing = unflagged_rulings(name, read(NOTEBOOKS / name))
    assert not missing, (f"{name}: these rulings do not say what the rulebook says, the reading chosen and the "
                         f"other reading (issue 13): {missing}")


def test_ruling_check_can_fail():
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell(
        "### NIZ-INFO-01 · Hidden information\n\nHands are hidden.\n\n### NIZ-TURN-01 · x\n\n"
        "reading chosen: ... other reading: ...")])
    assert "NIZ-INFO-01" in unflagged_rulings("02_nizam.ipynb", nb)
