"""``{% translate %}`` as the templates use it (tables/templatetags/translations.py): a
literal message is kept on its node once translated, and every render still speaks the
language active for it."""

from django.template import Context, Engine, engines
from django.test import override_settings
from django.utils import translation

from tables.templatetags.translations import LiteralTranslateNode


def _template(source: str):
    return engines["django"].from_string("{% load i18n %}" + source)


def test_a_literal_message_is_rendered_in_each_requests_language_in_turn():
    page = _template('{% translate "Sign out" %}')

    shown = []
    for language in ("fr", "en", "fr", "sv", "en"):
        with translation.override(language):
            shown.append(page.render({}))

    assert shown == ["Se déconnecter", "Sign out", "Se déconnecter", "Logga ut", "Sign out"]


def test_a_literal_message_is_kept_on_its_node():
    page = _template('{% translate "Sign out" %}')

    assert [type(node) for node in page.template.nodelist[1:]] == [LiteralTranslateNode]


DJANGOS = Engine(libraries={"i18n": "django.templatetags.i18n"})
TAGS = [
    '{% translate "Sign out" %}',
    '{% translate "Undo" context "hand played" %}',
    '{% translate "Sign out" noop %}',
    '{% translate "100%% & <b>" %}',
    '{% autoescape off %}{% translate "a & <b>" %}{% endautoescape %}',
]


def test_a_kept_message_reads_exactly_as_djangos_own_tag_writes_it():
    for language in ("en", "fr", "pt-br"):
        with translation.override(language):
            for tag in TAGS:
                ours = _template(tag)
                theirs = DJANGOS.from_string("{% load i18n %}" + tag).render(Context())
                assert ours.render({}) == ours.render({}) == theirs, (language, tag)


def test_a_kept_message_given_a_name_sets_it_at_every_render():
    page = _template('{% translate "Sign out" as label %}[{{ label }}]')

    with translation.override("fr"):
        assert page.render({}) == page.render({}) == "[Se déconnecter]"
    with translation.override("en"):
        assert page.render({}) == "[Sign out]"


def test_a_message_in_a_variable_is_translated_at_each_render():
    page = _template("{% translate message %}")

    with translation.override("fr"):
        assert page.render({"message": "Sign out"}) == "Se déconnecter"
        assert page.render({"message": "Cancel"}) != "Se déconnecter"
    assert not isinstance(page.template.nodelist[1], LiteralTranslateNode)


def test_a_change_of_the_translation_settings_forgets_the_kept_texts():
    page = _template('{% translate "Sign out" %}')
    with translation.override("fr"):
        assert page.render({}) == "Se déconnecter"
    with override_settings(LOCALE_PATHS=[]), translation.override("fr"):
        # Without the app's catalogs the message is no longer translated.
        assert page.render({}) == "Sign out"
    with translation.override("fr"):
        assert page.render({}) == "Se déconnecter"
