"""Every screen, in Chromium at 360 and 390 px wide, passes one accessibility audit
(tests/browser/audit.js, run in the page after it loads):

1. No horizontal scrolling: the page (documentElement.scrollWidth) is no wider than the
   viewport asked for. Not window.innerWidth: under mobile emulation that grows to fit
   whatever sticks out.
2. Every visible form control (input but hidden ones, select, textarea, button) has an
   accessible name: a label with text, aria-label, aria-labelledby, title, or for a button
   its text or value.
3. Tap targets are at least 44x44 CSS px: buttons, selects, text-like inputs and
   textareas, summaries, links styled as buttons, every link in a <nav>, every other link
   unless it is inline (below), and each checkbox or radio through its clickable area (the
   <label> around it, else the box itself).
   Inline links are exempt, as WCAG 2.5.8's inline exception allows: a link (not .button,
   not in a <nav>) in a table cell, or one with words beside it in running text, meaning a
   text node or inline element with text next to it in its parent, where the parent and
   any phrasing element between them (p, li, dd, dt, span, b, strong, em, small, caption,
   figcaption, label, legend) is not a flex or grid box. A link alone in its list item or
   paragraph is not inline and must be big enough to tap.
4. AA contrast: each visible element with its own text (and each text field's value or
   placeholder, each select's choice) against the first non-transparent background among
   it and its ancestors (the body's if none; a background image makes it unknown and it is
   skipped), with opacity and translucent colours blended in: 4.5:1, or 3:1 for large text
   (24px, or 18.66px bold). SVG text uses its fill. Disabled controls are exempt (WCAG 1.4.3).

Visually hidden content (.sr-only: a 1px box that clips) still needs its name but has no
size or contrast to check.

The rest of WCAG 2.2 AA is axe-core's, in test_axe.py; this audit is not grown: it keeps
what it checks more strictly than axe's rules (no sideways scrolling at a given width, 44px
tap targets where WCAG 2.2 AA asks 24).
"""

from pathlib import Path

import pytest
from django.test import Client

from tests.browser.screens import world

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

AUDIT = (Path(__file__).with_name("audit.js")).read_text()
# Screenshots are slow on two shared cores: only the two screens most used at the table.
SCREENSHOTS = {("hand screen", 360), ("settle-up", 360)}


def _audit(page, name: str, width: int) -> list[str]:
    return [f"{name} @{width}px: {problem}" for problem in page.evaluate(AUDIT, width)]


def _visit(page, base: str, name: str, path: str, width: int, screenshot) -> list[str]:
    response = page.goto(base + path, wait_until="load")
    assert response.status == 200, f"{name}: {path} answered {response.status}"
    # The pay buttons and a way of getting paid's remove form are folded: audit them open.
    page.evaluate(
        "document.querySelectorAll('details.pay, .payment-methods details')"
        ".forEach((d) => { d.open = true; })"
    )
    if (name, width) in SCREENSHOTS:
        screenshot(page, f"a11y-{name.replace(' ', '-')}-{width}")
    return _audit(page, name, width)


@pytest.mark.parametrize("width,height", [(360, 800), (390, 844)])
def test_every_screen_is_usable_on_a_small_phone(live_server, browser, screenshot, width, height):
    screens = world()
    host, anonymous, signed_in = screens.host, screens.anonymous, screens.signed_in
    context = browser.new_context(
        viewport={"width": width, "height": height}, device_scale_factor=1, is_mobile=True
    )
    try:
        page = context.new_page()
        problems = []
        for name, path in anonymous.items():
            problems += _visit(page, live_server.url, name, path, width, screenshot)

        client = Client()
        client.force_login(host)
        context.add_cookies(
            [
                {
                    "name": "sessionid",
                    "value": client.cookies["sessionid"].value,
                    "url": live_server.url,
                }
            ]
        )
        for name, path in signed_in.items():
            problems += _visit(page, live_server.url, name, path, width, screenshot)

        # The correction's preview: the same form posted with a reason, shown with its effect.
        page.goto(live_server.url + signed_in["hand correct"], wait_until="load")
        page.get_by_label("In your own words (needed with Other)").fill("Cy reneged twice.")
        with page.expect_navigation(wait_until="load"):
            page.get_by_role("button", name="Preview the correction").click()
        assert page.get_by_role("heading", name="What this correction does").is_visible()
        problems += _audit(page, "hand correct preview", width)
    finally:
        context.close()

    assert problems == [], f"{len(problems)} accessibility problems:\n" + "\n".join(problems)


BAD_PAGE = """<!doctype html><html lang="en"><head>
<meta name="viewport" content="width=device-width, initial-scale=1"><style>
  body { margin: 0; background: #fbfaf7; color: #1b1b1b; font-size: 17px; }
  .grey { color: #999; } .faint { opacity: 0.3; } .wide { width: 500px; }
  .big { font-size: 24px; color: #949494; } .fine { font-size: 24px; color: #767676; }
  .tall { display: inline-block; min-height: 44px; min-width: 44px; }
</style></head><body>
  <p class="grey">Grey words</p>
  <p class="faint">Faded words</p>
  <p class="big">Big but too pale</p>
  <p class="fine">Big and dark enough</p>
  <div class="wide">Too wide</div>
  <input type="text" name="unnamed">
  <button type="button"></button>
  <label><input type="checkbox" name="small_label"> Small label</label>
  <p>Words around <a href="#">an inline link</a> are fine.</p>
  <p><a href="#">A lone link</a></p>
  <p><a class="tall" href="#">A big lone link</a></p>
  <svg width="100" height="20"><text x="0" y="15" fill="#ccc">Pale chart label</text></svg>
</body></html>"""


def test_the_audit_catches_what_it_looks_for(page):
    page.set_content(BAD_PAGE)
    problems = "\n".join(page.evaluate(AUDIT, 390))
    for expected in [
        "scroll: page is",
        "name: input[type=text][name=unnamed] has no accessible name",
        "name: button has no accessible name",
        'target: label "Small label"',
        "target: button is",
        "target: input[type=text][name=unnamed] is",
        'target: a "A lone link"',
        'contrast: p.grey "Grey words" 2.73:1 < 4.5:1',
        'contrast: p.faint "Faded words"',
        'contrast: p.big "Big but too pale" 2.91:1 < 3:1',
        'contrast: text "Pale chart label"',
    ]:
        assert expected in problems, f"{expected!r} not in:\n{problems}"
    assert "an inline link" not in problems
    assert "A big lone link" not in problems
    assert "Big and dark enough" not in problems
    assert len(page.evaluate(AUDIT, 390)) == 11
