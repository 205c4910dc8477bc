"""What each closed night came to (ledger.models.results): the three tables, their
append-only triggers, and their rows for every night closed before they existed, worked
out as night_close did when this was written. The working out is a copy, frozen here: a
later change to the service must not change what this migration writes. A night whose
entries do not add up (verify_ledger names it) gets its results but no settle-up.
"""

from dataclasses import dataclass
from types import SimpleNamespace

import django.db.models.deletion
from django.db import migrations, models
from django.db.models import Count, IntegerField, Max, Min, Q, Sum
from django.db.models.fields.json import KT
from django.db.models.functions import Cast

from ledger import append_only_triggers, rules
from ledger.rules.money import to_units

TABLES = ["ledger_nightresult", "ledger_nightsummary", "ledger_nighttransfer"]


@dataclass(frozen=True)
class _Facts:
    dealt_in: int = 0
    stays: int = 0
    wins: int = 0


def _settled(balances):
    try:
        return rules.settle_up(balances)
    except rules.RulesError:
        return []


def _write_results(night, models) -> None:
    # night_close's night_results_write as it was when this migration was written.
    house = rules.HouseRules.from_dict(night.rules)
    currency = house.currency
    seats = list(
        models.Seat.objects.filter(night_id=night.pk)
        .order_by("position")
        .values_list("player_id", flat=True)
    )
    sums = {
        player: (chips, count)
        for player, chips, count in models.Entry.objects.filter(
            night_id=night.pk, player__isnull=False
        )
        .values_list("player_id")
        .annotate(chips=Sum("amount"), count=Count("pk"))
        .values_list("player_id", "chips", "count")
        .order_by()
    }
    live = {"night_id": night.pk, "hand__live": True, "player__isnull": False}
    entry_facts = {
        row["player_id"]: row
        for row in models.Entry.objects.filter(**live)
        .values("player_id")
        .annotate(
            bourres=Count("pk", filter=Q(kind=rules.BOURRE)),
            reneges=Count("pk", filter=Q(kind=rules.RENEGE)),
            biggest_win=Max("amount", filter=Q(kind=rules.WIN)),
            biggest_bourre=Min("amount", filter=Q(kind=rules.BOURRE)),
        )
        .order_by()
    }
    pot = (
        models.Entry.objects.filter(kind=rules.WIN, **live)
        .order_by("-amount", "seq")
        .values("amount", "player_id", "hand_number")
        .first()
    )
    bourres = (
        models.Entry.objects.filter(kind=rules.BOURRE, **live)
        .values("hand_id", "hand_number")
        .annotate(count=Count("pk"))
        .order_by("-count", "hand_number")
        .first()
    )
    hand_facts: dict[int, _Facts] = {}
    hands = 0
    carry = None
    for number, data, result, streak in (
        models.Hand.objects.filter(night_id=night.pk, live=True)
        .annotate(streak=Cast(KT("state_after__carry_streak"), IntegerField()))
        .order_by("number")
        .values_list("number", "input", "result", "streak")
    ):
        hands += 1
        if streak and streak > 0 and (carry is None or streak > carry[0]):
            carry = (streak, number)
        if (result or {}).get("misdeal") is not False:
            continue
        stayed = data.get("stayed") or {}
        for player in data.get("seated") or ():
            facts = hand_facts.get(player, _Facts())
            hand_facts[player] = _Facts(
                dealt_in=facts.dealt_in + 1,
                stays=facts.stays + (str(player) in stayed),
                wins=facts.wins + (result.get("winner") == player),
            )

    results = []
    for position, player in enumerate(seats):
        chips, count = sums.get(player, (0, 0))
        facts = entry_facts.get(player, {})
        played = hand_facts.get(player, _Facts())
        biggest_bourre = facts.get("biggest_bourre")
        results.append(
            models.NightResult(
                night_id=night.pk,
                table_id=night.table_id,
                player_id=player,
                started_at=night.started_at,
                position=position,
                moved=count > 0,
                chips=chips,
                currency=currency,
                money_units=to_units(rules.to_money(chips, house), currency),
                dealt_in=played.dealt_in,
                stays=played.stays,
                wins=played.wins,
                bourres=facts.get("bourres", 0),
                reneges=facts.get("reneges", 0),
                biggest_win=facts.get("biggest_win"),
                biggest_bourre=-biggest_bourre if biggest_bourre else None,
            )
        )
    models.NightResult.objects.bulk_create(results)
    models.NightSummary.objects.create(
        night_id=night.pk,
        table_id=night.table_id,
        started_at=night.started_at,
        currency=currency,
        seats=len(seats),
        players=sum(1 for r in results if r.moved),
        hands=hands,
        biggest_pot=pot["amount"] if pot else None,
        biggest_pot_player_id=pot["player_id"] if pot else None,
        biggest_pot_hand=pot["hand_number"] if pot else None,
        most_bourres=bourres["count"] if bourres else None,
        most_bourres_hand=bourres["hand_number"] if bourres else None,
        longest_carryover=carry[0] if carry else None,
        longest_carryover_hand=carry[1] if carry else None,
    )
    balances = {player: sums.get(player, (0, 0))[0] for player in seats}
    models.NightTransfer.objects.bulk_create(
        models.NightTransfer(
            night_id=night.pk,
            table_id=night.table_id,
            position=position,
            payer_id=transfer.payer,
            payee_id=transfer.payee,
            money=rules.to_money(transfer.chips, house),
            currency=currency,
        )
        for position, transfer in enumerate(_settled(balances))
    )


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
        _write_results(night, historical)


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
                ('money_units', models.BigIntegerField(verbose_name='money (smallest unit)')),
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
