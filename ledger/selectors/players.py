"""One player's history at their table, in the same queries however long the history.

Money results count closed nights only: while a night is open, chips in the
pot belong to nobody yet. Hand facts (stays, wins, bourrés…) count every live
hand, so a correction replaces the fact it corrects instead of adding to it. A closed
night counts as it was written when it closed (ledger.models.results); only the nights
still being played are added up from their hands and entries.
"""

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal

from django.core.paginator import Page, Paginator
from django.db.models import BooleanField, Count, Expression, F, Max, Min, Q, Sum

from ledger.models import Entry, Hand, Night, NightResult, PaymentMethod, Player
from ledger.selectors.debts import PlayerDebts, player_debts
from ledger.selectors.payment_methods import player_payment_methods_and_own
from ledger.selectors.totals import NIGHT_FIELDS, NightInfo, Totals

# Hand.input["seated"] is a list of player ids; Django's ``contains`` lookup on JSON
# fields is PostgreSQL-only, so "this JSON list holds this value" gets its own SQL per
# backend here.
_KEY = re.compile(r"^[a-z_]+$")

NIGHTS_PER_PAGE = 50
CHART_NIGHTS = 60  # the player's chart: their last nights, so it stays readable
STREAK_CHUNK = 50  # closed nights read at a time while counting the current streak


class JSONListHas(Expression):
    """True where ``column[key]`` is a JSON list containing the integer ``value``."""

    conditional = True
    output_field = BooleanField()

    def __init__(self, column: str, key: str, value: int) -> None:
        if not _KEY.match(key):
            raise ValueError(f"Unsupported JSON key {key!r}")
        super().__init__()
        self.column = F(column)
        self.key = key
        self.value = int(value)

    def get_source_expressions(self):
        return [self.column]

    def set_source_expressions(self, exprs):
        (self.column,) = exprs

    def resolve_expression(self, query=None, allow_joins=True, reuse=None, summarize=False, *a):
        clone = self.copy()
        clone.column = self.column.resolve_expression(query, allow_joins, reuse, summarize)
        return clone

    def as_sql(self, compiler, connection):  # PostgreSQL: jsonb containment uses the index
        sql, params = compiler.compile(self.column)
        return f"(({sql} -> %s) @> %s::jsonb)", (*params, self.key, json.dumps([self.value]))

    def as_sqlite(self, compiler, connection):
        sql, params = compiler.compile(self.column)
        return (
            # Only the compiled column is interpolated; the key and value are parameters.
            f"EXISTS (SELECT 1 FROM json_each({sql}, %s) WHERE json_each.value = %s)",  # noqa: S608
            (*params, f"$.{self.key}", self.value),
        )


@dataclass(frozen=True)
class PlayerNight:
    night: NightInfo
    chips: int
    money: Decimal
    cumulative_chips: int | None  # None while the night is open


@dataclass(frozen=True)
class Streak:
    direction: str  # "up", "down" or "" (no closed night, or an even last night)
    nights: int


@dataclass(frozen=True)
class PlayerStats:
    player: Player
    nights_played: int
    nights: list[PlayerNight]  # this page's, newest first
    page: Page  # which page of the player's nights ``nights`` is
    chart: list[PlayerNight]  # the last CHART_NIGHTS closed nights, oldest first
    chart_start: int  # the running total before the chart's first night
    hands_dealt_in: int
    stays: int
    wins: int
    bourres: int
    reneges: int
    biggest_pot_won: int | None
    biggest_bourre_paid: int | None
    net: Totals
    streak: Streak
    best_night: PlayerNight | None
    worst_night: PlayerNight | None

    @property
    def stay_rate(self) -> Decimal | None:
        return percent(self.stays, self.hands_dealt_in)

    @property
    def win_rate(self) -> Decimal | None:
        return percent(self.wins, self.stays)

    @property
    def bourre_rate(self) -> Decimal | None:
        return percent(self.bourres, self.stays)


def percent(part: int, whole: int) -> Decimal | None:
    """``part`` of ``whole`` in percent, one decimal; None when there is no whole."""
    if not whole:
        return None
    return (Decimal(100 * part) / Decimal(whole)).quantize(Decimal("0.1"))


def streak_of(newest_first: Iterable[int]) -> Streak:
    """Consecutive closed nights (their chips, newest first), all up or all down."""
    direction, count = "", 0
    for chips in newest_first:
        if chips == 0 or (direction and (chips > 0) != (direction == "up")):
            break
        direction, count = "up" if chips > 0 else "down", count + 1
    return Streak(direction, count)


def open_hand_facts(player: Player) -> dict:
    """The hand facts of the nights still being played, from their hands and entries (a
    closed night's were written as it closed): two queries."""
    hands = Hand.objects.filter(
        night__table_id=player.table_id,
        night__closed_at__isnull=True,
        live=True,
        result__misdeal=False,
    ).aggregate(
        dealt_in=Count("pk", filter=JSONListHas("input", "seated", player.pk)),
        stays=Count("pk", filter=Q(input__stayed__has_key=str(player.pk))),
        wins=Count("pk", filter=Q(result__winner=player.pk)),
    )
    # Live hands only: a corrected hand's entries were reversed and replaced. The player
    # is picked in the aggregates, not the WHERE: there, SQLite walks the player's index,
    # every entry of theirs since the table's first night, to keep the open nights' few;
    # this way it reads the open nights' entries only.
    mine = Q(player=player)
    facts = Entry.objects.filter(
        night__table_id=player.table_id, night__closed_at__isnull=True, hand__live=True
    ).aggregate(
        bourres=Count("pk", filter=mine & Q(kind=Entry.BOURRE)),
        reneges=Count("pk", filter=mine & Q(kind=Entry.RENEGE)),
        biggest_win=Max("amount", filter=mine & Q(kind=Entry.WIN)),
        biggest_bourre=Min("amount", filter=mine & Q(kind=Entry.BOURRE)),
    )
    return {**hands, **facts}


def _most(*values: int | None) -> int | None:
    found = [v for v in values if v is not None]
    return max(found) if found else None


def _result_night(row: NightResult, night: Night, cumulative: int) -> PlayerNight:
    return PlayerNight(NightInfo.from_night(night), row.chips, row.money, cumulative)


def player_stats(player: Player, *, page: int | str = 1) -> PlayerStats:
    """The player's figures over every night, ``page`` of their nights (newest first) and
    the chart's nights: the same fourteen queries or so at any number of nights. A closed
    night counts as it was written when it closed; the nights still being played are
    added up from their hands and entries."""
    results = NightResult.objects.filter(player=player)
    # The page is picked among the ids, then its nights read: sorting every night of
    # theirs with its rules along cost more than the rest of the query.
    newest_first = ("-started_at", "-id")
    paginator = Paginator(
        Night.objects.filter(seats__player=player)
        .order_by(*newest_first)
        .values_list("pk", flat=True),
        NIGHTS_PER_PAGE,
    )
    shown = paginator.get_page(page)
    page_nights = list(
        Night.objects.filter(pk__in=shown.object_list).order_by(*newest_first).only(*NIGHT_FIELDS)
    )
    # Their nights come along (select_related): one query each, whatever is in the page.
    with_night = results.select_related("night")
    chart_rows = list(with_night.order_by("-started_at", "-night_id")[:CHART_NIGHTS])[::-1]
    best = with_night.order_by("-chips", "-started_at", "-night_id").first()
    worst = with_night.order_by("chips", "started_at", "night_id").first()
    nights = {n.pk: n for n in page_nights}
    page_results = {r.night_id: r for r in results.filter(night_id__in=list(nights))}

    # Every closed night's sums, per currency (money is never added across currencies).
    net = Totals()
    closed = {"dealt_in": 0, "stays": 0, "wins": 0, "bourres": 0, "reneges": 0}
    biggest = {"biggest_win": None, "biggest_bourre": None}
    for row in (
        results.values("currency")
        .annotate(
            chips=Sum("chips"),
            money=Sum("money_units"),
            **{fact: Sum(fact) for fact in closed},
            **{most: Max(most) for most in biggest},
        )
        .order_by()
    ):
        net.add_sum(row["currency"], row["chips"], row["money"])
        for fact in closed:
            closed[fact] += row[fact]
        for most in biggest:
            biggest[most] = _most(biggest[most], row[most])
    live = open_hand_facts(player)

    # The running totals stand at the net after the newest closed night: the page's
    # count back from there, less what the nights newer than the page came to; the
    # chart's, its last nights being the newest, need nothing more.
    newest = max(page_results.values(), key=lambda r: (r.started_at, r.night_id), default=None)
    newer = (
        results.filter(
            Q(started_at__gt=newest.started_at)
            | Q(started_at=newest.started_at, night_id__gt=newest.night_id)
        ).aggregate(chips=Sum("chips", default=0))["chips"]
        if newest
        else 0
    )
    running = net.chips - newer
    cumulative: dict[int, int] = {}
    for row in sorted(
        page_results.values(), key=lambda r: (r.started_at, r.night_id), reverse=True
    ):
        cumulative[row.night_id] = running
        running -= row.chips
    open_chips = dict(
        Entry.objects.filter(
            player=player,
            night_id__in=[n.pk for n in page_nights if n.closed_at is None],
        )
        .values_list("night_id")
        .annotate(chips=Sum("amount"))
        .values_list("night_id", "chips")
        .order_by()
    )
    rows = []
    for night in page_nights:
        result = page_results.get(night.pk)
        if result is not None:
            rows.append(_result_night(result, night, cumulative[night.pk]))
        else:
            info = NightInfo.from_night(night)
            chips = open_chips.get(night.pk, 0)
            rows.append(PlayerNight(info, chips, info.money(chips), None))
    chart_start = net.chips - sum(row.chips for row in chart_rows)
    chart, running = [], chart_start
    for row in chart_rows:
        running += row.chips
        chart.append(_result_night(row, row.night, running))

    biggest_bourre = live["biggest_bourre"]
    return PlayerStats(
        player=player,
        nights_played=paginator.count,
        nights=rows,
        page=shown,
        chart=chart,
        chart_start=chart_start,
        hands_dealt_in=closed["dealt_in"] + live["dealt_in"],
        stays=closed["stays"] + live["stays"],
        wins=closed["wins"] + live["wins"],
        bourres=closed["bourres"] + live["bourres"],
        reneges=closed["reneges"] + live["reneges"],
        biggest_pot_won=_most(biggest["biggest_win"], live["biggest_win"]),
        biggest_bourre_paid=_most(
            biggest["biggest_bourre"], -biggest_bourre if biggest_bourre else None
        ),
        net=net,
        # Read a few nights at a time: a streak ends within a few nights, mostly.
        streak=streak_of(
            results.order_by("-started_at", "-night_id")
            .values_list("chips", flat=True)
            .iterator(chunk_size=STREAK_CHUNK)
        ),
        best_night=best and _result_night(best, best.night, 0),
        worst_night=worst and _result_night(worst, worst.night, 0),
    )


@dataclass(frozen=True)
class PlayerScreen:
    """A player's page: their stats, what they owe and are owed, how they get paid."""

    player: Player
    stats: PlayerStats
    debts: list[PlayerDebts]
    payment_methods: list[PaymentMethod]
    keeps_own_payment_methods: bool  # their account's ways are used instead of these


def player_screen(player: Player, *, page: int | str = 1) -> PlayerScreen:
    """The stats' queries, the table's open debts', and one for the payment methods."""
    methods, keeps_own = player_payment_methods_and_own(player)
    return PlayerScreen(
        player=player,
        stats=player_stats(player, page=page),
        debts=player_debts(player),
        payment_methods=methods,
        keeps_own_payment_methods=keeps_own,
    )
