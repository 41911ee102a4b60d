"""Fixtures for browser tests (run explicitly: ``python -m pytest tests/browser -p no:cacheprovider``).

* ``notebook_root``: a temporary copy of ``tests/browser/fixtures/`` plus the repo's ``notebooks/``
  and ``exercises/`` folders (as ``notebooks/...`` and ``exercises/...``); servers never see the repo.
* ``lab``: one JupyterLab for the session (``--allow-root``, free port, token, temporary HOME and
  JUPYTER_* dirs, temporary workspaces). A :class:`browser_harness.Server`.
* ``voila``: one Voila for the session, serving ``notebook_root`` as a tree; open a notebook with
  ``voila.url("voila/render/board_smoke.ipynb")``.
* ``browser``: headless Debian Chromium through Playwright (no ``playwright install``).
* ``page``: a fresh page per test (1280x900); ``page.errors`` collects uncaught page errors; a
  screenshot ``artifacts/<test>-failed.png`` is saved when the test fails.

Everything is skipped, with the reason, when Chromium (``/usr/bin/chromium`` or ``$JALIZ_CHROMIUM``),
Playwright, JupyterLab or Voila is missing.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from browser_harness import (  # noqa: E402
    ARTIFACTS,
    CHROME_ARGS,
    CHROMIUM,
    FIXTURES,
    REPO,
    Server,
    copy_notebooks,
    hermetic_env,
    screenshot,
    start_server,
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "browser" in str(item.fspath):
            item.add_marker(pytest.mark.browser)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: Any) -> Iterator[None]:
    outcome = yield
    report = outcome.get_result()  # type: ignore[attr-defined]
    setattr(item, f"rep_{report.when}", report)


def _need(module: str, why: str) -> None:
    try:
        __import__(module)
    except ImportError:
        pytest.skip(f"{why} needs the Python package {module!r}: pip install -e '.[jupyter,test]'")


@pytest.fixture(scope="session")
def notebook_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("notebooks")
    return copy_notebooks(root, [(FIXTURES, ""), (REPO / "notebooks", "notebooks"),
                                 (REPO / "exercises", "exercises")])


@pytest.fixture(scope="session")
def browser_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("home")


@pytest.fixture(scope="session")
def lab(notebook_root: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    _need("jupyterlab", "the JupyterLab fixture")
    _need("ipycanvas", "the JupyterLab fixture")
    server = start_server("lab", notebook_root, tmp_path_factory.mktemp("lab-home"))
    yield server
    server.stop()


@pytest.fixture(scope="session")
def voila(notebook_root: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    _need("voila", "the Voila fixture")
    _need("ipycanvas", "the Voila fixture")
    server = start_server("voila", notebook_root, tmp_path_factory.mktemp("voila-home"))
    yield server
    server.stop()


@pytest.fixture(scope="session")
def browser(browser_home: Path) -> Iterator[Any]:
    if not os.path.exists(CHROMIUM):
        pytest.skip(f"browser tests need Chromium at {CHROMIUM} (Debian: apt-get install -y chromium "
                    "fonts-liberation fonts-dejavu-core; or set JALIZ_CHROMIUM)")
    _need("playwright", "the browser fixture")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROME_ARGS, env=hermetic_env(browser_home))
        yield b
        b.close()


@pytest.fixture
def page(browser: Any, request: pytest.FixtureRequest) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    pg = context.new_page()
    pg.set_default_timeout(30_000)
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.errors = errors
    yield pg
    failed = getattr(request.node, "rep_call", None)
    if failed is not None and failed.failed:
        try:
            screenshot(pg, f"{request.node.name}-failed", ARTIFACTS)
        except Exception:  # the page may be gone; the failure itself is what matters
            pass
    context.close()
