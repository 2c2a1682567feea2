"""Shared test settings: Hypothesis profiles (``HYPOTHESIS_PROFILE=thorough`` for long runs)."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "default", max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("thorough", max_examples=5000, deadline=None)
settings.register_profile("sanitize", max_examples=50, deadline=None)
settings.load_profile(
    os.environ.get("HYPOTHESIS_PROFILE", "sanitize" if os.environ.get("PYHOLDEM_SANITIZED") else "default")
)
