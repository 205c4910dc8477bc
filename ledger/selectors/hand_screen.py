"""Everything the hand screen shows, read at once, whatever the night's length.

The night's roster and its last live hand by number hold it all: the next hand's number,
dealer, ante and who skips it come from the engine's state after that hand, the standings
and the pot from the balances it stored. The screen's live check runs the referee against
the same state, so checking a hand reads nothing more; and a hand recorded from the screen
is settled from that same state (``snapshot``), so recording reads nothing more either,
nor does showing the screen again once it is recorded (``screen_after``).

``host_hand_screen`` reads it all in one query, with the night and the host's right to it;
``hand_screen`` in two, for a night already read.
"""

from dataclasses import dataclass, field
from functools import lru_cache

from django.db import connection

from ledger import errors as err
from ledger import rules
from ledger.models import Hand, Night, Player, Seat, Table
from ledger.selectors.last_hand import last_live_hand, live_hand
from ledger.selectors.night_state import Snapshot, state_after
from ledger.selectors.seats import RosterPlayer, ids_of, names_of, night_roster
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

    @property
    def snapshot(self) -> Snapshot:
        """What the screen's next hand is settled from, for ``hand_record``."""
        return Snapshot(
            roster=tuple(ids_of(self.roster)),
            last_id=self.last_hand.pk if self.last_hand is not None else None,
            number=self.next.number,
            state=self.state,
        )


def hand_screen(night: Night, *, after: int | None = None) -> HandScreen:
    """The hand screen of ``night`` (an open night). ``after`` is the number of a hand just
    recorded, to describe: the last hand costs nothing more, an older one a query."""
    return _screen(night, tuple(night_roster(night)), last_live_hand(night), after)


def host_hand_screen(night_id: int, host, *, after: int | None = None) -> HandScreen | None:
    """The hand screen of night ``night_id``, or None if ``host`` does not host it: one
    query for the night, its table, its roster and its last live hand (``after`` as for
    ``hand_screen``).

    The query reads the night's seats, each joined with its player, the night, the table
    and the night's last live hand; every night has its seats from the start (a night
    starts with two players at least), so no row means no such night of the host's.
    Every hand screen request (the screen, each live check, each record) starts with it.
    """
    with connection.cursor() as cursor:
        cursor.execute(_screen_sql(connection.vendor), [night_id, host.pk])
        rows = cursor.fetchall()
    if not rows:
        return None
    roster = tuple(
        RosterPlayer(id=player_id, name=name, position=position, active=bool(active))
        for player_id, name, position, active, *_ in rows
    )
    # Every row carries the same night, table and last hand: the first row's stand for all.
    values = rows[0][len(_SEAT_COLUMNS) :]
    night, table, last = (_stored(model, values, at) for model, at in _columns_at())
    night.table = table
    return _screen(night, roster, last, after)


# The query is written out: built with the ORM (the last hand joined through a
# FilteredRelation), it took ten times longer to compile than the database to answer.
_SEAT_COLUMNS = ("s.player_id", "p.name", "s.position", "s.active")
_JOINED = ((Night, "n"), (Table, "t"), (Hand, "h"))


@lru_cache(maxsize=4)
def _screen_sql(vendor: str) -> str:
    quote = connection.ops.quote_name
    columns = [*_SEAT_COLUMNS]
    for model, alias in _JOINED:
        columns += [f"{alias}.{quote(f.column)}" for f in model._meta.concrete_fields]
    seat, player, night, table, hand = (
        quote(model._meta.db_table) for model in (Seat, Player, Night, Table, Hand)
    )
    return f"""
        SELECT {", ".join(columns)}
        FROM {seat} s
        JOIN {player} p ON p.id = s.player_id
        JOIN {night} n ON n.id = s.night_id
        JOIN {table} t ON t.id = n.table_id
        LEFT JOIN {hand} h ON h.night_id = n.id AND h.live AND h.number = (
            SELECT MAX(number) FROM {hand} WHERE night_id = n.id AND live
        )
        WHERE s.night_id = %s AND t.owner_id = %s
        ORDER BY s.position
    """  # noqa: S608 - names from the models, values as parameters


def _columns_at() -> list[tuple[type, int]]:
    """Each joined model with where its columns start in a row (after the seat's)."""
    found, at = [], 0
    for model, _ in _JOINED:
        found.append((model, at))
        at += len(model._meta.concrete_fields)
    return found


def _stored(model, values, at: int):
    """The ``model`` row whose columns start at ``values[at]``, converted the way the ORM
    converts them (JSON decoded, times made aware...); None if its id is NULL (a LEFT
    JOIN that found nothing)."""
    names, converters = _converters(model, connection.ops)
    row = values[at : at + len(names)]
    if row[0] is None:
        return None
    converted = []
    for value, (column, converts) in zip(row, converters, strict=True):
        if value is not None:
            for convert in converts:
                value = convert(value, column, connection)
        converted.append(value)
    return model.from_db(connection.alias, names, converted)


@lru_cache(maxsize=32)
def _converters(model, ops) -> tuple[list[str], list[tuple]]:
    """``model``'s field names, and each field's column with the converters the ORM runs
    on its values: the same for every row, so looked up once per connection (``ops`` is
    its own), not at every request."""
    fields = model._meta.concrete_fields
    converters = [
        (
            field.cached_col,
            ops.get_db_converters(field.cached_col) + field.get_db_converters(ops.connection),
        )
        for field in fields
    ]
    return [field.attname for field in fields], converters


def screen_after(screen: HandScreen, hand: Hand) -> HandScreen:
    """``screen`` once ``hand``, its next hand, is recorded, describing it: nothing read.
    The roster is the one the screen read; the hand's stored state holds the rest."""
    return _screen(screen.night, screen.roster, hand, hand.number)


def _screen(night: Night, roster: tuple[RosterPlayer, ...], last: Hand | None, after):
    house = night.house_rules
    state = state_after(last, ids_of(roster))
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
    )


def _id(player: RosterPlayer) -> int:
    return player.id


def _next_hand(night, house, roster, last, state: rules.NightState) -> NextHand:
    active = [player.id for player in roster if player.active]
    if last is None:
        dealer = night.first_dealer_id if night.first_dealer_id in active else None
    else:
        dealer = state.next_dealer(_remembered(last, active))
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


def _remembered(last: Hand, active: list[int]) -> list[int]:
    """Who the hand screen deals in next, as the last hand's seats remember them (whoever
    joined since is dealt in; if that leaves nobody, everyone): the deal passes to the next
    of them, so a player sitting out is not the default dealer. tables.forms_hand.initial
    shows the same seats."""
    seated, roster = set((last.input or {}).get("seated", [])), set(last.roster)
    remembered = [pid for pid in active if pid in seated or pid not in roster]
    return remembered or active


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
