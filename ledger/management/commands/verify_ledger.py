"""``manage.py verify_ledger [NIGHT_ID ...]``: replay nights and check every entry."""

from django.core.management.base import BaseCommand, CommandError

from ledger.models import Night
from ledger.selectors import night_seal
from ledger.verify import verify_night

NIGHT_NOT_FOUND = "Night {night}: there is no such night."
# The seal is printed to compare with the one the players photographed.
NIGHT_OK = "Night {night}: OK ({hands} hands, {entries} entries), seal {seal}."
NO_SEAL = "none (no chip moved)"
FAILED = "{problems} problem(s) found in {nights} night(s)."


class Command(BaseCommand):
    help = (
        "Replay every hand from its stored input and check the results, the entries, the "
        "balances and the keyed hash chain, and print each clean night's seal. Exits "
        "non-zero naming every mismatch."
    )

    def add_arguments(self, parser):
        parser.add_argument("night_ids", nargs="*", type=int, metavar="NIGHT_ID")

    def handle(self, *args, night_ids, **options):
        nights = Night.objects.order_by("pk")
        if night_ids:
            nights = nights.filter(pk__in=night_ids)
        found = {night.pk: night for night in nights}
        problems = 0
        bad_nights = 0
        for night_id in night_ids or list(found):
            night = found.get(night_id)
            night_problems = (
                [NIGHT_NOT_FOUND.format(night=night_id)] if night is None else verify_night(night)
            )
            for problem in night_problems:
                self.stderr.write(problem)
            if night_problems:
                problems += len(night_problems)
                bad_nights += 1
            else:
                seal = night_seal(night)
                self.stdout.write(
                    NIGHT_OK.format(
                        night=night.pk,
                        hands=night.hands.filter(live=True).count(),
                        entries=night.entries.count(),
                        seal=seal.code if seal else NO_SEAL,
                    )
                )
        if problems:
            raise CommandError(FAILED.format(problems=problems, nights=bad_nights))
