"""Next Thursday, on the phones: the host schedules the night, two players answer from
their own phones (one from their account, one from the link the host sent), and the host
starts the night from the answers. The host's page and a player's fit a 360 px phone in
every language.

With SCREENSHOTS_DIR set, the host's and a player's view of the night are saved there in
Italian (``night-ahead-host-it.png``, ``night-ahead-player-it.png``; docs/screenshots/
holds the ones taken so)."""

import os
import re
import zoneinfo
from datetime import timedelta
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import timezone
from playwright.sync_api import expect

from ledger.models import Night, RsvpAnswer, Schedule
from ledger.services.schedules import rsvp_answer, rsvp_link_create
from tests.browser.slow_phone import STEP_TIMEOUT_MS, slow_down
from tests.factories import PlayerFactory, ScheduleFactory, TableFactory, UserFactory, link_player

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

STOCKHOLM = zoneinfo.ZoneInfo("Europe/Stockholm")


def _keep(page, name: str) -> None:
    folder = os.environ.get("SCREENSHOTS_DIR")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.evaluate("window.scrollTo(0, 0)")
        page.screenshot(path=str(Path(folder) / f"{name}.png"), full_page=True)


def test_the_host_schedules_two_players_answer_and_the_night_starts_from_the_answers(
    live_server, phone_in
):
    table = TableFactory(name="Thursday game")
    for name in ("Ann", "Bob", "Cy", "Dee"):
        PlayerFactory(table=table, name=name)
    ann = link_player(table.players.get(name="Ann"), UserFactory(username="ann")).user
    # Tonight's game an hour from now, so that Start a night finds it (it looks 12 hours
    # either side): the same form as for next Thursday.
    soon = (timezone.now() + timedelta(hours=1)).astimezone(STOCKHOLM)
    host = phone_in("en", table.owner).new_page()

    host.goto(live_server.url + reverse("table_detail", args=[table.pk]))
    host.get_by_role("link", name="Schedule a night").click()
    host.get_by_label("Date").fill(soon.date().isoformat())
    host.get_by_label("Time", exact=True).fill(soon.strftime("%H:%M"))
    host.get_by_label("Time zone").select_option("Europe/Stockholm")
    host.get_by_label("Place").fill("Ann's kitchen")
    host.get_by_label("Repeats").select_option("weekly")
    host.get_by_role("button", name="Schedule it").click()
    expect(host.locator(".messages")).to_contain_text("Scheduled.")
    schedule = Schedule.objects.get()
    # Bob has no account: the host makes him a link and sends it.
    bob_row = host.locator(".answer-links li", has_text="Bob")
    bob_row.get_by_role("button", name="Make a link").click()
    expect(host.locator(".messages")).to_contain_text("A new answer link for Bob")
    bob = table.players.get(name="Bob")
    bob_link = host.locator(f"#answer-link-{bob.pk}").input_value()

    ann_phone = phone_in("en", ann).new_page()
    ann_phone.goto(live_server.url + reverse("my_games"))
    tonight = ann_phone.locator(".nights-ahead > li").first
    tonight.get_by_role("button", name="Yes").click()
    expect(ann_phone.locator(".messages")).to_contain_text("Answered: Yes.")
    expect(ann_phone.locator(".nights-ahead > li").first).to_contain_text("You have a seat.")

    bob_phone = phone_in("en").new_page()
    bob_phone.goto(bob_link)
    expect(bob_phone.get_by_text("Answering for")).to_contain_text("Bob")
    bob_phone.locator(".nights-ahead > li").first.get_by_role("button", name="Yes").click()
    expect(bob_phone.locator(".messages")).to_contain_text("Answered: Yes.")
    assert sorted(RsvpAnswer.objects.values_list("player__name", flat=True)) == ["Ann", "Bob"]

    host.goto(live_server.url + reverse("night_ahead", args=[schedule.pk, schedule.first_date]))
    expect(host.get_by_role("heading", name="Coming: 2 of 7 seats")).to_be_visible()
    host.goto(live_server.url + reverse("night_start", args=[table.pk]))
    seats = host.locator("#start-form")
    expect(seats.locator(".seated-list")).to_contain_text("Ann")
    host.get_by_label("Ann deals first").check()
    host.get_by_role("button", name="Start the night").click()
    expect(host).to_have_url(re.compile(r"/nights/[0-9]+/"))

    night = Night.objects.get()
    assert [s.player.name for s in night.seats.order_by("position")] == ["Ann", "Bob"]


@pytest.mark.parametrize("language", [code for code, _name in settings.LANGUAGES])
def test_a_night_ahead_fits_a_small_phone_for_the_host_and_a_player(
    live_server, phone_in, language
):
    table = TableFactory(name="Torneo del giovedì")
    schedule = ScheduleFactory(
        table=table, repeat="weekly", place="Da Anna, via Garibaldi 12", note="Porta gli snack"
    )
    players = [
        PlayerFactory(table=table, name=name)
        for name in ("Anna", "Bartolomeo", "Chiara", "Davide", "Elisabetta", "Francesco")
    ]
    anna = link_player(players[0], UserFactory(username="anna")).user
    link_player(players[1])
    for player in players[:4]:
        rsvp_answer(
            schedule=schedule,
            day=schedule.first_date,
            player=player,
            answer="yes" if player != players[3] else "maybe",
            by=table.owner,
        )
    rsvp_link_create(player=players[4], by=table.owner)

    host = phone_in(language, table.owner).new_page()
    host.goto(live_server.url + reverse("night_ahead", args=[schedule.pk, schedule.first_date]))
    expect(host.locator("h1")).to_be_visible()
    assert host.evaluate("document.documentElement.scrollWidth") <= 360
    if language == "it":
        _keep(host, "night-ahead-host-it")
    host.goto(live_server.url + reverse("schedule_create", args=[table.pk]))
    assert host.evaluate("document.documentElement.scrollWidth") <= 360

    player = phone_in(language, anna).new_page()
    player.goto(live_server.url + reverse("my_games"))
    expect(player.locator(".nights-ahead")).to_be_visible()
    assert player.evaluate("document.documentElement.scrollWidth") <= 360
    for button in player.locator(".answer-form button").all():
        assert button.bounding_box()["height"] >= 44
    if language == "it":
        _keep(player, "night-ahead-player-it")


TOO_FAR = {"fr": "9999-12-31 est trop loin", "sv": "9999-12-31 ligger för långt fram"}


@pytest.mark.parametrize("language", TOO_FAR)
def test_on_a_slow_phone_a_refused_date_is_seen_and_a_double_tap_schedules_once(
    live_server, phone_in, language
):
    """600 ms of latency each way and a CPU six times slower, at 360 px, in the two
    languages with the longest words: a slip of the thumb (the year 9999) is refused beside
    the date, and the night, set right, is scheduled once for two taps."""
    table = TableFactory(name="Jeudi")
    host = phone_in(language, table.owner).new_page()
    slow_down(host)
    sent: list[str] = []
    host.on("request", lambda r: r.method == "POST" and sent.append(r.url))
    host.goto(live_server.url + reverse("schedule_create", args=[table.pk]))

    def double_tap() -> None:
        button = host.locator("main form button[type=submit]")
        button.scroll_into_view_if_needed()
        box = button.bounding_box()
        for _ in range(2):  # a thumb's double tap, 100 ms apart
            host.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
            host.wait_for_timeout(100)

    host.locator("#id_first_date").fill("9999-12-31")
    host.locator("#id_time").fill("20:00")
    host.locator("#id_time_zone").select_option("Europe/Stockholm")
    double_tap()
    date_field = host.locator(".field", has=host.locator("#id_first_date"))
    expect(date_field.locator(".errorlist")).to_contain_text(
        TOO_FAR[language], timeout=STEP_TIMEOUT_MS
    )
    assert host.evaluate("document.documentElement.scrollWidth") <= 360
    _keep(host, f"schedule-refused-{language}")
    assert not Schedule.objects.exists()
    assert len(sent) == 1

    next_week = timezone.localdate() + timedelta(days=7)
    host.locator("#id_first_date").fill(next_week.isoformat())
    double_tap()
    expect(host.locator(".messages")).to_be_visible(timeout=STEP_TIMEOUT_MS)
    assert host.evaluate("document.documentElement.scrollWidth") <= 360
    _keep(host, f"schedule-done-{language}")
    assert len(sent) == 2
    assert list(Schedule.objects.values_list("first_date", flat=True)) == [next_week]
