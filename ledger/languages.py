"""The languages the app speaks, by Django code ("en", "pt-br", "sv"...), as settings.LANGUAGES
lists them: what a host's or a table's saved language may be."""

from django.conf import settings

from ledger.rules.errors import Code, Problem, gettext_noop

LANGUAGE_CODES: tuple[str, ...] = tuple(code for code, _name in settings.LANGUAGES)
LANGUAGE_CODE_MAX = 7  # the longest Django language code of the list ("pt-br"), with room

LANGUAGE_UNKNOWN = Code(
    "language_unknown",
    gettext_noop("{language!r} is not a language this app speaks (choose one of {choices})."),
)


def is_language(code: str) -> bool:
    return code in LANGUAGE_CODES


def unknown_language(code: str) -> Problem:
    return LANGUAGE_UNKNOWN(language=code, choices=", ".join(LANGUAGE_CODES))


# The money a host who speaks each language most likely plays for: a new table's currency
# until they pick another (a preset of a country's game brings its own).
LANGUAGE_CURRENCY: dict[str, str] = {
    "en": "USD",
    "it": "EUR",
    "pt-br": "BRL",
    "es": "EUR",
    "fr": "EUR",
    "sv": "SEK",
}


def language_currency(code: str) -> str:
    """The currency of a new table for a host speaking ``code`` (US dollars if unknown)."""
    return LANGUAGE_CURRENCY.get(code, LANGUAGE_CURRENCY["en"])
