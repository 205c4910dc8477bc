import pytest


# The rules engine is pure Python: these tests run without Django (`-p no:django`), so the
# parent conftest's autouse fixtures that need Django's settings are replaced here by ones
# that do nothing.
@pytest.fixture(autouse=True)
def _no_login_throttling_by_default():
    return


@pytest.fixture(autouse=True)
def _empty_cache():
    return


@pytest.fixture(autouse=True)
def _english_after_each_test():
    # The engine never activates a language, so there is none to reset.
    return
