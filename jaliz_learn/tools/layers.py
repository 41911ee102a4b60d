"""The package's import graph: layers that run one way, and no circles.

``python -m jaliz_learn.tools.layers`` prints, for every module, the modules of this package it imports, then
every import that runs against the layers and every circle; the exit status is 1 when there is either.

Layers, lowest first (a module may import its own layer and the layers below): ``core`` -> ``games`` ->
``bots``, ``tournament``, ``executors``, ``progress``, ``course`` -> ``adapters``, ``benchmarks``, ``grading``
-> ``pictures``, ``widgets``, ``exercises``, ``teaching`` and the package itself (the public API the widgets
use) -> ``tools``, ``cli``. Every
import counts: at the top of a module and inside a function (an import delayed for speed is still a
dependency), except those under ``if TYPE_CHECKING:`` (types only).

>>> graph = import_graph()
>>> "jaliz_learn.core.game" in graph["jaliz_learn.games.nizam.game"]
True
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterable
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1]
#: the layer of each top-level part of the package (``jaliz_learn.<part>``); higher imports lower, never back
LAYERS = {"core": 0, "games": 1, "bots": 2, "tournament": 2, "stats": 2, "ladder": 2, "executors": 2, "progress": 2,
          "sequential": 2,
          "course": 2,
          "adapters": 3, "benchmarks": 3, "grading": 3, "tables": 3,
          "pictures": 4, "widgets": 4, "exercises": 4, "exercise_tools": 4, "teaching": 4,
          "tools": 5, "cli": 5, "__main__": 5,
          # the package itself is the public API (load_game, play, ...): the widgets use it, and it shows positions
          # with the pictures
          "__init__": 4}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _files() -> dict[str, Path]:
    files = {module_name(p): p for p in PACKAGE.rglob("*.py") if "__pycache__" not in p.parts}
    widgets = PACKAGE.parent / "widgets"  # installs as jaliz_learn.widgets
    for p in widgets.glob("*.py") if widgets.is_dir() else ():
        name = "jaliz_learn.widgets" + ("" if p.stem == "__init__" else f".{p.stem}")
        files[name] = p
    return files


def _type_checking_lines(tree: ast.Module) -> set[int]:
    lines: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for child in node.body:
                lines.update(range(child.lineno, (child.end_lineno or child.lineno) + 1))
    return lines


def imports_of(name: str, path: Path, known: Iterable[str]) -> set[str]:
    """The package's modules that module ``name`` imports (resolved to modules that exist)."""
    known = set(known)
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = _type_checking_lines(tree)
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    found: set[str] = set()
    for node in ast.walk(tree):
        if getattr(node, "lineno", 0) in skip:
            continue
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                stem = ".".join(base + ([node.module] if node.module else []))
            else:
                stem = node.module or ""
            # ``from X import y`` imports module X.y where it is one, else the name y of module X
            targets = [f"{stem}.{a.name}" if f"{stem}.{a.name}" in known else stem for a in node.names]
        for target in targets:
            while target and target not in known:
                target = target.rsplit(".", 1)[0] if "." in target else ""
            if target and target != name and target.startswith("jaliz_learn"):
                found.add(target)
    return found


def import_graph() -> dict[str, set[str]]:
    """Every module of the package and the package modules it imports."""
    files = _files()
    return {name: imports_of(name, path, files) for name, path in files.items()}


def layer(name: str) -> int:
    parts = name.split(".")
    return LAYERS.get(parts[1] if len(parts) > 1 else "__init__", 5)


def upward_imports(graph: dict[str, set[str]]) -> list[tuple[str, str]]:
    """``(importer, imported)`` where a lower layer imports a higher one."""
    bad = []
    for name, targets in sorted(graph.items()):
        for target in sorted(targets):
            if layer(target) > layer(name):
                bad.append((name, target))
    return bad


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []
    counter = [0]

    def edges(v: str) -> list[str]:
        return sorted(graph.get(v, ()))

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))

    def visit(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in edges(v):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sorted(groups)


def main(argv: list[str] | None = None) -> int:
    graph = import_graph()
    quiet = "--quiet" in (argv if argv is not None else sys.argv[1:])
    if not quiet:
        for name in sorted(graph):
            print(f"{name}: {', '.join(sorted(graph[name])) or '-'}")
    up, loops = upward_imports(graph), circles(graph)
    for name, target in up:
        print(f"upward import: {name} -> {target}")
    for group in loops:
        print(f"import circle: {' <-> '.join(group)}")
    print(f"{len(graph)} modules, {len(up)} upward imports, {len(loops)} circles")
    return 1 if up or loops else 0


if __name__ == "__main__":
    sys.exit(main())
