"""What every URL answers beyond its page: HEAD like GET, and nothing of a signed-in
host's kept in a cache. Walked from the URL configuration, so a new page is covered."""

import pytest
from django.test import Client
from django.urls import reverse
from django.utils.cache import get_max_age

from tests.tables.urlwalk import fingerprint

pytestmark = pytest.mark.django_db


def client(user=None) -> Client:
    c = Client(raise_request_exception=False)
    if user is not None:
        c.force_login(user)
    return c


def cache_control(response) -> set[str]:
    return {part.strip() for part in response.get("Cache-Control", "").split(",") if part}


def test_every_url_answers_head_as_it_answers_get_and_head_writes_nothing(world):
    visitors = {"owner": client(world.owner), "anonymous": client()}
    before = fingerprint()
    differing = []
    pages = 0

    for who, visitor in visitors.items():
        for _, url in world.walk():
            get = visitor.get(url)
            head = visitor.head(url)
            pages += get.status_code == 200
            # getvalue(): a streamed download (the results file) has no ``content``.
            if head.status_code != get.status_code or head.getvalue():
                differing.append(f"HEAD {url} by {who}: {head.status_code}, GET {get.status_code}")

    print(f"\nHEAD like GET: {pages} pages answered 200, {len(differing)} differing")
    assert differing == []
    assert pages > 20
    assert fingerprint() == before


def test_nothing_a_signed_in_host_is_sent_may_be_stored(world):
    owner = client(world.owner)
    stored = []
    downloads = 0

    for _, url in world.walk():
        response = owner.get(url)
        downloads += response.get("Content-Disposition", "").startswith("attachment")
        if not {"private", "no-store"} <= cache_control(response):
            stored.append(f"GET {url}: {response.status_code} {response.get('Cache-Control')}")

    assert stored == []
    assert downloads >= 3  # the night file, the entries CSV and the table's results


def test_the_downloads_say_private_no_store(world):
    owner = client(world.owner)
    night, table = world.closed_night, world.table

    for url in (
        reverse("night_export_json", args=[night.pk]),
        reverse("night_entries_csv", args=[night.pk]),
        reverse("table_results_csv", args=[table.pk]),
    ):
        response = owner.get(url)
        assert response.status_code == 200
        assert {"private", "no-store"} <= cache_control(response), url


def test_a_signed_out_visitors_public_pages_are_left_as_they_were(world):
    visitor = client()

    home = visitor.get(reverse("home"))
    share = visitor.get(reverse("share_view", args=[world.tokens[0]]))

    assert "no-store" not in cache_control(home)
    # The live link keeps its own never-cache answer: polled every few seconds.
    assert get_max_age(share) == 0


def test_the_service_worker_and_the_manifest_are_everyones_and_the_worker_never_kept():
    visitor = client()

    worker = visitor.get(reverse("service_worker"))
    manifest = visitor.get(reverse("web_manifest"))

    assert worker.status_code == manifest.status_code == 200
    # The browser asks the server each time it looks for a new worker: a deploy shows.
    assert "no-cache" in cache_control(worker)
    assert worker["Service-Worker-Allowed"] == "/"
    assert "no-store" not in cache_control(manifest)
