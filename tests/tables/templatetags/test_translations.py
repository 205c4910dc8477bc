"""``{% translate %}`` as the templates use it, Django's own tag (``{% load i18n %}``):
every render speaks the language active for it."""

from django.template import engines
from django.utils import translation


def _template(source: str):
    return engines["django"].from_string("{% load i18n %}" + source)


def test_a_literal_message_is_rendered_in_each_requests_language_in_turn():
    page = _template('{% translate "Sign out" %}')

    shown = []
    for language in ("fr", "en", "fr", "sv", "en"):
        with translation.override(language):
            shown.append(page.render({}))

    assert shown == ["Déconnexion", "Sign out", "Déconnexion", "Logga ut", "Sign out"]


def test_a_message_with_a_context_or_given_a_name_is_translated_at_every_render():
    page = _template(
        '{% translate "Fold" context "stay or fold" as label %}[{{ label }}]'
        '{% translate "Sign out" %}'
    )

    with translation.override("fr"):
        assert page.render({}) == "[Se coucher]Déconnexion"
    with translation.override("en"):
        assert page.render({}) == "[Fold]Sign out"
