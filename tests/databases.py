"""The test database's address, for a process of its own (a second server, a restore's
check) to open the database this test wrote."""

from django.conf import settings
from django.db import connection


def this_database_url() -> str:
    database = settings.DATABASES["default"]
    if connection.vendor == "sqlite":
        return f"sqlite:///{database['NAME']}"
    password = f":{database['PASSWORD']}" if database.get("PASSWORD") else ""
    where = f"{database['HOST'] or 'localhost'}:{database['PORT'] or 5432}"
    return f"postgres://{database['USER']}{password}@{where}/{database['NAME']}"
