"""``manage.py backup_nights DIR``: every night as a night file, plus a manifest."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from ledger.backup import MANIFEST, backup
from ledger.errors import ServiceError
from ledger.management.night_choice import (
    add_choice_arguments,
    add_progress_argument,
    night_choice,
)
from ledger.management.progress import Progress
from ledger.management.users import user_named
from ledger.models import Table

DONE = "Backed up {nights} night(s) of {tables} table(s) to {directory} (see {manifest})."
NOT_OWNERS_TABLE = "--table {table}: {owner} has no such table."


class Command(BaseCommand):
    help = (
        "Write every night as a night file (bourre-night/1) into DIR, with a manifest of "
        "owners, tables, players, dates and final balances; restore_nights reads it back."
    )

    def add_arguments(self, parser):
        parser.add_argument("directory", help="an empty or new directory")
        parser.add_argument("--owner", help="only this user's tables (default: everyone's)")
        add_choice_arguments(parser)
        add_progress_argument(parser)

    def handle(self, *args, directory, owner=None, progress=True, **options):
        user = user_named(owner) if owner is not None else None
        tables = Table.objects.filter(owner=user) if user is not None else Table.objects.all()
        choice = night_choice(
            options,
            existing=lambda ids: tables.filter(pk__in=ids).values_list("pk", flat=True),
            **({"no_such_table": NOT_OWNERS_TABLE, "owner": owner} if user else {}),
        )
        try:
            with Progress(self.stderr, "backup_nights", enabled=progress) as shown:
                manifest = backup(Path(directory), owner=user, choice=choice, progress=shown)
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
