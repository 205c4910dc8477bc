"""What a payer taps to pay a transfer: for each way the payee gets paid, a QR code, a link
or the number to copy, built from ``ledger.payments`` and ready for one partial,
``templates/payments/_pay_buttons.html``.

Every screen that lists transfers builds its buttons here, through its rows
(``tables.transfers``), so a transfer is paid the same way wherever it is shown. A method
whose payload cannot be built (an amount over what the format carries) gives no button
rather than an error page; the settle-up still says who pays whom.
"""

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal

from babel import numbers as babel_numbers
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, pgettext

from ledger import payments
from ledger.models import PaymentMethod
from ledger.models import payments as kinds
from ledger.payments.handles import NOTE_LIMIT
from ledger.payments.pix import PIX_GUI
from ledger.payments.sepa import TEXT_LIMIT as EPC_TEXT_LIMIT
from ledger.payments.swish import SWISH_MESSAGE_LIMIT
from tables import presenters
from tables.languages import babel_locale
from tables.presenters import join_names

# An EMV field holds 99 characters; Pix's field 26 holds the GUI, the key and the
# description, each as ID (2) + length (2) + value.
_PIX_ACCOUNT_FIELD = 99


@dataclass(frozen=True)
class Detail:
    """A line of text beside the code, for whoever cannot scan: "IBAN: SE45…"."""

    label: str
    value: str


@dataclass(frozen=True)
class PayButton:
    """One way to pay one transfer. ``qr`` is inline SVG (or ""), ``link`` opens the
    payer's app or site (or ""), ``copy`` is text to copy with a button (or "")."""

    kind: str
    title: str  # "Swish", "Pix", "SEPA bank transfer"...
    amount: str  # as the page's language writes it
    qr: SafeString | str = ""
    link: str = ""
    link_text: str = ""
    copy: str = ""
    copy_label: str = ""
    details: tuple[Detail, ...] = field(default_factory=tuple)


def _fit(message: str, limit: int) -> str:
    """``message`` on one line, cut to ``limit`` characters: a long table name must not
    make a payment impossible."""
    return " ".join(message.split())[: max(limit, 0)].strip()


def _with_message(build: Callable[[str], object], message: str) -> object:
    """``build(message)``, or ``build("")`` when the message cannot go in this format (a
    character the format cannot write): the payment matters more than its note."""
    try:
        return build(message)
    except payments.PaymentDetailsError:
        return build("")


def _qr(payload: str | bytes, label: str, *, epc: bool = False) -> SafeString:
    drawing = (
        payments.epc_qr_svg(payload, label=label) if epc else payments.qr_svg(payload, label=label)
    )
    # segno's SVG, with the label escaped by ledger.payments.qr: nothing from a user
    # reaches it unescaped.
    return mark_safe(drawing)  # noqa: S308


def _swish(method: PaymentMethod, amount: Decimal, money: str, message: str) -> PayButton:
    text = _fit(message, SWISH_MESSAGE_LIMIT)
    payload = _with_message(lambda m: payments.swish_qr_payload(method.value, amount, m), text)
    link = _with_message(lambda m: payments.swish_app_link(method.value, amount, m), text)
    number = presenters.payment_value(method.kind, method.value)
    label = gettext("Swish QR code: pay %(money)s to %(number)s") % {
        "money": money,
        "number": number,
    }
    return PayButton(
        kind=method.kind,
        title=str(method.get_kind_display()),
        amount=money,
        qr=_qr(payload, label),
        link=link,
        link_text=gettext("Open Swish"),
        details=(Detail(gettext("Swish number"), number),),
    )


def _pix(method: PaymentMethod, amount: Decimal, money: str, message: str) -> PayButton:
    room = _PIX_ACCOUNT_FIELD - (4 + len(PIX_GUI)) - (4 + len(method.value)) - 4

    def build(text: str) -> str:
        return payments.pix_br_code(
            key=payments.PixKey(method.pix_kind, method.value),
            name=method.name,
            city=method.city,
            amount=amount,
            description=text,
        )

    code = _with_message(build, _fit(message, room))
    label = gettext("Pix QR code: pay %(money)s to %(name)s") % {
        "money": money,
        "name": method.name,
    }
    return PayButton(
        kind=method.kind,
        title=str(method.get_kind_display()),
        amount=money,
        qr=_qr(code, label),
        copy=code,
        copy_label=gettext("Pix copia e cola"),
        details=(Detail(gettext("Pix key"), method.value), Detail(gettext("Name"), method.name)),
    )


def _sepa(method: PaymentMethod, amount: Decimal, money: str, message: str) -> PayButton:
    def build(text: str) -> bytes:
        return payments.epc_qr_payload(
            name=method.name, iban=method.value, bic=method.bic or None, amount=amount, text=text
        )

    payload = _with_message(build, _fit(message, EPC_TEXT_LIMIT))
    label = gettext("EPC QR code (GiroCode): transfer %(money)s to %(name)s") % {
        "money": money,
        "name": method.name,
    }
    iban = " ".join(method.value[i : i + 4] for i in range(0, len(method.value), 4))
    details = [Detail(pgettext("bank code", "IBAN"), iban), Detail(gettext("Name"), method.name)]
    if method.bic:
        details.append(Detail(pgettext("bank code", "BIC"), method.bic))
    text = _fit(message, EPC_TEXT_LIMIT)
    if text and text.encode() in payload.split(b"\n"):
        details.append(Detail(pgettext("note with a bank transfer", "Message"), text))
    return PayButton(
        kind=method.kind,
        title=str(method.get_kind_display()),
        amount=money,
        qr=_qr(payload, label, epc=True),
        copy=method.value,
        copy_label=pgettext("bank code", "IBAN"),
        details=tuple(details),
    )


def _link(method: PaymentMethod, amount: Decimal, currency: str, message: str) -> str:
    if method.kind == kinds.VENMO:
        note = _fit(message, NOTE_LIMIT)
        return _with_message(lambda m: payments.venmo_link(method.value, amount, m), note)
    if method.kind == kinds.CASH_APP:
        return payments.cash_app_link(method.value, amount)
    return payments.paypal_me_link(method.value, amount, currency)


_HANDLE_SHOWN = {kinds.VENMO: "@{}", kinds.CASH_APP: "${}", kinds.PAYPAL_ME: "paypal.me/{}"}


def _handle(
    method: PaymentMethod, amount: Decimal, currency: str, money: str, message: str
) -> PayButton:
    title = method.get_kind_display()
    return PayButton(
        kind=method.kind,
        title=title,
        amount=money,
        link=_link(method, amount, currency, message),
        link_text=gettext("Pay %(money)s with %(service)s") % {"money": money, "service": title},
        details=(Detail(gettext("Name"), _HANDLE_SHOWN[method.kind].format(method.value)),),
    )


def _by_hand(method: PaymentMethod, money: str) -> PayButton:
    """The apps with no open way to pre-fill a payment (and the host's own words): the
    number or text, to copy."""
    phone = method.kind != kinds.OTHER
    return PayButton(
        kind=method.kind,
        title=method.get_kind_display(),
        amount=money,
        copy=method.value,
        copy_label=gettext("Phone number") if phone else gettext("How to pay"),
    )


def pay_button(
    method: PaymentMethod, *, amount: Decimal, currency: str, message: str
) -> PayButton | None:
    """The button paying ``amount`` ``currency`` to ``method``, or None when the method
    does not pay in that currency or its payload cannot carry this amount."""
    if method.currency not in (None, currency):
        return None
    money = presenters.money(amount, currency)
    try:
        if method.kind == kinds.SWISH:
            return _swish(method, amount, money, message)
        if method.kind == kinds.PIX:
            return _pix(method, amount, money, message)
        if method.kind == kinds.SEPA:
            return _sepa(method, amount, money, message)
        if method.kind in _HANDLE_SHOWN:
            return _handle(method, amount, currency, money, message)
    except payments.PaymentDetailsError:
        return None
    return _by_hand(method, money)


def pay_buttons(
    methods: Iterable[PaymentMethod], *, amount: Decimal, currency: str, message: str
) -> list[PayButton]:
    """A button for each of ``methods`` that pays ``amount`` in ``currency``, in order."""
    buttons = (
        pay_button(method, amount=amount, currency=currency, message=message) for method in methods
    )
    return [button for button in buttons if button is not None]


def no_way_in(methods: Sequence[PaymentMethod], *, payee: str, currency: str) -> str:
    """What the host reads under a transfer none of the payee's ``methods`` can pay in
    ``currency`` ("Pia can be paid only by Swish (Swedish kronor), and this night settles
    in US dollars: ..."), or "" when one can, or the payee has none at all (nothing to
    explain: the settle-up says who pays whom)."""
    if not methods or any(method.currency in (None, currency) for method in methods):
        return ""
    locale = babel_locale()
    shown = {
        # Translators: a way of getting paid and the money it takes: "Swish (Swedish kronor)".
        gettext("%(way)s (%(currency)s)")
        % {
            "way": method.get_kind_display(),
            "currency": babel_numbers.get_currency_name(method.currency, count=2, locale=locale),
        }
        for method in methods
    }
    ways = join_names(sorted(shown))
    return gettext(
        "%(player)s can be paid only by %(ways)s, and this night settles in %(currency)s: "
        "add another way for %(player)s, or change the table's currency for the next nights."
    ) % {
        "player": payee,
        "ways": ways,
        "currency": babel_numbers.get_currency_name(currency, count=2, locale=locale),
    }


def settle_up_message(table_name: str, night_date) -> str:
    """What each payment says: the table and the night's date (ISO, the same in every
    language and every banking app); each format cuts it to its own limit."""
    return f"{table_name} {night_date:%Y-%m-%d}"
