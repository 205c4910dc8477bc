from decimal import Decimal

import pytest
from django.utils import translation

from ledger import rules
from tables.forms import localized_numbers as numbers
from tables.forms.table import TableForm, chip_value_too_precise

LANGUAGES = ["en", "it", "pt-br", "es", "fr", "sv"]
# What each language reads in what the host typed; None: not a number there.
TYPED = {
    "0,50": {"en": None, **dict.fromkeys(LANGUAGES[1:], Decimal("0.50"))},
    "1 234,50": {"en": None, **dict.fromkeys(LANGUAGES[1:], Decimal("1234.50"))},
    "1.234,50": {
        **dict.fromkeys(["en", "fr", "sv"], None),
        **dict.fromkeys(["it", "pt-br", "es"], Decimal("1234.50")),
    },
    "abc": dict.fromkeys(LANGUAGES, None),
}


def _post(**changes) -> dict:
    data = {
        "name": "Thursday game",
        "preset": "louisiana",
        "ante": "1",
        "tricks_per_hand": "5",
        "max_players": "7",
        "min_tricks_to_win": "1",
        "leftover_pot": "refund",
        "chip_value": "0.25",
        "currency": "EUR",
        "play_obligation": "beat_winner",
    }
    return {**data, **changes}


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("typed", list(TYPED))
def test_the_chip_value_is_read_as_each_language_writes_it(language, typed):
    with translation.override(language):
        form = TableForm(_post(chip_value=typed))
        read = TYPED[typed][language]

        if read is None:
            example = numbers.format_number(Decimal("0.25"))
            assert form.errors == {"chip_value": [numbers.NUMBER_INVALID % {"example": example}]}
        else:
            assert form.is_valid(), form.errors
            assert form.house_rules()["chip_value"] == read


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_ante_and_the_caps_are_read_grouped_as_the_language_groups(language):
    with translation.override(language):
        thousand = numbers.format_number(1000)
        form = TableForm(_post(ante=thousand, pot_cap=numbers.format_number(20000)))

        assert form.is_valid(), form.errors
        assert (form.house_rules()["ante"], form.house_rules()["pot_cap"]) == (1000, 20000)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_form_shows_the_rules_numbers_as_the_language_writes_them(language):
    house = rules.HouseRules(ante=1000, pot_cap=20000, chip_value=Decimal("0.50"))

    with translation.override(language):
        form = TableForm(initial=TableForm.initial_for(house))

        assert form["chip_value"].value() == numbers.format_number(Decimal("0.50"))
        assert form["ante"].value() == numbers.format_number(1000)
        assert form["pot_cap"].value() == numbers.format_number(20000)


def test_a_chip_value_finer_than_the_currency_is_refused_in_its_words():
    form = TableForm(_post(chip_value="0.5", currency="ISK"))

    assert form.errors == {"chip_value": [chip_value_too_precise("ISK")]}


def test_the_currency_is_one_of_the_list_named_in_the_language():
    with translation.override("sv"):
        choices = dict(TableForm().fields["currency"].choices)

    assert set(choices) == set(rules.CURRENCIES)
    assert choices["SEK"] == "svensk krona (SEK)"


def test_a_table_in_a_currency_off_the_list_keeps_it():
    form = TableForm(_post(currency="JPY", chip_value="100"), initial={"currency": "JPY"})

    assert form.is_valid(), form.errors
    assert form.house_rules()["currency"] == "JPY"
    assert "JPY" not in dict(TableForm(_post()).fields["currency"].choices)


@pytest.mark.parametrize(
    ("language", "currency"),
    [("en", "USD"), ("it", "EUR"), ("pt-br", "BRL"), ("es", "EUR"), ("fr", "EUR"), ("sv", "SEK")],
)
def test_a_preset_is_filled_in_the_currency_of_the_hosts_language(language, currency):
    with translation.override(language):
        form = TableForm.with_preset("limit")

    assert form["currency"].value() == currency


def test_a_preset_keeps_the_currency_already_chosen_and_the_swedish_table_plays_in_kronor():
    assert TableForm.with_preset("limit", currency="CHF")["currency"].value() == "CHF"
    assert TableForm.with_preset("swedish", currency="CHF")["currency"].value() == "SEK"
