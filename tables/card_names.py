"""Cards as the screens show them: a short label to see ("9♥") and a name to hear
("nine of hearts"), both built from translatable rank and suit names.

The engine writes a card one way only ("9H", "10S": ledger.rules.play); everything here
takes a card of ``ledger.rules.DECK`` and never decides a rule.
"""

from dataclasses import dataclass

from django.utils.translation import gettext, pgettext_lazy

from ledger.rules.play import DECK, SUITS
from tables import presenters

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RED_SUITS = frozenset({"H", "D"})

# The suit as in "nine of hearts", and as the name of a trump button.
SUIT_NAMES = {
    "S": pgettext_lazy("suit", "spades"),
    "H": pgettext_lazy("suit", "hearts"),
    "D": pgettext_lazy("suit", "diamonds"),
    "C": pgettext_lazy("suit", "clubs"),
}
# "Dee had no heart": a whole phrase per suit, so each language words its own.
NO_SUIT = {
    "S": pgettext_lazy("holding no card of the suit", "no spade"),
    "H": pgettext_lazy("holding no card of the suit", "no heart"),
    "D": pgettext_lazy("holding no card of the suit", "no diamond"),
    "C": pgettext_lazy("holding no card of the suit", "no club"),
}
RANK_NAMES = {
    "A": pgettext_lazy("card rank", "ace"),
    "K": pgettext_lazy("card rank", "king"),
    "Q": pgettext_lazy("card rank", "queen"),
    "J": pgettext_lazy("card rank", "jack"),
    "10": pgettext_lazy("card rank", "ten"),
    "9": pgettext_lazy("card rank", "nine"),
    "8": pgettext_lazy("card rank", "eight"),
    "7": pgettext_lazy("card rank", "seven"),
    "6": pgettext_lazy("card rank", "six"),
    "5": pgettext_lazy("card rank", "five"),
    "4": pgettext_lazy("card rank", "four"),
    "3": pgettext_lazy("card rank", "three"),
    "2": pgettext_lazy("card rank", "two"),
}
# The letter printed in a card's corner differs by language (a French king is an R).
RANK_LABELS = {
    "A": pgettext_lazy("card rank, as printed on the card", "A"),
    "K": pgettext_lazy("card rank, as printed on the card", "K"),
    "Q": pgettext_lazy("card rank, as printed on the card", "Q"),
    "J": pgettext_lazy("card rank, as printed on the card", "J"),
}


def _split(card: str) -> tuple[str, str]:
    return card[:-1], card[-1]


def card_label(card: str) -> str:
    """``"9H"`` -> ``"9♥"``; ``"KS"`` -> ``"K♠"``."""
    rank, suit = _split(card)
    return f"{RANK_LABELS.get(rank, rank)}{SUIT_SYMBOLS[suit]}"


def card_name(card: str) -> str:
    """``"9H"`` -> ``"nine of hearts"``: what a screen reader says for the card."""
    rank, suit = _split(card)
    return gettext("%(rank)s of %(suit)s") % {"rank": RANK_NAMES[rank], "suit": SUIT_NAMES[suit]}


def join_cards(cards: list[str]) -> str:
    """Card labels as a list: ``9♥``, ``9♥ and J♥``, ``9♥, J♥ and A♥``."""
    return presenters.join_names([card_label(card) for card in cards])


@dataclass(frozen=True)
class CardView:
    code: str  # as the engine writes it, and as the forms send it: "9H"
    label: str  # "9♥"
    name: str  # "nine of hearts"
    red: bool


def card_view(card: str) -> CardView:
    return CardView(card, card_label(card), card_name(card), _split(card)[1] in RED_SUITS)


@dataclass(frozen=True)
class SuitView:
    code: str
    symbol: str
    name: str
    red: bool
    cards: tuple[CardView, ...]  # ace down to two


def suits() -> list[SuitView]:
    """The deck by suit, in the engine's order (spades, hearts, diamonds, clubs)."""
    by_suit = {suit: [card for card in DECK if card.endswith(suit)] for suit in SUITS}
    return [
        SuitView(
            suit,
            SUIT_SYMBOLS[suit],
            str(SUIT_NAMES[suit]),
            suit in RED_SUITS,
            tuple(card_view(card) for card in by_suit[suit]),
        )
        for suit in SUITS
    ]
