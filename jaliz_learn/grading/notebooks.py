"""Learner notebooks: read them, run their code cells, generate the learner version from the master.

The solution notebook is the master; :func:`generate_learner_notebook` replaces each
``### BEGIN SOLUTION`` ... ``### END SOLUTION`` block with ``raise NotImplementedError("...")``
(nbgrader style), drops cells tagged ``solution-only`` and clears outputs.

:func:`run_notebook` runs a notebook's code cells *in the calling process*: graders never call it
themselves, they run it in a child process (:mod:`jaliz_learn.grading.sandbox`).

>>> print(strip_solution("def f(x):\\n    ### BEGIN SOLUTION\\n    return x + 1\\n    ### END SOLUTION\\n"))
def f(x):
    raise NotImplementedError("Write your code here (replace this line).")
<BLANKLINE>
"""

from __future__ import annotations

import ast
import builtins
import copy
import io
import json
import linecache
import os
import re
import traceback
import warnings
from collections.abc import Iterable, Mapping, Sequence
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any

from ..core.text import safe_line
from ..tournament import DecisionTimeout, TimeGuard, describe_exception
from .report import GradeReport, LearnerCodeError

BEGIN_SOLUTION = "### BEGIN SOLUTION"
END_SOLUTION = "### END SOLUTION"
#: What a learner sees in place of a solution block.
DEFAULT_STUB = "Write your code here (replace this line)."
#: Markdown solution blocks become this text.
MARKDOWN_STUB = "_Write your answer here._"
SOLUTION_ONLY_TAG = "solution-only"
GRADER_SKIP_TAG = "grader-skip"
#: Top-level calls that make the grader skip a cell (they show things or grade).
SKIP_CALLS = ("check", "display")
#: The name learner code runs under (``__module__`` of the classes it defines).
LEARNER_MODULE = "__learner__"
#: The name of the learner's bot in reports and tournament tables.
LEARNER = "your bot"





def read_notebook(nb: str | Path | bytes | Mapping[str, Any]) -> dict[str, Any]:
    """A notebook as a dict (from a path, the file's bytes or a dict already loaded), sources joined to strings.

    Read with ``nbformat`` where it is installed (the jupyter extra) and validated against the notebook schema; a
    damaged file is a :class:`LearnerCodeError` saying what is wrong, never a traceback.
    """
    if isinstance(nb, Mapping):
        data = copy.deepcopy(dict(nb))
    else:
        if isinstance(nb, bytes):
            raw, where = nb, "the notebook"
        else:
            path = Path(nb)
            where = safe_line(str(path), limit=300)  # a file name may hold escapes or bytes that are not UTF-8
            try:
                raw = path.read_bytes()
            except FileNotFoundError:
                raise LearnerCodeError(f"notebook {where!r} not found") from None
            except OSError as exc:
                raise LearnerCodeError(f"notebook {where!r} could not be read: {exc.strerror}") from None
        data = _parse(raw, where)
    if not isinstance(data.get("cells"), list):
        raise LearnerCodeError("this file is not a Jupyter notebook (it has no list of cells)")
    for cell in data["cells"]:
        if not isinstance(cell, dict):
            raise LearnerCodeError("this file is not a Jupyter notebook (a cell is not an object)")
        cell["source"] = _joined(cell.get("source", ""))
    return data


def _parse(raw: bytes, where: str) -> dict[str, Any]:
    try:
        text = raw.decode("utf-8")
        data = json.loads(text)
    except UnicodeDecodeError:
        raise LearnerCodeError(f"{where} is not a valid notebook (not UTF-8 text); was it saved from Jupyter?") \
            from None
    except json.JSONDecodeError as exc:
        raise LearnerCodeError(f"{where} is not a valid notebook (JSON error on line {exc.lineno}: {exc.msg}); "
                               "was it saved completely?") from None
    except RecursionError:
        raise LearnerCodeError(f"{where} is not a valid notebook (nested too deeply)") from None
    if not isinstance(data, dict):
        raise LearnerCodeError(f"{where} is not a Jupyter notebook (its top level is not an object)")
    try:
        import nbformat
    except ImportError:  # without the jupyter extra: the structural checks of read_notebook only
        return data
    try:
        node = nbformat.from_dict(data)
        if node.get("nbformat", 0) >= 4:
            with warnings.catch_warnings():  # cells without ids (older front ends) are fine to grade
                warnings.simplefilter("ignore")
                nbformat.validate(node)
    except Exception as exc:  # nbformat's ValidationError and friends: untrusted input, one clear line
        first = safe_line(str(exc).strip().splitlines()[0], limit=200) if str(exc).strip() else type(exc).__name__
        raise LearnerCodeError(f"{where} is not a valid notebook ({first}); open it in Jupyter and save it again") \
            from None
    return data


def _joined(source: str | Sequence[str]) -> str:
    return source if isinstance(source, str) else "".join(source)


def _tags(cell: Mapping[str, Any]) -> list[str]:
    return list(cell.get("metadata", {}).get("tags", []) or [])


def _first_line(source: str) -> str:
    for line in source.splitlines():
        if line.strip():
            text = line.strip()
            return text if len(text) <= 60 else text[:57] + "..."
    return ""


def _strip_magics(source: str) -> str | None:
    """Source with IPython-only lines blanked (``%magic``, ``!shell``); ``None`` for a ``%%`` cell magic."""
    if source.lstrip().startswith("%%"):
        return None
    out = []
    for line in source.splitlines():
        stripped = line.lstrip()
        out.append("" if stripped.startswith(("%", "!")) else line)
    return "\n".join(out)


def _calls_skipped(tree: ast.Module, names: Iterable[str]) -> bool:
    """Whether a top-level statement (outside def/class) calls one of ``names``."""
    wanted = set(names)
    for stmt in tree.body:
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            continue
        for node in ast.walk(stmt):
            if isinstance(node, ast.Call):
                f = node.func
                if (isinstance(f, ast.Name) and f.id in wanted) or (isinstance(f, ast.Attribute) and f.attr in wanted):
                    return True
    return False


#: File names given to notebook cells when they run (``<cell 13>``: the 13th cell, markdown included).
CELL_FILE = "<cell {index}>"
_CELL_FILE = re.compile(r"^<cell (\d+)>$")
#: ipykernel compiles each cell to a file like ``/tmp/ipykernel_123/4567.py``.
_KERNEL_FILE = re.compile(r"ipykernel_\d+[/\\]\d+\.py$")


def cell_ref(first_line: str, index: int | None = None) -> str:
    """How every report names a notebook cell: its number as JupyterLab counts cells (markdown cells
    included, from 1) when known, and always its first line, which is what a learner can search for.

    The grader knows the number; ``check()`` inside the kernel only knows the cell's text.

    >>> cell_ref("class MyJalizBot(BaseBot):", 13)
    'cell 13 (starting `class MyJalizBot(BaseBot):`)'
    >>> cell_ref("class MyJalizBot(BaseBot):")
    'the cell starting `class MyJalizBot(BaseBot):`'
    """
    if index is None:
        return f"the cell starting `{first_line}`"
    return f"cell {index} (starting `{first_line}`)"


def _kernel_cell_index(source: str) -> int | None:
    """In a Jupyter kernel: the number of the saved notebook's cell with this source (``None`` if unknown).

    jupyter-server tells the kernel its notebook in ``JPY_SESSION_NAME``; a cell edited since the
    last save is not found, and then only its first line names it.
    """
    name = os.environ.get("JPY_SESSION_NAME", "")
    if not name.endswith(".ipynb") or not os.path.isfile(name):
        return None
    try:
        cells = read_notebook(name)["cells"]
    except (LearnerCodeError, OSError):
        return None
    wanted = source.rstrip()
    found = [i for i, c in enumerate(cells, 1) if c.get("cell_type") == "code" and c["source"].rstrip() == wanted]
    return found[0] if len(found) == 1 else None


def cell_of_file(filename: str) -> str | None:
    """The :func:`cell_ref` of a code file that is a notebook cell (graded or in a kernel), else ``None``."""
    m = _CELL_FILE.match(filename)
    lines = linecache.getlines(filename)
    first = _first_line("".join(lines)) if lines else ""
    if m is not None:
        return cell_ref(first, int(m.group(1)))
    if _KERNEL_FILE.search(filename) and lines:
        return cell_ref(first, _kernel_cell_index("".join(lines)))
    return None


def learner_frame(exc: BaseException) -> dict[str, Any] | None:
    """Where in the learner's notebook an exception was raised: the deepest frame in a notebook cell.

    A dict with ``cell`` (see :func:`cell_ref`), ``line``, ``code`` and ``method``; ``None`` when no
    frame is in a notebook cell.
    """
    for fs in reversed(traceback.extract_tb(exc.__traceback__)):
        cell = cell_of_file(fs.filename)
        if cell is not None:
            return {"cell": cell, "line": fs.lineno, "code": (fs.line or "").strip(), "method": fs.name}
    return None


def describe_learner_exception(exc: BaseException) -> str:
    """``Type: message (in method, cell 13 (starting `...`), line 28: `code`)``.

    Points at the learner's own line in the notebook when there is one (same wording in the grader
    and in ``check()``), else at the most useful frame (see :func:`jaliz_learn.tournament.describe_exception`).
    """
    where = learner_frame(exc)
    if where is None:
        return describe_exception(exc)
    try:
        text = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
    except Exception:  # a hostile __str__
        text = type(exc).__name__
    code = f": `{where['code']}`" if where["code"] else ""
    return f"{text} (in {where['method']}, {where['cell']}, line {where['line']}{code})"


def run_notebook(nb: str | Path | Mapping[str, Any], *, skip_calls: Iterable[str] = SKIP_CALLS,
                 cell_time_limit: float | None = 60.0) -> dict[str, Any]:
    """Execute a notebook's code cells in a fresh namespace *in this process* and return it.

    Cells calling ``check(...)``/``display(...)`` at top level, ``%%`` cell
    magics and cells tagged ``grader-skip`` are skipped; ``%``/``!`` lines are
    blanked. Printed output is discarded. Any error (including a cell running
    longer than ``cell_time_limit`` seconds) raises :class:`LearnerCodeError`.
    Graders run this in a child process (:mod:`jaliz_learn.grading.sandbox`), never in their own.
    """
    data = read_notebook(nb)
    namespace: dict[str, Any] = {"__name__": LEARNER_MODULE, "__builtins__": builtins}
    skip = tuple(skip_calls)
    with TimeGuard() as guard:
        for index, cell in enumerate(data["cells"], 1):
            if cell.get("cell_type") != "code":
                continue
            if GRADER_SKIP_TAG in _tags(cell):
                continue
            source = _strip_magics(cell["source"])
            if source is None or not source.strip():
                continue
            where = cell_ref(_first_line(cell["source"]), index)
            filename = CELL_FILE.format(index=index)
            try:
                tree = ast.parse(source, filename=filename)
            except SyntaxError as exc:
                line = (exc.text or "").rstrip()
                raise LearnerCodeError(f"{where} has a syntax error on line {exc.lineno}: {exc.msg}"
                                       + (f"\n    {line}" if line else "")) from None
            if _calls_skipped(tree, skip):
                continue
            linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
            code = compile(tree, filename, "exec")
            try:
                with redirect_stdout(io.StringIO()), redirect_stderr(io.StringIO()):
                    guard.call(exec, (code, namespace), cell_time_limit)
            except DecisionTimeout:
                raise LearnerCodeError(f"{where} did not finish within {cell_time_limit:g} s. Is there an endless "
                                       "loop at the top level of that cell, or a long run that should go "
                                       "inside a function?") from None
            except BaseException as exc:  # noqa: B036 - SystemExit and KeyboardInterrupt from learner code too
                hint = ""
                if isinstance(exc, NotImplementedError):
                    hint = " Replace the `raise NotImplementedError(...)` line with your own code."
                elif isinstance(exc, (ImportError, NameError)):
                    hint = " Run the cells from the top (Kernel > Restart and Run All) to see it in Jupyter."
                raise LearnerCodeError(f"{where} raised {describe_learner_exception(exc)}.{hint}") from None
    return namespace


def find_bot_classes(namespace: Mapping[str, Any]) -> dict[str, type]:
    """Classes defined by the learner's code (not imported) that have an ``act`` method."""
    return {name: obj for name, obj in namespace.items()
            if isinstance(obj, type) and obj.__module__ == LEARNER_MODULE and callable(getattr(obj, "act", None))}


def load_bot_from_notebook(nb: str | Path | Mapping[str, Any], class_name: str | None = None, *,
                           skip_calls: Iterable[str] = SKIP_CALLS, cell_time_limit: float | None = 60.0) -> type:
    """The learner's bot class from a notebook (by ``class_name``, or the only bot class it defines)."""
    namespace = run_notebook(nb, skip_calls=skip_calls, cell_time_limit=cell_time_limit)
    if class_name is not None:
        obj = namespace.get(class_name)
        if obj is None:
            found = ", ".join(find_bot_classes(namespace)) or "none"
            raise LearnerCodeError(f"the notebook defines no `{class_name}`; keep the class name given in the "
                                   f"exercise (bot classes found: {found})")
        if not isinstance(obj, type) or not callable(getattr(obj, "act", None)):
            raise LearnerCodeError(f"`{class_name}` must be a class with a method `act(self, observation, "
                                   "legal_actions)`")
        return obj
    classes = find_bot_classes(namespace)
    if len(classes) == 1:
        return next(iter(classes.values()))
    if not classes:
        raise LearnerCodeError("the notebook defines no bot class: write a class with a method "
                               "`act(self, observation, legal_actions)` that returns one of legal_actions")
    raise LearnerCodeError(f"the notebook defines several bot classes ({', '.join(classes)}); "
                           "say which one to grade with class_name=...")


# ---- generating the learner notebook -----------------------------------------------------------


def strip_solution(source: str, stub: str = DEFAULT_STUB, *, markdown: bool = False) -> str:
    """Replace every ``### BEGIN SOLUTION`` ... ``### END SOLUTION`` block of ``source``.

    Code blocks become ``raise NotImplementedError("<stub>")`` at the indentation of
    the BEGIN line; markdown blocks become :data:`MARKDOWN_STUB`. Unbalanced
    markers raise ``ValueError``.
    """
    out: list[str] = []
    inside = False
    for number, line in enumerate(source.splitlines(True), 1):
        stripped = line.strip()
        if stripped.startswith(BEGIN_SOLUTION):
            if inside:
                raise ValueError(f"line {number}: {BEGIN_SOLUTION} inside another solution block")
            inside = True
            indent = line[: len(line) - len(line.lstrip())]
            newline = "\n" if line.endswith("\n") else ""
            out.append(f"{indent}{MARKDOWN_STUB}{newline}" if markdown
                       else f"{indent}raise NotImplementedError({json.dumps(stub)}){newline}")
        elif stripped.startswith(END_SOLUTION):
            if not inside:
                raise ValueError(f"line {number}: {END_SOLUTION} without {BEGIN_SOLUTION}")
            inside = False
        elif not inside:
            out.append(line)
    if inside:
        raise ValueError(f"{BEGIN_SOLUTION} without {END_SOLUTION}")
    return "".join(out)


def learner_version(master: str | Path | Mapping[str, Any], stub: str = DEFAULT_STUB) -> dict[str, Any]:
    """The learner notebook for a solution master (as a dict; see :func:`generate_learner_notebook`)."""
    nb = read_notebook(master)
    cells = []
    for index, cell in enumerate(nb["cells"], 1):
        if SOLUTION_ONLY_TAG in _tags(cell):
            continue
        new = dict(cell)
        try:
            new["source"] = strip_solution(cell["source"], stub, markdown=cell.get("cell_type") == "markdown")
        except ValueError as exc:
            raise ValueError(f"cell {index} of the master: {exc}") from None
        if new.get("cell_type") == "code":
            new["outputs"] = []
            new["execution_count"] = None
            meta = {k: v for k, v in new.get("metadata", {}).items() if k not in ("execution", "collapsed")}
            new["metadata"] = meta
        cells.append(new)
    nb["cells"] = cells
    return nb


def notebook_text(nb: Mapping[str, Any]) -> str:
    """A notebook as the text Jupyter writes (nbformat style: sorted keys, indent 1, sources as lines)."""
    data = copy.deepcopy(dict(nb))
    for cell in data.get("cells", []):
        source = _joined(cell.get("source", ""))
        cell["source"] = source.splitlines(True)
    return json.dumps(data, sort_keys=True, indent=1, ensure_ascii=False) + "\n"


def generate_learner_notebook(master: str | Path | Mapping[str, Any], output: str | Path | None = None,
                              stub: str = DEFAULT_STUB) -> dict[str, Any]:
    """Build the learner notebook from the solution master; write it to ``output`` when given."""
    nb = learner_version(master, stub)
    if output is not None:
        Path(output).write_text(notebook_text(nb), encoding="utf-8")
    return nb


def _comparable(nb: Mapping[str, Any]) -> list[tuple[str, str, tuple[str, ...]]]:
    return [(c.get("cell_type", ""), _joined(c.get("source", "")).rstrip(), tuple(sorted(_tags(c))))
            for c in nb["cells"]]


def learner_notebook_diff(master: str | Path | Mapping[str, Any], learner: str | Path | Mapping[str, Any],
                          stub: str = DEFAULT_STUB) -> list[str]:
    """Differences between the committed learner notebook and the one generated from ``master``.

    Compares cell types, sources and tags (not outputs, ids or formatting). Empty when they agree.
    """
    want = _comparable(learner_version(master, stub))
    have = _comparable(read_notebook(learner))
    problems = []
    if len(want) != len(have):
        problems.append(f"the learner notebook has {len(have)} cells, the generated one {len(want)}")
    for index, (w, h) in enumerate(zip(want, have), 1):
        if w == h:
            continue
        if w[0] != h[0]:
            problems.append(f"cell {index}: expected a {w[0]} cell, found a {h[0]} cell")
        elif w[1] != h[1]:
            wl, hl = w[1].splitlines(), h[1].splitlines()
            line = next((i for i, (a, b) in enumerate(zip(wl, hl)) if a != b), min(len(wl), len(hl)))
            exp = wl[line] if line < len(wl) else "<end of cell>"
            got = hl[line] if line < len(hl) else "<end of cell>"
            problems.append(f"cell {index}, line {line + 1}: expected {exp!r}, found {got!r}")
        else:
            problems.append(f"cell {index}: tags {list(h[2])} instead of {list(w[2])}")
    for text in (SOLUTION_ONLY_TAG, BEGIN_SOLUTION):
        if any(text in c[1] or text in c[2] for c in have):
            problems.append(f"the learner notebook still contains {text!r}")
    return problems


def check_learner_notebook(master: str | Path | Mapping[str, Any],
                           learner: str | Path | Mapping[str, Any]) -> GradeReport:
    """A report with one item: is the learner notebook the one generated from the master?"""
    report = GradeReport("learner notebook")
    problems = learner_notebook_diff(master, learner)
    name = learner if isinstance(learner, (str, Path)) else "the learner notebook"
    report.add("generated from the master", not problems,
               "up to date" if not problems else "; ".join(problems[:5]),
               hint=f"regenerate it: python -m jaliz_learn.grading generate {master} {name}"
               if isinstance(master, (str, Path)) else "regenerate it with generate_learner_notebook()")
    return report
