"""Good payment details of every kind, as a host types them, and what is stored."""

IBAN_DE = "DE89 3704 0044 0532 0130 00"
RANDOM_KEY = "123e4567-e12b-12d1-a456-426655440000"
CPF = "529.982.247-25"

# kind -> (the service's keyword arguments, the fields stored)
GOOD = {
    "swish": ({"value": "070-123 45 67"}, {"value": "46701234567"}),
    "pix": (
        {"value": CPF, "name": "Fulano de Tal", "city": "São Paulo"},
        {"value": "52998224725", "pix_kind": "cpf", "name": "Fulano de Tal", "city": "Sao Paulo"},
    ),
    "sepa": (
        {"value": IBAN_DE, "name": "Franz Mustermann", "bic": "cobadeffxxx"},
        {"value": "DE89370400440532013000", "name": "Franz Mustermann", "bic": "COBADEFFXXX"},
    ),
    "venmo": ({"value": "@ann-smith"}, {"value": "ann-smith"}),
    "cash_app": ({"value": "$AnnS"}, {"value": "AnnS"}),
    "paypal_me": ({"value": "paypal.me/AnnSmith"}, {"value": "AnnSmith"}),
    "bizum": ({"value": "612 345 678"}, {"value": "+34612345678"}),
    "mb_way": ({"value": "+351 912 345 678"}, {"value": "+351912345678"}),
    "satispay": ({"value": "+39 347 123 4567"}, {"value": "+393471234567"}),
    "lydia_wero": ({"value": "+33 6 12 34 56 78"}, {"value": "+33612345678"}),
    "other": ({"value": "  Cash  at the next night "}, {"value": "Cash at the next night"}),
}

# kind -> (the service's keyword arguments, the codes of the problems it reports)
BAD = {
    "swish": ({"value": "08-123 45 67"}, ["swish_number_invalid"]),
    "pix": (
        {"value": "529.982.247-24", "name": "", "city": "Tōkyō 東京"},
        ["cpf_check_digits", "text_empty", "text_not_plain"],
    ),
    "sepa": (
        {"value": "DE89 3704 0044 0532 0130 01", "name": "x" * 71},
        ["iban_check_digits", "text_too_long"],
    ),
    "venmo": ({"value": "ann smith"}, ["venmo_username_invalid"]),
    "cash_app": ({"value": "$12345"}, ["cashtag_invalid"]),
    "paypal_me": ({"value": "ann-smith"}, ["paypal_me_invalid"]),
    "bizum": ({"value": "+34 912 345 678"}, ["phone_not_mobile"]),
    "mb_way": ({"value": "+34 612 345 678"}, ["phone_not_mobile"]),
    "satispay": ({"value": "347 123 4567"}, ["phone_not_e164"]),
    "lydia_wero": ({"value": "06 12 34 56 78"}, ["phone_not_e164"]),
    "other": ({"value": "   "}, ["text_empty"]),
}
