"""The ledger's key and the night's seal: entries are HMACs under a key kept out of the
database, the chain checks across a key rotation, and a night's seal fingerprints it."""

import hashlib
import hmac
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ledger import selectors, verify
from ledger.models import GENESIS_HASH, Entry
from ledger.models.entries import canonical_entries, canonical_entry
from ledger.seals import current_key_id, ledger_keys, seal_code
from ledger.services import nights as night_services
from tests.factories import night_with
from tests.ledger.helpers import posts_end, sealed_as_written
from tests.ledger.nights import example_night, record_all, tamper
from tests.ledger.worked_examples import EXAMPLES

pytestmark = pytest.mark.django_db

OLD_KEY = "an-old-ledger-key-0123456789-abcdefghijklmnopqrstuvwxyz"
NEW_KEY = "a-new-ledger-key-9876543210-zyxwvutsrqponmlkjihgfedcba"


def key_id(secret: str, settings) -> str:
    settings.LEDGER_KEY, settings.LEDGER_KEYS_PREVIOUS = secret, []
    return current_key_id()


def night_across_a_rotation(settings, *, keep_old: bool):
    """Example 1's first three hands sealed with the old key, the rest and the close
    with the new one (the old one kept as previous, or not)."""
    example = EXAMPLES["example_1"]
    hands = [hand for hand, _, _ in example["hands"]]
    settings.LEDGER_KEY, settings.LEDGER_KEYS_PREVIOUS = OLD_KEY, []
    night = night_with(example["roster"], house_rules=example["rules"])
    record_all(night, hands[:3])
    old_entries = Entry.objects.filter(night=night).count()
    settings.LEDGER_KEY, settings.LEDGER_KEYS_PREVIOUS = NEW_KEY, [OLD_KEY] if keep_old else []
    record_all(night, hands[3:], start=4)
    night_services.night_close(night=night, by=night.started_by)
    return night, old_entries


def says(message, night, **values):
    return message.format(night=night.pk, **values)


# --- The key ---


def test_each_entry_is_an_hmac_of_its_row_under_a_key_derived_from_the_secret_key(settings):
    settings.LEDGER_KEY = ""
    night = example_night()
    key = hmac.new(
        settings.SECRET_KEY.encode(), b"bourre-ledger/entry-hash/v1", hashlib.sha256
    ).digest()

    prev_hash, stored = GENESIS_HASH, 0
    for entry in Entry.objects.filter(night=night).order_by("seq"):
        message = f"{prev_hash}|{entry.canonical()}".encode()
        prev_hash = hmac.new(key, message, hashlib.sha256).hexdigest()
        assert prev_hash != hashlib.sha256(message).hexdigest()
        assert entry.key_id == current_key_id()
        if entry.hash is not None:  # the last of a post
            assert entry.hash == prev_hash
            stored += 1
    assert stored > 1 and entry.hash == prev_hash


def test_the_ledger_key_is_its_own_when_set_so_a_new_secret_key_leaves_it_alone(settings):
    settings.LEDGER_KEY = NEW_KEY
    before = current_key_id()
    settings.SECRET_KEY = "another-secret-key-" + "y" * 40

    assert current_key_id() == before
    settings.LEDGER_KEY = ""
    derived = current_key_id()
    assert derived != before
    settings.SECRET_KEY = "yet-another-secret-key-" + "z" * 40
    assert current_key_id() != derived


def test_the_key_id_names_the_key_without_revealing_it(settings):
    settings.LEDGER_KEY, settings.LEDGER_KEYS_PREVIOUS = NEW_KEY, [OLD_KEY]

    keys = ledger_keys()

    assert list(keys) == [key_id(NEW_KEY, settings), key_id(OLD_KEY, settings)]
    assert all(len(k) == 8 and k not in NEW_KEY + OLD_KEY for k in keys)


# --- Rotation ---


def test_entries_sealed_before_a_rotation_still_verify_with_the_previous_key(settings):
    night, old_entries = night_across_a_rotation(settings, keep_old=True)

    assert verify.verify_night(night) == []
    key_ids = list(Entry.objects.filter(night=night).order_by("seq").values_list("key_id"))
    assert {k for (k,) in key_ids[:old_entries]} == {key_id(OLD_KEY, settings)}
    assert {k for (k,) in key_ids[old_entries:]} == {key_id(NEW_KEY, settings)}


def test_a_key_rotated_out_is_reported_as_a_different_key_not_as_changed_rows(settings):
    night, old_entries = night_across_a_rotation(settings, keep_old=False)
    old_id = key_id(OLD_KEY, settings)
    settings.LEDGER_KEY = NEW_KEY

    assert verify.verify_night(night) == [
        says(verify.SEALED_WITH_OTHER_KEY, night, seqs=f"1 to {old_entries}", key=old_id)
    ]


def test_rows_without_a_key_id_are_reported_as_not_sealed():
    night = example_night()

    tamper(
        (
            "UPDATE ledger_entry SET key_id = '' WHERE night_id = %s AND seq IN (3, 4, 5, 9)",
            [night.pk],
        )
    )

    # Where the key id changes a post ends, so the rows before 3 and 6, and 9, would hold
    # the chain's hash; they do not, since it did not end there.
    assert verify.verify_night(night) == [
        *[says(verify.HASH_MISSING, night, seq=seq) for seq in (2, 5, 9)],
        says(verify.NOT_SEALED, night, seqs="3 to 5, 9", key=""),
    ]


def test_a_row_claiming_another_key_it_was_not_sealed_with_is_reported(settings):
    settings.LEDGER_KEY, settings.LEDGER_KEYS_PREVIOUS = NEW_KEY, [OLD_KEY]
    night = example_night()
    target = Entry.objects.get(night=night, seq=6)

    old_id = key_id(OLD_KEY, settings)
    settings.LEDGER_KEY, settings.LEDGER_KEYS_PREVIOUS = NEW_KEY, [OLD_KEY]

    post_end = Entry.objects.filter(night=night, seq__gte=6, hash__isnull=False).earliest("seq")

    tamper(("UPDATE ledger_entry SET key_id = %s WHERE id = %s", [old_id, target.pk]))

    # Sealed again under the old key, row 6 no longer gives the chain its post stored;
    # and as a post of its own, it and the row before it would hold hashes.
    assert verify.verify_night(night) == [
        says(verify.HASH_MISSING, night, seq=5),
        says(verify.HASH_MISSING, night, seq=6),
        says(verify.HASH_DIFFERS, night, seqs=f"1 to {post_end.seq}", seq=post_end.seq),
    ]


# --- The seal ---


def test_a_nights_seal_is_its_last_entrys_hash_in_three_groups_of_four():
    night = example_night()
    last = Entry.objects.filter(night=night).order_by("-seq").first()

    seal = selectors.night_seal(night)

    assert seal.code == f"{last.hash[:4]}-{last.hash[4:8]}-{last.hash[8:12]}"
    assert seal.entries == last.seq == Entry.objects.filter(night=night).count()
    assert seal_code("3F2A91C07B1E" + "0" * 52) == "3f2a-91c0-7b1e"


def test_a_night_where_no_chip_moved_has_no_seal():
    assert selectors.night_seal(night_with()) is None


def test_the_seal_changes_with_every_hand_that_moves_chips():
    example = EXAMPLES["example_1"]
    night = night_with(example["roster"], house_rules=example["rules"])
    seals = {}
    for number, (hand, _, _) in enumerate(example["hands"], start=1):
        record_all(night, [hand], start=number)
        seals[number] = selectors.night_seal(night).code
    # Hands whose entries the seal covers; a hand that moves no chip posts no entry.
    moved = sorted(set(Entry.objects.filter(night=night).values_list("hand_number", flat=True)))

    assert len({seals[number] for number in moved}) == len(moved) >= 5
    for number in set(seals) - set(moved):
        assert seals[number] == seals[number - 1]


def test_the_same_night_under_another_key_has_another_seal(settings):
    settings.LEDGER_KEY = OLD_KEY
    first = selectors.night_seal(example_night()).code
    settings.LEDGER_KEY = NEW_KEY

    assert selectors.night_seal(example_night()).code != first


# --- what a hash seals: written out, exactly as json.dumps writes it ------------------

_ids = st.one_of(st.none(), st.integers(min_value=-(2**63), max_value=2**63 - 1))
_texts = st.one_of(st.none(), st.text(), st.sampled_from(["hand", "ante", "leftover"]))


@given(values=st.tuples(_ids, _ids, _ids, _ids, _ids, _ids, _texts, _ids, _texts, _ids, _texts))
def test_an_entrys_sealed_content_is_what_json_dumps_writes_whatever_its_values(values):
    names = (
        "night",
        "seq",
        "hand",
        "hand_number",
        "player",
        "amount",
        "kind",
        "reverses",
        "created_at",
        "created_by",
        "key",
    )
    written = json.dumps(
        dict(zip(names, values, strict=True)), sort_keys=True, separators=(",", ":")
    )

    assert canonical_entry(*values) == written
    night, seq, hand, number, player, amount, kind, reverses, at, by, key = values
    of_one_post = canonical_entries(night, at, by, key)
    assert of_one_post(seq, hand, number, player, amount, kind, reverses) == written


def test_posting_seals_each_entry_as_the_stored_row_checks_it():
    night = example_night()  # recorded hand by hand and closed, through the services

    entries = list(Entry.objects.filter(night=night).order_by("seq"))

    assert entries
    assert sealed_as_written(entries)
    # One post a hand that moved chips, and the close's.
    assert sum(posts_end(entries)) == len({e.hand_id for e in entries})
    assert verify.verify_night(night) == []
