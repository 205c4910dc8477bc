"""How a player gets paid: the ways a host recorded for them to receive money, or the
ways a player keeps on their own account, for every table where they hold a seat.

Append-only, as the ledger is: a method is never edited or deleted. Taking one away is a
new record (``PaymentMethodWithdrawal``: who, when, why), so the audit keeps every number
or account a player was ever paid to. A changed number is a withdrawal and a new method.

Erasing a person (ledger.services.erasures) is the one change: it blanks a method's
details and says who erased it and when; the kind and who added it stay.
"""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.db.models.functions import Length
from django.db.models.lookups import LessThanOrEqual
from django.utils.translation import gettext, gettext_lazy, pgettext_lazy

from ledger.models.append_only import AppendOnly, AppendOnlyQuerySet
from ledger.payments.pix import PIX_CITY_LIMIT, PIX_KEY_KINDS, PIX_NAME_LIMIT
from ledger.payments.sepa import NAME_LIMIT as SEPA_NAME_LIMIT

PAYMENT_METHOD_IS_APPEND_ONLY = (
    "A payment method is kept as written: it is never changed; withdraw it and add another."
)

SWISH = "swish"
PIX = "pix"
SEPA = "sepa"
VENMO = "venmo"
CASH_APP = "cash_app"
PAYPAL_ME = "paypal_me"
BIZUM = "bizum"
MB_WAY = "mb_way"
SATISPAY = "satispay"
LYDIA_WERO = "lydia_wero"
OTHER = "other"

# The apps' names are the same in every language (marked all the same, since a choice's
# label is translatable); "SEPA bank transfer" and "Other" are words.
PAYMENT_METHOD_KINDS = [
    (SWISH, pgettext_lazy("name of a payment app", "Swish")),
    (PIX, pgettext_lazy("name of a payment app", "Pix")),
    (SEPA, gettext_lazy("SEPA bank transfer")),
    (VENMO, pgettext_lazy("name of a payment app", "Venmo")),
    (CASH_APP, pgettext_lazy("name of a payment app", "Cash App")),
    (PAYPAL_ME, pgettext_lazy("name of a payment app", "PayPal.Me")),
    (BIZUM, pgettext_lazy("name of a payment app", "Bizum")),
    (MB_WAY, pgettext_lazy("name of a payment app", "MB WAY")),
    (SATISPAY, pgettext_lazy("name of a payment app", "Satispay")),
    (LYDIA_WERO, pgettext_lazy("name of a payment app", "Lydia / Wero")),
    (OTHER, gettext_lazy("Other")),
]
KIND_CODES = [kind for kind, _ in PAYMENT_METHOD_KINDS]

# The currency each kind pays in; None: any (PayPal takes many, "other" is the host's word).
# A method is offered on a settle-up only in its currency.
KIND_CURRENCY: dict[str, str | None] = {
    SWISH: "SEK",
    PIX: "BRL",
    SEPA: "EUR",
    VENMO: "USD",
    CASH_APP: "USD",
    PAYPAL_ME: None,
    BIZUM: "EUR",
    MB_WAY: "EUR",
    SATISPAY: "EUR",
    LYDIA_WERO: "EUR",
    OTHER: None,
}

# The longest stored value: an e-mail Pix key (77), an IBAN (34), free text for "other".
VALUE_MAX = 100
BIC_MAX = 11
REASON_MAX = 200


def kinds_for_currency(currency: str) -> list[str]:
    """The kinds a night in ``currency`` can offer."""
    return [kind for kind, paid_in in KIND_CURRENCY.items() if paid_in in (None, currency)]


# An erased method holds no details; the checks of what a kind holds are for the others.
ERASED = Q(erased_at__isnull=False)


class PaymentMethodQuerySet(AppendOnlyQuerySet):
    def current(self) -> "PaymentMethodQuerySet":
        """The methods neither withdrawn nor erased."""
        return self.filter(withdrawal__isnull=True, erased_at=None)


class _PaymentRecord(AppendOnly):
    append_only_message = PAYMENT_METHOD_IS_APPEND_ONLY

    class Meta:
        abstract = True


class PaymentMethod(_PaymentRecord):
    """One way a player receives money, as the services checked it (ledger.payments).

    ``value`` is the checked detail in its stored form: the Swish number ("467…"), the Pix
    key, the IBAN, the phone in E.164 (Bizum, MB WAY, Satispay, Lydia/Wero), the user name
    (Venmo, Cash App without "$", PayPal.Me), or the host's own words (other). A Pix key
    also has its ``pix_kind`` and the receiver's ``name`` and ``city`` its BR Code needs; a
    SEPA account the holder's ``name`` and an optional ``bic``.
    """

    # Whose: a table's player, as their host wrote it, or an account, as the player wrote
    # it once for every table where they hold a seat (exactly one of the two).
    player = models.ForeignKey(
        "ledger.Player",
        verbose_name=gettext_lazy("player"),
        on_delete=models.PROTECT,
        related_name="payment_methods",
        null=True,
        blank=True,
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=gettext_lazy("account"),
        on_delete=models.PROTECT,
        related_name="payment_methods",
        null=True,
        blank=True,
    )
    kind = models.CharField(
        verbose_name=gettext_lazy("kind"), max_length=16, choices=PAYMENT_METHOD_KINDS
    )
    value = models.CharField(verbose_name=gettext_lazy("value"), max_length=VALUE_MAX)
    pix_kind = models.CharField(
        verbose_name=gettext_lazy("Pix key type"), max_length=10, blank=True
    )
    name = models.CharField(
        verbose_name=gettext_lazy("account holder"), max_length=SEPA_NAME_LIMIT, blank=True
    )
    city = models.CharField(
        verbose_name=gettext_lazy("city"), max_length=PIX_CITY_LIMIT, blank=True
    )
    bic = models.CharField(
        verbose_name=pgettext_lazy("bank code", "BIC"), max_length=BIC_MAX, blank=True
    )
    added_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=gettext_lazy("added by"),
        on_delete=models.PROTECT,
        related_name="+",
    )
    added_at = models.DateTimeField(verbose_name=gettext_lazy("added at"))
    erased_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=gettext_lazy("erased by"),
        on_delete=models.PROTECT,
        related_name="+",
        null=True,
        blank=True,
    )
    erased_at = models.DateTimeField(verbose_name=gettext_lazy("erased at"), null=True, blank=True)

    objects = PaymentMethodQuerySet.as_manager()
    erasable_fields = ("value", "name", "city", "bic", "erased_by", "erased_at")

    class Meta:
        ordering = ["player", "added_at", "id"]
        verbose_name = gettext_lazy("payment method")
        verbose_name_plural = gettext_lazy("payment methods")
        constraints = [
            models.CheckConstraint(
                condition=Q(player__isnull=False, user__isnull=True)
                | Q(player__isnull=True, user__isnull=False),
                name="payment_method_player_or_account",
            ),
            models.CheckConstraint(
                condition=Q(kind__in=KIND_CODES), name="payment_method_kind_known"
            ),
            models.CheckConstraint(
                condition=(~Q(value="") | ERASED) & LessThanOrEqual(Length("value"), VALUE_MAX),
                name="payment_method_value_given",
            ),
            models.CheckConstraint(
                condition=LessThanOrEqual(Length("name"), SEPA_NAME_LIMIT)
                & LessThanOrEqual(Length("city"), PIX_CITY_LIMIT),
                name="payment_method_name_city_bounded",
            ),
            models.CheckConstraint(
                condition=Q(bic="") | Q(bic__regex=r"^[A-Z0-9]{8}([A-Z0-9]{3})?$"),
                name="payment_method_bic_form",
            ),
            # What each kind holds, and nothing else: a Pix key its kind, name and city;
            # a SEPA account its holder (and maybe a BIC); every other kind its value only.
            models.CheckConstraint(
                condition=ERASED
                | (
                    Q(
                        kind=PIX,
                        pix_kind__in=PIX_KEY_KINDS,
                        bic="",
                    )
                    & ~Q(name="")
                    & ~Q(city="")
                    & LessThanOrEqual(Length("name"), PIX_NAME_LIMIT)
                )
                | (Q(kind=SEPA, pix_kind="", city="") & ~Q(name=""))
                | (~Q(kind__in=[PIX, SEPA]) & Q(pix_kind="", name="", city="", bic="")),
                name="payment_method_fields_of_kind",
            ),
            # Stored forms the checks give: "467…" (11) or "123…" (10); an IBAN 15 to 34.
            models.CheckConstraint(
                condition=~Q(kind=SWISH) | ERASED | Q(value__regex=r"^(467[0-9]{8}|123[0-9]{7})$"),
                name="payment_method_swish_number_form",
            ),
            models.CheckConstraint(
                condition=~Q(kind=SEPA)
                | ERASED
                | Q(value__regex=r"^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$"),
                name="payment_method_iban_form",
            ),
            models.CheckConstraint(
                condition=~Q(kind__in=[BIZUM, MB_WAY, SATISPAY, LYDIA_WERO])
                | ERASED
                | Q(value__regex=r"^\+[1-9][0-9]{6,14}$"),
                name="payment_method_phone_e164",
            ),
            # Erased: nothing personal left, and who erased it when.
            models.CheckConstraint(
                condition=Q(erased_at=None, erased_by=None)
                | Q(
                    erased_at__isnull=False,
                    erased_by__isnull=False,
                    value="",
                    name="",
                    city="",
                    bic="",
                ),
                name="payment_method_erased_blank",
            ),
        ]
        indexes = [
            models.Index(fields=["player", "kind"], name="payment_method_player_idx"),
            models.Index(fields=["user", "kind"], name="payment_method_user_idx"),
        ]

    def __str__(self) -> str:
        if self.player_id is None:
            return gettext("%(kind)s of user #%(user)s") % {
                "kind": self.get_kind_display(),
                "user": self.user_id,
            }
        return gettext("%(kind)s of player #%(player)s") % {
            "kind": self.get_kind_display(),
            "player": self.player_id,
        }

    @property
    def currency(self) -> str | None:
        """What it pays in; None: any currency."""
        return KIND_CURRENCY[self.kind]


class PaymentMethodWithdrawal(_PaymentRecord):
    """A payment method taken away: by whom, when and why. The method stays as written."""

    method = models.OneToOneField(
        PaymentMethod,
        verbose_name=gettext_lazy("payment method"),
        on_delete=models.PROTECT,
        related_name="withdrawal",
    )
    withdrawn_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=gettext_lazy("withdrawn by"),
        on_delete=models.PROTECT,
        related_name="+",
    )
    withdrawn_at = models.DateTimeField(verbose_name=gettext_lazy("withdrawn at"))
    reason = models.CharField(
        verbose_name=gettext_lazy("reason"), max_length=REASON_MAX, blank=True
    )

    # Typed words may hold a name an erasure takes out.
    erasable_fields = ("reason",)

    class Meta:
        ordering = ["withdrawn_at", "id"]
        verbose_name = gettext_lazy("payment method withdrawal")
        verbose_name_plural = gettext_lazy("payment method withdrawals")
        constraints = [
            models.CheckConstraint(
                condition=LessThanOrEqual(Length("reason"), REASON_MAX),
                name="payment_withdrawal_reason_bounded",
            ),
        ]

    def __str__(self) -> str:
        return gettext("Payment method #%(method)s withdrawn") % {"method": self.method_id}
