"""What a player owes and is owed across every table where their account holds a seat:
each open transfer, the payee's ways of getting paid where the player must pay, and the
words "I sent it" still waiting on either side. A fixed number of queries per seat (its
table's open debts, its payees' ways), one for the words: never one per night."""

from collections import defaultdict
from dataclasses import dataclass
from decimal import Decimal

from django.db.models import F, Q

from ledger.models import NightTransfer, PaymentMethod, Player
from ledger.rules.money import quantum
from ledger.selectors.debts import (
    PairDebt,
    PlayerDebts,
    TransferDebt,
    marks_shown,
    player_debts,
    with_paid_not_carried,
)
from ledger.selectors.payment_methods import payees_payment_methods
from ledger.selectors.payments_sent import SentShown, pending_sent
from ledger.selectors.player_links import user_seats


@dataclass(frozen=True)
class SeatDebts:
    seat: Player  # with its table and host
    currencies: list[PlayerDebts]
    # Payee id -> their ways of getting paid, per currency of what the seat owes.
    methods: dict[str, dict[int, list[PaymentMethod]]]


@dataclass(frozen=True)
class MyDebts:
    seats: list[SeatDebts]  # only the seats that owe or are owed something
    sent: list[SentShown]  # words waiting, said by them or to them

    def sent_for(self, night_id: int, payer_id: int, payee_id: int) -> SentShown | None:
        return next(
            (
                s
                for s in self.sent
                if (s.night_id, s.payer_id, s.payee_id) == (night_id, payer_id, payee_id)
            ),
            None,
        )


def _seat_night_transfers(seat: Player) -> list[NightTransfer]:
    """The transfers of ``seat``'s closed nights, paid or paying, with something still
    open and not carried into a "settle everything" (as ``debts.night_pooled_after`` says
    it, for every row at once), oldest first, with ``paid``: one query. What is open
    bounds them, not the nights: the database reads the seat's transfers, by index."""
    rows = NightTransfer.objects.filter(Q(payer=seat) | Q(payee=seat), table_id=seat.table_id)
    return list(
        with_paid_not_carried(rows)
        .filter(money__gt=F("paid"))
        .select_related("night", "payer", "payee")
        .order_by("night__started_at", "night_id", "position")
    )


def seat_debts(seat: Player) -> list[PlayerDebts]:
    """What ``seat`` owes and is owed, per currency, transfer by transfer: each night's
    transfer still open (with its marks), and each "settle everything" transfer still open
    among the table's kept pairs. A fixed number of queries."""
    transfers = _seat_night_transfers(seat)
    marks = marks_shown(transfers)
    by_pair: dict[tuple[str, int, int], list[TransferDebt]] = defaultdict(list)
    players: dict[int, Player] = {}
    for row in transfers:
        places = quantum(row.currency)
        shown = marks.get((row.night_id, row.payer_id, row.payee_id), ())
        debt = TransferDebt(
            payer=row.payer,
            payee=row.payee,
            money=row.money.quantize(places),
            currency=row.currency,
            paid=row.paid.quantize(places),
            marks=shown,
            night=row.night,
        )
        # SQLite sums a decimal column as a float: a transfer paid in parts may pass the
        # database's filter a hair short of its money, and is paid all the same.
        if debt.open <= 0:
            continue
        by_pair[row.currency, row.payer_id, row.payee_id].append(debt)
        players.update({row.payer_id: row.payer, row.payee_id: row.payee})
    for row in player_debts(seat):
        for pair in (*row.owes, *row.owed):
            for pooled in pair.transfers:
                by_pair[row.currency, pair.payer.pk, pair.payee.pk].append(pooled)
            players.update({pair.payer.pk: pair.payer, pair.payee.pk: pair.payee})
    rows = []
    for currency in sorted({currency for currency, _, _ in by_pair}):
        pairs = [
            PairDebt(
                payer=players[payer],
                payee=players[payee],
                open=sum((t.open for t in debts), Decimal(0)),
                transfers=tuple(debts),
            )
            for (paid_in, payer, payee), debts in by_pair.items()
            if paid_in == currency
        ]
        owes = tuple(p for p in pairs if p.payer.pk == seat.pk)
        owed = tuple(p for p in pairs if p.payee.pk == seat.pk)
        if owes or owed:
            rows.append(PlayerDebts(currency, owes, owed))
    return rows


def my_debts(user) -> MyDebts:
    seats = user_seats(user)
    shown = []
    for seat in seats:
        currencies = seat_debts(seat)
        if not currencies:
            continue
        methods = {
            row.currency: payees_payment_methods({pair.payee.pk for pair in row.owes}, row.currency)
            for row in currencies
            if row.owes
        }
        shown.append(SeatDebts(seat, currencies, methods))
    return MyDebts(shown, pending_sent(player_ids=[seat.pk for seat in seats]) if seats else [])
