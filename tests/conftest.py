from pathlib import Path

import pytest
from django.db import connection

from ledger import append_only_triggers


@pytest.fixture(autouse=True)
def _no_login_throttling_by_default(settings):
    # Throttling has its own tests; elsewhere a locked-out test user would only confuse.
    settings.AXES_ENABLED = False


@pytest.fixture(autouse=True)
def _english_after_each_test():
    """Each request activates its language in the thread and nothing resets it after: a
    test whose client asked for Swedish must not leave the next test speaking Swedish."""
    yield
    from django.utils import translation  # needs Django: see night()

    translation.deactivate()


@pytest.fixture(autouse=True)
def _append_only_ledger(request):
    """Keep the append-only triggers in place for every test that touches the database.

    Transactional tests end with a flush, which on SQLite is a DELETE that the
    triggers rightly refuse; they are lifted just for the flush and put back
    before the next test.
    """
    marker = request.node.get_closest_marker("django_db")
    uses_db = marker is not None or {"db", "transactional_db", "live_server"} & set(
        request.fixturenames
    )
    if not uses_db:
        yield
        return
    request.getfixturevalue("_django_db_helper")
    append_only_triggers.install(connection)
    yield
    # PostgreSQL's flush is a TRUNCATE, refused too; inside a test's own transaction
    # its rollback takes the triggers off again by itself.
    if connection.vendor == "sqlite" or not connection.in_atomic_block:
        append_only_triggers.uninstall(connection)


@pytest.fixture
def night():
    """A started night: Ann, Bob, Cy and Dee at a new table, Ann dealing first.
    A test file whose night differs (hands played, closed...) defines its own."""
    # Imported here, not at the top: the engine's tests load this file without Django
    # (`-p no:django`), and the factories need Django's models.
    from tests.factories import NightFactory

    return NightFactory()


@pytest.fixture
def player():
    """Ann, the one player at a new table."""
    from tests.factories import PlayerFactory  # needs Django: see night()

    return PlayerFactory(name="Ann")


@pytest.fixture
def host(request, client):
    """The host, signed in on ``client``: the owner of the test's ``night`` when it has
    one, else a new user with no table yet. (A test that asks for ``night`` without
    ``host`` is an anonymous visitor's.)"""
    from tests.factories import UserFactory  # needs Django: see night()

    if "night" in request.fixturenames:
        user = request.getfixturevalue("night").table.owner
    else:
        user = UserFactory()
    client.force_login(user)
    return user


# The rules engine and the payments package are pure Python (their tests run without
# Django, see their conftest.py): no database answers anything in them, so CI runs them
# once, with the other tests marked database_independent.
PURE_PYTHON = [
    Path(__file__).parent / "ledger" / "rules",
    Path(__file__).parent / "ledger" / "payments",
]


def pytest_collection_modifyitems(items):
    for item in items:
        if any(item.path.is_relative_to(folder) for folder in PURE_PYTHON):
            item.add_marker(pytest.mark.database_independent)
