"""What is still owed: each transfer's paid status, a table's open debts per currency and
pair, the fewest transfers that would settle them all, a player's owes and owed.

A table's open debts are read in a fixed number of queries however many nights it has:
each closed night's transfers were written as it closed, worked out by the same exact
method as its settle-up screen (``ledger.rules.settle_up`` on its balances in seat
order), so they are the same transfers the players were shown; the database sums what
is paid of each and leaves out what is paid in full.

Money is summed as Decimal and reduced in the currency's smallest unit as ints (cents),
so the exact method applies unchanged; amounts in two currencies are never added.
"""

import hashlib
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal

from django.db.models import DecimalField, F, OuterRef, Q, Subquery, Sum, Value
from django.db.models.functions import Coalesce

from ledger import rules
from ledger.models import (
    DebtPool,
    Night,
    NightTransfer,
    PaymentMark,
    Player,
    PooledTransfer,
    Table,
)
from ledger.rules.money import quantum
from ledger.selectors.standings import Payment

OPEN = "open"
PARTLY_PAID = "partly"
PAID = "paid"
CARRIED = "carried"  # taken into a later "settle everything"

ZERO = Decimal(0)


@dataclass(frozen=True)
class MarkShown:
    """A payment mark as the screens show it, with its reversal if it was taken back."""

    id: int
    amount: Decimal
    note: str
    marked_by: str
    marked_at: datetime
    reversed_by: str = ""
    reversed_at: datetime | None = None
    reason: str = ""

    @property
    def reversed(self) -> bool:
        return self.reversed_at is not None


@dataclass(frozen=True)
class TransferDebt:
    """One transfer — of a night's settle-up or of a "settle everything" — and what of it
    is paid. ``payer`` and ``payee`` are Player rows (or a night roster's players on the
    settle-up screens); ``money`` is the whole transfer in ``currency``."""

    payer: object
    payee: object
    money: Decimal
    currency: str
    paid: Decimal = ZERO
    marks: tuple[MarkShown, ...] = ()
    night: Night | None = None
    pooled_id: int | None = None
    pool: DebtPool | None = None
    carried: bool = False

    @property
    def open(self) -> Decimal:
        return self.money - self.paid

    @property
    def status(self) -> str:
        if self.paid >= self.money:
            return PAID
        if self.carried:
            return CARRIED
        return PARTLY_PAID if self.paid else OPEN

    @property
    def markable(self) -> bool:
        """Whether a mark may still be added (something open, not carried elsewhere)."""
        return not self.carried and self.paid < self.money

    @property
    def source_key(self) -> tuple[str, int]:
        return ("pool", self.pool.pk) if self.pool else ("night", self.night.pk)


def _shown(mark: PaymentMark) -> MarkShown:
    reversal = getattr(mark, "reversal", None)
    return MarkShown(
        id=mark.pk,
        amount=mark.amount.quantize(quantum(mark.currency)),
        note=mark.note,
        marked_by=mark.marked_by.get_username(),
        marked_at=mark.marked_at,
        reversed_by=reversal.reversed_by.get_username() if reversal else "",
        reversed_at=reversal.reversed_at if reversal else None,
        reason=reversal.reason if reversal else "",
    )


def _marks_query():
    return PaymentMark.objects.select_related(
        "marked_by", "reversal", "reversal__reversed_by"
    ).order_by("marked_at", "id")


def _paid(marks: Iterable[MarkShown]) -> Decimal:
    return sum((m.amount for m in marks if not m.reversed), ZERO)


# --- one night ----------------------------------------------------------------------


def transfers_paid(
    debts: Mapping[tuple[int, int], TransferDebt], payments: Sequence[Payment]
) -> tuple[TransferDebt, ...]:
    """``payments`` with what is paid of each, in their order, from ``night_transfer_debts``
    (a night not closed has no debts: none)."""
    found = (debts.get((payment.payer.id, payment.payee.id)) for payment in payments)
    return tuple(debt for debt in found if debt is not None)


def night_transfer_debts(
    night: Night, payments: Sequence[Payment], *, carried: bool | None = None
) -> dict[tuple[int, int], TransferDebt]:
    """A closed night's transfers (its settle-up's ``payments``) with what is paid of
    each, by (payer id, payee id). Two queries: the night's marks, and whether a "settle
    everything" took its debts (one, when the caller knows that: ``carried``). An open
    night has no debts yet: empty."""
    if not night.is_closed or not payments:
        return {}
    currency = night.house_rules.currency
    marks: dict[tuple[int, int], list[MarkShown]] = defaultdict(list)
    for mark in _marks_query().filter(night=night):
        marks[mark.payer_id, mark.payee_id].append(_shown(mark))
    if carried is None:
        carried = Night.objects.filter(pk=night.pk, debt_pooled__isnull=False).exists()
    debts = {}
    for payment in payments:
        key = (payment.payer.id, payment.payee.id)
        shown = tuple(marks.get(key, ()))
        debts[key] = TransferDebt(
            payer=payment.payer,
            payee=payment.payee,
            money=payment.money,
            currency=currency,
            paid=_paid(shown),
            marks=shown,
            night=night,
            carried=carried,
        )
    return debts


def night_transfers(
    balances: dict[int, int], house: rules.HouseRules
) -> list[tuple[int, int, Decimal]]:
    """(payer id, payee id, money) of a closed night whose ``balances`` (player id ->
    chips) are in seat order: exactly its settle-up screen's transfers."""
    return [(t.payer, t.payee, rules.to_money(t.chips, house)) for t in rules.settle_up(balances)]


# --- the fewest transfers -----------------------------------------------------------


def fewest_transfers(
    debts: Iterable[tuple[int, int, Decimal]], currency: str, order: Sequence[int] = ()
) -> list[tuple[int, int, Decimal]]:
    """The fewest transfers that settle ``debts`` ((payer, payee, amount) in one
    currency): each player's net is summed, in the currency's smallest unit as ints, and
    settled by the exact method of a night's settle-up. ``order`` (player ids) fixes the
    order the engine sees them in, so the same debts always give the same transfers."""
    places = rules.currency_places(currency)
    nets: dict[int, int] = {player: 0 for player in order}
    for payer, payee, amount in debts:
        units = int(amount.scaleb(places))
        if units != amount.scaleb(places):
            raise ValueError(f"{amount} has more decimal places than {currency}")
        nets[payer] = nets.get(payer, 0) - units
        nets[payee] = nets.get(payee, 0) + units
    return [
        (t.payer, t.payee, Decimal(t.chips).scaleb(-places).quantize(quantum(currency)))
        for t in rules.settle_up(nets)
    ]


# --- a table ------------------------------------------------------------------------


@dataclass(frozen=True)
class PairDebt:
    """What ``payer`` still owes ``payee`` in one currency, and from which transfers."""

    payer: Player
    payee: Player
    open: Decimal
    transfers: tuple[TransferDebt, ...]


@dataclass(frozen=True)
class SettleProposal:
    payer: Player
    payee: Player
    money: Decimal
    currency: str


@dataclass(frozen=True)
class CurrencyDebts:
    """A table's open debts in one currency."""

    currency: str
    transfers: tuple[TransferDebt, ...]  # every transfer with something open
    fewest: tuple[SettleProposal, ...]  # the fewest transfers that settle them all
    digest: str  # of the open debts, for "settle everything" to confirm what was seen

    @property
    def total(self) -> Decimal:
        return sum((t.open for t in self.transfers), ZERO)

    @property
    def pairs(self) -> list[PairDebt]:
        grouped: dict[tuple[int, int], list[TransferDebt]] = defaultdict(list)
        for t in self.transfers:
            grouped[t.payer.pk, t.payee.pk].append(t)
        rows = [
            PairDebt(ts[0].payer, ts[0].payee, sum((t.open for t in ts), ZERO), tuple(ts))
            for ts in grouped.values()
        ]
        return sorted(rows, key=lambda p: (p.payer.name, p.payee.name))

    @property
    def reducible(self) -> bool:
        """Whether "settle everything" saves a transfer: the fewest transfers are fewer
        than the pairs who owe each other now. Several nights' debts between the same two
        players, the same way round, are one pair already, paid at once (its pay buttons
        ask for the pair's total): pooling them would only rename them."""
        return len(self.fewest) < len(self.pairs)


@dataclass(frozen=True)
class TableDebts:
    table: Table
    currencies: tuple[CurrencyDebts, ...] = field(default=())

    def of(self, currency: str) -> CurrencyDebts | None:
        return next((c for c in self.currencies if c.currency == currency), None)


@dataclass(frozen=True)
class PlayerDebts:
    """What one player owes and is owed, per currency."""

    currency: str
    owes: tuple[PairDebt, ...]
    owed: tuple[PairDebt, ...]

    @property
    def owes_total(self) -> Decimal:
        return sum((p.open for p in self.owes), ZERO)

    @property
    def owed_total(self) -> Decimal:
        return sum((p.open for p in self.owed), ZERO)


def debts_digest(currency: str, transfers: Iterable[TransferDebt]) -> str:
    """A digest of what is open in one currency: which transfers, of what, how much open."""
    rows = sorted(
        f"{kind}:{source}:{t.payer.pk}:{t.payee.pk}:{t.open}"
        for t in transfers
        for kind, source in [t.source_key]
    )
    return hashlib.sha256("\n".join([currency, *rows]).encode()).hexdigest()


def _open_night_transfers(table: Table) -> list[NightTransfer]:
    """The transfers of ``table``'s closed nights not yet taken into a "settle everything"
    that still have something open, oldest night first, in settle-up order, with their
    nights: one query. Each night's transfers were written as it closed, and what is paid
    of each is summed in the database, so only the transfers still open come back: the
    database still looks at every transfer of the nights never settled everything (an
    index range), but nothing is settled again and no fully paid transfer is built."""
    paid = (
        PaymentMark.objects.filter(
            night=OuterRef("night"),
            payer=OuterRef("payer"),
            payee=OuterRef("payee"),
            reversal__isnull=True,
        )
        .values("night")
        .annotate(paid=Sum("amount"))
        .values("paid")
    )
    return list(
        NightTransfer.objects.filter(table=table, night__debt_pooled__isnull=True)
        .annotate(paid=Coalesce(Subquery(paid), Value(ZERO), output_field=DecimalField()))
        .filter(money__gt=F("paid"))
        .select_related("night")
        .order_by("night__started_at", "night_id", "position")
    )


def table_debts(table: Table) -> TableDebts:
    """Every open debt of ``table``, per currency: four queries, whatever the number of
    nights (the nights' open transfers, the open poolings' transfers, their marks and the
    players)."""
    transfers = _open_night_transfers(table)
    pooled = list(
        PooledTransfer.objects.filter(pool__table=table, pool__pooled_into__isnull=True)
        .select_related("pool")
        .order_by("pool_id", "id")
    )
    marks_by_night: dict[tuple[int, int, int], list[MarkShown]] = defaultdict(list)
    marks_by_pooled: dict[int, list[MarkShown]] = defaultdict(list)
    for mark in _marks_query().filter(
        Q(table=table)
        & (
            Q(night_id__in={t.night_id for t in transfers})
            | Q(pooled__pool__pooled_into__isnull=True, pooled__isnull=False)
        )
    ):
        if mark.night_id:
            marks_by_night[mark.night_id, mark.payer_id, mark.payee_id].append(_shown(mark))
        else:
            marks_by_pooled[mark.pooled_id].append(_shown(mark))
    players = {p.pk: p for p in Player.objects.filter(table=table)}

    open_by_currency: dict[str, list[TransferDebt]] = defaultdict(list)
    for transfer in transfers:
        currency = transfer.currency
        shown = tuple(
            marks_by_night.get((transfer.night_id, transfer.payer_id, transfer.payee_id), ())
        )
        debt = TransferDebt(
            payer=players[transfer.payer_id],
            payee=players[transfer.payee_id],
            money=transfer.money.quantize(quantum(currency)),
            currency=currency,
            paid=_paid(shown),
            marks=shown,
            night=transfer.night,
        )
        if debt.open > 0:
            open_by_currency[currency].append(debt)
    for transfer in pooled:
        shown = tuple(marks_by_pooled.get(transfer.pk, ()))
        debt = TransferDebt(
            payer=players[transfer.payer_id],
            payee=players[transfer.payee_id],
            money=transfer.amount.quantize(quantum(transfer.pool.currency)),
            currency=transfer.pool.currency,
            paid=_paid(shown),
            marks=shown,
            pooled_id=transfer.pk,
            pool=transfer.pool,
        )
        if debt.open > 0:
            open_by_currency[transfer.pool.currency].append(debt)

    order = list(players)  # the table's players by name: the same debts, the same transfers
    currencies = []
    for currency in sorted(open_by_currency):
        transfers = open_by_currency[currency]
        fewest = fewest_transfers(
            ((t.payer.pk, t.payee.pk, t.open) for t in transfers), currency, order
        )
        currencies.append(
            CurrencyDebts(
                currency=currency,
                transfers=tuple(transfers),
                fewest=tuple(
                    SettleProposal(players[a], players[b], money, currency)
                    for a, b, money in fewest
                ),
                digest=debts_digest(currency, transfers),
            )
        )
    return TableDebts(table=table, currencies=tuple(currencies))


def player_debts(player: Player) -> list[PlayerDebts]:
    """What ``player`` owes and is owed across their table's open debts, per currency
    (only currencies where they have some). The table's queries, no more."""
    rows = []
    for debts in table_debts(player.table).currencies:
        pairs = debts.pairs
        owes = tuple(p for p in pairs if p.payer.pk == player.pk)
        owed = tuple(p for p in pairs if p.payee.pk == player.pk)
        if owes or owed:
            rows.append(PlayerDebts(debts.currency, owes, owed))
    return rows
