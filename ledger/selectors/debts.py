"""What is still owed: each transfer's paid status, a table's open debts per currency and
pair, the fewest transfers that would settle them all, a player's owes and owed.

A table's open debts are read in a fixed number of queries and rows however many nights
it has: what each pair still owes is kept as it changes (ledger.services.debt_balances:
a night closed, a payment marked, a mark taken back, a "settle everything"), so a page
reads each pair's latest balance, not every night's transfers. Each closed night's
transfers were written as it closed, worked out by the same exact method as its
settle-up screen (``ledger.rules.settle_up`` on its balances in seat order), so they are
the same transfers the players were shown; a night's settle-up shows what is paid of
each.

Money is summed as Decimal and reduced in the currency's smallest unit as ints (cents),
so the exact method applies unchanged; amounts in two currencies are never added.
"""

import hashlib
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from decimal import Decimal

from django.db.models import (
    DecimalField,
    Exists,
    ExpressionWrapper,
    F,
    OuterRef,
    Subquery,
    Sum,
    Value,
)
from django.db.models.functions import Coalesce, Greatest

from ledger import rules
from ledger.models import (
    DebtBalance,
    DebtPair,
    DebtPool,
    DebtPoolSource,
    Night,
    NightTransfer,
    PaymentMark,
    Player,
    PooledTransfer,
    Table,
)
from ledger.models.debts import MONEY_DIGITS, MONEY_PLACES
from ledger.names import account_name
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
        marked_by=account_name(mark.marked_by),
        marked_at=mark.marked_at,
        reversed_by=account_name(reversal.reversed_by) if reversal else "",
        reversed_at=reversal.reversed_at if reversal else None,
        reason=reversal.reason if reversal else "",
    )


def _marks_query():
    return PaymentMark.objects.select_related(
        "marked_by", "reversal", "reversal__reversed_by"
    ).order_by("marked_at", "id")


def marks_shown(transfers: Sequence[NightTransfer]) -> dict[tuple[int, int, int], tuple]:
    """The marks of nights' ``transfers``, taken back or not, by (night id, payer id,
    payee id): one query (none for no transfers)."""
    if not transfers:
        return {}
    wanted = {(t.night_id, t.payer_id, t.payee_id) for t in transfers}
    found: dict[tuple[int, int, int], list[MarkShown]] = defaultdict(list)
    for mark in _marks_query().filter(night_id__in={night for night, _, _ in wanted}):
        key = (mark.night_id, mark.payer_id, mark.payee_id)
        if key in wanted:
            found[key].append(_shown(mark))
    return {key: tuple(marks) for key, marks in found.items()}


def _paid(marks: Iterable[MarkShown]) -> Decimal:
    return sum((m.amount for m in marks if not m.reversed), ZERO)


# --- carried into a "settle everything" ----------------------------------------------
#
# A "settle everything" closes every debt of its currency still open then: each night's
# or earlier "settle everything"'s with something open is carried into it, and takes no
# mark (nor a mark taken back) after. Which ones were carried is not written down one by
# one (that would be every open night of the table, at each "settle everything"): it
# follows from the order of the kept balances (ledger.models.debts.DebtBalance, one
# sequence per database, written under the table's lock). A debt with something open is
# carried exactly when a "settle everything" of its table and currency came after its
# own last change (its night closed, or "settle everything" made, a mark, a mark taken
# back): had one come while it was open, it would have been carried then and could not
# have changed after; one that came while it was paid in full did not carry it. Before
# migration 0014 each carried debt was written down (``DebtPoolSource``): those count
# too.


def _last(balances) -> Coalesce:
    return Coalesce(Subquery(balances.order_by("-pk").values("pk")[:1]), Value(0))


def night_last_change(night) -> Greatest:
    """The id of the last kept balance ``night`` (a night's id, or an OuterRef to one)
    changed: its closing, a mark of its transfers, a mark taken back; 0 if none (a night
    closed before balances were kept)."""
    return Greatest(
        _last(DebtBalance.objects.filter(night=night)),
        _last(DebtBalance.objects.filter(mark__night=night)),
        _last(DebtBalance.objects.filter(reversal__mark__night=night)),
    )


def pool_last_change(pool) -> Greatest:
    """As ``night_last_change``, for a "settle everything" (``pool``, an id or OuterRef):
    its making, a mark of one of its transfers, a mark taken back."""
    return Greatest(
        _last(DebtBalance.objects.filter(pool=pool)),
        _last(DebtBalance.objects.filter(mark__pooled__pool=pool)),
        _last(DebtBalance.objects.filter(reversal__mark__pooled__pool=pool)),
    )


def latest_pool_change(table, currency) -> Coalesce:
    """Where the last "settle everything" of ``table`` in ``currency`` stands in the kept
    balances (its first one); 0 if there is none since balances were kept. ``table`` and
    ``currency`` are values, or refer to the asking query's row two levels out
    (``OuterRef(OuterRef(...))``: the "settle everything" is a subquery of a subquery)."""
    latest = DebtPool.objects.filter(table=table, currency=currency).order_by("-pk")
    first = DebtBalance.objects.filter(pool=Subquery(latest.values("pk")[:1])).order_by("pk")
    return Coalesce(Subquery(first.values("pk")[:1]), Value(0))


def night_pooled_after(night: Night) -> bool:
    """Whether ``night``'s debts, if something of them is open, are carried into a
    "settle everything": written down as such (before migration 0014), or one came after
    the night's last change. One query."""
    row = (
        Night.objects.filter(pk=night.pk)
        .annotate(
            sourced=Exists(DebtPoolSource.objects.filter(night=OuterRef("pk"))),
            last=night_last_change(OuterRef("pk")),
            pooled=latest_pool_change(night.table_id, night.house_rules.currency),
        )
        .values_list("sourced", "last", "pooled")
        .get()
    )
    sourced, last, pooled = row
    return bool(sourced) or pooled > last


def with_paid_not_carried(rows):
    """``rows`` (a queryset whose rows name a night's transfer by ``night``, ``payer``
    and ``payee``, with its ``table`` and ``currency``) with ``paid``, what is marked paid
    of that transfer and not taken back, keeping only the rows whose night's debts are not
    carried into a "settle everything" (``night_pooled_after``, for every row at once)."""
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
    return (
        rows.filter(night__debt_pooled__isnull=True)
        .annotate(
            paid=Coalesce(Subquery(paid), Value(ZERO), output_field=DecimalField()),
            last_change=night_last_change(OuterRef("night")),
            pooled=latest_pool_change(OuterRef(OuterRef("table")), OuterRef(OuterRef("currency"))),
        )
        .filter(pooled__lte=F("last_change"))
    )


def pool_pooled_after(pool: DebtPool) -> bool:
    """As ``night_pooled_after``, for a "settle everything"'s transfers. One query."""
    row = (
        DebtPool.objects.filter(pk=pool.pk)
        .annotate(
            sourced=Exists(DebtPoolSource.objects.filter(earlier=OuterRef("pk"))),
            last=pool_last_change(OuterRef("pk")),
            pooled=latest_pool_change(pool.table_id, pool.currency),
        )
        .values_list("sourced", "last", "pooled")
        .get()
    )
    sourced, last, pooled = row
    return bool(sourced) or pooled > last


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
    everything" came after its last change (``night_pooled_after``; one query, when the
    caller knows that: ``carried``). An open night has no debts yet: empty."""
    if not night.is_closed or not payments:
        return {}
    currency = night.house_rules.currency
    marks: dict[tuple[int, int], list[MarkShown]] = defaultdict(list)
    for mark in _marks_query().filter(night=night):
        marks[mark.payer_id, mark.payee_id].append(_shown(mark))
    if carried is None:
        carried = night_pooled_after(night)
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
    # A night paid in full was carried into nothing (whatever came after it).
    if all(debt.open <= 0 for debt in debts.values()):
        debts = {key: replace(debt, carried=False) for key, debt in debts.items()}
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


def latest_balances(pairs):
    """``pairs`` (a DebtPair queryset) with ``open`` and ``head`` (the latest balance's id)
    of each: one index seek per pair."""
    latest = DebtBalance.objects.filter(pair=OuterRef("pk")).order_by("-pk")
    return pairs.annotate(
        open=Subquery(latest.values("open")[:1]), head=Subquery(latest.values("pk")[:1])
    )


# --- a table ------------------------------------------------------------------------


@dataclass(frozen=True)
class PairDebt:
    """What ``payer`` still owes ``payee`` in one currency (kept as it changes:
    ledger.services.debt_balances), and the "settle everything" transfers among it, each
    marked paid on its own. The rest is open from nights, marked on their settle-ups.
    ``head``: the pair's latest balance, so a change shows in the digest."""

    payer: Player
    payee: Player
    open: Decimal
    transfers: tuple[TransferDebt, ...] = ()
    head: int = 0

    @property
    def from_nights(self) -> Decimal:
        return self.open - sum((t.open for t in self.transfers), ZERO)


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
    pairs: tuple[PairDebt, ...]  # every pair with something open, by names
    fewest: tuple[SettleProposal, ...]  # the fewest transfers that settle them all
    digest: str  # of the open debts, for "settle everything" to confirm what was seen

    @property
    def total(self) -> Decimal:
        return sum((p.open for p in self.pairs), ZERO)

    @property
    def transfers(self) -> tuple[TransferDebt, ...]:
        """The open "settle everything" transfers among the pairs."""
        return tuple(t for p in self.pairs for t in p.transfers)

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


def debts_digest(currency: str, pairs: Iterable[PairDebt]) -> str:
    """A digest of what is open in one currency: each pair, what it owes, and its latest
    balance — any change since (a mark, a night closed, a mark taken back) changes it."""
    rows = sorted(f"{p.payer.pk}:{p.payee.pk}:{p.open}:{p.head}" for p in pairs)
    return hashlib.sha256("\n".join([currency, *rows]).encode()).hexdigest()


def _open_pooled_transfers(table: Table) -> list[PooledTransfer]:
    """The transfers of ``table``'s "settle everything"s not written down as carried with
    something open, each with what is open of its "settle everything" (``pool_open``), its
    last change and the last "settle everything" of its currency (``last``, ``pooled``):
    one query. A "settle everything" paid in full drops out in the database."""
    paid = (
        PaymentMark.objects.filter(pooled=OuterRef("pk"), reversal__isnull=True)
        .values("pooled")
        .annotate(paid=Sum("amount"))
        .values("paid")
    )
    pool_paid = (
        PaymentMark.objects.filter(pooled__pool=OuterRef("pool"), reversal__isnull=True)
        .values("pooled__pool")
        .annotate(paid=Sum("amount"))
        .values("paid")
    )
    pool_due = (
        PooledTransfer.objects.filter(pool=OuterRef("pool"))
        .values("pool")
        .annotate(due=Sum("amount"))
        .values("due")
    )
    money = DecimalField(max_digits=MONEY_DIGITS, decimal_places=MONEY_PLACES)
    return list(
        PooledTransfer.objects.filter(pool__table=table, pool__pooled_into__isnull=True)
        .annotate(paid=Coalesce(Subquery(paid), Value(ZERO), output_field=money))
        .filter(amount__gt=F("paid"))
        .annotate(
            pool_open=ExpressionWrapper(
                Subquery(pool_due, output_field=money)
                - Coalesce(Subquery(pool_paid), Value(ZERO), output_field=money),
                output_field=money,
            ),
            last=pool_last_change(OuterRef("pool")),
            pooled=latest_pool_change(table.pk, OuterRef(OuterRef("pool__currency"))),
        )
        .select_related("pool")
        .order_by("pool_id", "id")
    )


def table_debts(table: Table) -> TableDebts:
    """Every open debt of ``table``, per currency and pair: four queries, whatever the
    number of nights — the pairs with their kept balances (one index seek each), the open
    "settle everything" transfers, their marks, and the players."""
    balances = [
        row
        for row in latest_balances(DebtPair.objects.filter(table=table)).values_list(
            "currency", "payer_id", "payee_id", "open", "head"
        )
        if row[3] is not None and row[3] > 0
    ]
    pooled = [
        transfer
        for transfer in _open_pooled_transfers(table)
        if transfer.pool_open > 0 and transfer.pooled <= transfer.last
    ]
    marks_by_pooled: dict[int, list[MarkShown]] = defaultdict(list)
    for mark in _marks_query().filter(table=table, pooled__in=[t.pk for t in pooled]):
        marks_by_pooled[mark.pooled_id].append(_shown(mark))
    players = {p.pk: p for p in Player.objects.filter(table=table)}

    pooled_by_pair: dict[tuple[str, int, int], list[TransferDebt]] = defaultdict(list)
    for transfer in pooled:
        currency = transfer.pool.currency
        shown = tuple(marks_by_pooled.get(transfer.pk, ()))
        debt = TransferDebt(
            payer=players[transfer.payer_id],
            payee=players[transfer.payee_id],
            money=transfer.amount.quantize(quantum(currency)),
            currency=currency,
            paid=_paid(shown),
            marks=shown,
            pooled_id=transfer.pk,
            pool=transfer.pool,
        )
        if debt.open > 0:
            pooled_by_pair[currency, transfer.payer_id, transfer.payee_id].append(debt)

    pairs_by_currency: dict[str, list[PairDebt]] = defaultdict(list)
    for currency, payer, payee, left, head in balances:
        pairs_by_currency[currency].append(
            PairDebt(
                payer=players[payer],
                payee=players[payee],
                open=left.quantize(quantum(currency)),
                transfers=tuple(pooled_by_pair.get((currency, payer, payee), ())),
                head=head,
            )
        )
    order = list(players)  # the table's players by name: the same debts, the same transfers
    currencies = []
    for currency in sorted(pairs_by_currency):
        pairs = sorted(pairs_by_currency[currency], key=lambda p: (p.payer.name, p.payee.name))
        fewest = fewest_transfers(
            ((p.payer.pk, p.payee.pk, p.open) for p in pairs), currency, order
        )
        currencies.append(
            CurrencyDebts(
                currency=currency,
                pairs=tuple(pairs),
                fewest=tuple(
                    SettleProposal(players[a], players[b], money, currency)
                    for a, b, money in fewest
                ),
                digest=debts_digest(currency, pairs),
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
