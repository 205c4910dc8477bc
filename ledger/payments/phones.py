"""Phone numbers that receive money: E.164 for any country, and the mobile numbers that
Bizum (Spain) and MB WAY (Portugal) are tied to.

These apps publish no open way to pre-fill a payment, so the number is only shown with a
copy button; checking it catches a mistyped or truncated number before the night ends.

E.164 (ITU-T Recommendation E.164): "+", a country code and the national number, 15 digits
at most. Stored as "+" and digits only ("+34612345678").
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .errors import PHONE_NOT_E164, PHONE_NOT_MOBILE, fail

# What people put between digits when they write a number: spaces (also no-break), dashes,
# dots, slashes and brackets around an area code.
_SEPARATORS = re.compile(r"[\s\u00a0\-./()]")
# A country code never starts with 0; 7 digits is the shortest number in use (small
# island countries: +683 and a 4-digit number), 15 the most E.164 allows.
_E164 = re.compile(r"\+[1-9][0-9]{6,14}")


@dataclass(frozen=True)
class MobilePlan:
    """A country's mobile numbers as a payment app takes them: the calling code, how many
    digits follow it, and what those digits start with."""

    calling_code: str
    national_length: int
    prefixes: tuple[str, ...]


# Spain's mobile numbers are 9 digits starting 6 or 7 (the national numbering plan);
# Bizum registers a Spanish mobile number.
BIZUM = MobilePlan("34", 9, ("6", "7"))
# Portugal's mobile numbers are 9 digits starting 9 (91, 92, 93, 96); MB WAY registers
# a Portuguese mobile number.
MB_WAY = MobilePlan("351", 9, ("9",))


def _compact(value: str) -> str:
    if not isinstance(value, str):
        raise TypeError(f"a phone number is a str (got {type(value).__name__})")
    number = _SEPARATORS.sub("", value.strip())
    return "+" + number[2:] if number.startswith("00") else number


def e164_phone_clean(value: str, *, field: str = "phone") -> str:
    """``value`` as E.164 ("+46 70-123 45 67" and "0046701234567" are "+46701234567"), or
    PaymentDetailsError. A number without its country code is refused: it cannot be told
    apart from a number of another country."""
    number = _compact(value)
    if not _E164.fullmatch(number):
        raise fail(PHONE_NOT_E164(field=field, value=value))
    return number


def mobile_phone_clean(value: str, plan: MobilePlan, *, field: str = "phone") -> str:
    """``value`` as the E.164 form of a mobile number of ``plan``'s country, or
    PaymentDetailsError. A national number of the right length may leave out the country
    code ("612 345 678" is "+34612345678" for Bizum)."""
    number = _compact(value)
    if number.isdigit() and len(number) == plan.national_length:
        number = f"+{plan.calling_code}{number}"
    if not _E164.fullmatch(number):
        raise fail(PHONE_NOT_E164(field=field, value=value))
    national = number.removeprefix(f"+{plan.calling_code}")
    if (
        national == number
        or len(national) != plan.national_length
        or not national.startswith(plan.prefixes)
    ):
        raise fail(PHONE_NOT_MOBILE(field=field, value=value, calling_code=plan.calling_code))
    return number


def bizum_phone_clean(value: str) -> str:
    """A Spanish mobile number for Bizum, as "+34…"."""
    return mobile_phone_clean(value, BIZUM, field="bizum_phone")


def mb_way_phone_clean(value: str) -> str:
    """A Portuguese mobile number for MB WAY, as "+351…"."""
    return mobile_phone_clean(value, MB_WAY, field="mb_way_phone")
