"""Shared pytest fixtures and options."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

# CI runs a modest number of examples; JALIZ_LEARN_FULL=1 runs the long sweeps.
settings.register_profile("ci", max_examples=25, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
settings.register_profile("full", max_examples=300, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
settings.load_profile("full" if os.environ.get("JALIZ_LEARN_FULL") else "ci")


def pytest_collection_modifyitems(session, config, items):
    """Run the browser tests last: Playwright's sync API keeps an event loop alive until the end of
    the session, which would make widget tests think a Jupyter kernel loop is running."""
    items.sort(key=lambda item: "tests/browser/" in str(item.fspath).replace("\\", "/"))
