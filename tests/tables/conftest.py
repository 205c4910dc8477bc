import pytest

from tests.tables.urlwalk import build_world


@pytest.fixture
def world():
    """One of everything the URLs name (tests.tables.urlwalk), for the tests that walk them."""
    return build_world()
