"""The throwaway databases of a bench run: made and migrated the way the test runner
makes its own, on the configured engine and server, and dropped at the end."""

import os
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from urllib.parse import urlsplit

from django.conf import settings
from django.db import reset_queries
from django.test import override_settings


def throwaway_name(settings_dict: dict, vendor: str, role: str, directory: str) -> str:
    """A name no one else uses: a file in the run's directory, or a database named
    after the configured one, the role and this process."""
    if vendor == "sqlite":
        return os.path.join(directory, f"{role}.sqlite3")
    return f"{settings_dict['NAME']}_bench_{role}_{os.getpid()}"


def database_url(vendor: str, name: str) -> str:
    """DATABASE_URL for ``name``: the configured server and credentials, another database."""
    if vendor == "sqlite":
        return f"sqlite:///{name}"
    configured = urlsplit(os.environ["DATABASE_URL"])
    return configured._replace(path=f"/{name}").geturl()


def configured(connection) -> dict:
    """``connection``'s entry of the DATABASES setting, which the creation utilities read
    and write (the test database's name, then the database's)."""
    return settings.DATABASES[connection.alias]


def create(connection, name: str) -> str:
    """Create and migrate ``name`` and switch ``connection`` to it; the name it had before
    is returned for ``drop``."""
    configured(connection).setdefault("TEST", {})["NAME"] = name
    return connection.creation.create_test_db(verbosity=0, autoclobber=True)


def drop(connection, name: str, old_name: str) -> None:
    """Drop ``name`` (which ``connection`` is switched to, if it is not already)."""
    connection.close()
    configured(connection)["NAME"] = name
    connection.creation.destroy_test_db(old_name, verbosity=0)


@dataclass
class QueryCount:
    count: int = 0


@contextmanager
def counting(connection) -> Iterator[QueryCount]:
    """Count the statements ``connection`` sends in the block (``.count``, read after),
    the transactions' BEGIN and COMMIT among them: from ``connection.queries``, which
    Django keeps while DEBUG is on (so on for the block only)."""
    counted = QueryCount()
    with override_settings(DEBUG=True):
        reset_queries()
        yield counted
        counted.count = len(connection.queries)
