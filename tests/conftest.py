"""Shared pytest configuration: Hypothesis profiles.

CI uses the default profile; ``CGT_HYPOTHESIS_PROFILE=thorough`` runs many more examples.
"""

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci", max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "thorough", max_examples=2000, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("CGT_HYPOTHESIS_PROFILE", "ci"))
