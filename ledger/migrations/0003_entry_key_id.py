from django.db import migrations, models

import ledger.seals
from ledger import db_triggers


def install(apps, schema_editor):
    # SQLite adds the column by rebuilding the table, which drops its triggers.
    db_triggers.install(schema_editor.connection)


class Migration(migrations.Migration):
    dependencies = [("ledger", "0002_append_only_triggers")]

    operations = [
        # Put back after the column is removed again, when migrating backwards.
        migrations.RunPython(migrations.RunPython.noop, install),
        migrations.SeparateDatabaseAndState(
            # Rows already written were hashed without a key: they get no key id,
            # and verify_ledger says so. New rows name the key that seals them.
            database_operations=[
                migrations.AddField(
                    model_name="entry",
                    name="key_id",
                    field=models.CharField(default="", max_length=16),
                ),
            ],
            state_operations=[
                migrations.AddField(
                    model_name="entry",
                    name="key_id",
                    field=models.CharField(default=ledger.seals.current_key_id, max_length=16),
                ),
            ],
        ),
        migrations.RunPython(install, migrations.RunPython.noop),
    ]
