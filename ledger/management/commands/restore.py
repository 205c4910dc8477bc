"""``manage.py restore DIRECTORY``: a backup of ``backup`` into an empty database, then
brought up to this version of the app by ``migrate``."""

from pathlib import Path

from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError

from ledger.snapshots import SnapshotError, snapshot_restore


class Command(BaseCommand):
    help = (
        "Restore a backup made by `backup` into the configured database, which must be "
        "empty, then apply any migration this version adds. A backup of a newer version "
        "is refused."
    )

    def add_arguments(self, parser):
        parser.add_argument("directory", type=Path)

    def handle(self, *args, directory: Path, **options):
        try:
            manifest = snapshot_restore(directory)
        except SnapshotError as problem:
            raise CommandError(str(problem)) from None
        call_command("migrate", verbosity=0)
        self.stdout.write(f"Restored the backup of {manifest.made_at} from {directory}.")
