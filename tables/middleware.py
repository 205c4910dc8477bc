"""Response headers that depend on who is asking."""

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.utils.cache import patch_cache_control

from tables import service_worker


class PrivateWhenSignedInMiddleware:
    """Every answer to a signed-in host (pages, downloads, redirects) is
    ``Cache-Control: private, no-store``.

    They hold the host's ledger and their players' names: no proxy may keep a copy,
    and the phone passed round the table must not show them again from its cache
    after the host signs out.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            patch_cache_control(response, private=True, no_store=True)
        return response


class ServiceWorkerUserMiddleware:
    """Every answer to a signed-in host names them to the service worker, by a keyed tag
    (``tables.service_worker.user_tag``), an anonymous visitor by none.

    The service worker keeps a host's hand screen for offline use only while the pages it
    fetches are that host's: an answer for anyone else (another host, nobody signed in)
    empties its kept pages first, so a phone passed on never opens them.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            response[service_worker.USER_HEADER] = service_worker.user_tag(user.pk)
        return response
