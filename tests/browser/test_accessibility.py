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
"""

from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse
from django.utils.http import urlencode

from ledger.services import corrections as correction_services
from ledger.services import hands as hand_services
from ledger.services import nights as night_services
from ledger.services import tables as table_services
from ledger.services.share_links import share_link_create
from tests.factories import PaymentMethodFactory, TableFactory, UserFactory, night_with
from tests.ledger.helpers import hand_data

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

AUDIT = (Path(__file__).with_name("audit.js")).read_text()
# Screenshots are slow on two shared cores: only the two screens most used at the table.
SCREENSHOTS = {("hand screen", 360), ("settle-up", 360)}


def _world() -> tuple[object, dict[str, str], dict[str, str]]:
    """A host's table with an open night (a bourré, a renege, a correction, an undo), a
    closed night, a retired player, ways of getting paid and a live link to each night;
    the URLs to audit, anonymous and signed in."""
    host = UserFactory()
    table = TableFactory(owner=host, name="Thursday Bourré")
    closed = night_with(("Ann", "Bob", "Cy", "Dee"), table=table)
    for number, hand in enumerate(
        [
            {"dealer": "Ann", "stayed": {"Bob": 3, "Cy": 2}},
            {"dealer": "Bob", "stayed": {"Cy": 5, "Dee": 0}},
        ],
        start=1,
    ):
        hand_services.hand_record(
            night=closed, expected_number=number, hand=hand_data(closed, hand), by=host
        )
    night_services.night_close(night=closed, by=host)
    for player in table.players.all():  # the settle-up's pay buttons, whoever is owed
        PaymentMethodFactory(player=player, kind="paypal_me", value=f"{player.name}Pays")
        PaymentMethodFactory(player=player, kind="other", value=f"Cash to {player.name}")
    closed_link = share_link_create(night=closed, by=host)

    night = night_with(("Ann", "Bob", "Cy", "Dee"), table=table)
    hands = [
        {"dealer": "Ann", "stayed": {"Bob": 5, "Cy": 0}},
        {"dealer": "Bob", "stayed": {"Ann": 2, "Bob": 2, "Cy": 1}, "reneged": ["Cy"]},
        {"dealer": "Cy", "stayed": {"Dee": 4, "Ann": 1}},
        {"dealer": "Dee", "stayed": {"Ann": 5}},
    ]
    for number, hand in enumerate(hands, start=1):
        hand_services.hand_record(
            night=night, expected_number=number, hand=hand_data(night, hand), by=host
        )
    correction_services.hand_undo_last(night=night, by=host, reason="Wrong dealer.")
    correction_services.hand_correct(
        night=night,
        number=3,
        hand=hand_data(night, {"dealer": "Cy", "stayed": {"Dee": 3, "Ann": 2}}),
        reason="Ann took two tricks, not one.",
        by=host,
    )
    eve = table_services.player_add(table=table, name="Eve")
    table_services.player_retire(player=eve)
    link = share_link_create(night=night, by=host)
    ann = night.seats.get(player__name="Ann").player
    dee = night.seats.get(player__name="Dee").player

    anonymous = {
        "home": reverse("home"),
        "signup": reverse("signup"),
        "login": reverse("login"),
        "password reset": reverse("password_reset"),
        "share view": reverse("share_view", args=[link.token]),
        "share view (closed night)": reverse("share_view", args=[closed_link.token]),
        "share house rules": reverse("share_rules", args=[link.token]),
    }
    signed_in = {
        "home (signed in)": reverse("home"),
        "password change": reverse("password_change"),
        "table list": reverse("table_list"),
        "table new": reverse("table_create"),
        "table detail": reverse("table_detail", args=[table.pk]),
        "table edit": reverse("table_edit", args=[table.pk]),
        "player rename": reverse("player_rename", args=[ann.pk]),
        "night start": reverse("night_start", args=[table.pk]),
        "night join": reverse("night_join", args=[night.pk]),
        "night leave": reverse("night_leave", args=[night.pk, dee.pk]),
        "hand screen": reverse("night_detail", args=[night.pk]),
        "hand undo": reverse("hand_undo", args=[night.pk]),
        "hand correct": reverse("hand_correct", args=[night.pk, 2]),
        "night log": reverse("night_log", args=[night.pk]),
        "night close": reverse("night_close", args=[night.pk]),
        "settle-up": reverse("night_settlement", args=[closed.pk]),
        "player page": reverse("player_detail", args=[ann.pk]),
        "night report": reverse("night_report", args=[closed.pk]),
        "night report (open night)": reverse("night_report", args=[night.pk]),
        "table stats": reverse("table_stats", args=[table.pk]),
        "night import": reverse("night_import", args=[table.pk]),
        "house rules": reverse("night_rules", args=[night.pk]),
        "referee": reverse("night_judge", args=[night.pk]),
        # A renege (red cards ticked, the legal one framed, the mark button), the legal
        # cards of another position, and problems with the picked cards.
        "referee verdict": reverse("night_judge", args=[night.pk])
        + "?"
        + urlencode({"ask": "judge", "trump": "S", "trick": "7H", "player": dee.pk, "played": "4H"})
        + "&hand=9H&hand=4H&hand=KC",
        "referee what may I play": reverse("night_judge", args=[night.pk])
        + "?"
        + urlencode({"ask": "legal", "trump": "D", "trick": "8C", "player": ann.pk})
        + "&hand=JD&hand=3D&hand=AH",
        # Asked as the host taps (live), the problems are said in place, with a 200.
        "referee problems": reverse("night_judge", args=[night.pk])
        + "?"
        + urlencode({"live": "1", "trick": "7H", "played": "9H"}),
        # A renege judged before anyone is named: a mark for each player.
        "referee marks": reverse("night_judge", args=[night.pk])
        + "?"
        + urlencode({"ask": "judge", "trump": "S", "trick": "7H", "played": "4H"})
        + "&hand=9H&hand=4H&hand=KC",
    }
    return host, anonymous, signed_in


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
    host, anonymous, signed_in = _world()
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
        page.get_by_label("Why is hand 2 being corrected?").fill("Cy reneged twice.")
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
