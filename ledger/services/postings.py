"""Entries on a night's hash chain: each movement of chips posted twice (the player's side
and the pot's), reversals of a hand's entries, and the append itself (the database adds
each entry's chips to its player's seat: ``ledger.seat_chips``).

Entries are only ever added: a correction or an undo reverses entries by posting their
negatives.
"""

import sqlite3
from collections import namedtuple
from collections.abc import Callable, Iterable
from contextlib import contextmanager

from django import db
from django.db import connection

from ledger import rules, seals
from ledger.models import GENESIS_HASH, Entry, Hand, Night
from ledger.models.entries import canonical_entries


def _same(key):
    return key


def postings(movements: Iterable[rules.Movement], player_id: Callable | None = None):
    """Each movement twice, as (player id or None for the pot, amount, kind): the player's
    side and then the pot's opposite one, so a night always sums to zero. ``player_id``
    gives the id of a movement's player key (the key itself, unless the hand was settled
    by name)."""
    player_id = player_id or _same
    for movement in movements:
        if movement.amount:
            yield (player_id(movement.player), movement.amount, movement.kind)
            yield (None, -movement.amount, movement.kind)


def double_entries(hand: Hand | None, movements, player_id: Callable | None = None):
    """``postings`` of ``hand`` (None for the night's closing), ready for ``post``."""
    for player, amount, kind in postings(movements, player_id):
        yield (hand, player, amount, kind, None)


def reversals(hands: Iterable[Hand]):
    """Every entry of ``hands`` negated, ready for ``post``."""
    # The hands come from the caller, not entry.hand: one query, not one per entry; and
    # only the values a reversal needs, not an Entry built for each.
    by_pk = {hand.pk: hand for hand in hands}
    rows = (
        Entry.objects.filter(hand__in=list(by_pk))
        .order_by("seq")
        .values_list("pk", "hand_id", "player_id", "amount", "kind")
    )
    for pk, hand_id, player_id, amount, kind in rows:
        yield (by_pk[hand_id], player_id, -amount, kind, pk)


def chain_head(night: Night) -> tuple[int, str]:
    """The seq and hash of the night's last entry ((0, GENESIS_HASH) before the first)."""
    last = Entry.objects.filter(night=night).order_by("-seq").values_list("seq", "hash").first()
    return last if last else (0, GENESIS_HASH)


# Entry's fields in the model's order, as ``post`` builds and inserts entries by position
# (tests/ledger/services/test_postings.py checks it is the model's).
ENTRY_FIELDS = (
    "id",
    "night_id",
    "seq",
    "hand_id",
    "hand_number",
    "player_id",
    "amount",
    "kind",
    "reverses_id",
    "created_at",
    "created_by_id",
    "hash",
    "key_id",
)


# Rows an INSERT statement carries at most (fewer where the database allows fewer
# parameters): a night file's thousands of entries in a few statements of sensible size.
BATCH = 2500
# The parameters a statement takes on SQLite 3.32 and later (999 before).
SQLITE_MAX_PARAMS = 32766


# An entry as ``post`` builds it: the values of its columns, but the id, which the
# database gives.
PostedEntry = namedtuple("PostedEntry", ENTRY_FIELDS[1:])


def post(
    night: Night, movements: Iterable[tuple], *, by, now, head: tuple[int, str] | None = None
) -> list[PostedEntry]:
    """Append entries to the night's hash chain. ``movements`` are tuples of
    (hand, player_id or None for the pot, amount, kind, reversed entry's id or None).
    The caller holds the night's lock (``nights.locked``); ``head`` is the chain's
    ``chain_head``, if the caller has read it under that lock already.

    A correction or a night file posts thousands at once, so each entry is built as the
    plain values of its columns (an Entry for each took a third of a long correction),
    sealed with the very text ``Entry.canonical`` checks (``canonical_entries``, which
    writes what the entries share once), the chain's hash kept on the last of them only,
    and then all are inserted from those values
    (``insert_entries``): Django's ``bulk_create`` would spend more than all the rest
    preparing each field of each row again."""
    seq, prev_hash = head if head is not None else chain_head(night)
    key_id = seals.current_key_id()
    seal = seals.entry_sealer(key_id)
    night_id, by_id = night.pk, by.pk
    canonical = canonical_entries(night_id, now.isoformat(), by_id, key_id)
    entries = []
    for hand, player_id, amount, kind, reverses in movements:
        seq += 1
        hand_id, number = (hand.pk, hand.number) if hand else (None, None)
        content = canonical(seq, hand_id, number, player_id, amount, kind, reverses)
        prev_hash = seal(prev_hash, content)
        entries.append(
            PostedEntry(
                night_id,
                seq,
                hand_id,
                number,
                player_id,
                amount,
                kind,
                reverses,
                now,
                by_id,
                None,
                key_id,
            )
        )
    if entries:
        # Only the post's last entry keeps its hash (Entry.hash says why).
        entries[-1] = entries[-1]._replace(hash=prev_hash)
    insert_entries(entries, now)
    return entries


def insert_entries(entries: list[PostedEntry], now) -> None:
    """Insert ``entries``, all made at ``now``: the values each holds, as they are (ints,
    strings, None), but the time, prepared for the database once for all of them.

    On PostgreSQL one COPY: the rows travel as data, not as SQL to parse (an INSERT of
    thousands of rows, its values quoted one by one into the statement or bound array by
    array, took most of a long correction); triggers and constraints check each row
    as for an INSERT. Elsewhere many rows a statement, as Django's ``bulk_create`` writes
    them.

    Written out: the ORM has no COPY, and ``bulk_create`` (an Entry built, and each of its
    fields prepared, for every row) took six times as long for 6,000 entries."""
    if not entries:
        return
    names = ENTRY_FIELDS[1:]  # the id is the database's
    fields = [Entry._meta.get_field(name) for name in names]
    at = names.index("created_at")
    stored_now = fields[at].get_db_prep_save(now, connection)
    # Names from the model, unquoted as Django writes them (lowercase, none reserved);
    # every value is a parameter, or data.
    into = f"{Entry._meta.db_table} ({', '.join(names)})"
    if connection.vendor == "postgresql":
        # A refused row raises Django's own error (IntegrityError...), as an INSERT would.
        with (
            _djangos_errors(),
            connection.cursor() as cursor,
            cursor.copy(f"COPY {into} FROM STDIN") as copy,
        ):
            for entry in entries:
                copy.write_row((*entry[:at], stored_now, *entry[at + 1 :]))
        return
    insert = f"INSERT INTO {into}"
    with connection.cursor() as cursor:
        row = "(" + ", ".join(["%s"] * len(fields)) + ")"
        # As many rows as SQLite takes parameters (only SQLite comes here: PostgreSQL COPYs).
        most = SQLITE_MAX_PARAMS if sqlite3.sqlite_version_info >= (3, 32) else 999
        batch = max(1, min(BATCH, most // len(fields)))
        for start in range(0, len(entries), batch):
            rows = entries[start : start + batch]
            params = []
            for entry in rows:
                params.extend(entry[:at])
                params.append(stored_now)
                params.extend(entry[at + 1 :])
            cursor.execute(f"{insert} VALUES {', '.join([row] * len(rows))}", params)


# Django's database errors, most specific first, each standing for the driver's error of
# the same name (PEP 249 names them all).
_DJANGO_ERRORS = (
    db.DataError,
    db.OperationalError,
    db.IntegrityError,
    db.InternalError,
    db.ProgrammingError,
    db.NotSupportedError,
    db.DatabaseError,
    db.InterfaceError,
    db.Error,
)


@contextmanager
def _djangos_errors():
    """psycopg's errors raised as Django's own, as Django raises them for the statements it
    runs: a COPY is psycopg's, which Django's cursor does not wrap. Unlike Django's own
    wrapping, a connection broken mid-COPY is not marked unusable here: with persistent
    connections (DJANGO_CONN_MAX_AGE) Django's health check at the next request finds it
    (CONN_HEALTH_CHECKS, config/settings.py)."""
    import psycopg  # the driver, loaded on PostgreSQL only

    try:
        yield
    except psycopg.Error as error:
        for django_error in _DJANGO_ERRORS:
            if isinstance(error, getattr(psycopg, django_error.__name__)):
                raise django_error(*error.args) from error
        raise
