"""Two app servers on one database, as a deployment behind a load balancer runs them:
nothing a request needs is kept in one process. A host's two phones each reach another
server and record one night; a session made on one is good on the other; and every
hour's limit (sign-in tries, password resets, sign-in codes, invite tries, seat claims)
counts the requests of both."""

import os
import re
import socket
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest
import requests
from django.conf import settings

from ledger.models import Hand, PlayerInviteAttempt, SeatClaim
from ledger.services.player_invites import player_invite_create
from ledger.services.share_links import share_link_create
from ledger.verify import verify_night
from tests.databases import this_database_url as database_url
from tests.factories import PASSWORD, UserFactory, link_player, night_with
from tests.tables.night_helpers import hand_post

pytestmark = pytest.mark.django_db(transaction=True)

ROOT = Path(__file__).resolve().parents[1]
LIMITS = {
    "AXES_FAILURE_LIMIT": 3,
    "PASSWORD_RESET_LIMIT_PER_EMAIL": 2,
    "SIGN_IN_CODE_LIMIT_PER_EMAIL": 2,
    "PLAYER_INVITE_ATTEMPT_LIMIT_PER_CLIENT": 2,
    "SEAT_CLAIM_LIMIT_PER_CLIENT": 2,
}
# A server process takes a few seconds to start on a busy machine (Django and every app
# imported): it is waited for, not assumed.
START_SECONDS = 60


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def servers():
    env = {
        **os.environ,
        "DATABASE_URL": database_url(),
        "DJANGO_DEBUG": "true",
        # As the tests' own server: their fast password hasher, each message sent at once.
        "DJANGO_TESTING": "true",
        "DJANGO_SECRET_KEY": settings.SECRET_KEY,
        "AXES_ENABLED": "true",
        **{name: str(value) for name, value in LIMITS.items()},
    }
    started = []
    for _ in range(2):
        port = _free_port()
        command = [sys.executable, "manage.py", "runserver", f"127.0.0.1:{port}", "--noreload"]
        process = subprocess.Popen(  # noqa: S603 - our own interpreter and manage.py
            command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        started.append((process, f"http://127.0.0.1:{port}"))
    try:
        for process, base in started:
            _wait_for(process, base)
        yield [base for _, base in started]
    finally:
        for process, _ in started:
            process.terminate()
            process.wait(timeout=30)


def _wait_for(process, base: str) -> None:
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline:
        assert process.poll() is None, "the server stopped"
        try:
            if requests.get(base + "/healthz", timeout=2).status_code == 200:
                return
        except requests.ConnectionError:
            time.sleep(0.2)
    pytest.fail(f"{base} did not answer in {START_SECONDS} s")


class Phone:
    """One browser's cookies, sent to whichever server is asked: a load balancer's."""

    def __init__(self) -> None:
        self.session = requests.Session()

    def get(self, url: str) -> requests.Response:
        return self.session.get(url, allow_redirects=False, timeout=30)

    def post(self, url: str, data: dict) -> requests.Response:
        # Django's CSRF check: the cookie, and the same token in the header.
        if "csrftoken" not in self.session.cookies:
            self.get(re.sub(r"(https?://[^/]+).*", r"\1/accounts/login/", url))
        token = self.session.cookies["csrftoken"]
        headers = {"X-CSRFToken": token}
        return self.session.post(url, data, headers=headers, allow_redirects=False, timeout=30)

    def sign_in(self, base: str, username: str, password: str = PASSWORD) -> requests.Response:
        return self.post(base + "/accounts/login/", {"username": username, "password": password})


def test_a_hosts_two_phones_on_two_servers_record_one_night(servers):
    a, b = servers
    night = night_with(("Ann", "Bob", "Cy", "Dee"))
    host = night.table.owner
    first, second = Phone(), Phone()
    assert first.sign_in(a, host.username).status_code == 302
    assert second.sign_in(b, host.username).status_code == 302
    record = f"/nights/{night.pk}/hands/"
    hand_1 = hand_post(night, {"dealer": "Ann", "stayed": {"Bob": 3, "Cy": 2}}, number=1)
    hand_2 = hand_post(night, {"dealer": "Bob", "stayed": {"Cy": 5, "Dee": 0}}, number=2)

    assert first.post(a + record, {**hand_1, "key": uuid.uuid4().hex}).status_code == 302
    assert second.post(b + record, {**hand_2, "key": uuid.uuid4().hex}).status_code == 302
    # The first phone, a hand behind, enters hand 2 otherwise: its server records nothing
    # and sends it to the night, where the other server says why.
    other_2 = hand_post(night, {"dealer": "Bob", "stayed": {"Ann": 4, "Dee": 1}}, number=2)
    stale = first.post(a + record, {**other_2, "key": uuid.uuid4().hex})
    assert (stale.status_code, stale.headers["Location"]) == (302, f"/nights/{night.pk}/")
    assert "Hand 2 was already recorded." in first.get(b + stale.headers["Location"]).text

    assert Hand.objects.filter(night=night).count() == 2
    assert verify_night(night) == []
    # A session made on one server is good on the other.
    assert "Signed in as" in first.get(b + "/tables/").text


def test_sign_in_tries_on_both_servers_count_toward_one_limit(servers):
    a, b = servers
    user = UserFactory()
    guesser = Phone()
    for base in (a, b, a):
        guesser.sign_in(base, user.username, "wrong")
    # The right password, on the other server: the account is paused all the same.
    assert guesser.sign_in(b, user.username).status_code == 429


def test_password_resets_and_sign_in_codes_asked_of_both_servers_count_together(servers):
    a, b = servers
    user = UserFactory(email="ann@example.com")
    phone = Phone()
    resets = [
        phone.post(base + "/accounts/password/reset/", {"email": user.email}) for base in (a, b, a)
    ]
    assert [r.status_code for r in resets] == [302, 302, 429]
    codes = [phone.post(base + "/accounts/code/ask/", {"email": user.email}) for base in (b, a, b)]
    assert [r.status_code for r in codes] == [302, 302, 429]


def test_invite_tries_and_seat_claims_on_both_servers_count_together(servers):
    a, b = servers
    night = night_with(("Ann", "Bob", "Cy", "Dee", "Eve"))
    players = {seat.player.name: seat.player for seat in night.seats.all()}
    visitor = link_player(players["Ann"]).user
    phone = Phone()
    assert phone.sign_in(a, visitor.username).status_code == 302

    # She plays Ann already: taking Bob's invite is refused, and each try is counted.
    _, token = player_invite_create(player=players["Bob"], by=night.table.owner)
    tries = [phone.post(f"{base}/invite/{token}/", {}) for base in (a, b, a)]
    assert [t.status_code for t in tries] == [409, 409, 429]
    assert PlayerInviteAttempt.objects.count() == 3

    # Someone with no seat there says they are Cy, then Dee, then Eve: the third is one
    # claim too many from this device.
    claimer = Phone()
    assert claimer.sign_in(b, UserFactory().username).status_code == 302
    link = share_link_create(night=night, by=night.table.owner)
    claims = [
        claimer.post(f"{base}/live/{link.token}/claim/{players[name].pk}/", {})
        for base, name in ((b, "Cy"), (a, "Dee"), (b, "Eve"))
    ]
    assert [c.status_code for c in claims][:2] == [302, 302]
    assert claims[2].status_code == 409
    assert "at most 2 claims an hour" in claims[2].text
    assert SeatClaim.objects.count() == 2
