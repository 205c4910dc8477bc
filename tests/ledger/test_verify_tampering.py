"""Rewriting history behind the app's back: the database refuses it, and with its guard
lifted, verify_night still finds every single-row edit, deletion and swap, and every
forgery re-hashed by someone without the ledger key."""

import hashlib
import hmac
import itertools
import os
import random
import re
from collections import Counter
from collections.abc import Callable

import pytest
from django.db import DatabaseError, connection, transaction

from ledger import append_only_triggers, selectors, verify
from ledger.models import GENESIS_HASH, Entry, Hand, Night, Seat
from ledger.services import corrections as correction_services
from ledger.services.night_results import night_results_write
from ledger.verify import verify_night
from tests.factories import night_with
from tests.ledger.helpers import hand_data, record_all
from tests.ledger.long_nights import long_night
from tests.ledger.nights import busy_night, example_night

pytestmark = pytest.mark.django_db

LONG_HANDS = 1000
# Each case verifies the whole thousand-hand night again (about a second each), so the
# long night gets a sample of each kind; the busy night below gets every row edited and
# deleted. PROOF_TAMPER_SAMPLE=30 runs a bigger sample of each kind on both.
SAMPLE = int(os.environ.get("PROOF_TAMPER_SAMPLE", "2"))
BUSY_SAMPLE = max(SAMPLE, 30)
TEMP_SEQ = 1_000_000_000
TEMP_POSITION = 30_000  # a seat position is a small integer


class Rollback(Exception):
    """Undo the tampering once verify_night has looked at it."""


def run(sql: str, params=()) -> int:
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.rowcount


def one(sql: str, params) -> None:
    """A tampering that must really change one row, or it proves nothing."""
    assert run(sql, params) == 1, sql


# --- With the guard in place ---

REFUSED = {
    "edit an amount": "UPDATE ledger_entry SET amount = amount + 1 WHERE id = %s",
    "delete a row": "DELETE FROM ledger_entry WHERE id = %s",
    "reorder a row": "UPDATE ledger_entry SET seq = seq + 1000 WHERE id = %s",
    "repoint a row at another player": "UPDATE ledger_entry SET player_id = NULL WHERE id = %s",
    "rewrite a hash": f"UPDATE ledger_entry SET hash = '{'0' * 64}' WHERE id = %s",
}


@pytest.mark.parametrize("sql", REFUSED.values(), ids=REFUSED.keys())
def test_the_database_refuses_raw_sql_that_rewrites_a_ledger_row(sql):
    night = example_night()
    target = Entry.objects.filter(night=night, player__isnull=False).first()
    before = list(Entry.objects.filter(night=night).values_list("seq", "amount", "hash"))

    with pytest.raises(DatabaseError, match="append-only"), transaction.atomic():
        run(sql, [target.pk])

    assert list(Entry.objects.filter(night=night).values_list("seq", "amount", "hash")) == before


def test_the_database_refuses_to_delete_a_nights_whole_ledger():
    night = example_night()

    with pytest.raises(DatabaseError, match="append-only"), transaction.atomic():
        run("DELETE FROM ledger_entry WHERE night_id = %s", [night.pk])

    assert Entry.objects.filter(night=night).count() > 0


# Committed rows, as in production: inside a test's own transaction PostgreSQL refuses a
# TRUNCATE for another reason (foreign-key checks still pending), which would prove nothing.
@pytest.mark.django_db(transaction=True)
def test_the_database_refuses_to_truncate_the_ledger():
    night = example_night()
    count = Entry.objects.filter(night=night).count()
    # SQLite has no TRUNCATE: its DELETE without WHERE fires the row triggers (above).
    sql = (
        "TRUNCATE ledger_entry CASCADE"
        if connection.vendor == "postgresql"
        else "DELETE FROM ledger_entry"
    )

    with pytest.raises(DatabaseError, match="append-only"), transaction.atomic():
        run(sql)

    assert Entry.objects.filter(night=night).count() == count


# --- With the guard lifted: what verify_night must catch ---

Tamper = Callable[[], None]


def edit(entry: dict) -> Tamper:
    delta = 1 if entry["amount"] != -1 else 2
    return lambda: one(
        "UPDATE ledger_entry SET amount = amount + %s WHERE id = %s", [delta, entry["id"]]
    )


def delete(entry: dict) -> Tamper:
    return lambda: one("DELETE FROM ledger_entry WHERE id = %s", [entry["id"]])


def swap_amounts(a: dict, b: dict) -> Tamper:
    def apply():
        one("UPDATE ledger_entry SET amount = %s WHERE id = %s", [b["amount"], a["id"]])
        one("UPDATE ledger_entry SET amount = %s WHERE id = %s", [a["amount"], b["id"]])

    return apply


def swap_seqs(a: dict, b: dict) -> Tamper:
    """Two rows change places in the night's order (seq is unique: three steps)."""

    def apply():
        one("UPDATE ledger_entry SET seq = %s WHERE id = %s", [TEMP_SEQ, a["id"]])
        one("UPDATE ledger_entry SET seq = %s WHERE id = %s", [a["seq"], b["id"]])
        one("UPDATE ledger_entry SET seq = %s WHERE id = %s", [b["seq"], a["id"]])

    return apply


# --- Forgers: how each one computes a rewritten row's hash ---

# A row's hash, chained to the hash before it, as the forger makes it.
Forger = Callable[[Entry, str], str]
# Any key but the server's: all a forger without it can do is guess.
WRONG_KEY = hashlib.sha256(b"a forger's guess at the ledger key").digest()
MADE_UP_KEY_ID = "f0f0f0f0"


def with_the_key(row: Entry, prev_hash: str) -> str:
    return row.compute_hash(prev_hash)


def plain_sha256(row: Entry, prev_hash: str) -> str:
    """The chain as it was before it had a key."""
    return hashlib.sha256(f"{prev_hash}|{row.canonical()}".encode()).hexdigest()


def hmac_with_a_wrong_key(row: Entry, prev_hash: str) -> str:
    return hmac.new(WRONG_KEY, f"{prev_hash}|{row.canonical()}".encode(), "sha256").hexdigest()


def hmac_under_a_made_up_key_id(row: Entry, prev_hash: str) -> str:
    """A wrong key, and the row claims it, as if sealed before a key rotation."""
    row.key_id = MADE_UP_KEY_ID
    return hmac_with_a_wrong_key(row, prev_hash)


KEYLESS: dict[str, Forger] = {
    "plain SHA-256": plain_sha256,
    "HMAC with a wrong key": hmac_with_a_wrong_key,
    "HMAC under a made-up key id": hmac_under_a_made_up_key_id,
}
FORGERS: dict[str, Forger] = {"with the key": with_the_key, **KEYLESS}


def rehash(rows: list[Entry], forger: Forger) -> None:
    """Write ``rows`` back (amounts and players possibly changed) with the chain
    recomputed from the first of them on, each hash as ``forger`` makes it."""
    before = (
        Entry.objects.filter(night=rows[0].night_id, seq=rows[0].seq - 1)
        .values_list("hash", flat=True)
        .first()
    )
    prev_hash = before or GENESIS_HASH
    for row in rows:
        row.hash = prev_hash = forger(row, prev_hash)
    with connection.cursor() as cursor:
        cursor.executemany(
            "UPDATE ledger_entry SET amount = %s, player_id = %s, hash = %s, "
            "key_id = %s WHERE id = %s",
            [(r.amount, r.player_id, r.hash, r.key_id, r.pk) for r in rows],
        )


def forge(night: Night, entry: dict, forger: Forger) -> Tamper:
    """Move chips between a player and the pot in both rows of one movement (the
    night still sums to zero), then re-hash the chain from there on. With the key
    the chain itself is perfect and only the replay can tell; without it, the
    chain tells too."""

    def apply():
        rows = list(Entry.objects.filter(night=night, seq__gte=entry["seq"]).order_by("seq"))
        player, pot = rows[0], rows[1]
        delta = 2 if player.amount == -1 else 1
        player.amount += delta
        pot.amount -= delta
        rehash(rows, forger)

    return apply


def edit_hand(hand: Hand) -> Tamper:
    """The hand row itself: a stayer's tricks, or who stayed, quietly changed."""

    def apply():
        data = dict(hand.input)
        stayed = dict(data["stayed"])
        if len(stayed) >= 2 and all(t is not None for t in stayed.values()):
            a, b = sorted(stayed)[:2]
            stayed[a], stayed[b] = stayed[b], stayed[a]
            if stayed == data["stayed"]:
                stayed[a] += 1
        else:
            stayed = {} if stayed else {str(data["seated"][0]): None}
            data["misdeal"] = False
        data["stayed"] = stayed
        assert Hand.objects.filter(pk=hand.pk).update(input=data) == 1

    return apply


Case = tuple[str, str, Tamper]  # kind, which rows, the tampering


def cases(night: Night, rng: random.Random, *, sample: int, every_row: bool = False) -> list[Case]:
    """Every kind of single-row tampering on ``sample`` rows each (edits and deletions
    of every row if ``every_row``)."""
    entries = list(Entry.objects.filter(night=night).order_by("seq").values("id", "seq", "amount"))
    hands = list(Hand.objects.filter(night=night, live=True).exclude(input__misdeal=True))

    def pick(rows: list) -> list:
        return rng.sample(rows, min(sample, len(rows)))

    # Neighbours, and rows far apart.
    pairs = list(itertools.pairwise(entries))
    pairs += [tuple(sorted(rng.sample(entries, 2), key=lambda e: e["seq"])) for _ in entries]
    # Each movement is a player's row (odd seq) then the pot's opposite row.
    movements = [e for e in entries if e["seq"] % 2 == 1]
    unequal = [(a, b) for a, b in pairs if a["amount"] != b["amount"]]
    edited = entries if every_row else pick(entries)
    deleted = entries if every_row else pick(entries)
    return [
        *[("edit an amount", f"seq {e['seq']}", edit(e)) for e in edited],
        *[("delete a row", f"seq {e['seq']}", delete(e)) for e in deleted],
        *[
            ("swap two amounts", f"seq {a['seq']} and {b['seq']}", swap_amounts(a, b))
            for a, b in pick(unequal)
        ],
        *[
            ("swap two seqs", f"seq {a['seq']} and {b['seq']}", swap_seqs(a, b))
            for a, b in pick(pairs)
        ],
        *[
            (f"forge and re-hash {how}", f"seq {e['seq']}", forge(night, e, forger))
            for how, forger in FORGERS.items()
            for e in pick(movements)
        ],
        *[("edit a hand's input", f"hand {h.number}", edit_hand(h)) for h in pick(hands)],
    ]


def detection(night: Night, tampers: list[Case]) -> tuple[Counter, Counter, list[str]]:
    """Apply each tampering alone, ask verify_night, roll it back."""
    tried: Counter = Counter()
    detected: Counter = Counter()
    missed = []
    append_only_triggers.uninstall(connection)
    try:
        for kind, rows, apply in tampers:
            try:
                with transaction.atomic():
                    apply()
                    problems = verify_night(night)
                    raise Rollback
            except Rollback:
                pass
            tried[kind] += 1
            if problems:
                detected[kind] += 1
            else:
                missed.append(f"{kind}: {rows}")
    finally:
        append_only_triggers.install(connection)
    return tried, detected, missed


def report(title: str, tried: Counter, detected: Counter) -> None:
    kinds = ", ".join(f"{kind} {detected[kind]}/{tried[kind]}" for kind in tried)
    total = sum(tried.values())
    print(f"\n{title}: {sum(detected.values())}/{total} tamperings detected ({kinds})")


def test_verify_night_finds_every_single_row_tampering_of_a_busy_night():
    night = busy_night()
    assert verify_night(night) == []
    tampers = cases(night, random.Random(1), sample=BUSY_SAMPLE, every_row=True)

    tried, detected, missed = detection(night, tampers)

    report(f"busy night, every row edited and deleted, {BUSY_SAMPLE} of the rest", tried, detected)
    assert missed == []
    assert verify_night(night) == []  # every tampering was rolled back


def test_verify_night_finds_tampering_anywhere_in_a_thousand_hand_night():
    night = long_night(LONG_HANDS)
    assert Hand.objects.filter(night=night, live=True).count() == LONG_HANDS
    assert verify_night(night) == []
    tampers = cases(night, random.Random(2024), sample=SAMPLE)

    tried, detected, missed = detection(night, tampers)

    report(f"{LONG_HANDS}-hand night, a sample of {SAMPLE} per kind", tried, detected)
    assert missed == []


# --- Hands a correction left standing ---

BOB_WINS = {"dealer": "Ann", "stayed": {"Bob": 3, "Cy": 2}}


def corrected_night(hand: dict) -> Night:
    """Six hands Bob wins, hand 2 corrected to ``hand``."""
    night = night_with(["Ann", "Bob", "Cy", "Dee"])
    record_all(night, [BOB_WINS] * 6)
    correction_services.hand_correct(
        night=night, number=2, hand=hand_data(night, hand), reason="r", by=night.started_by
    )
    return night


@pytest.mark.parametrize(
    "hand",
    [{"dealer": "Ann", "stayed": {"Bob": 4, "Cy": 1}}, {**BOB_WINS, "dealer": "Bob"}],
    ids=["no chip moves", "another dealer"],
)
def test_every_tampering_of_a_night_whose_correction_kept_later_hands_is_found(hand):
    night = corrected_night(hand)
    kept = Hand.objects.filter(night=night, live=True, revision=1, number__gt=2)
    assert kept.count() == 4
    assert verify_night(night) == []
    entries = list(Entry.objects.filter(night=night).order_by("seq").values("id", "seq", "amount"))
    tampers = [
        *[("edit an amount", f"seq {e['seq']}", edit(e)) for e in entries],
        *[("delete a row", f"seq {e['seq']}", delete(e)) for e in entries],
        *[("edit a kept hand's input", f"hand {h.number}", edit_hand(h)) for h in kept],
    ]

    tried, detected, missed = detection(night, tampers)

    report("a night whose correction kept its later hands", tried, detected)
    assert missed == []


def test_a_correction_that_left_a_hand_it_changed_standing_is_caught(monkeypatch):
    # A correction as it would be if it took a later hand for unchanged when it is not:
    # hand 3 onwards left as recorded though nobody wins hand 2 now, so hand 3 plays for
    # a pot carried over (and its win empties it again: its state after is as stored).
    monkeypatch.setattr(correction_services, "_settles_as_stored", lambda *args: True)
    night = corrected_night({"dealer": "Ann", "stayed": {"Bob": 2, "Cy": 2, "Dee": 1}})
    hand_3 = Hand.objects.get(night=night, number=3, live=True)
    assert hand_3.revision == 1

    problems = verify_night(night)

    assert (
        verify.LIVE_ON_REPLACED_DIFFERS.format(
            night=night.pk, number=3, revision=1, before=2, fields="result"
        )
        in problems
    )


# --- What only the key stops: a whole night rewritten consistently ---

# Where the stored hands name players (ledger.rules.stored: inputs, results, states).
ONE_PLAYER = {"dealer", "winner", "last_dealer", "previous_dealer"}
PLAYER_LIST = {"seated", "reneged", "ante_payers", "roster", "last_seated"}
BY_PLAYER = {
    "stayed",
    "ante_refunds",
    "bourre_payments",
    "renege_payments",
    "penalty_refunds",
    "balances",  # in rows written before the balances were left out of them
    "changes",
    "shares",
}


def relabel(data: dict, swap: Callable[[int], int]) -> dict:
    out = dict(data)
    for field, value in data.items():
        if field in ONE_PLAYER and value is not None:
            out[field] = swap(value)
        elif field in PLAYER_LIST:
            out[field] = [swap(p) for p in value]
        elif field == "exempt":
            # Stored in seat order, which the swap keeps: the two trade seats too.
            out[field] = [swap(p) for p in value]
        elif field in BY_PLAYER:
            out[field] = {str(swap(int(p))): v for p, v in value.items()}
    return out


def swap_two_players(night: Night, forger: Forger) -> None:
    """The forgery a database can hide from the replay: two players trade places in
    the whole night, seats, every hand and every entry, so one's losses become the
    other's and everything still adds up; then the chain is re-hashed from entry 1."""
    a, b = Seat.objects.filter(night=night).order_by("position")[:2]
    a_id, b_id = a.player_id, b.player_id

    def swap(player_id: int) -> int:
        return {a_id: b_id, b_id: a_id}.get(player_id, player_id)

    Seat.objects.filter(pk=a.pk).update(position=TEMP_POSITION)
    Seat.objects.filter(pk=b.pk).update(position=a.position, chips=a.chips)
    Seat.objects.filter(pk=a.pk).update(position=b.position, chips=b.chips)
    for hand in Hand.objects.filter(night=night).exclude(kind=Hand.UNDO):
        Hand.objects.filter(pk=hand.pk).update(
            input=relabel(hand.input, swap),
            result=relabel(hand.result, swap),
            state_after=relabel(hand.state_after, swap),
            roster=[swap(p) for p in hand.roster],
            dealer_id=swap(hand.dealer_id),
        )
    rows = list(Entry.objects.filter(night=night).order_by("seq"))
    for row in rows:
        row.player_id = swap(row.player_id) if row.player_id else None
    rehash(rows, forger)
    if night.closed_at is not None:
        # What the night came to, written anew from the forged rows, as a forger would.
        with connection.cursor() as cursor:
            for table in (
                "ledger_playeryeartotal",
                "ledger_nightresult",
                "ledger_nightsummary",
                "ledger_nighttransfer",
            ):
                cursor.execute(f"DELETE FROM {table} WHERE night_id = %s", [night.pk])
        night_results_write(night=night)


def chain_problems_only(night: Night, problems: list[str]) -> bool:
    """Every problem is one of the hash chain's: the replay saw nothing wrong."""
    patterns = [
        re.escape(message)
        .replace(r"\{night\}", str(night.pk))
        .replace(r"\{seqs\}", r"[0-9, to]+")
        .replace(r"\{seq\}", r"[0-9]+")
        .replace(r"\{key\}", r"\w+")
        for message in (verify.HASH_DIFFERS, verify.HASH_MISSING, verify.SEALED_WITH_OTHER_KEY)
    ]
    return all(any(re.fullmatch(pattern, p) for pattern in patterns) for p in problems)


def test_a_night_rewritten_consistently_is_caught_without_the_key_and_passes_with_it():
    """The replay cannot see this forgery: only the keyed chain (and the players'
    photo of the seal) can. Without the key every attempt is caught; with the key
    verify passes, so the key is what stands between a database and a forged night."""
    nights = [example_night(name) for name in ("example_1", "example_2", "example_3")]
    nights.append(busy_night())
    tried: Counter = Counter()
    caught: Counter = Counter()
    reseal = 0
    append_only_triggers.uninstall(connection)
    try:
        for night in nights:
            assert verify_night(night) == []
            seal = selectors.night_seal(night).code
            for how, forger in FORGERS.items():
                try:
                    with transaction.atomic():
                        swap_two_players(night, forger)
                        problems = verify_night(night)
                        forged_seal = selectors.night_seal(night).code
                        raise Rollback
                except Rollback:
                    pass
                tried[how] += 1
                if problems:
                    caught[how] += 1
                    # Caught by the chain alone: without a key the forgery is perfect.
                    assert chain_problems_only(night, problems), problems
                reseal += forged_seal != seal
            assert verify_night(night) == []
    finally:
        append_only_triggers.install(connection)

    keyless = sum(tried[how] for how in KEYLESS)
    print(
        f"\nnights rewritten consistently: {sum(caught[how] for how in KEYLESS)}/{keyless} "
        f"keyless forgeries detected; with the key {caught['with the key']}/"
        f"{tried['with the key']} detected (the chain is all there is) and "
        f"{reseal}/{sum(tried.values())} seals changed"
    )
    assert all(caught[how] == tried[how] for how in KEYLESS)
    assert caught["with the key"] == 0
    assert reseal == sum(tried.values())
