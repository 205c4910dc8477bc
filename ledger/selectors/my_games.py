"""A player's own games: every seat their account holds, at every table of every host,
and the nights of those seats — in the same queries however many nights they played.

As on the host's player page (``players``), a closed night counts as it was written when
it closed (``NightResult``); only the nights still being played are added up from their
hands and entries. Money is added up per currency and never across currencies; chips
are counted per table only, since a chip is worth what its table says.
"""

from dataclasses import dataclass
from decimal import Decimal

from django.core.paginator import Page, Paginator
from django.db.models import Count, Exists, Max, Sum

from ledger.models import Entry, NightResult, Player, Seat, Table
from ledger.rules.money import from_units
from ledger.selectors.player_links import current_links, user_seats
from ledger.selectors.players import Streak, open_hand_facts, percent, streak_of
from ledger.selectors.totals import NIGHT_FIELDS, NightInfo, Totals

NIGHTS_PER_PAGE = 50
CHART_NIGHTS = 60  # per currency: their last nights, so the chart stays readable

_FACTS = ("dealt_in", "stays", "wins", "bourres", "reneges")


@dataclass(frozen=True)
class MySeat:
    """A seat the account holds: the player (with their table and its host), and what
    its closed nights came to."""

    player: Player
    nights_played: int
    net: Totals


@dataclass(frozen=True)
class MyNight:
    night: NightInfo
    seat: Player  # the seat they played it in (its table, its host)
    chips: int
    money: Decimal


@dataclass(frozen=True)
class ChartPoint:
    started_at: object
    running: Decimal


@dataclass(frozen=True)
class CurrencyHistory:
    """Everything they played in one currency: the net, the best and worst nights and the
    running total over the last CHART_NIGHTS closed nights, from ``chart_start``."""

    currency: str
    net: Decimal
    best: MyNight | None
    worst: MyNight | None
    chart_start: Decimal
    chart: list[ChartPoint]


@dataclass(frozen=True)
class MyGames:
    seats: list[MySeat]
    nights_played: int
    nights: list[MyNight]  # this page's, newest first
    page: Page
    currencies: list[CurrencyHistory]
    hands_dealt_in: int
    stays: int
    wins: int
    bourres: int
    reneges: int
    biggest_pot_won: int | None
    biggest_bourre_paid: int | None
    streak: Streak

    @property
    def stay_rate(self) -> Decimal | None:
        return percent(self.stays, self.hands_dealt_in)

    @property
    def win_rate(self) -> Decimal | None:
        return percent(self.wins, self.stays)

    @property
    def bourre_rate(self) -> Decimal | None:
        return percent(self.bourres, self.stays)


def _most(*values: int | None) -> int | None:
    found = [v for v in values if v is not None]
    return max(found) if found else None


def my_games(user, *, page: int | str = 1) -> MyGames:
    """``user``'s games at every table where they hold a seat now: one query for the seats,
    then a fixed number per seat (its open nights' hand facts) and per currency (its best
    and worst nights and its chart) — never one per night."""
    seats = user_seats(user)
    by_id = {seat.pk: seat for seat in seats}
    ids = list(by_id)
    results = NightResult.objects.filter(player_id__in=ids)

    # Which nights: a seat of theirs was at each (one seat an account at a table).
    paginator = Paginator(
        Seat.objects.filter(player_id__in=ids)
        .select_related("night")
        .only("player_id", *(f"night__{f}" for f in NIGHT_FIELDS))
        .order_by("-night__started_at", "-night_id"),
        NIGHTS_PER_PAGE,
    )
    shown = paginator.get_page(page)
    page_seats = list(shown)
    page_results = {
        (r.night_id, r.player_id): r
        for r in results.filter(night_id__in=[s.night_id for s in page_seats])
    }
    open_chips = {
        (night_id, player_id): chips
        for night_id, player_id, chips in Entry.objects.filter(
            player_id__in=ids,
            night_id__in=[s.night_id for s in page_seats if s.night.closed_at is None],
        )
        .values_list("night_id", "player_id")
        .annotate(chips=Sum("amount"))
        .order_by()
    }
    nights = []
    for seat in page_seats:
        info = NightInfo.from_night(seat.night)
        result = page_results.get((seat.night_id, seat.player_id))
        if result is not None:
            chips, money = result.chips, result.money
        else:
            chips = open_chips.get((seat.night_id, seat.player_id), 0)
            money = info.money(chips)
        nights.append(MyNight(info, by_id[seat.player_id], chips, money))

    # Each seat's closed nights in each currency, summed: one query.
    per_seat: dict[int, Totals] = {pk: Totals() for pk in ids}
    played: dict[int, int] = dict.fromkeys(ids, 0)
    facts = dict.fromkeys(_FACTS, 0)
    biggest_win = biggest_bourre = None
    net_money: dict[str, Decimal] = {}
    for row in (
        results.values("player_id", "currency")
        .annotate(
            chips=Sum("chips"),
            money=Sum("money_units"),
            nights=Count("pk"),
            **{fact: Sum(fact) for fact in _FACTS},
            biggest_win=Max("biggest_win"),
            biggest_bourre=Max("biggest_bourre"),
        )
        .order_by()
    ):
        per_seat[row["player_id"]].add_sum(row["currency"], row["chips"], row["money"])
        played[row["player_id"]] += row["nights"]
        for fact in _FACTS:
            facts[fact] += row[fact]
        biggest_win = _most(biggest_win, row["biggest_win"])
        biggest_bourre = _most(biggest_bourre, row["biggest_bourre"])
        money = from_units(row["money"], row["currency"])
        net_money[row["currency"]] = net_money.get(row["currency"], Decimal(0)) + money

    # The nights still being played: two queries a seat, however many nights.
    for seat in seats:
        live = open_hand_facts(seat)
        facts["dealt_in"] += live["dealt_in"]
        for fact in ("stays", "wins", "bourres", "reneges"):
            facts[fact] += live[fact]
        biggest_win = _most(biggest_win, live["biggest_win"])
        if live["biggest_bourre"]:
            biggest_bourre = _most(biggest_bourre, -live["biggest_bourre"])

    return MyGames(
        seats=[MySeat(seat, played[seat.pk], per_seat[seat.pk]) for seat in seats],
        nights_played=paginator.count,
        nights=nights,
        page=shown,
        currencies=[
            _currency_history(results, by_id, currency, net)
            for currency, net in sorted(net_money.items())
        ],
        hands_dealt_in=facts["dealt_in"],
        stays=facts["stays"],
        wins=facts["wins"],
        bourres=facts["bourres"],
        reneges=facts["reneges"],
        biggest_pot_won=biggest_win,
        biggest_bourre_paid=biggest_bourre,
        # Up or down is the same in every currency: the sign of the night's chips.
        streak=streak_of(
            results.order_by("-started_at", "-night_id").values_list("chips", flat=True).iterator()
        ),
    )


def _my_night(row: NightResult, by_id: dict[int, Player]) -> MyNight:
    return MyNight(NightInfo.from_night(row.night), by_id[row.player_id], row.chips, row.money)


def _currency_history(results, by_id, currency: str, net: Decimal) -> CurrencyHistory:
    """Three queries: the best night, the worst, and the chart's last nights."""
    rows = results.filter(currency=currency).select_related("night")
    best = rows.order_by("-money_units", "-started_at", "-night_id").first()
    worst = rows.order_by("money_units", "started_at", "night_id").first()
    chart_rows = list(rows.order_by("-started_at", "-night_id")[:CHART_NIGHTS])[::-1]
    start = net - sum((row.money for row in chart_rows), Decimal(0))
    chart, running = [], start
    for row in chart_rows:
        running += row.money
        chart.append(ChartPoint(row.started_at, running))
    return CurrencyHistory(
        currency=currency,
        net=net,
        best=best and _my_night(best, by_id),
        worst=worst and _my_night(worst, by_id),
        chart_start=start,
        chart=chart,
    )


def plays_without_hosting(user) -> bool:
    """Whether ``user`` holds a seat somewhere and hosts no table of their own (a put-away
    sample aside): their home is then their games. One query."""
    return (
        current_links()
        .filter(user=user, player__table__hidden_at=None)
        .filter(~Exists(Table.objects.filter(owner=user, hidden_at=None)))
        .exists()
    )
