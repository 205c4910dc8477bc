"""Starting and closing a night, and what every write to a night begins with: the
night's row lock, and the refusal of a closed night.

Each service that writes to a night runs in one transaction holding the night's row lock,
so two phones writing into one night take turns, and an error anywhere leaves no trace.
"""

from collections.abc import Mapping, Sequence
from datetime import datetime

from django.conf import settings
from django.db import connection, transaction
from django.utils import timezone

from ledger import errors as err
from ledger import rules
from ledger.errors import Conflict, InvalidInput
from ledger.models import Night, Player, Seat, Table
from ledger.selectors.night_state import night_next_state
from ledger.selectors.seats import ids_of, night_roster
from ledger.services.debt_balances import table_lock
from ledger.services.night_results import night_results_write
from ledger.services.postings import double_entries, post


def locked(night: Night) -> Night:
    """The night's row, locked for the rest of the transaction (a no-op lock on SQLite,
    where BEGIN IMMEDIATE already serialises writers). FOR NO KEY UPDATE, as every row
    lock here (ledger/services/__init__.py): a mark or "settle everything" inserting a row
    that refers to this night does not wait for it."""
    return Night.objects.select_for_update(no_key=True).get(pk=night.pk)


def lock_and_read(night: Night, query: str, params: list) -> tuple:
    """Hold the night's row lock, then run ``query`` (its one row is returned): for a
    service that checks, under the lock, what the night is now.

    On PostgreSQL the lock and the query are sent together, two statements in one round
    trip, when the connection binds parameters client-side (Django's default with
    psycopg 3). They stay two statements on purpose: under READ COMMITTED each statement
    reads what was committed before it began, so the query, begun once the lock is
    held, sees everything the previous holder wrote. Folded into one statement (a
    subquery or CTE beside the lock) it would read from before the wait, and miss
    a hand recorded meanwhile. With server-side binding, which refuses two statements at
    once, they are sent one after the other. SQLite has no row locks, and needs none:
    its BEGIN IMMEDIATE already holds every other writer off, so only the query is sent.

    Written out: the ORM's ``select_for_update()`` is a statement of its own, and the ORM
    sends no two statements in one round trip.
    """
    with connection.cursor() as cursor:
        if connection.vendor != "postgresql":
            cursor.execute(query, params)
            return cursor.fetchone()
        lock_query = f"SELECT id FROM {Night._meta.db_table} WHERE id = %s FOR NO KEY UPDATE"  # noqa: S608
        if connection.vendor == "postgresql" and not _server_side_binding():
            cursor.execute(f"{lock_query}; {query}", [night.pk, *params])
            cursor.nextset()  # past the lock's row
            return cursor.fetchone()
        cursor.execute(lock_query, [night.pk])
        cursor.execute(query, params)
        return cursor.fetchone()


def _server_side_binding() -> bool:
    options = settings.DATABASES[connection.alias].get("OPTIONS", {})
    return options.get("server_side_binding") is True


def refuse_if_closed(night: Night) -> None:
    """Nothing more is recorded or changed in a closed night."""
    if night.closed_at is not None:
        raise InvalidInput(err.NIGHT_CLOSED())


def night_start(
    *,
    table: Table,
    players: Sequence[Player],
    first_dealer: Player,
    by,
    house_rules: Mapping | None = None,
    idempotency_key: str = "",
    started_at: datetime | None = None,
) -> Night:
    """Open a night with ``players`` in seat order (clockwise) and its rules snapshot:
    the table's rules, or ``house_rules`` (a night file brings its own).

    A retry with the same key (the start form tapped again) returns the night it opened.
    """
    problems = []
    snapshot = table.rules
    if house_rules is not None:
        try:
            snapshot = rules.HouseRules.from_dict(house_rules).to_dict()
        except rules.RulesError as error:
            problems.extend(error.problems)
    if len(players) < 2:
        problems.append(err.ROSTER_TOO_SMALL())
    elif len(players) > rules.MAX_ROSTER:
        problems.append(rules.errors.ROSTER_TOO_LARGE(limit=rules.MAX_ROSTER, count=len(players)))
    seen = set()
    for player in players:
        if player.table_id != table.pk:
            problems.append(err.PLAYER_NOT_AT_TABLE(id=player.pk))
        elif player.retired_at is not None:
            problems.append(err.PLAYER_RETIRED(player=player.pk))
        if player.pk in seen:
            problems.append(err.ROSTER_DUPLICATE(player=player.pk))
        seen.add(player.pk)
    if first_dealer.pk not in seen:
        problems.append(err.FIRST_DEALER_NOT_PLAYING(player=first_dealer.pk))
    if problems:
        raise InvalidInput(problems)
    with transaction.atomic():
        if idempotency_key:
            earlier = _night_started_with(table, idempotency_key, players, first_dealer)
            if earlier is not None:
                return earlier
        night = Night.objects.create(
            table=table,
            rules=snapshot,
            first_dealer=first_dealer,
            started_at=started_at or timezone.now(),
            started_by=by,
            idempotency_key=idempotency_key,
        )
        Seat.objects.bulk_create(
            Seat(night=night, player=player, position=index) for index, player in enumerate(players)
        )
    return night


def _night_started_with(table: Table, key: str, players, first_dealer) -> Night | None:
    # The table's row lock makes two taps arriving together take turns: the second
    # finds the first's night (SQLite's BEGIN IMMEDIATE already serialises them).
    Table.objects.select_for_update(no_key=True).filter(pk=table.pk).first()
    earlier = Night.objects.filter(table=table, idempotency_key=key).first()
    if earlier is None:
        return None
    same_seats = ids_of(night_roster(earlier)) == [p.pk for p in players]
    if not same_seats or earlier.first_dealer_id != first_dealer.pk:
        raise Conflict(err.NIGHT_KEY_REUSED())
    return earlier


def night_close(
    *, night: Night, by, policy: str | None = None, closed_at: datetime | None = None
) -> Night:
    """Close the night, handing back what is left in the pot by ``policy``
    (the night's leftover_pot rule by default). ``closed_at``: when it closed, if not now
    (a night restored from a backup keeps its own dates)."""
    with transaction.atomic():
        # The table's lock first (the documented order): closing opens the night's
        # transfers in the table's kept open debts, which marks change under that lock.
        table_lock(night.table_id)
        night = locked(night)
        refuse_if_closed(night)
        house = night.house_rules
        policy = policy or house.leftover_pot
        if policy not in rules.LEFTOVER_POLICIES:
            raise InvalidInput(err.LEFTOVER_POLICY_INVALID())
        _, state = night_next_state(night, night_roster(night))
        try:
            movements, _ = rules.close_night(house, state, policy)
        except rules.RulesError as error:
            raise InvalidInput(error.problems) from None
        now = timezone.now()
        post(night, double_entries(None, movements), by=by, now=now)
        night.closed_at = closed_at or now
        night.closed_by = by
        night.leftover_policy = policy
        night.save(update_fields=["closed_at", "closed_by", "leftover_policy"])
        night_results_write(night=night)
        return night
