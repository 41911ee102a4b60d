"""Grading bot exercises: load a learner's bot, generate learner notebooks, check bots.

Every exercise reuses these pieces:

* **Notebooks.** :func:`load_bot_from_notebook` executes a notebook's code cells
  (skipping cells that call ``check(...)`` or ``display(...)``, IPython magics and
  cells tagged ``grader-skip``) and returns the learner's bot class. Errors become
  a :class:`LearnerCodeError` whose message names the cell and the line.
* **Learner versions.** The solution notebook is the master.
  :func:`generate_learner_notebook` replaces each ``### BEGIN SOLUTION`` ...
  ``### END SOLUTION`` block with ``raise NotImplementedError("...")`` (nbgrader
  style), drops cells tagged ``solution-only`` and clears outputs;
  :func:`learner_notebook_diff` tells whether the committed learner notebook is
  still the generated one. Command line::

      python -m jaliz_learn.grading generate MASTER.ipynb LEARNER.ipynb
      python -m jaliz_learn.grading check MASTER.ipynb LEARNER.ipynb

* **Checks.** :func:`check_legality` (many seeded games, the bot must always
  return a legal action), :func:`check_time_limit` (every decision within the
  limit) and :func:`check_win_rate` (win rate against ``RandomBot`` with seats
  rotated) each return a :class:`GradeReport`; :func:`grade_bot` and
  :func:`grade_notebook` run all of them. A bot that raises, hangs or returns a
  non-action is contained (see :mod:`jaliz_learn.tournament`) and reported in
  words a learner can act on, with a hint; it never crashes the grader.

>>> print(strip_solution("def f(x):\\n    ### BEGIN SOLUTION\\n    return x + 1\\n    ### END SOLUTION\\n"))
def f(x):
    raise NotImplementedError("Write your code here (replace this line).")
<BLANKLINE>
"""

from __future__ import annotations

import ast
import builtins
import copy
import html
import io
import json
import linecache
import sys
from collections.abc import Iterable, Mapping, Sequence
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .bots.base import RandomBot
from .core.errors import JalizLearnError
from .core.game import Game
from .core.play import as_game
from .tournament import DecisionTimeout, TimeGuard, describe_exception, games_frame, tournament

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


class LearnerCodeError(JalizLearnError):
    """The learner's notebook could not be run or has no usable bot; the message says what to fix."""


# ---- reports -----------------------------------------------------------------------------------


@dataclass
class CheckResult:
    """One graded item: did it pass, what happened, and a hint when it did not."""

    name: str
    passed: bool
    message: str
    hint: str = ""
    details: dict[str, Any] = field(default_factory=dict)

    def __str__(self) -> str:
        mark = "PASS" if self.passed else "FAIL"
        text = f"[{mark}] {self.name}: {self.message}"
        if self.hint and not self.passed:
            text += "\n       hint: " + self.hint.replace("\n", "\n             ")
        return text


@dataclass
class GradeReport:
    """A list of :class:`CheckResult` with a verdict; prints as text, shows as HTML in Jupyter.

    >>> r = GradeReport("demo")
    >>> _ = r.add("legal moves", True, "30 games, all legal")
    >>> _ = r.add("win rate", False, "won 40%, needed 50%", hint="look one move ahead")
    >>> r.passed, r.summary()
    (False, 'demo: 1 of 2 checks passed')
    """

    title: str = "Grade report"
    items: list[CheckResult] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        """True when there is at least one item and every item passed."""
        return bool(self.items) and all(i.passed for i in self.items)

    @property
    def failed(self) -> list[CheckResult]:
        return [i for i in self.items if not i.passed]

    def add(self, name: str, passed: bool, message: str, hint: str = "", **details: Any) -> CheckResult:
        item = CheckResult(name, bool(passed), message, hint, dict(details))
        self.items.append(item)
        return item

    def extend(self, other: GradeReport) -> GradeReport:
        self.items.extend(other.items)
        return self

    def summary(self) -> str:
        ok = sum(1 for i in self.items if i.passed)
        return f"{self.title}: {ok} of {len(self.items)} checks passed"

    def __str__(self) -> str:
        lines = [self.summary()] + [str(i) for i in self.items]
        if self.passed:
            lines.append("All checks passed. Well done!")
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        rows = []
        for i in self.items:
            mark = "&#9989;" if i.passed else "&#10060;"
            hint = f"<br><i>Hint: {html.escape(i.hint)}</i>" if i.hint and not i.passed else ""
            rows.append(f"<tr><td>{mark}</td><td><b>{html.escape(i.name)}</b></td>"
                        f"<td style='text-align:left'>{html.escape(i.message)}{hint}</td></tr>")
        verdict = "All checks passed. Well done!" if self.passed else "Some checks failed: see the hints."
        return (f"<div><b>{html.escape(self.summary())}</b><table>{''.join(rows)}</table>"
                f"<p>{verdict}</p></div>")

    def to_dataframe(self) -> Any:
        import pandas as pd

        return pd.DataFrame([{"check": i.name, "passed": i.passed, "message": i.message, "hint": i.hint}
                             for i in self.items])

    def assert_passed(self) -> None:
        """Raise ``AssertionError`` with the whole report unless every check passed (for tests)."""
        if not self.passed:
            raise AssertionError(str(self))


# ---- running a learner's notebook ----------------------------------------------------------------


def read_notebook(nb: str | Path | Mapping[str, Any]) -> dict[str, Any]:
    """A notebook as a dict (from a path or a dict already loaded), sources joined to strings."""
    if isinstance(nb, Mapping):
        data = copy.deepcopy(dict(nb))
    else:
        path = Path(nb)
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise LearnerCodeError(f"notebook {str(path)!r} not found") from None
        except json.JSONDecodeError as exc:
            raise LearnerCodeError(f"{path} is not a valid notebook (JSON error on line {exc.lineno}: {exc.msg}); "
                                   "was it saved completely?") from None
    if not isinstance(data.get("cells"), list):
        raise LearnerCodeError("this file is not a Jupyter notebook (it has no list of cells)")
    for cell in data["cells"]:
        cell["source"] = _joined(cell.get("source", ""))
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


def run_notebook(nb: str | Path | Mapping[str, Any], *, skip_calls: Iterable[str] = SKIP_CALLS,
                 cell_time_limit: float | None = 60.0) -> dict[str, Any]:
    """Execute a notebook's code cells in a fresh namespace and return it.

    Cells calling ``check(...)``/``display(...)`` at top level, ``%%`` cell
    magics and cells tagged ``grader-skip`` are skipped; ``%``/``!`` lines are
    blanked. Printed output is discarded. Any error (including a cell running
    longer than ``cell_time_limit`` seconds) raises :class:`LearnerCodeError`.
    """
    data = read_notebook(nb)
    namespace: dict[str, Any] = {"__name__": LEARNER_MODULE, "__builtins__": builtins}
    skip = tuple(skip_calls)
    number = 0
    with TimeGuard() as guard:
        for cell in data["cells"]:
            if cell.get("cell_type") != "code":
                continue
            number += 1
            if GRADER_SKIP_TAG in _tags(cell):
                continue
            source = _strip_magics(cell["source"])
            if source is None or not source.strip():
                continue
            where = f"code cell {number} (starting `{_first_line(cell['source'])}`)"
            filename = f"<cell {number}>"
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
            except (Exception, SystemExit) as exc:
                hint = ""
                if isinstance(exc, NotImplementedError):
                    hint = " Replace the `raise NotImplementedError(...)` line with your own code."
                elif isinstance(exc, (ImportError, NameError)):
                    hint = " Run the cells from the top (Kernel > Restart and Run All) to see it in Jupyter."
                raise LearnerCodeError(f"{where} raised {describe_exception(exc)}.{hint}") from None
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


# ---- checking a bot ----------------------------------------------------------------------------


def _seats(game: Game, num_players: int | None) -> int:
    n = num_players if num_players is not None else game.resolve_num_players(None)
    game.info.check_players(n)
    return n


def _learner_games(game: Game | str, bot: Any, *, games: int, num_players: int | None, seed: int,
                   opponent: Any, time_limit: float | None,
                   max_failures: int | None = None) -> tuple[Game, Any, Any]:
    g = as_game(game)
    n = _seats(g, num_players)
    entries = [(LEARNER, bot)] + [("opponent", opponent)] * (n - 1)
    df = tournament(g, entries, games=games, seed=seed, num_players=n, time_limit=time_limit,
                    max_failures=max_failures)
    rows = games_frame(df)
    return g, df, rows[rows["bot"] == LEARNER]


def failure_hint(kind: str, reason: str, time_limit: float | None = None) -> str:
    """Advice for one kind of failure, in words a learner can act on."""
    if kind == "crash":
        if reason.startswith("NotImplementedError"):
            return ("act() still raises NotImplementedError: replace the `raise NotImplementedError(...)` line "
                    "with your own code that returns one of legal_actions.")
        if reason.startswith("creating the bot failed"):
            return "your class could not be created: check __init__ (it is called as YourBot(seed))."
        return ("your code raised an error. The message shows the line; try the same call yourself "
                "in a cell, e.g. with the observation of a game at that point.")
    if kind == "timeout":
        limit = f"{time_limit:g} s" if time_limit is not None else "the time limit"
        return (f"one decision took longer than {limit}. Look for a loop that never ends (a `while` whose "
                "condition never changes) or a search that goes too deep; search less deeply or stop early.")
    if kind == "non-action":
        if "returned None" in reason:
            return "act() returned None: did you forget the `return` statement on some path through act()?"
        if "(int)" in reason:
            return "return the action itself, e.g. `return legal_actions[i]`, not the index i."
        if "(str)" in reason:
            return "return an action object from legal_actions, not its text."
        return "act() must return one of the objects in legal_actions."
    if kind == "illegal":
        return ("return only actions taken from legal_actions. If you build an action yourself, check "
                "`action in legal_actions` first and fall back to a legal one.")
    return ""


_FAILURE_WORDS = {"crash": ("crash", "crashes"), "timeout": ("timeout", "timeouts"),
                  "non-action": ("non-action", "non-actions"), "illegal": ("illegal action", "illegal actions")}


def _count(n: int, words: tuple[str, str]) -> str:
    return f"{n} {words[0] if n == 1 else words[1]}"


def _first_failure(rows: Any) -> dict[str, Any] | None:
    bad = rows[rows["failure"].notna()]
    if bad.empty:
        return None
    first: dict[str, Any] = bad.iloc[0].to_dict()
    return first


def _where(row: Mapping[str, Any]) -> str:
    return f"game seed {row['seed']}, seat {row['seat']}, decision '{row['decision']}'"


def check_legality(game: Game | str, bot: Any, *, games: int = 30, num_players: int | None = None, seed: int = 0,
                   opponent: Any = RandomBot, time_limit: float | None = 5.0,
                   max_failures: int | None = 3) -> GradeReport:
    """Play ``games`` seeded games (learner's seat rotated, ``opponent`` elsewhere): every action must be legal.

    Any crash, non-action, illegal action or hang (past ``time_limit``) fails the check;
    the sweep stops after ``max_failures`` failed games.
    """
    g, df, rows = _learner_games(game, bot, games=games, num_players=num_players, seed=seed,
                                 opponent=opponent, time_limit=time_limit, max_failures=max_failures)
    report = GradeReport(f"{g.name}: legal play")
    played = rows["game"].nunique()
    decisions = int(rows["decisions"].sum())
    first = _first_failure(rows)
    if first is None:
        report.add("legal actions", True, f"{played} games, {decisions} decisions, every action legal",
                   games=played, decisions=decisions)
        return report
    counts = rows["failure"].value_counts().to_dict()
    what = ", ".join(_count(n, _FAILURE_WORDS.get(k, (k, k + "s"))) for k, n in counts.items())
    of = f"the first {played}" if df.attrs["stopped_early"] else f"{played}"
    report.add("legal actions", False,
               f"your bot failed in {sum(counts.values())} of {of} games ({what}). "
               f"First: {_where(first)}: {first['reason']}",
               hint=failure_hint(first["failure"], first["reason"], time_limit),
               games=played, failures=counts, first=first)
    return report


def check_time_limit(game: Game | str, bot: Any, *, time_limit: float = 1.0, games: int = 6,
                     num_players: int | None = None, seed: int = 0, opponent: Any = RandomBot) -> GradeReport:
    """Every decision of the bot must take at most ``time_limit`` seconds (over ``games`` games)."""
    g, _, rows = _learner_games(game, bot, games=games, num_players=num_players, seed=seed,
                                opponent=opponent, time_limit=time_limit)
    report = GradeReport(f"{g.name}: time")
    slowest = float(rows["max_ms"].max())
    decisions = int(rows["decisions"].sum())
    mean = float(rows["total_ms"].sum()) / decisions if decisions else 0.0
    timeouts = rows[rows["failure"] == "timeout"]
    if timeouts.empty:
        report.add("time per decision", True,
                   f"slowest decision {slowest:.1f} ms, mean {mean:.2f} ms (limit {1000 * time_limit:g} ms)",
                   slowest_ms=slowest, mean_ms=mean)
    else:
        first = timeouts.iloc[0].to_dict()
        report.add("time per decision", False,
                   f"in {len(timeouts)} of {rows['game'].nunique()} games a decision took longer than "
                   f"{time_limit:g} s. First: {_where(first)}: {first['reason']}",
                   hint=failure_hint("timeout", first["reason"], time_limit), slowest_ms=slowest, mean_ms=mean)
    return report


def check_win_rate(game: Game | str, bot: Any, *, min_win_rate: float, games: int = 100,
                   num_players: int | None = None, seed: int = 0, opponent: Any = RandomBot,
                   time_limit: float | None = 2.0) -> GradeReport:
    """The bot must win at least ``min_win_rate`` of ``games`` games against ``opponent`` (seats rotated).

    Shared wins count as wins; games lost by a failure count as losses.
    """
    g, df, rows = _learner_games(game, bot, games=games, num_players=num_players, seed=seed,
                                 opponent=opponent, time_limit=time_limit)
    report = GradeReport(f"{g.name}: strength")
    r = df.loc[LEARNER]
    n = int(r["games"])
    wins = int(r["wins"])
    opp = getattr(opponent, "__name__", type(opponent).__name__)
    players = df.attrs["num_players"]
    text = (f"won {wins} of {n} games ({100 * r['win_rate']:.0f}%, 95% interval "
            f"{100 * r['ci_low']:.0f}-{100 * r['ci_high']:.0f}%) against {players - 1} x {opp}; "
            f"needed {100 * min_win_rate:.0f}%")
    failures = int(r["failures"])
    if failures:
        text += f"; {failures} games were lost by failures"
    passed = r["win_rate"] >= min_win_rate
    hint = ""
    first = _first_failure(rows)
    if not passed and first is not None:
        hint = failure_hint(first["failure"], first["reason"], time_limit)
    elif not passed:
        hint = (f"with {players} players an even share is {100 / players:.0f}% (more where tied players all "
                "win, as in low-scoring games). Make your bot prefer actions "
                "that score now, and avoid actions that give opponents points; compare two versions with "
                "jaliz_learn.tournament().")
    report.add("win rate", passed, text, hint=hint, win_rate=float(r["win_rate"]), wins=wins, games=n)
    return report


def grade_bot(game: Game | str, bot: Any, *, min_win_rate: float | None = None, legality_games: int = 30,
              win_games: int = 100, time_limit: float = 1.0, num_players: int | None = None, seed: int = 0,
              opponent: Any = RandomBot, title: str | None = None,
              legality_time_limit: float | None = None) -> GradeReport:
    """Legality sweep, time limit and (if ``min_win_rate`` is given) win rate, in one report.

    The time and win-rate checks only run once the bot plays legally (else they are
    reported as not run, so a learner fixes one thing at a time). The legality sweep
    stops a hanging decision after ``legality_time_limit`` seconds (default: three
    times ``time_limit``, at least 2 s); the time check then applies ``time_limit``.
    Seeds: legality uses ``seed``, the time check ``seed + 1``, the win rate ``seed + 2``.
    """
    if legality_time_limit is None:
        legality_time_limit = max(2.0, 3 * time_limit)
    g = as_game(game)
    report = GradeReport(title or f"{g.info.title}: grading {getattr(bot, '__name__', type(bot).__name__)}")
    legal = check_legality(g, bot, games=legality_games, num_players=num_players, seed=seed, opponent=opponent,
                           time_limit=legality_time_limit)
    report.extend(legal)
    later = ["time per decision"] + (["win rate"] if min_win_rate is not None else [])
    if not legal.passed:
        for name in later:
            report.add(name, False, "not run yet: first make every action legal (see above)")
        return report
    report.extend(check_time_limit(g, bot, time_limit=time_limit, num_players=num_players, seed=seed + 1,
                                   opponent=opponent))
    if min_win_rate is not None:
        report.extend(check_win_rate(g, bot, min_win_rate=min_win_rate, games=win_games, num_players=num_players,
                                     seed=seed + 2, opponent=opponent, time_limit=max(2.0, 2 * time_limit)))
    return report


def grade_notebook(nb: str | Path | Mapping[str, Any], game: Game | str, *, class_name: str | None = None,
                   **kwargs: Any) -> GradeReport:
    """Load the learner's bot from a notebook and :func:`grade_bot` it; loading problems become report items."""
    g = as_game(game)
    report = GradeReport(f"{g.info.title}: grading your notebook")
    try:
        cls = load_bot_from_notebook(nb, class_name)
    except LearnerCodeError as exc:
        report.add("load your bot", False, str(exc),
                   hint="fix this in the notebook, save it, and run the check again")
        return report
    report.add("load your bot", True, f"found class {cls.__name__}")
    return report.extend(grade_bot(g, cls, **kwargs))


# ---- command line ------------------------------------------------------------------------------


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


__all__ = ["CheckResult", "GradeReport", "LearnerCodeError", "check_learner_notebook", "check_legality",
           "check_time_limit", "check_win_rate", "failure_hint", "find_bot_classes", "generate_learner_notebook",
           "grade_bot", "grade_notebook", "learner_notebook_diff", "learner_version", "load_bot_from_notebook",
           "notebook_text", "read_notebook", "run_notebook", "strip_solution"]

if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
