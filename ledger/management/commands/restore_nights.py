"""``manage.py restore_nights DIR [--owner USERNAME]``: a backup recorded again, whole."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from ledger.backup import restore
from ledger.errors import ServiceError
from ledger.management.users import user_named

NOT_RESTORED = "Nothing was restored:"
DONE = "Restored {nights} night(s) of {tables} table(s); every balance matches the backup."


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

    def handle(self, *args, directory, owner=None, **options):
        user = user_named(owner) if owner is not None else None
        try:
            restored = restore(Path(directory), owner=user)
        except ServiceError as error:
            raise CommandError("\n".join([NOT_RESTORED, *error.errors])) from None
        self.stdout.write(DONE.format(nights=len(restored.nights), tables=len(restored.tables)))
