"""The app's defences, checked on every page the URL configuration has.

Sign-in throttling, CSRF on every POST, the production headers and cookies, a
strict Content-Security-Policy with no inline script anywhere, and a player called
<script>alert(1)</script> rendered harmlessly on every page and export.
"""

import json
import os
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import PASSWORD, UserFactory
from tests.tables.night_helpers import hand_post
from tests.tables.urlwalk import XSS_NAME, build_world, routes

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]
XSS_TABLE = 'Bourré "><img src=x onerror=alert(2)>'


# --- Sign-in throttling ---


def sign_in(client: Client, username: str, password: str):
    return client.post(reverse("login"), {"username": username, "password": password})


def test_after_the_failure_limit_even_the_right_password_is_refused(client, settings):
    settings.AXES_ENABLED = True
    user, neighbour = UserFactory(), UserFactory()
    limit = settings.AXES_FAILURE_LIMIT
    for _ in range(limit - 1):
        assert sign_in(client, user.username, "wrong").status_code == 200
    # One short of the limit the right password still works, and a success resets the count.
    assert sign_in(client, user.username, PASSWORD).status_code == 302
    client.logout()
    statuses = [sign_in(client, user.username, "wrong").status_code for _ in range(limit)]

    assert statuses == [200] * (limit - 1) + [429]
    assert sign_in(client, user.username, PASSWORD).status_code == 429
    # The lock is for that user name from that address, not for everyone there.
    assert sign_in(client, neighbour.username, PASSWORD).status_code == 302


# Behind the README's proxy every request reaches the app from the proxy's address; the
# client's is the last X-Forwarded-For entry, the one the proxy wrote.
PROXY = "127.0.0.1"
BEHIND_PROXY_ADDRESS = "config.client_address.forwarded_client_address"


def sign_in_through_proxy(client: Client, username: str, password: str, forwarded: str):
    return client.post(
        reverse("login"),
        {"username": username, "password": password},
        REMOTE_ADDR=PROXY,
        HTTP_X_FORWARDED_FOR=forwarded,
    )


def test_behind_the_proxy_a_locked_out_client_does_not_lock_the_host_out_elsewhere(settings):
    settings.AXES_ENABLED = True
    settings.AXES_CLIENT_IP_CALLABLE = BEHIND_PROXY_ADDRESS
    host = UserFactory()
    guesser, phone = Client(), Client()
    limit = settings.AXES_FAILURE_LIMIT

    # The guesser forges a new address at the left of the header for every try: in vain.
    statuses = [
        sign_in_through_proxy(guesser, host.username, "wrong", f"10.9.8.{n}, 203.0.113.7")
        for n in range(limit)
    ]
    locked = sign_in_through_proxy(guesser, host.username, PASSWORD, "10.9.8.99, 203.0.113.7")
    at_home = sign_in_through_proxy(phone, host.username, PASSWORD, "198.51.100.20")

    assert [r.status_code for r in statuses] == [200] * (limit - 1) + [429]
    assert locked.status_code == 429
    assert at_home.status_code == 302


PROXY_LOCKOUT_CHECK = """
import json
import django

django.setup()
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import Client
from django.test.utils import override_settings

call_command("migrate", verbosity=0)
# Neither hashing strength (the production hasher would take seconds) nor static files
# (hashed names need collectstatic's manifest) are under test here.
storages = {**settings.STORAGES, "staticfiles": {
    "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}}
with override_settings(
    PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"], STORAGES=storages
):
    get_user_model().objects.create_user("host", password="right password 42")

    def sign_in(client, password, forwarded):
        return client.post(
            "/accounts/login/",
            {"username": "host", "password": password},
            secure=True,
            REMOTE_ADDR="127.0.0.1",
            HTTP_X_FORWARDED_FOR=forwarded,
            HTTP_X_FORWARDED_PROTO="https",
        ).status_code

    guesser = Client(HTTP_HOST="bourre.example.com")
    phone = Client(HTTP_HOST="bourre.example.com")
    limit = settings.AXES_FAILURE_LIMIT
    failures = [sign_in(guesser, "wrong", "203.0.113.7") for _ in range(limit)]
    print(json.dumps({
        "failures": failures,
        "guesser_right_password": sign_in(guesser, "right password 42", "203.0.113.7"),
        "other_client_right_password": sign_in(phone, "right password 42", "198.51.100.20"),
    }))
"""


def test_with_django_behind_proxy_five_failures_lock_one_client_not_the_host(tmp_path):
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "AXES_"))}
    env.update(
        DJANGO_TESTING="false",
        DJANGO_SETTINGS_MODULE="config.settings",
        DJANGO_SECRET_KEY="a-long-random-production-secret-0123456789-abcdefghijklmnop",
        DJANGO_ALLOWED_HOSTS="bourre.example.com",
        DJANGO_BEHIND_PROXY="true",
        DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}",
    )
    result = subprocess.run(  # noqa: S603 - our own interpreter and script
        [sys.executable, "-c", PROXY_LOCKOUT_CHECK],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert result.returncode == 0, result.stderr
    seen = json.loads(result.stdout.strip().splitlines()[-1])

    assert seen == {
        "failures": [200, 200, 200, 200, 429],
        "guesser_right_password": 429,
        "other_client_right_password": 302,
    }


# --- CSRF ---


# A mail provider's one-click unsubscribe (RFC 8058) posts from its own servers, with no
# cookie and no token: the signed token in its address is what admits it.
CSRF_EXEMPT = {"notice_unsubscribe"}


def test_every_post_without_a_csrf_token_is_refused():
    world = build_world()
    owner = Client(enforce_csrf_checks=True, raise_request_exception=False)
    owner.force_login(world.owner)
    anonymous = Client(enforce_csrf_checks=True, raise_request_exception=False)

    let_through = [
        f"POST {url} by {who}: {response.status_code}"
        for route, url in world.walk()
        if route.name not in CSRF_EXEMPT
        for who, visitor in (("owner", owner), ("anonymous", anonymous))
        if (response := visitor.post(url, {"name": "x"})).status_code != 403
    ]

    assert let_through == []


# --- Production headers and cookies ---

PRODUCTION_CHECK = """
import json
import django

django.setup()
from django.conf import settings
from django.test import Client
from django.test.utils import override_settings

# Hashed static names need collectstatic's manifest; static files are not under test here.
storages = {**settings.STORAGES, "staticfiles": {
    "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}}
client = Client(HTTP_HOST="bourre.example.com")
with override_settings(STORAGES=storages):
    plain = client.get("/accounts/login/")
    page = client.get("/accounts/login/", secure=True)
csrf = page.cookies["csrftoken"]
print(json.dumps({
    "plain": [plain.status_code, plain.get("Location")],
    "status": page.status_code,
    "headers": {k: page.get(k) for k in (
        "Strict-Transport-Security", "X-Content-Type-Options", "X-Frame-Options",
        "Referrer-Policy", "Cross-Origin-Opener-Policy", "Content-Security-Policy",
    )},
    "csrf_cookie": {"secure": bool(csrf["secure"]), "samesite": csrf["samesite"]},
    "session_cookie": [settings.SESSION_COOKIE_SECURE, settings.SESSION_COOKIE_HTTPONLY],
    "debug": settings.DEBUG,
}))
"""


def test_production_answers_over_https_only_with_hsts_and_secure_cookies(tmp_path):
    env = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    env.update(
        DJANGO_TESTING="false",
        DJANGO_SETTINGS_MODULE="config.settings",
        DJANGO_SECRET_KEY="a-long-random-production-secret-0123456789-abcdefghijklmnop",
        DJANGO_ALLOWED_HOSTS="bourre.example.com",
        # Nothing here may need the database: an empty file proves it.
        DATABASE_URL=f"sqlite:///{tmp_path / 'empty.sqlite3'}",
    )
    result = subprocess.run(  # noqa: S603 - our own interpreter and script
        [sys.executable, "-c", PRODUCTION_CHECK],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    seen = json.loads(result.stdout.strip().splitlines()[-1])

    assert seen["plain"] == [301, "https://bourre.example.com/accounts/login/"]
    assert seen["status"] == 200
    headers = seen["headers"]
    assert headers["Strict-Transport-Security"] == "max-age=31536000; includeSubDomains; preload"
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["X-Frame-Options"] == "DENY"
    assert headers["Referrer-Policy"] == "same-origin"
    assert headers["Cross-Origin-Opener-Policy"] == "same-origin"
    assert "script-src 'self'" in headers["Content-Security-Policy"]
    assert seen["csrf_cookie"] == {"secure": True, "samesite": "Lax"}
    assert seen["session_cookie"] == [True, True]
    assert seen["debug"] is False


def test_the_language_switch_sets_a_same_site_lax_cookie(client, settings):
    response = client.post(reverse("set_language"), {"language": "sv", "next": "/"})

    cookie = response.cookies[settings.LANGUAGE_COOKIE_NAME]
    assert cookie.value == "sv"
    assert cookie["samesite"] == "Lax"
    assert cookie["httponly"]


# --- No inline script, and hostile names rendered as text, on every page ---


class InlineCode(HTMLParser):
    """Whatever in a page would run or style inline: what a strict CSP forbids."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs) -> None:
        names = [name for name, _ in attrs]
        if tag == "script" and "src" not in names:
            self.found.append("<script> without src")
        for name in names:
            if name.startswith(("on", "hx-on")):
                self.found.append(f"<{tag} {name}=...> (inline handler)")
            elif name == "style":
                self.found.append(f"<{tag} style=...>")


def inline_code(html: str) -> list[str]:
    parser = InlineCode()
    parser.feed(html)
    return parser.found


def hostile_world():
    """The world, with a player and a table named to break out of HTML if they could."""
    world = build_world(player_name=XSS_NAME)
    world.table.name = XSS_TABLE
    world.table.save(update_fields=["name"])
    return world


def page_problems(label: str, response) -> list[str]:
    # getvalue(): a streamed download (the results file) has no ``content``.
    content = response.getvalue().decode(errors="replace")
    kind = response.get("Content-Type", "")
    if "text/html" not in kind:
        # Exports carry the names as data: fine, as long as no browser reads them as HTML.
        if XSS_NAME in content and response.get("X-Content-Type-Options") != "nosniff":
            return [f"{label}: {kind} with the raw name and no nosniff"]
        return []
    problems = [f"{label}: {found}" for found in inline_code(content)]
    policy = response.get("Content-Security-Policy", "")
    if "script-src 'self'" not in policy or "unsafe-" in policy:
        problems.append(f"{label}: Content-Security-Policy is {policy!r}")
    for raw in (XSS_NAME, XSS_TABLE):
        if raw in content:
            problems.append(f"{label}: {raw!r} unescaped")
    return problems


def test_no_page_has_inline_script_and_hostile_names_stay_text_everywhere():
    world = hostile_world()
    owner = Client(raise_request_exception=False)
    owner.force_login(world.owner)
    anonymous = Client(raise_request_exception=False)
    problems: list[str] = []
    seen = 0

    for _route, url in world.walk():
        for who, visitor in (("owner", owner), ("anonymous", anonymous)):
            response = visitor.get(url)
            if response.status_code == 200:
                seen += 1
                problems += page_problems(f"GET {url} by {who}", response)
    # Pages that echo what was typed: errors and htmx partials.
    night = world.open_night
    typed = [
        ("player_add", [world.table.pk], {"name": XSS_NAME}, {}),
        ("table_create", [], {"name": XSS_TABLE}, {}),
        ("player_rename", [world.player.pk], {"name": XSS_TABLE[:40]}, {}),
        ("night_join", [night.pk], {"new_name": XSS_NAME, "position": "99"}, {}),
        ("hand_check", [night.pk], hand_post(night, {"dealer": XSS_NAME}, number=4), {}),
        (
            "hand_check",
            [night.pk],
            {**hand_post(night, {"dealer": XSS_NAME, "stayed": {XSS_NAME: 9}}, number=4)},
            {"HTTP_HX_REQUEST": "true"},
        ),
        (
            "hand_record",
            [night.pk],
            hand_post(night, {"dealer": XSS_NAME, "stayed": {XSS_NAME: 9, "Bob": 1}}, number=4),
            {},
        ),
        ("hand_correct", [night.pk, 1], {"reason": "", "dealer": "x"}, {}),
        ("night_close", [night.pk], {"policy": "nonsense"}, {}),
    ]
    for name, args, data, headers in typed:
        response = owner.post(reverse(name, args=args), data, **headers)
        assert response.status_code < 500, (name, response.status_code)
        if response.status_code != 302:
            seen += 1
            problems += page_problems(f"POST {name} by owner", response)
    share = anonymous.get(reverse("share_view", args=[world.tokens[0]]), HTTP_HX_REQUEST="true")
    problems += page_problems("GET share_view (htmx poll)", share)

    print(f"\nscanned {seen} pages of {len(routes())} URLs for inline code and raw names")
    assert problems == []


def test_exports_carry_the_hostile_name_as_data_never_as_html():
    world = hostile_world()
    owner = Client()
    owner.force_login(world.owner)
    for name, arg in (
        ("night_export_json", world.closed_night.pk),
        ("night_entries_csv", world.closed_night.pk),
        ("table_results_csv", world.table.pk),
    ):
        response = owner.get(reverse(name, args=[arg]))

        assert response.status_code == 200
        assert response["Content-Type"].split(";")[0] in {"application/json", "text/csv"}
        assert response["Content-Disposition"].startswith("attachment")
        assert response["X-Content-Type-Options"] == "nosniff"
        # getvalue(): the results file is streamed.
        assert XSS_NAME in response.getvalue().decode()
    document = json.loads(
        owner.get(reverse("night_export_json", args=[world.closed_night.pk])).content
    )
    assert XSS_NAME in document["players"]
