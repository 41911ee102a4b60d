"""pytest settings for running the notebooks under nbval (learners can ignore this file)."""

from __future__ import annotations

import importlib.util

import pytest

#: notebooks that need an optional extra: the extra, and the modules that show it is installed
NOTEBOOK_EXTRAS = {"06_rl_solo_nizam.ipynb": ("rl", ("gymnasium", "pyspiel"))}


def pytest_collection_modifyitems(session: pytest.Session, config: pytest.Config, items: list[pytest.Item]) -> None:
    """Skip a notebook that needs an optional extra where the extra is missing, as the adapter tests are, with
    the command that installs it. The README's test command installs every extra, so CI runs them all."""
    for notebook, (extra, modules) in NOTEBOOK_EXTRAS.items():
        missing = [m for m in modules if importlib.util.find_spec(m) is None]
        if not missing:
            continue
        skip = pytest.mark.skip(reason=f"{notebook} needs the {extra!r} extra ({', '.join(missing)} missing): "
                                       f'pip install -e ".[{extra}]"')
        for item in items:
            if item.path.name == notebook:
                item.add_marker(skip)
