"""All URLs of the app, one module per area."""

from django.urls import include, path

from tables.views import home, languages

urlpatterns = [
    path("", home.home, name="home"),
    path("favicon.ico", home.favicon, name="favicon"),
    path("language/", languages.language_set, name="set_language"),
    path("", include("tables.urls.accounts")),
    path("", include("tables.urls.tables")),
    path("", include("tables.urls.nights")),
    path("", include("tables.urls.stats")),
    path("", include("tables.urls.referee")),
    path("", include("tables.urls.debts")),
    path("", include("tables.urls.me")),
]
