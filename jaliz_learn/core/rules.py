"""Rule catalogues: every rule of a rulebook gets an ID, a title and a paraphrase.

Code cites the IDs in comments and docstrings, tests are tagged with
``@pytest.mark.rules("JAL-PLANT-01", ...)``, and ``jaliz-learn rules GAME
--coverage`` reports the share of IDs exercised by at least one test.

>>> cat = RuleCatalogue("demo", [Rule("D-1", "Setup", "Deal five cards.", "Setup")])
>>> cat["D-1"].title
'Setup'
"""

from __future__ import annotations

import ast
import re
import sys
import textwrap
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Rule:
    """One rule: ``id``, short ``title``, one-line ``text`` and the rulebook ``section``.

    ``status`` is ``"rulebook"`` for rules printed in the rulebook, ``"ruling"``
    for decisions recorded in docs/RULINGS.md, ``"proposed"`` for reconstructed rules.
    """

    id: str
    title: str
    text: str
    section: str
    status: str = "rulebook"


class RuleCatalogue:
    """An ordered collection of rules with unique IDs."""

    def __init__(self, game: str, rules: Iterable[Rule]) -> None:
        self.game = game
        self._rules: dict[str, Rule] = {}
        for r in rules:
            if r.id in self._rules:
                raise ValueError(f"duplicate rule ID {r.id} in the {game} catalogue")
            self._rules[r.id] = r

    def __getitem__(self, rule_id: str) -> Rule:
        return self._rules[rule_id]

    def __contains__(self, rule_id: object) -> bool:
        return rule_id in self._rules

    def __iter__(self) -> Iterator[Rule]:
        return iter(self._rules.values())

    def __len__(self) -> int:
        return len(self._rules)

    @property
    def ids(self) -> list[str]:
        return list(self._rules)

    def table(self) -> str:
        width = max((len(r.id) for r in self), default=4)
        return "\n".join(f"{r.id:<{width}}  [{r.section}] {r.title}: {r.text}" for r in self)

    def __repr__(self) -> str:
        return f"<RuleCatalogue {self.game}: {len(self)} rules>"

    def _repr_markdown_(self) -> str:
        lines = ["| ID | Section | Rule |", "|---|---|---|"]
        lines += [f"| {r.id} | {r.section} | **{r.title}**: {r.text} |" for r in self]
        return "\n".join(lines)


def tagged_rule_ids(tests_dir: Path) -> dict[str, set[str]]:
    """Rule IDs named in ``pytest.mark.rules(...)`` markers, mapped to the test files naming them.

    Reads the test sources with :mod:`ast` (no test is run), so the report is fast
    and deterministic. Both decorators and module-level ``pytestmark`` count.
    """
    found: dict[str, set[str]] = {}
    for path in sorted(tests_dir.rglob("*.py")):
        try:
            tree = ast.parse(path.read_text(encoding="utf-8"))
        except SyntaxError:
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and _is_rules_marker(node.func):
                for arg in node.args:
                    for const in ast.walk(arg):
                        if isinstance(const, ast.Constant) and isinstance(const.value, str):
                            found.setdefault(const.value, set()).add(str(path))
    return found


def _is_rules_marker(func: ast.expr) -> bool:
    return isinstance(func, ast.Attribute) and func.attr == "rules" and (
        isinstance(func.value, ast.Attribute) and func.value.attr == "mark"
    )


def coverage(catalogue: RuleCatalogue, tests_dir: Path) -> tuple[list[str], list[str]]:
    """(covered IDs, missing IDs) of a catalogue against the tagged tests."""
    tagged = tagged_rule_ids(tests_dir)
    covered = [r.id for r in catalogue if r.id in tagged]
    missing = [r.id for r in catalogue if r.id not in tagged]
    return covered, missing


def rule_locations(rule_id: str, package: Path) -> list[tuple[Path, int, str]]:
    """Where the code of ``rule_id`` is, in the game package folder ``package``: every function or class whose
    docstring cites the ID, as ``(file, line, qualified name)``, the shortest first (the function that *is* the
    rule before a longer one that uses it); where no docstring cites it, the first line that does, with the name of
    the function around it (``""`` for a line outside any function: a data table, a module docstring).
    """
    found: list[tuple[int, Path, int, str]] = []
    first: tuple[Path, int, str] | None = None
    pattern = re.compile(rf"\b{re.escape(rule_id)}\b")
    for path in sorted(package.rglob("*.py")):
        if "__pycache__" in path.parts or path.name == "catalogue.py":
            continue
        text = path.read_text(encoding="utf-8")
        if not pattern.search(text):
            continue
        tree = ast.parse(text)
        if first is None:
            line = next(i for i, t in enumerate(text.splitlines(), 1) if pattern.search(t))
            around = [(node.lineno, name) for node, name in _definitions(tree)
                      if not isinstance(node, ast.ClassDef) and node.lineno <= line <= (node.end_lineno or node.lineno)]
            first = (path, line, max(around)[1] if around else "")
        for node, qualname in _definitions(tree):
            doc = ast.get_docstring(node) or ""
            if pattern.search(doc):
                size = (node.end_lineno or node.lineno) - node.lineno
                found.append((size, path, node.lineno, qualname))
    if found:
        return [(path, line, name) for _, path, line, name in sorted(found)]
    return [first] if first else []


def game_package(game: object) -> Path:
    """The folder of a game's package under ``jaliz_learn/games`` (a variant's own folder lies inside it:
    ``jaliz/advanced`` belongs to ``jaliz``), where :func:`rule_locations` looks."""
    module = Path(sys.modules[type(game).__module__].__file__ or "")
    return next(p for p in module.parents if p.parent.name == "games")


def definition_source(path: Path, line: int) -> str:
    """The source of the function or class defined at ``line`` of ``path`` (dedented), or that line alone."""
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    for node, _ in _definitions(ast.parse(text)):
        if node.lineno == line:
            return textwrap.dedent("\n".join(lines[line - 1:node.end_lineno or line]))
    return lines[line - 1].strip()


Definition = ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef


def _definitions(tree: ast.AST, prefix: str = "") -> Iterator[tuple[Definition, str]]:
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            name = f"{prefix}{node.name}"
            yield node, name
            yield from _definitions(node, name + ".")

