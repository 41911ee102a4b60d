"""Shared pytest fixtures and options."""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

#: A teacher's secret for tests: 64 hex digits, as ``jaliz-learn grade --new-secret`` writes (public, so only for
#: tests; a real grade refuses short secrets such as ``12345``).
TEST_SECRET = "7c2f9a41e08b5d36c1f47a9e2b80d5c3916e4fa72d08b3c5e19a6f04d7b2c8e1"


@pytest.fixture
def secret_file(tmp_path):
    """A file holding :data:`TEST_SECRET`, named ``secret.txt``, readable by its owner only."""
    path = tmp_path / "secret.txt"
    path.write_text(TEST_SECRET + "\n", encoding="utf-8")
    path.chmod(0o600)
    return path

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
