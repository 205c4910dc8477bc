"""Each seat keeps its player's balance tonight (Seat.chips): filled here from the entries
of every night so far, then kept by a trigger as entries are added (ledger.seat_chips)."""

from django.db import migrations, models
from django.db.models import OuterRef, Subquery, Sum
from django.db.models.functions import Coalesce

from ledger import seat_chips


def fill_and_keep(apps, schema_editor):
    Seat = apps.get_model("ledger", "Seat")
    Entry = apps.get_model("ledger", "Entry")
    # The trigger first: on PostgreSQL creating it locks the entries against inserts until
    # the migration commits, so no entry falls between the fill and the trigger.
    seat_chips.install(schema_editor.connection, Entry._meta.db_table, Seat._meta.db_table)
    total = (
        Entry.objects.filter(night=OuterRef("night"), player=OuterRef("player"))
        .order_by()
        .values("player")
        .annotate(total=Sum("amount"))
        .values("total")
    )
    Seat.objects.update(chips=Coalesce(Subquery(total), 0))


def stop_keeping(apps, schema_editor):
    Entry = apps.get_model("ledger", "Entry")
    seat_chips.uninstall(schema_editor.connection, Entry._meta.db_table)


class Migration(migrations.Migration):
    dependencies = [("ledger", "0014_kept_open_debts")]

    operations = [
        migrations.AddField(
            model_name="seat",
            name="chips",
            field=models.BigIntegerField(default=0, editable=False, verbose_name="chips"),
        ),
        migrations.RunPython(fill_and_keep, stop_keeping),
    ]
