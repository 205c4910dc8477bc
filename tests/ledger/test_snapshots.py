"""Whole-database backups (``manage.py backup`` and ``restore``): a backup restored into an
empty database holds every row of every model, and verify_ledger says the same of it;
what cannot be restored is refused with what to do, and nothing written."""

import difflib
import io
import json
import os
import subprocess
import sys
import uuid
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection
from django.urls import reverse

from ledger.services.sign_ins import sign_in_code_issue
from ledger.snapshots import MANIFEST
from tests.databases import this_database_url
from tests.tables.urlwalk import build_world

pytestmark = pytest.mark.django_db(transaction=True)

ROOT = Path(__file__).resolve().parents[2]
# Every model of the app's and the accounts': what a restore must give back, row by row.
APPS = ("ledger", "auth")


def _env(database_url: str) -> dict[str, str]:
    """A process of its own on the database at ``database_url``, with this test's keys (a
    seal checks only under the key that made it)."""
    env = {
        **os.environ,
        "DATABASE_URL": database_url,
        "DJANGO_DEBUG": "true",
        "DJANGO_TESTING": "false",
        "DJANGO_SECRET_KEY": settings.SECRET_KEY,
    }
    if settings.LEDGER_KEY:
        env["DJANGO_LEDGER_KEY"] = settings.LEDGER_KEY
    return env


def _run(database_url: str, *args: str) -> str:
    done = subprocess.run(  # noqa: S603 - our own interpreter
        [sys.executable, *args], cwd=ROOT, env=_env(database_url), capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def _manage(database_url: str, *args: str) -> str:
    """``manage.py`` in a process of its own, on the database at ``database_url``."""
    return _run(database_url, "manage.py", *args)


def _pages(database_url: str, visits: list[tuple[int, str]]) -> list[dict]:
    """The pages, as each visitor sees them, read from the database at ``database_url``."""
    return json.loads(_run(database_url, "-m", "tests.ledger.page_texts", json.dumps(visits)))


def _here(*args: str) -> str:
    out = io.StringIO()
    call_command(*args, stdout=out)
    return out.getvalue()


@pytest.fixture
def empty_database(tmp_path):
    """The address of a new, empty database of this test's engine; dropped after."""
    if connection.vendor == "sqlite":
        yield f"sqlite:///{tmp_path / 'restored.sqlite3'}"
        return
    name = f"bourre_restore_{uuid.uuid4().hex[:12]}"
    with connection.cursor() as cursor:
        cursor.execute(f'CREATE DATABASE "{name}"')
    source = settings.DATABASES["default"]
    auth = source["USER"] + (f":{source['PASSWORD']}" if source.get("PASSWORD") else "")
    yield f"postgres://{auth}@{source['HOST'] or 'localhost'}:{source['PORT'] or 5432}/{name}"
    with connection.cursor() as cursor:
        cursor.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def test_a_backup_restored_holds_every_row_and_verifies_the_same(tmp_path, empty_database):
    world = build_world()
    sign_in_code_issue(email=world.owner.email, client="203.0.113.7", user=world.owner)
    backup = tmp_path / "backup"
    assert "Backed up" in _here("backup", str(backup))
    manifest = json.loads((backup / MANIFEST).read_text())
    assert manifest["engine"] == connection.vendor
    assert ["ledger", "0018_sign_ins"] in manifest["migrations"]

    assert "Restored the backup" in _manage(empty_database, "restore", str(backup))

    rows = "dumpdata", *APPS, "--indent", "1"
    assert _manage(empty_database, *rows) == _here(*rows)
    checked = "verify_ledger", "--no-progress"
    assert _manage(empty_database, *checked) == _here(*checked)
    # The pages a host and a player read: the same, word for word.
    night = world.closed_night
    visits = [
        (world.owner.pk, reverse("table_detail", args=[world.table.pk])),
        (world.owner.pk, reverse("player_detail", args=[world.player.pk])),
        (world.owner.pk, reverse("night_settlement", args=[night.pk])),
        (world.linked.pk, reverse("my_games")),
        (world.linked.pk, reverse("my_debts")),
    ]
    before = _pages(this_database_url(), visits)
    assert [page["status"] for page in before] == [200] * len(visits)
    assert world.player.name in before[0]["text"]
    after = _pages(empty_database, visits)
    differences = [
        line
        for old, new in zip(before, after, strict=True)
        for line in difflib.unified_diff(
            old["text"].splitlines(), new["text"].splitlines(), old["url"], new["url"], n=0
        )
    ]
    assert differences == [], "\n".join(differences[:40])
    assert [page["status"] for page in after] == [200] * len(visits)


def test_a_backup_from_a_newer_version_is_refused(tmp_path):
    backup = tmp_path / "backup"
    _here("backup", str(backup))
    manifest = json.loads((backup / MANIFEST).read_text())
    manifest["migrations"].append(["ledger", "9999_from_the_future"])
    (backup / MANIFEST).write_text(json.dumps(manifest))
    with pytest.raises(CommandError, match=r"newer version .* ledger\.9999_from_the_future"):
        call_command("restore", str(backup))


def test_nothing_is_restored_over_a_database_that_holds_anything(tmp_path):
    backup = tmp_path / "backup"
    _here("backup", str(backup))
    with pytest.raises(CommandError, match="The database is not empty"):
        call_command("restore", str(backup))


def test_a_backup_goes_into_an_empty_directory_only(tmp_path):
    (tmp_path / "something").write_text("kept")
    with pytest.raises(CommandError, match="is not empty"):
        call_command("backup", str(tmp_path))
    assert [p.name for p in tmp_path.iterdir()] == ["something"]


def test_a_directory_that_is_no_backup_is_refused(tmp_path):
    with pytest.raises(CommandError, match=f"holds no {MANIFEST}"):
        call_command("restore", str(tmp_path))


def test_a_backup_of_another_engine_is_refused(tmp_path):
    backup = tmp_path / "backup"
    _here("backup", str(backup))
    manifest = json.loads((backup / MANIFEST).read_text())
    other = "postgresql" if connection.vendor == "sqlite" else "sqlite"
    manifest["engine"] = other
    (backup / MANIFEST).write_text(json.dumps(manifest))
    with pytest.raises(CommandError, match=f"backup is of a {other} database"):
        call_command("restore", str(backup))


def test_a_database_the_app_never_used_is_not_backed_up(tmp_path):
    empty = tmp_path / "empty.sqlite3"
    with pytest.raises(subprocess.CalledProcessError) as refused:
        subprocess.run(  # noqa: S603 - our own interpreter and manage.py
            [sys.executable, "manage.py", "backup", str(tmp_path / "backup")],
            cwd=ROOT,
            env={**os.environ, "DATABASE_URL": f"sqlite:///{empty}", "DJANGO_DEBUG": "true"},
            capture_output=True,
            text=True,
            check=True,
        )
    assert "nothing to back up" in refused.value.stderr
    assert not (tmp_path / "backup").exists()
