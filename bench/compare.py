"""The measurements of ``make bench``: the app and the bare project side by side, under
gunicorn, over HTTP, in one run, and the table they make.

Every timing is a median over rounds in which the app's and the bare project's requests
take turns in a shuffled order, so a machine slowing down or speeding up mid-run weighs on
both sides alike; the ratio of the two medians is the figure to read.
"""

import json
import os
import random
import statistics
import subprocess
import sys
import threading
import time
import traceback
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import make_password
from django.core.management import call_command
from django.db import connection, connections
from django.test import Client as DjangoClient

from bench import databases
from bench.client import HOST, Client, HttpError, expect
from bench.nights import dealer_of, hand_fields, night_document, night_file, random_hand
from bench.servers import ROOT, WORKERS, Server
from ledger import nightfile
from ledger.models import Hand, Seat, ShareLink

BARE_USER = "bare"
# What htmx sends with every request it makes.
HTMX = {"HX-Request": "true"}
# A hand that moves chips whoever deals: for the query counts, the same at both lengths.
COUNTED_HAND = {"stayed": {"Ann": 3, "Bob": 2, "Cy": 0}}


@dataclass(frozen=True)
class Sizes:
    rounds: int
    short: int  # the hand recorded in the short night
    long: int  # ...and in the long one
    medium: int  # the night polled through the live link and corrected
    imported: int  # hands in the uploaded night file
    hosts: int  # hosts recording at once
    per_host: int  # hands each of them records in a burst
    bursts: int

    @property
    def correction_rounds(self) -> int:
        return max(1, self.rounds // 9)

    @property
    def import_rounds(self) -> int:
        return max(1, self.rounds // 15)


FULL = Sizes(
    rounds=45, short=5, long=300, medium=80, imported=1000, hosts=20, per_host=10, bursts=3
)
# For the test suite: every row, on nights small enough to take seconds.
QUICK = Sizes(rounds=3, short=5, long=12, medium=8, imported=20, hosts=3, per_host=2, bursts=1)


@dataclass
class BenchNight:
    id: int
    table_id: int
    ids: dict[str, int]  # player name -> id
    next: int  # the number of the next hand

    @property
    def path(self) -> str:
        return f"/nights/{self.id}/"


@dataclass
class Row:
    app: str
    bare: str = ""
    ratio: str = ""


def table_rows(s: Sizes, vendor: str) -> dict[str, tuple[str, str]]:
    """Every row of the table, in its order: what it measures, and the goal the app is
    being brought to."""
    return {
        "record": (f"record a hand: POST, redirect, screen (hand {s.short})", "<= 1.5x"),
        "record htmx": ("record a hand with htmx (HX-Request)", "<= 1.5x"),
        "queries": (f"queries: record POST / hand screen GET (hand {s.short})", "<= 8 / <= 6"),
        "queries long": (f"queries: the same at hand {s.long}", "the same"),
        "screen": ("hand screen GET vs bare render", "<= 1.5x"),
        "round trip": (f"round trip at hand {s.long} vs hand {s.short} (app / app)", "<= 1.1x"),
        "correct medium": (
            f"correct hand 2 of {s.medium} (POST, {runs(s.correction_rounds)})",
            "<= 0.2 s",
        ),
        "correct long": (
            f"correct hand 2 of {s.long} (POST, {runs(s.correction_rounds)})",
            "<= 0.5 s",
        ),
        "import": (
            f"import a {s.imported:,}-hand night file (upload POST, {runs(s.import_rounds)})",
            "<= 1 s" if vendor == "sqlite" else "<= 2 s",
        ),
        "poll": (f"live-link poll, {s.medium}-hand night, nothing changed", "304 or <= 1 KB"),
        "poll 304": ("live-link poll answers 304 (If-None-Match / If-Modified-Since)", "304"),
        "hosts": (
            f"{s.hosts} hosts recording at once (round trips/s, {runs(s.bursts, 'burst')})",
            ">= 60% of bare",
        ),
        "hosts htmx": (
            f"{s.hosts} hosts recording at once with htmx (one request a hand)",
            ">= 60% of bare",
        ),
    }


def runs(count: int, word: str = "run") -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def ms(seconds: float) -> str:
    return f"{seconds:.2f} s" if seconds >= 1 else f"{seconds * 1000:.1f} ms"


def kb(size: int) -> str:
    return f"{size / 1024:.1f} KB"


def times(app: float, bare: float) -> str:
    return f"{app / bare:.2f}x"


def median(values: list[float]) -> float:
    return statistics.median(values)


@dataclass
class Run:
    sizes: Sizes
    directory: Path
    env: dict[str, str]
    out: TextIO = sys.stdout
    rng: random.Random = field(default_factory=lambda: random.Random(7))  # noqa: S311
    rows: dict[str, Row] = field(default_factory=dict)
    failures: list[str] = field(default_factory=list)

    # -- set-up and tear-down -------------------------------------------------------------

    def run(self) -> bool:
        """Measure, print the table; False if any row could not be measured."""
        started = time.perf_counter()
        call_command("collectstatic", interactive=False, verbosity=0)
        self.vendor = connection.vendor
        configured = dict(databases.configured(connection))
        app_name = databases.throwaway_name(configured, self.vendor, "app", str(self.directory))
        bare_name = databases.throwaway_name(configured, self.vendor, "bare", str(self.directory))
        self.password = uuid.uuid4().hex
        old_name = databases.create(connection, app_name)
        servers: list[Server] = []
        bare_made = False
        try:
            self.bare_queries = self._bare_database("create", bare_name)
            bare_made = True
            self._seed()
            self.app_server = Server(
                "app",
                "config.wsgi",
                {**self.env, "DATABASE_URL": databases.database_url(self.vendor, app_name)},
                self.directory / "app.log",
            )
            servers.append(self.app_server)
            self.bare_server = Server(
                "bare",
                "bench.bare.wsgi",
                {
                    **self.env,
                    "DJANGO_SETTINGS_MODULE": "bench.bare.settings",
                    "DATABASE_URL": databases.database_url(self.vendor, bare_name),
                },
                self.directory / "bare.log",
            )
            servers.append(self.bare_server)
            self.app_server.wait_ready("/accounts/login/")
            self.bare_server.wait_ready("/accounts/login/")
            self._measure()
        finally:
            for server in servers:
                server.stop()
            connections.close_all()
            if bare_made:
                self._bare_database("drop", bare_name)
            databases.drop(connection, app_name, old_name)
        self._report(time.perf_counter() - started)
        return not self.failures

    def _bare_database(self, action: str, name: str) -> dict:
        env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "bench.bare.settings",
            "BENCH_USER": BARE_USER,
            "BENCH_PASSWORD": self.password,
        }
        done = subprocess.run(  # noqa: S603 - our own interpreter and module
            [sys.executable, "-m", "bench.bare.database", action, name],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            check=False,
        )
        if done.returncode != 0:
            raise RuntimeError(f"bare database {action} failed:\n{done.stderr[-3000:]}")
        return json.loads(done.stdout) if action == "create" else {}

    def _night(self, owner, table: str, hands: int, seed: int) -> BenchNight:
        """A night through the app's own night-file import (the upload's code path)."""
        night = nightfile.night_import(
            document=night_document(table, hands, seed=seed), owner=owner
        )
        ids = dict(Seat.objects.filter(night=night).values_list("player__name", "player_id"))
        return BenchNight(night.pk, night.table_id, ids, hands + 1)

    def _seed(self) -> None:
        s = self.sizes
        users = get_user_model()
        # One hash for every host: the hasher's cost is paid at sign-in, not here 21 times.
        hashed = make_password(self.password)
        self.host = users.objects.create(username="host", password=hashed)
        self.short = self._night(self.host, "Short night", s.short - 1, seed=1)
        self.long = self._night(self.host, "Long night", s.long - 1, seed=2)
        self.medium = self._night(self.host, "Medium night", s.medium, seed=3)
        self.hosts = []
        for number in range(s.hosts):
            user = users.objects.create(username=f"host{number}", password=hashed)
            self.hosts.append((user, self._night(user, f"Table {number}", 0, seed=10 + number)))

    # -- one request each ---------------------------------------------------------------

    def record(self, client: Client, night: BenchNight, hand: dict, htmx: bool = False) -> None:
        """Record ``night.next`` as the phone does: post the form, then show what the
        answer points to (htmx follows a redirect by itself, sending its header again)."""
        headers = {**HTMX, "HX-Current-URL": client.origin + night.path} if htmx else None
        hand = {**hand, "dealer": dealer_of(night.next)}
        fields = {"number": str(night.next), "key": uuid.uuid4().hex}
        fields |= hand_fields(hand, night.ids)
        answer = client.post(f"{night.path}hands/", fields, headers)
        if answer.status in (301, 302, 303):
            answer = client.follow(answer, headers)
        expect(answer, 200)

    def last_live(self, night: BenchNight) -> tuple[int, int] | None:
        return (
            Hand.objects.filter(night_id=night.id, live=True)
            .order_by("-number")
            .values_list("number", "revision")
            .first()
        )

    def undo(self, client: Client, night: BenchNight) -> None:
        """Take back the hand just recorded (and check that it was)."""
        last = self.last_live(night)
        if last is None or last[0] != night.next:
            raise HttpError(f"hand {night.next} was not recorded (last live hand: {last})")
        answer = client.post(
            f"{night.path}undo/", {"number": str(last[0]), "revision": str(last[1])}
        )
        expect(answer, 302)

    def bare_record(self, client: Client) -> None:
        answer = client.post("/rows/add/", {"name": "Hand", "amount": "12"})
        expect(client.follow(expect(answer, 302)), 200)

    # -- the measurements ----------------------------------------------------------------

    def _measure(self) -> None:
        self.app = Client(self.app_server.port)
        self.app.log_in("/accounts/login/", "host", self.password)
        self.bare = Client(self.bare_server.port)
        self.bare.log_in("/accounts/login/", BARE_USER, self.password)
        self.visitor = Client(self.app_server.port)
        expect(self.app.post(f"{self.medium.path}share/", {}), 302)
        token = ShareLink.objects.get(night_id=self.medium.id, revoked_at=None).token
        self.live = f"/live/{token}/"
        for section in (
            self._queries,
            self._rounds,
            self._revalidation,
            self._corrections,
            self._imports,
            self._hosts_at_once,
        ):
            try:
                section()
            except Exception as error:  # one broken row must not hide the rest
                self.failures.append(f"{section.__name__}: {error!r}")
                self.failures.append(traceback.format_exc())

    def _poll(self) -> None:
        """The live link's poll, as htmx sends it, with the validators a browser keeps."""
        headers = {**HTMX, "HX-Current-URL": self.visitor.origin + self.live}
        headers |= self.validators
        answer = expect(self.visitor.get(self.live, headers), 200, 304)
        self.poll_sizes.append(len(answer.body))
        self.poll_statuses.add(answer.status)
        if answer.status == 200:
            self.validators = _validators(answer)

    def _rounds(self) -> None:
        s = self.sizes
        short, long = self.short, self.long
        self.validators: dict[str, str] = {}
        self.poll_sizes: list[int] = []
        self.poll_statuses: set[int] = set()
        bare_sizes: list[int] = []

        def bare_render() -> None:
            bare_sizes.append(len(expect(self.bare.get("/rows/"), 200).body))

        works: dict[str, tuple[Callable[[dict], None], Callable[[], None] | None]] = {
            "record": (
                lambda h: self.record(self.app, short, h),
                lambda: self.undo(self.app, short),
            ),
            "record htmx": (
                lambda h: self.record(self.app, short, h, htmx=True),
                lambda: self.undo(self.app, short),
            ),
            "record long": (
                lambda h: self.record(self.app, long, h),
                lambda: self.undo(self.app, long),
            ),
            "bare record": (lambda h: self.bare_record(self.bare), None),
            "screen": (lambda h: expect(self.app.get(short.path), 200), None),
            "bare render": (lambda h: bare_render(), None),
            "poll": (lambda h: self._poll(), None),
        }
        timings: dict[str, list[float]] = {name: [] for name in works}
        for _ in range(s.rounds):
            hand = random_hand(self.rng, 1)
            order = list(works)
            self.rng.shuffle(order)
            for name in order:
                work, cleanup = works[name]
                start = time.perf_counter()
                work(hand)
                timings[name].append(time.perf_counter() - start)
                if cleanup is not None:
                    cleanup()
        t = {name: median(values) for name, values in timings.items()}
        poll = f"{kb(int(median(self.poll_sizes)))} ({_statuses(self.poll_statuses)})"
        self.rows |= {
            "record": Row(
                ms(t["record"]), ms(t["bare record"]), times(t["record"], t["bare record"])
            ),
            "record htmx": Row(
                ms(t["record htmx"]),
                ms(t["bare record"]),
                times(t["record htmx"], t["bare record"]),
            ),
            "screen": Row(
                ms(t["screen"]), ms(t["bare render"]), times(t["screen"], t["bare render"])
            ),
            "round trip": Row(
                ms(t["record long"]),
                f"hand {s.short}: {ms(t['record'])}",
                times(t["record long"], t["record"]),
            ),
            "poll": Row(
                f"{poll}, {ms(t['poll'])}",
                f"render {kb(int(median(bare_sizes)))}, {ms(t['bare render'])}",
                times(t["poll"], t["bare render"]),
            ),
        }
        self.record(self.app, long, random_hand(self.rng, 1))
        long.next += 1  # the long night now has its full length, for the corrections

    def _queries(self) -> None:
        """Counted in this process through Django's test client, against the same
        database the server uses."""
        client = DjangoClient(HTTP_HOST=HOST)
        client.force_login(self.host)
        counts = []
        for night in (self.short, self.long):
            hand = {**COUNTED_HAND, "dealer": dealer_of(night.next)}
            fields = {"number": str(night.next), "key": uuid.uuid4().hex}
            fields |= hand_fields(hand, night.ids)
            with databases.counting(connection) as post:
                answer = client.post(f"{night.path}hands/", fields)
            posted = post.count
            if answer.status_code != 302 or self.last_live(night)[0] != night.next:
                raise HttpError(f"the counted record answered {answer.status_code}")
            number, revision = self.last_live(night)
            client.post(f"{night.path}undo/", {"number": number, "revision": revision})
            with databases.counting(connection) as screen:
                answer = client.get(night.path)
            shown = screen.count
            if answer.status_code != 200:
                raise HttpError(f"the counted screen answered {answer.status_code}")
            counts.append(f"{posted} / {shown}")
        bare = f"{self.bare_queries['insert']} / {self.bare_queries['render']}"
        self.rows |= {"queries": Row(counts[0], bare), "queries long": Row(counts[1])}

    def _revalidation(self) -> None:
        headers = {**HTMX, "HX-Current-URL": self.visitor.origin + self.live}
        first = expect(self.visitor.get(self.live, headers), 200)
        validators = _validators(first)
        if not validators:
            verdict = "no: 200, sends no ETag or Last-Modified"
        else:
            answers = []
            for name, value in validators.items():
                status = self.visitor.get(self.live, {**headers, name: value}).status
                answers.append(f"{name} {status}")
            verdict = ("yes: " if all(a.endswith("304") for a in answers) else "no: ") + ", ".join(
                answers
            )
        self.rows["poll 304"] = Row(verdict)

    def correct(self, night: BenchNight, flip: bool) -> float:
        """Correct hand 2 (alternating two inputs, so each correction changes something);
        the POST's time."""
        before = Hand.objects.get(night_id=night.id, number=2, live=True).revision
        stayed = {"Ann": 5, "Bob": 0} if flip else {"Ann": 0, "Bob": 5}
        fields = {"revision": str(before), "reason": "bench", "action": "confirm"}
        fields |= hand_fields({"dealer": dealer_of(2), "stayed": stayed}, night.ids)
        start = time.perf_counter()
        answer = self.app.post(f"{night.path}hands/2/correct/", fields)
        elapsed = time.perf_counter() - start
        expect(answer, 302)
        after = Hand.objects.get(night_id=night.id, number=2, live=True).revision
        if after == before:
            raise HttpError(f"hand 2 of night {night.id} was not corrected")
        return elapsed

    def _corrections(self) -> None:
        runs = self.sizes.correction_rounds
        medium: list[float] = []
        long: list[float] = []
        for run in range(runs):
            medium.append(self.correct(self.medium, flip=run % 2 == 0))
            long.append(self.correct(self.long, flip=run % 2 == 0))
        self.rows |= {
            "correct medium": Row(ms(median(medium))),
            "correct long": Row(ms(median(long))),
        }

    def _imports(self) -> None:
        s = self.sizes
        path = f"/tables/{self.short.table_id}/import/"
        took = []
        size = 0
        for run in range(s.import_rounds):
            # A different file each time: the same content twice may be refused as a repeat.
            content = night_file("Imported", s.imported, seed=1000 + run)
            size = len(content)
            start = time.perf_counter()
            answer = self.app.upload(path, "file", "night.json", content)
            took.append(time.perf_counter() - start)
            expect(answer, 302)
            if "/report/" not in answer.location:
                raise HttpError(f"the import did not open a report: {answer.location}")
        self.rows["import"] = Row(f"{ms(median(took))} ({kb(size)})")

    def _burst(self, work: Callable[[int], tuple[int, int]]) -> tuple[float, int]:
        """``work(i)`` on every host at once; (round trips a second, failures)."""
        count = self.sizes.hosts
        barrier = threading.Barrier(count + 1)
        results: list[tuple[int, int]] = []

        def thread(number: int) -> None:
            try:
                barrier.wait()
                results.append(work(number))
            finally:
                connections.close_all()

        threads = [threading.Thread(target=thread, args=(n,)) for n in range(count)]
        for t in threads:
            t.start()
        barrier.wait()
        start = time.perf_counter()
        for t in threads:
            t.join()
        elapsed = time.perf_counter() - start
        done = sum(ok for ok, _ in results)
        failed = sum(bad for _, bad in results) + count - len(results)
        return done / elapsed, failed

    def _hosts_at_once(self) -> None:
        s = self.sizes
        phones = []
        errors: list[Exception] = []

        def log_in(user) -> None:
            client = Client(self.app_server.port)
            try:
                client.log_in("/accounts/login/", user.username, self.password)
            except Exception as error:  # reported below
                errors.append(error)
            phones.append((client, user))

        threads = [threading.Thread(target=log_in, args=(user,)) for user, _ in self.hosts]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        if errors:
            raise errors[0]
        client_of = {user.pk: client for client, user in phones}
        hosts = [(client_of[user.pk], night) for user, night in self.hosts]

        def app_host(number: int, htmx: bool = False) -> tuple[int, int]:
            client, night = hosts[number]
            rng = random.Random(number)  # noqa: S311
            ok = failed = 0
            for _ in range(s.per_host):
                try:
                    self.record(client, night, random_hand(rng, 1), htmx=htmx)
                except (HttpError, OSError):
                    failed += 1
                    last = self.last_live(night)
                    night.next = (last[0] if last else 0) + 1
                else:
                    ok += 1
                    night.next += 1
            return ok, failed

        def bare_client(number: int) -> tuple[int, int]:
            client = self.bare.copy()
            ok = failed = 0
            for _ in range(s.per_host):
                try:
                    self.bare_record(client)
                except (HttpError, OSError):
                    failed += 1
                else:
                    ok += 1
            return ok, failed

        # The phone without JavaScript (POST, redirect, screen), the phone with htmx (one
        # request a hand), and the bare project, burst after burst in turn.
        works = {
            "hosts": app_host,
            "hosts htmx": lambda number: app_host(number, htmx=True),
            "bare": bare_client,
        }
        rates: dict[str, list[float]] = {name: [] for name in works}
        failures = dict.fromkeys(works, 0)
        for _ in range(s.bursts):
            for name, work in works.items():
                rate, failed = self._burst(work)
                rates[name].append(rate)
                failures[name] += failed

        def shown(name: str) -> str:
            failed = failures[name]
            return f"{median(rates[name]):.1f}/s" + (f", {failed} failed" if failed else "")

        bare = median(rates["bare"])
        for name in ("hosts", "hosts htmx"):
            self.rows[name] = Row(
                shown(name), shown("bare"), f"{median(rates[name]) / bare:.0%} of bare"
            )

    # -- the table ------------------------------------------------------------------------

    def _report(self, seconds: float) -> None:
        s = self.sizes
        engine = (
            "SQLite (WAL, synchronous=FULL, BEGIN IMMEDIATE)"
            if self.vendor == "sqlite"
            else "PostgreSQL"
        )
        write = self.out.write
        write(
            f"Bourré ledger vs bare Django, one run on {engine}: gunicorn --workers {WORKERS} "
            f"each, DEBUG off, {os.cpu_count()} CPUs\n"
        )
        write(
            f"medians of {s.rounds} interleaved rounds (corrections {s.correction_rounds}, "
            f"imports {s.import_rounds}); ratio = app / bare\n\n"
        )
        cells = [["what", "app", "bare", "ratio", "goal"]]
        for key, (what, goal) in table_rows(s, self.vendor).items():
            row = self.rows.get(key, Row("not measured"))
            cells.append([what, row.app, row.bare, row.ratio, goal])
        widths = [max(len(row[i]) for row in cells) for i in range(5)]

        def line(row: list[str]) -> str:
            return "| " + " | ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)) + " |"

        write(line(cells[0]) + "\n")
        write("|" + "|".join("-" * (w + 2) for w in widths) + "|\n")
        for row in cells[1:]:
            write(line(row) + "\n")
        write(f"\nmeasured in {seconds:.0f} s\n")
        if self.failures:
            write("\nNOT MEASURED:\n" + "\n".join(self.failures) + "\n")
            for server in (getattr(self, "app_server", None), getattr(self, "bare_server", None)):
                if server is not None:
                    write(f"\nlast lines of the {server.name} server's log:\n{server.tail()}\n")


def _validators(answer) -> dict[str, str]:
    """The conditional headers a browser would send back for this answer."""
    found = {}
    if etag := answer.headers.get("ETag"):
        found["If-None-Match"] = etag
    if modified := answer.headers.get("Last-Modified"):
        found["If-Modified-Since"] = modified
    return found


def _statuses(statuses: set[int]) -> str:
    return "/".join(str(s) for s in sorted(statuses))
