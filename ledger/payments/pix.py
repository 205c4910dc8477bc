"""Pix (Brazil, BRL): the key that receives, and the static BR Code ("Pix copia e cola")
the payer scans or pastes.

Sources (Banco Central do Brasil):
- "Manual do BR Code" and "Manual de Padrões para Iniciação do Pix" (the Pix rulebook's
  annex II), section on the static QR code: the BR Code is an EMV QRCPS Merchant-Presented
  Mode payload, a sequence of ID (2 digits), length (2 digits), value. Fields used here:
  00 payload format "01"; 26 merchant account information (00 GUI "br.gov.bcb.pix",
  01 the key, 02 an optional description); 52 merchant category "0000"; 53 currency "986"
  (BRL); 54 amount (optional); 58 country "BR"; 59 the receiver's name (25 characters at
  most); 60 the city (15 at most); 62 additional data (05 the transaction id, "***" when
  there is none); 63 the CRC16-CCITT-FALSE (polynomial 0x1021, initial value 0xFFFF) of
  everything before it including "6304", as 4 capital hexadecimal digits. The manual's
  example ``00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-42665544000052040000
  53039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D`` is reproduced byte for
  byte by the tests.
- The keys, as the DICT (the Pix key directory) writes them: CPF as 11 digits, CNPJ as 14,
  e-mail in lower case (at most 77 characters), phone as "+55" and the number, random key
  (EVP) as a lower-case UUID.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal

from ledger.rules.errors import gettext_noop

from .amounts import amount_clean, fixed_point
from .errors import (
    CNPJ_CHECK_DIGITS,
    CNPJ_INVALID,
    CNPJ_REPEATED_DIGITS,
    CPF_CHECK_DIGITS,
    CPF_INVALID,
    CPF_REPEATED_DIGITS,
    PIX_ACCOUNT_TOO_LONG,
    PIX_EMAIL_INVALID,
    PIX_KEY_UNKNOWN,
    PIX_KIND_UNKNOWN,
    PIX_PHONE_INVALID,
    PIX_RANDOM_KEY_INVALID,
    PIX_TXID_INVALID,
    fail,
)
from .text import plain_text_clean

CPF, CNPJ, EMAIL, PHONE, RANDOM = "cpf", "cnpj", "email", "phone", "random"
PIX_KEY_KINDS = (CPF, CNPJ, EMAIL, PHONE, RANDOM)

PIX_GUI = "br.gov.bcb.pix"
PIX_EMAIL_LIMIT = 77
PIX_NAME_LIMIT = 25
PIX_CITY_LIMIT = 15
PIX_TXID_LIMIT = 25
# Field 54 holds at most 13 characters: "9999999999.99".
PIX_AMOUNT_LIMIT = Decimal("9999999999.99")
# An EMV field's length is 2 digits, so field 26 (GUI, key and description) holds 99.
_FIELD_LIMIT = 99

_SEPARATORS = re.compile(r"[\s\u00a0.\-/]")
_CPF = re.compile(r"[0-9]{11}")
# From July 2026 new CNPJs may hold capital letters in their first 12 characters (Receita
# Federal's alphanumeric CNPJ); the two check digits stay digits, and a digit computes as
# before, so every numeric CNPJ checks the same way.
_CNPJ = re.compile(r"[0-9A-Z]{12}[0-9]{2}")
# The DICT's pattern for an e-mail key (lower case only).
_EMAIL = re.compile(
    r"[a-z0-9.!#$&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?"
    r"(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*"
)
# +55, a two-digit area code (DDD, no zeros: 11 to 99), then a landline's 8 digits or a
# mobile's 9 (which start with 9).
_PHONE = re.compile(r"\+55[1-9]{2}(?:[0-9]{8}|9[0-9]{8})")
# The DICT's pattern for a random key: a UUID's 8-4-4-4-12 hexadecimal groups. It does not
# check the UUID version (the BCB manual's own example key is not a version 4 UUID).
_RANDOM = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")
_TXID = re.compile(r"[A-Za-z0-9]{1,25}")


@dataclass(frozen=True)
class PixKey:
    """A checked Pix key: its kind (one of PIX_KEY_KINDS) and its value as the DICT
    writes it."""

    kind: str
    value: str


def _modulus_11(values: list[int], weights: range | list[int]) -> int:
    # The Receita Federal's check digit: 11 minus the weighted sum's remainder, 0 for 10 and 11.
    return (11 - sum(v * w for v, w in zip(values, weights, strict=True))) % 11 % 10


def cpf_check_digits(first_nine: str) -> str:
    """The two check digits that follow the 9 digits ``first_nine`` of a CPF."""
    values = [int(digit) for digit in first_nine]
    first = _modulus_11(values, range(10, 1, -1))
    second = _modulus_11([*values, first], range(11, 1, -1))
    return f"{first}{second}"


def cnpj_check_digits(first_twelve: str) -> str:
    """The two check digits that follow the 12 characters ``first_twelve`` of a CNPJ
    (a digit or capital letter counts as its character code minus 48)."""
    values = [ord(char) - 48 for char in first_twelve]
    first = _modulus_11(values, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2])
    second = _modulus_11([*values, first], [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2])
    return f"{first}{second}"


def _text(value: str, what: str) -> str:
    if not isinstance(value, str):
        raise TypeError(f"{what} is a str (got {type(value).__name__})")
    return value.strip()


def cpf_clean(value: str) -> str:
    """A CPF ("123.456.789-09" or "12345678909") as its 11 digits, or PaymentDetailsError:
    not 11 digits, all digits the same (passes the check but is no one's), or wrong check
    digits."""
    digits = _SEPARATORS.sub("", _text(value, "a CPF"))
    if not _CPF.fullmatch(digits):
        raise fail(CPF_INVALID(value=value))
    if len(set(digits)) == 1:
        raise fail(CPF_REPEATED_DIGITS(value=digits))
    if digits[9:] != cpf_check_digits(digits[:9]):
        raise fail(CPF_CHECK_DIGITS(value=digits))
    return digits


def cnpj_clean(value: str) -> str:
    """A CNPJ ("11.222.333/0001-81" or its 14 characters) as its 14 characters, letters
    in capitals, or PaymentDetailsError."""
    characters = _SEPARATORS.sub("", _text(value, "a CNPJ")).upper()
    if not _CNPJ.fullmatch(characters):
        raise fail(CNPJ_INVALID(value=value))
    if len(set(characters)) == 1:
        raise fail(CNPJ_REPEATED_DIGITS(value=characters))
    if characters[12:] != cnpj_check_digits(characters[:12]):
        raise fail(CNPJ_CHECK_DIGITS(value=characters))
    return characters


def pix_email_clean(value: str) -> str:
    """An e-mail key in lower case, at most 77 characters, as the DICT takes it."""
    address = _text(value, "an e-mail key").lower()
    if len(address) > PIX_EMAIL_LIMIT or not _EMAIL.fullmatch(address):
        raise fail(PIX_EMAIL_INVALID(value=value, limit=PIX_EMAIL_LIMIT))
    return address


def pix_phone_clean(value: str) -> str:
    """A phone key as "+55" and 10 or 11 digits. "00 55…" counts as "+55…"; separators
    are dropped. A number without +55 is refused here: its 11 digits could be a CPF."""
    number = re.sub(r"[\s\u00a0.\-()]", "", _text(value, "a phone key"))
    if number.startswith("00"):
        number = "+" + number[2:]
    if not _PHONE.fullmatch(number):
        raise fail(PIX_PHONE_INVALID(value=value))
    return number


def pix_random_key_clean(value: str) -> str:
    """A random key (EVP) in lower case, as the DICT writes it."""
    key = _text(value, "a random key").lower()
    if not _RANDOM.fullmatch(key):
        raise fail(PIX_RANDOM_KEY_INVALID(value=value))
    return key


_BY_KIND = {
    CPF: cpf_clean,
    CNPJ: cnpj_clean,
    EMAIL: pix_email_clean,
    PHONE: pix_phone_clean,
    RANDOM: pix_random_key_clean,
}


def _kind_of(text: str) -> str | None:
    """The kind ``text`` is written as, told apart without guessing: an "@" is an e-mail,
    a "+" a phone, a UUID a random key, 11 digits a CPF, 14 characters a CNPJ."""
    if "@" in text:
        return EMAIL
    if text.startswith("+") or text.startswith("00 55") or text.startswith("0055"):
        return PHONE
    if _RANDOM.fullmatch(text.lower()):
        return RANDOM
    compact = _SEPARATORS.sub("", text)
    if len(compact) == 11 and compact.isdigit():
        return CPF
    if len(compact) == 14:
        return CNPJ
    return None


def pix_key_clean(value: str, kind: str | None = None) -> PixKey:
    """``value`` checked and written as the DICT writes it. With ``kind`` it must be that
    kind (a "phone" may then leave out +55); without, the kind is told from its form, and a
    phone must start with +55 (otherwise 11 digits are a CPF)."""
    text = _text(value, "a Pix key")
    if kind is None:
        kind = _kind_of(text)
        if kind is None:
            raise fail(PIX_KEY_UNKNOWN(value=value))
    elif kind not in _BY_KIND:
        raise fail(PIX_KIND_UNKNOWN(value=kind))
    if kind == PHONE and re.fullmatch(r"[0-9\s().\-]+", text):
        digits = re.sub(r"[^0-9]", "", text)
        if len(digits) in (10, 11):  # the national number alone: area code and number
            text = "+55" + digits
    return PixKey(kind, _BY_KIND[kind](text))


def crc16_ccitt_false(data: bytes) -> int:
    """CRC-16/CCITT-FALSE: polynomial 0x1021, initial value 0xFFFF, no reflection, no final
    XOR (the check value of b"123456789" is 0x29B1)."""
    crc = 0xFFFF
    for byte in data:
        crc ^= byte << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) if crc & 0x8000 else crc << 1
            crc &= 0xFFFF
    return crc


def _field(tag: str, value: str) -> str:
    if len(value) > _FIELD_LIMIT:  # every caller checks its limits first
        raise ValueError(f"EMV field {tag} cannot hold {len(value)} characters")
    return f"{tag}{len(value):02d}{value}"


def pix_br_code(
    *,
    key: str | PixKey,
    name: str,
    city: str,
    amount: Decimal | None = None,
    txid: str | None = None,
    description: str = "",
) -> str:
    """The static BR Code ("Pix copia e cola" text, and what the QR code holds) paying
    ``amount`` BRL (None: the payer types it) to ``key``, received by ``name`` in ``city``.

    ``key`` is checked again (a PixKey keeps its kind). Name, city and description are
    written without accents (a BR Code field holds printable ASCII); ``txid`` is up to 25
    letters and digits, "***" when there is none.
    """
    checked = pix_key_clean(key.value, key.kind) if isinstance(key, PixKey) else pix_key_clean(key)
    receiver = plain_text_clean(name, field="name", limit=PIX_NAME_LIMIT)
    place = plain_text_clean(city, field="city", limit=PIX_CITY_LIMIT)
    note = plain_text_clean(description, field="description", limit=_FIELD_LIMIT, required=False)
    if txid is None or txid == "":
        reference = "***"
    elif isinstance(txid, str) and _TXID.fullmatch(txid):
        reference = txid
    else:
        raise fail(PIX_TXID_INVALID(value=txid, limit=PIX_TXID_LIMIT))

    account = _field("00", PIX_GUI) + _field("01", checked.value)
    if note:
        account += _field("02", note)
    if len(account) > _FIELD_LIMIT:
        room = _FIELD_LIMIT - (len(account) - len(note))
        raise fail(PIX_ACCOUNT_TOO_LONG(length=len(account), limit=_FIELD_LIMIT, room=room))

    payload = _field("00", "01") + _field("26", account) + _field("52", "0000")
    payload += _field("53", "986")
    if amount is not None:
        amount = amount_clean(amount, limit=PIX_AMOUNT_LIMIT, method=gettext_noop("a Pix BR Code"))
        payload += _field("54", fixed_point(amount))
    payload += _field("58", "BR") + _field("59", receiver) + _field("60", place)
    payload += _field("62", _field("05", reference))
    payload += "6304"
    return payload + f"{crc16_ccitt_false(payload.encode('ascii')):04X}"
