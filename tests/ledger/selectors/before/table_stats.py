"""ledger/selectors/table_stats.py as it was before closed nights kept their results, copied
unchanged below: the oracle tests/ledger/selectors/test_history_figures.py holds the new
selectors to. Not used by the app."""

from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from django.db.models import Count, IntegerField, Max, Sum
from django.db.models.fields.json import KT
from django.db.models.functions import Cast
from django.utils import timezone
from django.utils.translation import gettext, ngettext

from ledger.models import Entry, Hand, Night, Player, Table
from ledger.selectors.totals import NIGHT_FIELDS, NightInfo, Totals

RECENT_NIGHTS = 10


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
    nights: list[NightRow]  # newest first
    records: Records


def night_player_chips(table: Table) -> dict[int, dict[int, int]]:
    """Night id -> player id -> net chips that night, for every night of the table."""
    rows = (
        Entry.objects.filter(night__table=table, player__isnull=False)
        .values("night_id", "player_id")
        .annotate(chips=Sum("amount"))
        .values_list("night_id", "player_id", "chips")
    )
    result: dict[int, dict[int, int]] = defaultdict(dict)
    for night_id, player_id, chips in rows:
        result[night_id][player_id] = chips
    return result


def table_nights(table: Table) -> list[NightInfo]:
    """Every night of the table, oldest first."""
    return [
        NightInfo.from_night(night)
        for night in Night.objects.filter(table=table)
        .order_by("started_at", "id")
        .only(*NIGHT_FIELDS)
    ]


def _leaderboard(slug, title, nights, chips, players) -> Leaderboard:
    totals: dict[int, Totals] = defaultdict(Totals)
    counts: dict[int, int] = defaultdict(int)
    for night in nights:
        for player_id, amount in chips.get(night.id, {}).items():
            totals[player_id].add(night, amount)
            counts[player_id] += 1
    rows = [LeaderRow(players[p], counts[p], totals[p]) for p in totals]
    rows.sort(key=lambda r: (-r.net.chips, -r.net.money_total, r.player.name.casefold()))
    return Leaderboard(slug, title, rows)


def _records(table: Table) -> Records:
    live = {"night__table": table, "hand__live": True, "player__isnull": False}
    pot = (
        Entry.objects.filter(kind=Entry.WIN, **live)
        .order_by("-amount", "night__started_at", "seq")
        .values("amount", "player__name", "night_id", "night__started_at", "hand_number")
        .first()
    )
    bourres = (
        Entry.objects.filter(kind=Entry.BOURRE, **live)
        .values("hand_id", "night_id", "night__started_at", "hand_number")
        .annotate(count=Count("pk"))
        .order_by("-count", "night__started_at", "hand_number")
        .first()
    )
    carry = (
        Hand.objects.filter(night__table=table, live=True)
        .annotate(streak=Cast(KT("state_after__carry_streak"), IntegerField()))
        .filter(streak__gt=0)
        .order_by("-streak", "night__started_at", "number")
        .values("streak", "night_id", "night__started_at", "number")
        .first()
    )
    return Records(biggest_pot=pot, most_bourres=bourres, longest_carryover=carry)


def table_stats(table: Table) -> TableStats:
    nights = table_nights(table)
    chips = night_player_chips(table)
    players = Player.objects.filter(table=table).in_bulk()
    pots = dict(
        Entry.objects.filter(
            night__table=table, kind=Entry.WIN, player__isnull=False, hand__live=True
        )
        .values("night_id")
        .annotate(pot=Max("amount"))
        .values_list("night_id", "pot")
    )
    closed = [n for n in nights if n.closed]
    year = timezone.localtime().year
    # Titles in the active language: the stats page asks while it is being answered.
    leaderboards = [
        _leaderboard("all", gettext("All time"), closed, chips, players),
        _leaderboard(
            "year",
            gettext("This year (%(year)s)") % {"year": year},
            [n for n in closed if timezone.localtime(n.started_at).year == year],
            chips,
            players,
        ),
        _leaderboard(
            "recent",
            ngettext("Last %(count)s night", "Last %(count)s nights", RECENT_NIGHTS)
            % {"count": RECENT_NIGHTS},
            closed[-RECENT_NIGHTS:],
            chips,
            players,
        ),
    ]
    rows = []
    for night in reversed(nights):
        results = chips.get(night.id, {})
        ranked = sorted(results.items(), key=lambda item: (-item[1], players[item[0]].name))
        winner = loser = None
        if night.closed and ranked:
            top, bottom = ranked[0], ranked[-1]
            winner = (players[top[0]], top[1]) if top[1] > 0 else None
            loser = (players[bottom[0]], bottom[1]) if bottom[1] < 0 else None
        rows.append(NightRow(night, len(results), winner, loser, pots.get(night.id)))
    return TableStats(leaderboards=leaderboards, nights=rows, records=_records(table))
