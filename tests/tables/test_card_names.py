"""The referee's words: card names."""

import pytest

from ledger import rules
from ledger.rules.play import SUITS
from tables import card_names


def test_every_card_has_a_label_to_see_and_a_name_to_hear():
    names = [card_names.card_name(card) for card in rules.DECK]

    assert card_names.card_label("9H") == "9♥"
    assert card_names.card_label("10S") == "10♠"
    assert card_names.card_label("QD") == "Q♦"
    assert card_names.card_name("9H") == "nine of hearts"
    assert card_names.card_name("AS") == "ace of spades"
    assert card_names.card_name("10C") == "ten of clubs"
    assert len(set(names)) == 52


def test_the_picker_shows_the_deck_suit_by_suit_ace_first_red_suits_marked():
    suits = card_names.suits()

    assert [suit.code for suit in suits] == list(SUITS)
    assert [suit.red for suit in suits] == [False, True, True, False]
    assert [card.code for suit in suits for card in suit.cards] == list(rules.DECK)
    assert suits[1].cards[0] == card_names.CardView("AH", "A♥", "ace of hearts", True)


@pytest.mark.parametrize(
    "cards,text",
    [(["9H"], "9♥"), (["9H", "JH"], "9♥ and J♥"), (["9H", "JH", "AH"], "9♥, J♥ and A♥")],
)
def test_cards_are_listed_as_people_say_them(cards, text):
    assert card_names.join_cards(cards) == text
