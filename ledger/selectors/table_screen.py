"""A table's page, as it shows it: its players (and those retired), its nights with their
players and hands counted (the closed ones a page at a time, as each was summed when it
closed), and what is still owed from past nights with how each payee gets paid. A fixed
number of queries, however many nights.

Each part the page swaps on its own has its own reader: ``table_players`` (a player
added, renamed, retired) and ``open_debts`` (a transfer marked, everything settled).
"""

from collections import defaultdict
from dataclasses import dataclass
from datetime import datetime

from django.core.paginator import Page, Paginator
from django.db.models import Count, Q

from ledger.models import Night, NightSummary, PaymentMethod, Player, Table
from ledger.selectors.debts import CurrencyDebts, table_debts
from ledger.selectors.payment_methods import payees_payment_methods


@dataclass(frozen=True)
class TablePlayers:
    playing: list[Player]  # offered for new nights, by name
    retired: list[Player]


@dataclass(frozen=True)
class OpenDebts:
    currencies: tuple[CurrencyDebts, ...]
    # Currency -> payee id -> their ways of getting paid in it.
    methods: dict[str, dict[int, list[PaymentMethod]]]


CLOSED_NIGHTS_PER_PAGE = 30


@dataclass(frozen=True)
class NightItem:
    """A night as the table's page lists it."""

    id: int
    started_at: datetime
    closed_at: datetime | None
    player_count: int
    hand_count: int


@dataclass(frozen=True)
class TableScreen:
    table: Table
    players: TablePlayers
    open_nights: list[NightItem]  # newest first
    closed_nights: list[NightItem]  # this page's, newest first
    closed_page: Page
    debts: OpenDebts


def table_players(table: Table) -> TablePlayers:
    """One query."""
    players = list(Player.objects.filter(table=table))
    return TablePlayers(
        playing=[p for p in players if p.retired_at is None],
        retired=[p for p in players if p.retired_at is not None],
    )


def open_debts(table: Table) -> OpenDebts:
    """What is still owed at ``table``, per currency (``table_debts``' queries), and the
    payees' ways of getting paid: one query more per currency with debts."""
    debts = table_debts(table)
    methods: dict[str, dict[int, list[PaymentMethod]]] = defaultdict(dict)
    for currency in debts.currencies:
        payees = {pair.payee.pk for pair in currency.pairs}
        payees |= {proposal.payee.pk for proposal in currency.fewest}
        methods[currency.currency] = payees_payment_methods(payees, currency.currency)
    return OpenDebts(debts.currencies, dict(methods))


def table_screen(table: Table, *, page: int | str = 1) -> TableScreen:
    """The page, with ``page`` of its closed nights (the last when it is past the end)."""
    still_open = [
        NightItem(night.pk, night.started_at, None, night.player_count, night.hand_count)
        for night in Night.objects.filter(table=table, closed_at__isnull=True)
        .annotate(
            player_count=Count("seats", distinct=True),
            hand_count=Count("hands", filter=Q(hands__live=True), distinct=True),
        )
        .order_by("-started_at", "-id")
    ]
    paginator = Paginator(
        NightSummary.objects.filter(table=table)
        .order_by("-started_at", "-night_id")
        .values_list("night_id", "started_at", "night__closed_at", "seats", "hands"),
        CLOSED_NIGHTS_PER_PAGE,
    )
    shown = paginator.get_page(page)
    return TableScreen(
        table=table,
        players=table_players(table),
        open_nights=still_open,
        closed_nights=[NightItem(*row) for row in shown],
        closed_page=shown,
        debts=open_debts(table),
    )
