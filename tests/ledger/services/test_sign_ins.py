"""The codes mailed to sign in (kept as digests, counted, spent) and the accounts and
passkeys made without a password."""

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.utils import timezone

from ledger.errors import (
    ACCOUNT_NAME_TAKEN,
    PASSKEY_ALREADY_ADDED,
    SIGN_IN_CODE_SPENT,
    SIGN_IN_CODE_WRONG,
    Conflict,
    InvalidInput,
)
from ledger.models import Passkey, SignInCode
from ledger.selectors.sign_ins import account_for_email, sign_in_code_counts
from ledger.services.sign_ins import (
    NewPasskey,
    account_create,
    passkey_add,
    passkey_used,
    sign_in_code_issue,
    sign_in_code_redeem,
)
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db
KEY = NewPasskey(credential_id="QUJD", public_key=b"\xa5\x01", sign_count=0)


def _codes(error) -> list:
    return [(problem.code, dict(problem.params)) for problem in error.value.problems]


def test_a_code_is_six_digits_and_only_its_digest_is_kept():
    issued = sign_in_code_issue(email="Ann@Example.com", client="203.0.113.7")
    row = SignInCode.objects.get()
    assert len(issued.code) == 6 and issued.code.isdigit()
    kept = " ".join(str(value) for value in SignInCode.objects.values_list().get())
    assert issued.code not in kept and "ann@example.com" not in kept.lower()
    assert all(len(d) == 64 for d in (row.email_digest, row.client_digest, row.code_digest))
    assert row.expires_at - row.created_at == timedelta(minutes=15)


def test_the_right_code_for_its_address_is_used_once():
    issued = sign_in_code_issue(email="ann@example.com", client="c")
    spaced = f"{issued.code[:3]} {issued.code[3:]}"
    used = sign_in_code_redeem(code_id=issued.row.pk, email=" ANN@example.com", typed=spaced)
    assert used.used_at is not None
    with pytest.raises(InvalidInput) as again:
        sign_in_code_redeem(code_id=issued.row.pk, email="ann@example.com", typed=issued.code)
    assert _codes(again) == [("sign_in_code_spent", {})]


def test_a_code_typed_for_another_address_is_spent_for_it():
    issued = sign_in_code_issue(email="ann@example.com", client="c")
    with pytest.raises(InvalidInput) as refused:
        sign_in_code_redeem(code_id=issued.row.pk, email="bob@example.com", typed=issued.code)
    assert _codes(refused) == [(SIGN_IN_CODE_SPENT.code, {})]


def test_each_wrong_try_is_counted_and_the_fifth_spends_the_code():
    issued = sign_in_code_issue(email="ann@example.com", client="c")
    wrong = f"{(int(issued.code) + 1) % 1_000_000:06d}"
    seen = []
    for _ in range(5):
        with pytest.raises(InvalidInput) as refused:
            sign_in_code_redeem(code_id=issued.row.pk, email="ann@example.com", typed=wrong)
        seen += _codes(refused)
    assert seen == [
        *[(SIGN_IN_CODE_WRONG.code, {"left": left}) for left in (4, 3, 2, 1)],
        (SIGN_IN_CODE_SPENT.code, {}),
    ]
    assert SignInCode.objects.get().tries == 5


def test_the_database_refuses_a_sixth_try():
    issued = sign_in_code_issue(email="ann@example.com", client="c")
    with pytest.raises(IntegrityError), transaction.atomic():
        SignInCode.objects.filter(pk=issued.row.pk).update(tries=6)


def test_a_code_past_its_fifteen_minutes_is_spent(monkeypatch):
    issued = sign_in_code_issue(email="ann@example.com", client="c")
    later = timezone.now() + timedelta(minutes=15)
    monkeypatch.setattr("ledger.services.sign_ins.timezone.now", lambda: later)
    with pytest.raises(InvalidInput):
        sign_in_code_redeem(code_id=issued.row.pk, email="ann@example.com", typed=issued.code)


def test_the_hours_codes_are_counted_per_address_and_per_device():
    for client in ("a", "b", "a"):
        sign_in_code_issue(email="ann@example.com", client=client)
    last = sign_in_code_issue(email="bob@example.com", client="a").row
    counts = sign_in_code_counts(last, within=timedelta(hours=1))
    assert (counts.email, counts.client) == (1, 3)


def test_an_address_signs_in_to_the_active_account_signed_in_last():
    UserFactory(email="ann@example.com", last_login=timezone.now() - timedelta(days=9))
    recent = UserFactory(email="Ann@example.com", last_login=timezone.now())
    UserFactory(email="ann@example.com", is_active=False, last_login=timezone.now())
    assert account_for_email(" ANN@example.com") == recent
    assert account_for_email("nobody@example.com") is None


def test_an_account_made_with_a_passkey_has_no_password_and_the_passkey():
    user = account_create(username="ann", email="Ann@Example.com", passkey=KEY)
    assert not user.has_usable_password()
    assert user.email == "ann@example.com"
    assert list(Passkey.objects.values_list("user", "credential_id")) == [(user.pk, "QUJD")]


def test_an_account_and_its_passkey_are_made_both_or_neither():
    passkey_add(user=UserFactory(), key=KEY)
    with pytest.raises(Conflict) as refused:
        account_create(username="ann", passkey=KEY)
    assert _codes(refused) == [(PASSKEY_ALREADY_ADDED.code, {})]
    assert not Passkey.objects.filter(user__username="ann").exists()
    assert not get_user_model().objects.filter(username="ann").exists()


def test_a_name_taken_is_a_conflict_naming_it():
    UserFactory(username="ann")
    with pytest.raises(Conflict) as refused:
        account_create(username="ann", email="ann@example.com")
    assert _codes(refused) == [(ACCOUNT_NAME_TAKEN.code, {"name": "ann"})]


def test_a_sign_in_keeps_the_passkeys_new_count_and_when():
    passkey = passkey_add(user=UserFactory(), key=KEY)
    passkey_used(passkey=passkey, sign_count=7)
    passkey.refresh_from_db()
    assert passkey.sign_count == 7 and passkey.last_used_at is not None
