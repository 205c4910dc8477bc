"""Response headers that depend on who is asking."""

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.utils.cache import patch_cache_control


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
