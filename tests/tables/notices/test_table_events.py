"""What the host and a player are told about a table: a claim waits for the host, the
host's invite was used, a player was made co-host. Each once, in the recipient's
language, with the link to where they act on it."""

import pytest
from django.test import Client
from django.urls import reverse

from ledger.models import Notice
from ledger.services.hosts import host_language_set
from ledger.services.player_invites import player_invite_create
from ledger.services.share_links import share_link_create
from tests.factories import NightFactory, UserFactory, link_player

pytestmark = pytest.mark.django_db


@pytest.fixture
def night():
    night = NightFactory()
    owner = night.table.owner
    owner.email = "host@example.com"
    owner.save(update_fields=["email"])
    return night


def _client(user) -> Client:
    c = Client()
    c.force_login(user)
    return c


def test_a_claim_from_the_live_link_tells_the_host_in_their_language(mailbox, night):
    host_language_set(user=night.table.owner, language="fr")
    token = share_link_create(night=night, by=night.table.owner).token
    ann = night.table.players.get(name="Ann")
    visitor = UserFactory(username="ann_phone")

    _client(visitor).post(reverse("seat_claim", args=[token, ann.pk]))

    (mail,) = mailbox.to("host@example.com")
    assert mail["Subject"] == f"{night.table.name} : ann_phone dit être Ann"
    assert "http://testserver" + reverse("table_detail", args=[night.table.pk]) in mailbox.text(
        mail
    )


def test_an_invite_taken_tells_the_host(mailbox, night):
    ann = night.table.players.get(name="Ann")
    _, token = player_invite_create(player=ann, by=night.table.owner)
    invitee = UserFactory(username="ann_account")

    _client(invitee).post(reverse("invite_view", args=[token]))

    (mail,) = mailbox.to("host@example.com")
    assert "The account ann_account took your invite and now plays Ann." in mailbox.text(mail)
    assert "http://testserver" + reverse("player_detail", args=[ann.pk]) in mailbox.text(mail)


def test_a_player_made_co_host_is_told_once(mailbox, night):
    bob = night.table.players.get(name="Bob")
    account = link_player(bob, UserFactory(email="bob@example.com")).user
    host = _client(night.table.owner)

    host.post(reverse("co_host_grant", args=[bob.pk]))
    host.post(reverse("co_host_grant", args=[bob.pk]))

    (mail,) = mailbox.to("bob@example.com")
    assert mail["Subject"] == f"You are now a co-host of {night.table.name}"
    assert Notice.objects.filter(recipient=account).count() == 1


def test_an_account_without_an_e_mail_address_gets_no_mail(mailbox, night):
    bob = night.table.players.get(name="Bob")
    link_player(bob, UserFactory(email=""))

    _client(night.table.owner).post(reverse("co_host_grant", args=[bob.pk]))

    assert mailbox.messages == []
    assert not Notice.objects.exists()
