"""Payment problems are codes with parameters, like the rules engine's; the exception
keeps every problem and words them in English."""

import ast
from pathlib import Path

import pytest

from ledger.payments import errors as e
from ledger.payments.errors import PaymentDetailsError, fail
from ledger.rules.errors import Code, Problem, ProblemsError, describe

ERRORS_SOURCE = Path(e.__file__).read_text(encoding="utf-8")
CODES = {name: value for name, value in vars(e).items() if isinstance(value, Code)}


def test_a_payment_error_keeps_every_problem_and_words_each_in_english():
    error = PaymentDetailsError(
        [e.IBAN_CHECK_DIGITS(value="DE89370400440532013001"), e.TEXT_EMPTY(field="name")]
    )
    assert [problem.code for problem in error.problems] == ["iban_check_digits", "text_empty"]
    assert error.errors == [
        "IBAN DE89370400440532013001: the check digits do not match, so a character is mistyped.",
        "name must not be empty.",
    ]
    assert str(error) == "; ".join(error.errors)


def test_a_payment_error_is_a_value_error_so_callers_catching_bad_values_catch_it():
    assert isinstance(fail(e.TEXT_EMPTY(field="name")), ValueError)


def test_a_payment_error_is_a_problems_error_and_checks_its_problems_as_the_base_does():
    # The constructor and its checks are the base's (tests/ledger/rules).
    assert issubclass(PaymentDetailsError, ProblemsError)
    assert not {"__init__", "errors"} & set(vars(PaymentDetailsError))
    with pytest.raises(ValueError, match="PaymentDetailsError needs at least one problem"):
        PaymentDetailsError([])
    with pytest.raises(TypeError):
        PaymentDetailsError(["not a problem"])  # type: ignore[list-item]


SHARED_BY_FIELDS = {
    # Several fields share these codes, so whoever raises one passes its field.
    "TEXT_EMPTY",
    "TEXT_TOO_LONG",
    "TEXT_HIDDEN_CHARACTER",
    "TEXT_NOT_PLAIN",
    "TEXT_NOT_IN_CHARACTER_SET",
    "PHONE_NOT_E164",
    "PHONE_NOT_MOBILE",
}


def test_every_problem_names_the_field_it_is_about():
    # A form puts each problem under its input.
    for name, code in CODES.items():
        assert "field" in code.fixed or name in SHARED_BY_FIELDS, name


def test_every_code_is_unique_and_snake_case():
    codes = [code.code for code in CODES.values()]
    assert len(codes) == len(set(codes))
    assert all(code == code.lower() and " " not in code for code in codes)


def test_every_template_is_a_literal_marked_for_translation():
    # makemessages only finds templates written as gettext_noop("...") literals.
    tree = ast.parse(ERRORS_SOURCE)
    marked = {
        node.args[0].value
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and getattr(node.func, "id", None) == "gettext_noop"
        and isinstance(node.args[0], ast.Constant)
    }
    assert {code.template for code in CODES.values()} <= marked


@pytest.mark.parametrize(
    ("problem", "english"),
    [
        (e.AMOUNT_NOT_POSITIVE(value=0), "The amount must be more than zero (got 0)."),
        (
            e.AMOUNT_TOO_LARGE(value=10**12, limit=999999999, method="an EPC QR code"),
            "The amount 1000000000000 is more than an EPC QR code can carry (999999999).",
        ),
        (
            e.TEXT_TOO_LONG(field="beneficiary_name", limit=70, length=71),
            "beneficiary_name can be at most 70 characters (got 71).",
        ),
        (
            e.SWISH_NUMBER_INVALID(value="0812345678"),
            "'0812345678' is not a Swedish mobile number (07…, +467… or 00467…) or a Swish "
            "business number (123 and 7 more digits).",
        ),
        (
            e.CPF_CHECK_DIGITS(value="12345678900"),
            "CPF 12345678900: the check digits do not match, so a digit is mistyped.",
        ),
        (
            e.IBAN_WRONG_LENGTH(
                value="DE8937040044053201300", country="DE", expected=22, length=21
            ),
            "IBAN DE8937040044053201300: an IBAN from DE has 22 characters, not 21.",
        ),
        (
            e.BIC_REQUIRED(value="CH9300762011623852957", country="CH"),
            "IBAN CH9300762011623852957 is from CH, outside the EEA, so a transfer to it needs "
            "the bank's BIC.",
        ),
    ],
)
def test_problems_are_worded_in_english_from_their_parameters(problem: Problem, english: str):
    assert describe(problem) == english


def test_the_readme_lists_every_problem_code():
    readme = (Path(e.__file__).parent / "README.md").read_text(encoding="utf-8")
    assert [name for name in CODES if f"`{name}`" not in readme] == []
