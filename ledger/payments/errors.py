"""The one exception of the payments package, and every problem it can report.

Built like the rules engine's errors (``ledger.rules.errors``): a problem is a stable
``code`` with parameters and an English template wrapped in ``gettext_noop``, so the web
layer can word it in the host's language. Every problem carries ``field``: the stored
detail it is about (``"swish_number"``, ``"iban"``, ``"amount"``...), so a form can show
it under the right input; a code fixes it, except the text and phone codes that several
fields share, whose callers pass it. ``value`` is what was given: as given when it could not
be read, in its compact form ("DE89370400440532013000") when only its check failed.
"""

from __future__ import annotations

from ledger.rules.errors import Code, Problem, ProblemsError, gettext_noop


class PaymentDetailsError(ProblemsError, ValueError):
    """A payment detail or payload that cannot be used. ``problems`` lists every problem
    found (never empty); ``errors`` words them in English. A ValueError too, so a caller
    that catches bad values catches this one."""


def fail(*problems: Problem) -> PaymentDetailsError:
    """The exception to raise for ``problems`` (``raise fail(CODE(...))``)."""
    return PaymentDetailsError(problems)


# --- Amounts (amounts.py) ---
AMOUNT_NOT_FINITE = Code(
    "amount_not_finite",
    gettext_noop("The amount must be a number (got {value})."),
    field="amount",
)
AMOUNT_NOT_POSITIVE = Code(
    "amount_not_positive",
    gettext_noop("The amount must be more than zero (got {value})."),
    field="amount",
)
AMOUNT_TOO_PRECISE = Code(
    "amount_too_precise",
    gettext_noop("The amount {value} has more than {places} decimal places."),
    field="amount",
)
# ``method`` names the format in words ("an EPC QR code"), marked where it is written.
AMOUNT_TOO_LARGE = Code(
    "amount_too_large",
    gettext_noop("The amount {value} is more than {method} can carry ({limit})."),
    words=("method",),
    field="amount",
)
CURRENCY_INVALID = Code(
    "payment_currency_invalid",
    gettext_noop(
        "The currency must be a three-letter code in capitals, such as EUR (got {value!r})."
    ),
    field="currency",
)

# --- Free text: names, messages, notes (text.py) ---
TEXT_EMPTY = Code("text_empty", gettext_noop("{field} must not be empty."))
TEXT_TOO_LONG = Code(
    "text_too_long",
    gettext_noop("{field} can be at most {limit} characters (got {length})."),
)
TEXT_HIDDEN_CHARACTER = Code(
    "text_hidden_character",
    gettext_noop("{field} cannot contain invisible or control characters (found {character})."),
)
TEXT_NOT_PLAIN = Code(
    "text_not_plain",
    gettext_noop(
        "{field} can only hold letters without accents, digits, spaces and common "
        "punctuation (found {character!r})."
    ),
)
TEXT_NOT_IN_CHARACTER_SET = Code(
    "text_not_in_character_set",
    gettext_noop("{field} holds {character!r}, which the character set {charset} cannot write."),
)

# --- Phone numbers (phones.py) ---
PHONE_NOT_E164 = Code(
    "phone_not_e164",
    gettext_noop(
        "{value!r} is not a phone number in international form: +, the country code and "
        "the number, 15 digits at most, such as +34612345678."
    ),
)
PHONE_NOT_MOBILE = Code(
    "phone_not_mobile",
    gettext_noop("{value} is not a mobile number with the country code +{calling_code}."),
)

# --- Swish (swish.py) ---
SWISH_NUMBER_INVALID = Code(
    "swish_number_invalid",
    gettext_noop(
        "{value!r} is not a Swedish mobile number (07…, +467… or 00467…) or a Swish "
        "business number (123 and 7 more digits)."
    ),
    field="swish_number",
)

# --- Pix (pix.py) ---
PIX_KEY_UNKNOWN = Code(
    "pix_key_unknown",
    gettext_noop(
        "{value!r} is not a Pix key: a CPF, a CNPJ, an e-mail address, a phone number "
        "starting with +55, or a random key."
    ),
    field="pix_key",
)
CPF_INVALID = Code(
    "cpf_invalid",
    gettext_noop("{value!r} is not a CPF: a CPF has 11 digits, such as 123.456.789-09."),
    field="pix_key",
)
CPF_REPEATED_DIGITS = Code(
    "cpf_repeated_digits",
    gettext_noop("{value} is not a real CPF: all its digits are the same."),
    field="pix_key",
)
CPF_CHECK_DIGITS = Code(
    "cpf_check_digits",
    gettext_noop("CPF {value}: the check digits do not match, so a digit is mistyped."),
    field="pix_key",
)
CNPJ_INVALID = Code(
    "cnpj_invalid",
    gettext_noop("{value!r} is not a CNPJ: a CNPJ has 14 characters, such as 11.222.333/0001-81."),
    field="pix_key",
)
CNPJ_REPEATED_DIGITS = Code(
    "cnpj_repeated_digits",
    gettext_noop("{value} is not a real CNPJ: all its digits are the same."),
    field="pix_key",
)
CNPJ_CHECK_DIGITS = Code(
    "cnpj_check_digits",
    gettext_noop("CNPJ {value}: the check digits do not match, so a character is mistyped."),
    field="pix_key",
)
PIX_EMAIL_INVALID = Code(
    "pix_email_invalid",
    gettext_noop(
        "{value!r} is not an e-mail address a Pix key can be: at most {limit} characters, "
        "such as name@example.com."
    ),
    field="pix_key",
)
PIX_PHONE_INVALID = Code(
    "pix_phone_invalid",
    gettext_noop(
        "{value!r} is not a Brazilian phone number for Pix: +55, the two-digit area code "
        "and the number, such as +5511912345678."
    ),
    field="pix_key",
)
PIX_RANDOM_KEY_INVALID = Code(
    "pix_random_key_invalid",
    gettext_noop(
        "{value!r} is not a Pix random key: 32 hexadecimal digits in groups of 8-4-4-4-12, "
        "such as 123e4567-e89b-42d3-a456-426614174000."
    ),
    field="pix_key",
)
PIX_KIND_UNKNOWN = Code(
    "pix_kind_unknown",
    gettext_noop("{value!r} is not a kind of Pix key (cpf, cnpj, email, phone or random)."),
    field="pix_key",
)
PIX_TXID_INVALID = Code(
    "pix_txid_invalid",
    gettext_noop(
        "The Pix transaction id can be at most {limit} letters (A-Z, a-z) and digits "
        "(got {value!r})."
    ),
    field="txid",
)
PIX_ACCOUNT_TOO_LONG = Code(
    "pix_account_too_long",
    gettext_noop(
        "The Pix key and description together need {length} characters of the {limit} "
        "a BR Code has for them: shorten the description to {room} characters."
    ),
    field="description",
)

# --- SEPA transfer and the EPC QR code (sepa.py) ---
IBAN_INVALID = Code(
    "iban_invalid",
    gettext_noop(
        "{value!r} is not an IBAN: two letters, two check digits, then up to 30 letters and "
        "digits, such as DE89 3704 0044 0532 0130 00."
    ),
    field="iban",
)
IBAN_COUNTRY_UNKNOWN = Code(
    "iban_country_unknown",
    gettext_noop("IBAN {value}: {country} is not a country that issues IBANs."),
    field="iban",
)
IBAN_WRONG_LENGTH = Code(
    "iban_wrong_length",
    gettext_noop("IBAN {value}: an IBAN from {country} has {expected} characters, not {length}."),
    field="iban",
)
IBAN_ACCOUNT_FORMAT = Code(
    "iban_account_format",
    gettext_noop(
        "IBAN {value}: the account part is not in the form {country} uses (letters where "
        "digits belong, or the other way round)."
    ),
    field="iban",
)
IBAN_CHECK_DIGITS = Code(
    "iban_check_digits",
    gettext_noop("IBAN {value}: the check digits do not match, so a character is mistyped."),
    field="iban",
)
IBAN_NOT_SEPA = Code(
    "iban_not_sepa",
    gettext_noop(
        "IBAN {value} is from {country}, outside the SEPA area: a SEPA transfer cannot reach it."
    ),
    field="iban",
)
BIC_INVALID = Code(
    "bic_invalid",
    gettext_noop(
        "{value!r} is not a BIC: 8 or 11 letters and digits (bank, country, place, branch), "
        "such as DEUTDEFF or DEUTDEFF500."
    ),
    field="bic",
)
BIC_REQUIRED = Code(
    "bic_required",
    gettext_noop(
        "IBAN {value} is from {country}, outside the EEA, so a transfer to it needs the bank's BIC."
    ),
    field="bic",
)
EPC_VERSION_INVALID = Code(
    "epc_version_invalid",
    gettext_noop("The EPC QR version must be '001' or '002' (got {value!r})."),
    field="version",
)
EPC_CHARSET_INVALID = Code(
    "epc_charset_invalid",
    gettext_noop("The EPC QR character set must be a number from 1 to 8 (got {value!r})."),
    field="charset",
)
EPC_PURPOSE_INVALID = Code(
    "epc_purpose_invalid",
    gettext_noop("The purpose must be a code of 4 capital letters, such as CHAR (got {value!r})."),
    field="purpose",
)
EPC_REFERENCE_INVALID = Code(
    "epc_reference_invalid",
    gettext_noop(
        "The structured reference can be at most {limit} letters and digits (got {value!r})."
    ),
    field="reference",
)
EPC_REFERENCE_AND_TEXT = Code(
    "epc_reference_and_text",
    gettext_noop("A transfer carries a structured reference or a message, not both."),
    field="text",
)
EPC_PAYLOAD_TOO_LARGE = Code(
    "epc_payload_too_large",
    gettext_noop("The EPC QR code would need {length} bytes; it can hold at most {limit}."),
    field="text",
)

# --- Venmo, Cash App, PayPal.me (handles.py) ---
VENMO_USERNAME_INVALID = Code(
    "venmo_username_invalid",
    gettext_noop(
        "{value!r} is not a Venmo user name: letters, digits, - and _, at most {limit} characters."
    ),
    field="venmo_username",
)
CASHTAG_INVALID = Code(
    "cashtag_invalid",
    gettext_noop(
        "{value!r} is not a $Cashtag: at most {limit} letters and digits, at least one of "
        "them a letter."
    ),
    field="cashtag",
)
PAYPAL_ME_INVALID = Code(
    "paypal_me_invalid",
    gettext_noop("{value!r} is not a PayPal.Me name: at most {limit} letters and digits."),
    field="paypal_me",
)
