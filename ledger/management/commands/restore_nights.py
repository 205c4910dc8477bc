"""``manage.py restore_nights DIR [--owner USERNAME] [--table ID] [--since DAY] [--until DAY]``:
a backup recorded again, whole."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from ledger.backup import read_manifest, restore
from ledger.errors import ServiceError
from ledger.management.night_choice import (
    add_choice_arguments,
    add_progress_argument,
    night_choice,
)
from ledger.management.progress import Progress
from ledger.management.users import user_named

NOT_RESTORED = "Nothing was restored:"
DONE = "Restored {nights} night(s) of {tables} table(s); every balance matches the backup."
NOT_IN_BACKUP = "--table {table}: the backup holds no such table."


class Command(BaseCommand):
    help = (
        "Restore a backup_nights directory: its tables and players, then every hand of every "
        "night through the same checks as the phone, each night's balances compared with the "
        "backup. All or nothing."
    )

    def add_arguments(self, parser):
        parser.add_argument("directory")
        parser.add_argument(
            "--owner", help="restore every table to this user (default: the backup's owners)"
        )
        add_choice_arguments(
            parser,
            tables_help="only this table's nights: its id where it was backed up, as the "
            "manifest says (repeat it for several tables)",
        )
        add_progress_argument(parser)

    def handle(self, *args, directory, owner=None, progress=True, **options):
        user = user_named(owner) if owner is not None else None
        try:
            manifest = read_manifest(Path(directory))
        except ServiceError as error:
            raise CommandError("\n".join([NOT_RESTORED, *error.errors])) from None
        # The tables are the backup's: the database it is restored into may hold none.
        choice = night_choice(
            options,
            existing=lambda ids: {table.get("table") for table in manifest["tables"]},
            no_such_table=NOT_IN_BACKUP,
        )
        try:
            with Progress(self.stderr, "restore_nights", enabled=progress) as shown:
                restored = restore(Path(directory), owner=user, choice=choice, progress=shown)
        except ServiceError as error:
            raise CommandError("\n".join([NOT_RESTORED, *error.errors])) from None
        self.stdout.write(DONE.format(nights=len(restored.nights), tables=len(restored.tables)))
