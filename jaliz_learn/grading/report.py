"""Grade reports: a list of checked items with a verdict, as text, HTML and a DataFrame."""

from __future__ import annotations

import html
from dataclasses import dataclass, field
from typing import Any

from ..core.errors import JalizLearnError


class LearnerCodeError(JalizLearnError):
    """The learner's notebook could not be run or has no usable bot; the message says what to fix."""




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
    #: lines printed under the title that are not checks (e.g. which seed was used)
    notes: list[str] = field(default_factory=list)

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
        lines = [self.summary()] + [f"note: {n}" for n in self.notes] + [str(i) for i in self.items]
        if self.passed:
            lines.append("All checks passed. Well done!")
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        rows = []
        for i in self.items:
            mark = pass_fail_mark(i.passed)
            hint = f"<br><i>Hint: {html.escape(i.hint)}</i>" if i.hint and not i.passed else ""
            rows.append(f"<tr><td>{mark}</td><td><b>{html.escape(i.name)}</b></td>"
                        f"<td style='text-align:left'>{html.escape(i.message)}{hint}</td></tr>")
        verdict = "All checks passed. Well done!" if self.passed else "Some checks failed: see the hints."
        notes = "".join(f"<p><i>{html.escape(n)}</i></p>" for n in self.notes)
        return (f"<div><b>{html.escape(self.summary())}</b>{notes}<table>{''.join(rows)}</table>"
                f"<p>{verdict}</p></div>")

    def to_dataframe(self) -> Any:
        import pandas as pd

        return pd.DataFrame([{"check": i.name, "passed": i.passed, "message": i.message, "hint": i.hint}
                             for i in self.items])

    def assert_passed(self) -> None:
        """Raise ``AssertionError`` with the whole report unless every check passed (for tests)."""
        if not self.passed:
            raise AssertionError(str(self))


def failure_hint(kind: str, reason: str, time_limit: float | None = None) -> str:
    """Advice for one kind of failure, in words a learner can act on."""
    if kind == "crash":
        if reason.startswith("NotImplementedError"):
            return ("act() still raises NotImplementedError: replace the `raise NotImplementedError(...)` line "
                    "with your own code that returns one of legal_actions.")
        if reason.startswith("not played"):
            return ("an earlier problem (a hang or a crash of your bot's process, shown above) stopped your bot "
                    "several times, so the grader gave up on it: fix that problem first.")
        if reason.startswith("your bot's process stopped"):
            return ("your bot's process ended in the middle of the game: do not call exit(), sys.exit() or "
                    "os._exit(), and keep memory use small (no ever-growing lists).")
        if "cannot read" in reason:
            return "print normally if you like, but never write to the grader's connection (file descriptors)."
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


def pass_fail_mark(passed: bool) -> str:
    """A pass/fail badge as HTML: a word on a coloured background, no emoji font needed.

    >>> pass_fail_mark(True).endswith(">PASS</span>"), "FAIL" in pass_fail_mark(False)
    (True, True)
    """
    colour, word = ("#1a7f37", "PASS") if passed else ("#b3261e", "FAIL")  # both >= 4.5:1 against white text
    return (f'<span class="jl-mark" style="background:{colour};color:#fff;padding:0 4px;border-radius:3px;'
            f'font-weight:bold">{word}</span>')
