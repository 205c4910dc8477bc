"""Which language each answer speaks, and how it is named for HTML and for Babel.

Django's LocaleMiddleware picks the visitor's language from their cookie (set by the
switcher) or else their browser's Accept-Language. On top of that:

- a signed-in host's saved choice (HostSettings) wins, on any phone they sign in on
  (HostLanguageMiddleware);
- what a table's players see without an account (the live link, the settle-up text)
  is in the table's language, or else its host's, unless the visitor switched
  (``players_language``).
"""

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils import translation

from ledger import languages
from ledger.models import Table
from ledger.selectors.hosts import host_language

# The host's saved language, kept in their session so that reading it costs no query
# per request: "" once known to be unset. It is read from the account at each sign-in,
# so signing in on another phone brings the language along.
SESSION_KEY = "host_language"

# Babel's locale for each language: the country whose conventions the app writes
# numbers, money and dates in (en: $1,234.50; sv: 1 234,50 kr; pt-br: R$ 1.234,50).
BABEL_LOCALES = {
    "en": "en_US",
    "it": "it_IT",
    "pt-br": "pt_BR",
    "es": "es_ES",
    "fr": "fr_FR",
    "sv": "sv_SE",
}


def language_names() -> list[tuple[str, str]]:
    """Each language the app speaks, as (code, name), the name in that language itself
    ("English", "Svenska"): the name someone who cannot read the page finds theirs by.
    Never translated: Django's {% get_available_languages %} runs the names through its own
    catalog, which knows "English" ("Engelska", "Inglês") but none of the others' names."""
    return list(settings.LANGUAGES)


def babel_locale(language: str | None = None) -> str:
    """The Babel locale of ``language`` (default: the active one)."""
    language = language or translation.get_language() or settings.LANGUAGE_CODE
    return BABEL_LOCALES.get(language, BABEL_LOCALES[settings.LANGUAGE_CODE])


def html_lang(language: str | None = None) -> str:
    """The BCP 47 tag for ``<html lang>``: "pt-br" is "pt-BR", "sv" is "sv"."""
    language = language or translation.get_language() or settings.LANGUAGE_CODE
    return translation.to_locale(language).replace("_", "-")


def chosen_language(request: HttpRequest) -> str:
    """The language the visitor picked with the switcher on this phone, or ""."""
    language = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME, "")
    return language if languages.is_language(language) else ""


def read_saved_language_at_sign_in(sender, request: HttpRequest, user, **kwargs) -> None:
    """Receiver of user_logged_in."""
    request.session[SESSION_KEY] = host_language(user.pk)


def saved_language(request: HttpRequest) -> str:
    """The signed-in host's saved language, or ""."""
    if SESSION_KEY not in request.session:  # a session from before languages were saved
        request.session[SESSION_KEY] = host_language(request.user.pk)
    language = request.session[SESSION_KEY]
    return language if languages.is_language(language) else ""


def remember_language(request: HttpRequest, language: str) -> None:
    """After the host saved ``language`` on their account: this session speaks it now."""
    request.session[SESSION_KEY] = language


def use_language(request: HttpRequest, language: str) -> None:
    """Answer this request in ``language``."""
    translation.activate(language)
    request.LANGUAGE_CODE = language


def players_language(table: Table) -> str:
    """What the table's players read without an account is in this language: the
    table's, else its host's saved one; "" if neither was chosen."""
    return table.language or host_language(table.owner_id)


def speak_players_language(request: HttpRequest, language: str) -> None:
    """The live link speaks ``language``, the players' (``players_language``, which its
    one query reads along), unless this visitor switched."""
    if chosen_language(request):
        return
    if language and language != request.LANGUAGE_CODE:
        use_language(request, language)


def set_language_cookie(response: HttpResponse, language: str) -> None:
    """The same cookie Django's set_language view sets."""
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        language,
        max_age=settings.LANGUAGE_COOKIE_AGE,
        path=settings.LANGUAGE_COOKIE_PATH,
        domain=settings.LANGUAGE_COOKIE_DOMAIN,
        secure=settings.LANGUAGE_COOKIE_SECURE,
        httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
        samesite=settings.LANGUAGE_COOKIE_SAMESITE,
    )


class HostLanguageMiddleware:
    """A signed-in host is answered in the language saved on their account, whatever
    the phone's browser asks for; the phone keeps it (cookie) after they sign out."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        saved = ""
        if request.user.is_authenticated:
            saved = saved_language(request)
            if saved and saved != request.LANGUAGE_CODE:
                use_language(request, saved)
        response = self.get_response(request)
        # Unless the view set the cookie itself (the switcher, saving a new choice).
        if (
            saved
            and saved != chosen_language(request)
            and settings.LANGUAGE_COOKIE_NAME not in response.cookies
        ):
            set_language_cookie(response, saved)
        return response
