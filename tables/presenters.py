"""Plain words for what the ledger recorded: hand outcomes, chips and money.

Presentation only: everything here reads a hand's stored input and result (player ids
as JSON) and the names to show; no rule is decided here.
"""

import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal

from babel import dates as babel_dates
from babel import numbers as babel_numbers

from ledger import rules
from tables.languages import babel_locale

# CLDR's currencySpacing, which Babel does not apply: a currency symbol made of letters
# ("SEK") is kept apart from the digits by a no-break space ("SEK 25.00", not "SEK25.00").
CURRENCY_SPACE = "\u00a0"


def money(amount: Decimal, currency: str) -> str:
    """Money as the active language writes it (Babel's CLDR data): ``$1,234.50`` in English,
    ``1 234,50 kr`` in Swedish, ``R$ 1.234,50`` in Brazilian Portuguese, ``1 234,50 €`` in
    French. Never rounded: every digit of ``amount`` is shown."""
    locale = babel_locale()
    text = babel_numbers.format_currency(
        amount, currency, locale=locale, decimal_quantization=False
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
    return babel_numbers.format_decimal(amount, format="+#,##0;-#,##0", locale=babel_locale())


def whole(amount: int) -> str:
    """A count of chips (or anything) grouped as the active language groups digits:
    ``1,234``, ``1 234``, ``1.234``."""
    return babel_numbers.format_decimal(amount, format="#,##0", locale=babel_locale())


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


def sign_class(amount) -> str:
    return "pos" if amount > 0 else "neg" if amount < 0 else ""


def join_names(names: Sequence[str]) -> str:
    """``Ann``, ``Ann and Bob``, ``Ann, Bob and Cy``."""
    names = list(names)
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} and {names[-1]}"


def _times(count: int) -> str:
    return {1: "", 2: " twice", 3: " three times"}.get(count, f" {count} times")


class _Names:
    def __init__(self, names: Mapping[int, str]) -> None:
        self.names = names

    def __call__(self, player_id) -> str:
        return self.names.get(int(player_id), f"player #{player_id}")

    def amounts(self, amounts: Mapping[str, int]) -> str:
        return join_names([f"{self(p)} {chips}" for p, chips in amounts.items()])


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
    Cy wins 8." ``hand_input`` and ``result`` are a Hand's stored JSON."""
    name = _Names(names)
    if result["misdeal"]:
        return f"Misdeal: {name(result['dealer'])} deals again."
    sentences = []
    if result["ante_refunds"]:
        sentences.append(
            f"The pot is capped: {name.amounts(result['ante_refunds'])} back from the antes."
        )
    stayed = {int(p): tricks for p, tricks in hand_input["stayed"].items()}
    if not stayed:
        sentences.append(f"Nobody stays: the pot of {result['pot_after']} carries over.")
        return " ".join(sentences)
    if len(stayed) == 1:
        sentences.append(
            f"{name(result['winner'])} stays alone and takes {result['winner_takes']}."
        )
    else:
        sentences.extend(_penalties(hand_input, result, name))
        sentences.append(_outcome(stayed, result, name))
    if result["penalty_refunds"]:
        sentences.append(
            f"The pot is capped: {name.amounts(result['penalty_refunds'])} back from the payments."
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
                f"{who[0]} is bourré: pays {bourres[next(iter(bourres))]} into the next pot."
            )
        elif len(amounts) == 1:
            sentences.append(
                f"{join_names(who)} are bourré: each pays {amounts.pop()} into the next pot."
            )
        else:
            sentences.append(f"Bourré: {name.amounts(bourres)} into the next pot.")
    reneged = [int(p) for p in hand_input.get("reneged", [])]
    for player_id, amount in result["renege_payments"].items():
        count = reneged.count(int(player_id))
        sentences.append(f"{name(player_id)} reneged{_times(count)}: pays {amount}.")
    return sentences


def _outcome(stayed: Mapping[int, int], result, name) -> str:
    if result["winner"] is not None:
        takes, before = result["winner_takes"], result["pot_before"]
        left = f"; {before - takes} stay in the pot" if takes < before else ""
        return f"{name(result['winner'])} wins {takes}{left}."
    most = max(tricks or 0 for tricks in stayed.values())
    leaders = [name(p) for p, tricks in stayed.items() if (tricks or 0) == most]
    why = (
        f"{join_names(leaders)} tie on {most} tricks"
        if len(leaders) > 1
        else f"{leaders[0]}'s {most} tricks are too few to win"
    )
    return f"Nobody wins ({why}): the pot of {result['pot_after']} carries over."


def payments(result: Mapping, names: Mapping[int, str]) -> list[str]:
    """The chips a hand moved, one short line each, for the hand log."""
    if result["misdeal"]:
        return []
    name = _Names(names)
    lines = []
    if result["ante_payers"]:
        lines.append(
            f"Ante {result['ante']} from {join_names([name(p) for p in result['ante_payers']])}"
        )
    if result["ante_refunds"]:
        lines.append(f"Ante back (pot cap): {name.amounts(result['ante_refunds'])}")
    if result["winner"] is not None:
        lines.append(f"{name(result['winner'])} takes {result['winner_takes']}")
    for label, key in (("Bourré", "bourre_payments"), ("Renege", "renege_payments")):
        if result[key]:
            lines.append(f"{label}: {name.amounts(result[key])}")
    if result["penalty_refunds"]:
        lines.append(f"Back (pot cap): {name.amounts(result['penalty_refunds'])}")
    return lines
