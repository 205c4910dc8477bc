"""The language switcher's target: Django's set_language, which also saves a signed-in
host's choice on their account."""

from django.conf import settings
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_POST
from django.views.i18n import LANGUAGE_QUERY_PARAMETER, set_language

from ledger import languages
from ledger.services.hosts import host_language_set
from tables.languages import remember_language
from tables.problems import sentence


@require_POST
def language_set(request: HttpRequest) -> HttpResponse:
    """Back to ``next`` (the page the switcher was on) in the chosen language: a cookie for
    this phone, and for a signed-in host their account too, so other phones follow."""
    language = request.POST.get(LANGUAGE_QUERY_PARAMETER, "")
    response = set_language(request)
    if not languages.is_language(language):
        # Django would keep any language it has a catalog for; only ours are offered.
        response.cookies.pop(settings.LANGUAGE_COOKIE_NAME, None)
        messages.error(request, sentence(languages.unknown_language(language)))
        return response
    if request.user.is_authenticated:
        host_language_set(user=request.user, language=language)
        remember_language(request, language)
    return response
