"""A payer's word that they sent a transfer, and its confirmation.

A player who pays from their own phone says so (**I sent it**): the transfer (its night,
payer and payee), the amount, and the account that said it, when. The payee (from their
account) or the host then confirms it, which marks the transfer paid as any mark does
(``PaymentMark``, marked by the confirming account) and records which word it confirmed.
Both are append-only, as every record of what is owed: a word is never changed, and
one not (yet) confirmed is simply still waiting.
"""

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.db.models.functions import Length
from django.db.models.lookups import Exact
from django.utils.translation import gettext, gettext_lazy

from ledger.models.append_only import AppendOnly
from ledger.models.debts import CURRENCY_LENGTH, MONEY_DIGITS, MONEY_PLACES

PAYMENT_SENT_IS_APPEND_ONLY = "A payer's word that they sent a transfer is kept as written."


class _SentRecord(AppendOnly):
    append_only_message = PAYMENT_SENT_IS_APPEND_ONLY

    class Meta:
        abstract = True


class PaymentSent(_SentRecord):
    """``sent_by`` (the account that plays ``payer``) says they sent ``amount`` of the
    night's transfer from ``payer`` to ``payee``."""

    table = models.ForeignKey(
        "ledger.Table",
        verbose_name=gettext_lazy("table"),
        on_delete=models.PROTECT,
        related_name="+",
    )
    night = models.ForeignKey(
        "ledger.Night",
        verbose_name=gettext_lazy("night"),
        on_delete=models.PROTECT,
        related_name="payments_sent",
    )
    payer = models.ForeignKey(
        "ledger.Player",
        verbose_name=gettext_lazy("payer"),
        on_delete=models.PROTECT,
        related_name="+",
    )
    payee = models.ForeignKey(
        "ledger.Player",
        verbose_name=gettext_lazy("payee"),
        on_delete=models.PROTECT,
        related_name="+",
    )
    currency = models.CharField(verbose_name=gettext_lazy("currency"), max_length=CURRENCY_LENGTH)
    amount = models.DecimalField(
        verbose_name=gettext_lazy("amount"), max_digits=MONEY_DIGITS, decimal_places=MONEY_PLACES
    )
    sent_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=gettext_lazy("said by"),
        on_delete=models.PROTECT,
        related_name="+",
    )
    sent_at = models.DateTimeField(verbose_name=gettext_lazy("said at"))

    class Meta:
        ordering = ["sent_at", "id"]
        verbose_name = gettext_lazy("payment sent")
        verbose_name_plural = gettext_lazy("payments sent")
        constraints = [
            models.CheckConstraint(condition=Q(amount__gt=0), name="payment_sent_amount_positive"),
            models.CheckConstraint(
                condition=~Q(payer=F("payee")), name="payment_sent_payer_is_not_payee"
            ),
            models.CheckConstraint(
                condition=Exact(Length("currency"), CURRENCY_LENGTH),
                name="payment_sent_currency_code",
            ),
        ]
        indexes = [
            models.Index(fields=["night", "payer", "payee"], name="payment_sent_transfer_idx")
        ]

    def __str__(self) -> str:
        return gettext("Night #%(night)s: player #%(payer)s says they sent %(amount)s") % {
            "night": self.night_id,
            "payer": self.payer_id,
            "amount": self.amount,
        }


class PaymentSentConfirmation(_SentRecord):
    """The payee's account or the host confirmed ``sent``: ``mark`` is the payment mark
    it made."""

    sent = models.OneToOneField(
        PaymentSent,
        verbose_name=gettext_lazy("payment sent"),
        on_delete=models.PROTECT,
        related_name="confirmation",
    )
    mark = models.OneToOneField(
        "ledger.PaymentMark",
        verbose_name=gettext_lazy("payment mark"),
        on_delete=models.PROTECT,
        related_name="confirms",
    )
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=gettext_lazy("confirmed by"),
        on_delete=models.PROTECT,
        related_name="+",
    )
    confirmed_at = models.DateTimeField(verbose_name=gettext_lazy("confirmed at"))

    class Meta:
        ordering = ["confirmed_at", "id"]
        verbose_name = gettext_lazy("payment sent confirmed")
        verbose_name_plural = gettext_lazy("payments sent confirmed")

    def __str__(self) -> str:
        return gettext("Payment sent #%(sent)s confirmed") % {"sent": self.sent_id}
