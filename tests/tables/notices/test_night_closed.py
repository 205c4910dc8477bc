"""Closing a night tells each player with an account their result and what they pay whom,
in their own language, by mail through a real SMTP server: once."""

import re

import pytest
from django.urls import reverse

from ledger.models import Notice, NoticeStatus, Player
from ledger.services.hosts import host_language_set
from tables.notices import tasks
from tests.factories import UserFactory, link_player
from tests.ledger.stats_nights import play_example_1

pytestmark = pytest.mark.django_db


@pytest.fixture
def night_to_close(client):
    """Worked example 1 played, not closed: Ann +12, Bob -16, Cy +4, Dee 0 (chip value 1
    USD). Ann, Bob and Cy have accounts, in English, Swedish and Italian; Dee has none."""
    night = play_example_1(close=False)
    languages = {"Ann": "en", "Bob": "sv", "Cy": "it"}
    accounts = {}
    for name, language in languages.items():
        user = UserFactory(email=f"{name.lower()}@example.com")
        host_language_set(user=user, language=language)
        link_player(Player.objects.get(table=night.table, name=name), user)
        accounts[name] = user
    client.force_login(night.table.owner)
    return night, accounts


def _close(client, night):
    return client.post(reverse("night_close", args=[night.pk]), {"policy": "refund"})


def test_closing_a_night_mails_each_linked_player_once_in_their_language(
    client, mailbox, night_to_close
):
    night, _ = night_to_close

    _close(client, night)

    assert sorted(m["To"] for m in mailbox.messages) == [
        "ann@example.com",
        "bob@example.com",
        "cy@example.com",
    ]
    (ann,) = mailbox.to("ann@example.com")
    (bob,) = mailbox.to("bob@example.com")
    (cy,) = mailbox.to("cy@example.com")
    assert "Your result: +12 chips, $12.00." in mailbox.text(ann)
    assert "Bob pays you $12.00." in mailbox.text(ann)
    assert "Ditt resultat: -16 spelmarker, -16,00\xa0US$." in mailbox.text(bob)
    assert "Du betalar Ann 12,00\xa0US$." in mailbox.text(bob)
    assert "Du betalar Cy 4,00\xa0US$." in mailbox.text(bob)
    assert "Bob ti paga 4,00\xa0USD." in mailbox.text(cy)
    assert (ann["Content-Language"], bob["Content-Language"], cy["Content-Language"]) == (
        "en",
        "sv",
        "it",
    )


def test_the_pay_now_link_opens_what_the_payer_owes(client, mailbox, night_to_close):
    night, accounts = night_to_close
    _close(client, night)
    (bob,) = mailbox.to("bob@example.com")

    link = re.search(r"Betala nu: (\S+)", mailbox.text(bob)).group(1)

    assert link == "http://testserver" + reverse("my_debts")
    client.force_login(accounts["Bob"])
    page = client.get(link.removeprefix("http://testserver"))
    assert page.status_code == 200
    assert b"Ann" in page.content and b"Cy" in page.content


def test_closing_again_or_a_worker_running_the_task_again_sends_nothing_new(
    client, mailbox, night_to_close
):
    night, _ = night_to_close
    _close(client, night)

    _close(client, night)
    tasks.night_closed_notices.call(night.pk, "http://testserver")
    for notice in Notice.objects.all():
        tasks.notice_send.call(notice.pk)

    assert len(mailbox.messages) == 3
    assert Notice.objects.count() == 3
    assert set(Notice.objects.values_list("status", flat=True)) == {NoticeStatus.SENT}


def test_each_mail_carries_a_one_click_unsubscribe_that_works_without_a_session(
    client, mailbox, night_to_close
):
    night, accounts = night_to_close
    _close(client, night)
    (ann,) = mailbox.to("ann@example.com")
    assert ann["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    address = ann["List-Unsubscribe"].strip("<>")
    client.logout()

    # RFC 8058: the mail provider POSTs this body, from its own servers, with no cookie.
    response = client.post(
        address.removeprefix("http://testserver"), {"List-Unsubscribe": "One-Click"}
    )

    assert response.status_code == 200
    assert accounts["Ann"].notice_opt_outs.filter(kind="night_closed", channel="email").exists()
