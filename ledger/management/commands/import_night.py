"""``manage.py import_night FILE``: record a night from a night file, whole or not at all."""

import sys
from pathlib import Path

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from ledger.errors import ServiceError
from ledger.management.users import user_named
from ledger.nightfile import AlreadyImported, night_import, night_parse

FILE_UNREADABLE = "Cannot read {path}: {problem}"
OWNER_NEEDED = (
    "Say whose night this is with --owner USERNAME: there are {count} superusers, "
    "so none can be picked for you."
)
NOT_IMPORTED = "The night was not imported:"
IMPORT_AGAIN = "If that night really was played twice, run the command again with --again."


class Command(BaseCommand):
    help = (
        "Import a night file (bourre-night/1) through the same checks as the phone; print its id."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", help="the night file (JSON); - reads standard input")
        parser.add_argument("--owner", help="the user whose table it goes to")
        parser.add_argument("--table", help="the table's name (default: the file's table)")
        parser.add_argument(
            "--again",
            action="store_true",
            help="import it even if the owner already imported this very file",
        )

    def handle(self, *args, file, owner=None, table=None, again=False, **options):
        document = _load(file)
        user = _owner(owner)
        try:
            night = night_import(document=document, owner=user, table_name=table, again=again)
        except AlreadyImported as error:
            raise CommandError("\n".join([NOT_IMPORTED, *error.errors, IMPORT_AGAIN])) from None
        except ServiceError as error:
            raise CommandError("\n".join([NOT_IMPORTED, *error.errors])) from None
        self.stdout.write(str(night.pk))


def _load(file: str) -> object:
    try:
        text = sys.stdin.read() if file == "-" else Path(file).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise CommandError(FILE_UNREADABLE.format(path=file, problem=error)) from None
    try:
        return night_parse(text)
    except ServiceError as error:
        raise CommandError(f"{file}: {error}") from None


def _owner(username: str | None):
    users = get_user_model().objects
    if username is not None:
        return user_named(username)
    superusers = list(users.filter(is_superuser=True)[:2])
    if len(superusers) != 1:
        raise CommandError(OWNER_NEEDED.format(count=users.filter(is_superuser=True).count()))
    return superusers[0]
