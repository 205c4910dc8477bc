"""One set of append-only triggers on every append-only table, the night imports included.

Before this migration the entries and the payment records had triggers of two styles
(ledger/db_triggers.py and ledger/payment_triggers.py, since replaced by
ledger/append_only_triggers.py, which migrations 0002 and 0004 now call). A database
migrated with those keeps them until here: they are dropped by the names they had, with
the functions they called on PostgreSQL, and the one set is installed in their place.
"""

from django.db import migrations

from ledger import append_only_triggers

# The append-only tables at this point in history.
TABLES_BEFORE = [
    "ledger_entry",
    "ledger_paymentmethod",
    "ledger_paymentmethodwithdrawal",
    "ledger_paymentmark",
    "ledger_paymentmarkreversal",
    "ledger_debtpool",
    "ledger_debtpoolsource",
    "ledger_pooledtransfer",
]
TABLES = [*TABLES_BEFORE, "ledger_nightimport"]

PAYMENT_TABLES = TABLES_BEFORE[1:]
OLD_TRIGGERS = {
    "sqlite": [
        f"DROP TRIGGER IF EXISTS {table}_no_{action}"
        for table in TABLES_BEFORE
        for action in ("update", "delete")
    ],
    "postgresql": [
        "DROP TRIGGER IF EXISTS ledger_entry_append_only ON ledger_entry",
        "DROP TRIGGER IF EXISTS ledger_entry_no_truncate ON ledger_entry",
        *[f"DROP TRIGGER IF EXISTS {table}_append_only ON {table}" for table in PAYMENT_TABLES],
        "DROP FUNCTION IF EXISTS ledger_entry_append_only()",
        "DROP FUNCTION IF EXISTS ledger_payments_append_only()",
    ],
}


def install(apps, schema_editor):
    connection = schema_editor.connection
    with connection.cursor() as cursor:
        for sql in OLD_TRIGGERS.get(connection.vendor, []):
            cursor.execute(sql)
    append_only_triggers.install(connection, TABLES)


def uninstall(apps, schema_editor):
    # Back to the tables of 0004 (with the one set, as 0002 and 0004 now install it).
    connection = schema_editor.connection
    append_only_triggers.uninstall(connection, TABLES)
    append_only_triggers.install(connection, TABLES_BEFORE)


class Migration(migrations.Migration):
    dependencies = [("ledger", "0004_payment_marks")]

    operations = [migrations.RunPython(install, uninstall)]
