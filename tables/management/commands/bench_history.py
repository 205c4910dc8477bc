"""``manage.py bench_history`` (``make bench``): what the table-wide screens cost as a
table's history grows.

For each size (10, 300 and 3,000 nights by default) one host's table is filled through
night-file imports (six players, a dozen random hands a night, as a weekly game plays),
and a fifth of the transfers are left open (half of those paid in part), the rest marked
paid, as the issue that asked for this measured. Then each screen is asked for as the
host's phone asks, through Django's test client with the production settings: the table
page, a player's page, the leaderboards, "Mark paid" from the table (htmx), "settle
everything", the results file, and a player's own What I owe and am owed. The marks and
the settling are rolled back after each run, so every run does the same work. The point
it proves: the screens cost the same at the three-thousandth night as at the tenth (the
last column, 1.0x when flat). Last, ``verify_ledger``'s checking of the whole table,
per night: linear in the nights, so flat as well.

Like ``bench_ledger`` it runs on a throwaway database, created and dropped.
"""

import random
import statistics
import time
from collections.abc import Callable
from decimal import Decimal

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction
from django.test import Client
from django.urls import reverse

from ledger import nightfile, rules
from ledger.management.commands.bench_ledger import throwaway_database
from ledger.models import Night, NightTransfer, Player, Table
from ledger.selectors.debts import table_debts
from ledger.services import debts as debt_services
from ledger.services.player_links import player_link
from ledger.verify import verify_nights

PLAYERS = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"]
HANDS = 12
SIZES = (10, 300, 3000)
QUICK_SIZES = (2, 4)


def night_document(rnd: random.Random, table: str) -> dict:
    """A night file of HANDS random hands at the six players (capped rules)."""
    played = []
    for number in range(HANDS):
        dealer = PLAYERS[number % len(PLAYERS)]
        stayers = rnd.sample(PLAYERS, rnd.randint(0, 4))
        if len(stayers) < 2:
            played.append({"dealer": dealer, "stayed": dict.fromkeys(stayers)})
            continue
        tricks = dict.fromkeys(stayers, 0)
        for _ in range(5):
            tricks[rnd.choice(stayers)] += 1
        played.append({"dealer": dealer, "stayed": tricks})
    return {
        "format": "bourre-night/1",
        "table": table,
        "rules": rules.PRESETS["limit"].rules.to_dict(),
        "players": PLAYERS,
        "hands": played,
        "closed": True,
    }


class Command(BaseCommand):
    help = "Time the table-wide screens at 10, 300 and 3,000 nights of history."

    def add_arguments(self, parser):
        parser.add_argument("--runs", type=int, default=5, help="runs per timing (median)")
        parser.add_argument(
            "--sizes", help="numbers of nights, comma-separated (default 10,300,3000)"
        )
        parser.add_argument(
            "--quick", action="store_true", help="two tiny histories, in seconds (for tests)"
        )
        parser.add_argument("--seed", type=int, default=7)
        parser.add_argument(
            "--rollback",
            action="store_true",
            help="use the configured (migrated) database inside a rolled-back transaction",
        )

    def handle(self, *args, runs, sizes, quick, seed, rollback, **options):
        try:
            counts = (
                tuple(int(n) for n in sizes.split(","))
                if sizes
                else (QUICK_SIZES if quick else SIZES)
            )
        except ValueError:
            raise CommandError("--sizes takes whole numbers, comma-separated.") from None
        if not counts or any(not 1 <= n <= 20000 for n in counts):
            raise CommandError("--sizes takes numbers of nights from 1 to 20000.")
        history = History(self.stdout, runs=max(1, runs), seed=seed)
        if rollback:
            with transaction.atomic():
                history.run(counts)
                transaction.set_rollback(True)
            return
        with throwaway_database():
            history.run(counts)


def _account(table: Table):
    return get_user_model().objects.create_user(f"bench-history-player-{table.pk}")


class History:
    def __init__(self, out, *, runs: int, seed: int) -> None:
        self.out = out
        self.runs = runs
        self.rnd = random.Random(seed)  # noqa: S311 - a history to replay, not a secret

    def run(self, sizes: tuple[int, ...]) -> None:
        built = time.perf_counter()
        timings: dict[str, list[float]] = {}
        downloads: list[int] = []
        for size in sizes:
            # A host per table: "Your data" then holds that table alone.
            host = get_user_model().objects.create_user(f"bench-history-host-{size}")
            # The configured host names allow localhost, not the test client's "testserver".
            client = Client(SERVER_NAME="localhost")
            client.force_login(host)
            table = self.fill(host, size)
            for name, ms in self.measure(client, table).items():
                timings.setdefault(name, []).append(ms)
            response = client.get(reverse("account_data_json"))
            downloads.append(len(b"".join(response.streaming_content)))
        self.report(sizes, timings, time.perf_counter() - built)
        self.out.write(
            "Your data, everything (JSON), the host's download: "
            + ", ".join(f"{size / 1_000_000:.1f} MB" for size in downloads)
        )

    def fill(self, host, nights: int) -> Table:
        name = f"History of {nights}"
        for _ in range(nights):
            nightfile.night_import(document=night_document(self.rnd, name), owner=host, again=True)
        table = Table.objects.get(owner=host, name=name)
        transfers = list(NightTransfer.objects.filter(table=table).order_by("pk"))
        for index, transfer in enumerate(transfers):
            draw = self.rnd.random()
            if draw < 0.1 or index == 0:
                continue  # left open (the first always: "Mark paid" has one to time)
            half = (transfer.money / 2).quantize(Decimal("0.01"))
            debt_services.payment_mark(
                night=transfer.night,
                payer_id=transfer.payer_id,
                payee_id=transfer.payee_id,
                amount=half if draw < 0.2 and half > 0 else None,
                by=host,
            )
        return table

    def measure(self, client: Client, table: Table) -> dict[str, float]:
        player = Player.objects.filter(table=table).order_by("name").first()
        # The table's first transfer is always left open (``fill``).
        open_debt = NightTransfer.objects.filter(table=table).order_by("pk").first()
        htmx = {"HX-Request": "true", "HX-Target": "debts"}

        def get(url: str) -> Callable[[], object]:
            return lambda: client.get(url)

        def mark() -> object:
            url = reverse(
                "transfer_mark", args=[open_debt.night_id, open_debt.payer_id, open_debt.payee_id]
            )
            return client.post(url, {"back": "table"}, headers=htmx)

        def settle() -> object:
            debts = table_debts(table).currencies[0]
            url = reverse("debts_settle", args=[table.pk])
            return client.post(url, {"currency": debts.currency, "digest": debts.digest})

        # The player's own phone: their account holds the first player's seat.
        mine = Client(SERVER_NAME="localhost")
        mine.force_login(player_link(player=player, user=_account(table), by=table.owner).user)
        debts = reverse("my_debts")

        screens = {
            "table page": get(reverse("table_detail", args=[table.pk])),
            "player page": get(reverse("player_detail", args=[player.pk])),
            "leaderboards and records": get(reverse("table_stats", args=[table.pk])),
            '"Mark paid" from the table (htmx)': mark,
            "settle everything": settle,
            "results file (CSV)": get(reverse("table_results_csv", args=[table.pk])),
            "Your data, everything (JSON)": get(reverse("account_data_json")),
            "What I owe and am owed (a player)": lambda: mine.get(debts),
        }
        timings = {name: self.median(name, request) for name, request in screens.items()}
        timings["verify_ledger, per night"] = self.verify_per_night(table)
        return timings

    def verify_per_night(self, table: Table) -> float:
        """What ``verify_ledger`` takes to check the table's nights, divided by them."""
        ids = list(Night.objects.filter(table=table).order_by("pk").values_list("pk", flat=True))
        times = []
        for _ in range(self.runs):
            start = time.perf_counter()
            bad = sum(1 for checked in verify_nights(ids) if checked.problems)
            times.append((time.perf_counter() - start) * 1000 / len(ids))
            if bad:
                raise CommandError(f"verify_ledger: {bad} night(s) with problems")
        return statistics.median(times)

    def median(self, name: str, request: Callable[[], object]) -> float:
        times = []
        for _ in range(self.runs):
            # Every run from the same history: what a run writes is rolled back.
            with transaction.atomic():
                start = time.perf_counter()
                response = request()
                if response.streaming:
                    # The results file is written as it is sent: the whole of it counts.
                    b"".join(response.streaming_content)
                times.append((time.perf_counter() - start) * 1000)
                transaction.set_rollback(True)
            status = response.status_code
            if status >= 400:
                raise CommandError(f"{name}: answered {status}")
        return statistics.median(times)

    def report(self, sizes, timings: dict[str, list[float]], seconds: float) -> None:
        heads = [f"{n:,} nights" for n in sizes]
        self.out.write(
            f"history benchmark: the table-wide screens at {', '.join(heads)} "
            f"(median of {self.runs}, Django's test client, in-process)"
        )
        self.out.write(
            f"{'screen':<38}" + "".join(f"{h:>14}" for h in heads) + f"{'last / first':>14}"
        )
        for name, values in timings.items():
            cells = "".join(f"{v:>11.1f} ms" for v in values)
            self.out.write(f"{name:<38}{cells}{values[-1] / values[0]:>13.2f}x")
        self.out.write(f"built and measured in {seconds:.0f} s")
