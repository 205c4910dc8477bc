"""Swish (Sweden, SEK): the number that receives, the QR code the payer scans, and a link
that opens the Swish app.

Sources:
- The QR payload: Swish's "QR-code API manual", section 6 "QR code encoding specification",
  6.1 "Swish C2B": ``C<payee>;<amount>;<message>;<lock mask>``; "C" is a required capital;
  the amount is in SEK with 2 decimals and a decimal comma; the message is URL-encoded; the
  lock mask is the decimal value of a bit mask (payee bit 0, amount bit 1, message bit 2; a
  set bit means the payer may edit that value), 0 in most cases. Its example, an invoice of
  100 SEK with OCR number 12229445 to the business number 1237856901, is
  ``C1237856901;100,00;12229445;0`` (the tests reproduce it byte for byte). That section
  documents business (C2B) numbers; this module writes a private mobile number the same
  way, in its international form ("46701234567"), which the section does not cover.
- The app link ``swish://payment?data=<JSON>``: NOT from a published specification. The
  JSON follows the schema of the "prefilled" request in the same manual (section 4.1.2:
  ``{"version": 1, "payee": {"value": ...}, "amount": {"value": ...}, "message": {"value":
  ...}}``), and the ``swish://payment?data=`` form is community-documented. Treat it as a
  convenience beside the QR code and the number, never the only way to pay.
"""

from __future__ import annotations

import json
import re
from decimal import Decimal
from urllib.parse import quote

from .amounts import amount_clean, fixed_point
from .errors import SWISH_NUMBER_INVALID, fail
from .text import text_clean

# Swish payments carry a message of at most 50 characters (the Swish payment request's
# message field); the QR "prefilled" schema allows 70 for any string, so 50 keeps the
# message whole in both.
SWISH_MESSAGE_LIMIT = 50
# The most a Swish payment request can be for (Swish's API: 0.01 to 999999999999.99 SEK).
SWISH_AMOUNT_LIMIT = Decimal("999999999999.99")

_SEPARATORS = re.compile(r"[\s\u00a0\-.()]")
# Normalised forms: a mobile number in international form without "+" (46, then the
# national number 7XXXXXXXX: Swedish mobile numbers are 07X XXX XX XX), or a Swish
# business number (123 and 7 more digits).
_MOBILE = re.compile(r"467[0-9]{8}")
_BUSINESS = re.compile(r"123[0-9]{7}")


def swish_number_clean(value: str) -> str:
    """``value`` normalised: a Swedish mobile number written 07…, +467…, 00467… (or
    already 467…) is "467XXXXXXXX"; a Swish business number is its 10 digits. Anything
    else is a PaymentDetailsError."""
    if not isinstance(value, str):
        raise TypeError(f"a Swish number is a str (got {type(value).__name__})")
    number = _SEPARATORS.sub("", value.strip())
    if _BUSINESS.fullmatch(number):
        return number
    if number.startswith("+46"):
        number = number[1:]
    elif number.startswith("0046"):
        number = number[2:]
    elif number.startswith("07"):
        number = "46" + number[1:]
    if not _MOBILE.fullmatch(number):
        raise fail(SWISH_NUMBER_INVALID(value=value))
    return number


def swish_message_clean(message: str) -> str:
    """The message of a Swish payment, cleaned; at most 50 characters, may be empty."""
    return text_clean(message, field="message", limit=SWISH_MESSAGE_LIMIT, required=False)


def swish_qr_payload(
    number: str,
    amount: Decimal,
    message: str = "",
    *,
    editable_amount: bool = False,
    editable_message: bool = False,
) -> str:
    """The text of a Swish QR code (section 6.1 above) paying ``amount`` SEK to ``number``
    with ``message``; the payee is never editable, the amount and the message only if asked."""
    payee = swish_number_clean(number)
    amount = amount_clean(amount, limit=SWISH_AMOUNT_LIMIT, method="Swish")
    text = swish_message_clean(message)
    lock_mask = (2 if editable_amount else 0) | (4 if editable_message else 0)
    # URL-encoding also turns a ";" in the message into %3B, so it cannot end the field.
    return f"C{payee};{fixed_point(amount, 2, ',')};{quote(text, safe='')};{lock_mask}"


def swish_app_link(number: str, amount: Decimal, message: str = "") -> str:
    """A ``swish://payment?data=`` link (community-documented, see above) opening the
    Swish app with the number, the amount and the message filled in, none editable."""
    payee = swish_number_clean(number)
    amount = amount_clean(amount, limit=SWISH_AMOUNT_LIMIT, method="Swish")
    text = swish_message_clean(message)
    # Written by hand, not json.dumps of a dict: the amount must be a JSON number written
    # exactly (json cannot write a Decimal), and the key order is fixed for the tests.
    data = (
        f'{{"version":1,"payee":{{"value":{json.dumps(payee)}}},'
        f'"amount":{{"value":{fixed_point(amount)}}},'
        f'"message":{{"value":{json.dumps(text, ensure_ascii=False)}}}}}'
    )
    return "swish://payment?data=" + quote(data, safe="")
