"""What makes the app installable and keeps the hand screen working offline: the web app
manifest and the service worker."""

import json

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import pgettext
from django.views.decorators.http import require_safe

from tables import responses, service_worker

THEME = "#0b5d3b"


@require_safe
def web_manifest(request: HttpRequest) -> HttpResponse:
    """The web app manifest: "Add to home screen" opens the host's tables full screen."""
    name = pgettext("the app's name", "Bourré ledger")
    manifest = {
        "name": name,
        "short_name": name,
        "description": pgettext(
            "hand played", "Log each hand of Bourré from your phone; the app keeps the money."
        ),
        "lang": request.LANGUAGE_CODE,
        "id": reverse("home"),
        "start_url": reverse("table_list"),
        "scope": reverse("home"),
        "display": "standalone",
        "background_color": "#ffffff",
        "theme_color": THEME,
        "icons": [
            {"src": static("icons/icon-192.png"), "sizes": "192x192", "type": "image/png"},
            {"src": static("icons/icon-512.png"), "sizes": "512x512", "type": "image/png"},
            {
                "src": static("icons/icon-512.png"),
                "sizes": "512x512",
                "type": "image/png",
                "purpose": "maskable",
            },
            {"src": static("icons/icon.svg"), "sizes": "any", "type": "image/svg+xml"},
        ],
    }
    return responses.data(manifest, content_type="application/manifest+json")


@require_safe
def service_worker_script(request: HttpRequest) -> HttpResponse:
    """The service worker, from the site's root so its scope is every page; its first line
    names the static files' version, so a deploy that changes them changes this script
    and the browser replaces the worker."""
    given = {
        "version": service_worker.version(),
        "static": service_worker.precached(),
        "staticPrefix": settings.STATIC_URL,
        "outbox": static("js/outbox.js"),
        "push": static("js/push.js"),
        "manifest": reverse("web_manifest"),
    }
    source = f"self.BOURRE = {json.dumps(given)};\n{service_worker.source()}"
    # Checked with the server each time the browser looks for an update, never kept.
    headers = {"Service-Worker-Allowed": "/", "Cache-Control": "no-cache"}
    return responses.script(source, headers)
