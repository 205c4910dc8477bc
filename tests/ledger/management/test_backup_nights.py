"""``manage.py backup_nights``: limited to tables and days, with its progress on stderr.
(What a backup holds and how it restores: tests/ledger/test_backup_restore.py.)"""

import io
import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from ledger.management import night_choice
from ledger.management.commands import backup_nights
from tests.factories import UserFactory
from tests.ledger.management.conftest import Terminal

pytestmark = pytest.mark.django_db


def backed_up(directory, *args) -> list[int]:
    """The nights the backup in ``directory`` holds, after backing up with ``args``."""
    call_command("backup_nights", str(directory), *args, "--no-progress", stdout=io.StringIO())
    manifest = json.loads((directory / "manifest.json").read_text(encoding="utf-8"))
    return sorted(item["night"] for table in manifest["tables"] for item in table["nights"])


def test_backup_nights_backs_up_only_the_tables_named(thursdays, tmp_path):
    chosen = backed_up(tmp_path, "--table", str(thursdays.first.table_id))

    assert chosen == [thursdays.first.pk, thursdays.third.pk]
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        ["manifest.json", f"night-{thursdays.first.pk}.json", f"night-{thursdays.third.pk}.json"]
    )


def test_backup_nights_backs_up_only_the_nights_started_within_the_dates(thursdays, tmp_path):
    since = backed_up(tmp_path / "since", "--since", "2026-11-12")
    until = backed_up(tmp_path / "until", "--until", "2026-11-11")

    assert since == sorted([thursdays.second.pk, thursdays.third.pk])
    assert until == [thursdays.first.pk]


def test_a_backup_limited_to_days_leaves_out_the_tables_with_no_night_on_them(thursdays, tmp_path):
    backed_up(tmp_path, "--until", "2026-11-11")

    manifest = json.loads((tmp_path / "manifest.json").read_text(encoding="utf-8"))
    assert [table["table"] for table in manifest["tables"]] == [thursdays.first.table_id]


def test_backup_nights_refuses_a_table_that_does_not_exist(thursdays, tmp_path):
    with pytest.raises(CommandError) as refused:
        backed_up(tmp_path, "--table", "999999")

    assert str(refused.value) == night_choice.NO_SUCH_TABLE.format(table=999999)
    assert not (tmp_path / "manifest.json").exists()


def test_backup_nights_refuses_a_table_not_of_the_owner_named(thursdays, tmp_path):
    stranger = UserFactory()

    with pytest.raises(CommandError) as refused:
        backed_up(tmp_path, "--owner", stranger.username, "--table", str(thursdays.first.table_id))

    assert str(refused.value) == backup_nights.NOT_OWNERS_TABLE.format(
        table=thursdays.first.table_id, owner=stranger.username
    )


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--since", "2026-02-30"], "argument --since: "),
        (["--since", "2026-11-13", "--until", "2026-11-12"], "--since 2026-11-13 comes after"),
    ],
)
def test_backup_nights_refuses_dates_it_cannot_use_naming_the_option(
    thursdays, tmp_path, args, said
):
    with pytest.raises(CommandError) as refused:
        backed_up(tmp_path, *args)

    assert said in str(refused.value)
    assert not (tmp_path / "manifest.json").exists()


def test_backup_nights_draws_its_progress_on_a_terminal_apart_from_its_report(thursdays, tmp_path):
    out, screen = io.StringIO(), Terminal()

    call_command("backup_nights", str(tmp_path), stdout=out, stderr=screen)

    assert out.getvalue().startswith("Backed up 3 night(s) of 2 table(s)")
    assert screen.getvalue().rsplit("\r", 1)[1].rstrip() == (
        "backup_nights  3/3 nights [####################] 100%"
    )


def test_backup_nights_writes_plain_progress_lines_when_stderr_is_no_terminal(thursdays, tmp_path):
    err = io.StringIO()

    call_command("backup_nights", str(tmp_path), stdout=io.StringIO(), stderr=err)

    assert "\r" not in err.getvalue()
    assert err.getvalue().splitlines()[-1].startswith("backup_nights  3/3 nights (100%) in ")
