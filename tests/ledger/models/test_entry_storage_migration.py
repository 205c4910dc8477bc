"""Migration 0012 (entry storage): each entry loses its copy of the hash before it, only
the last entry of each post keeps its hash, the hash loses its indexes, and nothing that
is sealed changes: the chain still checks, every seal stays the same, and the entries
stay append-only. Taken back, it fills every hash and copy again."""

import pytest
from django.db import DatabaseError, connection, transaction
from django.db.migrations.executor import MigrationExecutor

from ledger import selectors
from ledger.models import GENESIS_HASH, Entry
from ledger.verify import verify_night
from tests.ledger.helpers import chained_hashes, sealed_as_written
from tests.ledger.models.test_append_only import missing_triggers
from tests.ledger.nights import busy_night, example_night

MIGRATION = ("ledger", "0012_entry_storage")


def migrate(target: tuple[str, str]) -> None:
    MigrationExecutor(connection).migrate([target])


def before_it() -> tuple[str, str]:
    """The ledger migration 0012 follows."""
    migration = MigrationExecutor(connection).loader.get_migration(*MIGRATION)
    return next(dep for dep in migration.dependencies if dep[0] == "ledger")


def stored(sql: str, params=()) -> list[tuple]:
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchall()


def stored_hashes() -> list[tuple]:
    return list(Entry.objects.order_by("night", "seq").values_list("night", "seq", "hash"))


# The migrations run outside a test's transaction, as they do in production.
@pytest.mark.django_db(transaction=True)
def test_the_entries_keep_their_chain_and_seals_with_a_hash_a_post_both_ways():
    nights = [example_night(), busy_night()]  # corrections, an undo, reversals
    seals = {night.pk: selectors.night_seal(night) for night in nights}
    hashes = stored_hashes()
    assert all(seals.values())

    migrate(before_it())

    # Taken back: every entry holds its hash along the chain, sealed again, and the hash
    # before it; the hashes kept are the ones written.
    chain = {}
    for night in nights:
        entries = list(Entry.objects.filter(night=night).order_by("seq"))
        chain.update(
            {(night.pk, e.seq): h for e, h in zip(entries, chained_hashes(entries), strict=True)}
        )
    rows = stored("SELECT night_id, seq, prev_hash, hash FROM ledger_entry ORDER BY night_id, seq")
    assert [(night, seq, entry_hash) for night, seq, _, entry_hash in rows] == [
        (night, seq, entry_hash or chain[night, seq]) for night, seq, entry_hash in hashes
    ]
    assert all(entry_hash == chain[night, seq] for night, seq, _, entry_hash in rows)
    previous = {}
    for night, seq, prev_hash, entry_hash in rows:
        assert prev_hash == previous.get(night, GENESIS_HASH), (night, seq)
        previous[night] = entry_hash
    assert missing_triggers() == {}

    migrate(MigrationExecutor(connection).loader.graph.leaf_nodes("ledger")[0])

    # Forward again: the hash kept on the last entry of each post only, as written.
    assert stored_hashes() == hashes
    for night in nights:
        assert sealed_as_written(list(Entry.objects.filter(night=night).order_by("seq")))
        assert verify_night(night) == []
        assert selectors.night_seal(night) == seals[night.pk]
    # The table was built anew on SQLite: its triggers are back.
    assert missing_triggers() == {}
    with pytest.raises(DatabaseError, match="append-only"), transaction.atomic():
        stored("UPDATE ledger_entry SET amount = amount + 1 WHERE seq = 1")
