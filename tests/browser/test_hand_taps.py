"""A hand in five taps (issue 15): the hand screen tried at the table as a new host would,
each tap counted. A typical hand (5 seated, 3 stay, tricks 3-1-1) takes at most 5 taps with
Record, an 8-player hand at most 12, and the 8-player screen fits 1.3 phone screens.

With SCREENSHOTS_DIR set, the hand screen is saved there with 4 and 8 players as the phone
shows it, its top and (when taller than the screen) its foot (the pictures in
docs/screenshots/ were taken so); without it nothing is written."""

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from ledger.models import Hand, Night
from ledger.rules import HouseRules
from ledger.rules import errors as rule_errors
from tests.browser.conftest import PHONE
from tests.browser.taps import Taps, answer_yes, start_the_night
from tests.factories import PlayerFactory, TableFactory, night_with
from tests.ledger.helpers import ids, record_all
from tests.tables.night_helpers import said

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

FIVE = ("Ann", "Bob", "Cy", "Dee", "Eve")
EIGHT = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal")
# The most a page may be: 1.3 phone screens at 390 x 844.
MOST_HEIGHT = int(1.3 * PHONE["height"])


def _tricks(count: int) -> str:
    return f"{count} trick" if count == 1 else f"{count} tricks"


class Table:
    """The host's hand screen, each tap counted."""

    def __init__(self, page, night: Night) -> None:
        self.page = page
        self.ids = ids(night)
        self.taps = Taps(page)

    def seat(self, name: str):
        return self.page.locator(f'.seat[data-player="{self.ids[name]}"]')

    def stays(self, name: str, tricks: int) -> None:
        self.taps.check(self.seat(name).get_by_role("radio", name=_tricks(tricks), exact=True))

    def sits_out(self, name: str) -> None:
        extras = self.page.locator("details.seat-extras")
        if extras.get_attribute("open") is None:
            self.taps.tap(extras.locator("summary"))
        self.taps.tap(self.page.get_by_label(f"Dealt in: {name}"))

    def record(self, number: int, *, yes: str = "") -> None:
        self.taps.tap(self.page.get_by_role("button", name=f"Record hand {number}", exact=True))
        if yes:
            self.taps.tap(self.page.get_by_role("button", name=yes))
        self.page.wait_for_url(re.compile(rf"\?after={number}$"))

    def check(self):
        return self.page.locator("#hand-check")

    def after(self) -> str:
        return self.page.locator(".after p").inner_text()

    def height(self) -> int:
        return self.page.evaluate("document.documentElement.scrollHeight")


def _open(live_server, phone, page, sign_in, night: Night, query: str = "") -> Table:
    sign_in(phone, night.table.owner)
    page.goto(f"{live_server.url}/nights/{night.pk}/{query}")
    return Table(page, night)


def _keep(page, name: str) -> None:
    """What the phone shows, as pictures in SCREENSHOTS_DIR when it is set (never in CI's
    tree): the screen at the top of the page and, for a page taller than the screen, a
    second scrolled to its foot (``<name>-bottom``). Screens, not the whole page: the Record
    bar sticks to the foot of the screen, and a full-page picture shows it over a row."""
    folder = os.environ.get("SCREENSHOTS_DIR")
    if not folder:
        return
    Path(folder).mkdir(parents=True, exist_ok=True)
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(Path(folder) / f"{name}.png"))
    if page.evaluate("document.documentElement.scrollHeight") > PHONE["height"]:
        page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
        page.screenshot(path=str(Path(folder) / f"{name}-bottom.png"))


def test_a_typical_hand_takes_at_most_five_taps_with_record(live_server, phone, page, sign_in):
    night = night_with(FIVE)
    table = _open(live_server, phone, page, sign_in, night)

    # 5 seated, 3 stay, tricks 3-1-1, no renege: a tap a stayer, then Record.
    table.stays("Bob", 3)
    table.stays("Cy", 1)
    table.stays("Eve", 1)
    expect(table.check()).to_contain_text("Ready to record.")
    table.record(1)

    assert table.taps.count <= 5
    assert table.taps.count == 4
    assert table.after() == "Hand 1: Bob wins 5."
    assert Hand.objects.get().input["seated"] == list(table.ids.values())


def test_an_eight_player_hand_takes_at_most_twelve_taps_and_seats_are_remembered(
    live_server, phone, page, sign_in
):
    night = night_with(EIGHT, house_rules=HouseRules(max_players=8))
    table = _open(live_server, phone, page, sign_in, night)

    # Hand 1: Hal sits out; four stay, 2-2-1 and a bourré; the dealer's row, last on the
    # screen, is tapped too: the bar at the foot never covers a control.
    table.sits_out("Hal")
    expect(table.seat("Hal")).to_have_class(re.compile("sits-out"))
    for name, tricks in (("Bob", 2), ("Dee", 2), ("Fay", 1), ("Ann", 0)):
        table.stays(name, tricks)
    expect(table.check()).to_contain_text("Ready to record.")
    table.record(1)
    first = table.taps.count
    assert first <= 12
    assert table.after() == (
        "Hand 1: Ann is bourré: pays 7 into the next pot. "
        "Nobody wins (Bob and Dee tie on 2 tricks): the pot of 14 carries over."
    )

    # Hand 2: Hal still sits out, remembered; the host taps only the stayers.
    table.taps.count = 0
    expect(table.seat("Hal")).to_have_class(re.compile("sits-out"))
    for name, tricks in (("Cy", 2), ("Eve", 2), ("Gus", 1), ("Bob", 0)):
        table.stays(name, tricks)
    table.record(2)
    assert table.taps.count == 5
    hand = Hand.objects.get(number=2, live=True)
    assert table.ids["Hal"] not in hand.input["seated"]
    assert len(hand.input["seated"]) == 7


@pytest.mark.parametrize("button", ["Record hand 1", "Misdeal"])
def test_a_double_tap_on_record_or_misdeal_only_asks(live_server, phone, page, sign_in, button):
    night = night_with(FIVE)
    _open(live_server, phone, page, sign_in, night)
    spot = page.get_by_role("button", name=button, exact=True).bounding_box()
    x, y = spot["x"] + spot["width"] / 2, spot["y"] + spot["height"] / 2

    page.mouse.click(x, y)
    yes = page.locator(".confirm-yes:not([hidden])")
    expect(yes).to_be_visible()
    # The second tap of a double tap lands where the first did, on the question's "Yes"
    # if it sits there now: it is not taken as the answer.
    page.mouse.click(x, y)
    page.wait_for_timeout(300)
    assert not Hand.objects.exists()
    expect(yes).to_be_focused()
    # Not silently: the bar says the tap was too quick.
    expect(page.locator("#hand-check .hold-note")).to_be_visible()
    # A deliberate tap, a moment later, is.
    answer_yes(page, yes)
    expect(page.locator(".after")).to_contain_text("Hand 1")
    assert Hand.objects.count() == 1


def test_record_waits_disabled_while_the_check_says_the_hand_would_be_refused(
    live_server, phone, page, sign_in
):
    night = night_with(FIVE)
    table = _open(live_server, phone, page, sign_in, night)
    record = page.get_by_role("button", name="Record hand 1", exact=True)

    table.stays("Bob", 5)
    table.stays("Cy", 1)

    # 6 tricks of 5: Record cannot be tapped, and the reason is in sight above it.
    problems = page.locator("#hand-check-problems")
    expect(problems).to_contain_text(
        said(rule_errors.TRICKS_DO_NOT_ADD_UP, hand=1, total=6, tricks_per_hand=5)
    )
    expect(record).to_be_disabled()
    expect(record).to_have_attribute("aria-describedby", "hand-check-problems")
    assert problems.bounding_box()["y"] < record.bounding_box()["y"]
    # Mended, it records.
    table.stays("Cy", 0)
    expect(record).to_be_enabled()
    table.record(1)
    assert Hand.objects.count() == 1


def test_a_hand_nobody_stayed_in_and_a_misdeal_each_take_a_second_tap(
    live_server, phone, page, sign_in
):
    night = night_with(FIVE)
    table = _open(live_server, phone, page, sign_in, night)

    # An untouched hand is not "ready": Record asks before the pot carries over.
    expect(table.check()).to_contain_text("Record asks again first.")
    table.taps.tap(page.get_by_role("button", name="Record hand 1", exact=True))
    expect(page.get_by_role("button", name="Yes, nobody stayed")).to_be_focused()
    assert not Hand.objects.exists()
    # Changing anything takes the question back.
    table.stays("Bob", 5)
    expect(page.get_by_role("button", name="Yes, nobody stayed")).to_have_count(0)
    table.taps.check(table.seat("Bob").get_by_role("radio", name="Fold"))
    table.record(1, yes="Yes, nobody stayed")
    assert table.after() == "Hand 1: Nobody stays: the pot of 5 carries over."

    page.get_by_role("button", name="Misdeal", exact=True).click()
    expect(page.get_by_role("button", name="Yes, record a misdeal")).to_be_visible()
    assert Hand.objects.count() == 1
    answer_yes(page, page.get_by_role("button", name="Yes, record a misdeal"))
    page.wait_for_url(re.compile(r"\?after=2$"))
    assert table.after() == "Hand 2: Misdeal: Bob deals again."


@pytest.mark.parametrize("names", [EIGHT[:4], EIGHT], ids=["4 players", "8 players"])
def test_the_hand_screen_fits_the_phone_controls_first(live_server, phone, page, sign_in, names):
    night = night_with(names, house_rules=HouseRules(max_players=8))
    record_all(night, [{"dealer": "Ann", "stayed": {"Bob": 3, "Cy": 2}}])
    table = _open(live_server, phone, page, sign_in, night, "?after=1")

    assert table.height() <= MOST_HEIGHT
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    # The hand's controls come before the balances, and Record is on the first screen.
    seats = page.locator(".seat-list").bounding_box()
    balances = page.locator("details.standings-fold").bounding_box()
    assert seats["y"] < balances["y"]
    record = page.get_by_role("button", name="Record hand 2", exact=True).bounding_box()
    assert record["y"] + record["height"] <= PHONE["height"]
    _keep(page, f"hand-{len(names)}-after")


def test_a_night_starts_with_a_tap_a_player_one_for_the_dealer_and_start(
    live_server, phone, page, sign_in
):
    table = TableFactory()
    for name in ("Ann", "Bob", "Cy", "Dee"):
        PlayerFactory(table=table, name=name)
    sign_in(phone, table.owner)
    page.goto(f"{live_server.url}/tables/{table.pk}/nights/new/")

    taps = start_the_night(page, ("Cy", "Ann", "Dee", "Bob"), "Dee")

    page.wait_for_url(re.compile(r"/nights/\d+/$"))
    assert taps.count == 6
    night = Night.objects.get()
    assert [s.player.name for s in night.seats.order_by("position")] == ["Cy", "Ann", "Dee", "Bob"]
    assert night.first_dealer.name == "Dee"


def test_after_a_seat_tap_the_next_player_to_tap_has_the_focus(live_server, phone, page, sign_in):
    table = TableFactory()
    for name in ("Ann", "Bob", "Cy"):
        PlayerFactory(table=table, name=name)
    sign_in(phone, table.owner)
    page.goto(f"{live_server.url}/tables/{table.pk}/nights/new/")

    page.locator(".seat-picker").get_by_role("button", name="Bob", exact=True).click()

    expect(page.locator(".seat-picker").get_by_role("button", name="Ann")).to_be_focused()


def test_sitting_someone_out_folds_them_and_a_count_tapped_deals_them_back_in(
    live_server, phone, page, sign_in
):
    night = night_with(FIVE)
    table = _open(live_server, phone, page, sign_in, night)
    table.stays("Cy", 2)

    page.get_by_text("Sitting out, reneges").click()
    page.get_by_role("checkbox", name="Dealt in: Cy", exact=True).uncheck()
    expect(table.seat("Cy").get_by_role("radio", name="Fold")).to_be_checked()
    # Still in sight (dimmed), so a tap there says Cy played after all.
    table.stays("Cy", 3)
    expect(page.get_by_role("checkbox", name="Dealt in: Cy", exact=True)).to_be_checked()
