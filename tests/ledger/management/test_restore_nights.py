"""``manage.py restore_nights``: limited to the backup's tables and days, with its progress
on stderr. (What a restore gives back: tests/ledger/test_backup_restore.py.)"""

import io

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from ledger.management.commands import restore_nights
from ledger.models import Night, Table
from tests.factories import UserFactory
from tests.ledger.management.conftest import Terminal

pytestmark = pytest.mark.django_db


@pytest.fixture
def backup_dir(thursdays, tmp_path):
    call_command("backup_nights", str(tmp_path), "--no-progress", stdout=io.StringIO())
    return tmp_path


@pytest.fixture
def newcomer():
    return UserFactory()


def restore(directory, newcomer, *args, stderr=None) -> str:
    out = io.StringIO()
    call_command(
        "restore_nights",
        str(directory),
        "--owner",
        newcomer.username,
        *args,
        stdout=out,
        stderr=stderr or io.StringIO(),
    )
    return out.getvalue()


def restored_dates(newcomer) -> list[str]:
    return sorted(
        n.started_at.date().isoformat() for n in Night.objects.filter(table__owner=newcomer)
    )


def test_restore_nights_restores_only_the_tables_named(thursdays, backup_dir, newcomer):
    out = restore(backup_dir, newcomer, "--table", str(thursdays.first.table_id), "--no-progress")

    assert out.startswith("Restored 2 night(s) of 1 table(s)")
    assert list(Table.objects.filter(owner=newcomer).values_list("name", flat=True)) == [
        thursdays.first.table.name
    ]
    assert restored_dates(newcomer) == ["2026-11-05", "2026-11-12"]


def test_restore_nights_restores_only_the_nights_started_within_the_dates(
    thursdays, backup_dir, newcomer
):
    out = restore(backup_dir, newcomer, "--since", "2026-11-12", "--no-progress")

    assert out.startswith("Restored 2 night(s) of 2 table(s)")
    assert restored_dates(newcomer) == ["2026-11-12", "2026-11-12"]


def test_restore_nights_refuses_a_table_the_backup_does_not_hold(backup_dir, newcomer):
    with pytest.raises(CommandError) as refused:
        restore(backup_dir, newcomer, "--table", "999999")

    assert str(refused.value) == restore_nights.NOT_IN_BACKUP.format(table=999999)
    assert not Night.objects.filter(table__owner=newcomer).exists()


def test_restore_nights_refuses_a_date_that_is_not_one_naming_the_option(backup_dir, newcomer):
    with pytest.raises(CommandError) as refused:
        restore(backup_dir, newcomer, "--until", "12/11/2026")

    assert "argument --until: '12/11/2026' is not a date" in str(refused.value)
    assert not Night.objects.filter(table__owner=newcomer).exists()


def test_restore_nights_draws_its_progress_on_a_terminal_apart_from_its_report(
    backup_dir, newcomer
):
    screen = Terminal()

    out = restore(backup_dir, newcomer, stderr=screen)

    assert out.startswith("Restored 3 night(s)")
    assert screen.getvalue().rsplit("\r", 1)[1].rstrip() == (
        "restore_nights  3/3 nights [####################] 100%"
    )


def test_restore_nights_writes_plain_progress_lines_when_stderr_is_no_terminal(
    backup_dir, newcomer
):
    err = io.StringIO()

    restore(backup_dir, newcomer, stderr=err)

    assert "\r" not in err.getvalue()
    assert err.getvalue().splitlines()[-1].startswith("restore_nights  3/3 nights (100%) in ")
