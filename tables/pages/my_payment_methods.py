"""A player's own ways of getting paid, kept on their account and used at every table
where they hold a seat: the list, a remove form for each, the add form. The whole page
is the part htmx swaps (PAYMENT_METHODS)."""

from ledger.selectors.payment_methods import account_payment_methods
from tables.forms.payment_methods import PaymentMethodForm, PaymentMethodRemoveForm
from tables.responses import Page

TEMPLATE = "me/payment_methods.html"
PAYMENT_METHODS = "payment-methods"


def my_payment_methods_page(
    user,
    *,
    part: str | None = None,
    notice: str = "",
    payment_form: PaymentMethodForm | None = None,
) -> Page:
    """``notice``: what was just done; ``payment_form``: the add form as posted, when it
    was refused."""
    return Page(
        TEMPLATE,
        {
            "payment_methods": account_payment_methods(user),
            "payment_notice": notice,
            "payment_form": payment_form or PaymentMethodForm(),
            "remove_form": PaymentMethodRemoveForm(),
        },
        part,
    )
