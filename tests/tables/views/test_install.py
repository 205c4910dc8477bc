"""The web app manifest and the service worker's script, served from the site's root."""

import hashlib
import json

import pytest
from django.contrib.staticfiles import finders
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from tables import service_worker
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def _static_path(url: str) -> str:
    return url.removeprefix("/static/")


def test_the_manifest_opens_the_hosts_tables_full_screen_with_icons_that_exist(client):
    response = client.get(reverse("web_manifest"))

    assert response.status_code == 200
    assert response["Content-Type"] == "application/manifest+json"
    manifest = json.loads(response.content)
    assert manifest["start_url"] == reverse("table_list")
    assert manifest["display"] == "standalone"
    assert manifest["name"] == "Bourré ledger"
    assert manifest["theme_color"]
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512", "any"} <= sizes
    assert any(icon.get("purpose") == "maskable" for icon in manifest["icons"])
    for icon in manifest["icons"]:
        assert finders.find(_static_path(icon["src"])), icon


def test_the_manifest_speaks_the_visitors_language(client):
    client.cookies["django_language"] = "sv"

    manifest = json.loads(client.get(reverse("web_manifest")).content)

    assert manifest["lang"] == "sv"
    assert manifest["description"].startswith("För in varje hand Bourré")


def test_the_service_worker_is_served_from_the_root_with_its_version_first(client):
    response = client.get(reverse("service_worker"))

    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Service-Worker-Allowed"] == "/"
    assert reverse("service_worker") == "/sw.js"
    first, *rest = response.content.decode().splitlines()
    settings = json.loads(first.removeprefix("self.BOURRE = ").removesuffix(";"))
    assert settings["version"] == service_worker.version()
    assert "/static/css/app.css" in settings["static"]
    assert "/static/js/offline.js" in settings["static"]
    assert settings["outbox"] == "/static/js/outbox.js"
    assert 'addEventListener("fetch"' in "\n".join(rest)


def test_the_service_worker_keeps_no_package_file_but_htmx_and_not_itself():
    kept = service_worker.precached()

    assert "/static/js/service_worker.js" not in kept
    assert [url for url in kept if url.startswith("/static/admin/")] == []
    assert "/static/django_htmx/htmx-2.min.js" in kept


def test_a_changed_static_manifest_changes_the_service_workers_script(client, monkeypatch):
    before = client.get(reverse("service_worker")).content

    monkeypatch.setattr(service_worker, "manifest_text", lambda: "another deploy")
    after = client.get(reverse("service_worker")).content

    assert before != after
    assert service_worker.version() in after.decode().splitlines()[0]


def test_the_version_is_a_hash_of_the_manifest_whitenoise_keeps_when_it_keeps_one(monkeypatch):
    class Stored:
        def read_manifest(self) -> str:
            return '{"paths": {"css/app.css": "css/app.0123abcd.css"}}'

    monkeypatch.setattr(service_worker, "staticfiles_storage", Stored())

    assert service_worker.manifest_text() == Stored().read_manifest()
    monkeypatch.setattr(Stored, "read_manifest", lambda self: '{"paths": {}}')
    assert service_worker.manifest_text() == '{"paths": {}}'


def test_each_host_is_a_different_tag_and_nobody_none():
    one, two = UserFactory(), UserFactory()

    first, second, anonymous = Client(), Client(), Client()
    first.force_login(one)
    second.force_login(two)
    url = reverse("table_list")

    tags = [c.get(url).get(service_worker.USER_HEADER) for c in (first, second, anonymous)]

    assert tags[0] == service_worker.user_tag(one.pk)
    assert tags[1] == service_worker.user_tag(two.pk)
    assert tags[0] != tags[1]
    assert tags[2] is None
    assert str(one.pk) not in tags[0]


def test_in_production_the_worker_keeps_the_hashed_names_under_the_manifests_version(
    client, settings, tmp_path
):
    """As deployed: whitenoise's manifest storage, the static files collected."""
    settings.STATIC_ROOT = tmp_path
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
    }
    call_command("collectstatic", interactive=False, verbosity=0)
    manifest = (tmp_path / "staticfiles.json").read_text()

    first = client.get(reverse("service_worker")).content.decode().splitlines()[0]
    given = json.loads(first.removeprefix("self.BOURRE = ").removesuffix(";"))

    assert given["version"] == hashlib.sha256(manifest.encode()).hexdigest()[:16]
    assert given["staticPrefix"] == "/static/"
    hashed = json.loads(manifest)["paths"]["css/app.css"]
    assert f"/static/{hashed}" in given["static"]
    assert given["outbox"] == "/static/" + json.loads(manifest)["paths"]["js/outbox.js"]
