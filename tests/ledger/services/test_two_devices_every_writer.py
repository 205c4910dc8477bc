"""Two phones of one host, each tapping one of the ledger's writers at the same moment, for
every pair of writers: record a hand, correct one, close a night, mark a transfer paid (or
take a mark back), settle everything, import a night file. Whatever the order the database
lets them in, no phone gets a server error (a deadlock between their row locks was one,
on PostgreSQL), and every night's ledger still verifies.

Through the views, as the phones send them, so that a server error is a 500. Each round
at one table of the host's: the writers meet on its row, its nights' rows and the host's
user row, each locked by one writer or referenced by another's inserts. The two phones of
a pair of the same writer tap the same thing (the same hand, transfer, file...), as a
double tap would. On SQLite, whose BEGIN IMMEDIATE lets one writer in at a time (no row
locks to deadlock on), fewer rounds show that taking turns refuses cleanly too.
"""

import itertools
import json
from collections import Counter
from functools import cached_property, partial

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.test import Client
from django.urls import reverse

from ledger.models import Night, PaymentMark
from ledger.selectors.debts import table_debts
from ledger.services import hands as hand_services
from ledger.services import nights as night_services
from ledger.services.debts import payment_mark
from ledger.verify import verify_night
from tests.factories import PlayerFactory, TableFactory, UserFactory
from tests.ledger.helpers import hand_data
from tests.ledger.services.races import race
from tests.tables.night_helpers import hand_post

pytestmark = pytest.mark.django_db(transaction=True)

# Twenty rounds where row locks can deadlock; on SQLite writers queue, so a few show it.
ROUNDS = 20 if connection.vendor == "postgresql" else 4
NAMES = ["Ann", "Bob", "Cy", "Dee"]
# Bob wins the pot: Ann, Cy and Dee each owe him their ante.
BOB_WINS = {"dealer": "Ann", "stayed": {"Bob": 3, "Cy": 2}}
ANN_WINS = {"dealer": "Bob", "stayed": {"Ann": 3, "Dee": 2}}
# Hand 1 as a correction says it was.
CY_WON = {"dealer": "Ann", "stayed": {"Bob": 2, "Cy": 3}}
# What a phone may be answered: done (a redirect), or refused (400), or another phone
# got there first (409). Never a 500, nor a 404 (a test that lost its way).
ANSWERED = {302, 400, 409}


class Round:
    """What one round's two phones tap, made before they tap it: each writer's target,
    shared when both phones run the same writer. At a table of its own, so that what one
    round left (debts, nights) does not slow the next one's pages."""

    def __init__(self, host, number: int) -> None:
        self.host = host
        self.number = number
        self.table = TableFactory(owner=host)
        self.players = [PlayerFactory(table=self.table, name=name) for name in NAMES]

    def _night(self, *hands: dict, closed: bool = False) -> Night:
        night = night_services.night_start(
            table=self.table, players=self.players, first_dealer=self.players[0], by=self.host
        )
        for number, hand in enumerate(hands, start=1):
            hand_services.hand_record(
                night=night, expected_number=number, hand=hand_data(night, hand), by=self.host
            )
        if closed:
            night_services.night_close(night=night, by=self.host)
        return night

    @cached_property
    def open_night(self) -> Night:
        """A night being played, a hand in: recorded into, corrected, closed."""
        return self._night(BOB_WINS)

    @cached_property
    def closed_night(self) -> Night:
        """A closed night whose settle-up is still owed: Ann pays Bob."""
        return self._night(BOB_WINS, closed=True)

    @cached_property
    def mark(self) -> PaymentMark:
        """Ann's payment to Bob of a closed night, marked: to be taken back."""
        ann, bob = self.players[:2]
        night = self.closed_night
        return payment_mark(night=night, payer_id=ann.pk, payee_id=bob.pk, by=self.host)

    @cached_property
    def digest(self) -> str:
        """The digest of the table's open debts, as the host's page shows it, once two
        closed nights' debts settle in fewer transfers together."""
        self._night(BOB_WINS, closed=True)
        self._night(ANN_WINS, closed=True)
        return table_debts(self.table).of("USD").digest

    @cached_property
    def night_file(self) -> str:
        """A closed night's file, new this round (a file imported once is refused after)."""
        hands = list(itertools.islice(itertools.cycle([BOB_WINS, ANN_WINS]), self.number + 1))
        return json.dumps(
            {"format": "bourre-night/1", "players": NAMES, "hands": hands, "closed": True}
        )


# Each writer: the URL and the form one phone posts (``phone`` is 0 or 1).


def _record(round_: Round, phone: int) -> tuple[str, dict]:
    night = round_.open_night
    # Each phone's own submission key: the same key twice is one phone's double tap.
    data = hand_post(night, ANN_WINS, number=2, key=f"{round_.number}-{phone}")
    return reverse("hand_record", args=[night.pk]), data


def _correct(round_: Round, phone: int) -> tuple[str, dict]:
    night = round_.open_night
    data = hand_post(night, CY_WON, number=1)
    data.update(action="confirm", reason=f"Cy took three, says phone {phone}", revision="1")
    return reverse("hand_correct", args=[night.pk, 1]), data


def _close(round_: Round, phone: int) -> tuple[str, dict]:
    return reverse("night_close", args=[round_.open_night.pk]), {"policy": "refund"}


def _mark(round_: Round, phone: int) -> tuple[str, dict]:
    """Mark Ann's payment to Bob paid, or (every other round) take the mark back."""
    if round_.number % 2:
        return reverse("mark_reverse", args=[round_.mark.pk]), {"reason": "Not paid yet"}
    night = round_.closed_night
    ann, bob = round_.players[:2]
    return reverse("transfer_mark", args=[night.pk, ann.pk, bob.pk]), {}


def _settle(round_: Round, phone: int) -> tuple[str, dict]:
    data = {"currency": "USD", "digest": round_.digest}
    return reverse("debts_settle", args=[round_.table.pk]), data


def _import(round_: Round, phone: int) -> tuple[str, dict]:
    # The file is made for each phone's post: an upload is read once.
    upload = SimpleUploadedFile("night.json", round_.night_file.encode(), "application/json")
    return reverse("night_import", args=[round_.table.pk]), {"file": upload}


# Settle everything last: its digest is of the debts once the other phone's target is
# made (a night closed for a mark would change them), as the host's page would show.
WRITERS = {
    "record": _record,
    "correct": _correct,
    "close": _close,
    "mark": _mark,
    "import": _import,
    "settle everything": _settle,
}


@pytest.mark.parametrize(
    ("first", "second"), list(itertools.combinations_with_replacement(WRITERS, 2))
)
def test_two_phones_of_one_host_writing_at_once_get_no_server_error(first, second):
    host = UserFactory()
    phones = [Client(raise_request_exception=False) for _ in range(2)]
    for phone in phones:
        phone.force_login(host)
    answers = Counter()
    errors = []

    for number in range(ROUNDS):
        round_ = Round(host, number)
        posts = [WRITERS[first](round_, 0), WRITERS[second](round_, 1)]
        responses = race(
            [
                partial(phone.post, url, data)
                for phone, (url, data) in zip(phones, posts, strict=True)
            ]
        )
        for writer, response in zip((first, second), responses, strict=True):
            status = getattr(response, "status_code", response)
            answers[f"{writer}: {status}"] += 1
            if status not in ANSWERED:
                errors.append(f"round {number}, {writer}: {status} {_why(response)}")

    print(f"\n{ROUNDS} rounds of {first} and {second} at once: {dict(sorted(answers.items()))}")
    assert errors == []
    nights = list(Night.objects.filter(table__owner=host))
    assert [problem for night in nights for problem in verify_night(night)] == []


def _why(response) -> str:
    info = getattr(response, "exc_info", None)
    return repr(info[1]) if info else ""
