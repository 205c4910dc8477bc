"""The probes: /healthz answers while the process runs; /readyz only while the database
answers with every migration applied."""

import pytest
from django.db import DatabaseError, connection
from django.db.migrations.loader import MigrationLoader
from django.test import Client

pytestmark = pytest.mark.django_db


def test_healthz_answers_ok_in_plain_text_never_cached(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.content == b"ok\n"
    assert response["Content-Type"] == "text/plain; charset=utf-8"
    assert "no-cache" in response["Cache-Control"]
    assert client.head("/healthz").status_code == 200
    assert client.post("/healthz").status_code == 405


def test_readyz_is_ready_with_every_migration_applied(client):
    response = client.get("/readyz")
    assert (response.status_code, response.content) == (200, b"ready\n")


def test_readyz_is_not_ready_while_a_migration_is_unapplied(client):
    # The newest: one an older one depends on would make the history inconsistent.
    [(_, newest)] = MigrationLoader(connection).graph.leaf_nodes("ledger")
    with connection.cursor() as cursor:
        cursor.execute("DELETE FROM django_migrations WHERE app = 'ledger' AND name = %s", [newest])
    response = client.get("/readyz")
    assert response.status_code == 503
    assert b"migrations are not applied" in response.content


def test_readyz_is_not_ready_while_the_database_does_not_answer(monkeypatch):
    def down(*args, **kwargs):
        raise DatabaseError("connection refused")

    # Undone before the test's database is torn down.
    with monkeypatch.context() as patched:
        patched.setattr(connection, "cursor", down)
        response = Client().get("/readyz")
    assert response.status_code == 503
    assert b"the database does not answer" in response.content


def test_a_probe_over_plain_http_is_not_sent_to_https(client, settings):
    settings.SECURE_SSL_REDIRECT = True
    assert client.get("/healthz").status_code == 200
    assert client.get("/readyz").status_code == 200
    assert client.get("/").status_code == 301
