"""Database triggers that refuse UPDATE and DELETE on what is recorded about paying: the
players' payment methods and their withdrawals (ledger/models/payments.py), payment
marks, their reversals and "settle everything" records (ledger/models/debts.py).

The models already refuse; these make the database refuse too, so raw SQL, a shell
session or another program cannot rewrite what was marked. Row triggers, as for the
ledger's entries (ledger/db_triggers.py); the test suite lifts them for a transactional
test's flush, as it lifts the entries'. Written as SQL: Django's ORM and migrations have no
triggers.
"""

APPEND_ONLY_TABLES = [
    "ledger_paymentmethod",
    "ledger_paymentmethodwithdrawal",
    "ledger_paymentmark",
    "ledger_paymentmarkreversal",
    "ledger_debtpool",
    "ledger_debtpoolsource",
    "ledger_pooledtransfer",
]
MESSAGE = "payment methods, payment marks and settle-everything records are append-only"


def _statements(vendor: str, which: int, tables: list[str]) -> list[str]:
    if vendor == "sqlite":
        install = [
            f"CREATE TRIGGER IF NOT EXISTS {table}_no_{action.lower()} BEFORE {action} "
            f"ON {table} BEGIN SELECT RAISE(ABORT, '{MESSAGE}'); END"
            for table in tables
            for action in ("UPDATE", "DELETE")
        ]
        uninstall = [
            f"DROP TRIGGER IF EXISTS {table}_no_{action}"
            for table in tables
            for action in ("update", "delete")
        ]
    elif vendor == "postgresql":
        install = [
            "CREATE OR REPLACE FUNCTION ledger_payments_append_only() RETURNS trigger AS $$ "
            f"BEGIN RAISE EXCEPTION '{MESSAGE}'; END; $$ LANGUAGE plpgsql"
        ]
        for table in tables:
            install += [
                f"DROP TRIGGER IF EXISTS {table}_append_only ON {table}",
                f"CREATE TRIGGER {table}_append_only BEFORE UPDATE OR DELETE ON {table} "
                "FOR EACH ROW EXECUTE FUNCTION ledger_payments_append_only()",
            ]
        uninstall = [f"DROP TRIGGER IF EXISTS {table}_append_only ON {table}" for table in tables]
    else:
        return []
    return [install, uninstall][which]


def _run(connection, which: int, tables: list[str]) -> None:
    statements = _statements(connection.vendor, which, tables)
    if not statements:
        return
    with connection.cursor() as cursor:
        for sql in statements:
            cursor.execute(sql)


def install(connection, tables: list[str] = APPEND_ONLY_TABLES) -> None:
    """``tables``: a migration names the tables that exist at its point in history."""
    _run(connection, 0, tables)


def uninstall(connection, tables: list[str] = APPEND_ONLY_TABLES) -> None:
    _run(connection, 1, tables)
