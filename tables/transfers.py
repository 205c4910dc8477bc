"""The settle-up's rows: one type for every screen that lists who pays whom.

A night's settle-up, its report, the live link and the table's open debts all show
transfers the same way — who pays whom and how much, what is paid of it, the pay
buttons of what is still open, and for the host the controls to mark it — each as a
``TransferRow`` whose ``mode`` says what that screen shows of it. The templates
(templates/nights/_settle_up.html, templates/payments/_transfer_status.html and
_pay_buttons.html) read the row and nothing else.
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum

from django.urls import reverse
from django.utils import timezone
from django.utils.http import urlencode

from ledger.models import Night, PaymentMethod, Table
from ledger.selectors.debts import CurrencyDebts, TransferDebt
from tables.pay_buttons import PayButton, no_way_in, pay_buttons, settle_up_message
from tables.return_to import NEXT


class Mode(StrEnum):
    """Who looks at a transfer, and so what of it is shown.

    The first two values are also what a mark's form posts as ``back``: where the
    answer goes (tables.forms.payment_marks)."""

    SETTLE_UP = "night"  # the host's settle-up: the audit of each mark, mark controls
    OPEN_DEBTS = "table"  # the host's open debts at the table page: the same
    REPORT = "report"  # the host's night report: status and audit, read-only
    LIVE = "live"  # the players' live link: the status and the pay buttons, no audit


# The element each host screen swaps when a mark is answered: its htmx partial, and the
# part its page module names (tables.pages.settle_up.TRANSFERS, table_page.DEBTS).
SETTLE_UP_PART = "transfers"
OPEN_DEBTS_PART = "debts"
TARGETS = {Mode.SETTLE_UP: SETTLE_UP_PART, Mode.OPEN_DEBTS: OPEN_DEBTS_PART}


@dataclass(frozen=True)
class TransferRow:
    """One transfer as a screen shows it.

    ``debt`` is what is paid of it (None for a "settle everything" transfer that is only
    proposed); ``pay`` its pay buttons (what is still open of it, in its currency);
    ``mark_url`` where the host's "Mark paid" posts, with ``mark_fields`` as hidden
    inputs ("" where this screen marks nothing)."""

    payer: str
    payee: str
    money: Decimal
    currency: str
    mode: Mode
    debt: TransferDebt | None = None
    pay: tuple[PayButton, ...] = ()
    mark_url: str = ""
    mark_fields: tuple[tuple[str, str], ...] = ()
    key: str = ""  # unique on its screen: the ids of its inputs
    # To the host, when the payee's ways of getting paid all take another currency: why
    # there is no pay button, and where to add a way (the payee's page, which comes back).
    no_way: str = ""
    no_way_url: str = ""
    # Where the host adds a way for the payee to get paid, when they have none at all.
    add_way_url: str = ""

    @property
    def audit(self) -> bool:
        """Who marked what, their notes and reasons: the host's screens only."""
        return self.mode is not Mode.LIVE

    @property
    def can_take_back(self) -> bool:
        """The host may take a mark back here (a mark carried elsewhere stays)."""
        return self.mode in TARGETS and self.debt is not None and not self.debt.carried

    @property
    def target(self) -> str:
        return TARGETS.get(self.mode, "")


@dataclass(frozen=True)
class DebtPair:
    """What one player still owes another in one currency, on the table page: the total,
    its pay buttons (where it is already one of the fewest transfers), and the transfers
    it is made of."""

    payer: str
    payee: str
    open: Decimal
    pay: tuple[PayButton, ...]
    parts: tuple[TransferRow, ...]  # its "settle everything" transfers, marked here
    from_nights: Decimal  # the rest, open from nights: marked on their settle-ups


@dataclass(frozen=True)
class CurrencySection:
    """A table's open debts in one currency, as its page shows them."""

    currency: str
    total: Decimal
    pairs: tuple[DebtPair, ...]
    fewest: tuple[TransferRow, ...]  # "settle everything"'s transfers, when it would help
    digest: str

    @property
    def from_nights(self) -> bool:
        """Whether some of it is open from nights (marked on their settle-ups): said once."""
        return any(pair.from_nights for pair in self.pairs)


def _buttons(
    methods: Mapping[int, Sequence[PaymentMethod]],
    payee_id: int,
    amount: Decimal,
    currency: str,
    message: str,
) -> tuple[PayButton, ...]:
    return tuple(
        pay_buttons(methods.get(payee_id, ()), amount=amount, currency=currency, message=message)
    )


def night_rows(
    night: Night,
    transfers: Sequence[TransferDebt],
    mode: Mode,
    methods: Mapping[int, Sequence[PaymentMethod]] | None = None,
) -> list[TransferRow]:
    """A closed night's transfers, each with what is paid of it. ``methods`` (payee id ->
    their ways of getting paid): the pay buttons of what is still open, from those in the
    night's currency; None where the screen offers none. On the host's settle-up, a payee
    whose ways all take another currency is named, with what to do."""
    message = settle_up_message(night.table.name, timezone.localtime(night.started_at))
    rows = []
    for debt in transfers:
        pay, no_way, no_way_url = (), "", ""
        if methods is not None and debt.markable:
            pay = _buttons(methods, debt.payee.id, debt.open, debt.currency, message)
            if mode is Mode.SETTLE_UP:
                no_way = no_way_in(
                    methods.get(debt.payee.id, ()), payee=debt.payee.name, currency=debt.currency
                )
                no_way_url = _add_way_url(night, debt.payee.id) if no_way else ""
        mark_url = add_way_url = ""
        if mode is Mode.SETTLE_UP and debt.markable:
            mark_url = reverse("transfer_mark", args=[night.pk, debt.payer.id, debt.payee.id])
            if methods is not None and not methods.get(debt.payee.id):
                add_way_url = _add_way_url(night, debt.payee.id)
        rows.append(
            TransferRow(
                debt.payer.name,
                debt.payee.name,
                debt.money,
                debt.currency,
                mode,
                debt=debt,
                pay=pay,
                mark_url=mark_url,
                key=f"{night.pk}-{debt.payer.id}-{debt.payee.id}",
                no_way=no_way,
                no_way_url=no_way_url,
                add_way_url=add_way_url,
            )
        )
    return rows


def _add_way_url(night: Night, payee_id: int) -> str:
    """The payee's form for their ways of getting paid, which returns to this settle-up."""
    back = urlencode({NEXT: reverse("night_settlement", args=[night.pk])})
    return f"{reverse('player_detail', args=[payee_id])}?{back}#payment-methods"


def open_debt_sections(
    table: Table,
    currencies: Sequence[CurrencyDebts],
    methods: Mapping[str, Mapping[int, Sequence[PaymentMethod]]],
) -> list[CurrencySection]:
    """The table's open debts per currency: each pair with its "settle everything"
    transfers and what is open from nights, and the fewest transfers that would settle
    them all. ``methods``: currency -> payee id -> ways.

    Where "settle everything" proposes fewer transfers, only they get pay buttons, so
    nobody pays a pair's debt and then their part of the proposal too. The message
    names the table and today's date: these debts span nights."""
    message = settle_up_message(table.name, timezone.localdate())
    settle_url = reverse("debts_settle", args=[table.pk])
    sections = []
    for debts in currencies:
        currency, paying = debts.currency, methods.get(debts.currency, {})
        pairs = [
            DebtPair(
                pair.payer.name,
                pair.payee.name,
                pair.open,
                ()
                if debts.reducible
                else _buttons(paying, pair.payee.id, pair.open, currency, message),
                tuple(_open_debt_row(debt) for debt in pair.transfers),
                pair.from_nights,
            )
            for pair in debts.pairs
        ]
        fewest = []
        if debts.reducible:
            fewest = [
                TransferRow(
                    proposal.payer.name,
                    proposal.payee.name,
                    proposal.money,
                    currency,
                    Mode.OPEN_DEBTS,
                    pay=_buttons(paying, proposal.payee.id, proposal.money, currency, message),
                    mark_url=settle_url,
                    mark_fields=(
                        ("currency", currency),
                        ("digest", debts.digest),
                        ("payer", str(proposal.payer.id)),
                        ("payee", str(proposal.payee.id)),
                    ),
                    key=f"{currency}-{proposal.payer.id}-{proposal.payee.id}",
                )
                for proposal in debts.fewest
            ]
        sections.append(
            CurrencySection(currency, debts.total, tuple(pairs), tuple(fewest), debts.digest)
        )
    return sections


def _open_debt_row(debt: TransferDebt) -> TransferRow:
    """A "settle everything" transfer among a pair's open debts, with its mark."""
    key = f"pool-{debt.pooled_id}"
    url = reverse("pooled_mark", args=[debt.pooled_id])
    return TransferRow(
        debt.payer.name,
        debt.payee.name,
        debt.money,
        debt.currency,
        Mode.OPEN_DEBTS,
        debt=debt,
        mark_url=url if debt.markable else "",
        key=key,
    )
