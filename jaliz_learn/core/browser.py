"""What a browser's Python (Pyodide, in a JupyterLite site) cannot do, said in one line.

Pyodide runs one process with no threads to start: no process pools, no grading sandbox, no signals that interrupt
a bot; and it has no compiled packages from PyPI (matplotlib, pandas, numpy). Everything else of jaliz_learn runs
there. The places that need more call :func:`refuse_in_browser` or :func:`need_module`, so a learner reads why and
where to go instead of a traceback from deep inside ``multiprocessing``.

>>> IN_BROWSER
False
>>> need_module("math", "a test").__name__
'math'
>>> try:
...     need_module("no_such_pkg", "drawing a chart")
... except NeedsInstalledPackage as exc:
...     print(exc)
drawing a chart needs the Python package 'no_such_pkg', which is not installed here: pip install no_such_pkg
"""

from __future__ import annotations

import importlib
import sys
from types import ModuleType

from .errors import NeedsInstalledPackage

#: True inside Pyodide (a JupyterLite site).
IN_BROWSER = sys.platform == "emscripten"
#: Where to go for what the browser cannot do.
INSTALLED = "run it with the installed package (pip install 'jaliz_learn[jupyter]'; see the README)"


def refuse_in_browser(what: str) -> None:
    """Raise :class:`NeedsInstalledPackage` in a browser: ``what`` needs processes of its own."""
    if IN_BROWSER:
        raise NeedsInstalledPackage(f"{what} needs processes of its own, which Python in a browser (JupyterLite) "
                                    f"cannot start: {INSTALLED}")


def need_module(name: str, what: str) -> ModuleType:
    """Import ``name`` for ``what``, or say in one line that it is missing (and why, in a browser)."""
    try:
        return importlib.import_module(name)
    except ImportError:
        top = name.split(".")[0]
        if IN_BROWSER:
            raise NeedsInstalledPackage(f"{what} needs the Python package {top!r}, which Python in a browser "
                                        f"(JupyterLite) does not have: {INSTALLED}") from None
        raise NeedsInstalledPackage(f"{what} needs the Python package {top!r}, which is not installed here: "
                                    f"pip install {top}") from None


__all__ = ["IN_BROWSER", "INSTALLED", "need_module", "refuse_in_browser"]
