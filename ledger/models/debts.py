"""What is still owed: marks that a transfer was paid, their reversals, "settle
everything" — the pooling of a table's open debts in one currency into the fewest
transfers — and what each pair of players still owes, kept as it changes.

Every row here is append-only, like the chip ledger: a mistaken mark is reversed by a new
row pointing at it, a pooling closes what it replaced, and a pair's open debt changes by a
new balance following the one before. Nothing is ever updated or deleted (the models
refuse, and so do database triggers).

A closed night's transfers are written once as it closes (ledger.models.results:
``NightTransfer``), exactly its settle-up screen's; a transfer is named by its night,
payer and payee (a night's settle-up never has two transfers between the same two
players).
"""

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.db.models.functions import Length
from django.db.models.lookups import Exact, LessThanOrEqual
from django.utils.translation import gettext, gettext_lazy

from ledger.models.append_only import AppendOnly

DEBTS_ARE_APPEND_ONLY = "Payment marks and settle-everything records are never changed."

# Money as the ledger writes it: up to 3 decimal places (KWD...), and an amount no night
# can exceed (the ledger's chips times a chip's largest value stay far below 10^17).
MONEY_DIGITS = 20
MONEY_PLACES = 3
# A mark's note or a reversal's reason: a sentence, as the forms say.
NOTE_MAX_LENGTH = 200
CURRENCY_LENGTH = 3


class _DebtRecord(AppendOnly):
    append_only_message = DEBTS_ARE_APPEND_ONLY

    class Meta:
        abstract = True


def _money_field(verbose_name):
    return models.DecimalField(
        verbose_name=verbose_name, max_digits=MONEY_DIGITS, decimal_places=MONEY_PLACES
    )


class DebtPool(_DebtRecord):
    """The host's "settle everything" for one currency at one table: every debt of that
    currency still open then (nights' transfers and an earlier pooling's) is closed, and
    the fewest transfers that settle the same nets are opened in their place."""

    table = models.ForeignKey(
        "ledger.Table",
        verbose_name=gettext_lazy("table"),
        on_delete=models.PROTECT,
        related_name="debt_pools",
    )
    currency = models.CharField(verbose_name=gettext_lazy("currency"), max_length=CURRENCY_LENGTH)
    # A digest of the open debts the host saw and confirmed (SHA-256, hex).
    digest = models.CharField(verbose_name=gettext_lazy("digest"), max_length=64)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=gettext_lazy("created by"),
        on_delete=models.PROTECT,
        related_name="+",
    )
    created_at = models.DateTimeField(verbose_name=gettext_lazy("created at"))

    class Meta:
        ordering = ["created_at", "id"]
        verbose_name = gettext_lazy("settle everything")
        verbose_name_plural = gettext_lazy("settle everything")
        constraints = [
            models.CheckConstraint(
                condition=Exact(Length("currency"), CURRENCY_LENGTH),
                name="debtpool_currency_code",
            ),
            models.CheckConstraint(
                condition=Exact(Length("digest"), 64), name="debtpool_digest_is_sha256"
            ),
        ]

    def __str__(self) -> str:
        return gettext("Settle everything #%(id)s (%(currency)s)") % {
            "id": self.pk,
            "currency": self.currency,
        }


class DebtPoolSource(_DebtRecord):
    """One debt a pooling closed: a night's transfers, or an earlier pooling's, as
    "settle everything" wrote them down before migration 0014. Since then what a pooling
    carried follows from the order of the kept balances (``DebtBalance``;
    ledger.selectors.debts), and these rows are only read. Each was closed at most once
    (unique)."""

    pool = models.ForeignKey(
        DebtPool,
        verbose_name=gettext_lazy("settle everything"),
        on_delete=models.PROTECT,
        related_name="sources",
    )
    night = models.OneToOneField(
        "ledger.Night",
        verbose_name=gettext_lazy("night"),
        on_delete=models.PROTECT,
        related_name="debt_pooled",
        null=True,
        blank=True,
    )
    earlier = models.OneToOneField(
        DebtPool,
        verbose_name=gettext_lazy("earlier settle everything"),
        on_delete=models.PROTECT,
        related_name="pooled_into",
        null=True,
        blank=True,
    )

    class Meta:
        ordering = ["pool", "id"]
        verbose_name = gettext_lazy("settled debt")
        verbose_name_plural = gettext_lazy("settled debts")
        constraints = [
            models.CheckConstraint(
                condition=(
                    Q(night__isnull=False, earlier__isnull=True)
                    | Q(night__isnull=True, earlier__isnull=False)
                ),
                name="debtpoolsource_night_or_earlier",
            ),
            models.CheckConstraint(
                condition=~Q(earlier=F("pool")), name="debtpoolsource_not_itself"
            ),
        ]

    def __str__(self) -> str:
        return gettext("Debt closed by settle everything #%(id)s") % {"id": self.pool_id}


class PooledTransfer(_DebtRecord):
    """One of the fewest transfers a pooling opened."""

    pool = models.ForeignKey(
        DebtPool,
        verbose_name=gettext_lazy("settle everything"),
        on_delete=models.PROTECT,
        related_name="transfers",
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
    amount = _money_field(gettext_lazy("amount"))

    class Meta:
        ordering = ["pool", "id"]
        verbose_name = gettext_lazy("transfer")
        verbose_name_plural = gettext_lazy("transfers")
        constraints = [
            models.UniqueConstraint(
                fields=["pool", "payer", "payee"], name="pooledtransfer_one_per_pair"
            ),
            models.CheckConstraint(
                condition=~Q(payer=F("payee")), name="pooledtransfer_two_players"
            ),
            models.CheckConstraint(condition=Q(amount__gt=0), name="pooledtransfer_positive"),
        ]

    def __str__(self) -> str:
        return gettext("Transfer #%(id)s of settle everything #%(pool)s") % {
            "id": self.pk,
            "pool": self.pool_id,
        }


class PaymentMark(_DebtRecord):
    """The host's word that ``payer`` paid ``payee`` ``amount`` of a transfer: of a
    night's settle-up (``night``) or of a pooling (``pooled``). ``due`` is the whole
    transfer, so the database refuses a mark above it; what is still open after other
    marks is checked by the service under the table's lock."""

    table = models.ForeignKey(
        "ledger.Table",
        verbose_name=gettext_lazy("table"),
        on_delete=models.PROTECT,
        related_name="payment_marks",
    )
    night = models.ForeignKey(
        "ledger.Night",
        verbose_name=gettext_lazy("night"),
        on_delete=models.PROTECT,
        related_name="payment_marks",
        null=True,
        blank=True,
    )
    pooled = models.ForeignKey(
        PooledTransfer,
        verbose_name=gettext_lazy("transfer"),
        on_delete=models.PROTECT,
        related_name="marks",
        null=True,
        blank=True,
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
    amount = _money_field(gettext_lazy("amount"))
    due = _money_field(gettext_lazy("transfer amount"))
    note = models.CharField(
        verbose_name=gettext_lazy("note"), max_length=NOTE_MAX_LENGTH, blank=True
    )
    marked_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=gettext_lazy("marked by"),
        on_delete=models.PROTECT,
        related_name="+",
    )
    marked_at = models.DateTimeField(verbose_name=gettext_lazy("marked at"))

    # Typed words may hold a name an erasure takes out.
    erasable_fields = ("note",)

    class Meta:
        ordering = ["marked_at", "id"]
        verbose_name = gettext_lazy("payment mark")
        verbose_name_plural = gettext_lazy("payment marks")
        indexes = [models.Index(fields=["table", "currency"], name="paymentmark_table_idx")]
        constraints = [
            models.CheckConstraint(
                condition=(
                    Q(night__isnull=False, pooled__isnull=True)
                    | Q(night__isnull=True, pooled__isnull=False)
                ),
                name="paymentmark_night_or_pooled",
            ),
            models.CheckConstraint(condition=~Q(payer=F("payee")), name="paymentmark_two_players"),
            models.CheckConstraint(condition=Q(amount__gt=0), name="paymentmark_positive"),
            models.CheckConstraint(
                condition=LessThanOrEqual(F("amount"), F("due")), name="paymentmark_not_above_due"
            ),
            models.CheckConstraint(
                condition=Exact(Length("currency"), CURRENCY_LENGTH),
                name="paymentmark_currency_code",
            ),
            models.CheckConstraint(
                condition=LessThanOrEqual(Length("note"), NOTE_MAX_LENGTH),
                name="paymentmark_note_not_too_long",
            ),
        ]

    def __str__(self) -> str:
        return gettext("Payment mark #%(id)s") % {"id": self.pk}


class PaymentMarkReversal(_DebtRecord):
    """A mistaken mark taken back, with who, when and why. One per mark: the database
    refuses a second reversal of the same mark."""

    mark = models.OneToOneField(
        PaymentMark,
        verbose_name=gettext_lazy("payment mark"),
        on_delete=models.PROTECT,
        related_name="reversal",
    )
    reason = models.CharField(verbose_name=gettext_lazy("reason"), max_length=NOTE_MAX_LENGTH)
    reversed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=gettext_lazy("reversed by"),
        on_delete=models.PROTECT,
        related_name="+",
    )
    reversed_at = models.DateTimeField(verbose_name=gettext_lazy("reversed at"))

    erasable_fields = ("reason",)

    class Meta:
        ordering = ["reversed_at", "id"]
        verbose_name = gettext_lazy("reversed payment mark")
        verbose_name_plural = gettext_lazy("reversed payment marks")
        constraints = [
            models.CheckConstraint(condition=~Q(reason=""), name="paymentmarkreversal_has_reason"),
            models.CheckConstraint(
                condition=LessThanOrEqual(Length("reason"), NOTE_MAX_LENGTH),
                name="paymentmarkreversal_reason_not_too_long",
            ),
        ]

    def __str__(self) -> str:
        return gettext("Reversal of payment mark #%(id)s") % {"id": self.mark_id}


class DebtPair(_DebtRecord):
    """Two players of a table of whom one owed the other in one currency, ``payer`` to
    ``payee``: what is still open is kept per pair (``DebtBalance``), so a table's open
    debts are read from its pairs — a few dozen rows however many nights it played."""

    table = models.ForeignKey(
        "ledger.Table",
        verbose_name=gettext_lazy("table"),
        on_delete=models.PROTECT,
        related_name="debt_pairs",
    )
    currency = models.CharField(verbose_name=gettext_lazy("currency"), max_length=CURRENCY_LENGTH)
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

    class Meta:
        ordering = ["table", "currency", "id"]
        verbose_name = gettext_lazy("pair of players")
        verbose_name_plural = gettext_lazy("pairs of players")
        constraints = [
            models.UniqueConstraint(
                fields=["table", "currency", "payer", "payee"], name="debtpair_one_per_pair"
            ),
            models.CheckConstraint(condition=~Q(payer=F("payee")), name="debtpair_two_players"),
            models.CheckConstraint(
                condition=Exact(Length("currency"), CURRENCY_LENGTH),
                name="debtpair_currency_code",
            ),
        ]

    def __str__(self) -> str:
        return gettext("Debts of player #%(payer)s to player #%(payee)s in %(currency)s") % {
            "payer": self.payer_id,
            "payee": self.payee_id,
            "currency": self.currency,
        }


class DebtBalance(_DebtRecord):
    """What a pair's payer still owes its payee after one change, and the change: a night
    closed (its transfer between them opened), a payment marked, a mark taken back, or a
    "settle everything" (what was open closed, its transfer between them opened). The
    pair's latest row is what is open now. Each row follows the one before it
    (``previous``, once: two writers can never both build on the same row); the first of a
    pair follows none. A row with no cause is the balance worked out from the history
    when balances began to be kept (migration 0014)."""

    pair = models.ForeignKey(
        DebtPair,
        verbose_name=gettext_lazy("pair of players"),
        on_delete=models.PROTECT,
        related_name="balances",
    )
    previous = models.OneToOneField(
        "self",
        verbose_name=gettext_lazy("previous balance"),
        on_delete=models.PROTECT,
        related_name="next",
        null=True,
        blank=True,
    )
    open = _money_field(gettext_lazy("still owed"))
    change = _money_field(gettext_lazy("difference"))
    night = models.ForeignKey(
        "ledger.Night",
        verbose_name=gettext_lazy("night"),
        on_delete=models.PROTECT,
        related_name="+",
        null=True,
        blank=True,
    )
    mark = models.ForeignKey(
        PaymentMark,
        verbose_name=gettext_lazy("payment mark"),
        on_delete=models.PROTECT,
        related_name="+",
        null=True,
        blank=True,
    )
    reversal = models.ForeignKey(
        PaymentMarkReversal,
        verbose_name=gettext_lazy("reversed payment mark"),
        on_delete=models.PROTECT,
        related_name="+",
        null=True,
        blank=True,
    )
    pool = models.ForeignKey(
        DebtPool,
        verbose_name=gettext_lazy("settle everything"),
        on_delete=models.PROTECT,
        related_name="+",
        null=True,
        blank=True,
    )
    at = models.DateTimeField(verbose_name=gettext_lazy("when"))

    class Meta:
        ordering = ["pair", "id"]
        verbose_name = gettext_lazy("balance owed")
        verbose_name_plural = gettext_lazy("balances owed")
        # The pair's latest row: one index seek per pair.
        indexes = [models.Index(fields=["pair", "-id"], name="debtbalance_latest_idx")]
        constraints = [
            # A pair's balances are one line: one first, and each followed once.
            models.UniqueConstraint(
                fields=["pair"],
                condition=Q(previous__isnull=True),
                name="debtbalance_one_first_per_pair",
            ),
            models.CheckConstraint(condition=Q(open__gte=0), name="debtbalance_not_negative"),
            models.CheckConstraint(condition=~Q(change=0), name="debtbalance_changes"),
            models.CheckConstraint(
                condition=(
                    Q(night__isnull=True, mark__isnull=True, reversal__isnull=True)
                    | Q(night__isnull=True, mark__isnull=True, pool__isnull=True)
                    | Q(night__isnull=True, reversal__isnull=True, pool__isnull=True)
                    | Q(mark__isnull=True, reversal__isnull=True, pool__isnull=True)
                ),
                name="debtbalance_one_cause",
            ),
        ]

    def __str__(self) -> str:
        return gettext("Balance owed #%(id)s: %(open)s") % {"open": self.open, "id": self.pk}
