"""The form a host adds a player's way of getting paid with. It only collects the fields;
``ledger.services.payment_methods`` checks them (through ``ledger.payments``) and each
problem it reports comes back under the field it names."""

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace

from django import forms
from django.utils.translation import gettext_lazy, pgettext_lazy

from ledger import rules
from ledger.models.payments import PAYMENT_METHOD_KINDS, PIX, REASON_MAX, SEPA
from ledger.payments.pix import CNPJ, CPF, EMAIL, PHONE, RANDOM
from tables.problems import sentence

# Generous bounds for what is typed: the checks refuse anything longer with a message.
_TYPED_MAX = 200

PIX_KINDS = [
    ("", gettext_lazy("Tell from the key")),
    (CPF, "CPF"),
    (CNPJ, "CNPJ"),
    (EMAIL, gettext_lazy("E-mail")),
    (PHONE, gettext_lazy("Phone")),
    (RANDOM, gettext_lazy("Random key")),
]

# The problems' ``field`` (ledger.payments' names for what they check) -> the form's field.
_FIELDS = {
    "kind": "kind",
    "value": "value",
    "swish_number": "value",
    "pix_key": "value",
    "iban": "value",
    "venmo_username": "value",
    "cashtag": "value",
    "paypal_me": "value",
    "phone": "value",
    "bizum_phone": "value",
    "mb_way_phone": "value",
    "beneficiary_name": "name",
    "name": "name",
    "city": "city",
    "bic": "bic",
}


# The fields only some kinds take, in groups each with its legend: the page shows a
# group only for its kinds (static/js/payment_kinds.js), and without JavaScript each group
# says whom it is for. Every kind takes ``kind`` and ``value``.
_GROUPS = (
    (gettext_lazy("Pix only"), (PIX,), ("pix_kind", "city")),
    (gettext_lazy("Pix and SEPA only"), (PIX, SEPA), ("name",)),
    (gettext_lazy("SEPA only"), (SEPA,), ("bic",)),
)
KIND_FIELDS = {field: kinds for _, kinds, fields in _GROUPS for field in fields}


@dataclass(frozen=True)
class KindFields:
    """One group of the form's fields that only some kinds take, as the page shows it."""

    legend: str
    kinds: str  # the kinds' codes, space-separated (the group's data-kinds)
    fields: list


def _text(label: str, help_text: str = "") -> forms.CharField:
    return forms.CharField(
        label=label,
        help_text=help_text,
        required=False,
        max_length=_TYPED_MAX,
        widget=forms.TextInput(attrs={"autocomplete": "off"}),
    )


class PaymentMethodForm(forms.Form):
    kind = forms.ChoiceField(label=gettext_lazy("How"), choices=PAYMENT_METHOD_KINDS)
    value = _text(
        gettext_lazy("Number, key, account or name"),
        gettext_lazy(
            "Swish, Bizum, MB WAY, Satispay, Lydia/Wero: the phone number; Pix: the key; "
            "SEPA: the IBAN; Venmo, Cash App, PayPal.Me: the user name; Other: how to pay."
        ),
    )
    pix_kind = forms.ChoiceField(
        label=gettext_lazy("Pix key type"), choices=PIX_KINDS, required=False
    )
    name = _text(
        gettext_lazy("Account holder"),
        gettext_lazy("SEPA and Pix only: the name on the account."),
    )
    city = _text(gettext_lazy("City"), gettext_lazy("Pix only: the account holder's city."))
    bic = _text(
        pgettext_lazy("bank code", "BIC"),
        gettext_lazy("SEPA only, optional; needed for accounts outside the EEA."),
    )

    def kind_groups(self) -> list[KindFields]:
        return [
            KindFields(legend, " ".join(kinds), [self[name] for name in names])
            for legend, kinds, names in _GROUPS
        ]

    def clean(self) -> dict:
        """A field the chosen kind does not take is dropped: typed into a group meant for
        another kind, it must not be saved or refused with this one."""
        data = super().clean()
        kind = data.get("kind")
        for name, kinds in KIND_FIELDS.items():
            if kind not in kinds and name in data:
                data[name] = ""
        return data

    def add_service_errors(self, problems: Iterable[rules.Problem], names: Mapping) -> None:
        """Each problem under its field, the field named by its label ("Account holder
        must not be empty", not the checker's own name for it)."""
        for problem in problems:
            field = _FIELDS.get(problem.params.get("field"))
            if field is not None and "field" in problem.params:
                problem = replace(
                    problem, params={**problem.params, "field": str(self.fields[field].label)}
                )
            self.add_error(field, sentence(problem, names))


class PaymentMethodRemoveForm(forms.Form):
    reason = forms.CharField(
        label=pgettext_lazy("why a way of getting paid is removed", "Why (optional)"),
        required=False,
        max_length=REASON_MAX,
        widget=forms.TextInput(attrs={"autocomplete": "off"}),
    )
