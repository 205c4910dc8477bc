"""axe-core finds no serious or critical WCAG 2.2 AA violation on any screen, in each of
the six languages, on a 390 x 844 phone (tests/browser/axe_audit.py runs it).

Every screen of tests/browser/screens.py's world, anonymous and signed in, the password
pages a mail or a redirect leads to, and the states a form answers with: a refused sign-in,
a locked-out one, a refused table, a correction's preview. Every disclosure is opened
first, so what it folds away (the pay buttons, a chart's numbers, a hand's history) is
checked too. The hand-written audit (test_accessibility.py) checks what axe does not:
the page's width, tap targets of 44 px and the contrast of text over translucent colours.
"""

import pytest
from django.conf import settings

from tests.browser.axe_audit import axe_violations, refused
from tests.browser.conftest import PHONE
from tests.browser.screens import account_pages, signed_in_account_pages, world

pytestmark = [
    pytest.mark.browser,
    pytest.mark.database_independent,
    pytest.mark.django_db(transaction=True),
]

LANGUAGES = [code for code, _name in settings.LANGUAGES]
OPEN_EVERY_DISCLOSURE = "document.querySelectorAll('details').forEach((d) => { d.open = true; })"


def _check(page, name: str) -> list[str]:
    page.evaluate(OPEN_EVERY_DISCLOSURE)
    return refused(name, axe_violations(page))


def _visit(page, base: str, name: str, path: str) -> list[str]:
    response = page.goto(base + path, wait_until="load")
    assert response.status == 200, f"{name}: {path} answered {response.status}"
    return _check(page, name)


def _submit(page, button: str) -> int:
    """Click ``button`` (a selector) and wait for the answer; its status."""
    with page.expect_navigation(wait_until="load") as answer:
        page.locator(button).first.click()
    return answer.value.status


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_screen_has_a_serious_or_critical_axe_violation(
    live_server, browser, sign_in, settings, language
):
    screens = world()
    context = browser.new_context(viewport=PHONE, device_scale_factor=1, is_mobile=True)
    context.add_cookies(
        [{"name": settings.LANGUAGE_COOKIE_NAME, "value": language, "url": live_server.url}]
    )
    try:
        page = context.new_page()
        found = []
        for name, path in (screens.anonymous | account_pages(screens.host)).items():
            found += _visit(page, live_server.url, name, path)

        # A refused sign-in, then the page of one locked out (the throttle on, at one try).
        page.goto(live_server.url + screens.anonymous["login"], wait_until="load")
        page.fill("input[name=username]", screens.host.username)
        page.fill("input[name=password]", "not the password")
        assert _submit(page, "main form [type=submit]") == 200
        found += _check(page, "sign-in refused")
        settings.AXES_ENABLED, settings.AXES_FAILURE_LIMIT = True, 1
        page.fill("input[name=password]", "not the password")
        assert _submit(page, "main form [type=submit]") == 429, "not locked out"
        found += _check(page, "locked out")
        settings.AXES_ENABLED = False

        sign_in(context, screens.host)
        for name, path in (screens.signed_in | signed_in_account_pages()).items():
            found += _visit(page, live_server.url, name, path)

        page.goto(live_server.url + screens.signed_in["table new"], wait_until="load")
        assert _submit(page, "main form [name=action][value=save]") == 400  # no name
        found += _check(page, "table new refused")

        page.goto(live_server.url + screens.signed_in["hand correct"], wait_until="load")
        page.fill("textarea[name=reason]", "Cy reneged twice.")
        assert _submit(page, "main form [name=action][value=preview]") == 200
        found += _check(page, "hand correct preview")
    finally:
        context.close()

    assert found == [], f"{len(found)} serious or critical axe violations:\n" + "\n".join(found)


BAD_PAGE = """<!doctype html><html lang="en"><head><title>Bad</title>
<style>.box { width: 100px; overflow-x: auto; } .wide { width: 400px; }
.pale { color: #aaa; }</style>
</head><body><main>
  <h1>A bad page</h1>
  <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
  <div class="box"><p class="wide">A region that scrolls, out of the keyboard's reach.</p></div>
  <p class="pale">Pale words</p>
  <button type="button"></button>
</main></body></html>"""


def test_axe_reports_what_it_refuses_and_passes_the_rest(page):
    page.set_content(BAD_PAGE)
    violations = axe_violations(page)
    assert {v["id"] for v in violations} == {
        "image-alt",
        "scrollable-region-focusable",
        "color-contrast",
        "button-name",
    }
    lines = refused("bad page", violations)
    assert len(lines) == 4
    assert any(line.startswith("bad page: image-alt (critical)") for line in lines)
