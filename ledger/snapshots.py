"""Whole-database backups: every table of the app (the ledger, the debts and payments, the
ways of getting paid, the links, invites and accounts), taken while the app runs, and
restored into an empty database of the same engine.

- SQLite: the standard library's online backup (``sqlite3.Connection.backup``), which
  copies a consistent database even while pages are being written.
- PostgreSQL: ``pg_dump`` in its custom format (one transaction: a consistent snapshot),
  restored by ``pg_restore`` in one transaction. Both come with PostgreSQL's client.

A backup is a directory: ``manifest.json`` (the format, the engine, when, and every
migration the database had) and the database itself. A backup made by a newer version of
the app (a migration this code does not know) is refused; an older one is restored, then
brought up to date by ``migrate``.
"""

import json
import os
import pkgutil
import sqlite3
import subprocess
from dataclasses import dataclass
from importlib import import_module
from pathlib import Path

from django.apps import apps
from django.conf import settings
from django.db import connections
from django.utils import timezone

FORMAT = "bourre-snapshot/1"
MANIFEST = "manifest.json"
FILES = {"sqlite": "database.sqlite3", "postgresql": "database.pgdump"}


class SnapshotError(Exception):
    """Refused, with what to do, and nothing written."""


@dataclass(frozen=True)
class Manifest:
    engine: str
    made_at: str
    migrations: list[tuple[str, str]]


def _engine(using: str) -> str:
    vendor = connections[using].vendor
    if vendor not in FILES:
        raise SnapshotError(f"Backups are made of SQLite and PostgreSQL, not {vendor}.")
    return vendor


def _applied(using: str) -> list[tuple[str, str]]:
    with connections[using].cursor() as cursor:
        cursor.execute("SELECT app, name FROM django_migrations ORDER BY id")
        return [(app, name) for app, name in cursor.fetchall()]


def _known() -> set[tuple[str, str]]:
    """Every migration of this code's apps, as the migrations table names them."""
    known = set()
    for config in apps.get_app_configs():
        try:
            package = import_module(f"{config.name}.migrations")
        except ModuleNotFoundError:
            continue
        known |= {
            (config.label, module.name)
            for module in pkgutil.iter_modules(package.__path__)
            if not module.name.startswith("_")
        }
    return known


def _postgres(using: str) -> tuple[list[str], dict[str, str]]:
    """The connection's arguments for pg_dump and pg_restore, its password in the
    environment (never on the command line, where ``ps`` shows it)."""
    database = settings.DATABASES[using]
    args = []
    for flag, key in (("--host", "HOST"), ("--port", "PORT"), ("--username", "USER")):
        if database.get(key):
            args += [flag, str(database[key])]
    env = {**os.environ}
    if database.get("PASSWORD"):
        env["PGPASSWORD"] = database["PASSWORD"]
    return args, env


def _sqlite_copy(source: str | Path, target: str | Path) -> None:
    """SQLite's online backup: a consistent copy, even while pages are being written."""
    origin, copy = sqlite3.connect(source), sqlite3.connect(target)
    try:
        with copy:
            origin.backup(copy)
    finally:
        copy.close()
        origin.close()


def _run(command: list[str], env: dict[str, str]) -> None:
    try:
        done = subprocess.run(command, env=env, capture_output=True, text=True, check=False)  # noqa: S603
    except FileNotFoundError:
        raise SnapshotError(
            f"{command[0]} is not installed: install PostgreSQL's client (its version or newer)."
        ) from None
    if done.returncode:
        raise SnapshotError(f"{command[0]} failed: {done.stderr.strip()}")


def snapshot_write(directory: Path, *, using: str = "default") -> Manifest:
    """Back the whole database up into ``directory``, which must be empty or new."""
    engine = _engine(using)
    if directory.exists() and any(directory.iterdir()):
        raise SnapshotError(f"{directory} is not empty: choose an empty or a new directory.")
    if "django_migrations" not in connections[using].introspection.table_names():
        raise SnapshotError("The database holds nothing of the app's: nothing to back up.")
    directory.mkdir(parents=True, exist_ok=True)
    target = directory / FILES[engine]
    manifest = Manifest(engine, timezone.now().isoformat(), _applied(using))
    name = settings.DATABASES[using]["NAME"]
    if engine == "sqlite":
        _sqlite_copy(name, target)
    else:
        args, env = _postgres(using)
        command = ["pg_dump", "--format=custom", "--no-owner", "--no-privileges"]
        _run([*command, *args, "--file", str(target), "--dbname", name], env)
    payload = {
        "format": FORMAT,
        "engine": manifest.engine,
        "made_at": manifest.made_at,
        "migrations": [list(pair) for pair in manifest.migrations],
    }
    (directory / MANIFEST).write_text(json.dumps(payload, indent=2) + "\n", encoding="utf-8")
    return manifest


def _manifest(directory: Path) -> Manifest:
    path = directory / MANIFEST
    try:
        payload = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise SnapshotError(f"{directory} holds no {MANIFEST}: is it a backup?") from None
    except (OSError, ValueError) as problem:
        raise SnapshotError(f"{path} cannot be read: {problem}") from None
    if not isinstance(payload, dict) or payload.get("format") != FORMAT:
        raise SnapshotError(f'{path}: the format must be "{FORMAT}".')
    try:
        migrations = [(str(app), str(name)) for app, name in payload["migrations"]]
        return Manifest(str(payload["engine"]), str(payload["made_at"]), migrations)
    except (KeyError, TypeError, ValueError):
        raise SnapshotError(f"{path}: its engine, date or migrations are missing.") from None


def snapshot_restore(directory: Path, *, using: str = "default") -> Manifest:
    """Restore the backup in ``directory`` into the database ``using``, which must be
    empty: nothing is ever restored over a ledger."""
    manifest = _manifest(directory)
    engine = _engine(using)
    if manifest.engine != engine:
        raise SnapshotError(
            f"This backup is of a {manifest.engine} database: restore it into {manifest.engine}, "
            f"not {engine}."
        )
    newer = sorted(set(manifest.migrations) - _known())
    if newer:
        names = ", ".join(f"{app}.{name}" for app, name in newer)
        raise SnapshotError(
            f"This backup was made by a newer version of the app (it has migrations this "
            f"code does not know: {names}). Update the app, then restore it."
        )
    source = directory / FILES[engine]
    if not source.is_file():
        raise SnapshotError(f"{source} is missing: the backup is incomplete.")
    connection = connections[using]
    if connection.introspection.table_names():
        raise SnapshotError(
            "The database is not empty: restore into a new, empty database "
            "(nothing is ever restored over a ledger)."
        )
    connection.close()
    name = settings.DATABASES[using]["NAME"]
    if engine == "sqlite":
        _sqlite_copy(source, name)
    else:
        args, env = _postgres(using)
        command = ["pg_restore", "--no-owner", "--no-privileges", "--single-transaction"]
        _run([*command, "--exit-on-error", *args, "--dbname", name, str(source)], env)
    return manifest
