"""Plain words for what the ledger recorded: hand outcomes, chips and money.

Presentation only: everything here reads a hand's stored input and result (player ids
as JSON) and the names to show; no rule is decided here.
"""

import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal
from functools import lru_cache

from babel import dates as babel_dates
from babel import numbers as babel_numbers
from django.utils.translation import gettext, ngettext, pgettext

from ledger import rules
from ledger.models import payments as payment_kinds
from tables.languages import babel_locale

# CLDR's currencySpacing, which Babel does not apply: a currency symbol made of letters
# ("SEK") is kept apart from the digits by a no-break space ("SEK 25.00", not "SEK25.00").
CURRENCY_SPACE = "\u00a0"


def money(amount: Decimal, currency: str) -> str:
    """Money as the active language writes it (Babel's CLDR data): ``$1,234.50`` in English,
    ``1 234,50 kr`` in Swedish, ``R$ 1.234,50`` in Brazilian Portuguese, ``1 234,50 €`` in
    French. Never rounded: every digit of ``amount`` is shown."""
    # Keyed by the digits as written: 1.5 and 1.50 are equal Decimals, shown differently.
    return _money(str(amount), currency, babel_locale())


# Babel parses the locale and the pattern again at every call, and a screen writes the
# same few amounts over and over: each text is made once per process. The keys are a
# handful of stakes and balances per night, so the caches stay small.
@lru_cache(maxsize=4096)
def _money(amount: str, currency: str, locale: str) -> str:
    text = babel_numbers.format_currency(
        Decimal(amount), currency, locale=locale, decimal_quantization=False
    )
    symbol = babel_numbers.get_currency_symbol(currency, locale=locale)
    return _currency_spaced(text, symbol)


def _currency_spaced(text: str, symbol: str) -> str:
    start = text.find(symbol)
    if start < 0:
        return text
    end = start + len(symbol)
    if end < len(text) and text[end].isdigit() and not _is_symbol(symbol[-1]):
        text = text[:end] + CURRENCY_SPACE + text[end:]
    if start > 0 and text[start - 1].isdigit() and not _is_symbol(symbol[0]):
        text = text[:start] + CURRENCY_SPACE + text[start:]
    return text


def _is_symbol(character: str) -> bool:
    return unicodedata.category(character).startswith("S")


def money_totals(amounts: Mapping[str, Decimal]) -> str:
    """Money in one or more currencies (never added together): ``$12.00 + €3.50``, or ``0``."""
    if not amounts:
        return "0"
    return " + ".join(money(amount, currency) for currency, amount in amounts.items())


def in_turn(ids: Iterable, seat_order: Sequence[int], dealer: int | None) -> list:
    """``ids`` (player ids, as ints or JSON's strings) in the order of play: from the
    dealer's left around ``seat_order``, dealer last; anyone not in it comes after."""
    return rules.order_from_left(seat_order, dealer, ids, key=int)


def chips(amount: int) -> str:
    """A balance with its sign, grouped as the active language groups digits: ``+12``,
    ``-16``, ``0``, ``+1,234`` (``+1 234`` in Swedish)."""
    if not amount:
        return "0"
    return _grouped(amount, "+#,##0;-#,##0", babel_locale())


def whole(amount: int) -> str:
    """A count of chips (or anything) grouped as the active language groups digits:
    ``1,234``, ``1 234``, ``1.234``."""
    return _grouped(amount, "#,##0", babel_locale())


@lru_cache(maxsize=4096, typed=True)
def _grouped(amount: int, pattern: str, locale: str) -> str:
    return babel_numbers.format_decimal(amount, format=pattern, locale=locale)


def local_date(value: date | datetime, skeleton: str = "yMMMd") -> str:
    """``value`` as the active language writes it, from a CLDR skeleton ("yMMMEd": Sat,
    Apr 5, 2025 / lör 5 apr. 2025) or "full" (Saturday, April 5, 2025). An aware datetime
    must already be in the visitor's time zone (timezone.localtime)."""
    locale = babel_locale()
    if skeleton == "full":
        return babel_dates.format_date(value, "full", locale=locale)
    if isinstance(value, datetime):
        # Babel would convert an aware datetime to UTC; it is already local.
        value = value.replace(tzinfo=None)
    return babel_dates.format_skeleton(skeleton, value, locale=locale)


def local_date_time(value: datetime) -> str:
    """A day and a time as the active language writes them together ("Thu, Dec 10, 20:00",
    "tors 10 dec. 20:00"), on ``value``'s own clock (its time zone, not the visitor's)."""
    locale = babel_locale()
    wall = value.replace(tzinfo=None)
    day = babel_dates.format_skeleton("MMMEd", wall, locale=locale)
    hour = babel_dates.format_skeleton("Hm", wall, locale=locale)
    return (
        babel_dates.get_datetime_format("medium", locale=locale)
        .replace("{1}", day)
        .replace("{0}", hour)
    )


def sign_class(amount) -> str:
    return "pos" if amount > 0 else "neg" if amount < 0 else ""


def join_names(names: Sequence[str]) -> str:
    """``Ann``, ``Ann and Bob``, ``Ann, Bob and Cy``: a list as the active language writes
    one (its separator and its "and" are translated, the names never)."""
    names = [str(name) for name in names]
    if len(names) <= 1:
        return "".join(names)
    # Translators: between the items of a list, but the last two: "Ann, Bob and Cy".
    separator = gettext(", ")
    # Translators: the last two items of a list ("Ann, Bob and Cy"); items holds the others.
    return gettext("%(items)s and %(last)s") % {
        "items": separator.join(names[:-1]),
        "last": names[-1],
    }


def player_shown(key) -> str:
    """A player no name is known for: an id as "player #12" (the number alone would read
    as a count), anything else (a night file's name) as itself."""
    if isinstance(key, int) and not isinstance(key, bool):
        return gettext("player #%(number)s") % {"number": key}
    return str(key)


class _Names:
    def __init__(self, names: Mapping[int, str]) -> None:
        self.names = names

    def __call__(self, player_id) -> str:
        name = self.names.get(int(player_id))
        return player_shown(int(player_id)) if name is None else name

    def amounts(self, amounts: Mapping[str, int]) -> str:
        """``Ann 2 and Bob 2``: each player's chips, as a list."""
        return join_names([f"{self(p)} {whole(chips)}" for p, chips in amounts.items()])


@dataclass(frozen=True)
class HandText:
    """A recorded hand in words, for the one partial that shows it (nights/_hand.html)."""

    number: int
    dealer: str
    summary: str


def hand_text(hand, names: Mapping[int, str]) -> HandText:
    """``hand`` (a live Hand: its number, dealer and stored input and result) in words."""
    return HandText(
        number=hand.number,
        dealer=_Names(names)(hand.dealer_id),
        summary=describe_hand(hand.input, hand.result, names),
    )


def describe_hand(hand_input: Mapping, result: Mapping, names: Mapping[int, str]) -> str:
    """What a hand did, in a sentence or three: "Dee is bourré: pays 8 into the next pot.
    Cy wins 8." ``hand_input`` and ``result`` are a Hand's stored JSON. Each sentence is
    one translatable string; chips are grouped as the active language groups digits."""
    name = _Names(names)
    if result["misdeal"]:
        return gettext("Misdeal: %(dealer)s deals again.") % {"dealer": name(result["dealer"])}
    sentences = []
    if result["ante_refunds"]:
        sentences.append(
            gettext("The pot is capped: %(amounts)s back from the antes.")
            % {"amounts": name.amounts(result["ante_refunds"])}
        )
    stayed = {int(p): tricks for p, tricks in hand_input["stayed"].items()}
    if not stayed:
        sentences.append(
            gettext("Nobody stays: the pot of %(pot)s carries over.")
            % {"pot": whole(result["pot_after"])}
        )
        return " ".join(sentences)
    if len(stayed) == 1:
        sentences.append(
            gettext("%(winner)s stays alone and takes %(amount)s.")
            % {"winner": name(result["winner"]), "amount": whole(result["winner_takes"])}
        )
    else:
        sentences.extend(_penalties(hand_input, result, name))
        sentences.append(_outcome(stayed, result, name))
    if result["penalty_refunds"]:
        sentences.append(
            gettext("The pot is capped: %(amounts)s back from the payments.")
            % {"amounts": name.amounts(result["penalty_refunds"])}
        )
    return " ".join(sentences)


def _penalties(hand_input, result, name) -> list[str]:
    sentences = []
    bourres = result["bourre_payments"]
    if bourres:
        who = [name(p) for p in bourres]
        amounts = set(bourres.values())
        if len(who) == 1:
            sentences.append(
                gettext("%(player)s is bourré: pays %(amount)s into the next pot.")
                % {"player": who[0], "amount": whole(bourres[next(iter(bourres))])}
            )
        elif len(amounts) == 1:
            sentences.append(
                gettext("%(players)s are bourré: each pays %(amount)s into the next pot.")
                % {"players": join_names(who), "amount": whole(amounts.pop())}
            )
        else:
            sentences.append(
                gettext("Bourré: %(amounts)s into the next pot.")
                % {"amounts": name.amounts(bourres)}
            )
    reneged = [int(p) for p in hand_input.get("reneged", [])]
    for player_id, amount in result["renege_payments"].items():
        count = reneged.count(int(player_id))
        params = {"player": name(player_id), "amount": whole(amount), "count": count}
        sentences.append(_reneged(count) % params)
    return sentences


def _reneged(count: int) -> str:
    """The sentence for a player who reneged ``count`` times in a hand."""
    if count == 1:
        return gettext("%(player)s reneged: pays %(amount)s.")
    if count == 2:
        return gettext("%(player)s reneged twice: pays %(amount)s.")
    if count == 3:
        return gettext("%(player)s reneged three times: pays %(amount)s.")
    return ngettext(
        "%(player)s reneged %(count)s time: pays %(amount)s.",
        "%(player)s reneged %(count)s times: pays %(amount)s.",
        count,
    )


def _outcome(stayed: Mapping[int, int], result, name) -> str:
    if result["winner"] is not None:
        takes, before = result["winner_takes"], result["pot_before"]
        params = {
            "winner": name(result["winner"]),
            "amount": whole(takes),
            "left": whole(before - takes),
        }
        if takes < before:
            return (
                ngettext(
                    "%(winner)s wins %(amount)s; %(left)s stays in the pot.",
                    "%(winner)s wins %(amount)s; %(left)s stay in the pot.",
                    before - takes,
                )
                % params
            )
        return gettext("%(winner)s wins %(amount)s.") % params
    most = max(tricks or 0 for tricks in stayed.values())
    leaders = [name(p) for p, tricks in stayed.items() if (tricks or 0) == most]
    params = {
        "players": join_names(leaders),
        "player": leaders[0],
        "tricks": most,
        "pot": whole(result["pot_after"]),
    }
    if len(leaders) > 1:
        template = ngettext(
            "Nobody wins (%(players)s tie on %(tricks)s trick): the pot of %(pot)s carries over.",
            "Nobody wins (%(players)s tie on %(tricks)s tricks): the pot of %(pot)s carries over.",
            most,
        )
    else:
        template = ngettext(
            "Nobody wins (%(player)s's %(tricks)s trick is too few to win): the pot of %(pot)s "
            "carries over.",
            "Nobody wins (%(player)s's %(tricks)s tricks are too few to win): the pot of %(pot)s "
            "carries over.",
            most,
        )
    return template % params


def payments(result: Mapping, names: Mapping[int, str]) -> list[str]:
    """The chips a hand moved, one short line each, for the hand log."""
    if result["misdeal"]:
        return []
    name = _Names(names)
    lines = []
    if result["ante_payers"]:
        lines.append(
            gettext("Ante %(ante)s from %(players)s")
            % {
                "ante": whole(result["ante"]),
                "players": join_names([name(p) for p in result["ante_payers"]]),
            }
        )
    if result["ante_refunds"]:
        lines.append(
            gettext("Ante back (pot cap): %(amounts)s")
            % {"amounts": name.amounts(result["ante_refunds"])}
        )
    if result["winner"] is not None:
        lines.append(
            gettext("%(winner)s takes %(amount)s")
            % {"winner": name(result["winner"]), "amount": whole(result["winner_takes"])}
        )
    if result["bourre_payments"]:
        lines.append(
            gettext("Bourré: %(amounts)s") % {"amounts": name.amounts(result["bourre_payments"])}
        )
    if result["renege_payments"]:
        lines.append(
            pgettext("breaking a play obligation", "Renege: %(amounts)s")
            % {"amounts": name.amounts(result["renege_payments"])}
        )
    if result["penalty_refunds"]:
        lines.append(
            gettext("Back (pot cap): %(amounts)s")
            % {"amounts": name.amounts(result["penalty_refunds"])}
        )
    return lines


def swish_number(value: str) -> str:
    """A Swish number as Swedes write and read it: a mobile number in its national form,
    070-123 45 67 (stored in international form, 46701234567, which is what the QR code
    and the app link carry), a business number in its groups, 123 456 78 90."""
    if len(value) == 11 and value.startswith("467"):
        national = "0" + value[2:]
        return f"{national[:3]}-{national[3:6]} {national[6:8]} {national[8:]}"
    if len(value) == 10 and value.startswith("123"):
        return f"{value[:3]} {value[3:6]} {value[6:8]} {value[8:]}"
    return value


def payment_value(kind: str, value: str) -> str:
    """How a way of getting paid shows its number, account or handle, the same on the
    player's page and under every pay button."""
    if kind == payment_kinds.SWISH:
        return swish_number(value)
    return value
