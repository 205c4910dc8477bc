"""A table's leaderboards, nights and records, in the same queries at the three-thousandth
night as at the third.

Leaderboards and night results count closed nights only (an open night's chips are
partly still in the pot): all time and this year from each player's running totals per
year, kept as each night closed (ledger.models.results.PlayerYear), a few rows a player
whatever the number of nights; the last nights from what each of them came to. Pots and
records count every live hand: the closed nights' records are read from their
summaries, an open night's from its hands, and the best of both is shown. The nights
are listed a page at a time, newest first.
"""

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.core.paginator import Page, Paginator
from django.db.models import Count, IntegerField, Max, OuterRef, Subquery, Sum
from django.db.models.fields.json import KT
from django.db.models.functions import Cast
from django.utils import timezone
from django.utils.translation import gettext, ngettext

from ledger.models import (
    Entry,
    Hand,
    Night,
    NightResult,
    NightSummary,
    Player,
    PlayerYear,
    PlayerYearTotal,
    Table,
)
from ledger.selectors.totals import NIGHT_FIELDS, NightInfo, Totals

RECENT_NIGHTS = 10
NIGHTS_PER_PAGE = 50


@dataclass(frozen=True)
class LeaderRow:
    player: Player
    nights: int
    net: Totals


@dataclass(frozen=True)
class Leaderboard:
    slug: str
    title: str
    rows: list[LeaderRow]


@dataclass(frozen=True)
class NightRow:
    night: NightInfo
    players: int
    winner: tuple[Player, int] | None  # closed nights only
    loser: tuple[Player, int] | None
    biggest_pot: int | None


@dataclass(frozen=True)
class Records:
    biggest_pot: dict[str, Any] | None
    most_bourres: dict[str, Any] | None
    longest_carryover: dict[str, Any] | None


@dataclass(frozen=True)
class TableStats:
    leaderboards: list[Leaderboard]
    nights: list[NightRow]  # this page's, newest first
    page: Page  # which page of the table's nights ``nights`` is
    records: Records


def _leaderboard(
    slug: str, title: str, sums: Iterable[tuple[int, str, int, int, int]], players
) -> Leaderboard:
    """The players' sums (player id, currency, chips, money in the currency's smallest
    unit, nights), a player's rows in several currencies or years added up."""
    totals: dict[int, Totals] = defaultdict(Totals)
    counts: dict[int, int] = defaultdict(int)
    for player_id, currency, chips, money, nights in sums:
        totals[player_id].add_sum(currency, chips, money)
        counts[player_id] += nights
    rows = [LeaderRow(players[p], counts[p], totals[p]) for p in totals]
    rows.sort(key=lambda r: (-r.net.chips, -r.net.money_total, r.player.name.casefold()))
    return Leaderboard(slug, title, rows)


def _summed(results) -> list[tuple[int, str, int, int, int]]:
    """``results`` (NightResult rows of closed nights) summed per player and currency."""
    return list(
        results.filter(moved=True)
        .values_list("player_id", "currency")
        .annotate(chips=Sum("chips"), money=Sum("money_units"), nights=Count("pk"))
        .values_list("player_id", "currency", "chips", "money", "nights")
        .order_by()
    )


def year_totals(table_id: int) -> list[tuple[int, int, str, int, int, int]]:
    """Each of the table's players' totals per year and currency, as kept when each night
    closed (ledger.models.results.PlayerYear): (year, player id, currency, chips, money
    units, nights). One query, an index seek per line: a few lines a player a year."""
    latest = PlayerYearTotal.objects.filter(line=OuterRef("pk")).order_by("-pk")
    return list(
        PlayerYear.objects.filter(table_id=table_id)
        .annotate(
            chips=Subquery(latest.values("chips")[:1]),
            money=Subquery(latest.values("money_units")[:1]),
            nights=Subquery(latest.values("nights")[:1]),
        )
        .values_list("year", "player_id", "currency", "chips", "money", "nights")
        .order_by()
    )


def _leaderboards(table: Table, players: dict[int, Player]) -> list[Leaderboard]:
    year = timezone.localtime().year
    years = year_totals(table.pk)
    recent = (
        NightSummary.objects.filter(table=table)
        .order_by("-started_at", "-night_id")
        .values("night_id")[:RECENT_NIGHTS]
    )
    # Titles in the active language: the stats page asks while it is being answered.
    return [
        _leaderboard("all", gettext("All time"), (row[1:] for row in years), players),
        _leaderboard(
            "year",
            gettext("This year (%(year)s)") % {"year": year},
            (row[1:] for row in years if row[0] == year),
            players,
        ),
        _leaderboard(
            "recent",
            ngettext("Last %(count)s night", "Last %(count)s nights", RECENT_NIGHTS)
            % {"count": RECENT_NIGHTS},
            _summed(NightResult.objects.filter(table=table, night_id__in=Subquery(recent))),
            players,
        ),
    ]


def _best(*candidates: tuple[tuple, dict] | None) -> dict[str, Any] | None:
    """The record of the candidates (each its sort key and its row) that sorts first."""
    found = [c for c in candidates if c is not None]
    return min(found, key=lambda c: c[0])[1] if found else None


def _records(table: Table, players: dict[int, Player]) -> Records:
    summaries = NightSummary.objects.filter(table=table)
    closed_pot = (
        summaries.filter(biggest_pot__isnull=False)
        .order_by("-biggest_pot", "started_at", "night_id")
        .values(
            "biggest_pot", "biggest_pot_player_id", "night_id", "started_at", "biggest_pot_hand"
        )
        .first()
    )
    closed_bourres = (
        summaries.filter(most_bourres__isnull=False)
        .order_by("-most_bourres", "started_at", "most_bourres_hand")
        .values("most_bourres", "night_id", "started_at", "most_bourres_hand")
        .first()
    )
    closed_carry = (
        summaries.filter(longest_carryover__isnull=False)
        .order_by("-longest_carryover", "started_at", "longest_carryover_hand")
        .values("longest_carryover", "night_id", "started_at", "longest_carryover_hand")
        .first()
    )
    # An open night's records from its own hands: only the nights still being played.
    live = {"night__table": table, "night__closed_at__isnull": True, "hand__live": True}
    open_pot = (
        Entry.objects.filter(kind=Entry.WIN, player__isnull=False, **live)
        .order_by("-amount", "night__started_at", "seq")
        .values("amount", "player_id", "night_id", "night__started_at", "hand_number")
        .first()
    )
    open_bourres = (
        Entry.objects.filter(kind=Entry.BOURRE, player__isnull=False, **live)
        .values("hand_id", "night_id", "night__started_at", "hand_number")
        .annotate(count=Count("pk"))
        .order_by("-count", "night__started_at", "hand_number")
        .first()
    )
    open_carry = (
        Hand.objects.filter(night__table=table, night__closed_at__isnull=True, live=True)
        .annotate(streak=Cast(KT("state_after__carry_streak"), IntegerField()))
        .filter(streak__gt=0)
        .order_by("-streak", "night__started_at", "number")
        .values("streak", "night_id", "night__started_at", "number")
        .first()
    )

    def pot(amount, player_id, night_id, started_at, hand) -> tuple[tuple, dict]:
        row = {
            "amount": amount,
            "player__name": players[player_id].name,
            "night_id": night_id,
            "night__started_at": started_at,
            "hand_number": hand,
        }
        return (-amount, started_at), row

    def bourres(count, night_id, started_at, hand) -> tuple[tuple, dict]:
        row = {
            "count": count,
            "night_id": night_id,
            "night__started_at": started_at,
            "hand_number": hand,
        }
        return (-count, started_at, hand), row

    def carry(streak, night_id, started_at, hand) -> tuple[tuple, dict]:
        row = {"streak": streak, "night_id": night_id, "night__started_at": started_at}
        return (-streak, started_at, hand), {**row, "number": hand}

    return Records(
        biggest_pot=_best(
            closed_pot and pot(*closed_pot.values()),
            open_pot and pot(*open_pot.values()),
        ),
        most_bourres=_best(
            closed_bourres and bourres(*closed_bourres.values()),
            open_bourres
            and bourres(
                open_bourres["count"],
                open_bourres["night_id"],
                open_bourres["night__started_at"],
                open_bourres["hand_number"],
            ),
        ),
        longest_carryover=_best(
            closed_carry and carry(*closed_carry.values()),
            open_carry and carry(*open_carry.values()),
        ),
    )


def _night_rows(nights: list[Night], players: dict[int, Player]) -> list[NightRow]:
    """Each of ``nights`` (one page) with its players, winner, loser and biggest pot: the
    closed ones from their results, the open ones from their entries."""
    closed = [n.pk for n in nights if n.closed_at is not None]
    still_open = [n.pk for n in nights if n.closed_at is None]
    chips: dict[int, dict[int, int]] = defaultdict(dict)
    for night_id, player_id, amount in NightResult.objects.filter(
        night_id__in=closed, moved=True
    ).values_list("night_id", "player_id", "chips"):
        chips[night_id][player_id] = amount
    pots = dict(
        NightSummary.objects.filter(night_id__in=closed).values_list("night_id", "biggest_pot")
    )
    if still_open:
        for night_id, player_id, amount in (
            Entry.objects.filter(night_id__in=still_open, player__isnull=False)
            .values_list("night_id", "player_id")
            .annotate(chips=Sum("amount"))
            .values_list("night_id", "player_id", "chips")
            .order_by()
        ):
            chips[night_id][player_id] = amount
        pots.update(
            Entry.objects.filter(
                night_id__in=still_open, kind=Entry.WIN, player__isnull=False, hand__live=True
            )
            .values("night_id")
            .annotate(pot=Max("amount"))
            .values_list("night_id", "pot")
            .order_by()
        )
    rows = []
    for night in nights:
        results = chips.get(night.pk, {})
        ranked = sorted(results.items(), key=lambda item: (-item[1], players[item[0]].name))
        winner = loser = None
        if night.closed_at is not None and ranked:
            top, bottom = ranked[0], ranked[-1]
            winner = (players[top[0]], top[1]) if top[1] > 0 else None
            loser = (players[bottom[0]], bottom[1]) if bottom[1] < 0 else None
        rows.append(
            NightRow(NightInfo.from_night(night), len(results), winner, loser, pots.get(night.pk))
        )
    return rows


def table_stats(table: Table, *, page: int | str = 1) -> TableStats:
    """The leaderboards, the records and ``page`` of the nights (the last page when it is
    past the end): sixteen queries, whatever the number of nights."""
    players = Player.objects.filter(table=table).in_bulk()
    paginator = Paginator(
        Night.objects.filter(table=table).order_by("-started_at", "-id").only(*NIGHT_FIELDS),
        NIGHTS_PER_PAGE,
    )
    shown = paginator.get_page(page)
    return TableStats(
        leaderboards=_leaderboards(table, players),
        nights=_night_rows(list(shown), players),
        page=shown,
        records=_records(table, players),
    )
