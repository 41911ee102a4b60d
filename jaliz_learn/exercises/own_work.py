"""Own work by construction: what the learner's process cannot reach while an exercise is graded.

An exercise that asks the learner to write something the library already has (exercise 4 a Monte-Carlo search,
exercise 5 the Wilson interval and ratings) names those modules in an :class:`OwnWork`. While the exercise is
graded they are left out of the learner's view of the package, like the teacher kit's reference answers (which are
left out of every graded process, :data:`jaliz_learn.grading.isolation.GRADER_ONLY`): in the ``namespaces`` jail
the files are not there at all, under Landlock they cannot be opened. So no route reaches them, whatever names a
notebook builds at run time: ``import``, ``importlib.import_module``, ``exec`` of the source, reading the file or
its compiled ``.pyc``. Their compiled copies in ``__pycache__`` are hidden with them.

A notebook that tries fails (a crash, a load failure); :meth:`OwnWork.annotate` then says why in the report, naming
the exercise's rule. Reading the notebook's code (each exercise's ``source_problems``) stays as an early, friendly
hint in ``check()`` and the report; it is not what enforces the rule. In isolation mode ``none`` nothing is hidden
(the report says the learner's process was not closed in).

>>> rule = OwnWork("exercise 5 asks for your own statistics", ("jaliz_learn.stats",), item="your own code")
>>> rule.explain("ModuleNotFoundError: No module named 'jaliz_learn.stats' (in wilson, cell 5, line 3)")
'jaliz_learn.stats'
>>> rule.explain("PermissionError: [Errno 13] Permission denied: '/venv/site-packages/jaliz_learn/stats.py'")
'jaliz_learn.stats'
>>> rule.explain("ImportError: cannot import name 'stats' from 'jaliz_learn' (/venv/jaliz_learn/__init__.py)")
'jaliz_learn.stats'
>>> rule.explain("ValueError: math domain error") is None
True
"""

from __future__ import annotations

import importlib.util
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

#: the package (this file is jaliz_learn/exercises/own_work.py)
PACKAGE = Path(__file__).resolve().parents[1]


@dataclass(frozen=True)
class OwnWork:
    """The rule of an exercise (``rule``, one sentence), the modules of the package hidden while it is graded
    (dotted names; a package hides its whole folder) and the report item that states the rule (``item``)."""

    rule: str
    modules: tuple[str, ...]
    item: str = "your own work"

    def files(self) -> list[Path]:
        """The files and folders of :attr:`modules` in the package the grader runs."""
        out = []
        for name in self.modules:
            parts = name.split(".")
            if parts[0] != PACKAGE.name:
                raise ValueError(f"{name}: only modules of {PACKAGE.name} can be hidden")
            base = PACKAGE.joinpath(*parts[1:])
            out.append(base if base.is_dir() else base.with_suffix(".py"))
        return out

    def paths(self) -> list[str]:
        """Every path the learner's process must not read: the modules' files or folders and their compiled
        copies (those of this interpreter even before they exist: a folder holding a hidden path is only listed,
        so a copy written later is not readable either; and any other interpreter's)."""
        out: list[str] = []
        for path in self.files():
            out.append(str(path))
            if path.suffix == ".py":
                out += [importlib.util.cache_from_source(str(path), optimization=o) for o in ("", 1, 2)]
                cache = path.parent / "__pycache__"
                out += [str(p) for p in sorted(cache.glob(f"{path.stem}.*.pyc"))] if cache.is_dir() else []
        return list(dict.fromkeys(out))

    def explain(self, text: str) -> str | None:
        """The hidden module a failure's text names (as a module or as a file), else ``None``."""
        for name, path in zip(self.modules, self.files()):
            relative = "/".join(path.relative_to(PACKAGE.parent).parts)
            stem = relative[:-3] if relative.endswith(".py") else relative
            parent, _, last = name.rpartition(".")
            if (re.search(rf"{re.escape(name)}\b", text) or stem in text.replace("\\", "/")
                    or f"import name '{last}' from '{parent}'" in text):
                return name
        return None

    def sentence(self, module: str) -> str:
        """What the report says when a notebook reached for ``module``."""
        return f"{self.rule}: {module} is not available while grading"

    def annotate(self, report: Any) -> Any:
        """Name the rule in ``report`` (a :class:`~jaliz_learn.grading.report.GradeReport`) wherever a failure
        came from a hidden module: the failing item's message, and the item :attr:`item` fails with it."""
        found: list[str] = []
        for check in report.items:
            module = None if check.passed else self.explain(f"{check.message} {check.hint}")
            if module is not None and check.name != self.item:
                check.message = f"{check.message} ({self.sentence(module)})"
                found.append(module)
        if not found:
            return report
        hint = f"write it yourself in the notebook; {', '.join(self.modules)} cannot be used while grading"
        message = self.sentence(found[0]) + ", and your notebook tried to use it"
        own = next((c for c in report.items if c.name == self.item), None)
        if own is None:
            from ..grading.report import CheckResult

            report.items.insert(0, CheckResult(self.item, False, message, hint))
        else:
            own.passed, own.message, own.hint = False, message, hint
        return report


def learner_source(cls: Any) -> str:
    """The source of a learner's class in this process (``check()``), for the early hint of reading its code: the
    class's own text where Python finds it, else its methods' (a class of a notebook cell); ``""`` when neither.

    >>> "def act" in learner_source(OwnWork) or learner_source(OwnWork).startswith("@dataclass")
    True
    """
    import inspect
    import textwrap

    try:
        return textwrap.dedent(inspect.getsource(cls))  # a class defined in a function is indented
    except (OSError, TypeError):
        pass
    parts = []
    for value in vars(cls).values() if isinstance(cls, type) else ():
        function = getattr(value, "__func__", value)
        if inspect.isfunction(function):
            try:
                parts.append(textwrap.dedent(inspect.getsource(function)))
            except (OSError, TypeError):
                continue
    return "\n".join(parts)


__all__ = ["OwnWork", "PACKAGE", "learner_source"]
