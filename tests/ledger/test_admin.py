"""The admin shows everything and changes nothing."""

from datetime import timedelta

import pytest
from django.apps import apps
from django.contrib import admin
from django.test import RequestFactory
from django.urls import reverse

from ledger import nightfile
from ledger.models import DebtPoolSource, Entry, Hand, Player, ShareLink
from ledger.selectors.debts import table_debts
from ledger.services import notices
from ledger.services import roster as roster_services
from ledger.services.co_hosts import co_host_grant, co_host_revoke
from ledger.services.debts import debts_pool, payment_mark, payment_mark_reverse
from ledger.services.erasures import player_erase
from ledger.services.hosts import host_language_set
from ledger.services.password_resets import password_reset_request_record
from ledger.services.payment_methods import payment_method_remove
from ledger.services.payments_sent import payment_sent_confirm, payment_sent_record
from ledger.services.player_invites import (
    player_invite_attempt_record,
    player_invite_create,
    player_invite_withdraw,
)
from ledger.services.player_links import player_unlink
from ledger.services.schedules import (
    calendar_feed_reset,
    rsvp_answer,
    rsvp_link_create,
    schedule_skip,
)
from ledger.services.seat_claims import seat_claim_create, seat_claim_refuse
from ledger.services.sign_ins import NewPasskey, passkey_add, sign_in_code_issue
from tests.factories import (
    NightFactory,
    PaymentMethodFactory,
    PlayerFactory,
    ScheduleFactory,
    ShareLinkFactory,
    TableFactory,
    UserFactory,
    link_player,
)
from tests.ledger.debt_nights import closed_example

pytestmark = pytest.mark.django_db

LEDGER_MODELS = list(apps.get_app_config("ledger").get_models())


def _url(model, view: str, *args) -> str:
    return reverse(f"admin:{model._meta.app_label}_{model._meta.model_name}_{view}", args=args)


@pytest.fixture
def night():
    """Three hands, then Dee goes home, and the night imported back from its file, the
    host's language saved, a way Ann got paid, then removed, what is owed at another
    table (with a word "I sent it" confirmed), a password reset asked for, Bob's seat
    linked to his account and unlinked, and Cy's invited, claimed and made co-host: a row
    of every model but a share link."""
    night = NightFactory(hands=3)
    host_language_set(user=night.table.owner, language="sv")
    dee = night.seats.get(player__name="Dee").player
    roster_services.night_seat_leave(night=night, player=dee, by=night.started_by)
    nightfile.night_import(document=nightfile.night_export(night), owner=night.table.owner)
    method = PaymentMethodFactory(player=night.seats.get(player__name="Ann").player)
    payment_method_remove(method=method, by=night.table.owner, reason="new phone")
    _debts()
    password_reset_request_record(email="ann@example.com", client="203.0.113.7")
    link = link_player(night.seats.get(player__name="Bob").player)
    player_unlink(link=link, by=night.table.owner)
    _accounts(night)
    return night


def _accounts(night) -> None:
    """An invite withdrawn and one tried, a claim answered, a co-host grant revoked."""
    host = night.table.owner
    cy = night.seats.get(player__name="Cy").player
    invite, _ = player_invite_create(player=cy, by=host)
    player_invite_withdraw(invite=invite, by=host)
    player_invite_attempt_record(client="203.0.113.8")
    claim = seat_claim_create(player=cy, user=UserFactory(), client="203.0.113.9")
    seat_claim_refuse(claim=claim, by=host)
    grant = co_host_grant(link=link_player(cy), by=host)
    co_host_revoke(grant=grant, by=host)
    # A message sent, a kind turned off, a phone's notifications, an address refused.
    notices.notice_queue(
        recipient=host,
        host=host,
        channel="email",
        kind="co_host_made",
        event="admin",
        language="en",
        subject="Subject",
        body="Body",
        url="https://bourre.example/",
    )
    notices.notice_choice_set(user=host, kind="debt_reminder", channel="email", on=False)
    notices.push_subscription_save(
        user=host, endpoint="https://push.example/x", p256dh="BKey", auth="secret"
    )
    notices.mail_refusal_record(address="gone@example.com", reason="550 no such mailbox")
    # A passkey, and a code mailed to sign in.
    passkey_add(user=host, key=NewPasskey(credential_id="QUJD", public_key=b"\xa5", sign_count=0))
    sign_in_code_issue(email=host.email, client="203.0.113.10", user=host)
    # A player erased at the host's request.
    player_erase(player=PlayerFactory(table=TableFactory(owner=host)), by=host)
    # A weekly night ahead with a date skipped, an answer, an answer link; a calendar.
    ahead = ScheduleFactory(table=TableFactory(owner=host), repeat="weekly")
    skipped = ahead.first_date + timedelta(days=7)
    schedule_skip(schedule=ahead, day=skipped, by=host)
    player = PlayerFactory(table=ahead.table)
    rsvp_answer(schedule=ahead, day=ahead.first_date, player=player, answer="yes", by=host)
    rsvp_link_create(player=player, by=host)
    calendar_feed_reset(user=host)


def _debts() -> None:
    """A mark taken back and a "settle everything" of two closed nights, at another table."""
    first = closed_example()
    closed_example(first.table, cast={"Ann": "Bob", "Bob": "Ann"})
    ids = dict(first.seats.values_list("player__name", "player_id"))
    mark = payment_mark(night=first, payer_id=ids["Bob"], payee_id=ids["Ann"], by=first.started_by)
    payment_mark_reverse(mark=mark, reason="Wrong pair", by=first.started_by)
    # Bob's account says it sent the transfer, and the host confirms it.
    bob = link_player(Player.objects.get(pk=ids["Bob"])).user
    sent = payment_sent_record(night=first, payer_id=ids["Bob"], payee_id=ids["Ann"], by=bob)
    payment_sent_confirm(sent=sent, by=first.started_by)
    digest = table_debts(first.table).of("USD").digest
    pool = debts_pool(table=first.table, currency="USD", digest=digest, by=first.started_by)
    # What a "settle everything" carried, as one wrote it down before migration 0014.
    DebtPoolSource.objects.create(pool=pool, night=first)


def test_every_model_is_in_the_admin_and_none_can_be_added_changed_or_deleted_there():
    request = RequestFactory().get("/admin/")
    request.user = UserFactory(is_staff=True, is_superuser=True)

    for model in LEDGER_MODELS:
        model_admin = admin.site._registry[model]
        assert model_admin.has_view_permission(request), model
        assert not model_admin.has_add_permission(request), model
        assert not model_admin.has_change_permission(request), model
        assert not model_admin.has_delete_permission(request), model


@pytest.mark.parametrize("model", LEDGER_MODELS, ids=lambda model: model.__name__)
def test_an_operator_can_list_every_model_and_open_a_row(admin_client, night, model):
    ShareLinkFactory(night=night)
    row = model.objects.first()

    assert admin_client.get(_url(model, "changelist")).status_code == 200
    assert admin_client.get(_url(model, "change", row.pk)).status_code == 200


@pytest.mark.parametrize(
    ("model", "field", "value"),
    [(Entry, "amount", "999"), (Hand, "reason", "rewritten")],
    ids=["an entry", "a hand"],
)
def test_the_admin_refuses_to_change_add_or_delete_entries_and_hands(
    admin_client, night, model, field, value
):
    row = model.objects.order_by("pk").first()
    before = model.objects.filter(pk=row.pk).values().get()
    count = model.objects.count()

    page = admin_client.get(_url(model, "change", row.pk))
    changed = admin_client.post(_url(model, "change", row.pk), {field: value})
    added = admin_client.post(_url(model, "add"), {field: value})
    deleted = admin_client.post(_url(model, "delete", row.pk), {"post": "yes"})

    assert 'name="_save"' not in page.content.decode()
    assert (changed.status_code, added.status_code, deleted.status_code) == (403, 403, 403)
    assert model.objects.filter(pk=row.pk).values().get() == before
    assert model.objects.count() == count


def test_a_share_links_token_is_not_shown_in_the_admin(admin_client, night):
    link = ShareLinkFactory(night=night)

    for url in (_url(ShareLink, "changelist"), _url(ShareLink, "change", link.pk)):
        assert link.token not in admin_client.get(url).content.decode()


def test_a_host_without_staff_rights_is_sent_to_the_admin_sign_in(client, night):
    client.force_login(night.table.owner)

    response = client.get(_url(Entry, "changelist"))

    assert response.status_code == 302
    assert response["Location"].startswith(reverse("admin:login"))
