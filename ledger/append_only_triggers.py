"""Database triggers that refuse to change or delete a row of an append-only table: every
concrete model built on ``ledger.models.append_only.AppendOnly`` (the chip ledger's
entries, the night imports, the payment methods and their withdrawals, the payment marks,
their reversals and "settle everything", the password-reset requests).

The models already refuse; these make the database refuse too, so raw SQL, a shell
session or another program cannot rewrite history either. Written as SQL: Django's ORM
and migrations have no triggers. SQLite gets a BEFORE UPDATE and
a BEFORE DELETE trigger per table; PostgreSQL one function, a BEFORE UPDATE OR DELETE row
trigger per table and a BEFORE TRUNCATE statement trigger, since TRUNCATE fires no row
trigger and would otherwise empty a table unopposed. The test suite lifts them for a
transactional test's flush (tests/conftest.py).

A model's ``erasable_fields`` (personal data: a pay detail, a typed note) are the one
exception: an update that rewrites only those columns goes through, every other column
must stay as it was, and a delete is refused as before. SQLite's trigger fires on an
UPDATE OF the other columns; PostgreSQL's compares the row without them.

Without ``tables`` they apply to the tables of today's models. A migration names the
tables that exist at its point in history, which the models of a later day do not tell.
"""

import re
from collections.abc import Iterable

POSTGRES_FUNCTION = "ledger_append_only"
POSTGRES_ERASABLE_FUNCTION = "ledger_append_only_erasable"
# Table names are written into the SQL (DDL takes no parameters): only plain identifiers.
_TABLE_NAME = re.compile(r"[a-z_][a-z0-9_]*")


def append_only_tables() -> list[str]:
    """The table of every concrete ``AppendOnly`` model, by name."""
    # Imported when asked: tests/conftest.py imports this module in runs without Django
    # (the engine's tests), where the models cannot load.
    from django.apps import apps

    from ledger.models.append_only import AppendOnly

    return sorted(
        {
            model._meta.db_table
            for model in apps.get_models()
            if issubclass(model, AppendOnly) and not model._meta.proxy
        }
    )


def erasable_columns() -> dict[str, list[str]]:
    """The columns an erasure may rewrite, by table: today's models' ``erasable_fields``.
    A migration's table that lacks one of them (not added yet) just has nothing there."""
    from django.apps import apps

    from ledger.models.append_only import AppendOnly

    return {
        model._meta.db_table: sorted(
            model._meta.get_field(name).column for name in model.erasable_fields
        )
        for model in apps.get_models()
        if issubclass(model, AppendOnly) and model.erasable_fields and not model._meta.proxy
    }


def _checked(tables: Iterable[str] | None) -> list[str]:
    tables = append_only_tables() if tables is None else list(tables)
    for table in tables:
        if not _TABLE_NAME.fullmatch(table):
            raise ValueError(f"not a plain table name: {table!r}")
    return tables


def _message(table: str) -> str:
    return f"{table} is append-only: its rows are never changed or deleted"


def _sqlite_install(tables: list[str], erasable: dict[str, list[str]], cursor) -> list[str]:
    statements = []
    for table in tables:
        update = "UPDATE"
        if erasable.get(table):
            cursor.execute(f"PRAGMA table_info({table})")
            kept = [row[1] for row in cursor.fetchall() if row[1] not in erasable[table]]
            update = f"UPDATE OF {', '.join(_checked(kept))}"
        statements += [
            f"CREATE TRIGGER IF NOT EXISTS {table}_no_{name} BEFORE {action} ON {table} "
            f"BEGIN SELECT RAISE(ABORT, '{_message(table)}'); END"
            for name, action in (("update", update), ("delete", "DELETE"))
        ]
    return statements


def _sqlite_uninstall(tables: list[str], erasable, cursor) -> list[str]:
    return [
        f"DROP TRIGGER IF EXISTS {table}_no_{action}"
        for table in tables
        for action in ("update", "delete")
    ]


def _postgres_install(tables: list[str], erasable: dict[str, list[str]], cursor) -> list[str]:
    refuse = "RAISE EXCEPTION '% is append-only: its rows are never changed or deleted', "
    statements = [
        f"CREATE OR REPLACE FUNCTION {POSTGRES_FUNCTION}() RETURNS trigger AS $$ BEGIN "
        f"{refuse}TG_TABLE_NAME; END; $$ LANGUAGE plpgsql",
        # TG_ARGV: the erasable columns; the rest of the row must be as it was.
        f"CREATE OR REPLACE FUNCTION {POSTGRES_ERASABLE_FUNCTION}() RETURNS trigger AS $$ "
        "BEGIN IF TG_OP = 'UPDATE' AND (to_jsonb(NEW) - TG_ARGV) = (to_jsonb(OLD) - TG_ARGV) "
        f"THEN RETURN NEW; END IF; {refuse}TG_TABLE_NAME; END; $$ LANGUAGE plpgsql",
    ]
    for table in tables:
        function = f"{POSTGRES_FUNCTION}()"
        if erasable.get(table):
            columns = ", ".join(f"'{column}'" for column in _checked(erasable[table]))
            function = f"{POSTGRES_ERASABLE_FUNCTION}({columns})"
        statements += [
            f"CREATE OR REPLACE TRIGGER {table}_append_only BEFORE UPDATE OR DELETE ON {table} "
            f"FOR EACH ROW EXECUTE FUNCTION {function}",
            f"CREATE OR REPLACE TRIGGER {table}_no_truncate BEFORE TRUNCATE ON {table} "
            f"FOR EACH STATEMENT EXECUTE FUNCTION {POSTGRES_FUNCTION}()",
        ]
    return statements


def _postgres_uninstall(tables: list[str], erasable, cursor) -> list[str]:
    # The function stays: other tables' triggers may still call it, and it does nothing alone.
    return [
        f"DROP TRIGGER IF EXISTS {table}_{name} ON {table}"
        for table in tables
        for name in ("append_only", "no_truncate")
    ]


_STATEMENTS = {
    "sqlite": (_sqlite_install, _sqlite_uninstall),
    "postgresql": (_postgres_install, _postgres_uninstall),
}


def _run(connection, which: int, tables: Iterable[str] | None) -> None:
    statements = _STATEMENTS.get(connection.vendor)
    if statements is None:
        return
    tables = _checked(tables)
    with connection.cursor() as cursor:
        sql = statements[which](tables, erasable_columns(), cursor)
        for statement in sql:
            cursor.execute(statement)


def install(connection, tables: Iterable[str] | None = None) -> None:
    """Put the triggers on ``tables`` (default: every append-only model's); installing
    them twice does no harm."""
    _run(connection, 0, tables)


def uninstall(connection, tables: Iterable[str] | None = None) -> None:
    _run(connection, 1, tables)
