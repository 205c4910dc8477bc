"""``manage.py export_night NIGHT_ID``: the night file of one night, on standard output."""

import json

from django.core.management.base import BaseCommand, CommandError

from ledger.models import Night
from ledger.nightfile import night_export

NIGHT_NOT_FOUND = "There is no night {night}."


class Command(BaseCommand):
    help = "Write one night as a night file (bourre-night/1 JSON) to standard output."

    def add_arguments(self, parser):
        parser.add_argument("night_id", type=int)

    def handle(self, *args, night_id, **options):
        night = Night.objects.select_related("table").filter(pk=night_id).first()
        if night is None:
            raise CommandError(NIGHT_NOT_FOUND.format(night=night_id))
        self.stdout.write(json.dumps(night_export(night), indent=2, ensure_ascii=False))
