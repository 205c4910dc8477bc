"""The bare project's throwaway database, made and dropped in a process of its own
(a process has one settings module: the bench runs under the app's).

    python -m bench.bare.database create NAME   # migrate, a user, five rows; prints the
                                                # query counts of its two views as JSON
    python -m bench.bare.database drop NAME

The user's name and password come from BENCH_USER and BENCH_PASSWORD.
"""

import json
import os
import sys

import django

QUERY_COUNT_HOST = "127.0.0.1"


def _create(name: str) -> dict:
    from django.contrib.auth import get_user_model
    from django.db import connection
    from django.test import Client

    from bench import databases
    from bench.bare.models import Row

    databases.create(connection, name)
    user = get_user_model().objects.create_user(
        username=os.environ["BENCH_USER"], password=os.environ["BENCH_PASSWORD"]
    )
    Row.objects.bulk_create(Row(name=f"Row {n}", amount=n) for n in range(1, 6))
    client = Client(HTTP_HOST=QUERY_COUNT_HOST)
    client.force_login(user)
    with databases.counting(connection) as insert:
        inserted = client.post("/rows/add/", {"name": "Counted", "amount": "7"})
    with databases.counting(connection) as render:
        rendered = client.get("/rows/")
    counts = {"insert": insert.count, "render": render.count}
    if (inserted.status_code, rendered.status_code) != (302, 200):
        raise SystemExit(f"bare views answered {inserted.status_code}, {rendered.status_code}")
    return counts


def _drop(name: str) -> None:
    from django.db import connection

    from bench import databases

    databases.drop(connection, name, databases.configured(connection)["NAME"])


def main(argv: list[str]) -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "bench.bare.settings")
    django.setup()
    action, name = argv
    if action == "create":
        sys.stdout.write(json.dumps(_create(name)) + "\n")
    elif action == "drop":
        _drop(name)
    else:
        raise SystemExit(f"unknown action {action!r}: create or drop")


if __name__ == "__main__":
    main(sys.argv[1:])
