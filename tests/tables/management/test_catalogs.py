"""The catalogs: one per language, each complete, every translation keeping its msgid's
placeholders, and the compiled .mo files in step with the .po files."""

import pytest
from babel.messages.mofile import read_mo

from tests.catalogs import (
    PLURAL_FORMS,
    catalog_languages,
    english_inflections,
    po_path,
    problems,
    read,
)

LANGUAGES = catalog_languages()
HEADER = """msgid ""
msgstr ""
"Language: fr\\n"
"Content-Type: text/plain; charset=UTF-8\\n"
"Plural-Forms: nplurals=2; plural=(n > 1);\\n"
"""


def test_every_language_but_english_has_a_catalog():
    assert LANGUAGES == ["it", "pt_BR", "es", "fr", "sv"]
    assert set(PLURAL_FORMS) == set(LANGUAGES)
    assert all(po_path(locale).exists() for locale in LANGUAGES)


@pytest.mark.parametrize("locale", LANGUAGES)
def test_every_entry_is_translated_not_fuzzy_and_keeps_its_placeholders(locale):
    assert problems(po_path(locale), locale) == []


@pytest.mark.parametrize("locale", LANGUAGES)
def test_the_compiled_catalog_is_the_po_file_as_it_is_now(locale):
    """`make install` compiles a .po edited since its .mo was built; pages read the .mo."""
    catalog, _header = read(po_path(locale))
    mo_path = po_path(locale).with_suffix(".mo")
    assert mo_path.exists(), "run `make install` to compile the catalogs"
    with mo_path.open("rb") as mo:
        compiled = read_mo(mo)
    translated = {_key(m): _tuple(m.string) for m in catalog if m.id and not m.fuzzy}
    assert {_key(m): _tuple(m.string) for m in compiled if m.id} == translated, (
        "the .mo is older than the .po: run `make install`"
    )


@pytest.mark.parametrize("locale", LANGUAGES)
def test_no_translation_writes_bourre_with_an_english_inflection(locale):
    assert english_inflections(po_path(locale)) == []


def test_an_english_inflection_of_bourre_is_found_and_the_words_own_forms_are_not():
    po = (
        HEADER
        + """
msgid "%(player)s is bourré."
msgstr "%(player)s est bourréd."

msgid "Players bourré skip the ante."
msgstr "Les joueurs bourréds ou booray'd ne misent pas."

msgid "%(count)s bourré"
msgid_plural "%(count)s bourrés"
msgstr[0] "%(count)s bourré"
msgstr[1] "%(count)s Bourrés, bourrée, BOURRÉ"
"""
    )
    assert english_inflections(po) == [
        "'%(player)s is bourré.': 'bourréd'",
        "'Players bourré skip the ante.': 'bourréds'",
        "'Players bourré skip the ante.': \"booray'd\"",
    ]


def _tuple(value):
    # A plural entry's id and strings come back as a list from a .mo, a tuple from a .po.
    return tuple(value) if isinstance(value, (list, tuple)) else value


def _key(message) -> tuple:
    return message.context, _tuple(message.id)


def test_a_catalog_with_an_untranslated_and_a_fuzzy_entry_is_refused():
    po = (
        HEADER
        + """
msgid "Pot"
msgstr ""

#, fuzzy
msgid "Trick"
msgstr "Pli"

msgid "Hand"
msgid_plural "Hands"
msgstr[0] "Manche"
msgstr[1] ""
"""
    )
    assert problems(po, "fr") == ["'Pot': untranslated", "'Trick': fuzzy", "'Hand': untranslated"]


def test_a_translation_whose_placeholders_differ_from_the_msgids_is_refused():
    po = (
        HEADER
        + """
msgid "%(name)s pays %(amount)s."
msgstr "%(nom)s paie %(amount)s."

msgid "{player} is bourré: pays {amount}."
msgstr "{joueur} est bourré : paie {amount}."

msgid "Hand {number}"
msgstr "Manche"

msgid "{key} must be a whole number (got {value!r})."
msgstr "{key} doit être un nombre entier (reçu {value!r})."

msgid "%(count)s chip"
msgid_plural "%(count)s chips"
msgstr[0] "Un jeton"
msgstr[1] "%(count)s jetons %(extra)s"
"""
    )
    found = problems(po, "fr")

    assert [line.split(":")[0] for line in found] == [
        "'%(name)s pays %(amount)s.'",
        "'{player} is bourré",
        "'Hand {number}'",
        "'%(count)s chip'",
        "'%(count)s chip'",
    ]


def test_a_plural_form_may_follow_either_the_singular_or_the_plural():
    po = (
        HEADER
        + """
msgid "One chip"
msgid_plural "%(count)s chips"
msgstr[0] "Un jeton"
msgstr[1] "%(count)s jetons"
"""
    )
    assert problems(po, "fr") == []


def test_a_catalog_without_its_plural_forms_or_language_is_refused():
    po = """msgid ""
msgstr ""
"Language: fr_FR\\n"
"Content-Type: text/plain; charset=UTF-8\\n"

msgid "Pot"
msgstr "Pot"
"""
    assert problems(po, "fr") == [
        "header: Language is 'fr_FR', not 'fr'",
        "header: no Plural-Forms",
    ]


def test_a_french_or_brazilian_catalog_must_treat_zero_as_singular():
    po = HEADER.replace("(n > 1)", "(n != 1)") + '\nmsgid "Pot"\nmsgstr "Pot"\n'

    assert problems(po, "fr") == [
        "header: Plural-Forms is 'nplurals=2; plural=(n != 1);', not 'nplurals=2; plural=(n > 1);'"
    ]
