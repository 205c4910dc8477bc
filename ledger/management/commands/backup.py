"""``manage.py backup DIRECTORY``: the whole database, while the app runs (ledger.snapshots)."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from ledger.snapshots import SnapshotError, snapshot_write


class Command(BaseCommand):
    help = (
        "Back the whole database up into an empty or new DIRECTORY, while the app runs: "
        "SQLite's online backup, or pg_dump for PostgreSQL. Restore it with `restore`."
    )

    def add_arguments(self, parser):
        parser.add_argument("directory", type=Path)

    def handle(self, *args, directory: Path, **options):
        try:
            manifest = snapshot_write(directory)
        except SnapshotError as problem:
            raise CommandError(str(problem)) from None
        self.stdout.write(
            f"Backed up the {manifest.engine} database into {directory} "
            f"({len(manifest.migrations)} migrations applied)."
        )
