import pytest


@pytest.fixture(autouse=True)
def _no_login_throttling_by_default(settings):
    # Throttling has its own tests; elsewhere a locked-out test user would only confuse.
    settings.AXES_ENABLED = False
