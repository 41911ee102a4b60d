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

#: Why a rule refuses an action: ``(rule ID, reason)``. A game's rule check returns one, or ``None`` when the
#: action is allowed; the legal actions and ``explain_illegal`` ask the same check (issue 51).
Refusal = tuple[str, str]


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


#: A rule ID as the code cites it: a prefix and at least two more parts (``JAL-R-GIFT``, ``NIZ-MOVE-02``).
RULE_ID = re.compile(r"\b[A-Z]{3,4}(?:-[A-Z0-9]+){2,}\b")

#: Modules that hold numbers and tables: a rule that is a number lands on its line there.
DATA_MODULES = frozenset({"data.py", "events_data.py"})

#: Modules that only word refusals; a rule lands there only when nothing else cites it.
MESSAGE_MODULES = frozenset({"explain.py"})

#: A docstring citing more rule IDs than the rule itself and this many others is a hub (a dispatcher or a
#: function that applies many rules), not the rule's own code.
MAX_OTHER_IDS = 3


def rule_locations(rule_id: str, package: Path, skip: Iterable[Path] = ()) -> list[tuple[Path, int, str]]:
    """Where the code of ``rule_id`` is, in the game package folder ``package`` (less the folders in ``skip``: a
    variant's own folder when asked for the standard game): every function or class whose docstring cites the ID,
    as ``(file, line, qualified name)``, best first. The function that decides comes first: one whose docstring
    cites the ID and at most :data:`MAX_OTHER_IDS` others, outside the message modules, the shortest first (the
    function that *is* the rule before a longer one that uses it); hubs citing more IDs and refusal messages come
    after. Where no docstring cites it, the first line of code that does (a comment only when no code line does), a
    data module's line before any other, with the
    name of the function around it (``""`` for a line outside any function: a data table, a module docstring).

    >>> import jaliz_learn
    >>> path, line, name = rule_locations("JAL-R-GIFT", game_package(jaliz_learn.load_game("jaliz")))[0]
    >>> path.name, name
    ('market.py', 'MarketRules._give')
    """
    found: list[tuple[tuple[int, int], Path, int, str]] = []
    lines: list[tuple[int, Path, int, str]] = []
    pattern = re.compile(rf"\b{re.escape(rule_id)}\b")
    skipped = [Path(s) for s in skip]
    for path in sorted(package.rglob("*.py")):
        if "__pycache__" in path.parts or path.name == "catalogue.py" or any(s in path.parents for s in skipped):
            continue
        text = path.read_text(encoding="utf-8")
        if not pattern.search(text):
            continue
        tree = ast.parse(text)
        message = path.name in MESSAGE_MODULES
        cited = [(t.lstrip().startswith("#"), i) for i, t in enumerate(text.splitlines(), 1) if pattern.search(t)]
        line = min(cited)[1]  # a line of code (a value, a table) before a comment that mentions the rule
        around = [(node.lineno, name) for node, name in _definitions(tree)
                  if not isinstance(node, ast.ClassDef) and node.lineno <= line <= (node.end_lineno or node.lineno)]
        rank = 0 if path.name in DATA_MODULES else 2 if message else 1
        lines.append((rank, path, line, max(around)[1] if around else ""))
        for node, qualname in _definitions(tree):
            doc = ast.get_docstring(node) or ""
            if pattern.search(doc):
                hub = len(set(RULE_ID.findall(doc)) - {rule_id}) > MAX_OTHER_IDS
                size = (node.end_lineno or node.lineno) - node.lineno
                found.append(((2 if message else 1 if hub else 0, size), path, node.lineno, qualname))
    if found:
        return [(path, line, name) for _, path, line, name in sorted(found, key=lambda f: f[0])]
    return [min(lines, key=lambda f: f[0])[1:]] if lines else []


def game_package(game: object) -> Path:
    """The folder of a game's package under ``jaliz_learn/games`` (a variant's own folder lies inside it:
    ``jaliz/advanced`` belongs to ``jaliz``), where :func:`rule_locations` looks."""
    module = Path(sys.modules[type(game).__module__].__file__ or "")
    return next(p for p in module.parents if p.parent.name == "games")


def variant_folders(game: object) -> list[Path]:
    """The folders of other variants inside a game's package, which a lookup for this game skips: for standard
    Jaliz, ``jaliz/advanced``; for Jaliz advanced, none (it builds on the standard rules)."""
    package = game_package(game)
    home = Path(sys.modules[type(game).__module__].__file__ or "").parent
    return [d for d in sorted(package.iterdir()) if d.is_dir() and (d / "__init__.py").exists()
            and d != home and d not in home.parents]


def locate_rule(game: object, rule_id: str) -> list[tuple[Path, int, str]]:
    """:func:`rule_locations` of ``rule_id`` in ``game``'s own code (never a variant's folder): what
    ``jaliz-learn rules GAME --where ID`` prints."""
    return rule_locations(rule_id, game_package(game), variant_folders(game))


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

