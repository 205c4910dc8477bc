"""The database keeps each seat's balance (``Seat.chips``) as entries are added: a trigger
adds every player entry's chips to that player's seat on that night.

The entries are the record; this is their running total, kept where the hand screen
reads the roster, so it shows tonight's balances without summing the night's entries at
every request (a hand's stored state does not hold them: see ``ledger.rules.stored``).
Kept by the database rather than by the code that posts entries, so no way of adding
an entry (a service, a restore, raw SQL) can leave a seat behind, and a hand's record
costs no statement more. verify_ledger checks every seat against its entries. (Django's
``loaddata`` would count a fixture's entries twice, its seats' chips and the trigger's:
the app's backups are night files, replayed through the services, never fixtures.)

SQLite rebuilds a table to alter it (a new table, the rows copied, the old one dropped
and the new one renamed): a trigger on the entries dies with their table, and one whose
body names the seats fails while theirs is being rebuilt. So a migration that alters
``Seat`` or ``Entry`` takes the trigger off first and puts it back after
(``uninstall``, ``install``), as migration 0015 shows; tests/test_architecture.py holds
every migration after it to that.

SQLite has row triggers only: one small update of a seat, by its unique (night,
player) index, per player entry. PostgreSQL runs one statement trigger per insert (or
COPY) that adds up what the statement's rows move per seat, from its transition table.
Entries are never changed or deleted (``ledger.append_only_triggers``), so an insert is
the only change to follow.
"""

import re

_TABLE_NAME = re.compile(r"[a-z_][a-z0-9_]*")
TRIGGER = "ledger_entry_seat_chips"


def _names(entry_table: str, seat_table: str) -> tuple[str, str]:
    for table in (entry_table, seat_table):
        if not _TABLE_NAME.fullmatch(table):
            raise ValueError(f"not a plain table name: {table!r}")
    return entry_table, seat_table


# Table names are written into the SQL (DDL takes no parameters): plain identifiers only
# (``_names``).
def _sqlite(entry: str, seat: str) -> list[str]:
    return [
        f"""CREATE TRIGGER IF NOT EXISTS {TRIGGER} AFTER INSERT ON {entry}
        WHEN NEW.player_id IS NOT NULL BEGIN
            UPDATE {seat} SET chips = chips + NEW.amount
            WHERE night_id = NEW.night_id AND player_id = NEW.player_id;
        END"""  # noqa: S608
    ]


def _postgres(entry: str, seat: str) -> list[str]:
    return [
        f"""CREATE OR REPLACE FUNCTION {TRIGGER}() RETURNS trigger AS $$ BEGIN
            UPDATE {seat} AS seat SET chips = seat.chips + moved.chips FROM (
                SELECT night_id, player_id, SUM(amount) AS chips FROM added
                WHERE player_id IS NOT NULL GROUP BY night_id, player_id
            ) AS moved
            WHERE seat.night_id = moved.night_id AND seat.player_id = moved.player_id
            AND moved.chips <> 0;
            RETURN NULL;
        END; $$ LANGUAGE plpgsql""",  # noqa: S608
        f"""CREATE OR REPLACE TRIGGER {TRIGGER} AFTER INSERT ON {entry}
        REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION {TRIGGER}()""",
    ]


def install(connection, entry_table: str, seat_table: str) -> None:
    """Put the trigger on ``entry_table``, keeping ``seat_table``'s chips."""
    statements = {"sqlite": _sqlite, "postgresql": _postgres}.get(connection.vendor)
    if statements is None:
        return
    with connection.cursor() as cursor:
        for statement in statements(*_names(entry_table, seat_table)):
            cursor.execute(statement)


def uninstall(connection, entry_table: str) -> None:
    entry_table, _ = _names(entry_table, "seat")
    suffix = f" ON {entry_table}" if connection.vendor == "postgresql" else ""
    if connection.vendor in ("sqlite", "postgresql"):
        with connection.cursor() as cursor:
            cursor.execute(f"DROP TRIGGER IF EXISTS {TRIGGER}{suffix}")
