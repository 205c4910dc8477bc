"""All URLs of the app, one module per area."""

from django.urls import include, path

from tables.views import health, home, install, languages

urlpatterns = [
    path("", home.home, name="home"),
    path("favicon.ico", home.favicon, name="favicon"),
    # From the root, so the service worker's scope is the whole site.
    path("sw.js", install.service_worker_script, name="service_worker"),
    path("manifest.webmanifest", install.web_manifest, name="web_manifest"),
    path("language/", languages.language_set, name="set_language"),
    path("healthz", health.healthz, name="healthz"),
    path("readyz", health.readyz, name="readyz"),
    path("", include("tables.urls.accounts")),
    path("", include("tables.urls.tables")),
    path("", include("tables.urls.nights")),
    path("", include("tables.urls.stats")),
    path("", include("tables.urls.referee")),
    path("", include("tables.urls.debts")),
    path("", include("tables.urls.me")),
    path("", include("tables.urls.schedules")),
]
