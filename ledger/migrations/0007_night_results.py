"""What each closed night came to (ledger.models.results): the three tables, their
append-only triggers, and their rows for every night closed before they existed, worked
out as night_close now does, from each night's entries and hands.
"""

from types import SimpleNamespace

import django.db.models.deletion
from django.db import migrations, models

from ledger import append_only_triggers
from ledger.services.night_results import night_results_write

TABLES = ["ledger_nightresult", "ledger_nightsummary", "ledger_nighttransfer"]


def fill(apps, schema_editor):
    append_only_triggers.install(schema_editor.connection, TABLES)
    historical = SimpleNamespace(
        **{
            name: apps.get_model("ledger", name)
            for name in ("Entry", "Hand", "Seat", "NightResult", "NightSummary", "NightTransfer")
        }
    )
    Night = apps.get_model("ledger", "Night")
    for night in Night.objects.filter(closed_at__isnull=False).order_by("pk").iterator():
        night_results_write(night=night, models=historical)


def unfill(apps, schema_editor):
    # The tables go with the models' removal that follows; their triggers first.
    append_only_triggers.uninstall(schema_editor.connection, TABLES)


class Migration(migrations.Migration):

    dependencies = [
        ('ledger', '0006_password_reset_requests'),
    ]

    operations = [
        migrations.CreateModel(
            name='NightResult',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('started_at', models.DateTimeField(verbose_name='started at')),
                ('position', models.PositiveSmallIntegerField(verbose_name='position')),
                ('moved', models.BooleanField(verbose_name='played')),
                ('chips', models.BigIntegerField(verbose_name='chips')),
                ('currency', models.CharField(max_length=3, verbose_name='currency')),
                ('money', models.DecimalField(decimal_places=3, max_digits=30, verbose_name='money')),
                ('dealt_in', models.PositiveIntegerField(verbose_name='dealt in')),
                ('stays', models.PositiveIntegerField(verbose_name='stays')),
                ('wins', models.PositiveIntegerField(verbose_name='wins')),
                ('bourres', models.PositiveIntegerField(verbose_name='bourrés')),
                ('reneges', models.PositiveIntegerField(verbose_name='reneges')),
                ('biggest_win', models.BigIntegerField(blank=True, null=True, verbose_name='biggest pot won')),
                ('biggest_bourre', models.BigIntegerField(blank=True, null=True, verbose_name='biggest bourré paid')),
                ('night', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='results', to='ledger.night', verbose_name='night')),
                ('player', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='night_results', to='ledger.player', verbose_name='player')),
                ('table', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to='ledger.table', verbose_name='table')),
            ],
            options={
                'verbose_name': 'night result',
                'verbose_name_plural': 'night results',
                'ordering': ['night', 'position'],
                'indexes': [models.Index(fields=['table', 'started_at'], name='nightresult_table_idx'), models.Index(fields=['player', 'started_at'], name='nightresult_player_idx')],
                'constraints': [models.UniqueConstraint(fields=('night', 'player'), name='nightresult_one_per_seat'), models.UniqueConstraint(fields=('night', 'position'), name='nightresult_position_unique'), models.CheckConstraint(condition=models.Q(('moved', True), ('chips', 0), _connector='OR'), name='nightresult_still_seat_even')],
            },
        ),
        migrations.CreateModel(
            name='NightSummary',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('started_at', models.DateTimeField(verbose_name='started at')),
                ('currency', models.CharField(max_length=3, verbose_name='currency')),
                ('seats', models.PositiveSmallIntegerField(verbose_name='seats')),
                ('players', models.PositiveSmallIntegerField(verbose_name='players')),
                ('hands', models.PositiveIntegerField(verbose_name='hands')),
                ('biggest_pot', models.BigIntegerField(blank=True, null=True, verbose_name='biggest pot')),
                ('biggest_pot_hand', models.PositiveIntegerField(blank=True, null=True, verbose_name='hand')),
                ('most_bourres', models.PositiveSmallIntegerField(blank=True, null=True, verbose_name='most bourrés in one hand')),
                ('most_bourres_hand', models.PositiveIntegerField(blank=True, null=True, verbose_name='hand')),
                ('longest_carryover', models.PositiveIntegerField(blank=True, null=True, verbose_name='longest carryover streak')),
                ('longest_carryover_hand', models.PositiveIntegerField(blank=True, null=True, verbose_name='hand')),
                ('biggest_pot_player', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to='ledger.player', verbose_name='won by')),
                ('night', models.OneToOneField(on_delete=django.db.models.deletion.PROTECT, related_name='summary', to='ledger.night', verbose_name='night')),
                ('table', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to='ledger.table', verbose_name='table')),
            ],
            options={
                'verbose_name': 'night summary',
                'verbose_name_plural': 'night summaries',
                'ordering': ['table', 'started_at', 'night'],
                'indexes': [models.Index(fields=['table', 'started_at'], name='nightsummary_table_idx')],
                'constraints': [models.CheckConstraint(condition=models.Q(('players__lte', models.F('seats'))), name='nightsummary_players_seated'), models.CheckConstraint(condition=models.Q(models.Q(('biggest_pot__isnull', True), ('biggest_pot_hand__isnull', True)), models.Q(('biggest_pot__gt', 0), ('biggest_pot_hand__isnull', False)), _connector='OR'), name='nightsummary_biggest_pot_has_its_hand'), models.CheckConstraint(condition=models.Q(models.Q(('most_bourres__isnull', True), ('most_bourres_hand__isnull', True)), models.Q(('most_bourres__gt', 0), ('most_bourres_hand__isnull', False)), _connector='OR'), name='nightsummary_most_bourres_has_its_hand'), models.CheckConstraint(condition=models.Q(models.Q(('longest_carryover__isnull', True), ('longest_carryover_hand__isnull', True)), models.Q(('longest_carryover__gt', 0), ('longest_carryover_hand__isnull', False)), _connector='OR'), name='nightsummary_carryover_has_its_hand')],
            },
        ),
        migrations.CreateModel(
            name='NightTransfer',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('position', models.PositiveSmallIntegerField(verbose_name='position')),
                ('money', models.DecimalField(decimal_places=3, max_digits=30, verbose_name='money')),
                ('currency', models.CharField(max_length=3, verbose_name='currency')),
                ('night', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='transfers', to='ledger.night', verbose_name='night')),
                ('payee', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to='ledger.player', verbose_name='payee')),
                ('payer', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to='ledger.player', verbose_name='payer')),
                ('table', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to='ledger.table', verbose_name='table')),
            ],
            options={
                'verbose_name': 'night transfer',
                'verbose_name_plural': 'night transfers',
                'ordering': ['night', 'position'],
                'indexes': [models.Index(fields=['table', 'night'], name='nighttransfer_table_idx')],
                'constraints': [models.UniqueConstraint(fields=('night', 'payer', 'payee'), name='nighttransfer_one_per_pair'), models.UniqueConstraint(fields=('night', 'position'), name='nighttransfer_position_unique'), models.CheckConstraint(condition=models.Q(('money__gt', 0)), name='nighttransfer_money_positive'), models.CheckConstraint(condition=models.Q(('payer', models.F('payee')), _negated=True), name='nighttransfer_two_players')],
            },
        ),
        migrations.RunPython(fill, unfill),
    ]
