"""Django's ``i18n`` template library, with ``{% translate "a literal" %}`` looked up once.

Templates ``{% load i18n %}`` as usual: config/settings.py names this module as the
``i18n`` library. Everything in it is Django's, but ``translate`` (and ``trans``): a tag
whose message and context are literals gives the same text every time it is rendered in
one language, so its text is kept on the node (which the cached template loader keeps
for the life of the process), per language and escaping. A screen has dozens of them,
and looking each one up again (the active language, the catalog, the escaping) was a
sixth of rendering it. A message in a variable, or with a filter, is translated at each
render, as Django does.
"""

from django import template
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.template import Variable
from django.templatetags import i18n
from django.utils import translation

register = template.Library()
register.tags.update(i18n.register.tags)
register.filters.update(i18n.register.filters)

# Settings that change what a message translates to (tests override them): a change
# makes every kept text stale.
TRANSLATION_SETTINGS = {"LANGUAGES", "LANGUAGE_CODE", "LOCALE_PATHS", "USE_I18N"}
_generation = 0


@receiver(setting_changed)
def _forget_kept_texts(*, setting, **kwargs) -> None:
    global _generation
    if setting in TRANSLATION_SETTINGS:
        _generation += 1


def _literal(expression) -> bool:
    """A quoted string: the tag's message (which TranslateNode made a Variable), or its
    context (a FilterExpression of the string itself)."""
    if expression.filters:
        return False
    var = expression.var
    return isinstance(var, str) or (isinstance(var, Variable) and var.literal is not None)


class LiteralTranslateNode(i18n.TranslateNode):
    """``{% translate "literal" %}``: Django's node, rendered once per language."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.texts: dict[tuple, str] = {}

    def render(self, context) -> str:
        key = (_generation, translation.get_language(), context.autoescape)
        try:
            value = self.texts[key]
        except KeyError:
            value = super().render(context)
            if self.asvar:
                value = context[self.asvar]
            self.texts[key] = value
            return "" if self.asvar else value
        if self.asvar:
            context[self.asvar] = value
            return ""
        return value


@register.tag("translate")
@register.tag("trans")
def do_translate(parser, token):
    node = i18n.do_translate(parser, token)
    if _literal(node.filter_expression) and (
        node.message_context is None or _literal(node.message_context)
    ):
        return LiteralTranslateNode(
            node.filter_expression, node.noop, node.asvar, node.message_context
        )
    return node
