"""Every append-only record goes through one mechanism: the ``AppendOnly`` base refuses to
change or delete a row, and the triggers of ``ledger.append_only_triggers`` make the
database refuse too, on every such model's table."""

import pytest
from django.apps import apps
from django.db import DatabaseError, IntegrityError, connection, transaction
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

from ledger import append_only_triggers, seat_chips
from ledger.models import NightImport, PaymentMethod
from ledger.models.append_only import AppendOnly
from tests.factories import NightFactory, PaymentMethodFactory

APPEND_ONLY_MODELS = [
    model for model in apps.get_app_config("ledger").get_models() if issubclass(model, AppendOnly)
]
BEFORE_ONE_SET = ("ledger", "0004_payment_marks")


def trigger_names(table: str) -> set[str]:
    """The triggers ``append_only_triggers.install`` puts on ``table``."""
    if connection.vendor == "sqlite":
        return {f"{table}_no_update", f"{table}_no_delete"}
    return {f"{table}_append_only", f"{table}_no_truncate"}


def installed_triggers() -> dict[str, set[str]]:
    """Table -> the names of its triggers, as the database's catalog lists them."""
    if connection.vendor == "sqlite":
        sql = "SELECT tbl_name, name FROM sqlite_master WHERE type = 'trigger'"
    else:
        sql = "SELECT tgrelid::regclass::text, tgname FROM pg_trigger WHERE NOT tgisinternal"
    found: dict[str, set[str]] = {}
    with connection.cursor() as cursor:
        cursor.execute(sql)
        for table, name in cursor.fetchall():
            found.setdefault(table, set()).add(name)
    return found


def missing_triggers() -> dict[str, set[str]]:
    """The append-only tables there now (a migration taken back may have dropped some) that
    lack a trigger, each with what it lacks."""
    installed = installed_triggers()
    existing = set(connection.introspection.table_names())
    return {
        table: missing
        for table in append_only_triggers.append_only_tables()
        if table in existing and (missing := trigger_names(table) - installed.get(table, set()))
    }


def run(sql: str, params=()) -> None:
    with connection.cursor() as cursor:
        cursor.execute(sql, params)


def test_the_append_only_tables_are_those_of_the_append_only_models():
    assert append_only_triggers.append_only_tables() == [
        "ledger_cohostgrant",
        "ledger_cohostrevocation",
        "ledger_debtbalance",
        "ledger_debtpair",
        "ledger_debtpool",
        "ledger_debtpoolsource",
        "ledger_entry",
        "ledger_erasure",
        "ledger_nightimport",
        "ledger_nightresult",
        "ledger_nightsummary",
        "ledger_nighttransfer",
        "ledger_passwordresetrequest",
        "ledger_paymentmark",
        "ledger_paymentmarkreversal",
        "ledger_paymentmethod",
        "ledger_paymentmethodwithdrawal",
        "ledger_paymentsent",
        "ledger_paymentsentconfirmation",
        "ledger_playerinvite",
        "ledger_playerinviteattempt",
        "ledger_playerinvitewithdrawal",
        "ledger_playerlink",
        "ledger_playerunlink",
        "ledger_playeryeartotal",
        "ledger_pooledtransfer",
        "ledger_rsvpanswer",
        "ledger_seatclaim",
        "ledger_seatclaimanswer",
    ]
    assert sorted(model._meta.db_table for model in APPEND_ONLY_MODELS) == (
        append_only_triggers.append_only_tables()
    )


@pytest.mark.parametrize("model", APPEND_ONLY_MODELS, ids=lambda model: model.__name__)
def test_every_append_only_model_refuses_to_change_or_delete_with_its_own_message(model):
    message = model.append_only_message
    row = model()
    row._state.adding = False  # as if read from the database

    for refused in (
        row.save,
        row.delete,
        lambda: model.objects.all().update(),
        lambda: model.objects.all().delete(),
        lambda: model.objects.bulk_update([row], ["id"]),
        lambda: model._default_manager.all().delete(),
    ):
        with pytest.raises(PermissionError) as refusal:
            refused()
        assert str(refusal.value) == message


def test_only_personal_data_is_erasable_and_only_through_erase():
    assert {
        model.__name__: model.erasable_fields
        for model in APPEND_ONLY_MODELS
        if model.erasable_fields
    } == {
        "PaymentMark": ("note",),
        "PaymentMarkReversal": ("reason",),
        "PaymentMethod": ("value", "name", "city", "bic", "erased_by", "erased_at"),
        "PaymentMethodWithdrawal": ("reason",),
    }
    for refused in (
        lambda: PaymentMethod.objects.all().erase(kind="pix"),
        lambda: PaymentMethod.objects.all().erase(),
        lambda: NightImport.objects.all().erase(digest=""),
    ):
        with pytest.raises(PermissionError):
            refused()


def erased_method() -> tuple[PaymentMethod, list]:
    method = PaymentMethodFactory()
    return method, ["", "", "", "", timezone.now(), method.added_by_id, method.pk]


ERASE = (
    "UPDATE ledger_paymentmethod SET value = %s, name = %s, city = %s, bic = %s, "
    "erased_at = %s, erased_by_id = %s WHERE id = %s"
)


@pytest.mark.django_db
def test_the_database_lets_an_erasure_blank_a_way_of_getting_paid():
    method, params = erased_method()

    run(ERASE, params)

    method.refresh_from_db()
    assert (method.value, method.erased_by_id) == ("", method.added_by_id)


@pytest.mark.django_db
@pytest.mark.parametrize(
    "sql",
    [
        "UPDATE ledger_paymentmethod SET kind = 'pix' WHERE id = %s",
        "UPDATE ledger_paymentmethod SET bic = '', kind = 'other' WHERE id = %s",
        "DELETE FROM ledger_paymentmethod WHERE id = %s",
    ],
    ids=["kind", "erasable-and-not", "delete"],
)
def test_the_database_refuses_any_other_change_to_a_way_of_getting_paid(sql):
    method = PaymentMethodFactory()

    with (
        pytest.raises(DatabaseError, match="ledger_paymentmethod is append-only"),
        transaction.atomic(),
    ):
        run(sql, [method.pk])

    method.refresh_from_db()
    assert method.value == "46701234567"


@pytest.mark.django_db
def test_an_erased_way_of_getting_paid_must_be_blank_and_say_who_erased_it():
    _, params = erased_method()
    params[0] = "46701234567"  # the number kept

    with pytest.raises(IntegrityError), transaction.atomic():
        run(ERASE, params)


def test_a_table_name_is_never_written_into_sql_unless_it_is_a_plain_name():
    with pytest.raises(ValueError, match="plain table name"):
        append_only_triggers.install(connection, ["ledger_entry; DROP TABLE ledger_entry"])


def night_import() -> NightImport:
    night = NightFactory()
    return NightImport.objects.create(
        night=night, digest="a" * 64, imported_by=night.started_by, imported_at=timezone.now()
    )


@pytest.mark.django_db
@pytest.mark.parametrize(
    "sql",
    [
        "UPDATE ledger_nightimport SET digest = %s WHERE id = %s",
        "DELETE FROM ledger_nightimport WHERE id = %s",
    ],
    ids=["update", "delete"],
)
def test_the_database_refuses_raw_sql_that_changes_a_night_import(sql):
    record = night_import()
    params = ["b" * 64, record.pk] if sql.startswith("UPDATE") else [record.pk]

    with (
        pytest.raises(DatabaseError, match="ledger_nightimport is append-only"),
        transaction.atomic(),
    ):
        run(sql, params)

    assert list(NightImport.objects.values_list("pk", "digest")) == [(record.pk, "a" * 64)]


@pytest.mark.django_db
@pytest.mark.skipif(connection.vendor != "postgresql", reason="SQLite has no TRUNCATE")
@pytest.mark.parametrize("table", append_only_triggers.append_only_tables())
def test_postgresql_refuses_to_truncate_any_append_only_table(table):
    # Nothing is written first: with no foreign-key check pending, the trigger is what
    # refuses (CASCADE, so that a referenced table is not refused for its references).
    with pytest.raises(DatabaseError, match=f"{table} is append-only"), transaction.atomic():
        run(f"TRUNCATE {table} CASCADE")


# The triggers as ledger/db_triggers.py and ledger/payment_triggers.py wrote them before
# migration 0005: what a database migrated then holds.
OLD_MESSAGES = {
    "ledger_entry": "ledger entries are append-only",
    "payments": "payment methods, payment marks and settle-everything records are append-only",
}
PAYMENT_TABLES = [
    "ledger_paymentmethod",
    "ledger_paymentmethodwithdrawal",
    "ledger_paymentmark",
    "ledger_paymentmarkreversal",
    "ledger_debtpool",
    "ledger_debtpoolsource",
    "ledger_pooledtransfer",
]


def old_triggers(vendor: str) -> list[str]:
    if vendor == "sqlite":
        return [
            f"CREATE TRIGGER {table}_no_{action.lower()} BEFORE {action} ON {table} "
            f"BEGIN SELECT RAISE(ABORT, '{OLD_MESSAGES.get(table, OLD_MESSAGES['payments'])}'); "
            "END"
            for table in ["ledger_entry", *PAYMENT_TABLES]
            for action in ("UPDATE", "DELETE")
        ]
    return [
        "CREATE FUNCTION ledger_entry_append_only() RETURNS trigger AS $$ BEGIN "
        f"RAISE EXCEPTION '{OLD_MESSAGES['ledger_entry']}'; END; $$ LANGUAGE plpgsql",
        "CREATE TRIGGER ledger_entry_append_only BEFORE UPDATE OR DELETE ON ledger_entry "
        "FOR EACH ROW EXECUTE FUNCTION ledger_entry_append_only()",
        "CREATE TRIGGER ledger_entry_no_truncate BEFORE TRUNCATE ON ledger_entry "
        "FOR EACH STATEMENT EXECUTE FUNCTION ledger_entry_append_only()",
        "CREATE FUNCTION ledger_payments_append_only() RETURNS trigger AS $$ BEGIN "
        f"RAISE EXCEPTION '{OLD_MESSAGES['payments']}'; END; $$ LANGUAGE plpgsql",
        *[
            f"CREATE TRIGGER {table}_append_only BEFORE UPDATE OR DELETE ON {table} "
            "FOR EACH ROW EXECUTE FUNCTION ledger_payments_append_only()"
            for table in PAYMENT_TABLES
        ],
    ]


def trigger_functions() -> set[str]:
    """The functions the append-only tables' triggers call (PostgreSQL)."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT DISTINCT p.proname FROM pg_trigger t JOIN pg_proc p ON p.oid = t.tgfoid "
            "WHERE NOT t.tgisinternal AND t.tgrelid::regclass::text = ANY(%s)",
            [append_only_triggers.append_only_tables()],
        )
        return {name for (name,) in cursor.fetchall()}


def functions_named(names: list[str]) -> set[str]:
    with connection.cursor() as cursor:
        cursor.execute("SELECT proname FROM pg_proc WHERE proname = ANY(%s)", [names])
        return {name for (name,) in cursor.fetchall()}


def migrate(target: tuple[str, str]) -> None:
    executor = MigrationExecutor(connection)
    executor.migrate([target])


# The migrations run outside a test's transaction, as they do in production.
@pytest.mark.django_db(transaction=True)
def test_the_migrations_replace_the_old_triggers_and_put_one_set_on_every_table():
    append_only_triggers.uninstall(connection)
    migrate(BEFORE_ONE_SET)
    # 0005 taken back leaves the tables of 0004 guarded, and the night imports not yet
    # (nor the password reset requests of 0006: a table of a later migration is not
    # there at all, so it has no trigger to miss).
    assert set(missing_triggers()) == {
        "ledger_nightimport",
    }
    append_only_triggers.uninstall(connection)
    with connection.cursor() as cursor:
        for sql in old_triggers(connection.vendor):
            cursor.execute(sql)

    migrate(MigrationExecutor(connection).loader.graph.leaf_nodes("ledger")[0])

    assert missing_triggers() == {}
    if connection.vendor == "postgresql":
        # And the entries' insert trigger that keeps the seats' balances (ledger.seat_chips).
        assert trigger_functions() == {
            append_only_triggers.POSTGRES_FUNCTION,
            append_only_triggers.POSTGRES_ERASABLE_FUNCTION,
            seat_chips.TRIGGER,
        }
        assert functions_named(["ledger_entry_append_only", "ledger_payments_append_only"]) == (
            set()
        )
    # The refusal is the new triggers', not one left from before.
    method = PaymentMethodFactory()
    with (
        pytest.raises(DatabaseError, match="ledger_paymentmethod is append-only"),
        transaction.atomic(),
    ):
        run("UPDATE ledger_paymentmethod SET kind = 'other' WHERE id = %s", [method.pk])
