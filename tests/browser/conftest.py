"""Real-browser tests: Playwright driving Debian's Chromium at a phone's size."""

import os
import shutil
from pathlib import Path

import pytest

# Playwright's sync API runs an event loop in the test thread; the ORM calls the
# tests make from there are still synchronous and safe.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts" / "screenshots"
PHONE = {"width": 390, "height": 844}
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]


# Every page the tests open reports its console errors, uncaught exceptions and
# Content-Security-Policy violations here; a test that leaves any fails (issue 15: a clean
# console on every screen). Chromium reports a CSP violation on the console too; the event
# listener also catches one it would not (and names the directive).
_CSP_WATCH = """
document.addEventListener("securitypolicyviolation", function (e) {
  console.error("CSP violation: " + e.violatedDirective + " blocked " + (e.blockedURI || "inline"));
});
"""
_PROBLEMS: list[str] = []


def _watch(context):
    context.add_init_script(_CSP_WATCH)

    def console(message) -> None:
        if message.type != "error":
            return
        where = message.location.get("url", "") if message.location else ""
        # A page the test opened answering 404 (a revoked link...): the test asserts its
        # status itself. A script, a style or a call that fails is a problem.
        if message.text.startswith("Failed to load resource") and where == message.page.url:
            return
        _PROBLEMS.append(f"console error: {message.text} ({where})")

    context.on("console", console)
    context.on("weberror", lambda error: _PROBLEMS.append(f"page error: {error.error}"))
    return context


class _WatchedBrowser:
    """The browser, whose every new context is watched (tests make their own too)."""

    def __init__(self, browser) -> None:
        self._browser = browser

    def new_context(self, *args, **kwargs):
        # No service worker but where a test asks for one (the offline hand screen's,
        # marked service_workers): each would install and fetch every static file again in
        # every new context, for pages that test nothing of it.
        kwargs.setdefault("service_workers", "block")
        return _watch(self._browser.new_context(*args, **kwargs))

    def new_page(self, *args, **kwargs):
        context = self.new_context(*args, **kwargs)
        return context.new_page()

    def __getattr__(self, name):
        return getattr(self._browser, name)


@pytest.fixture(autouse=True)
def clean_console():
    """Fail the test on any console error, page error or CSP violation it caused."""
    _PROBLEMS.clear()
    yield _PROBLEMS
    found, _PROBLEMS[:] = list(_PROBLEMS), []
    if found:
        pytest.fail("The browser console was not clean:\n" + "\n".join(found))


def _chromium_path() -> str | None:
    return os.environ.get("CHROMIUM_PATH") or shutil.which("chromium")


@pytest.fixture(scope="session")
def browser():
    executable = _chromium_path()
    if executable is None:
        if os.environ.get("CI") == "true":
            pytest.fail("CI=true but Chromium is missing: install Debian's 'chromium'.")
        pytest.skip("Chromium is not installed (apt-get install chromium); browser tests skipped.")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_FLAGS)
        yield _WatchedBrowser(browser)
        browser.close()


@pytest.fixture
def phone(browser, request):
    """A fresh browser context the size of a phone; closed after the test. Its service
    worker runs only in a test marked service_workers."""
    workers = "allow" if request.node.get_closest_marker("service_workers") else "block"
    context = browser.new_context(
        viewport=PHONE, device_scale_factor=1, is_mobile=True, service_workers=workers
    )
    yield context
    context.close()


@pytest.fixture
def phone_in(browser, live_server, sign_in):
    """A small phone speaking ``language`` (360 x 740 unless told), signed in as ``user``
    if given: a fresh context each call, closed after the test."""
    from django.conf import settings

    opened = []

    def open_one(language: str, user=None, *, width: int = 360, height: int = 740):
        context = browser.new_context(
            viewport={"width": width, "height": height}, device_scale_factor=1, is_mobile=True
        )
        opened.append(context)
        context.add_cookies(
            [{"name": settings.LANGUAGE_COOKIE_NAME, "value": language, "url": live_server.url}]
        )
        if user is not None:
            sign_in(context, user)
        return context

    yield open_one
    for context in opened:
        context.close()


@pytest.fixture
def page(phone):
    page = phone.new_page()
    yield page
    page.close()


@pytest.fixture
def sign_in(live_server):
    """Sign ``user`` in on a browser ``context`` by its session cookie, skipping the form."""
    from django.test import Client

    def sign(context, user) -> None:
        client = Client()
        client.force_login(user)
        cookie = client.cookies["sessionid"].value
        context.add_cookies([{"name": "sessionid", "value": cookie, "url": live_server.url}])

    return sign


@pytest.fixture
def screenshot():
    ARTIFACTS.mkdir(parents=True, exist_ok=True)

    def take(page, name: str) -> Path:
        path = ARTIFACTS / f"{name}.png"
        page.screenshot(path=str(path), full_page=True)
        return path

    return take


def sign_up_with_a_password(page, username: str, email: str, password: str) -> None:
    """Fill in the sign-up page's password way, in its fold (a passkey and a code come
    first), up to the tap on Create account, which the caller makes."""
    fold = page.locator("details.password-way")
    fold.locator("summary").click()
    fold.get_by_label("Username").fill(username)
    fold.get_by_label("Email").fill(email)
    fold.get_by_label("Password", exact=True).fill(password)
    fold.get_by_label("Password confirmation").fill(password)
