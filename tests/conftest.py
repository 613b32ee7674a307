"""Shared test settings: hypothesis is seeded and its database kept out of the tree."""

from hypothesis import HealthCheck, settings

settings.register_profile(
    "showdown",
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile("showdown")
