"""The hand log to work from: from the hand screen after hand 3, correcting hand 2 takes
five taps with its reason picked — the result's line to the log, hand 2's line, what was
wrong, why, Correct. The log is a line a hand, newest first; the correction is recorded
with its reason, who and when. And after a renege and a tie, Record said beforehand what
it would do, and the banner after is two lines at most, on a 360 px phone.

With SCREENSHOTS_DIR set, the log and the Record bar are saved there in Swedish
(``hand-log-sv.png``, ``record-bar-renege-tie-sv.png``)."""

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from ledger.models import Hand
from tests.browser.taps import Taps
from tests.factories import night_with
from tests.ledger.helpers import ids, record_all

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LANGUAGES = ("en", "it", "pt-br", "es", "fr", "sv")
# How many lines an element's text takes on screen.
_LINES = """e => Math.round(
  e.getBoundingClientRect().height / parseFloat(getComputedStyle(e).lineHeight))"""


def _keep(page, name: str) -> None:
    folder = os.environ.get("SCREENSHOTS_DIR")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"))


def test_correcting_hand_2_from_the_hand_screen_takes_five_taps(live_server, phone, page, sign_in):
    night = night_with(("Ann", "Bob", "Cy", "Dee"))
    record_all(
        night,
        [
            {"dealer": "Ann", "stayed": {"Bob": 3, "Cy": 2}},
            {"dealer": "Bob", "stayed": {"Cy": 3, "Dee": 2}},
        ],
    )
    sign_in(phone, night.table.owner)
    page.goto(f"{live_server.url}/nights/{night.pk}/")
    seat = lambda name: page.locator(f'.seat[data-player="{ids(night)[name]}"]')  # noqa: E731
    seat("Dee").get_by_role("radio", name="3 tricks", exact=True).check()
    seat("Ann").get_by_role("radio", name="2 tricks", exact=True).check()
    page.get_by_role("button", name="Record hand 3", exact=True).click()
    page.wait_for_url(re.compile(r"\?after=3$"))

    # Hand 2 was a misdeal after all.
    taps = Taps(page)
    taps.tap(page.locator(".after-words"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Hand log")
    numbers = page.locator(".log-number")
    expect(numbers).to_have_text(["3", "2", "1"])
    taps.tap(page.get_by_role("link", name=re.compile("Correct hand 2")))
    taps.check(page.get_by_label("Misdeal", exact=True).first)
    taps.check(page.locator('.reason-choice:has(input[value="misdeal"])'))
    taps.tap(page.get_by_role("button", name="Correct hand 2", exact=True))

    expect(page.get_by_text("Hand 2 was corrected.")).to_be_visible()
    assert taps.count <= 5, taps.count
    corrected = Hand.objects.get(night=night, number=2, live=True)
    assert corrected.input["misdeal"] is True
    assert corrected.reason == "Misdeal"
    assert corrected.created_by == night.table.owner


@pytest.mark.parametrize("language", LANGUAGES)
def test_after_a_renege_and_a_tie_record_said_it_and_the_banner_is_two_lines(
    live_server, phone_in, language
):
    night = night_with(("Ann", "Bob", "Cy", "Dee", "Eve"))
    people = ids(night)
    page = phone_in(language, night.table.owner).new_page()
    page.goto(f"{live_server.url}/nights/{night.pk}/")
    seat = lambda name: page.locator(f'.seat[data-player="{people[name]}"]')  # noqa: E731
    # Bob and Cy tie at 2 tricks, Dee takes 1 and reneged.
    for name, tricks in (("Bob", 2), ("Cy", 2), ("Dee", 1)):
        seat(name).locator(f'.choice:has(input[value="{tricks}"])').click()
    page.locator("details.seat-extras > summary").click()
    page.locator(f'input[name="renege_{people["Dee"]}"]').check()

    help_text = page.locator("#hand-check .help")
    # Before Record: what it will do (the renege's payment, the pot staying), said by the
    # phone's referee in the page's language.
    expect(help_text).to_contain_text("Dee", timeout=10_000)
    assert len(help_text.inner_text()) > 40
    if language == "sv":
        _keep(page, "record-bar-renege-tie-sv")
    page.locator(".bar-buttons .record").click()
    page.wait_for_url(re.compile(r"\?after=1$"))

    words = page.locator(".after-words")
    lines = words.evaluate(_LINES)
    assert lines <= 2, lines
    bar = page.locator(".hand-actions").bounding_box()
    rows = page.locator(".seat")
    for index in range(rows.count()):
        box = rows.nth(index).bounding_box()
        assert box["y"] + box["height"] <= bar["y"] + 1, f"row {index} under the Record bar"
    if language == "sv":
        page.goto(f"{live_server.url}/nights/{night.pk}/log/")
        _keep(page, "hand-log-sv")
