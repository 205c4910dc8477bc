"""The referee's words: card names, and the house rules as sentences for every preset."""

import re

import pytest

from ledger import rules
from ledger.rules.play import SUITS
from tables import card_names, house_rules_text


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


@pytest.mark.parametrize("preset", list(rules.PRESETS.values()), ids=lambda p: p.slug)
def test_every_presets_rules_read_as_sentences_without_setting_names(preset):
    house = preset.for_ante(2)

    sections = house_rules_text.house_rules_sections(house)
    said = [sentence for section in sections for sentence in section.sentences]

    assert len(sections) == 6
    assert all(re.fullmatch(r"[A-Z].*[.]", sentence) for sentence in said)
    text = " ".join(said)
    for setting in [field for field in rules.RULE_FIELDS if "_" in field]:
        assert setting not in text
    assert house_rules_text.obligation_line(house) in house_rules_text.OBLIGATION_LINES.values()


def test_the_brief_examples_are_said_word_for_word():
    house = rules.PRESETS["swedish"].for_ante(2)
    house = rules.HouseRules.from_dict({**house.to_dict(), "escalating_ante": True})
    said = {
        sentence
        for section in house_rules_text.house_rules_sections(house)
        for sentence in section.sentences
    }

    assert "Each player dealt in puts 2 chips in the pot." in said
    assert "The ante doubles after each hand nobody wins, and goes back to 2 after a win." in said
    assert "A bourré pays the pot, at most 20 chips." in said
    assert (
        "On a suit that has been trumped you must still beat the highest card of that suit if "
        "you can."
    ) in said


def test_one_chip_is_said_in_the_singular():
    said = [
        sentence
        for section in house_rules_text.house_rules_sections(
            rules.HouseRules(bourre_cap=1, win_cap=1, pot_cap=1)
        )
        for sentence in section.sentences
    ]

    assert "Each player dealt in puts 1 chip in the pot." in said
    assert "A bourré pays the pot, at most 1 chip." in said
    assert "A winner takes at most 1 chip; the rest stays in the pot for the next hand." in said
