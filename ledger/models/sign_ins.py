"""Signing in without a password: the passkeys an account made (WebAuthn), and the codes
mailed to sign in or to finish signing up.

Neither is a record of the game: a passkey is a key the account can remove, and a code
counts its tries until it is used, runs out or expires.
"""

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.db.models.functions import Length
from django.db.models.lookups import Exact
from django.utils.translation import gettext, gettext_lazy

# A code takes this many wrong tries, then it is spent: with six digits and the hour's
# limit on codes, guessing one is a chance in tens of thousands.
CODE_TRIES = 5


class Passkey(models.Model):
    """A public key the account's phone (or security key) made for this site. The
    private key never leaves the device; the server checks each sign-in's signature with
    this one."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=gettext_lazy("account"),
        on_delete=models.CASCADE,
        related_name="passkeys",
    )
    # base64url, as the browser names it; the standard allows up to 1,023 bytes.
    credential_id = models.CharField(
        verbose_name=gettext_lazy("credential id"), max_length=1400, unique=True
    )
    public_key = models.BinaryField(verbose_name=gettext_lazy("public key"))
    sign_count = models.PositiveBigIntegerField(verbose_name=gettext_lazy("signature count"))
    created_at = models.DateTimeField(verbose_name=gettext_lazy("created at"))
    last_used_at = models.DateTimeField(
        verbose_name=gettext_lazy("last used at"), null=True, blank=True
    )

    class Meta:
        ordering = ["created_at", "id"]
        verbose_name = gettext_lazy("passkey")
        verbose_name_plural = gettext_lazy("passkeys")
        constraints = [
            models.CheckConstraint(
                condition=~Q(credential_id=""), name="passkey_credential_id_not_empty"
            ),
        ]

    def __str__(self) -> str:
        return gettext("Passkey #%(id)s") % {"id": self.pk}


class SignInCode(models.Model):
    """A code mailed to an address, to sign in to the account that uses it or to finish
    signing up with it. The hour's limits count these rows, in the database, so every
    server process counts the same ones.

    Nothing here reads back: the address, the client's address and the code are each a
    keyed hash (HMAC-SHA256 under the server's secret key). ``user`` is the account the
    address belongs to; none when signing up, or when no account uses it (the code is
    mailed to no one then, and the page says the same as when one is).
    """

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=gettext_lazy("account"),
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="+",
    )
    email_digest = models.CharField(
        verbose_name=gettext_lazy("e-mail address digest"), max_length=64
    )
    client_digest = models.CharField(
        verbose_name=gettext_lazy("client address digest"), max_length=64
    )
    code_digest = models.CharField(verbose_name=gettext_lazy("code digest"), max_length=64)
    created_at = models.DateTimeField(verbose_name=gettext_lazy("created at"))
    expires_at = models.DateTimeField(verbose_name=gettext_lazy("expires at"))
    tries = models.PositiveSmallIntegerField(verbose_name=gettext_lazy("wrong tries"), default=0)
    used_at = models.DateTimeField(verbose_name=gettext_lazy("used at"), null=True, blank=True)

    class Meta:
        ordering = ["created_at", "id"]
        verbose_name = gettext_lazy("sign-in code")
        verbose_name_plural = gettext_lazy("sign-in codes")
        indexes = [
            models.Index(fields=["email_digest", "created_at"], name="signincode_email_idx"),
            models.Index(fields=["client_digest", "created_at"], name="signincode_client_idx"),
        ]
        constraints = [
            models.CheckConstraint(
                condition=Exact(Length("email_digest"), 64)
                & Exact(Length("client_digest"), 64)
                & Exact(Length("code_digest"), 64),
                name="signincode_digests_are_sha256",
            ),
            models.CheckConstraint(
                condition=Q(tries__lte=CODE_TRIES), name="signincode_tries_at_most_five"
            ),
            models.CheckConstraint(
                condition=Q(expires_at__gt=F("created_at")), name="signincode_expires_after"
            ),
        ]

    def __str__(self) -> str:
        return gettext("Sign-in code #%(id)s") % {"id": self.pk}
