"""A real SMTP server (aiosmtpd) in the test process, which the app's mail goes through,
and the accounts of a night about to close."""

import email
import email.policy
import socket
from dataclasses import dataclass, field

import pytest
from aiosmtpd.controller import Controller


@dataclass
class MailBox:
    """What the SMTP server took, as parsed messages; the recipients it refuses."""

    messages: list = field(default_factory=list)
    refuse: set = field(default_factory=set)

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if address.lower() in self.refuse:
            return "550 5.1.1 No such mailbox here"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        message = email.message_from_bytes(envelope.content, policy=email.policy.default)
        self.messages.append(message)
        return "250 Message accepted for delivery"

    def to(self, address: str) -> list:
        return [m for m in self.messages if m["To"] == address]

    @staticmethod
    def text(message) -> str:
        return message.get_body(preferencelist=("plain",)).get_content()


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def mailbox(settings):
    """The app's mail goes through a real SMTP server on this machine, which keeps it."""
    box = MailBox()
    controller = Controller(box, hostname="127.0.0.1", port=_free_port())
    controller.start()
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST = "127.0.0.1"
    settings.EMAIL_PORT = controller.port
    settings.EMAIL_USE_TLS = False
    settings.EMAIL_HOST_USER = ""
    settings.EMAIL_HOST_PASSWORD = ""
    settings.EMAIL_TIMEOUT = 10
    yield box
    controller.stop()
