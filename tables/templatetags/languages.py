"""The page's language and dates as each language writes them.

``{% html_lang %}`` is the active language as a BCP 47 tag for ``<html lang>`` (pt-BR).
``{% language_names as languages %}`` lists (code, name) with each language named in its
own words, for the language menu.
``{{ value|local_date:"yMMMEd" }}`` writes a date or time with a CLDR skeleton, in the
visitor's time zone and language: "yMMMEd" gives Sat, Apr 5, 2025 / lör 5 apr. 2025 /
sáb., 5 de abr. de 2025; "MMMEd" the same without the year; "yMMMd" Apr 5, 2025; "full"
Saturday, April 5, 2025; "Hm" 20:30.
"""

from django import template

from tables import languages, presenters

register = template.Library()


@register.simple_tag
def html_lang() -> str:
    return languages.html_lang()


@register.simple_tag
def language_names() -> list[tuple[str, str]]:
    return languages.language_names()


@register.filter(expects_localtime=True)
def local_date(value, skeleton: str = "yMMMd") -> str:
    if value in (None, ""):
        return ""
    return presenters.local_date(value, skeleton)
