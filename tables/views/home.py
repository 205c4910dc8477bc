"""The front page, and the icon browsers ask for."""

from django.http import HttpRequest, HttpResponse, HttpResponsePermanentRedirect
from django.templatetags.static import static
from django.views.decorators.http import require_safe

from tables import responses
from tables.pages.home import home_page


@require_safe
def home(request: HttpRequest) -> HttpResponse:
    return responses.show(request, home_page())


@require_safe
def favicon(request: HttpRequest) -> HttpResponse:
    """Pages not drawn from base.html (Django's own 404 and 500) name no icon, and browsers
    then ask for /favicon.ico: sent to the app's, rather than a 404 on their console."""
    return HttpResponsePermanentRedirect(static("favicon.svg"))
