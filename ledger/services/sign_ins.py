"""Writes of signing in without a password: the codes mailed and their tries, accounts
made without a password, and the passkeys an account adds, uses and removes."""

import secrets
from dataclasses import dataclass
from datetime import timedelta

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone

from ledger import errors as err
from ledger.digests import email_key, keyed_digest
from ledger.errors import Conflict, InvalidInput
from ledger.models import CODE_TRIES, Passkey, SignInCode

CODE_LIFETIME_MINUTES = 15
CODE_LIFETIME = timedelta(minutes=CODE_LIFETIME_MINUTES)
CODE_DIGITS = 6

_EMAIL_LABEL = b"bourre sign-in code: e-mail address"
_CLIENT_LABEL = b"bourre sign-in code: client address"
_CODE_LABEL = b"bourre sign-in code: code"


@dataclass(frozen=True)
class IssuedCode:
    row: SignInCode
    code: str  # the digits, for the mail only: the row keeps their digest


def _code_digest(code_id: int, code: str) -> str:
    # The row's id in the digest: one code's digits never match another row.
    return keyed_digest(_CODE_LABEL, f"{code_id}:{code}")


def sign_in_code_issue(
    *, email: str, client: str, user: AbstractBaseUser | None = None
) -> IssuedCode:
    """A new code for ``email``, asked from ``client``, that signs in to ``user`` (none:
    signing up, or no account uses the address). Every request is recorded, sent or not:
    the hour's limits count them (``selectors.sign_ins.sign_in_code_counts``), as the
    password resets' are counted."""
    code = f"{secrets.randbelow(10**CODE_DIGITS):0{CODE_DIGITS}d}"
    now = timezone.now()
    with transaction.atomic():
        row = SignInCode.objects.create(
            user=user,
            email_digest=keyed_digest(_EMAIL_LABEL, email_key(email)),
            client_digest=keyed_digest(_CLIENT_LABEL, client),
            # Filled in below, once the row has its id.
            code_digest="0" * 64,
            created_at=now,
            expires_at=now + CODE_LIFETIME,
        )
        row.code_digest = _code_digest(row.pk, code)
        row.save(update_fields=["code_digest"])
    return IssuedCode(row, code)


def sign_in_code_redeem(*, code_id: int, email: str, typed: str) -> SignInCode:
    """Use the code: the row, marked used, when ``typed`` is its digits and it was mailed
    to ``email``. Otherwise a wrong try is counted and ``InvalidInput`` says how many are
    left, or that the code is spent (used, expired, or out of tries)."""
    typed = "".join(typed.split()).replace("-", "")
    with transaction.atomic():
        row = SignInCode.objects.select_for_update(no_key=True).filter(pk=code_id).first()
        now = timezone.now()
        if (
            row is None
            or row.used_at is not None
            or row.expires_at <= now
            or row.tries >= CODE_TRIES
            or row.email_digest != keyed_digest(_EMAIL_LABEL, email_key(email))
        ):
            raise InvalidInput(err.SIGN_IN_CODE_SPENT())
        if secrets.compare_digest(row.code_digest, _code_digest(row.pk, typed)):
            row.used_at = now
            row.save(update_fields=["used_at"])
            return row
        SignInCode.objects.filter(pk=row.pk).update(tries=F("tries") + 1)
    left = CODE_TRIES - row.tries - 1
    if left <= 0:
        raise InvalidInput(err.SIGN_IN_CODE_SPENT())
    raise InvalidInput(err.SIGN_IN_CODE_WRONG(left=left))


@dataclass(frozen=True)
class NewPasskey:
    """What a phone's new passkey gives the server, checked: its id (base64url), its
    public key (COSE) and its signature count."""

    credential_id: str
    public_key: bytes
    sign_count: int


def account_create(
    *,
    username: str,
    email: str = "",
    password: str | None = None,
    passkey: NewPasskey | None = None,
):
    """A new account, with its first passkey if one is given; with no password, one that
    signs in only by a passkey or a code (Django's unusable password). Both or neither."""
    with transaction.atomic():
        try:
            with transaction.atomic():
                user = get_user_model().objects.create_user(
                    username=username, email=email_key(email) if email else "", password=password
                )
        except IntegrityError:
            raise Conflict(err.ACCOUNT_NAME_TAKEN(name=username)) from None
        if passkey is not None:
            passkey_add(user=user, key=passkey)
    return user


def passkey_add(*, user: AbstractBaseUser, key: NewPasskey) -> Passkey:
    try:
        with transaction.atomic():
            return Passkey.objects.create(
                user=user,
                credential_id=key.credential_id,
                public_key=key.public_key,
                sign_count=key.sign_count,
                created_at=timezone.now(),
            )
    except IntegrityError:
        raise Conflict(err.PASSKEY_ALREADY_ADDED()) from None


def passkey_used(*, passkey: Passkey, sign_count: int) -> None:
    """A sign-in with ``passkey`` checked out: keep its new count (a device that counts
    signatures never goes back; the check compares the next one with this)."""
    Passkey.objects.filter(pk=passkey.pk).update(sign_count=sign_count, last_used_at=timezone.now())


def passkey_remove(*, passkey: Passkey) -> None:
    """Remove it, unless it is the account's last way in (no other passkey, no password,
    no address for a code): the account would be locked out for good."""
    with transaction.atomic():
        user = get_user_model().objects.select_for_update(no_key=True).get(pk=passkey.user_id)
        others = Passkey.objects.filter(user=user).exclude(pk=passkey.pk).exists()
        if not (others or user.has_usable_password() or user.email):
            raise InvalidInput(err.PASSKEY_LAST_WAY_IN())
        passkey.delete()
