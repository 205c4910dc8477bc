"""What the players' live link shows, in two parts, and how a poll learns in one query
that neither part changed.

The live page polls every few seconds. Most polls find the night as it was, so before
anything is rendered the view reads ``live_night``: one small query holding everything
either part depends on. The view turns it into an ETag per part; an unchanged night is
answered 304 without reading the standings or the hand log.

The two parts: the standings (balances, the pot, the seal; the settle-up once closed),
which cost the same whatever the night's length, and the hand log, which grows with it
and is read only when the standings said something changed.
"""

from dataclasses import dataclass, field
from functools import cache

from django.db.models import (
    BooleanField,
    CharField,
    Count,
    Exists,
    ExpressionWrapper,
    F,
    Func,
    IntegerField,
    OuterRef,
    Q,
    QuerySet,
    StringAgg,
    Subquery,
    Value,
)
from django.db.models.lookups import GreaterThan

from ledger import seals
from ledger.models import (
    DebtPoolSource,
    Entry,
    Hand,
    HostSettings,
    Night,
    NightSummary,
    PaymentMark,
    PaymentMethod,
    Seat,
    ShareLink,
)
from ledger.selectors.debts import (
    TransferDebt,
    latest_pool_change,
    night_last_change,
    night_transfer_debts,
    transfers_paid,
)
from ledger.selectors.payment_methods import payees_payment_methods
from ledger.selectors.seal import NightSeal
from ledger.selectors.seats import RosterPlayer, night_roster
from ledger.selectors.share_links import TOKEN
from ledger.selectors.standings import (
    Standings,
    ledger_standings,
    settle_up,
)

# Names never hold control characters (ledger.names), so these cannot be forged by one.
_FIELD, _SEAT = "\t", "\n"


@dataclass(frozen=True)
class LiveNight:
    """The night behind a live token, as far as its pages depend on it."""

    night_id: int
    closed: bool
    table_language: str
    host_language: str  # the table's host's saved language, "" if never chosen
    # Every revision of every hand: a record, a misdeal (which moves no chip), a
    # correction (which may move the same chips) and an undo each add rows, none goes.
    hand_rows: int
    last_hand: int  # the last live hand's number; 0 before the first
    # The last ledger entry: its keyed hash chains every entry before it (the seal is
    # its prefix), so any chip moved since changes it. 0 and "" before the first.
    entries: int
    last_hash: str
    # Each seat's position, player, name and whether they are still at the table: a
    # join, a leave, a return or a rename changes it.
    roster: str
    # What is paid of the settle-up: every mark and every reversal adds a row, none goes;
    # and whether a "settle everything" took the night's debts.
    mark_rows: int = 0
    reversal_rows: int = 0
    debts_pooled: bool = False

    @property
    def players_language(self) -> str:
        """What the table's players read: the table's language, else its host's."""
        return self.table_language or self.host_language

    @property
    def seal(self) -> NightSeal | None:
        """The night's seal, as ``night_seal`` reads it; None until a chip has moved."""
        if not self.last_hash:
            return None
        return NightSeal(code=seals.seal_code(self.last_hash), entries=self.entries)

    def standings_version(self) -> tuple:
        """What the standings part shows depends on, and nothing else."""
        return (
            self.closed,
            self.hand_rows,
            self.last_hand,
            self.last_hash,
            self.roster,
            self.mark_rows,
            self.reversal_rows,
            self.debts_pooled,
        )

    def hands_version(self) -> tuple:
        """What the hand log part depends on: the hands, the names they are told in (in
        seat order), and whether it still follows the night. Chips moved without a
        hand (closing hands the pot back) do not change it."""
        return (self.closed, self.hand_rows, self.roster)


def _scalar(queryset, output_field=None) -> Subquery:
    return Subquery(queryset[:1], output_field=output_field)


@cache
def _live_nights() -> QuerySet:
    """Every live (unrevoked) link, each as one row of the figures ``LiveNight`` holds.

    Built once: building its nine subqueries was half of what a 304 costs, and a queryset
    is never changed by what is asked of it (``filter`` gives a new one), so each poll
    asks this one for its token and the ORM compiles and runs that (``live_night``)."""
    night = OuterRef("night_id")
    hands = Hand.objects.filter(night=night).order_by()
    last_entry = Entry.objects.filter(night=night).order_by("-seq")
    marks = PaymentMark.objects.filter(night=night).order_by()
    # Each seat's fields joined with SQL's || (which joins numbers and booleans as text on
    # both databases), a literal tab between: Concat, pair by pair, each side cast and
    # coalesced, took twice as long to compile, at every poll.
    seat = Func(
        F("position"),
        F("player_id"),
        F("active"),
        F("player__name"),
        template="%(expressions)s",
        arg_joiner=f" || '{_FIELD}' || ",
        output_field=CharField(),
    )
    roster = (
        Seat.objects.filter(night=night)
        .order_by()
        .values("night")
        .annotate(key=StringAgg(seat, Value(_SEAT)))
        .values("key")
    )
    return (
        # A sample table put away shows nothing, its live link included.
        ShareLink.objects.filter(revoked_at__isnull=True, night__table__hidden_at=None)
        .annotate(
            host_language=_scalar(
                HostSettings.objects.filter(user_id=OuterRef("night__table__owner_id")).values(
                    "language"
                )
            ),
            hand_rows=_scalar(
                hands.values("night").annotate(rows=Count("pk")).values("rows"),
                IntegerField(),
            ),
            last_hand=_scalar(
                hands.filter(live=True).order_by("-number").values("number"), IntegerField()
            ),
            entries=_scalar(last_entry.values("seq"), IntegerField()),
            last_hash=_scalar(last_entry.values("hash")),
            roster_key=_scalar(roster),
            mark_rows=_scalar(
                marks.values("night").annotate(rows=Count("pk")).values("rows"), IntegerField()
            ),
            reversal_rows=_scalar(
                marks.values("night").annotate(rows=Count("reversal")).values("rows"),
                IntegerField(),
            ),
            # Whether a "settle everything" came after the night's last change (it
            # carried the night's debts if something of them was open then).
            night_currency=_scalar(NightSummary.objects.filter(night=night).values("currency")),
        )
        .annotate(
            debts_pooled=ExpressionWrapper(
                Q(Exists(DebtPoolSource.objects.filter(night=night)))
                | Q(
                    GreaterThan(
                        latest_pool_change(
                            OuterRef(OuterRef("night__table_id")),
                            OuterRef(OuterRef("night_currency")),
                        ),
                        night_last_change(night),
                    )
                ),
                output_field=BooleanField(),
            ),
        )
        .values_list(
            "night_id",
            "night__closed_at",
            "night__table__language",
            "host_language",
            "hand_rows",
            "last_hand",
            "entries",
            "last_hash",
            "roster_key",
            "mark_rows",
            "reversal_rows",
            "debts_pooled",
        )
        .order_by("pk")
    )


def live_night(token: str) -> LiveNight | None:
    """The night a live (unrevoked) ``token`` opens, as ``LiveNight``; None if it opens
    nothing. One query whatever the night's length: each figure is a subquery that
    an index of the night answers (the hand count walks the night's part of one)."""
    if not TOKEN.fullmatch(token):
        return None
    row = _live_nights().filter(token=token).first()
    if row is None:
        return None
    night_id, closed_at, table_language, host_language, *figures = row
    hand_rows, last_hand, entries, last_hash, roster_key, *debts = figures
    mark_rows, reversal_rows, debts_pooled = debts
    return LiveNight(
        night_id=night_id,
        closed=closed_at is not None,
        table_language=table_language,
        host_language=host_language or "",
        hand_rows=hand_rows or 0,
        last_hand=last_hand or 0,
        entries=entries or 0,
        last_hash=last_hash or "",
        # In seat order whatever order the database joined them in (an ordered
        # aggregate needs SQLite 3.44): each seat's line starts with its position.
        roster=_SEAT.join(sorted((roster_key or "").split(_SEAT), key=_position)),
        mark_rows=mark_rows or 0,
        reversal_rows=reversal_rows or 0,
        debts_pooled=bool(debts_pooled),
    )


def _position(seat: str) -> int:
    return int(seat.split(_FIELD, 1)[0] or 0)


@dataclass(frozen=True)
class LiveStandings:
    roster: list[RosterPlayer]  # in seat order
    standings: Standings
    # Once closed: each transfer with what is paid of it (the players see its status),
    # and the payees' ways of getting paid in the night's currency, for what is open.
    transfers: tuple[TransferDebt, ...] = ()
    payee_methods: dict[int, list[PaymentMethod]] = field(default_factory=dict)


def live_standings(night: Night, *, carried: bool | None = None) -> LiveStandings:
    """The live link's standings, from the night's entries; a closed night's with the
    settle-up. Two queries whatever the night's length: the roster, and the entries'
    totals; once closed, two more for what is paid (the marks,
    and whether "settle everything" took the night's debts, unless ``carried`` says) and
    one for the payees' ways of getting paid."""
    house = night.house_rules
    roster = night_roster(night)
    if night.is_closed:
        standings = ledger_standings(night, roster, house)
        # Closing empties the pot, so a closed night always settles.
        payments = settle_up(standings, house)
        debts = night_transfer_debts(night, payments, carried=carried)
        open_to = {d.payee.id for d in debts.values() if d.markable}
        return LiveStandings(
            roster,
            standings,
            transfers=transfers_paid(debts, payments),
            payee_methods=payees_payment_methods(open_to, house.currency),
        )
    return LiveStandings(roster, ledger_standings(night, roster, house))
