"""``python -m jaliz_learn.grading {generate|check} MASTER LEARNER``: write or compare the learner notebook."""

from __future__ import annotations

import sys
from collections.abc import Sequence

from .notebooks import generate_learner_notebook, learner_notebook_diff


def main(argv: Sequence[str] | None = None) -> int:
    """``generate MASTER LEARNER`` writes the learner notebook; ``check MASTER LEARNER`` compares (exit 1 if stale)."""
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 3 or args[0] not in ("generate", "check"):
        print("usage: python -m jaliz_learn.grading {generate|check} MASTER.ipynb LEARNER.ipynb", file=sys.stderr)
        return 2
    command, master, learner = args
    if command == "generate":
        generate_learner_notebook(master, learner)
        print(f"wrote {learner}")
        return 0
    problems = learner_notebook_diff(master, learner)
    for p in problems:
        print(p)
    return 1 if problems else 0
