"""Grade reports: a list of checked items with a verdict, as text, HTML and a DataFrame."""

from __future__ import annotations

import html
import textwrap
from dataclasses import dataclass, field, replace
from typing import Any

from ..core.errors import JalizLearnError
from ..core.text import safe_line, safe_text


class LearnerCodeError(JalizLearnError):
    """The learner's notebook could not be run or has no usable bot; the message says what to fix."""


#: Caps on the texts of a report that crosses into a gradebook (:meth:`GradeReport.made_safe`): a learner may
#: put a megabyte of text into an exception message, and every reader of the gradebook pays for it.
NAME_LIMIT, MESSAGE_LIMIT, HINT_LIMIT, NOTE_LIMIT = 200, 4000, 2000, 1000

#: Longest line of a printed report: a longer message continues on the next line, a hint (prose) wraps sooner.
LINE_WIDTH = 300
HINT_WIDTH = 116


def _wrapped(text: str, indent: str, width: int) -> list[str]:
    """``text`` (which may hold its own line breaks) as lines of at most ``width`` characters."""
    out: list[str] = []
    for number, line in enumerate(text.split("\n")):
        lead = len(line) - len(line.lstrip(" "))
        # a continuation line is indented by at least two spaces, so that no message (a learner's words may hold
        # a line break) can start a line that reads like a check of its own ("[PASS] ...")
        prefix = (line[:lead] or "  ") if number else ""
        out += textwrap.wrap(line.strip(" "), width, initial_indent=prefix if number else line[:lead],
                             subsequent_indent=max(prefix, indent, key=len), break_long_words=True,
                             break_on_hyphens=False) or [""]
    return out


@dataclass
class CheckResult:
    """One graded item: did it pass, what happened, and a hint when it did not."""

    name: str
    passed: bool
    message: str
    hint: str = ""
    details: dict[str, Any] = field(default_factory=dict)

    def __str__(self) -> str:
        """The item as text lines of at most :data:`LINE_WIDTH` characters (long messages and hints wrapped)."""
        mark = "PASS" if self.passed else "FAIL"
        lines = _wrapped(f"[{mark}] {self.name}: {self.message}", "    ", LINE_WIDTH)
        if self.hint and not self.passed:
            lines += _wrapped("       hint: " + self.hint, "             ", HINT_WIDTH)
        return "\n".join(lines)


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

    def made_safe(self) -> GradeReport:
        """A copy whose every text is valid, printable and capped (:func:`jaliz_learn.core.text.safe_text`): a
        report holds a learner's own words (exception messages, what the bot returned), which may hold lone
        surrogates, terminal escapes or a megabyte of text. Graders' batches call this once, where the report
        enters the gradebook, so no writer and no terminal meets such text. Never raises.

        >>> r = GradeReport("t\\x1b[2K")
        >>> _ = r.add("load", False, "Exception: \\udcff\\x1b[2KPASS")
        >>> print(r.made_safe())
        t\\x1b[2K: 0 of 1 checks passed
        [FAIL] load: Exception: \\udcff\\x1b[2KPASS
        """
        items = [CheckResult(safe_line(item.name, limit=NAME_LIMIT), bool(item.passed),
                             safe_text(item.message, limit=MESSAGE_LIMIT, keep_newlines=True),
                             safe_text(item.hint, limit=HINT_LIMIT, keep_newlines=True), dict(item.details))
                 for item in self.items]
        return replace(self, title=safe_line(self.title, limit=NAME_LIMIT), items=items,  # the same kind of report
                       notes=[safe_line(n, limit=NOTE_LIMIT) for n in self.notes])

    def assert_passed(self) -> None:
        """Raise ``AssertionError`` with the whole report unless every check passed (for tests)."""
        if not self.passed:
            raise AssertionError(str(self))


def failure_hint(kind: str, reason: str, time_limit: float | None = None) -> str:
    """Advice for one failure of the learner's bot, in words a learner can act on: the hint of the mistake that
    explains it (:mod:`jaliz_learn.grading.mistakes`, one table for ``check()`` and the grader)."""
    from .mistakes import hint_for

    return hint_for(kind, reason, time_limit)


def pass_fail_mark(passed: bool) -> str:
    """A pass/fail badge as HTML: a word on a coloured background, no emoji font needed.

    >>> pass_fail_mark(True).endswith(">PASS</span>"), "FAIL" in pass_fail_mark(False)
    (True, True)
    """
    colour, word = ("#1a7f37", "PASS") if passed else ("#b3261e", "FAIL")  # both >= 4.5:1 against white text
    return (f'<span class="jl-mark" style="background:{colour};color:#fff;padding:0 4px;border-radius:3px;'
            f'font-weight:bold">{word}</span>')
