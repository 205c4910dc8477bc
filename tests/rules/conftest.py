import pytest


@pytest.fixture(autouse=True)
def _no_login_throttling_by_default():
    # The rules engine is pure Python: these tests run without Django (`-p no:django`), so
    # the parent conftest's autouse fixture (which needs pytest-django's `settings`) is
    # replaced here by one that does nothing.
    return
