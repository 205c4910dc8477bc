"""The worker: sends the app's messages (the tasks the views queue in the database) and,
every hour, the reminders of debts left open and of the nights ahead. `make run` starts
it beside the server; in production run one or more beside the app servers."""

import logging
import threading
import time

from django.core.management import call_command
from django.core.management.base import BaseCommand
from django.db import close_old_connections

from tables.notices.tasks import debt_reminders, night_ahead_reminders

logger = logging.getLogger(__name__)

# How often the reminders are looked for: each account gets one a week at most anyway.
REMINDERS_EVERY_SECONDS = 60 * 60


class Command(BaseCommand):
    help = "Send the app's messages as they are queued, and the reminders every hour."

    def add_arguments(self, parser):
        parser.add_argument(
            "--no-reminders",
            action="store_true",
            help="Only send what is queued (another worker looks for reminders).",
        )
        parser.add_argument("--interval", type=float, default=1.0)

    def handle(self, *args, no_reminders: bool = False, interval: float = 1.0, **options):
        if not no_reminders:
            threading.Thread(target=self._remind, daemon=True, name="reminders").start()
        # django-tasks-db's own worker: it takes each task from the database once.
        # Never reloaded on code changes: a task cut off mid-send is not sent again.
        call_command("db_worker", interval=interval, reload=False, verbosity=options["verbosity"])

    def _remind(self) -> None:
        while True:
            try:
                debt_reminders.enqueue()
                night_ahead_reminders.enqueue()
            except Exception:
                # A database that is away for a moment: the next hour tries again.
                logger.exception("Could not queue the reminders")
            finally:
                close_old_connections()
            time.sleep(REMINDERS_EVERY_SECONDS)
