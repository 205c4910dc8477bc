import pytest


# The payments package is pure Python: these tests need no database and also run without
# Django (`-p no:django`), so the parent conftest's autouse fixtures that need Django's
# settings are replaced here by ones that do nothing.
@pytest.fixture(autouse=True)
def _no_login_throttling_by_default():
    return


@pytest.fixture(autouse=True)
def _empty_cache():
    return


@pytest.fixture(autouse=True)
def _english_after_each_test():
    # The payments package never activates a language, so there is none to reset.
    return
