"""SEPA: IBANs checked against the IBAN Registry and mod 97, the beneficiary's name and
BIC; the EPC QR payload reproduces the two examples of EPC069-12 byte for byte."""

import re
import string
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ledger.payments import (
    EEA_COUNTRIES,
    SEPA_COUNTRIES,
    SepaAccount,
    beneficiary_name_clean,
    bic_clean,
    epc_qr_payload,
    iban_check_digits,
    iban_clean,
    sepa_account_clean,
    sepa_iban_clean,
)
from ledger.payments import errors as e
from ledger.payments.iban_registry import BBAN_FORMATS, IBAN_FORMATS
from tests.ledger.payments.helpers import problem_of, problems_of

# EPC069-12 (version 3.1), section 2.3, the two examples, as the document lists them
# element by element; the document gives their sizes: 95 characters including 9 line
# feeds, 96 bytes in UTF-8; and 103 characters including 10 line feeds, 103 bytes in
# ISO 8859-1.
EPC_EXAMPLE_1 = "\n".join(
    [
        "BCD",
        "001",
        "1",
        "SCT",
        "BHBLDEHHXXX",
        "Franz Mustermänn",
        "DE71110220330123456789",
        "EUR12.3",
        "GDDS",
        "RF18539007547034",
    ]
).encode("utf-8")
EPC_EXAMPLE_2 = "\n".join(
    [
        "BCD",
        "002",
        "2",
        "SCT",
        "",
        "François D'Alsace S.A.",
        "FR1420041010050500013M02606",
        "EUR12.3",
        "",
        "",
        "Client:Marie Louise La Lune",
    ]
).encode("iso-8859-1")


# --- The EPC QR payload ---


def test_the_payload_reproduces_the_version_1_example_byte_for_byte():
    payload = epc_qr_payload(
        version="001",
        charset=1,
        bic="BHBLDEHHXXX",
        name="Franz Mustermänn",
        iban="DE71110220330123456789",
        amount=Decimal("12.30"),
        purpose="GDDS",
        reference="RF18539007547034",
    )
    assert payload == EPC_EXAMPLE_1
    assert len(payload) == 96 and payload.count(b"\n") == 9


def test_the_payload_reproduces_the_version_2_example_byte_for_byte():
    payload = epc_qr_payload(
        charset=2,
        name="François D'Alsace S.A.",
        iban="FR14 2004 1010 0505 0001 3M02 606",
        amount=Decimal("12.3"),
        text="Client:Marie Louise La Lune",
    )
    assert payload == EPC_EXAMPLE_2
    assert len(payload) == 103 and payload.count(b"\n") == 10


def test_by_default_the_payload_is_version_002_in_utf_8():
    payload = epc_qr_payload(
        name="Red Cross of Belgium",
        iban="BE72000000001616",
        amount=Decimal("1"),
        text="Urgency fund",
    )
    assert payload == (
        b"BCD\n002\n1\nSCT\n\nRed Cross of Belgium\nBE72000000001616\nEUR1\n\n\nUrgency fund"
    )


def test_nothing_follows_the_last_element_used_and_inner_empty_elements_stay():
    assert epc_qr_payload(name="Ann", iban="BE72000000001616") == (
        b"BCD\n002\n1\nSCT\n\nAnn\nBE72000000001616"
    )
    assert epc_qr_payload(name="Ann", iban="BE72000000001616", info="Thanks") == (
        b"BCD\n002\n1\nSCT\n\nAnn\nBE72000000001616\n\n\n\n\nThanks"
    )


def test_a_line_break_in_a_text_cannot_shift_the_elements():
    payload = epc_qr_payload(
        name="Red\nCross", iban="BE72000000001616", amount=Decimal("5"), text="night\r\n3"
    )
    assert payload.split(b"\n")[5] == b"Red Cross"
    assert payload.split(b"\n")[10] == b"night 3"
    assert len(payload.split(b"\n")) == 11


def test_the_amount_is_0_01_to_999999999_99_euro():
    def amount_line(amount):
        payload = epc_qr_payload(name="A", iban="BE72000000001616", amount=amount)
        return payload.split(b"\n")[7]

    assert amount_line(Decimal("0.01")) == b"EUR0.01"
    assert amount_line(Decimal("999999999.99")) == b"EUR999999999.99"
    assert amount_line(Decimal("1E+2")) == b"EUR100"
    assert problem_of(
        lambda: epc_qr_payload(name="A", iban="BE72000000001616", amount=Decimal("1000000000"))
    ).code == ("amount_too_large")
    assert problem_of(
        lambda: epc_qr_payload(name="A", iban="BE72000000001616", amount=Decimal("0.001"))
    ).code == ("amount_too_precise")


def test_a_reference_and_a_text_are_never_both_given():
    assert (
        problem_of(
            lambda: epc_qr_payload(
                name="A", iban="BE72000000001616", reference="RF18539007547034", text="x"
            )
        )
        == e.EPC_REFERENCE_AND_TEXT()
    )


def test_the_optional_elements_keep_to_their_lengths():
    def build(**fields):
        return lambda: epc_qr_payload(name="A", iban="BE72000000001616", **fields)

    assert problem_of(build(text="t" * 141)) == e.TEXT_TOO_LONG(field="text", limit=140, length=141)
    assert problem_of(build(info="i" * 71)) == e.TEXT_TOO_LONG(field="info", limit=70, length=71)
    assert problem_of(build(reference="R" * 36)) == e.EPC_REFERENCE_INVALID(
        value="R" * 36, limit=35
    )
    assert problem_of(build(purpose="CHARITY")) == e.EPC_PURPOSE_INVALID(value="CHARITY")
    assert epc_qr_payload(name="A", iban="BE72000000001616", purpose="char").split(b"\n")[8] == (
        b"CHAR"
    )


def test_version_001_needs_a_bic_and_other_versions_and_charsets_are_refused():
    assert problem_of(
        lambda: epc_qr_payload(version="001", name="A", iban="BE72000000001616")
    ) == e.BIC_REQUIRED(value="BE72000000001616", country="BE")
    assert problem_of(
        lambda: epc_qr_payload(version="003", name="A", iban="BE72000000001616")
    ) == e.EPC_VERSION_INVALID(value="003")
    for charset in (0, 9, "1", True):
        assert problem_of(
            lambda charset=charset: epc_qr_payload(
                charset=charset, name="A", iban="BE72000000001616"
            )
        ) == e.EPC_CHARSET_INVALID(value=charset)


def test_text_the_declared_character_set_cannot_write_is_refused():
    assert problem_of(
        lambda: epc_qr_payload(charset=2, name="Ann", iban="BE72000000001616", text="5 €")
    ) == e.TEXT_NOT_IN_CHARACTER_SET(field="text", character="€", charset=2)


def test_a_payload_over_331_bytes_is_refused():
    # 70 three-byte characters and a 140-character text: over the limit in UTF-8.
    assert problem_of(
        lambda: epc_qr_payload(name="€" * 70, iban="BE72000000001616", text="t" * 140)
    ) == e.EPC_PAYLOAD_TOO_LARGE(length=386, limit=331)
    fits = epc_qr_payload(
        name="n" * 70,
        iban="MT84MALT011000012345MTLCAST001S",
        amount=Decimal("999999999.99"),
        bic="MALTMTMTXXX",
        text="t" * 140,
        purpose="CHAR",
        info="i" * 39,
    )
    assert len(fits) == 331  # every element at its longest but the note: exactly full


def test_the_payload_checks_the_account_too():
    assert problem_of(lambda: epc_qr_payload(name="A", iban="US12345678901234567890")).code == (
        "iban_country_unknown"
    )
    assert problem_of(
        lambda: epc_qr_payload(name="A", iban="CH9300762011623852957")
    ) == e.BIC_REQUIRED(value="CH9300762011623852957", country="CH")
    assert (
        epc_qr_payload(name="A", iban="CH9300762011623852957", bic="UBSWCHZH80A").split(b"\n")[4]
        == b"UBSWCHZH80A"
    )


# --- IBAN ---


@pytest.mark.parametrize(
    ("written", "stored"),
    [
        ("DE89 3704 0044 0532 0130 00", "DE89370400440532013000"),
        ("de89370400440532013000", "DE89370400440532013000"),
        ("BE72000000001616", "BE72000000001616"),
        ("FR14 2004 1010 0505 0001 3M02 606", "FR1420041010050500013M02606"),
        ("NO93 8601 1117 947", "NO9386011117947"),  # the shortest SEPA IBAN: 15
        ("MT84 MALT 0110 0001 2345 MTLC AST0 01S", "MT84MALT011000012345MTLCAST001S"),  # 31
        ("GB29 NWBK 6016 1331 9268 19", "GB29NWBK60161331926819"),
        ("BR15 0000 0000 0000 1093 2840 814P 2", "BR1500000000000010932840814P2"),
    ],
)
def test_an_iban_is_stored_compact_in_capitals(written, stored):
    assert iban_clean(written) == stored
    assert iban_clean(stored) == stored


def test_an_iban_with_a_mistyped_character_fails_its_check_digits():
    assert problem_of(lambda: iban_clean("DE89 3704 0044 0532 0130 01")) == e.IBAN_CHECK_DIGITS(
        value="DE89370400440532013001"
    )
    # Two neighbours swapped: mod 97 catches it too.
    assert problem_of(lambda: iban_clean("DE89370400440532031000")).code == "iban_check_digits"


def test_an_iban_of_the_wrong_length_for_its_country_says_the_right_length():
    assert problem_of(lambda: iban_clean("DE89 3704 0044 0532 0130 0")) == e.IBAN_WRONG_LENGTH(
        value="DE8937040044053201300", country="DE", expected=22, length=21
    )


def test_an_iban_with_letters_where_its_country_has_digits_is_refused():
    # A German account part is 18 digits.
    assert problem_of(lambda: iban_clean("DE89370400440532O13000")) == e.IBAN_ACCOUNT_FORMAT(
        value="DE89370400440532O13000", country="DE"
    )


@pytest.mark.parametrize("bad", ["", "DE", "89DE370400440532013000", "DE8X370400440532013000"])
def test_a_value_not_shaped_like_an_iban_is_refused(bad):
    assert problem_of(lambda: iban_clean(bad)) == e.IBAN_INVALID(value=bad)


def test_an_iban_of_a_country_that_issues_none_is_refused():
    assert problem_of(lambda: iban_clean("US64SVBKUS6S3300958879")) == e.IBAN_COUNTRY_UNKNOWN(
        value="US64SVBKUS6S3300958879", country="US"
    )


def test_a_sepa_transfer_takes_only_ibans_of_sepa_countries():
    assert sepa_iban_clean("CH93 0076 2011 6238 5295 7") == "CH9300762011623852957"
    brazil = "BR1500000000000010932840814P2"
    assert problem_of(lambda: sepa_iban_clean(brazil)) == e.IBAN_NOT_SEPA(
        value=brazil, country="BR"
    )


def test_the_registry_knows_the_length_of_every_sepa_countrys_iban():
    lengths = {country: IBAN_FORMATS[country][0] for country in SEPA_COUNTRIES}
    assert lengths["DE"] == 22 and lengths["FR"] == 27 and lengths["NO"] == 15
    assert lengths["MT"] == 31 and lengths["BE"] == 16 and lengths["SE"] == 24
    assert lengths["RS"] == 22 and lengths["VA"] == 22 and lengths["AD"] == 24
    assert EEA_COUNTRIES < SEPA_COUNTRIES
    assert len(SEPA_COUNTRIES) == 42  # 41 countries, and Gibraltar's own IBANs


_KIND_ALPHABETS = {
    "n": string.digits,
    "a": string.ascii_uppercase,
    "c": string.ascii_uppercase + string.digits,
}


def _pieces(notation: str) -> list[tuple[int, str]]:
    """(length, kind) of each piece of a registry notation: "8!n10!n" is [(8, "n"), (10, "n")]."""
    return [(int(length), kind) for length, kind in re.findall(r"([0-9]+)!([nac])", notation)]


@st.composite
def ibans(draw):
    """A random IBAN of any registry country, its check digits computed."""
    country = draw(st.sampled_from(sorted(BBAN_FORMATS)))
    bban = "".join(
        draw(st.text(alphabet=_KIND_ALPHABETS[kind], min_size=length, max_size=length))
        for length, kind in _pieces(BBAN_FORMATS[country])
    )
    return country + iban_check_digits(country, bban) + bban


@given(number=ibans())
def test_an_iban_with_computed_check_digits_passes(number):
    assert iban_clean(number) == number


@given(number=ibans(), data=st.data())
def test_changing_one_character_of_an_iban_makes_it_fail(number, data):
    # Any character after the country code, changed to another of the same kind (a digit
    # for a digit, a letter for a letter): MOD 97-10 catches every such change.
    position = data.draw(st.integers(2, len(number) - 1))
    alphabet = string.digits if number[position].isdigit() else string.ascii_uppercase
    replacement = data.draw(st.sampled_from(alphabet).filter(lambda c: c != number[position]))
    changed = number[:position] + replacement + number[position + 1 :]
    assert problem_of(lambda: iban_clean(changed)).code in {
        "iban_check_digits",
        "iban_account_format",
    }


# --- Name, BIC, and the account together ---


def test_the_beneficiary_name_is_1_to_70_visible_characters():
    assert beneficiary_name_clean("  Franz  Mustermänn ") == "Franz Mustermänn"
    assert problem_of(lambda: beneficiary_name_clean("")) == e.TEXT_EMPTY(field="beneficiary_name")
    assert problem_of(lambda: beneficiary_name_clean("n" * 71)) == e.TEXT_TOO_LONG(
        field="beneficiary_name", limit=70, length=71
    )
    assert problem_of(lambda: beneficiary_name_clean("Ann\u202eBob")).code == (
        "text_hidden_character"
    )


@pytest.mark.parametrize(
    ("written", "stored"),
    [("deutdeff", "DEUTDEFF"), ("DEUT DE FF 500", "DEUTDEFF500"), ("BHBLDEHHXXX", "BHBLDEHHXXX")],
)
def test_a_bic_is_8_or_11_capitals_and_digits(written, stored):
    assert bic_clean(written) == stored


@pytest.mark.parametrize("bad", ["DEUTDE", "DEUTDEFF5", "DEUTDEFF5000", "DEUT12FF", "DEUTDÉFF"])
def test_a_bic_of_another_length_or_without_a_country_is_refused(bad):
    assert problem_of(lambda: bic_clean(bad)) == e.BIC_INVALID(value=bad)


def test_an_account_is_checked_whole_and_every_problem_is_listed():
    assert sepa_account_clean(iban="be72 0000 0000 1616", name=" Red Cross ") == SepaAccount(
        iban="BE72000000001616", name="Red Cross", bic=None
    )
    assert sepa_account_clean(iban="BE72000000001616", name="A", bic=" ") == SepaAccount(
        iban="BE72000000001616", name="A", bic=None
    )
    problems = problems_of(lambda: sepa_account_clean(iban="BE72000000001617", name="", bic="DEUT"))
    assert [problem.params["field"] for problem in problems] == [
        "iban",
        "beneficiary_name",
        "bic",
    ]


def test_an_account_outside_the_eea_needs_its_banks_bic():
    swiss = "CH9300762011623852957"
    assert problem_of(lambda: sepa_account_clean(iban=swiss, name="A")) == e.BIC_REQUIRED(
        value=swiss, country="CH"
    )
    assert sepa_account_clean(iban=swiss, name="A", bic="UBSWCHZH80A").bic == "UBSWCHZH80A"
