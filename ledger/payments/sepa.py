"""SEPA credit transfer (EUR): the account that receives (IBAN, beneficiary name, BIC) and
the EPC QR code ("GiroCode") a banking app scans to fill in the transfer.

Sources:
- IBAN: ISO 13616 (structure, and ISO 7064 MOD 97-10 check digits); each country's length
  and account format from SWIFT's IBAN Registry (``iban_registry.py``).
- BIC: ISO 9362: 4 characters for the institution, 2 letters for the country, 2 for the
  location, optionally 3 for the branch ("DEUTDEFF", "DEUTDEFF500").
- EPC QR code: European Payments Council, EPC069-12 "Quick Response Code: Guidelines to
  Enable Data Capture for the Initiation of a SEPA Credit Transfer" (version 3.1). The
  payload is up to 12 elements, one per line (LF), nothing after the last element used:
  service tag "BCD"; version "001" or "002"; character set (1 UTF-8, 2 ISO 8859-1,
  3 ISO 8859-2, 4 ISO 8859-4, 5 ISO 8859-5, 6 ISO 8859-7, 7 ISO 8859-10, 8 ISO 8859-15);
  identification "SCT"; the beneficiary bank's BIC (required in version 001, optional in
  002 within the EEA); the beneficiary's name (70 characters at most); the IBAN; the
  amount ("EUR" and 0.01 to 999999999.99, as the examples write it: "EUR12.3"); a purpose
  code (4 characters); a structured reference (35 at most) or an unstructured remittance
  text (140 at most), never both; a note to the payer (70 at most). 331 bytes at most
  (QR version 13, error correction level M). The document's two examples (section 2.3) are
  reproduced byte for byte by the tests.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal

from ledger.rules.errors import Problem, gettext_noop

from .amounts import amount_clean, shortest
from .errors import (
    BIC_INVALID,
    BIC_REQUIRED,
    EPC_CHARSET_INVALID,
    EPC_PAYLOAD_TOO_LARGE,
    EPC_PURPOSE_INVALID,
    EPC_REFERENCE_AND_TEXT,
    EPC_REFERENCE_INVALID,
    EPC_VERSION_INVALID,
    IBAN_ACCOUNT_FORMAT,
    IBAN_CHECK_DIGITS,
    IBAN_COUNTRY_UNKNOWN,
    IBAN_INVALID,
    IBAN_NOT_SEPA,
    IBAN_WRONG_LENGTH,
    TEXT_NOT_IN_CHARACTER_SET,
    PaymentDetailsError,
    fail,
)
from .iban_registry import IBAN_FORMATS
from .text import text_clean

# The European Economic Area: the EU's 27 members, Iceland, Liechtenstein and Norway. A
# transfer to an IBAN of these countries needs no BIC (EPC069-12, version 002).
EEA_COUNTRIES = frozenset({
    "AT", "BE", "BG", "CY", "CZ", "DE", "DK", "EE", "ES", "FI", "FR", "GR", "HR", "HU",
    "IE", "IT", "LT", "LU", "LV", "MT", "NL", "PL", "PT", "RO", "SE", "SI", "SK",
    "IS", "LI", "NO",
})  # fmt: skip
# The SEPA schemes' geographical scope as the EPC has set it (41 countries after Serbia
# joined in May 2025): the EEA, Switzerland, the United Kingdom (Gibraltar has its own
# IBANs; Jersey, Guernsey and the Isle of Man use GB ones), Monaco, San Marino, Andorra,
# the Vatican, Albania, Montenegro, Moldova, North Macedonia and Serbia. The EU's outermost
# regions use their country's IBANs (FR, PT, ES). Update when the EPC admits a country.
SEPA_COUNTRIES = EEA_COUNTRIES | frozenset({
    "CH", "GB", "GI", "MC", "SM", "AD", "VA", "AL", "ME", "MD", "MK", "RS",
})  # fmt: skip

NAME_LIMIT = 70
TEXT_LIMIT = 140
REFERENCE_LIMIT = 35
INFO_LIMIT = 70
EPC_PAYLOAD_LIMIT = 331
EPC_AMOUNT_LIMIT = Decimal("999999999.99")
EPC_VERSIONS = ("001", "002")
EPC_CHARSETS = {
    1: "utf-8",
    2: "iso-8859-1",
    3: "iso-8859-2",
    4: "iso-8859-4",
    5: "iso-8859-5",
    6: "iso-8859-7",
    7: "iso-8859-10",
    8: "iso-8859-15",
}

_SPACES = re.compile(r"[\s\u00a0]")
_IBAN_SHAPE = re.compile(r"[A-Z]{2}[0-9]{2}[A-Z0-9]{1,30}")
_BIC = re.compile(r"[A-Z0-9]{4}[A-Z]{2}[A-Z0-9]{2}(?:[A-Z0-9]{3})?")
_PURPOSE = re.compile(r"[A-Z]{4}")
_REFERENCE = re.compile(r"[A-Za-z0-9]{1,35}")


def _mod97(text: str) -> int:
    """``text`` (digits and capital letters, A = 10 ... Z = 35) as a number, modulo 97."""
    return int("".join(str(int(char, 36)) for char in text)) % 97


def iban_check_digits(country: str, bban: str) -> str:
    """The two check digits of the IBAN of ``country`` with account part ``bban``."""
    return f"{98 - _mod97(bban + country + '00'):02d}"


def iban_clean(value: str) -> str:
    """``value`` (spaces allowed, any case) as a compact IBAN in capitals, or
    PaymentDetailsError: not shaped like an IBAN, a country that issues none, the wrong
    length or account format for its country, or check digits that do not match."""
    if not isinstance(value, str):
        raise TypeError(f"an IBAN is a str (got {type(value).__name__})")
    compact = _SPACES.sub("", value).upper()
    if not _IBAN_SHAPE.fullmatch(compact):
        raise fail(IBAN_INVALID(value=value))
    country = compact[:2]
    if country not in IBAN_FORMATS:
        raise fail(IBAN_COUNTRY_UNKNOWN(value=compact, country=country))
    length, account = IBAN_FORMATS[country]
    if len(compact) != length:
        raise fail(
            IBAN_WRONG_LENGTH(value=compact, country=country, expected=length, length=len(compact))
        )
    if not account.fullmatch(compact[4:]):
        raise fail(IBAN_ACCOUNT_FORMAT(value=compact, country=country))
    if _mod97(compact[4:] + compact[:4]) != 1:
        raise fail(IBAN_CHECK_DIGITS(value=compact))
    return compact


def sepa_iban_clean(value: str) -> str:
    """An IBAN (as ``iban``) of a country a SEPA credit transfer reaches."""
    compact = iban_clean(value)
    if compact[:2] not in SEPA_COUNTRIES:
        raise fail(IBAN_NOT_SEPA(value=compact, country=compact[:2]))
    return compact


def bic_clean(value: str) -> str:
    """``value`` (spaces allowed, any case) as a BIC of 8 or 11 capitals and digits."""
    if not isinstance(value, str):
        raise TypeError(f"a BIC is a str (got {type(value).__name__})")
    compact = _SPACES.sub("", value).upper()
    if not _BIC.fullmatch(compact):
        raise fail(BIC_INVALID(value=value))
    return compact


def beneficiary_name_clean(value: str) -> str:
    """The account holder's name: not empty, at most 70 characters, nothing invisible."""
    return text_clean(value, field="beneficiary_name", limit=NAME_LIMIT)


@dataclass(frozen=True)
class SepaAccount:
    """Where a SEPA transfer goes: checked IBAN, name and BIC (None when not given)."""

    iban: str
    name: str
    bic: str | None = None


def sepa_account_clean(*, iban: str, name: str, bic: str | None = None) -> SepaAccount:
    """The three details checked together: PaymentDetailsError lists every problem found
    (a bad IBAN and an empty name at once), and asks for the BIC of an account outside
    the EEA, which SEPA transfers from other banks need."""
    problems: list[Problem] = []

    def checked(check: Callable[[str], str], value: str) -> str | None:
        try:
            return check(value)
        except PaymentDetailsError as error:
            problems.extend(error.problems)
            return None

    account_iban = checked(sepa_iban_clean, iban)
    account_name = checked(beneficiary_name_clean, name)
    # An empty BIC field means "no BIC", as it does in the payload.
    bic_given = bic is not None and not (isinstance(bic, str) and bic.strip() == "")
    account_bic = checked(bic_clean, bic) if bic_given else None
    if account_iban and account_iban[:2] not in EEA_COUNTRIES and not bic_given:
        problems.append(BIC_REQUIRED(value=account_iban, country=account_iban[:2]))
    if problems or account_iban is None or account_name is None:
        raise PaymentDetailsError(problems)
    return SepaAccount(iban=account_iban, name=account_name, bic=account_bic)


def _encoded(text: str, *, field: str, charset: int) -> bytes:
    try:
        return text.encode(EPC_CHARSETS[charset])
    except UnicodeEncodeError as error:
        character = text[error.start]
        raise fail(
            TEXT_NOT_IN_CHARACTER_SET(field=field, character=character, charset=charset)
        ) from None


def epc_qr_payload(
    *,
    name: str,
    iban: str,
    amount: Decimal | None = None,
    bic: str | None = None,
    text: str = "",
    reference: str = "",
    purpose: str = "",
    info: str = "",
    version: str = "002",
    charset: int = 1,
) -> bytes:
    """The bytes of an EPC QR code (EPC069-12, above) for a transfer of ``amount`` EUR
    (None: the payer types it) to ``name``'s ``iban``, with a remittance ``text`` or a
    structured ``reference``. Every element is checked; PaymentDetailsError otherwise."""
    if version not in EPC_VERSIONS:
        raise fail(EPC_VERSION_INVALID(value=version))
    if not isinstance(charset, int) or isinstance(charset, bool) or charset not in EPC_CHARSETS:
        raise fail(EPC_CHARSET_INVALID(value=charset))
    account = sepa_account_clean(iban=iban, name=name, bic=bic)
    if version == "001" and account.bic is None:
        raise fail(BIC_REQUIRED(value=account.iban, country=account.iban[:2]))
    money = ""
    if amount is not None:
        money = "EUR" + shortest(
            amount_clean(amount, limit=EPC_AMOUNT_LIMIT, method=gettext_noop("an EPC QR code"))
        )
    purpose_code = purpose.strip().upper()
    if purpose_code and not _PURPOSE.fullmatch(purpose_code):
        raise fail(EPC_PURPOSE_INVALID(value=purpose))
    structured = _SPACES.sub("", reference)
    if structured and not _REFERENCE.fullmatch(structured):
        raise fail(EPC_REFERENCE_INVALID(value=reference, limit=REFERENCE_LIMIT))
    remittance = text_clean(text, field="text", limit=TEXT_LIMIT, required=False)
    if structured and remittance:
        raise fail(EPC_REFERENCE_AND_TEXT())
    note = text_clean(info, field="info", limit=INFO_LIMIT, required=False)

    elements = [
        ("service_tag", "BCD"),
        ("version", version),
        ("charset", str(charset)),
        ("identification", "SCT"),
        ("bic", account.bic or ""),
        ("beneficiary_name", account.name),
        ("iban", account.iban),
        ("amount", money),
        ("purpose", purpose_code),
        ("reference", structured),
        ("text", remittance),
        ("info", note),
    ]
    while elements[-1][1] == "":  # nothing after the last element used
        elements.pop()
    payload = b"\n".join(_encoded(value, field=f, charset=charset) for f, value in elements)
    if len(payload) > EPC_PAYLOAD_LIMIT:
        raise fail(EPC_PAYLOAD_TOO_LARGE(length=len(payload), limit=EPC_PAYLOAD_LIMIT))
    return payload
