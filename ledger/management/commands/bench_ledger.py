"""``manage.py bench_ledger`` (``make bench``): what the ledger's operations cost.

The point it proves: recording a hand costs the same at hand 500 as at hand 10,
because each hand is settled from the stored state of the one before it, never
by replaying the night.

It runs on a throwaway database (created and dropped like the test runner's),
so it needs no migrated database and leaves nothing behind. ``--rollback``
instead works inside a transaction of the configured database that is rolled
back at the end (what the test suite uses).
"""

import os
import random
import statistics
import tempfile
import time
from collections.abc import Callable

from django.conf import settings as django_settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import connection, transaction

from ledger import rules
from ledger.models import Night, Player, Table
from ledger.rules import settle_up
from ledger.services import corrections as correction_services
from ledger.services import hands as hand_services
from ledger.services import nights as night_services
from ledger.verify import verify_night

PLAYERS = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"]
# Capped, so 500 random hands cannot grow the pot past what an int column holds.
BENCH_RULES = rules.PRESETS["limit"].rules


class Command(BaseCommand):
    help = "Time hand_record early and late in a night, corrections, verification, settle-up."

    def add_arguments(self, parser):
        parser.add_argument("--runs", type=int, default=15, help="runs per timing (median)")
        parser.add_argument("--hands", type=int, default=500, help="length of the long night")
        parser.add_argument("--seed", type=int, default=7)
        parser.add_argument(
            "--rollback",
            action="store_true",
            help="use the configured (migrated) database inside a rolled-back transaction",
        )

    def handle(self, *args, runs, hands, seed, rollback, **options):
        bench = Bench(self.stdout, runs=max(1, runs), hands=max(11, hands), seed=seed)
        if rollback:
            with transaction.atomic():
                bench.run()
                transaction.set_rollback(True)
            return
        with throwaway_database():
            bench.run()


class throwaway_database:
    """A fresh, migrated database of the configured engine, dropped on the way out."""

    def __enter__(self):
        # The connection's entry of the DATABASES setting, which create_test_db reads.
        settings = django_settings.DATABASES[connection.alias]
        settings.setdefault("TEST", {})
        if connection.vendor == "sqlite":
            self.directory = tempfile.TemporaryDirectory(prefix="bourre-bench-")
            settings["TEST"]["NAME"] = os.path.join(self.directory.name, "bench.sqlite3")
        else:
            self.directory = None
            settings["TEST"]["NAME"] = f"{settings['NAME']}_bench_{os.getpid()}"
        self.old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
        return self

    def __exit__(self, *exc):
        connection.creation.destroy_test_db(self.old_name, verbosity=0)
        if self.directory is not None:
            self.directory.cleanup()


def random_hand(rng: random.Random, dealer: str, roster: list[str], *, tricks: int = 5) -> dict:
    """A valid night-file hand: a random set of stayers sharing the ``tricks`` (the house's
    tricks a hand), each trick to one of them at random (so some take none: bourré)."""
    if rng.random() < 0.03:
        return {"dealer": dealer, "misdeal": True}
    stayers = [p for p in roster if rng.random() < 0.5]
    taken = dict.fromkeys(stayers, 0)
    if len(stayers) >= 2:
        for _ in range(tricks):
            taken[rng.choice(stayers)] += 1
    reneged = [rng.choice(stayers)] if len(stayers) >= 2 and rng.random() < 0.05 else []
    return {"dealer": dealer, "stayed": taken, "reneged": reneged}


class Bench:
    def __init__(self, out, *, runs: int, hands: int, seed: int) -> None:
        self.out = out
        self.runs = runs
        self.hands = hands
        self.rng = random.Random(seed)  # noqa: S311 - made-up hands, not secrets
        self.rows: list[tuple[str, int, float, float]] = []

    def run(self) -> None:
        user = get_user_model().objects.create_user(username=f"bench-{os.getpid()}")
        table = Table.objects.create(owner=user, name="Bench", rules=BENCH_RULES.to_dict())
        players = [Player.objects.create(table=table, name=name) for name in PLAYERS]
        self.to_id = {p.name: p.pk for p in players}
        self.user = user

        def night(length: int) -> Night:
            night = night_services.night_start(
                table=table, players=players, first_dealer=players[0], by=user
            )
            for number in range(1, length + 1):
                self.record(night, number)
            return night

        short, long = night(9), night(self.hands - 1)
        # Interleaved, and the same hand at both points, so neither the machine's load
        # drifting nor a bigger hand favours one side.
        self.time(
            [
                ("hand_record, hand 10", lambda: self.record(short, 10, self.hand)),
                (
                    f"hand_record, hand {self.hands}",
                    lambda: self.record(long, self.hands, self.hand),
                ),
            ],
            self.runs,
            before=self.next_hand,
            after=lambda: (self.undo(short), self.undo(long)),
        )
        self.record(short, 10)
        self.record(long, self.hands)
        self.time([("hand_correct, hand 2 of 10", lambda: self.correct(short, 2))], self.runs)
        self.time([(f"hand_correct, hand 2 of {self.hands}", lambda: self.correct(long, 2))], 3)
        revisions, entries = long.hands.count(), long.entries.count()
        label = f"verify_night, {self.hands} hands ({revisions} revisions, {entries} entries)"
        self.time([(label, lambda: verify_night(long))], 3)
        self.time([("settle_up, 16 balances", self.settle_up)], self.runs)
        self.report()

    def next_hand(self) -> None:
        self.hand = random_hand(self.rng, PLAYERS[0], PLAYERS)

    def record(self, night: Night, number: int, hand: dict | None = None) -> None:
        dealer = PLAYERS[(number - 1) % len(PLAYERS)]
        hand = {**(hand or random_hand(self.rng, dealer, PLAYERS)), "dealer": dealer}
        hand_services.hand_record(
            night=night, expected_number=number, hand=self.data(hand), by=self.user
        )

    def undo(self, night: Night) -> None:
        correction_services.hand_undo_last(night=night, by=self.user)

    def correct(self, night: Night, number: int) -> None:
        # Alternate two inputs so every correction changes something.
        self.flip = not getattr(self, "flip", False)
        stayed = {"Ann": 5, "Bob": 0} if self.flip else {"Ann": 0, "Bob": 5}
        correction_services.hand_correct(
            night=night,
            number=number,
            hand=self.data({"dealer": PLAYERS[(number - 1) % len(PLAYERS)], "stayed": stayed}),
            reason="bench",
            by=self.user,
        )

    def data(self, hand: dict) -> rules.HandInput:
        return rules.HandInput(
            dealer=self.to_id[hand["dealer"]],
            seated=list(self.to_id.values()),
            stayed={self.to_id[n]: t for n, t in hand.get("stayed", {}).items()},
            reneged=[self.to_id[n] for n in hand.get("reneged", [])],
            misdeal=hand.get("misdeal", False),
        )

    def settle_up(self) -> None:
        balances = {f"P{i}": self.rng.randint(-500, 500) for i in range(15)}
        balances["P15"] = -sum(balances.values())
        settle_up(balances)

    def time(
        self,
        works: list[tuple[str, Callable]],
        runs: int,
        before: Callable | None = None,
        after: Callable | None = None,
    ) -> None:
        timings: list[list[float]] = [[] for _ in works]
        for _ in range(runs):
            if before is not None:
                before()
            for timing, (_, work) in zip(timings, works, strict=True):
                start = time.perf_counter()
                work()
                timing.append(time.perf_counter() - start)
            if after is not None:
                after()
        for timing, (label, _) in zip(timings, works, strict=True):
            self.rows.append((label, runs, statistics.median(timing), min(timing)))

    def report(self) -> None:
        width = max(len(label) for label, *_ in self.rows)
        self.out.write(f"ledger benchmark on {connection.vendor}")
        self.out.write(f"{'operation':<{width}}  runs   median ms      min ms")
        for label, runs, median, low in self.rows:
            self.out.write(
                f"{label:<{width}}  {runs:>4}  {median * 1000:>10.2f}  {low * 1000:>10.2f}"
            )
        early, late = self.rows[0][2], self.rows[1][2]
        self.out.write(
            f"hand {self.hands} costs {late / early:.2f}x hand 10 "
            "(recording does not grow with the night)"
        )
