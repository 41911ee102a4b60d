"""Attacks with text (issue 48), as notebooks for the hostile batch: a learner's words and a notebook's file name.

Same shape as ``attacks.py`` (whose helpers these notebooks use), but what stops these attacks is seen on the
grader's side, not in the learner's process: the learner's text must reach every file and terminal line escaped
(:func:`jaliz_learn.core.text.safe_text`), and the gradebook must still be written whole.

* ``forge_terminal``: the bot's error message holds a terminal escape that erases the line and prints a fake
  ``[PASS]``, a direction control that reverses what the teacher reads, a lone surrogate (not valid Unicode: it
  used to crash the gradebook's writer after every notebook was graded) and a line break followed by a fake check;
* ``hostile_name``: the notebook's *file name* holds bytes that are not UTF-8, a terminal escape and a direction
  control (a file name on Linux is bytes).

:func:`outcomes` reads a report of one of these attacks and says, per attempt, what the teacher's files show
(``test_isolation_modes.py`` puts it in docs/GRADING.md's table); an attempt whose text reached a report raw reads
``REACHED THE REPORT RAW``, which the batch's tests refuse.
"""

from __future__ import annotations

import json
import os
import unicodedata
from pathlib import Path

#: the notebook's file name as bytes, and the name the gradebook shows for it
HOSTILE_NAME = b"zz_name\xff\x1b[2K\r[PASS]\xe2\x80\xae.ipynb"
HOSTILE_STEM = "zz_name\\udcff\\x1b[2K\\r[PASS]\\u202e"
MARK = "FORGED"

FORGE = """FORGED = {
    "erase the teacher's terminal line and print a fake PASS": "\\x1b[2K\\r[PASS] all checks passed",
    "reverse what the teacher reads with a direction control": "\\u202eSSAP",
    "crash the gradebook's writer with a lone surrogate": "\\udcff",
    "add a fake check line with a line break": "\\n[PASS] another check",
}

class MyJalizBot(BaseBot):
    def act(self, observation, legal_actions):
        raise RuntimeError("FORGED " + " ;; ".join(f"{what} => {text}" for what, text in FORGED.items()))
"""

NAMED = """class MyJalizBot(BaseBot):
    def act(self, observation, legal_actions):
        raise RuntimeError("FORGED my file name")
"""

ATTACKS: dict[str, tuple[str, bytes, str]] = {
    "forge_terminal": ("Forge the teacher's terminal and the gradebook with the bot's error message.",
                       b"forge_terminal.ipynb", FORGE),
    HOSTILE_STEM: ("Name the notebook with bytes that are not UTF-8, a terminal escape and a direction control.",
                   HOSTILE_NAME, NAMED),
}

#: attempt -> (what must show in the report, what must not, the table's words)
CHECKS = {
    "erase the teacher's terminal line and print a fake PASS": (
        "\\x1b[2K\\r[PASS] all checks passed", "\x1b",
        "shown escaped (`\\x1b[2K\\r`): no line erased, no PASS printed"),
    "reverse what the teacher reads with a direction control": (
        "\\u202eSSAP", "\u202e", "shown escaped (`\\u202e`)"),
    "crash the gradebook's writer with a lone surrogate": (
        "\\udcff", "\udcff", "shown escaped (`\\udcff`); every file of the gradebook written"),
    "add a fake check line with a line break": (
        "\n  [PASS] another check", "\n[PASS] another check",
        "kept in the report, indented under its check; `\\n` in every cell and terminal line"),
}
NAME_ATTEMPT = "name the notebook with bytes that are not UTF-8, an escape and a direction control"


def build(folder: Path, attacks_module) -> list[str]:  # noqa: ANN001 - test helper
    """Write these attacks into ``folder`` (file names as bytes); the names the gradebook shows, without .ipynb."""
    cell = attacks_module._cell
    names = []
    for name, (what, file_name, bot) in ATTACKS.items():
        nb = {"cells": [cell("markdown", f"# Attack: {name}\n\n{what}"), cell("code", attacks_module.IMPORTS),
                        cell("code", bot), cell("code", "check(MyJalizBot)")],
              "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
              "nbformat": 4, "nbformat_minor": 5}
        with open(os.fsencode(folder) + b"/" + file_name, "w", encoding="utf-8") as f:
            f.write(json.dumps(nb, indent=1) + "\n")
        names.append(name)
    return names


def raw_controls(text: str) -> list[str]:
    """Characters no file or terminal line may hold raw (line breaks and tabs aside)."""
    return [ch for ch in text if unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Zl", "Zp") and ch not in "\n\t"]


def outcomes(report: str) -> list[tuple[str, str]]:
    """``(attempt, what the teacher's files show)`` for a report of these attacks, else ``[]``."""
    if MARK not in report:
        return []
    raw = bool(raw_controls(report))
    if "FORGED my file name" in report:
        title = report.split("\n", 1)[0]
        ok = HOSTILE_STEM in title and not raw
        return [(NAME_ATTEMPT, "shown escaped in every file and line (`\\udcff`, `\\x1b[2K`, `\\u202e`)" if ok
                 else "REACHED THE REPORT RAW")]
    found = []
    for what, (shown, hidden, words) in CHECKS.items():
        ok = shown in report and hidden not in report and not raw
        found.append((what, words if ok else "REACHED THE REPORT RAW"))
    return found
