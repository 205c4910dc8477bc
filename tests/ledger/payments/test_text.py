"""Free text in a payment (a name, a message) has one form, no invisible characters, and a
length limit; a BR Code's fields are plain ASCII without accents."""

import pytest

from ledger.payments import errors as e
from ledger.payments.text import plain_text_clean, text_clean
from tests.ledger.payments.helpers import problem_of


def test_text_is_trimmed_and_every_run_of_whitespace_becomes_one_space():
    assert text_clean("  Red\n Cross\tof  Belgium ", field="name", limit=70) == (
        "Red Cross of Belgium"
    )


def test_text_is_stored_in_nfc_so_an_accent_typed_apart_is_the_same_letter():
    assert text_clean("Musterma\u0308nn", field="name", limit=70) == "Mustermänn"


def test_invisible_and_control_characters_are_refused_naming_the_character():
    assert problem_of(lambda: text_clean("Ann\u202e", field="name", limit=70)) == (
        e.TEXT_HIDDEN_CHARACTER(field="name", character="U+202E RIGHT-TO-LEFT OVERRIDE")
    )
    assert problem_of(lambda: text_clean("A\x00nn", field="name", limit=70)).code == (
        "text_hidden_character"
    )
    assert problem_of(lambda: text_clean("An\u200bn", field="name", limit=70)).code == (
        "text_hidden_character"
    )


def test_required_text_cannot_be_empty_and_optional_text_can():
    assert problem_of(lambda: text_clean("   ", field="name", limit=70)) == e.TEXT_EMPTY(
        field="name"
    )
    assert text_clean(" ", field="message", limit=50, required=False) == ""


def test_text_longer_than_its_limit_is_refused_with_both_lengths():
    assert text_clean("x" * 70, field="name", limit=70) == "x" * 70
    assert problem_of(lambda: text_clean("x" * 71, field="name", limit=70)) == (
        e.TEXT_TOO_LONG(field="name", limit=70, length=71)
    )


def test_text_that_is_not_a_string_is_a_bug():
    with pytest.raises(TypeError):
        text_clean(None, field="name", limit=70)  # type: ignore[arg-type]


def test_plain_text_drops_accents_as_brazilian_banks_print_names():
    assert plain_text_clean("São Paulo", field="city", limit=15) == "Sao Paulo"
    assert plain_text_clean("João Conceição", field="name", limit=25) == "Joao Conceicao"


def test_plain_text_refuses_characters_without_an_ascii_letter():
    assert problem_of(lambda: plain_text_clean("Straße", field="name", limit=25)) == (
        e.TEXT_NOT_PLAIN(field="name", character="ß")
    )
    assert problem_of(lambda: plain_text_clean("5 €", field="name", limit=25)).code == (
        "text_not_plain"
    )


def test_plain_text_counts_its_limit_after_dropping_accents():
    # NFKD writes the "ﬁ" ligature as two letters.
    assert problem_of(lambda: plain_text_clean("ﬁ" * 8, field="city", limit=15)) == (
        e.TEXT_TOO_LONG(field="city", limit=15, length=16)
    )
