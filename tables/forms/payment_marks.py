"""What is still owed: marking a transfer paid, taking a mark back, settling everything.

The forms bound what the host types; the services (ledger.services.debts) decide whether
it may be written (not above what is open, not carried elsewhere...)."""

from decimal import Decimal

from django import forms
from django.utils.translation import gettext_lazy

from ledger.models.debts import MONEY_DIGITS, MONEY_PLACES, NOTE_MAX_LENGTH
from tables.forms.localized_numbers import LocalizedDecimalField
from tables.transfers import Mode

ID_MAX = 2**63 - 1  # the largest id a BigAutoField holds
# The most a mark's column holds, in whole units (room left for the places).
AMOUNT_MAX = Decimal(10 ** (MONEY_DIGITS - 2 * MONEY_PLACES) - 1)

# Where a mark's form was sent from, so the answer goes back there (never a URL).
BACK_TO_NIGHT = Mode.SETTLE_UP.value
BACK_TO_TABLE = Mode.OPEN_DEBTS.value


def _back() -> forms.ChoiceField:
    # A hidden input: no label, so a refusal's line about it (only a forged form has one)
    # is the error alone, in the reader's language.
    return forms.ChoiceField(
        label="",
        choices=[(BACK_TO_NIGHT, BACK_TO_NIGHT), (BACK_TO_TABLE, BACK_TO_TABLE)],
        required=False,
    )


class PaymentMarkForm(forms.Form):
    """Mark paid: no amount marks all that is open; an amount marks it partly paid."""

    # Typed as the host's language writes it ("4,50", "1 234,50"); the column's digits
    # bound it, the service what is still open.
    amount = LocalizedDecimalField(
        label=gettext_lazy("Amount paid"),
        required=False,
        min_value=0,
        max_value=AMOUNT_MAX,
        places=MONEY_PLACES,
    )
    note = forms.CharField(
        label=gettext_lazy("Note (optional)"), required=False, max_length=NOTE_MAX_LENGTH
    )
    back = _back()


class MarkReverseForm(forms.Form):
    reason = forms.CharField(
        label=gettext_lazy("Why it is taken back"), max_length=NOTE_MAX_LENGTH, strip=True
    )
    back = _back()


class SettleEverythingForm(forms.Form):
    """The currency to settle and the digest of the open debts the page showed."""

    # Hidden inputs, as the page wrote them: no labels (see _back).
    currency = forms.RegexField(label="", regex=r"^[A-Z]{3}$")
    digest = forms.RegexField(label="", regex=r"^[0-9a-f]{64}$")


class SettleAndMarkForm(PaymentMarkForm, SettleEverythingForm):
    """Mark paid one of the fewest transfers proposed: settles everything first."""

    # A database id: bounded, so a forged number is a form error, not an overflow.
    payer = forms.IntegerField(label="", min_value=1, max_value=ID_MAX)
    payee = forms.IntegerField(label="", min_value=1, max_value=ID_MAX)
