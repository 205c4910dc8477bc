from decimal import Decimal

import pytest
from django import forms
from django.utils import translation

from tables.forms import localized_numbers as numbers
from tables.forms.localized_numbers import (
    LocalizedDecimalField,
    LocalizedWholeField,
    format_number,
    parse_number,
)

LANGUAGES = ["en", "it", "pt-br", "es", "fr", "sv"]


def _field(**kwargs) -> LocalizedDecimalField:
    return LocalizedDecimalField(
        **{"min_value": 0, "max_value": Decimal(1_000_000), "places": 2, **kwargs}
    )


def _refusal(field: forms.Field, typed: str) -> list[str]:
    with pytest.raises(forms.ValidationError) as refused:
        field.clean(typed)
    return refused.value.messages


@pytest.mark.parametrize(
    ("typed", "read"),
    [
        ("1,5", Decimal("1.5")),
        ("1 234,50", Decimal("1234.50")),
        ("1\u00a0234,50", Decimal("1234.50")),
        ("1\u202f234,50", Decimal("1234.50")),
        ("1.234,50", Decimal("1234.50")),
        ("1.234", Decimal("1234")),
        ("12.50", Decimal("12.50")),  # the machine's way, from a keypad with a dot only
        (" 3 ", Decimal(3)),
    ],
)
def test_a_number_is_read_as_brazilian_portuguese_writes_it(typed, read):
    assert parse_number(typed, "pt_BR") == read


@pytest.mark.parametrize(
    "typed",
    ["abc", "", "1,2,3", "1.23.4", "NaN", "Infinity", "1E+9", "١٢", "1" * 40, ",5", "1 2 3"],
)
def test_what_is_not_a_number_is_none_in_every_language(typed):
    for locale in ("en_US", "pt_BR", "fr_FR", "sv_SE"):
        assert parse_number(typed, locale) is None


@pytest.mark.parametrize(
    ("value", "locale", "shown"),
    [
        (Decimal("0.50"), "en_US", "0.50"),
        (Decimal("0.50"), "pt_BR", "0,50"),
        (Decimal("1234.5"), "it_IT", "1.234,5"),
        (Decimal(1_000_000), "fr_FR", "1\u202f000\u202f000"),
        (Decimal(1_000_000), "sv_SE", "1\u00a0000\u00a0000"),
        (20, "es_ES", "20"),
        (Decimal("1E+3"), "en_US", "1,000"),
    ],
)
def test_a_number_is_shown_with_every_place_it_has_and_grouped(value, locale, shown):
    assert format_number(value, locale) == shown


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(
    "value", [Decimal("0.25"), Decimal("1234.50"), Decimal(1_000_000), Decimal("0.001")]
)
def test_what_a_field_shows_it_reads_back_in_every_language(language, value):
    field = _field(places=3)
    with translation.override(language):
        assert field.clean(field.prepare_value(value)) == value


def test_a_field_is_a_text_input_with_a_decimal_keypad_and_a_whole_field_a_numeric_one():
    class Form(forms.Form):
        money = _field()
        chips = LocalizedWholeField(min_value=1, max_value=10)

    html = str(Form()["money"]), str(Form()["chips"])

    assert 'type="text"' in html[0] and 'inputmode="decimal"' in html[0]
    assert 'type="text"' in html[1] and 'inputmode="numeric"' in html[1]
    assert 'type="number"' not in "".join(html)


@pytest.mark.parametrize(
    ("kwargs", "typed", "message"),
    [
        ({}, "abc", numbers.NUMBER_INVALID % {"example": "0.25"}),
        ({"min_value": 1}, "0.5", numbers.TOO_SMALL % {"limit": "1"}),
        ({"min_exclusive": True}, "0", numbers.NOT_MORE_THAN % {"limit": "0"}),
        ({}, "1000000.01", numbers.TOO_LARGE % {"limit": "1,000,000"}),
        ({}, "-1", numbers.TOO_SMALL % {"limit": "0"}),
        ({}, "0.125", numbers.too_precise(2)),
        ({"required": True}, "", numbers.REQUIRED),
    ],
)
def test_a_refusal_says_what_to_type_without_naming_the_field(kwargs, typed, message):
    assert _refusal(_field(**kwargs), typed) == [str(message)]


def test_a_refusal_writes_its_numbers_as_the_language_does():
    with translation.override("fr"):
        assert _refusal(_field(), "2 000 000") == [
            str(numbers.TOO_LARGE % {"limit": "1\u202f000\u202f000"})
        ]
        assert _refusal(_field(), "abc") == [str(numbers.NUMBER_INVALID % {"example": "0,25"})]


def test_a_whole_field_reads_an_int_and_refuses_a_fraction():
    field = LocalizedWholeField(min_value=1, max_value=1_000_000)

    with translation.override("it"):
        assert field.clean("1.000") == 1000
        assert isinstance(field.clean("1.000"), int)
        assert _refusal(field, "1,5") == [str(numbers.WHOLE_INVALID % {"example": "12"})]


def test_an_empty_field_not_required_is_none():
    assert LocalizedWholeField(min_value=1, max_value=5, required=False).clean(" ") is None
