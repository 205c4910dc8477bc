"""What a player owes and is owed across every table where their account holds a seat.

``my_debts``: one net line per other player and currency, from the kept balances of the
table's pairs (ledger.services.debt_balances), the payee's ways of getting paid where the
player owes, and the words "I sent it" still waiting on either side. A fixed number of
queries per seat (its table's open debts, its payees' ways), one for the words: never one
per night, so it costs the same at the three-hundredth night as at the tenth.

``seat_debts``: the same debts transfer by transfer, each night's on its own (what one
person's page and the reminders list); bounded by what is open, not by the nights."""

from collections import defaultdict
from dataclasses import dataclass
from decimal import Decimal

from django.db.models import F, Q

from ledger.models import NightTransfer, PaymentMethod, Player
from ledger.rules.money import quantum
from ledger.selectors.debts import (
    ZERO,
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
class PersonDebt:
    """What a seat and one other player of its table owe each other in one currency."""

    other: Player
    currency: str
    owes: Decimal  # what the seat owes them
    owed: Decimal  # what they owe the seat

    @property
    def net(self) -> Decimal:
        """What they owe the seat, less what the seat owes them: below 0, the seat pays."""
        return self.owed - self.owes


@dataclass(frozen=True)
class SeatDebts:
    seat: Player  # with its table and host
    people: list[PersonDebt]  # by currency, then name
    # Payee id -> their ways of getting paid, per currency of what the seat owes net.
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

    def sent_between(self, seat_id: int, other_id: int, currency: str) -> list[SentShown]:
        return words_between(self.sent, seat_id, other_id, currency)


def words_between(
    sent: list[SentShown], seat_id: int, other_id: int, currency: str
) -> list[SentShown]:
    """Of ``sent``, the words waiting between two players in one currency, either way."""
    pair = {seat_id, other_id}
    return [s for s in sent if {s.payer_id, s.payee_id} == pair and s.currency == currency]


def _seat_night_transfers(
    seat: Player, other: Player | None = None, currency: str | None = None
) -> list[NightTransfer]:
    """The transfers of ``seat``'s closed nights, paid or paying (with ``other`` only, in
    ``currency`` only, if given), with something still open and not carried into a
    "settle everything" (as ``debts.night_pooled_after`` says it, for every row at once),
    oldest first, with ``paid``: one query. What is open bounds them, not the nights: the
    database reads the seat's transfers, by index."""
    if other is None:
        rows = NightTransfer.objects.filter(Q(payer=seat) | Q(payee=seat))
    else:
        rows = NightTransfer.objects.filter(Q(payer=seat, payee=other) | Q(payer=other, payee=seat))
    rows = rows.filter(table_id=seat.table_id)
    if currency is not None:
        rows = rows.filter(currency=currency)
    return list(
        with_paid_not_carried(rows)
        .filter(money__gt=F("paid"))
        .select_related("night", "payer", "payee")
        .order_by("night__started_at", "night_id", "position")
    )


def seat_debts(
    seat: Player, *, other: Player | None = None, currency: str | None = None
) -> list[PlayerDebts]:
    """What ``seat`` owes and is owed (to and by ``other`` only, in ``currency`` only, if
    given), per currency, transfer by transfer: each night's transfer still open (with its
    marks), and each "settle everything" transfer still open among the table's kept
    pairs. A fixed number of queries."""
    transfers = _seat_night_transfers(seat, other, currency)
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
        if currency is not None and row.currency != currency:
            continue
        for pair in (*row.owes, *row.owed):
            if other is not None and other.pk not in (pair.payer.pk, pair.payee.pk):
                continue
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


def _people(seat: Player) -> list[PersonDebt]:
    """Each other player of ``seat``'s table it owes or is owed something by, per
    currency, from the kept balances: the table's queries, no more."""
    found: dict[tuple[str, int], list] = {}
    for row in player_debts(seat):
        for pair in row.owes:
            person = found.setdefault((row.currency, pair.payee.pk), [pair.payee, ZERO, ZERO])
            person[1] += pair.open
        for pair in row.owed:
            person = found.setdefault((row.currency, pair.payer.pk), [pair.payer, ZERO, ZERO])
            person[2] += pair.open
    people = [
        PersonDebt(other=other, currency=currency, owes=owes, owed=owed)
        for (currency, _), (other, owes, owed) in found.items()
    ]
    # Debts that cancel out stay listed (as even): both are still open until marked paid.
    return sorted(people, key=lambda p: (p.currency, p.other.name, p.other.pk))


def my_debts(user) -> MyDebts:
    seats = user_seats(user)
    shown = []
    for seat in seats:
        people = _people(seat)
        if not people:
            continue
        methods: dict[str, dict[int, list[PaymentMethod]]] = defaultdict(dict)
        for currency in {p.currency for p in people if p.net < 0}:
            payees = {p.other.pk for p in people if p.net < 0 and p.currency == currency}
            methods[currency] = payees_payment_methods(payees, currency)
        shown.append(SeatDebts(seat, people, dict(methods)))
    return MyDebts(shown, pending_sent(player_ids=[seat.pk for seat in seats]) if seats else [])


@dataclass(frozen=True)
class PairTransfers:
    """The open transfers between a seat and one other player in one currency, each
    night's on its own: what one line of ``my_debts`` stands for."""

    seat: Player
    other: Player
    currency: str
    owes: tuple[TransferDebt, ...]  # what the seat owes them, oldest first
    owed: tuple[TransferDebt, ...]  # what they owe the seat
    methods: list[PaymentMethod]  # their ways of getting paid, where the seat owes them
    sent: list[SentShown]  # the words waiting between the two

    @property
    def net(self) -> Decimal:
        return sum((t.open for t in self.owed), ZERO) - sum((t.open for t in self.owes), ZERO)


def pair_transfers(seat: Player, other: Player, currency: str) -> PairTransfers:
    """What ``seat`` and ``other`` owe each other in ``currency``, transfer by transfer."""
    rows = seat_debts(seat, other=other, currency=currency)
    owes = tuple(t for row in rows for pair in row.owes for t in pair.transfers)
    owed = tuple(t for row in rows for pair in row.owed for t in pair.transfers)
    methods = payees_payment_methods({other.pk}, currency).get(other.pk, []) if owes else []
    sent = pending_sent(player_ids=[seat.pk]) if owes or owed else []
    return PairTransfers(
        seat=seat,
        other=other,
        currency=currency,
        owes=owes,
        owed=owed,
        methods=methods,
        sent=words_between(sent, seat.pk, other.pk, currency),
    )
