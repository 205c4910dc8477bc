"""Each player's running totals per year and currency (PlayerYear, PlayerYearTotal), which
the leaderboards read instead of every night's results: filled here from the results of
the nights closed so far, one total per line, and made append-only like the results."""

import django.db.models.deletion
from django.db import migrations, models
from django.utils import timezone

from ledger import append_only_triggers

TABLES = ["ledger_playeryeartotal"]


def fill(apps, schema_editor):
    append_only_triggers.install(schema_editor.connection, TABLES)
    NightResult = apps.get_model("ledger", "NightResult")
    PlayerYear = apps.get_model("ledger", "PlayerYear")
    PlayerYearTotal = apps.get_model("ledger", "PlayerYearTotal")
    sums: dict[tuple, list] = {}
    rows = (
        NightResult.objects.filter(moved=True)
        .order_by("started_at", "night_id", "position")
        .values_list(
            "table_id", "player_id", "currency", "started_at", "night_id", "chips", "money_units"
        )
    )
    for table_id, player_id, currency, started_at, night_id, chips, money in rows.iterator():
        key = (table_id, player_id, currency, timezone.localtime(started_at).year)
        total = sums.setdefault(key, [0, 0, 0, night_id])
        total[0] += 1
        total[1] += chips
        total[2] += money
        total[3] = night_id  # the last night it counts
    lines = PlayerYear.objects.bulk_create(
        PlayerYear(table_id=table_id, player_id=player_id, currency=currency, year=year)
        for table_id, player_id, currency, year in sums
    )
    PlayerYearTotal.objects.bulk_create(
        PlayerYearTotal(line=line, night_id=night_id, nights=nights, chips=chips, money_units=money)
        for line, (nights, chips, money, night_id) in zip(lines, sums.values(), strict=True)
    )


def unfill(apps, schema_editor):
    append_only_triggers.uninstall(schema_editor.connection, TABLES)


class Migration(migrations.Migration):

    dependencies = [
        ('ledger', '0015_seat_chips'),
    ]

    operations = [
        migrations.CreateModel(
            name='PlayerYear',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('currency', models.CharField(max_length=3, verbose_name='currency')),
                ('year', models.PositiveSmallIntegerField(verbose_name='year')),
                ('player', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to='ledger.player', verbose_name='player')),
                ('table', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, to='ledger.table', verbose_name='table')),
            ],
            options={
                'verbose_name': "player's year",
                'verbose_name_plural': "players' years",
                'ordering': ['table', 'player', 'currency', 'year'],
            },
        ),
        migrations.CreateModel(
            name='PlayerYearTotal',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('nights', models.PositiveIntegerField(verbose_name='nights')),
                ('chips', models.BigIntegerField(verbose_name='chips')),
                ('money_units', models.BigIntegerField(verbose_name='money (smallest unit)')),
                ('line', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='totals', to='ledger.playeryear', verbose_name="player's year")),
                ('night', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to='ledger.night', verbose_name='night')),
            ],
            options={
                'verbose_name': "player's year total",
                'verbose_name_plural': "players' year totals",
                'ordering': ['line', 'id'],
            },
        ),
        migrations.AddConstraint(
            model_name='playeryear',
            constraint=models.UniqueConstraint(fields=('player', 'currency', 'year'), name='playeryear_one_per_currency_year'),
        ),
        migrations.AddIndex(
            model_name='playeryeartotal',
            index=models.Index(fields=['line', '-id'], name='playeryeartotal_latest_idx'),
        ),
        migrations.AddConstraint(
            model_name='playeryeartotal',
            constraint=models.UniqueConstraint(fields=('line', 'night'), name='playeryeartotal_once_a_night'),
        ),
        migrations.AddConstraint(
            model_name='playeryeartotal',
            constraint=models.CheckConstraint(condition=models.Q(('nights__gte', 1)), name='playeryeartotal_a_night'),
        ),
        migrations.RunPython(fill, unfill),
    ]
