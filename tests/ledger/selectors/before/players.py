"""ledger/selectors/players.py as it was before closed nights kept their results, copied
unchanged below: the oracle tests/ledger/selectors/test_history_figures.py holds the new
selectors to. Not used by the app."""

import json
import re
from dataclasses import dataclass
from decimal import Decimal

from django.db.models import BooleanField, Count, Expression, F, Max, Min, Q, Sum

from ledger.models import Entry, Hand, Night, PaymentMethod, Player
from ledger.selectors.debts import PlayerDebts, player_debts
from ledger.selectors.payment_methods import player_payment_methods
from ledger.selectors.totals import NIGHT_FIELDS, NightInfo, Totals

# Hand.input["seated"] is a list of player ids; Django's ``contains`` lookup on JSON
# fields is PostgreSQL-only, so "this JSON list holds this value" gets its own SQL per
# backend here.
_KEY = re.compile(r"^[a-z_]+$")


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
            f"EXISTS (SELECT 1 FROM json_each({sql}, %s) WHERE json_each.value = %s)",
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
    nights: list[PlayerNight]  # oldest first
    hands_dealt_in: int
    stays: int
    wins: int
    bourres: int
    reneges: int
    biggest_pot_won: int | None
    biggest_bourre_paid: int | None
    net: Totals
    streak: Streak

    @property
    def nights_played(self) -> int:
        return len(self.nights)

    @property
    def closed_nights(self) -> list[PlayerNight]:
        return [n for n in self.nights if n.night.closed]

    @property
    def stay_rate(self) -> Decimal | None:
        return _percent(self.stays, self.hands_dealt_in)

    @property
    def win_rate(self) -> Decimal | None:
        return _percent(self.wins, self.stays)

    @property
    def bourre_rate(self) -> Decimal | None:
        return _percent(self.bourres, self.stays)

    @property
    def best_night(self) -> PlayerNight | None:
        closed = self.closed_nights
        return max(closed, key=lambda n: (n.chips, n.night.started_at)) if closed else None

    @property
    def worst_night(self) -> PlayerNight | None:
        closed = self.closed_nights
        return min(closed, key=lambda n: (n.chips, n.night.started_at)) if closed else None


def _percent(part: int, whole: int) -> Decimal | None:
    """``part`` of ``whole`` in percent, one decimal; None when there is no whole."""
    if not whole:
        return None
    return (Decimal(100 * part) / Decimal(whole)).quantize(Decimal("0.1"))


def _streak(closed: list[PlayerNight]) -> Streak:
    """Consecutive closed nights, newest backwards, all up or all down."""
    if not closed or closed[-1].chips == 0:
        return Streak("", 0)
    up = closed[-1].chips > 0
    count = 0
    for result in reversed(closed):
        if result.chips == 0 or (result.chips > 0) != up:
            break
        count += 1
    return Streak("up" if up else "down", count)


def player_stats(player: Player) -> PlayerStats:
    nights = [
        NightInfo.from_night(night)
        for night in Night.objects.filter(seats__player=player)
        .order_by("started_at", "id")
        .only(*NIGHT_FIELDS)
    ]
    chips_by_night = dict(
        Entry.objects.filter(player=player)
        .values_list("night_id")
        .annotate(chips=Sum("amount"))
        .values_list("night_id", "chips")
    )
    hands = Hand.objects.filter(
        night__table_id=player.table_id, live=True, result__misdeal=False
    ).aggregate(
        dealt_in=Count("pk", filter=JSONListHas("input", "seated", player.pk)),
        stays=Count("pk", filter=Q(input__stayed__has_key=str(player.pk))),
        wins=Count("pk", filter=Q(result__winner=player.pk)),
    )
    # Live hands only: a corrected hand's entries were reversed and replaced.
    facts = Entry.objects.filter(player=player, hand__live=True).aggregate(
        bourres=Count("pk", filter=Q(kind=Entry.BOURRE)),
        reneges=Count("pk", filter=Q(kind=Entry.RENEGE)),
        biggest_win=Max("amount", filter=Q(kind=Entry.WIN)),
        biggest_bourre=Min("amount", filter=Q(kind=Entry.BOURRE)),
    )

    history: list[PlayerNight] = []
    net = Totals()
    for night in nights:
        chips = chips_by_night.get(night.id, 0)
        if night.closed:
            net.add(night, chips)
        history.append(
            PlayerNight(night, chips, night.money(chips), net.chips if night.closed else None)
        )
    return PlayerStats(
        player=player,
        nights=history,
        hands_dealt_in=hands["dealt_in"],
        stays=hands["stays"],
        wins=hands["wins"],
        bourres=facts["bourres"],
        reneges=facts["reneges"],
        biggest_pot_won=facts["biggest_win"],
        biggest_bourre_paid=-facts["biggest_bourre"] if facts["biggest_bourre"] else None,
        net=net,
        streak=_streak([n for n in history if n.night.closed]),
    )


@dataclass(frozen=True)
class PlayerScreen:
    """A player's page: their stats, what they owe and are owed, how they get paid."""

    player: Player
    stats: PlayerStats
    debts: list[PlayerDebts]
    payment_methods: list[PaymentMethod]


def player_screen(player: Player) -> PlayerScreen:
    """The stats' queries, the table's open debts', and one for the payment methods."""
    return PlayerScreen(
        player=player,
        stats=player_stats(player),
        debts=player_debts(player),
        payment_methods=player_payment_methods(player),
    )
