"""Every tap arrives: the hand screen on a slow phone, tapped as a thumb taps.

Chromium with 600 ms of latency each way (CDP Network.emulateNetworkConditions), its CPU
slowed six times (Emulation.setCPUThrottlingRate), 390 x 844 with touch. Fifty random
hands: the counts tapped 50-120 ms apart, Record tapped at its place on the screen up to a
second later, with the mouse (never a click that waits for the button to be enabled); some
Records tapped twice; some followed within 120 ms by a tap on another row, as a thumb
brushes one. Each hand must be recorded exactly once, as it stood when Record was tapped.

The figures (the time from Record to the next hand's screen, requests a hand) are printed
with ``pytest -s`` and kept in the test report's properties."""

import random
import statistics
import time

import pytest
from playwright.sync_api import expect

from ledger.models import Hand
from tests.factories import night_with
from tests.ledger.helpers import ids

# What it checks is the page's JavaScript against the slow network: no engine answers
# differently, so CI runs it once, on SQLite.
pytestmark = [
    pytest.mark.browser,
    pytest.mark.database_independent,
    pytest.mark.django_db(transaction=True),
]

HANDS = 50
SEED = 30
NAMES = ("Ann", "Bob", "Cy", "Dee")
LATENCY_MS = 600
CPU_SLOWDOWN = 6
# A hand's answer crosses the slowed network twice and is drawn by a CPU slowed six times:
# the next hand's screen can take several seconds on a loaded machine.
SCREEN_TIMEOUT_MS = 30_000


def _slow_phone(browser):
    context = browser.new_context(
        viewport={"width": 390, "height": 844},
        device_scale_factor=1,
        is_mobile=True,
        has_touch=True,
    )
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send(
        "Network.emulateNetworkConditions",
        {
            "offline": False,
            "latency": LATENCY_MS,
            "downloadThroughput": 200 * 1024,  # bytes a second: about 1.6 Mbit/s
            "uploadThroughput": 100 * 1024,
        },
    )
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
    return context, page


def _plan(chance: random.Random, names) -> dict[str, int]:
    """Who stayed with how many tricks: two to four stayers sharing five tricks, or now and
    then one alone."""
    if chance.random() < 0.15:
        return {chance.choice(names): 5}
    stayers = chance.sample(names, chance.randint(2, len(names)))
    tricks = dict.fromkeys(stayers, 0)
    for _ in range(5):
        tricks[chance.choice(stayers)] += 1
    return tricks


def _spot(locator) -> tuple[float, float]:
    """Where an element is on the screen, as the thumb aims at it."""
    box = locator.bounding_box()
    assert box is not None
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def _tap(page, locator) -> None:
    """A thumb's tap at the element's place: whatever is there gets it, enabled or not."""
    page.mouse.click(*_spot(locator))


def test_fifty_hands_tapped_fast_on_a_slow_phone_are_each_recorded_once(
    live_server, browser, sign_in, record_property
):
    night = night_with(NAMES)
    to_id = ids(night)
    context, page = _slow_phone(browser)
    posts: list[str] = []
    page.on(
        "request",
        lambda request: posts.append(request.url) if request.method == "POST" else None,
    )
    sign_in(context, night.table.owner)
    page.goto(f"{live_server.url}/nights/{night.pk}/")
    chance = random.Random(SEED)
    planned: dict[int, dict[str, int]] = {}
    waits, doubled, brushed, late = [], 0, 0, 0
    try:
        for number in range(1, HANDS + 1):
            expect(page.locator(".hand-head h1")).to_have_text(
                f"Hand {number}", timeout=SCREEN_TIMEOUT_MS
            )
            # A brush that landed after the next hand's screen arrived tapped that hand: the
            # host sees the row marked and taps it back to Fold, as a person would.
            for stray in page.locator(
                ".seat:has(input[type=radio]:checked:not([value=fold]))"
            ).all():
                _tap(page, stray.locator('label:has(input[value="fold"])'))
                late += 1
            plan = _plan(chance, list(NAMES))
            planned[number] = plan
            for name, tricks in plan.items():
                seat = page.locator(f'.seat[data-player="{to_id[name]}"]')
                _tap(page, seat.locator(f'label:has(input[value="{tricks}"])'))
                page.wait_for_timeout(chance.randint(50, 120))
            page.wait_for_timeout(chance.randint(0, 1000))
            # Where the thumb goes is aimed before it moves: the screen may change under it
            # (the next hand's screen arrives) before a second tap lands on the same spot.
            record = _spot(page.locator(".bar-buttons .record"))
            other = chance.choice(NAMES)
            brush = _spot(
                page.locator(f'.seat[data-player="{to_id[other]}"] label:has(input[value="fold"])')
            )
            started = time.monotonic()
            if chance.random() < 0.25:
                # A double tap: the two clicks a few milliseconds apart, whatever the load
                # on the machine running the test.
                page.mouse.dblclick(*record)
                doubled += 1
            else:
                page.mouse.click(*record)
            if chance.random() < 0.3:
                # A thumb brushing another row just after Record: it changes nothing sent.
                page.wait_for_timeout(chance.randint(20, 120))
                page.mouse.click(*brush)
                brushed += 1
            expect(page).to_have_url(
                f"{live_server.url}/nights/{night.pk}/?after={number}", timeout=SCREEN_TIMEOUT_MS
            )
            waits.append(time.monotonic() - started)
    finally:
        context.close()

    recorded = Hand.objects.filter(night=night, live=True).order_by("number")
    names = {pid: name for name, pid in to_id.items()}
    got = {
        hand.number: {names[int(p)]: t for p, t in hand.input["stayed"].items()}
        for hand in recorded
    }
    expected = {
        number: (dict.fromkeys(plan, None) if len(plan) == 1 else plan)
        for number, plan in planned.items()
    }
    assert got == expected
    assert Hand.objects.filter(night=night).count() == HANDS  # none twice, none undone
    records = [url for url in posts if url.endswith(f"/nights/{night.pk}/hands/")]
    figures = {
        "hands": HANDS,
        "requests a hand (POST)": round(len(posts) / HANDS, 2),
        "records sent": len(records),
        "double taps on Record": doubled,
        "rows brushed after Record": brushed,
        "of them on the next hand's screen (put back)": late,
        "Record to the next hand, median s": round(statistics.median(waits), 2),
        "Record to the next hand, max s": round(max(waits), 2),
    }
    print("\nThe slow phone:")
    for key, value in figures.items():
        print(f"  {key}: {value}")
        record_property(f"slow phone {key}", value)
    assert len(records) == HANDS  # one request a hand: no live check, no second Record
