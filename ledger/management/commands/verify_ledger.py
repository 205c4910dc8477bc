"""``manage.py verify_ledger [NIGHT_ID ...] [--table ID] [--since DAY] [--until DAY]``:
replay nights and check every entry, then the open debts kept for their tables."""

from django.core.management.base import BaseCommand, CommandError

from ledger import seals
from ledger.management.night_choice import (
    add_choice_arguments,
    add_progress_argument,
    night_choice,
)
from ledger.management.progress import Progress
from ledger.models import Night, Table
from ledger.verify import verify_nights, verify_open_debts, verify_year_totals

NIGHT_NOT_FOUND = "Night {night}: there is no such night."
# The seal is printed to compare with the one the players photographed.
NIGHT_OK = "Night {night}: OK ({hands} hands, {entries} entries), seal {seal}."
NO_SEAL = "none (no chip moved)"
FAILED = "{problems} problem(s) found in {nights} night(s)."
FAILED_WITH_TABLES = (
    "{problems} problem(s) found in {nights} night(s) and the open debts of {tables} table(s)."
)


class Command(BaseCommand):
    help = (
        "Replay every hand from its stored input and check the results, the entries, the "
        "balances and the keyed hash chain, and print each clean night's seal. Exits "
        "non-zero naming every mismatch."
    )

    def add_arguments(self, parser):
        parser.add_argument("night_ids", nargs="*", type=int, metavar="NIGHT_ID")
        add_choice_arguments(parser)
        add_progress_argument(parser)

    def handle(self, *args, night_ids, progress=True, **options):
        choice = night_choice(
            options,
            existing=lambda ids: Table.objects.filter(pk__in=ids).values_list("pk", flat=True),
        )
        nights = choice.nights(Night.objects.order_by("pk"))
        if night_ids:
            nights = nights.filter(pk__in=night_ids)
        found = set(nights.values_list("pk", flat=True))
        # A night named but left out by --table, --since or --until is not checked; one
        # that does not exist at all is said.
        missing = (
            set(night_ids)
            - found
            - set(Night.objects.filter(pk__in=night_ids).values_list("pk", flat=True))
            if night_ids
            else set()
        )
        order = [n for n in night_ids if n in found or n in missing] if night_ids else sorted(found)
        problems = 0
        bad_nights = 0
        with Progress(self.stderr, "verify_ledger", len(order), enabled=progress) as shown:
            checked = verify_nights([n for n in order if n not in missing])
            for night_id in order:
                if night_id in missing:
                    night_problems, result = [NIGHT_NOT_FOUND.format(night=night_id)], None
                else:
                    result = next(checked)
                    night_problems = result.problems
                for problem in night_problems:
                    shown.say(problem)
                if night_problems:
                    problems += len(night_problems)
                    bad_nights += 1
                else:
                    self.stdout.write(
                        NIGHT_OK.format(
                            night=result.night.pk,
                            hands=result.live_hands,
                            entries=result.entries,
                            seal=seals.seal_code(result.last_hash) if result.last_hash else NO_SEAL,
                        )
                    )
                shown.advance()
            # What each pair of those nights' tables still owes, kept as it changes,
            # against the same worked out again from every night and mark; and each
            # player's totals per year against the closed nights' results.
            tables = Night.objects.filter(pk__in=found).values_list("table_id", flat=True)
            bad_tables = 0
            for table_id in sorted(set(tables)):
                table_problems = verify_open_debts(table_id) + verify_year_totals(table_id)
                for problem in table_problems:
                    shown.say(problem)
                problems += len(table_problems)
                bad_tables += bool(table_problems)
        if bad_tables:
            raise CommandError(
                FAILED_WITH_TABLES.format(problems=problems, nights=bad_nights, tables=bad_tables)
            )
        if problems:
            raise CommandError(FAILED.format(problems=problems, nights=bad_nights))
