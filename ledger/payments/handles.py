"""Venmo, Cash App and PayPal.me: the name that receives, and a link that opens a payment
to it with the amount (and a note where the link has one).

The names are checked against each service's published rules (sources at each pattern).
The LINKS are not from any published specification: their forms are community-documented
(widely used and observed to work, but undocumented by the services), so they may change
without notice. Show the name beside every link, so the payer can still pay by hand.
"""

from __future__ import annotations

import re
from decimal import Decimal
from urllib.parse import quote

from ledger.rules.errors import gettext_noop

from .amounts import amount_clean, currency_clean, fixed_point
from .errors import CASHTAG_INVALID, PAYPAL_ME_INVALID, VENMO_USERNAME_INVALID, fail
from .text import text_clean

# PayPal's Orders API (v2) schema of a Venmo account, ``venmo_response.user_name``:
# "The Venmo username, as chosen by the user", pattern ^[-a-zA-Z0-9_]*$, 1 to 50
# characters. (The Venmo app asks new names for 5 to 30; older names may differ, so the
# published schema is what is checked.)
VENMO_USERNAME_LIMIT = 50
_VENMO_USERNAME = re.compile(r"[-a-zA-Z0-9_]{1,50}")
# Cash App Help, "$Cashtags": "Your $Cashtag must include at least 1 letter and be no
# longer than 20 characters"; one "could also be unavailable because it contains symbols,
# dashes, or spaces". Not case sensitive.
CASHTAG_LIMIT = 20
_CASHTAG = re.compile(r"(?=[0-9]*[A-Za-z])[A-Za-z0-9]{1,20}")
# PayPal Help, "How do I set up my PayPal.Me link?": "only alphanumeric characters
# (letters A-Z, numbers 0-9); no symbols, dashes or spaces", "up to 20 characters", not
# case sensitive.
PAYPAL_ME_LIMIT = 20
_PAYPAL_ME = re.compile(r"[A-Za-z0-9]{1,20}")
# PayPal's currency codes: these three take no decimals in PayPal (others take 2).
PAYPAL_WHOLE_UNIT_CURRENCIES = frozenset({"HUF", "JPY", "TWD"})

# No published limit on a link's amount or note: a bound of our own, far above any home
# game's debt, so a runaway number never becomes a link.
LINK_AMOUNT_LIMIT = Decimal("999999.99")
NOTE_LIMIT = 140


def _handle(value: str, prefix: str, what: str) -> str:
    if not isinstance(value, str):
        raise TypeError(f"{what} is a str (got {type(value).__name__})")
    return value.strip().removeprefix(prefix)


def venmo_username_clean(value: str) -> str:
    """A Venmo user name, without the "@" people write before it."""
    name = _handle(value, "@", "a Venmo user name")
    if not _VENMO_USERNAME.fullmatch(name):
        raise fail(VENMO_USERNAME_INVALID(value=value, limit=VENMO_USERNAME_LIMIT))
    return name


def cashtag_clean(value: str) -> str:
    """A $Cashtag, without its "$"."""
    tag = _handle(value, "$", "a $Cashtag")
    if not _CASHTAG.fullmatch(tag):
        raise fail(CASHTAG_INVALID(value=value, limit=CASHTAG_LIMIT))
    return tag


def paypal_me_clean(value: str) -> str:
    """A PayPal.Me name; a pasted link ("paypal.me/Name", "https://www.paypal.me/Name")
    gives its name."""
    name = re.sub(r"^(?:https?://)?(?:www\.)?paypal\.me/", "", _handle(value, "@", "a name"))
    if not _PAYPAL_ME.fullmatch(name):
        raise fail(PAYPAL_ME_INVALID(value=value, limit=PAYPAL_ME_LIMIT))
    return name


def _note(note: str) -> str:
    return text_clean(note, field="note", limit=NOTE_LIMIT, required=False)


def venmo_link(username: str, amount: Decimal, note: str = "") -> str:
    """``https://venmo.com/<user>?txn=pay&amount=…&note=…`` (community-documented): opens a
    payment of ``amount`` USD to ``username`` with ``note``."""
    user = venmo_username_clean(username)
    amount = amount_clean(amount, limit=LINK_AMOUNT_LIMIT, method=gettext_noop("a Venmo link"))
    link = f"https://venmo.com/{user}?txn=pay&amount={fixed_point(amount)}"
    text = _note(note)
    return link + (f"&note={quote(text, safe='')}" if text else "")


def cash_app_link(cashtag: str, amount: Decimal) -> str:
    """``https://cash.app/$<tag>/<amount>`` (community-documented): a payment of ``amount``
    USD to ``cashtag``. The link has no note."""
    tag = cashtag_clean(cashtag)
    amount = amount_clean(amount, limit=LINK_AMOUNT_LIMIT, method=gettext_noop("a Cash App link"))
    return f"https://cash.app/${tag}/{fixed_point(amount)}"


def paypal_me_link(name: str, amount: Decimal, currency: str) -> str:
    """``https://paypal.me/<name>/<amount><CURRENCY>`` (community-documented): a payment
    of ``amount`` in ``currency`` to ``name``. The link has no note."""
    user = paypal_me_clean(name)
    code = currency_clean(currency)
    places = 0 if code in PAYPAL_WHOLE_UNIT_CURRENCIES else 2
    amount = amount_clean(
        amount, limit=LINK_AMOUNT_LIMIT, method=gettext_noop("a PayPal.Me link"), places=places
    )
    return f"https://paypal.me/{user}/{fixed_point(amount, places)}{code}"
