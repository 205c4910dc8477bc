from django.db import migrations

from ledger import append_only_triggers

# The one append-only table at this point in history (later migrations add their own).
TABLES = ["ledger_entry"]


def install(apps, schema_editor):
    append_only_triggers.install(schema_editor.connection, TABLES)


def uninstall(apps, schema_editor):
    append_only_triggers.uninstall(schema_editor.connection, TABLES)


class Migration(migrations.Migration):
    dependencies = [("ledger", "0001_initial")]

    operations = [migrations.RunPython(install, uninstall)]
