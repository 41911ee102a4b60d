"""Sphinx configuration of the API reference site (the docstrings) with the Markdown guides.

Build it from the repository root (the guides in ``docs/`` are the source folder, this folder holds the
configuration and the site's own pages)::

    python -m sphinx -c docs/site -b html docs build/site

``tests/test_api_docs.py`` builds it with ``-W`` (any warning fails) on every run of the suite.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))  # a checkout without an install still documents its own code

project = "jaliz_learn"
author = "the jaliz_learn authors"
copyright = "the jaliz_learn authors, MIT licence"  # noqa: A001 - Sphinx's name
try:
    from jaliz_learn import __version__ as release
except ImportError:  # pragma: no cover - only when the package cannot be imported at all
    release = "unknown"
version = release

root_doc = "site/index"
extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
    "sphinx.ext.napoleon",  # Google-style "Args:" / "Returns:" sections where docstrings use them
    "sphinx.ext.viewcode",
    "myst_parser",  # the guides are Markdown
]
source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
# the guides' helper scripts, data and generated pages are not pages of the site
exclude_patterns = ["tools/**", "benchmarks/**", "example_game/*.py", "site/_build/**", "**/.ipynb_checkpoints"]

# One page per module, written at each build into _api/ (not kept in git): automodule documents the members
# defined in the module itself ("ignore-module-all"), so a class re-exported by a package appears once.
autodoc_default_options = {"members": True, "undoc-members": False, "show-inheritance": True,
                           "ignore-module-all": True}
autodoc_typehints = "description"  # the signatures stay short; the types go under the parameters
autodoc_member_order = "bysource"
# a method without its own docstring shows none here (an inherited one, e.g. gymnasium.Env.step's, is written for
# another package's documentation and its markup): its base class's page has the text
autodoc_inherit_docstrings = False
napoleon_google_docstring = True
napoleon_numpy_docstring = False

# The guides link to files of the repository (source, notebooks) that are not pages of this site; those links
# stay plain links. Nitpicky cross-reference checking is off: the docstrings name many standard-library and
# third-party types that no inventory here resolves.
nitpicky = False
myst_heading_anchors = 3
myst_enable_extensions = ["colon_fence"]
# "ref.python": a short name in a type hint (Offer, Limits, Table) that several modules define is linked to none of
# them rather than guessed; the page still shows the name.
suppress_warnings = ["myst.xref_missing", "myst.header", "ref.python"]


#: A rule-ID wildcard (``JAL-SETUP-*``) or ``*args``/``**kwargs`` in a docstring's prose reads well in ``help()`` but
#: opens an unfinished emphasis in reStructuredText: the site escapes those stars (outside ``literals``).
_STARS = re.compile(r"``.*?``|(?<=[A-Z0-9]-)\*|(?<![\w*`\\])\*{1,2}(?=[a-z_]+\b)")


def _escape_stars(app: object, what: str, name: str, obj: object, options: object, lines: list[str]) -> None:
    for i, line in enumerate(lines):
        lines[i] = _STARS.sub(_escaped, line)


def _escaped(match: re.Match[str]) -> str:
    text = match.group(0)
    return text if text.startswith("``") else text.replace("*", "\\*")


def setup(app: Any) -> None:
    app.connect("autodoc-process-docstring", _escape_stars)


def _modules() -> list[str]:
    """Every module of the package (widgets/ installs as jaliz_learn.widgets), except ``__main__``."""
    names = []
    for top, folder in (("jaliz_learn", ROOT / "jaliz_learn"), ("jaliz_learn.widgets", ROOT / "widgets")):
        for path in sorted(folder.rglob("*.py")):
            parts = list(path.relative_to(folder).with_suffix("").parts)
            if parts[-1] == "__main__" or "__pycache__" in parts:
                continue
            if parts[-1] == "__init__":
                parts = parts[:-1]
            names.append(".".join([top, *parts]))
    return sorted(set(names))


def _write_api_pages() -> None:
    """``api.md`` lists the modules; ``_api/NAME.rst`` documents one (rewritten only when changed)."""
    out = Path(__file__).resolve().parent / "_api"
    out.mkdir(exist_ok=True)
    wanted = {}
    for name in _modules():
        wanted[f"{name}.rst"] = f"{name}\n{'=' * len(name)}\n\n.. automodule:: {name}\n"
    for old in out.glob("*.rst"):
        if old.name not in wanted:
            old.unlink()
    for file, text in wanted.items():
        path = out / file
        if not path.is_file() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")


_write_api_pages()

html_theme = "alabaster"
html_title = f"jaliz_learn {release}"
