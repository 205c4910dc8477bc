"""The referee's words: the house rules as sentences for every preset."""

import re

import pytest
from django.utils import translation

from ledger import rules
from tables import house_rules_text
from tests.catalogs import catalog_languages

# The presets' names that are the same word in a language as in English: a town's name, and
# the poker word Swedish players use as it is.
SAME_AS_ENGLISH = {"sv": {"Reno", "Limit"}}


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


@pytest.mark.parametrize("locale", catalog_languages())
def test_every_presets_name_and_description_is_worded_in_the_pages_language(locale):
    english = house_rules_text.presets()
    with translation.override(translation.to_language(locale)):
        worded = house_rules_text.presets()

    assert [p.slug for p in worded] == list(rules.PRESETS)
    assert {p.label for p, e in zip(worded, english, strict=True) if p.label == e.label} == (
        SAME_AS_ENGLISH.get(locale, set())
    )
    assert all(p.description != e.description for p, e in zip(worded, english, strict=True))


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
