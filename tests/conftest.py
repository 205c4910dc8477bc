import pytest
from django.core.cache import cache
from django.db import connection

from ledger import db_triggers


@pytest.fixture(autouse=True)
def _no_login_throttling_by_default(settings):
    # Throttling has its own tests; elsewhere a locked-out test user would only confuse.
    settings.AXES_ENABLED = False


@pytest.fixture(autouse=True)
def _empty_cache():
    # The password-reset throttle counts in the cache: no test inherits another's count.
    cache.clear()
    yield


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
    db_triggers.install(connection)
    yield
    # PostgreSQL's flush is a TRUNCATE, refused too; inside a test's own transaction
    # its rollback takes the triggers off again by itself.
    if connection.vendor == "sqlite" or not connection.in_atomic_block:
        db_triggers.uninstall(connection)
