"""Erasing a player, deleting an account, and a leaving host's tables: the personal data
goes, the ledger stays whole and verifies."""

import io

import pytest
from axes.models import AccessAttempt
from django.apps import apps
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.db import models
from django.db.models import Q

from ledger.errors import Conflict, InvalidInput
from ledger.models import (
    Entry,
    Erasure,
    ErasureKind,
    Notice,
    Passkey,
    PaymentMethod,
    Player,
    ShareLink,
    Table,
)
from ledger.names import account_name
from ledger.selectors.co_hosts import active_grants
from ledger.selectors.erasures import tables_to_leave
from ledger.selectors.player_links import current_links
from ledger.services.debts import payment_mark
from ledger.services.erasures import (
    ACCOUNT_ALREADY_DELETED,
    HEIR_NOT_A_CO_HOST,
    PLAYER_ALREADY_ERASED,
    account_delete,
    player_erase,
)
from ledger.services.payment_methods import account_payment_method_add
from tests.factories import UserFactory
from tests.tables.urlwalk import build_world

pytestmark = pytest.mark.django_db

NAME = "Zuleika"


def verified() -> str:
    out = io.StringIO()
    call_command("verify_ledger", "--no-progress", stdout=out, stderr=io.StringIO())
    return out.getvalue()


def test_an_erased_player_is_a_number_with_no_way_of_getting_paid_and_no_account():
    world = build_world(NAME)
    entries = list(Entry.objects.order_by("pk").values_list("pk", "amount", "hash"))

    player = player_erase(player=world.player, by=world.owner)

    number = Player.objects.filter(table=world.table, pk__lte=player.pk).count()
    assert player.name == f"Player {number}"
    assert player.erased_at is not None
    method = PaymentMethod.objects.get(pk=world.method.pk)
    assert (method.value, method.erased_by, method.erased_at) == ("", world.owner, player.erased_at)
    assert not PaymentMethod.objects.current().filter(player=player).exists()
    assert not current_links().filter(player=player).exists()
    assert Erasure.objects.get(kind=ErasureKind.PLAYER).player == player
    assert list(Entry.objects.order_by("pk").values_list("pk", "amount", "hash")) == entries
    assert "FAILED" not in verified()


def test_a_player_is_erased_once():
    world = build_world(NAME)
    player_erase(player=world.player, by=world.owner)

    with pytest.raises(Conflict) as refusal:
        player_erase(player=world.player, by=world.owner)

    assert refusal.value.problems[0].code == PLAYER_ALREADY_ERASED.code
    assert Erasure.objects.count() == 1


def test_erasing_takes_the_name_out_of_notes_and_messages_about_the_table():
    world = build_world(NAME)
    marked = payment_mark(
        night=world.closed_night,
        payer_id=world.mark.payer_id,
        payee_id=world.mark.payee_id,
        note=f"{NAME.lower()} took cash",
        by=world.owner,
    )
    Notice.objects.create(
        recipient=world.linked,
        host=world.owner,
        channel="email",
        kind="debt_reminder",
        event="e1",
        language="en",
        subject=f"You owe {NAME}",
        body=f"Pay {NAME} 5 kr",
        url="/",
        created_at=marked.marked_at,
    )

    player = player_erase(player=world.player, by=world.owner)

    marked.refresh_from_db()
    assert marked.note == f"{player.name} took cash"
    notice = Notice.objects.get(event="e1")
    assert (notice.subject, notice.body) == (f"You owe {player.name}", f"Pay {player.name} 5 kr")


def test_a_short_name_is_taken_out_as_a_word_not_out_of_other_words():
    world = build_world("Al")
    marked = payment_mark(
        night=world.closed_night,
        payer_id=world.mark.payer_id,
        payee_id=world.mark.payee_id,
        note="AL paid it all, small change",
        by=world.owner,
    )

    player = player_erase(player=world.player, by=world.owner)

    marked.refresh_from_db()
    assert marked.note == f"{player.name} paid it all, small change"


def test_the_number_is_one_no_other_player_has():
    world = build_world(NAME)
    taken = Player.objects.filter(table=world.table, pk__lte=world.player.pk).count()
    Player.objects.filter(pk=world.mark.payer_id).update(name=f"player {taken}")

    player = player_erase(player=world.player, by=world.owner)

    assert player.name == f"Player {taken + 1}"


def every_text(needle: str) -> list[str]:
    """Where in the database a text column holds ``needle``: model.field for each."""
    found = []
    for model in apps.get_models():
        texts = [
            f.name
            for f in model._meta.concrete_fields
            if isinstance(f, (models.CharField, models.TextField, models.JSONField))
        ]
        condition = Q()
        for name in texts:
            condition |= Q(**{f"{name}__icontains": needle})
        if texts and model._default_manager.filter(condition).exists():
            found.append(model._meta.label)
    return found


def test_a_deleted_account_leaves_no_text_that_holds_its_address_or_pay_details():
    world = build_world(NAME)
    ann = world.linked
    ann.email = "zuleika@example.com"
    ann.save()
    iban = account_payment_method_add(
        user=ann, kind="sepa", value="SE45 5000 0000 0583 9825 7466", name="Zuleika Holm"
    )
    AccessAttempt.objects.create(
        username=ann.email, ip_address="192.0.2.9", user_agent="x", failures_since_start=1
    )
    Notice.objects.create(
        recipient=world.owner,
        host=world.owner,
        channel="email",
        kind="debt_reminder",
        event="e2",
        language="en",
        subject="Settle up",
        body=f"Send it to {iban.value} ({ann.email})",
        url="/",
        created_at=iban.added_at,
    )
    secrets = [ann.email, iban.value, iban.name, world.own_method.value]
    assert all(every_text(secret) for secret in secrets)

    account_delete(user=ann, heirs={})

    assert {secret: every_text(secret) for secret in secrets} == {s: [] for s in secrets}
    ann.refresh_from_db()
    assert (ann.is_active, ann.has_usable_password(), ann.email) == (False, False, "")
    assert account_name(ann) == "a former account"
    assert not Passkey.objects.filter(user=ann).exists()
    assert not current_links().filter(user=ann).exists()
    # The seat stays at the table, with its name and its nights.
    assert Player.objects.get(pk=world.player.pk).name == NAME
    assert "FAILED" not in verified()


def test_a_deleted_account_cannot_be_deleted_again():
    user = UserFactory()
    account_delete(user=user, heirs={})

    with pytest.raises(Conflict) as refusal:
        account_delete(user=user, heirs={})

    assert refusal.value.problems[0].code == ACCOUNT_ALREADY_DELETED.code


def test_a_leaving_host_gives_a_table_to_a_co_host():
    world = build_world(NAME)
    [row] = tables_to_leave(world.owner)
    [heir] = row.heirs
    assert heir.user_id == world.co_host.pk

    account_delete(user=world.owner, heirs={world.table.pk: world.co_host.pk})

    table = Table.objects.get(pk=world.table.pk)
    assert (table.owner, table.erased_at) == (world.co_host, None)
    assert Player.objects.get(pk=world.player.pk).name == NAME
    assert not active_grants().filter(link__user=world.co_host).exists()


def test_a_leaving_host_erases_a_table_nobody_takes():
    world = build_world(NAME)
    nights = list(world.table.nights.order_by("pk").values_list("pk", "started_at"))

    account_delete(user=world.owner, heirs={})

    table = Table.objects.get(pk=world.table.pk)
    assert table.erased_at is not None and table.hidden_at is not None
    assert not table.players.filter(erased_at=None).exists()
    assert not ShareLink.objects.filter(night__table=table, revoked_at=None).exists()
    # Each night is still known: its date, its hands, its seal.
    assert list(table.nights.order_by("pk").values_list("pk", "started_at")) == nights
    assert every_text(NAME) == []
    assert "FAILED" not in verified()
    assert Erasure.objects.filter(kind=ErasureKind.TABLE, table=table).exists()


def test_a_table_goes_only_to_one_of_its_co_hosts():
    world = build_world(NAME)

    with pytest.raises(InvalidInput) as refusal:
        account_delete(user=world.owner, heirs={world.table.pk: world.other.pk})

    assert refusal.value.problems[0].code == HEIR_NOT_A_CO_HOST.code
    assert get_user_model().objects.get(pk=world.owner.pk).is_active
    assert Table.objects.get(pk=world.table.pk).owner == world.owner
