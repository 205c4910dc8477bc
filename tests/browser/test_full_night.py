"""A whole night on a phone, as a new host plays it: docs/rules.md's worked example 1, hand by
hand through the screens, with an undo, a correction and the settle-up."""

import re

import pytest
from playwright.sync_api import expect

from ledger.models import Night
from tests.browser.conftest import sign_up_with_a_password
from tests.browser.taps import answer_yes, start_the_night
from tests.factories import PASSWORD, night_with
from tests.ledger.helpers import ids

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ROSTER = ("Ann", "Bob", "Cy", "Dee")


def _fits_the_phone(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth") <= 390


class HandScreen:
    """The night's main screen, driven by what the host sees and taps."""

    def __init__(self, page, player_ids: dict[str, int]) -> None:
        self.page = page
        self.ids = player_ids

    def seat(self, name: str):
        return self.page.locator(f'.seat[data-player="{self.ids[name]}"]')

    def stays(self, name: str, tricks: int) -> None:
        """One tap: the stayer's tricks (a lone stayer's count is not kept)."""
        label = f"{tricks} trick" if tricks == 1 else f"{tricks} tricks"
        self.seat(name).get_by_role("radio", name=label, exact=True).check()

    def folds(self, name: str) -> None:
        self.seat(name).get_by_role("radio", name="Fold", exact=True).check()

    def reneges(self, name: str) -> None:
        extras = self.page.locator("details.seat-extras")
        if extras.get_attribute("open") is None:
            extras.locator("summary").click()
        self.page.get_by_label(f"Renege: {name}").check()

    def check(self):
        return self.page.locator("#hand-check")

    def dealer(self) -> str:
        return self.page.locator("#dealer option:checked").inner_text()

    def record(self, number: int, *, misdeal: bool = False, nobody: bool = False) -> None:
        """Record, and for a misdeal or a hand nobody stayed in, say yes to the question."""
        name = "Misdeal" if misdeal else f"Record hand {number}"
        self.page.get_by_role("button", name=name, exact=True).click()
        if misdeal or nobody:
            yes = "Yes, record a misdeal" if misdeal else "Yes, nobody stayed"
            answer_yes(self.page, self.page.get_by_role("button", name=yes))
        self.page.wait_for_url(re.compile(rf"\?after={number}$"))

    def after(self) -> str:
        return self.page.locator(".after p").inner_text()

    def more(self) -> None:
        """Unfold the night's other pages (the log, the rules, closing), under the hand."""
        self.page.locator("details.night-more summary").click()

    def balances(self) -> list[str]:
        rows = self.page.locator("table.standings tbody tr")
        # The balances are folded under the hand: read, not looked at.
        return [rows.nth(i).locator("td").first.text_content().strip() for i in range(rows.count())]

    def pot(self) -> int:
        return int(self.page.locator(".pot-now").text_content())

    def shows(self, pot: int, balances: list[int]) -> None:
        assert self.pot() == pot
        assert self.balances() == [f"{b:+d}" if b else "0" for b in balances]


def _sign_up_and_start_the_night(page, base: str) -> Night:
    page.goto(base + "/accounts/signup/")
    sign_up_with_a_password(page, "dee_host", "dee@example.com", PASSWORD)
    page.get_by_role("button", name="Create account").click()
    page.wait_for_url(base + "/tables/")
    page.get_by_role("link", name="New table").click()
    page.get_by_label("Table name").fill("Thursday game")
    page.get_by_role("radio", name=re.compile("^Louisiana standard")).check()
    page.get_by_role("button", name="Create table").click()
    page.wait_for_url(re.compile(r"/tables/\d+/$"))
    for name in ROSTER:
        page.get_by_label("Add a player").fill(name)
        page.get_by_role("button", name="Add", exact=True).click()
        page.get_by_role("status").filter(has_text=f"{name} now plays at").wait_for()
    page.get_by_role("link", name="Start a night").click()
    start_the_night(page, ROSTER, "Ann")
    page.wait_for_url(re.compile(r"/nights/\d+/$"))
    return Night.objects.get()


def test_a_host_plays_worked_example_1_from_sign_up_to_settle_up(live_server, page, screenshot):
    night = _sign_up_and_start_the_night(page, live_server.url)
    screen = HandScreen(page, ids(night))

    # Hand 1, one tap a stayer while the live check follows.
    expect(page.get_by_role("heading", level=1)).to_have_text("Hand 1")
    assert screen.dealer().startswith("Ann")
    assert page.locator(".seat .name").all_inner_texts() == ["Bob", "Cy", "Dee", "Ann"]
    expect(screen.check()).not_to_contain_text("Ready to record.")
    screen.stays("Bob", 2)
    screen.stays("Cy", 2)
    expect(screen.check()).to_contain_text("Tricks 4 of 5")
    expect(screen.check()).to_contain_text("Hand 1: the stayers' tricks add up to 4, not 5.")
    screen.stays("Dee", 1)
    expect(screen.check()).to_contain_text("Tricks 5 of 5")
    expect(screen.check()).to_contain_text("Ready to record.")
    assert _fits_the_phone(page)
    screenshot(page, "night_hand")
    screen.record(1)
    assert (
        screen.after()
        == "Hand 1: Nobody wins (Bob and Cy tie on 2 tricks): the pot of 4 carries over."
    )
    screen.shows(4, [-1, -1, -1, -1])

    # Hand 2: the deal has passed to Bob; Dee stays and takes nothing.
    assert screen.dealer().startswith("Bob")
    screen.stays("Cy", 3)
    screen.stays("Dee", 0)
    screen.stays("Ann", 2)
    screen.record(2)
    assert screen.after() == "Hand 2: Dee is bourré: pays 8 into the next pot. Cy wins 8."
    screen.shows(8, [-2, -2, 6, -10])
    assert _fits_the_phone(page)
    screenshot(page, "night_after_hand")

    # Hand 3, recorded, undone, recorded again.
    assert screen.dealer().startswith("Cy")
    for name, tricks in (("Dee", 5), ("Ann", 0), ("Bob", 0)):
        screen.stays(name, tricks)
    screen.record(3)
    screen.shows(24, [-15, -15, 5, 1])
    # Undo is asked right there; the page with a reason is a link away.
    page.locator("details.undo-here > summary").click()
    expect(page.get_by_role("button", name="Yes, undo hand 3")).to_be_visible()
    page.get_by_role("link", name="With a reason").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Undo hand 3?")
    page.get_by_label("Why (optional)").fill("Entered before the last trick")
    assert _fits_the_phone(page)
    screenshot(page, "night_undo")
    page.get_by_role("button", name="Undo hand 3").click()
    expect(page.get_by_role("status").first).to_contain_text("Hand 3 was undone")
    expect(page.get_by_role("heading", level=1)).to_have_text("Hand 3")
    screen.shows(8, [-2, -2, 6, -10])
    assert screen.dealer().startswith("Cy")
    # The undone hand's taps are back: Record takes it again as it was.
    expect(screen.check()).to_contain_text("Ready to record.")
    screen.record(3)
    assert screen.after() == (
        "Hand 3: Ann and Bob are bourré: each pays 12 into the next pot. Dee wins 12."
    )
    screen.shows(24, [-15, -15, 5, 1])

    # Hand 4: Ann stays alone; hand 5: nobody stays; hand 6: a misdeal.
    assert screen.dealer().startswith("Dee")
    screen.stays("Ann", 5)
    expect(screen.check()).to_contain_text("Ann stays alone and takes the pot.")
    screen.record(4)
    assert screen.after() == "Hand 4: Ann stays alone and takes 28."
    screen.shows(0, [12, -16, 4, 0])
    assert screen.dealer().startswith("Ann")
    screen.record(5, nobody=True)
    assert screen.after() == "Hand 5: Nobody stays: the pot of 4 carries over."
    screen.shows(4, [11, -17, 3, -1])
    assert screen.dealer().startswith("Bob")
    screen.record(6, misdeal=True)
    assert screen.after() == "Hand 6: Misdeal: Bob deals again."
    screen.shows(4, [11, -17, 3, -1])

    # Hand 7: the same dealer again, and Cy reneges.
    assert screen.dealer().startswith("Bob")
    for name, tricks in (("Ann", 2), ("Bob", 2), ("Cy", 1)):
        screen.stays(name, tricks)
    screen.reneges("Cy")
    screen.record(7)
    assert screen.after() == (
        "Hand 7: Cy reneged: pays 8. Nobody wins (Ann and Bob tie on 2 tricks): "
        "the pot of 16 carries over."
    )
    screen.shows(16, [10, -18, -6, -2])

    # Correct hand 1 (Bob took 3 and Dee folded), check the preview and the new balances...
    screen.more()
    page.get_by_role("link", name="Hand log").first.click()
    page.get_by_role("link", name="Correct hand 1").click()
    screen.stays("Bob", 3)
    screen.folds("Dee")
    page.get_by_label("In your own words (needed with Other)").fill("Bob took the last trick")
    page.get_by_role("button", name="Preview the correction").click()
    preview = page.locator(".preview")
    expect(preview).to_contain_text("Pot now 16, after the correction 16.")
    changes = preview.locator("tbody tr td:nth-child(3)").all_inner_texts()
    assert changes == ["-4", "+8", "-4", "0"]
    assert _fits_the_phone(page)
    screenshot(page, "night_correct_preview")
    page.get_by_role("button", name="Confirm the correction").click()
    expect(page.get_by_role("status").first).to_contain_text("Hand 1 was corrected.")
    screen.shows(16, [6, -10, -10, -2])

    # ...then put it back as it was: the night is worked example 1 again.
    page.goto(f"{live_server.url}/nights/{night.pk}/hands/1/correct/")
    screen.stays("Bob", 2)
    screen.stays("Dee", 1)
    page.get_by_label("In your own words (needed with Other)").fill("Bob misremembered")
    page.get_by_role("button", name="Preview the correction").click()
    changes = page.locator(".preview tbody tr td:nth-child(3)").all_inner_texts()
    assert changes == ["+4", "-8", "+4", "0"]
    page.get_by_role("button", name="Confirm the correction").click()
    screen.shows(16, [10, -18, -6, -2])

    # The log keeps every revision, with who, when and why (every hand in full).
    screen.more()
    page.get_by_role("link", name="Hand log").first.click()
    page.get_by_role("link", name="Every hand in full, with its earlier versions").click()
    hand_1 = page.locator("#hand-1")
    expect(hand_1.locator(".revision")).to_have_count(3)
    expect(hand_1).to_contain_text("Why: Bob took the last trick")
    expect(hand_1).to_contain_text("Why: Bob misremembered")
    expect(page.locator("#hand-3")).to_contain_text("Why: Entered before the last trick")
    expect(page.locator("#hand-3 .revision.live")).to_have_count(1)
    assert _fits_the_phone(page)
    screenshot(page, "night_log")

    # Close with the table's rule (refund) and settle up.
    page.get_by_role("link", name="Hand screen").click()
    screen.more()
    page.get_by_role("link", name="Close the night").click()
    expect(page.get_by_role("radio", name=re.compile("^Refund"))).to_be_checked()
    assert _fits_the_phone(page)
    screenshot(page, "night_close")
    page.get_by_role("button", name="Close the night").click()
    page.wait_for_url(re.compile(r"/settle/$"))
    # Who pays and the amount sit at either end of the line: one space between them here.
    # (Each transfer's paid status and mark controls follow them in its item.)
    spans = [" ".join(t.split()) for t in page.locator(".settle-up > li > span").all_inner_texts()]
    assert [f"{who} {amount}" for who, amount in zip(spans[::2], spans[1::2], strict=True)] == [
        "Bob pays Ann $12.00",
        "Bob pays Cy $4.00",
    ]
    assert screen.balances() == ["+12", "-16", "+4", "0"]
    text = page.get_by_label("The settle-up as text").input_value()
    assert "Bob pays Ann $12.00\nBob pays Cy $4.00" in text
    copy = page.get_by_role("button", name="Copy the settle-up")
    expect(copy).to_be_visible()
    assert _fits_the_phone(page)
    screenshot(page, "night_settlement")

    # Bob pays Cy half of his $4.00 at once, then Ann her $12.00 (htmx swaps the list in).
    cy = page.locator(".settle-up > li").nth(1)
    cy.get_by_text("Partly paid").click()
    cy.get_by_label("Amount paid (USD)").fill("2")
    cy.get_by_role("button", name="Save the part paid").click()
    expect(cy.locator(".status")).to_have_text("Partly paid: $2.00 of $4.00")
    ann = page.locator(".settle-up > li").first
    ann.get_by_role("button", name="Mark paid").click()
    expect(ann.locator(".status")).to_have_text("Paid")
    assert _fits_the_phone(page)
    screenshot(page, "night_settlement_marked")

    # A closed night's hand screen leads to its settle-up.
    page.goto(f"{live_server.url}/nights/{night.pk}/")
    assert page.url.endswith(f"/nights/{night.pk}/settle/")


def test_with_javascript_a_hand_is_one_request_and_the_next_screen_is_swapped_in(
    live_server, phone, page, sign_in
):
    night = night_with(ROSTER)
    sign_in(phone, night.table.owner)
    page.goto(f"{live_server.url}/nights/{night.pk}/")
    screen = HandScreen(page, ids(night))
    page.evaluate("window.stillTheSamePage = true")
    asked = []
    pages_and_calls = {"document", "xhr", "fetch"}
    page.on(
        "request",
        lambda r: asked.append((r.method, r.url)) if r.resource_type in pages_and_calls else None,
    )
    screen.stays("Bob", 3)
    screen.stays("Cy", 2)
    expect(screen.check()).to_contain_text("Ready to record.")
    asked.clear()

    screen.record(1)

    # One request, answered with the next hand's screen: no redirect, no page load.
    expect(page.get_by_role("heading", level=1)).to_have_text("Hand 2")
    assert [(method, url.split("/nights/")[1]) for method, url in asked] == [
        ("POST", f"{night.pk}/hands/")
    ]
    assert page.evaluate("window.stillTheSamePage") is True
    assert page.title().startswith("Hand 2 · ")
    assert screen.after() == "Hand 1: Bob wins 4."
    # Like every page of the ledger (no-store), no copy is kept in the browser's storage.
    assert page.evaluate("sessionStorage.getItem('htmx-history-cache')") is None
    # The focus is on what was recorded, so a screen reader reads it out.
    expect(page.locator(".after")).to_be_focused()
    screen.shows(0, [-1, 3, -1, -1])

    # The new form is the phone's as the first was: one tap a player, live check.
    screen.stays("Cy", 1)
    screen.stays("Dee", 2)
    expect(screen.check()).to_contain_text("Tricks 3 of 5")
    # Record waits, disabled, described by what is wrong (a race past it is refused in
    # place: tests/browser/test_refusals.py).
    record = page.get_by_role("button", name="Record hand 2", exact=True)
    expect(record).to_be_disabled()
    expect(record).to_have_attribute("aria-describedby", "hand-check-problems")
    expect(page.locator("#hand-check-problems")).to_be_visible()
    assert page.url.endswith("?after=1")
    assert page.evaluate("window.stillTheSamePage") is True
    screen.stays("Cy", 3)
    expect(screen.check()).to_contain_text("Ready to record.")
    screen.record(2)
    expect(page.get_by_role("heading", level=1)).to_have_text("Hand 3")
    assert screen.after() == "Hand 2: Cy wins 4."


@pytest.fixture
def small_phone_without_js(browser):
    context = browser.new_context(
        viewport={"width": 360, "height": 740}, is_mobile=True, java_script_enabled=False
    )
    yield context.new_page()
    context.close()


def test_the_night_works_without_javascript_on_a_small_phone(live_server, small_phone_without_js):
    page = small_phone_without_js
    night = night_with(ROSTER)
    page.goto(live_server.url + "/accounts/login/")
    page.get_by_label("Username").fill(night.table.owner.username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    page.goto(f"{live_server.url}/nights/{night.pk}/")
    screen = HandScreen(page, ids(night))
    assert page.evaluate("document.documentElement.scrollWidth") <= 360

    # The Check button stands in for the live check.
    screen.stays("Bob", 2)
    screen.stays("Cy", 2)
    page.get_by_role("button", name="Check", exact=True).click()
    expect(screen.check()).to_contain_text("Hand 1: the stayers' tricks add up to 4, not 5.")
    expect(screen.seat("Bob").get_by_role("radio", name="2 tricks")).to_be_checked()
    screen.stays("Dee", 1)
    screen.record(1)
    screen.shows(4, [-1, -1, -1, -1])
    assert page.evaluate("document.documentElement.scrollWidth") <= 360

    # Undone from the hand screen, a second tap in its fold: the taps come back.
    page.locator("details.undo-here > summary").click()
    page.get_by_role("button", name="Yes, undo hand 1").click()
    screen.shows(0, [0, 0, 0, 0])
    expect(screen.seat("Dee").get_by_role("radio", name="1 trick")).to_be_checked()

    # A misdeal and a hand nobody stayed in each ask again, without JavaScript too.
    page.get_by_role("button", name="Misdeal", exact=True).click()
    expect(page.get_by_role("button", name="Yes, record a misdeal")).to_be_visible()
    assert "after=" not in page.url
    screen.record(1, misdeal=True)
    assert screen.after() == "Hand 1: Misdeal: Ann deals again."
    screen.record(2, nobody=True)
    screen.shows(4, [-1, -1, -1, -1])

    screen.more()
    page.get_by_role("link", name="Close the night").click()
    page.get_by_role("button", name="Close the night").click()
    page.wait_for_url(re.compile(r"/settle/$"))
    assert (
        "Nobody owes anybody anything." in page.get_by_label("The settle-up as text").input_value()
    )
    expect(page.get_by_role("button", name="Copy the settle-up")).to_be_hidden()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
