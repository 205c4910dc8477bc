"""Reads for signing in without a password: the hour's codes per address and client, the
account an address belongs to, a passkey by the id the browser names it with."""

from datetime import timedelta

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser

from ledger.digests import email_key
from ledger.models import Passkey, SignInCode
from ledger.selectors.password_resets import ResetRequestCounts, digest_counts


def sign_in_code_counts(code: SignInCode, *, within: timedelta) -> ResetRequestCounts:
    """The codes asked for ``code``'s address and from its client in the ``within`` before
    it, ``code`` included, and any since."""
    return digest_counts(
        SignInCode.objects.all(),
        email_digest=code.email_digest,
        client_digest=code.client_digest,
        time_field="created_at",
        since=code.created_at - within,
    )


def account_for_email(email: str) -> AbstractBaseUser | None:
    """The active account that uses ``email`` (in any case), or None. Where older accounts
    share an address, the one signed in last: the code signs in to it."""
    return (
        get_user_model()
        .objects.filter(email__iexact=email_key(email), is_active=True)
        .order_by("-last_login", "-pk")
        .first()
    )


def email_in_use(email: str) -> bool:
    return get_user_model().objects.filter(email__iexact=email_key(email)).exists()


def passkey_for_credential(credential_id: str) -> Passkey | None:
    return (
        Passkey.objects.select_related("user")
        .filter(credential_id=credential_id, user__is_active=True)
        .first()
    )


def account_passkeys(user: AbstractBaseUser) -> list[Passkey]:
    return list(Passkey.objects.filter(user=user))
