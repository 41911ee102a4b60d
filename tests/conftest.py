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
