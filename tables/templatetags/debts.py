"""``{% transfer_debt payment as debt %}``: a settle-up transfer's paid status.

The settle-up list (templates/nights/_settle_up.html) is shared by several screens; those
that show what is paid put ``transfer_debts`` in their context — (payer id, payee id) ->
``ledger.selectors.debts.TransferDebt`` — and the tag finds each transfer's. A screen
without it shows no status. A TransferDebt given directly (the table's open debts) is
returned as it is.
"""

from django import template

from ledger.selectors.debts import TransferDebt

register = template.Library()


@register.simple_tag(takes_context=True)
def transfer_debt(context, payment) -> TransferDebt | None:
    if isinstance(payment, TransferDebt):
        return payment
    debts = context.get("transfer_debts")
    if not debts or payment is None:
        return None
    return debts.get((payment.payer.id, payment.payee.id))
