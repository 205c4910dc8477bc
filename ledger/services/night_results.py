"""What a closed night came to, written once as it closes (``night_results_write``): each
seat's result, the night's records and its settle-up, and what it adds to each player's
totals of its year (ledger.models.results).

The figures are those the stats screens computed from every entry and hand before these
rows existed, night by night, so the screens show exactly what they showed: net chips
from every entry of the player's; hand facts from the live hands only (a corrected
hand's entries were reversed and replaced), misdeals not counted as dealt in; the
settle-up by the same exact method as the night's settle-up screen, in seat order.
"""

from dataclasses import dataclass

from django.db.models import Count, IntegerField, Max, Min, Q, Subquery, Sum
from django.db.models.fields.json import KT
from django.db.models.functions import Cast

from ledger import rules
from ledger.models import (
    Entry,
    Hand,
    Night,
    NightResult,
    NightSummary,
    NightTransfer,
    PlayerYear,
    PlayerYearTotal,
    Seat,
)
from ledger.rules.money import to_units
from ledger.selectors.debts import night_transfers
from ledger.services.debt_balances import debt_balances_post


@dataclass(frozen=True)
class _Facts:
    dealt_in: int = 0
    stays: int = 0
    wins: int = 0


def night_results_write(*, night: Night) -> None:
    """Write ``night``'s results, records and settle-up: called by ``night_close`` in its
    transaction, once the closing entries are posted, and open its transfers in the table's
    kept open debts. Ten queries at most, whatever the night's
    length: the seats, the players' sums, their hand facts, the night's biggest pot and
    most bourrés, its live hands, and the inserts."""
    house = rules.HouseRules.from_dict(night.rules)
    currency = house.currency
    seats = list(
        Seat.objects.filter(night_id=night.pk)
        .order_by("position")
        .values_list("player_id", flat=True)
    )
    sums = {
        player: (chips, count)
        for player, chips, count in Entry.objects.filter(night_id=night.pk, player__isnull=False)
        .values_list("player_id")
        .annotate(chips=Sum("amount"), count=Count("pk"))
        .values_list("player_id", "chips", "count")
        .order_by()
    }
    live = {"night_id": night.pk, "hand__live": True, "player__isnull": False}
    entry_facts = {
        row["player_id"]: row
        for row in Entry.objects.filter(**live)
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
        Entry.objects.filter(kind=rules.WIN, **live)
        .order_by("-amount", "seq")
        .values("amount", "player_id", "hand_number")
        .first()
    )
    bourres = (
        Entry.objects.filter(kind=rules.BOURRE, **live)
        .values("hand_id", "hand_number")
        .annotate(count=Count("pk"))
        .order_by("-count", "hand_number")
        .first()
    )
    hand_facts: dict[int, _Facts] = {}
    hands = 0
    carry = None
    for number, data, result, streak in (
        Hand.objects.filter(night_id=night.pk, live=True)
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
            NightResult(
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
    NightResult.objects.bulk_create(results)
    _add_to_year_totals(night, currency, [r for r in results if r.moved])
    NightSummary.objects.create(
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
    # The settle-up screen's own transfers (the same exact method, in seat order).
    transfers = night_transfers(balances, house)
    NightTransfer.objects.bulk_create(
        NightTransfer(
            night_id=night.pk,
            table_id=night.table_id,
            position=position,
            payer_id=payer,
            payee_id=payee,
            money=money,
            currency=currency,
        )
        for position, (payer, payee, money) in enumerate(transfers)
    )
    # Its transfers are now open debts of the table (night_close holds the table's lock).
    debt_balances_post(
        table_id=night.table_id,
        currency=currency,
        changes={(payer, payee): money for payer, payee, money in transfers},
        at=night.closed_at,
        night_id=night.pk,
    )


def _add_to_year_totals(night: Night, currency: str, played: list[NightResult]) -> None:
    """Add ``night``'s results of the players it moved chips for to their totals of its
    year (the server's time zone) in ``currency``: a line made for whoever has none yet,
    a new total after each line's latest. Three queries, four with a new line."""
    if not played:
        return
    year = PlayerYear.year_of(night.started_at)
    players = [result.player_id for result in played]
    lines = {
        line.player_id: line
        for line in PlayerYear.objects.filter(player_id__in=players, currency=currency, year=year)
    }
    missing = [p for p in players if p not in lines]
    if missing:
        made = PlayerYear.objects.bulk_create(
            PlayerYear(table_id=night.table_id, player_id=p, currency=currency, year=year)
            for p in missing
        )
        lines.update((line.player_id, line) for line in made)
    latest = {
        total.line_id: total
        for total in PlayerYearTotal.objects.filter(
            pk__in=Subquery(
                PlayerYearTotal.objects.filter(line__in=[line.pk for line in lines.values()])
                .values("line")
                .annotate(last=Max("pk"))
                .values("last")
            )
        )
    }
    totals = []
    for result in played:
        line = lines[result.player_id]
        before = latest.get(line.pk)
        totals.append(
            PlayerYearTotal(
                line=line,
                night_id=night.pk,
                nights=(before.nights if before else 0) + 1,
                chips=(before.chips if before else 0) + result.chips,
                money_units=(before.money_units if before else 0) + result.money_units,
            )
        )
    PlayerYearTotal.objects.bulk_create(totals)
