"""``manage.py backup_nights DIR``: every night as a night file, plus a manifest."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from ledger.backup import MANIFEST, backup
from ledger.errors import ServiceError
from ledger.management.users import user_named

DONE = "Backed up {nights} night(s) of {tables} table(s) to {directory} (see {manifest})."


class Command(BaseCommand):
    help = (
        "Write every night as a night file (bourre-night/1) into DIR, with a manifest of "
        "owners, tables, players, dates and final balances; restore_nights reads it back."
    )

    def add_arguments(self, parser):
        parser.add_argument("directory", help="an empty or new directory")
        parser.add_argument("--owner", help="only this user's tables (default: everyone's)")

    def handle(self, *args, directory, owner=None, **options):
        user = user_named(owner) if owner is not None else None
        try:
            manifest = backup(Path(directory), owner=user)
        except ServiceError as error:
            raise CommandError("\n".join(error.errors)) from None
        nights = sum(len(table["nights"]) for table in manifest["tables"])
        self.stdout.write(
            DONE.format(
                nights=nights,
                tables=len(manifest["tables"]),
                directory=directory,
                manifest=MANIFEST,
            )
        )
