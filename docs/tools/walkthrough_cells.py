"""Cells shared by the walkthrough builders (build_jaliz_notebooks.py, build_nizam_notebook.py,
build_03_jaliz_advanced.py): a builder lists ``(kind, source)`` cells, writes them as a notebook and
executes it in place so that nbval has outputs to compare.

* :func:`rule` opens the section of one rule ID with its catalogue title and paraphrase;
* :func:`ruling` adds what the rulebook says, the reading chosen and the other reading (issue 13);
* :func:`question` ends a section with a question whose answer is folded in ``<details>``;
* :func:`rule_headings` lists the IDs that open a heading, for the builders' catalogue-order check
  (tests/test_notebooks.py checks the stored notebooks the same way).
"""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

Cell = tuple[str, str]
JUPYTER = Path(sys.executable).with_name("jupyter")
#: how a rule's status is named after its paraphrase; anything else is "rulebook: <section>"
STATUS_LABELS = {"ruling": "ruling", "proposed": "reconstructed"}


def md(text: str) -> Cell:
    return ("md", text.strip("\n"))


def code(text: str) -> Cell:
    return ("code", text.strip("\n"))


def rule(r: Any, body: str = "") -> Cell:
    """A heading for one rule (a catalogue ``Rule``): its ID and title, the paraphrase, then ``body``."""
    kind = STATUS_LABELS.get(r.status, f"rulebook: {r.section}")
    text = f"### {r.id} · {r.title}\n\n> {r.text} *({kind})*"
    if body.strip():
        text += "\n\n" + body.strip("\n")
    return ("md", text)


def ruling(r: Any, says: str, chosen: str, other: str, body: str = "") -> Cell:
    """A ruling (or a reconstructed rule): its heading, what the rulebook says, the reading chosen, the other."""
    label = "Reconstructed rule" if r.status == "proposed" else "Ruling"
    flagged = (f"**{label} {r.id}.** *The rulebook says:* {says.strip()}\n\n"
               f"* **Reading chosen:** {chosen.strip()}\n* **Other reading:** {other.strip()}")
    return rule(r, flagged + ("\n\n" + body.strip("\n") if body.strip() else ""))


#: The game's own rule-based bot, named in its ladder cell.
OWN_BOT = {"jaliz": "heuristic", "jaliz-advanced": "heuristic", "nizam": "greedy", "pearl-of-the-east": "greedy",
           "jungli-la": "greedy", "bali": "greedy", "bali-tani": "greedy"}


def rule_code_cells(game: str, rule_id: str, also: str) -> list[Cell]:
    """A short section: where a rule is carried out in the engine, and its code (issue 26)."""
    return [md(f"""
---
## Every rule in the code

Each rule ID above is also in the engine's code: the function that carries the rule out cites its ID, so a rule
is one call away. `rule_code` shows where a rule is and its code (in a terminal:
`jaliz-learn rules {game} --where {rule_id}`). Try another ID, e.g. `rule_code("{also}", "{game}")`; a rule that is
a number or a table points at the game's `data.py`.
"""), code(f"""
from jaliz_learn.teaching import rule_code

rule_code("{rule_id}", "{game}")
""")]


def ladder_cells(game: str, games: int = 12, options: str = "") -> list[Cell]:
    """The closing section of a walkthrough: what "good" means, as a bot ladder (issue 34)."""
    own = OWN_BOT[game]
    return [md(f"""
---
## How good is good? The bot ladder

Before writing a bot, see where the reference bots stand. A *ladder* plays bots against each other with the
seats rotated and gives each a **rating** on the Elo scale: 400 points more means winning a head-to-head
comparison about 10 times as often (random sits at 0). The interval says how sure the rating is: a dozen games
only tell a big gap from a small one. Below, random against the game's own {own} bot, in a few seconds; the
whole ladder with the search bot at two budgets takes minutes on a laptop:
`jaliz-learn ladder {game} --games 60 --jobs 2` (or `ladder("{game}")` in Python, and `plot_ladder(table)`).
"""), code(f"""
from jaliz_learn.ladder import ladder

table = ladder("{game}", ["random", "{own}"], games={games}, seed=1, executor=None, bootstrap=50)
table.drop(columns=["mean_ms"])  # (the time per decision differs from machine to machine)
""")]


def question(q: str, a: str) -> Cell:
    """The question that ends a section (in class: ask, let them think, then open the answer)."""
    return ("md", f"**Question.** {q.strip()}\n\n<details><summary>Answer</summary>\n\n{a.strip()}\n\n</details>")


def rule_headings(cells: Iterable[Cell]) -> list[str]:
    """The rule IDs that open a heading (``### NIZ-MOVE-01 · ...``), in order."""
    return [m.group(1) for kind, src in cells if kind == "md"
            for m in re.finditer(r"^#+ ([A-Z]+(?:-[A-Z0-9]+)+) ", src, re.M)]


def check_order(cells: Iterable[Cell], want: list[str], prefix: str = "") -> None:
    """Stop the build unless the headings (those starting with ``prefix``) are exactly ``want``, in order."""
    got = [rid for rid in rule_headings(cells) if rid.startswith(prefix)]
    if got != want:
        missing = [rid for rid in want if rid not in got]
        raise SystemExit(f"rule headings differ from the catalogue: missing {missing}; headings in order: {got}")


def make_notebook(cells: Iterable[Cell]) -> nbformat.NotebookNode:
    nb = new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nb.metadata["language_info"] = {"name": "python"}
    for kind, src in cells:
        if kind == "md":
            nb.cells.append(new_markdown_cell(src))
            continue
        cell = new_code_cell(src)
        if "NBVAL_RAISES_EXCEPTION" in src:
            cell.metadata["tags"] = ["raises-exception"]  # lets nbconvert --execute store the error and go on
        nb.cells.append(cell)
    return nb


def execute(path: Path) -> None:
    """Run the notebook in place (outputs stored for nbval), from its own folder."""
    jupyter = [str(JUPYTER)] if JUPYTER.exists() else [sys.executable, "-m", "jupyter"]
    subprocess.run([*jupyter, "nbconvert", "--to", "notebook", "--execute", "--inplace",
                    "--ExecutePreprocessor.timeout=300", str(path)], check=True, cwd=path.parent)
