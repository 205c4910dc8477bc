"""How a message goes out: an address the mail server refuses stops mail to it (and the
account page says so); a mail server that is away is tried again, a few times; past the
hour's limits a message is held back, recorded but not sent."""

import pytest
from django.urls import reverse

from ledger.models import MailRefusal, Notice, NoticeKind, NoticeStatus
from ledger.services.notices import NOTICE_ATTEMPTS
from tables.notices import tasks, texts
from tables.notices.fanout import send
from tests.factories import TableFactory, UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def karin():
    return UserFactory(username="karin", email="karin@example.com")


def _tell(user, event: str, table=None) -> int:
    table = table or TableFactory()
    return send(
        user=user,
        table=table,
        kind=NoticeKind.CO_HOST_MADE,
        event=event,
        compose=lambda: texts.co_host_made(
            table=table, host="host", url="http://testserver" + reverse("table_detail", args=[1])
        ),
    )


def test_an_address_the_server_refuses_gets_no_more_mail_and_the_account_page_says_so(
    client, mailbox, karin
):
    mailbox.refuse.add("karin@example.com")

    _tell(karin, "one")
    _tell(karin, "two")

    assert list(Notice.objects.values_list("status", flat=True)) == [NoticeStatus.REFUSED] * 2
    assert MailRefusal.objects.get().address == "karin@example.com"
    client.force_login(karin)
    page = client.get(reverse("notice_settings")).content.decode()
    assert "The mail server refused karin@example.com" in page
    client.post(reverse("mail_retry"))
    mailbox.refuse.clear()
    _tell(karin, "three")
    assert len(mailbox.to("karin@example.com")) == 1


def test_a_mail_server_that_is_away_is_tried_again_until_it_answers(settings, mailbox, karin):
    port = settings.EMAIL_PORT
    settings.EMAIL_PORT = 9  # nothing listens: the connection is refused

    _tell(karin, "one")
    notice = Notice.objects.get()
    assert (notice.status, notice.attempts) == (NoticeStatus.QUEUED, 1)

    settings.EMAIL_PORT = port
    tasks.notice_send.call(notice.pk)
    notice.refresh_from_db()
    assert (notice.status, notice.attempts) == (NoticeStatus.SENT, 2)
    assert len(mailbox.messages) == 1


def test_after_the_last_try_the_message_is_marked_failed(settings, karin):
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT, settings.EMAIL_USE_TLS = "127.0.0.1", 9, False

    _tell(karin, "one")
    notice = Notice.objects.get()
    for _ in range(NOTICE_ATTEMPTS - 1):
        tasks.notice_send.call(notice.pk)

    notice.refresh_from_db()
    assert (notice.status, notice.attempts) == (NoticeStatus.FAILED, NOTICE_ATTEMPTS)
    assert "mail server" in notice.error


def test_past_the_limit_per_recipient_messages_are_held_back(settings, mailbox, karin):
    settings.NOTICE_LIMIT_PER_RECIPIENT = 2

    for event in ("one", "two", "three"):
        _tell(karin, event)

    assert list(Notice.objects.order_by("id").values_list("status", flat=True)) == [
        NoticeStatus.SENT,
        NoticeStatus.SENT,
        NoticeStatus.HELD,
    ]
    assert len(mailbox.messages) == 2


def test_past_the_limit_per_host_messages_are_held_back(settings, mailbox):
    settings.NOTICE_LIMIT_PER_HOST = 2
    table = TableFactory()
    players = [UserFactory(email=f"p{n}@example.com") for n in range(3)]

    for player in players:
        _tell(player, "same event", table=table)

    assert len(mailbox.messages) == 2
    assert Notice.objects.filter(status=NoticeStatus.HELD).count() == 1
