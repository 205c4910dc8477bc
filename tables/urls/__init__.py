"""All URLs of the app, one module per area."""

from django.urls import include, path

from tables.views import home

urlpatterns = [
    path("", home.home, name="home"),
    path("", include("tables.urls.accounts")),
    path("", include("tables.urls.tables")),
    path("", include("tables.urls.nights")),
    path("", include("tables.urls.stats")),
    path("", include("tables.urls.referee")),
]
