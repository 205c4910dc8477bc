"""``manage.py import_night FILE [FILE ...]``: record nights from night files, each whole or
not at all."""

import sys
from pathlib import Path

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from ledger.errors import ServiceError
from ledger.management.night_choice import add_progress_argument
from ledger.management.progress import Progress
from ledger.management.users import user_named
from ledger.nightfile import AlreadyImported, night_import, night_parse

FILE_UNREADABLE = "Cannot read {path}: {problem}"
OWNER_NEEDED = (
    "Say whose night this is with --owner USERNAME: there are {count} superusers, "
    "so none can be picked for you."
)
NOT_IMPORTED = "The night was not imported:"
IMPORT_AGAIN = "If that night really was played twice, run the command again with --again."
STDIN_TWICE = "- (standard input) can be read only once."
SOME_NOT_IMPORTED = (
    "{count} of {total} files were not imported ({files}); the others were, "
    "their ids printed above."
)


class Command(BaseCommand):
    help = (
        "Import night files (bourre-night/1) through the same checks as the phone, each "
        "whole or not at all; print each night's id."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "files", nargs="+", metavar="file", help="a night file (JSON); - reads standard input"
        )
        parser.add_argument("--owner", help="the user whose table it goes to")
        parser.add_argument("--table", help="the table's name (default: the file's table)")
        parser.add_argument(
            "--again",
            action="store_true",
            help="import it even if the owner already imported this very file",
        )
        add_progress_argument(parser)

    def handle(self, *args, files, owner=None, table=None, again=False, progress=True, **options):
        if files.count("-") > 1:
            raise CommandError(STDIN_TWICE)
        if len(files) == 1:  # refused as it always was: the file's problems are the error
            self.stdout.write(str(_import(files[0], owner, table, again).pk))
            return
        user = _owner(owner)
        failed = []
        # Each file is a night of its own, imported whole or not at all: one refused
        # leaves the others imported, and is named on stderr and at the end.
        with Progress(
            self.stderr, "import_night", len(files), unit="files", enabled=progress
        ) as shown:
            for file in files:
                try:
                    night = _import(file, user, table, again)
                except CommandError as error:
                    failed.append(file)
                    shown.say(f"{file}: {error}")
                else:
                    self.stdout.write(str(night.pk))
                shown.advance()
        if failed:
            raise CommandError(
                SOME_NOT_IMPORTED.format(
                    count=len(failed), total=len(files), files=", ".join(failed)
                )
            )


def _import(file: str, owner, table: str | None, again: bool):
    """One night file imported; ``owner`` a user, or a username (or None) to look up
    once the file is read."""
    document = _load(file)
    user = _owner(owner) if owner is None or isinstance(owner, str) else owner
    try:
        return night_import(document=document, owner=user, table_name=table, again=again)
    except AlreadyImported as error:
        raise CommandError("\n".join([NOT_IMPORTED, *error.errors, IMPORT_AGAIN])) from None
    except ServiceError as error:
        raise CommandError("\n".join([NOT_IMPORTED, *error.errors])) from None


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
