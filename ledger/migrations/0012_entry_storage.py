"""Less room per entry, the same chain and the same seals.

- ``prev_hash`` goes: it was always the hash of the night's entry before (seq - 1), which
  is stored on that entry, so verify_ledger seals each row on it instead. No hash is
  computed again and none changes, so every seal the players photographed stays the same.
- ``hash`` stays on the last entry of each post only (the entries one record,
  correction, undo, close or import wrote at once, sharing their time, author and key),
  and is emptied on the others: verify_ledger seals every entry again in order and
  compares the chain at each stored hash, so a change to any entry still shows. The
  hashes kept are the very ones written, the night's last among them, so every seal
  stays the same.
- ``hash`` is no longer unique, so it loses its two indexes (on PostgreSQL a unique one
  and a second for LIKE), a fifth of the database: nothing looks an entry up by its
  hash, and two entries cannot share one without an HMAC collision, since the text
  sealed holds the night and the seq, which (night, seq) keeps unique.
- The night and the author lose their own indexes: the unique (night, seq) serves every
  look-up by night, and nothing looks entries up by author.
- "An entry is reversed at most once" is a unique constraint over the reversals alone,
  no longer a unique index holding every entry's null.

Emptying the hashes changes rows of an append-only table, so its triggers are lifted
for that statement alone. SQLite builds the table anew for some of these steps, which
drops its triggers: they are put back at the end. Going back fills every hash and
``prev_hash`` again from the chain, sealed with the server's keys (it stops, changing
nothing, if an entry names a key the server does not hold).
"""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

from ledger import append_only_triggers

TABLE = "ledger_entry"
GENESIS_HASH = "0" * 64


BATCH = 500


def _rows(Entry):
    return (
        Entry.objects.order_by("night_id", "seq")
        .values_list(
            "pk",
            "night_id",
            "seq",
            "hand_id",
            "hand_number",
            "player_id",
            "amount",
            "kind",
            "reverses_id",
            "created_at",
            "created_by_id",
            "key_id",
            "hash",
        )
        .iterator(chunk_size=5000)
    )


def _execute(connection, sql: str, ids: list[int]) -> None:
    with connection.cursor() as cursor:
        for start in range(0, len(ids), BATCH):
            part = ids[start : start + BATCH]
            cursor.execute(sql % ", ".join(["%s"] * len(part)), part)


def hashes_on_post_ends(apps, schema_editor):
    """Empty the hash of every entry but the last of its post: the next entry of its
    night shares its time, author and key."""
    Entry = apps.get_model("ledger", "Entry")
    connection = schema_editor.connection
    emptied, before = [], None
    for row in _rows(Entry):
        post = (row[1], row[9], row[10], row[11])  # night, time, author, key
        if before is not None and before[1] == post:
            emptied.append(before[0])
        before = (row[0], post)
    append_only_triggers.uninstall(connection, [TABLE])
    _execute(connection, f"UPDATE {TABLE} SET hash = NULL WHERE id IN (%s)", emptied)
    append_only_triggers.install(connection, [TABLE])


def hashes_back(apps, schema_editor):
    """Every emptied hash sealed again along the chain, as it was written."""
    from ledger import seals
    from ledger.models.entries import canonical_entry

    Entry = apps.get_model("ledger", "Entry")
    connection = schema_editor.connection
    sealers = seals.entry_sealers()
    filled, night, prev_hash = [], None, GENESIS_HASH
    for pk, night_id, *fields, created_at, by, key_id, entry_hash in _rows(Entry):
        if night_id != night:
            night, prev_hash = night_id, GENESIS_HASH
        if entry_hash is None:
            seal = sealers.get(key_id)
            if seal is None:
                raise RuntimeError(
                    f"Entry {pk} is sealed with key id {key_id!r}, which this server does "
                    "not hold: list it in DJANGO_LEDGER_KEY_PREVIOUS to go back."
                )
            text = canonical_entry(night_id, *fields, created_at.isoformat(), by, key_id)
            entry_hash = seal(prev_hash, text)
            filled.append((entry_hash, pk))
        prev_hash = entry_hash
    append_only_triggers.uninstall(connection, [TABLE])
    with connection.cursor() as cursor:
        cursor.executemany(f"UPDATE {TABLE} SET hash = %s WHERE id = %s", filled)
    append_only_triggers.install(connection, [TABLE])


def triggers_back(apps, schema_editor):
    append_only_triggers.install(schema_editor.connection, [TABLE])


def prev_hash_back(apps, schema_editor):
    """Each entry's prev_hash as it was: the hash of its night's entry before it."""
    Entry = apps.get_model("ledger", "Entry")
    connection = schema_editor.connection
    append_only_triggers.uninstall(connection, [TABLE])
    rows = Entry.objects.order_by("night_id", "seq").values_list("pk", "night_id", "hash")
    night, prev_hash, updates = None, GENESIS_HASH, []
    for pk, night_id, entry_hash in rows.iterator(chunk_size=5000):
        if night_id != night:
            night, prev_hash = night_id, GENESIS_HASH
        updates.append((prev_hash, pk))
        prev_hash = entry_hash
    with connection.cursor() as cursor:
        cursor.executemany(f"UPDATE {TABLE} SET prev_hash = %s WHERE id = %s", updates)
    append_only_triggers.install(connection, [TABLE])


class Migration(migrations.Migration):
    dependencies = [
        ("ledger", "0011c_seat_claims"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        # Run backwards only, after prev_hash is back (operations undo in reverse order).
        migrations.RunPython(migrations.RunPython.noop, prev_hash_back),
        # blank only so that, going back, the column comes back filled with "" (a change
        # of no column, on the way forward), for prev_hash_back to fill.
        migrations.AlterField(
            model_name="entry",
            name="prev_hash",
            field=models.CharField(blank=True, max_length=64, verbose_name="previous hash"),
        ),
        migrations.RemoveField(model_name="entry", name="prev_hash"),
        migrations.AlterField(
            model_name="entry",
            name="created_by",
            field=models.ForeignKey(
                db_index=False,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="+",
                to=settings.AUTH_USER_MODEL,
                verbose_name="created by",
            ),
        ),
        migrations.AlterField(
            model_name="entry",
            name="hash",
            field=models.CharField(blank=True, max_length=64, null=True, verbose_name="hash"),
        ),
        migrations.AlterField(
            model_name="entry",
            name="night",
            field=models.ForeignKey(
                db_index=False,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="entries",
                to="ledger.night",
                verbose_name="night",
            ),
        ),
        migrations.AlterField(
            model_name="entry",
            name="reverses",
            field=models.ForeignKey(
                blank=True,
                db_index=False,
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="reversed_by",
                to="ledger.entry",
                verbose_name="reverses",
            ),
        ),
        migrations.AddConstraint(
            model_name="entry",
            constraint=models.UniqueConstraint(
                condition=models.Q(("reverses__isnull", False)),
                fields=("reverses",),
                name="entry_reversed_once",
            ),
        ),
        migrations.RunPython(hashes_on_post_ends, hashes_back),
        migrations.RunPython(triggers_back, triggers_back),
    ]
