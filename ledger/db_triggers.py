"""Database triggers that refuse UPDATE and DELETE on ledger entries.

The model already refuses; these make the database refuse too, so raw SQL,
a shell session or another program cannot rewrite history either. Written as SQL: Django's
ORM and migrations have no triggers.
"""

SQLITE_INSTALL = [
    """CREATE TRIGGER IF NOT EXISTS ledger_entry_no_update BEFORE UPDATE ON ledger_entry
    BEGIN SELECT RAISE(ABORT, 'ledger entries are append-only'); END""",
    """CREATE TRIGGER IF NOT EXISTS ledger_entry_no_delete BEFORE DELETE ON ledger_entry
    BEGIN SELECT RAISE(ABORT, 'ledger entries are append-only'); END""",
]
SQLITE_UNINSTALL = [
    "DROP TRIGGER IF EXISTS ledger_entry_no_update",
    "DROP TRIGGER IF EXISTS ledger_entry_no_delete",
]

POSTGRES_INSTALL = [
    """CREATE OR REPLACE FUNCTION ledger_entry_append_only() RETURNS trigger AS $$
    BEGIN RAISE EXCEPTION 'ledger entries are append-only'; END;
    $$ LANGUAGE plpgsql""",
    "DROP TRIGGER IF EXISTS ledger_entry_append_only ON ledger_entry",
    """CREATE TRIGGER ledger_entry_append_only BEFORE UPDATE OR DELETE ON ledger_entry
    FOR EACH ROW EXECUTE FUNCTION ledger_entry_append_only()""",
    # TRUNCATE fires no row trigger: without this one it empties the ledger unopposed.
    "DROP TRIGGER IF EXISTS ledger_entry_no_truncate ON ledger_entry",
    """CREATE TRIGGER ledger_entry_no_truncate BEFORE TRUNCATE ON ledger_entry
    FOR EACH STATEMENT EXECUTE FUNCTION ledger_entry_append_only()""",
]
POSTGRES_UNINSTALL = [
    "DROP TRIGGER IF EXISTS ledger_entry_append_only ON ledger_entry",
    "DROP TRIGGER IF EXISTS ledger_entry_no_truncate ON ledger_entry",
]

_STATEMENTS = {
    "sqlite": (SQLITE_INSTALL, SQLITE_UNINSTALL),
    "postgresql": (POSTGRES_INSTALL, POSTGRES_UNINSTALL),
}


def _run(connection, which: int) -> None:
    statements = _STATEMENTS.get(connection.vendor)
    if statements is None:
        return
    with connection.cursor() as cursor:
        for sql in statements[which]:
            cursor.execute(sql)


def install(connection) -> None:
    _run(connection, 0)


def uninstall(connection) -> None:
    _run(connection, 1)
