"""A backup restored gives back every chip: every night's balances, player by player.

The ledger is append-only, so nothing is deleted to make room: the backup is
restored to a new user (and, for the manifest's own owners, refused while their
tables still exist), and the restored nights are compared with the originals.
"""

import io
import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from ledger import backup, nightfile, rules, selectors
from ledger.models import Entry, Hand, Night, Player, Table
from ledger.services import corrections as correction_services
from ledger.services import nights as night_services
from ledger.services import roster as roster_services
from ledger.services import samples as sample_services
from ledger.services import tables as table_services
from ledger.verify import verify_night
from tests.factories import PlayerFactory, TableFactory, UserFactory, night_with
from tests.ledger.helpers import hand_data
from tests.ledger.worked_examples import EXAMPLE_1, EXAMPLE_2, EXAMPLE_3
from tests.tables.night_helpers import play
from tests.tables.urlwalk import fingerprint

pytestmark = pytest.mark.django_db


def hands(example, upto=None) -> list[dict]:
    return [hand for hand, _, _ in example["hands"][:upto]]


def world():
    """Two hosts; closed nights (one closed with the other leftover policy), an open
    night with a correction, an undo and a late arrival; a renamed and a retired
    player; and two tables of the same name, one per host."""
    host, other = UserFactory(), UserFactory()
    thursday = TableFactory(owner=host, name="Thursday")
    refund = night_with(EXAMPLE_1["roster"], table=thursday)
    play(refund, hands(EXAMPLE_1))
    night_services.night_close(night=refund, by=host)
    split = night_with(EXAMPLE_1["roster"], table=thursday)
    play(split, hands(EXAMPLE_1))
    night_services.night_close(night=split, by=host, policy=rules.LEFTOVER_SPLIT)
    busy = night_with(["Ann", "Bob", "Cy"], table=thursday)
    play(busy, [{"dealer": "Ann", "stayed": {"Bob": 2, "Cy": 2, "Ann": 1}}])
    roster_services.night_seat_join(
        night=busy, player=Player.objects.get(table=thursday, name="Dee"), position=2, by=host
    )
    play(
        busy,
        [
            {"dealer": "Dee", "stayed": {"Cy": 3, "Ann": 2}},
            {"dealer": "Bob", "stayed": {"Dee": 4, "Ann": 1}},
            {"dealer": "Cy", "stayed": {"Ann": 5, "Bob": 0}, "reneged": ["Bob"]},
        ],
        start=2,
    )
    correction_services.hand_undo_last(night=busy, by=host, reason="wrong dealer")
    correction_services.hand_correct(
        night=busy,
        number=2,
        hand=hand_data(busy, {"dealer": "Dee", "stayed": {"Cy": 1, "Ann": 4}}),
        reason="tricks swapped",
        by=host,
    )
    table_services.player_rename(
        player=Player.objects.get(table=thursday, name="Bob"), name="Bobby"
    )
    table_services.player_retire(player=PlayerFactory(table=thursday, name="Ed"))
    capped = TableFactory(owner=host, name="Capped", rules=EXAMPLE_2["rules"].to_dict())
    night = night_with(EXAMPLE_2["roster"], table=capped)
    play(night, hands(EXAMPLE_2))
    night_services.night_close(night=night, by=host)
    theirs = TableFactory(owner=other, name="thursday", rules=EXAMPLE_3["rules"].to_dict())
    play(night_with(EXAMPLE_3["roster"], table=theirs), hands(EXAMPLE_3, 3))
    return host, other


def picture(nights) -> list[dict]:
    """What must survive a backup: each night's players' balances by name, the pot,
    whether it is closed, its live hands and its dates."""
    result = []
    for night in nights:
        names = {p.pk: p.name for p in Player.objects.filter(seats__night=night)}
        result.append(
            {
                "balances": {
                    names[p]: chips for p, chips in selectors.night_balances(night).items()
                },
                "pot": selectors.night_pot(night),
                "closed": night.closed_at is not None,
                "hands": [h.input is not None for h in selectors.live_hands(night)],
                "started_at": night.started_at,
                "closed_at": night.closed_at,
            }
        )
    return result


def nights_of(users) -> list[Night]:
    return list(Night.objects.filter(table__owner__in=users).order_by("table_id", "started_at"))


def test_a_backup_restored_to_a_new_user_gives_back_every_balance(tmp_path):
    host, other = world()
    originals = nights_of([host, other])
    expected = picture(originals)
    out = io.StringIO()

    call_command("backup_nights", str(tmp_path), stdout=out)

    files = sorted(p.name for p in tmp_path.iterdir())
    assert files == sorted([backup.MANIFEST, *(f"night-{n.pk}.json" for n in originals)])
    newcomer = UserFactory()
    call_command("restore_nights", str(tmp_path), "--owner", newcomer.username, stdout=out)

    restored = list(
        Night.objects.filter(table__owner=newcomer).order_by("table_id", "started_at", "pk")
    )
    assert picture(restored) == expected
    assert all(verify_night(night) == [] for night in restored)
    tables = Table.objects.filter(owner=newcomer).order_by("pk")
    # Two hosts' tables of one name, restored to one user, keep apart.
    assert [t.name for t in tables] == [
        f"Thursday ({host.username})",
        "Capped",
        f"thursday ({other.username})",
    ]
    thursday = tables[0]
    assert sorted((p.name, p.retired_at is not None) for p in thursday.players.all()) == [
        ("Ann", False),
        ("Bobby", False),
        ("Cy", False),
        ("Dee", False),
        ("Ed", True),
    ]
    print(f"\nbackup and restore: {len(restored)} nights, every balance equal")


def test_restoring_over_tables_that_still_exist_is_refused_and_writes_nothing(tmp_path):
    world()
    call_command("backup_nights", str(tmp_path), stdout=io.StringIO())
    before = fingerprint()

    with pytest.raises(CommandError, match="already has a table called"):
        call_command("restore_nights", str(tmp_path), stdout=io.StringIO())

    assert fingerprint() == before


def test_a_backup_whose_balances_were_edited_is_refused_whole(tmp_path):
    world()
    call_command("backup_nights", str(tmp_path), stdout=io.StringIO())
    manifest = json.loads((tmp_path / backup.MANIFEST).read_text())
    last = manifest["tables"][-1]["nights"][-1]
    first_player = next(iter(last["balances"]))
    last["balances"][first_player] += 1
    (tmp_path / backup.MANIFEST).write_text(json.dumps(manifest))
    newcomer = UserFactory()
    entries = Entry.objects.count()

    with pytest.raises(CommandError, match="differ from the backup"):
        call_command("restore_nights", str(tmp_path), "--owner", newcomer.username)

    assert Entry.objects.count() == entries
    assert not Table.objects.filter(owner=newcomer).exists()
    assert not Hand.objects.filter(night__table__owner=newcomer).exists()


def test_a_second_backup_into_the_same_directory_is_refused(tmp_path):
    world()
    call_command("backup_nights", str(tmp_path), stdout=io.StringIO())

    with pytest.raises(CommandError, match="already holds a backup"):
        call_command("backup_nights", str(tmp_path), stdout=io.StringIO())


@pytest.fixture
def one_night_backup(tmp_path):
    """A backup of one closed night: the directory, the night file's name."""
    night = night_with(EXAMPLE_1["roster"], table=TableFactory(name="Thursday"))
    play(night, hands(EXAMPLE_1))
    night_services.night_close(night=night, by=night.table.owner)
    call_command("backup_nights", str(tmp_path), stdout=io.StringIO())
    return tmp_path, f"night-{night.pk}.json"


def _give_twice(path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_a_backup_night_file_giving_a_key_twice_is_refused_naming_it(one_night_backup):
    directory, name = one_night_backup
    # The night closed, and not: read as a plain dict, the last would silently win.
    _give_twice(directory / name, '"closed": true', '"closed": false, "closed": true')
    newcomer = UserFactory()
    before = fingerprint()

    with pytest.raises(CommandError) as caught:
        call_command("restore_nights", str(directory), "--owner", newcomer.username)

    problem = rules.describe(nightfile.FILE_KEY_TWICE(path="closed"))
    assert str(caught.value).endswith(
        rules.describe(backup.MANIFEST_UNREADABLE(path=directory / name, problem=problem))
    )
    assert fingerprint() == before


def test_a_backup_manifest_giving_a_key_twice_is_refused_naming_it(one_night_backup):
    directory, _ = one_night_backup
    _give_twice(directory / backup.MANIFEST, '"pot": 0', '"pot": 0,\n"pot": 0')
    newcomer = UserFactory()
    before = fingerprint()

    with pytest.raises(CommandError) as caught:
        call_command("restore_nights", str(directory), "--owner", newcomer.username)

    problem = rules.describe(nightfile.FILE_KEY_TWICE_IN_LIST(path="tables[0].nights[0].pot"))
    assert str(caught.value).endswith(
        rules.describe(
            backup.MANIFEST_UNREADABLE(path=directory / backup.MANIFEST, problem=problem)
        )
    )
    assert fingerprint() == before


def test_a_sample_put_away_comes_back_put_away_and_its_name_stays_free(tmp_path):
    host = UserFactory()
    put_away = sample_services.table_create_sample(host=host)
    sample_services.table_hide_sample(table=put_away)
    shown = sample_services.table_create_sample(host=host)
    table_services.table_update(
        table=shown, name=shown.name, house_rules=shown.rules, language="sv"
    )
    call_command("backup_nights", str(tmp_path), stdout=io.StringIO())

    newcomer = UserFactory()
    call_command(
        "restore_nights", str(tmp_path), "--owner", newcomer.username, stdout=io.StringIO()
    )

    restored = {
        (t.name, t.sample, t.hidden_at, t.language) for t in Table.objects.filter(owner=newcomer)
    }
    assert restored == {
        (put_away.name, True, put_away.hidden_at, ""),
        (shown.name, True, None, "sv"),
    }
