"""Web Push against a push endpoint of the test's own: it checks the VAPID signature and
decrypts the payload with the keys the test's "phone" holds (http_ece, RFC 8291). The
notification says what the mail says; a subscription the push service reports gone is
removed."""

import base64
import json
import os
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import http_ece
import pytest
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
from django.urls import reverse

from ledger.models import Notice, NoticeStatus, Player, PushSubscription
from ledger.services.notices import push_subscription_save
from tables.management.commands.vapid_keys import b64url, new_vapid_keys
from tests.factories import UserFactory, link_player
from tests.ledger.stats_nights import play_example_1

pytestmark = pytest.mark.django_db


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class PushService:
    """A push service on this machine: /ok/<n> takes messages, /gone/<n> says 410."""

    def __init__(self, vapid_public: str, subject: str):
        self.vapid_public = vapid_public
        self.subject = subject
        self.received: list[tuple[str, bytes, dict]] = []
        self.problems: list[str] = []
        service = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers["Content-Length"]))
                if self.path.startswith("/gone/"):
                    self.send_response(410)
                    self.end_headers()
                    return
                service.check_vapid(self.headers, f"http://{self.headers['Host']}")
                service.received.append((self.path, body, self.headers))
                self.send_response(201)
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.origin = f"http://127.0.0.1:{self.server.server_port}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def check_vapid(self, headers, audience: str) -> None:
        """RFC 8292: "vapid t=<JWT signed ES256>, k=<the server's public key>"."""
        scheme, _, params = headers["Authorization"].partition(" ")
        fields = dict(part.strip().split("=", 1) for part in params.split(","))
        if scheme != "vapid" or fields["k"] != self.vapid_public:
            self.problems.append(f"not our server's key: {headers['Authorization']}")
            return
        head, claims, signature = fields["t"].split(".")
        raw = _unb64(signature)
        public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), _unb64(fields["k"]))
        der = encode_dss_signature(int.from_bytes(raw[:32]), int.from_bytes(raw[32:]))
        public.verify(der, f"{head}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))
        claimed = json.loads(_unb64(claims))
        if claimed["aud"] != audience or claimed["sub"] != self.subject:
            self.problems.append(f"wrong claims: {claimed}")

    def stop(self):
        self.server.shutdown()


class Phone:
    """A browser's push subscription: its ECDH key pair and auth secret stay here."""

    def __init__(self, endpoint: str):
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.auth = os.urandom(16)
        self.endpoint = endpoint
        self.p256dh = b64url(
            self.key.public_key().public_bytes(
                serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
            )
        )

    def read(self, body: bytes) -> dict:
        plain = http_ece.decrypt(
            body, private_key=self.key, auth_secret=self.auth, version="aes128gcm"
        )
        return json.loads(plain)


@pytest.fixture
def push_service(settings):
    private, public = new_vapid_keys()
    settings.VAPID_PRIVATE_KEY = private
    settings.VAPID_PUBLIC_KEY = public
    settings.VAPID_SUBJECT = "mailto:host@bourre.example"
    service = PushService(public, settings.VAPID_SUBJECT)
    yield service
    service.stop()
    assert service.problems == []


@pytest.fixture
def bob_with_a_phone(client, push_service):
    """Worked example 1 played, not closed; Bob's account has an e-mail and a phone."""
    night = play_example_1(close=False)
    bob = UserFactory(email="bob@example.com")
    link_player(Player.objects.get(table=night.table, name="Bob"), bob)
    phone = Phone(push_service.origin + "/ok/1")
    push_subscription_save(
        user=bob, endpoint=phone.endpoint, p256dh=phone.p256dh, auth=b64url(phone.auth)
    )
    client.force_login(night.table.owner)
    return night, bob, phone


def test_the_notification_says_what_the_mail_says(client, mailbox, push_service, bob_with_a_phone):
    night, _, phone = bob_with_a_phone

    client.post(reverse("night_close", args=[night.pk]), {"policy": "refund"})

    ((path, body, headers),) = push_service.received
    assert path == "/ok/1" and headers["Content-Encoding"] == "aes128gcm"
    shown = phone.read(body)
    (mail,) = mailbox.to("bob@example.com")
    assert shown["title"] == mail["Subject"]
    assert shown["body"].splitlines() == [
        "Your result: -16 chips, -$16.00.",
        "You pay Ann $12.00.",
        "You pay Cy $4.00.",
    ]
    assert all(line in mailbox.text(mail) for line in shown["body"].splitlines())
    assert shown["url"] == "http://testserver" + reverse("my_debts")
    assert Notice.objects.get(channel="push").status == NoticeStatus.SENT


def test_a_subscription_the_push_service_reports_gone_is_removed(
    client, push_service, bob_with_a_phone
):
    night, bob, _ = bob_with_a_phone
    gone = Phone(push_service.origin + "/gone/2")
    push_subscription_save(
        user=bob, endpoint=gone.endpoint, p256dh=gone.p256dh, auth=b64url(gone.auth)
    )

    client.post(reverse("night_close", args=[night.pk]), {"policy": "refund"})

    assert list(PushSubscription.objects.values_list("endpoint", flat=True)) == [
        push_service.origin + "/ok/1"
    ]
    assert len(push_service.received) == 1
