"""Everything the hand screen shows, read at once, whatever the night's length.

The night's roster and its last live hand by number hold it all: the next hand's number,
dealer, ante and who skips it come from the engine's state after that hand, the pot too,
and the balances from the seats (``Seat.chips``, the entries' running total: a hand's
stored state does not hold them, so a correction need not write the hands after it). The screen's
live check runs the referee against the same state, so checking a hand reads nothing
more; and a hand recorded from the screen is settled from that same state
(``snapshot``), so recording reads nothing more either, nor does showing the screen again
once it is recorded (``screen_after``).

``host_hand_screen`` reads it all in one query, with the night and the host's right to it;
``hand_screen`` in two, for a night already read.
"""

from dataclasses import dataclass, field
from functools import cache

from django.db import connections

from ledger import errors as err
from ledger import rules
from ledger.models import (
    CoHostGrant,
    CoHostRevocation,
    Entry,
    Hand,
    Night,
    Player,
    PlayerLink,
    PlayerUnlink,
    Seat,
    Table,
)
from ledger.selectors.last_hand import last_live_hand, live_hand
from ledger.selectors.night_state import Snapshot, ledger_head_seq, state_after
from ledger.selectors.seats import RosterPlayer, chips_of, ids_of, names_of, night_roster
from ledger.selectors.standings import Standings, state_standings


@dataclass(frozen=True)
class NextHand:
    """What the host's hand screen offers next: number, default dealer, this hand's ante."""

    number: int
    dealer_id: int | None
    ante: int
    exempt: list[int]  # skip the ante (bourré or tied for most last hand), in seat order
    carry_streak: int
    pot: int
    seated: list[int]  # active seats, in seat order


@dataclass(frozen=True)
class HandScreen:
    """An open night's hand screen, as data (the wording is the web layer's)."""

    night: Night
    house: rules.HouseRules
    roster: tuple[RosterPlayer, ...]  # everyone on tonight's roster, in seat order
    next: NextHand
    # Those still at the table, from the next dealer's left, the dealer last.
    in_turn: tuple[RosterPlayer, ...]
    standings: Standings
    last_hand: Hand | None
    after: Hand | None  # the live hand the screen was asked to describe, if any
    # The referee's view of the night before the next hand, for the live check.
    state: rules.NightState = field(repr=False)

    @property
    def names(self) -> dict[int, str]:
        return names_of(self.roster)

    @property
    def at_table(self) -> list[RosterPlayer]:
        """The players still at the table, in seat order: who may deal."""
        return [player for player in self.roster if player.active]

    # The seq of the night's last entry when read (0: none yet; None: not known). A
    # correction may move the balances without making another hand the last one.
    head_seq: int | None = 0

    @property
    def snapshot(self) -> Snapshot:
        """What the screen's next hand is settled from, for ``hand_record``."""
        return Snapshot(
            roster=tuple(ids_of(self.roster)),
            last_id=self.last_hand.pk if self.last_hand is not None else None,
            number=self.next.number,
            state=self.state,
            head_seq=self.head_seq,
        )


def hand_screen(night: Night, *, after: int | None = None) -> HandScreen:
    """The hand screen of ``night`` (an open night). ``after`` is the number of a hand just
    recorded, to describe: the last hand costs nothing more, an older one a query."""
    seq = ledger_head_seq(night)  # first: see night_state.night_snapshot
    roster = tuple(night_roster(night))
    return _screen(night, roster, last_live_hand(night), chips_of(roster), seq, after)


def host_hand_screen(night_id: int, host, *, after: int | None = None) -> HandScreen | None:
    """The hand screen of night ``night_id``, or None if ``host`` does not host it: one
    query for the night, its table, its roster and its last live hand (``after`` as for
    ``hand_screen``).

    The query reads the night's seats, each joined with its player, the night, the table
    and the night's last live hand; every night has its seats from the start (a night
    starts with two players at least), so no row means no such night of the host's.
    Every hand screen request (the screen, each live check, each record) starts with it.
    """
    return _read_screen(_SCREEN_SQL, [night_id, host.pk], after)


def runner_hand_screen(night_id: int, user, *, after: int | None = None) -> HandScreen | None:
    """As ``host_hand_screen``, for whoever runs the night: its host, or a co-host of its
    table (ledger.models.co_hosts), checked in the same one query."""
    return _read_screen(_RUNNER_SCREEN_SQL, [night_id, user.pk, user.pk], after)


def _read_screen(sql: str, params: list, after: int | None) -> HandScreen | None:
    rows = list(Night.objects.raw(sql, params))
    if not rows:
        return None
    roster = tuple(
        RosterPlayer(
            id=row.seat_player_id,
            name=row.seat_name,
            position=row.seat_position,
            active=bool(row.seat_active),  # SQLite answers 0 or 1
            chips=row.seat_chips,
        )
        for row in rows
    )
    # Every row carries the same night, table and last hand: the first row's stand for all.
    night = rows[0]
    night.table = _joined(Table, _TABLE_LOADED, night, "table_")
    last = None
    if night.hand_id is not None:
        last = _joined(Hand, _HAND_LOADED, night, "hand_")
        last.live = True  # the join takes live hands only
    return _screen(night, roster, last, chips_of(roster), night.head_seq or 0, after)


# Written out, and run through QuerySet.raw(), which loads the night as the ORM does (each
# column converted). The ORM can build the query (the seats select_related with their
# player, the night and its table, the last hand through a FilteredRelation), but
# building and compiling it took 4 ms a request on SQLite, five times this whole read;
# and the ORM keeps no compiled query between requests. The table's and the hand's
# columns come along as extra columns: only those whose values need no conversion by the
# database backend (numbers, text, and JSON, which its field decodes), which ``_joined``
# makes into instances; the
# rest of each row is deferred (the screen shows the table's name and the hand's stored
# input, result and state). Tables and columns are named as Django names them.
_TABLE_LOADED = ("id", "owner_id", "name", "language")
_HAND_LOADED = (
    *("id", "night_id", "number", "revision", "kind", "input"),
    *("dealer_id", "roster", "result", "state_after"),
)
_SCREEN_SQL = f"""
    SELECT n.*,
        s.player_id AS seat_player_id, p.name AS seat_name, s.position AS seat_position,
        s.active AS seat_active,
        t.owner_id AS table_owner_id, t.name AS table_name, t.language AS table_language,
        s.chips AS seat_chips,
        (SELECT MAX(seq) FROM {Entry._meta.db_table} WHERE night_id = n.id) AS head_seq,
        {", ".join(f"h.{name} AS hand_{name}" for name in _HAND_LOADED)}
    FROM {Seat._meta.db_table} s
    JOIN {Player._meta.db_table} p ON p.id = s.player_id
    JOIN {Night._meta.db_table} n ON n.id = s.night_id
    JOIN {Table._meta.db_table} t ON t.id = n.table_id
    LEFT JOIN {Hand._meta.db_table} h ON h.night_id = n.id AND h.live AND h.number = (
        SELECT MAX(number) FROM {Hand._meta.db_table} WHERE night_id = n.id AND live
    )
    WHERE s.night_id = %s AND t.owner_id = %s AND t.hidden_at IS NULL
    ORDER BY s.position
"""  # noqa: S608 - names from the models, values as parameters
# The host, or a co-host: a grant not revoked, whose seat link at this table, of this
# account, is not undone.
_RUNNER_SCREEN_SQL = _SCREEN_SQL.replace(
    "t.owner_id = %s",
    f"""(t.owner_id = %s OR EXISTS (
        SELECT 1 FROM {CoHostGrant._meta.db_table} g
        JOIN {PlayerLink._meta.db_table} l ON l.id = g.link_id
        JOIN {Player._meta.db_table} lp ON lp.id = l.player_id
        WHERE lp.table_id = t.id AND l.user_id = %s
        AND NOT EXISTS (SELECT 1 FROM {CoHostRevocation._meta.db_table} r WHERE r.grant_id = g.id)
        AND NOT EXISTS (SELECT 1 FROM {PlayerUnlink._meta.db_table} u WHERE u.link_id = l.id)
    ))""",  # noqa: S608 - names from the models, values as parameters
)


def _joined(model, names: tuple[str, ...], row: Night, prefix: str):
    """The ``model`` instance of the columns ``names`` that ``row`` carries as ``prefix`` and
    the name (the table's id is the night's own ``table_id``), loaded as
    ``Model.from_db`` documents, its other fields deferred; a field that converts what the
    database returns (JSON) does so with its ``from_db_value``."""
    fields = _fields(model, names)
    values = []
    for loaded in fields:
        value = getattr(row, prefix + loaded.attname)
        if value is not None and hasattr(loaded, "from_db_value"):
            value = loaded.from_db_value(value, None, connections[row._state.db])
        values.append(value)
    return model.from_db(row._state.db, [loaded.attname for loaded in fields], values)


@cache
def _fields(model, names: tuple[str, ...]) -> list:
    """``model``'s fields of ``names``, in the model's order (which ``from_db`` takes)."""
    return [
        each
        for each in model._meta.get_fields()
        if getattr(each, "concrete", False) and each.attname in names
    ]


def screen_after(screen: HandScreen, hand: Hand) -> HandScreen:
    """``screen`` once ``hand``, its next hand, is recorded, describing it: nothing read.
    The roster is the one the screen read, the balances its own with what the hand
    changed of them; the hand's stored state holds the rest. Where the entries' chain
    now ends is not known: a record from this screen reads the night again."""
    balances = dict(screen.state.balances)
    for player_id, chips in hand.result["changes"].items():
        balances[int(player_id)] = balances.get(int(player_id), 0) + chips
    return _screen(screen.night, screen.roster, hand, balances, None, hand.number)


def _screen(
    night: Night,
    roster: tuple[RosterPlayer, ...],
    last: Hand | None,
    balances: dict[int, int],
    head_seq: int | None,
    after,
):
    house = night.house_rules
    state = state_after(last, ids_of(roster), balances)
    nxt = _next_hand(night, house, roster, last, state)
    in_turn = rules.order_from_left(
        [p.id for p in roster], nxt.dealer_id, [p for p in roster if p.active], key=_id
    )
    return HandScreen(
        night=night,
        house=house,
        roster=roster,
        next=nxt,
        in_turn=tuple(in_turn),
        standings=state_standings(roster, state, house),
        last_hand=last,
        after=_after(night, last, after),
        state=state,
        head_seq=head_seq,
    )


def _id(player: RosterPlayer) -> int:
    return player.id


def _next_hand(night, house, roster, last, state: rules.NightState) -> NextHand:
    active = [player.id for player in roster if player.active]
    if last is None:
        dealer = night.first_dealer_id if night.first_dealer_id in active else None
    else:
        dealer, _ = next_deal(state, (last.input or {}).get("seated", []), last.roster, active)
    exempt = [p.id for p in roster if p.id in state.exempt] if house.ante_exemptions else []
    return NextHand(
        number=last.number + 1 if last else 1,
        dealer_id=dealer if dealer is not None else (active[0] if active else None),
        ante=rules.ante_for(house, state),
        exempt=exempt,
        carry_streak=state.carry_streak,
        pot=state.pot,
        seated=active,
    )


def next_deal(
    state: rules.NightState, seated: list[int], last_roster: list[int], active: list[int]
) -> tuple[int | None, list[int]]:
    """The next hand's default dealer and who it deals in, after a hand that dealt in
    ``seated`` among ``last_roster`` (its stored input and roster), ``active`` being those
    at the table now: the last hand's seats are remembered (whoever joined since is dealt
    in; if that leaves nobody, everyone), and the deal passes to the next of them, so a
    player sitting out is not the default dealer. tables.forms.hand.initial shows the same
    seats, and static/js/next_deal.js follows this rule on a phone with no connection
    (tests/test_next_deal_shared.py holds the two together)."""
    kept, roster = set(seated), set(last_roster)
    dealt_in = [pid for pid in active if pid in kept or pid not in roster] or list(active)
    return state.next_dealer(dealt_in), dealt_in


def _after(night: Night, last: Hand | None, number: int | None) -> Hand | None:
    if last is None or number is None or not 1 <= number <= last.number:
        return None
    return last if number == last.number else live_hand(night, number)


def hand_problems(screen: HandScreen, hand) -> list[rules.Problem]:
    """Every problem the referee would find with ``hand`` (a rules.HandInput, players by id) as
    the screen's next hand; [] when hand_record would take it. Reads and writes nothing: it
    backs the live check, and hand_record checks everything again. The web layer words
    them (``tables.problems``) with the screen's names."""
    if screen.night.closed_at is not None:
        return [err.NIGHT_CLOSED()]
    return rules.hand_errors(screen.house, screen.state, hand)


def hand_with_key(night: Night, key: str) -> Hand | None:
    """The hand ``night`` recorded under the submission key ``key``, if any: a hand a
    phone's outbox sends again, after its first answer was lost, is answered as recorded.
    """
    if not key:
        return None
    return Hand.objects.filter(night=night, idempotency_key=key).first()
