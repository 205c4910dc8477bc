"""Open debts kept as they change (ledger.models.debts: DebtPair, DebtBalance): the two
tables, their append-only triggers, and each table's open debts as they stand, worked out
from every closed night's transfers and every mark as the open-debts screen did when this
was written. The working out is a copy, frozen here: a later change to the selectors must
not change what this migration writes. Each pair that owes something gets one balance row
with no cause: the balance the history came to.
"""

from collections import defaultdict
from decimal import Decimal

import django.db.models.deletion
from django.db import migrations, models
from django.utils import timezone

from ledger import append_only_triggers

TABLES = ["ledger_debtpair", "ledger_debtbalance"]
ZERO = Decimal(0)


def _open_debts(table_id, m):
    # ledger.selectors.debts.table_debts as it was: every transfer of a closed night not
    # taken into a "settle everything", and every transfer of a "settle everything" not
    # taken into a later one, less what its marks not taken back paid.
    owed = defaultdict(lambda: ZERO)
    paid = defaultdict(lambda: ZERO)
    for night_id, pooled_id, payer, payee, amount in m.PaymentMark.objects.filter(
        table_id=table_id, reversal__isnull=True
    ).values_list("night_id", "pooled_id", "payer_id", "payee_id", "amount"):
        paid[("night", night_id, payer, payee) if night_id else ("pool", pooled_id)] += amount
    for night_id, payer, payee, money, currency in m.NightTransfer.objects.filter(
        table_id=table_id, night__debt_pooled__isnull=True
    ).values_list("night_id", "payer_id", "payee_id", "money", "currency"):
        left = money - paid[("night", night_id, payer, payee)]
        if left > 0:
            owed[currency, payer, payee] += left
    for pk, payer, payee, amount, currency in m.PooledTransfer.objects.filter(
        pool__table_id=table_id, pool__pooled_into__isnull=True
    ).values_list("pk", "payer_id", "payee_id", "amount", "pool__currency"):
        left = amount - paid[("pool", pk)]
        if left > 0:
            owed[currency, payer, payee] += left
    return owed


def fill(apps, schema_editor):
    append_only_triggers.install(schema_editor.connection, TABLES)
    m = type("Models", (), {})
    for name in ("PaymentMark", "NightTransfer", "PooledTransfer", "DebtPair", "DebtBalance"):
        setattr(m, name, apps.get_model("ledger", name))
    Table = apps.get_model("ledger", "Table")
    now = timezone.now()
    for table_id in Table.objects.order_by("pk").values_list("pk", flat=True).iterator():
        owed = _open_debts(table_id, m)
        for (currency, payer, payee), left in sorted(owed.items()):
            pair = m.DebtPair.objects.create(
                table_id=table_id, currency=currency, payer_id=payer, payee_id=payee
            )
            m.DebtBalance.objects.create(pair=pair, open=left, change=left, at=now)


def unfill(apps, schema_editor):
    # The tables go with the models' removal that follows; their triggers first.
    append_only_triggers.uninstall(schema_editor.connection, TABLES)


class Migration(migrations.Migration):

    dependencies = [
        ('ledger', '0013b_payments_sent'),
    ]

    operations = [
        migrations.CreateModel(
            name='DebtPair',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('currency', models.CharField(max_length=3, verbose_name='currency')),
                ('payee', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to='ledger.player', verbose_name='payee')),
                ('payer', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to='ledger.player', verbose_name='payer')),
                ('table', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='debt_pairs', to='ledger.table', verbose_name='table')),
            ],
            options={
                'verbose_name': 'pair of players',
                'verbose_name_plural': 'pairs of players',
                'ordering': ['table', 'currency', 'id'],
            },
        ),
        migrations.CreateModel(
            name='DebtBalance',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('open', models.DecimalField(decimal_places=3, max_digits=20, verbose_name='still owed')),
                ('change', models.DecimalField(decimal_places=3, max_digits=20, verbose_name='difference')),
                ('at', models.DateTimeField(verbose_name='when')),
                ('mark', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to='ledger.paymentmark', verbose_name='payment mark')),
                ('night', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to='ledger.night', verbose_name='night')),
                ('pool', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to='ledger.debtpool', verbose_name='settle everything')),
                ('previous', models.OneToOneField(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='next', to='ledger.debtbalance', verbose_name='previous balance')),
                ('reversal', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to='ledger.paymentmarkreversal', verbose_name='reversed payment mark')),
                ('pair', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='balances', to='ledger.debtpair', verbose_name='pair of players')),
            ],
            options={
                'verbose_name': 'balance owed',
                'verbose_name_plural': 'balances owed',
                'ordering': ['pair', 'id'],
            },
        ),
        migrations.AddConstraint(
            model_name='debtpair',
            constraint=models.UniqueConstraint(fields=('table', 'currency', 'payer', 'payee'), name='debtpair_one_per_pair'),
        ),
        migrations.AddConstraint(
            model_name='debtpair',
            constraint=models.CheckConstraint(condition=models.Q(('payer', models.F('payee')), _negated=True), name='debtpair_two_players'),
        ),
        migrations.AddConstraint(
            model_name='debtpair',
            constraint=models.CheckConstraint(condition=django.db.models.lookups.Exact(django.db.models.functions.text.Length('currency'), 3), name='debtpair_currency_code'),
        ),
        migrations.AddIndex(
            model_name='debtbalance',
            index=models.Index(fields=['pair', '-id'], name='debtbalance_latest_idx'),
        ),
        migrations.AddConstraint(
            model_name='debtbalance',
            constraint=models.CheckConstraint(condition=models.Q(('open__gte', 0)), name='debtbalance_not_negative'),
        ),
        migrations.AddConstraint(
            model_name='debtbalance',
            constraint=models.CheckConstraint(condition=models.Q(('change', 0), _negated=True), name='debtbalance_changes'),
        ),
        migrations.AddConstraint(
            model_name='debtbalance',
            constraint=models.CheckConstraint(condition=models.Q(models.Q(('mark__isnull', True), ('night__isnull', True), ('reversal__isnull', True)), models.Q(('mark__isnull', True), ('night__isnull', True), ('pool__isnull', True)), models.Q(('night__isnull', True), ('pool__isnull', True), ('reversal__isnull', True)), models.Q(('mark__isnull', True), ('pool__isnull', True), ('reversal__isnull', True)), _connector='OR'), name='debtbalance_one_cause'),
        ),
        migrations.AddConstraint(
            model_name='debtbalance',
            constraint=models.UniqueConstraint(condition=models.Q(('previous__isnull', True)), fields=('pair',), name='debtbalance_one_first_per_pair'),
        ),
        migrations.RunPython(fill, unfill),
    ]
