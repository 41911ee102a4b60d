"""Borrowed answers (issue 48): notebooks of exercises 4 and 5 that let the library do the work by names built at
run time, ``exec`` of the library's source or its compiled file, so that no reading of the notebook's code sees it.

Each tries every route (recorded by ``attempt`` as ``blocked (<error>)`` or ``DONE``), then USES what it found: a
route that worked turns into a pass (the library's ISMCTS wins exercise 4's games, the library's Wilson interval
gives exercise 5's numbers). Where none worked the bot makes the plain delegation itself and its error (with the
attempts after ``ATTEMPTS``) is what the report shows, so the report can name the exercise's rule.

``build(folder, exercise)`` writes the notebooks of one exercise; ``tests/hostile/test_own_work.py`` grades them.
"""

from __future__ import annotations

import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

HELPERS = """import importlib, importlib.util, json, marshal, os, sys
from pathlib import Path

import jaliz_learn

ATTEMPTS = []
PACKAGE = Path(jaliz_learn.__file__).parent

def attempt(what, action):
    try:
        value = action()
    except BaseException as exc:
        ATTEMPTS.append(f"{what}: blocked ({type(exc).__name__})")
        return None
    ATTEMPTS.append(f"{what}: DONE")
    return value

def run_source(path):
    space = {"__name__": "borrowed", "__package__": ".".join(path.relative_to(PACKAGE.parent).parts[:-1])}
    exec(compile(path.read_text(), str(path), "exec"), space)
    return space

def run_compiled(path):
    space = {"__name__": "borrowed", "__package__": ".".join(path.relative_to(PACKAGE.parent).parts[:-1])}
    exec(marshal.loads(Path(importlib.util.cache_from_source(str(path))).read_bytes()[16:]), space)
    return space

def loud(exc):
    \"\"\"The error of the plain delegation, with the attempts (the report shows both).\"\"\"
    return RuntimeError(f"{type(exc).__name__}: {exc} ATTEMPTS " + "; ".join(ATTEMPTS))
"""

SEARCH_ROUTES = """
name = "jaliz_learn.bots." + "mc" + "ts"
found = [
    attempt("import the library's search by a computed name", lambda: importlib.import_module(name)),
    attempt("run the search's source file with exec", lambda: run_source(PACKAGE / "bots" / ("mc" + "ts.py"))),
    attempt("run the search's compiled file", lambda: run_compiled(PACKAGE / "bots" / ("mc" + "ts.py"))),
    attempt("the bot registry's search by name", lambda: jaliz_learn.bots.make_bot("mc" + "ts", "bali", 0)),
]
flat = attempt("import the library's flat search",
               lambda: importlib.import_module("jaliz_learn.bots.rollout" + "_search"))
attempt("reach OpenSpiel's ISMCTS through the adapters", lambda: importlib.import_module("jaliz_learn.ada" + "pters"))
SEARCH = None
for thing in found:
    if thing is not None:
        space = thing if isinstance(thing, dict) else getattr(thing, "__dict__", {})
        SEARCH = space.get("ISMCTS" + "Bot") or (lambda seed, bot=thing: bot)
        break
"""

SEARCH_BOT = """from jaliz_learn.bots import BaseBot


class MyMonteCarloBot(BaseBot):
    def __init__(self, seed=0):
        super().__init__(seed)
        self.game = jaliz_learn.load_game("bali")
        self.sample = self.game.sample_state  # the source check looks for sample_state in the class
        self.seed = seed
        self.inner = None

    def act(self, observation, legal_actions):
        if self.inner is None:
            if SEARCH is not None:  # a route worked: the library searches every decision
                self.inner = SEARCH(self.seed) if not hasattr(SEARCH, "for_game") else SEARCH.for_game("bali",
                                                                                                       self.seed)
            else:
                try:  # the plain delegation, by a computed name
                    self.inner = getattr(importlib.import_module("jaliz_learn.bots." + "mc" + "ts"),
                                         "ISMCTS" + "Bot").for_game("bali", self.seed)
                except BaseException as exc:
                    raise loud(exc) from None
        return self.inner.act(observation, legal_actions)
"""

STATS_ROUTES = """
found = [
    attempt("import the Wilson interval by a computed name",
            lambda: getattr(importlib.import_module("jaliz_learn." + "stats"), "wilson" + "_interval")),
    attempt("the tournament's re-export by a computed name",
            lambda: getattr(importlib.import_module("jaliz_learn." + "tournament"), "wilson" + "_interval")),
    attempt("run the statistics' source file with exec",
            lambda: run_source(PACKAGE / ("sta" + "ts.py"))["wilson" + "_interval"]),
    attempt("run the statistics' compiled file",
            lambda: run_compiled(PACKAGE / ("sta" + "ts.py"))["wilson" + "_interval"]),
]
attempt("import the ladder's ratings", lambda: importlib.import_module("jaliz_learn." + "ladder"))
attempt("import the teacher kit's answers", lambda: importlib.import_module("jaliz_learn_" + "teacher.answers.ex05"))
WILSON = next((f for f in found if f is not None), None)
"""

STATS_METHOD = """    def wilson(self, wins, n, z):
        if WILSON is not None:  # a route worked: the library computes the interval
            return WILSON(wins, n, z)
        try:  # the plain delegation, by a computed name
            return getattr(importlib.import_module("jaliz_learn." + "tournament"), "wilson" + "_interval")(wins, n, z)
        except BaseException as exc:
            raise loud(exc) from None
"""


def _cell(kind: str, source: str) -> dict:
    cell = {"cell_type": kind, "metadata": {}, "source": source.strip("\n").splitlines(True)}
    if kind == "code":
        cell.update(execution_count=None, outputs=[])
    return cell


def _notebook(cells: list[dict]) -> dict:
    return {"cells": cells, "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python",
                                                         "name": "python3"}}, "nbformat": 4, "nbformat_minor": 5}


def _solution_class(exercise: str, class_name: str) -> str:
    nb = json.loads((ROOT / "exercises" / exercise / "solution.ipynb").read_text(encoding="utf-8"))
    for cell in nb["cells"]:
        text = "".join(cell["source"])
        if cell["cell_type"] == "code" and f"class {class_name}" in text:
            return "\n".join(line for line in text.splitlines() if "### " not in line)
    raise LookupError(class_name)


def _replace_method(source: str, method: str, new: str) -> str:
    lines = source.splitlines()
    start = next(i for i, line in enumerate(lines) if line.strip().startswith(f"def {method}("))
    end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("    def ")), len(lines))
    return "\n".join(lines[:start] + new.rstrip("\n").splitlines() + [""] + lines[end:])


#: exercise folder -> {notebook name: what the learner tries}
ATTACKS = {
    "04_monte_carlo_search": {"borrow_the_search": "Let the library's ISMCTS make every decision, reached by names "
                                                   "built at run time, exec of its source or its compiled file."},
    "05_experiments": {"borrow_the_interval": "Return the library's Wilson interval from wilson(), reached by names "
                                              "built at run time, exec of its source or its compiled file."},
}


def build(folder: Path, exercise: str) -> list[str]:
    """Write the attacks of ``exercise`` into ``folder``; their names."""
    (name, what), = ATTACKS[exercise].items()
    if exercise.startswith("04"):
        cells = [SEARCH_ROUTES, SEARCH_BOT]
        header = "import jaliz_learn.bots\n"
    else:
        honest = _solution_class(exercise, "MyExperiments")
        cells = [STATS_ROUTES, "import math\n\n" + _replace_method(honest, "wilson", STATS_METHOD)]
        header = ""
    nb = _notebook([_cell("markdown", f"# Attack: {name}\n\n{what}"), _cell("code", header + HELPERS),
                    *(_cell("code", c) for c in cells)])
    (folder / f"{name}.ipynb").write_text(json.dumps(nb, indent=1) + "\n", encoding="utf-8")
    return [name]
