"""Nights ahead on the screens: the host schedules one, players answer from My games or
from their own link, the calendars keep the time across summer time, a seat given up
goes to the first who waits (who is told), and Start a night offers the Yes players."""

import zoneinfo
from datetime import date, time, timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from icalendar import Calendar

from ledger import rules
from ledger.models import Notice, NoticeKind, RsvpAnswer, Schedule
from ledger.services import nights as night_services
from ledger.services.schedules import (
    calendar_feed_reset,
    rsvp_answer,
    rsvp_link_create,
    rsvp_link_revoke,
)
from tests.factories import PlayerFactory, ScheduleFactory, TableFactory, link_player, night_with

pytestmark = pytest.mark.django_db

STOCKHOLM = zoneinfo.ZoneInfo("Europe/Stockholm")


def client(user=None) -> Client:
    c = Client()
    if user is not None:
        c.force_login(user)
    return c


def test_the_host_schedules_a_weekly_night_without_javascript():
    table = TableFactory()
    next_thursday = timezone.localdate() + timedelta(
        days=(3 - timezone.localdate().weekday()) % 7 + 7
    )
    data = {
        "first_date": next_thursday.isoformat(),
        "time": "20:00",
        "time_zone": "Europe/Stockholm",
        "place": "Ann's kitchen",
        "note": "",
        "repeat": "weekly",
        "until": "",
    }

    response = client(table.owner).post(
        reverse("schedule_create", args=[table.pk]), data, follow=True
    )

    schedule = Schedule.objects.get()
    assert response.redirect_chain[-1][0] == reverse(
        "night_ahead", args=[schedule.pk, next_thursday]
    )
    assert "Ann&#x27;s kitchen" in response.content.decode()
    table_page = client(table.owner).get(reverse("table_detail", args=[table.pk])).content.decode()
    assert reverse("night_ahead", args=[schedule.pk, next_thursday]) in table_page


def test_a_schedule_with_a_past_date_and_an_unknown_zone_is_refused_field_by_field():
    table = TableFactory()
    data = {
        "first_date": "2020-01-02",
        "time": "20:00",
        "time_zone": "Mars/Olympus",
        "repeat": "once",
    }

    response = client(table.owner).post(reverse("schedule_create", args=[table.pk]), data)

    assert response.status_code == 400
    assert not Schedule.objects.exists()


def test_a_first_night_in_the_year_9999_is_refused_with_its_message_and_nothing_kept():
    table = TableFactory()
    data = {
        "first_date": "9999-12-31",
        "time": "23:00",
        "time_zone": "Europe/Stockholm",
        "repeat": "weekly",
    }

    response = client(table.owner).post(reverse("schedule_create", args=[table.pk]), data)

    assert response.status_code == 400
    assert response.context["form"].has_error("first_date")
    assert "9999-12-31 is too far ahead" in response.content.decode()
    assert not Schedule.objects.exists()


def test_a_night_ahead_in_a_year_no_night_can_have_is_not_found():
    schedule = ScheduleFactory(repeat="weekly")
    host = client(schedule.table.owner)

    assert host.get(f"/ahead/{schedule.pk}/9999-12-30/").status_code == 404
    assert host.get(f"/ahead/{schedule.pk}/9999-12-30/night.ics").status_code == 404


def test_only_the_host_schedules_or_sees_who_comes():
    schedule = ScheduleFactory()
    other = TableFactory().owner
    night = reverse("night_ahead", args=[schedule.pk, schedule.first_date])

    assert (
        client(other).get(reverse("schedule_create", args=[schedule.table.pk])).status_code == 404
    )
    assert client(other).get(night).status_code == 404
    assert client(schedule.table.owner).get(night).status_code == 200
    # A date the schedule does not fall on is no page at all.
    other_day = reverse("night_ahead", args=[schedule.pk, schedule.first_date + timedelta(days=1)])
    assert client(schedule.table.owner).get(other_day).status_code == 404


def test_a_weekly_schedule_keeps_its_local_time_across_summer_time_in_the_feed():
    # Sweden moves its clocks on the last Sunday of March 2027 (the 28th).
    table = TableFactory()
    ScheduleFactory(
        table=table, first_date=date(2027, 3, 18), repeat="weekly", until=date(2027, 4, 8)
    )
    feed = calendar_feed_reset(user=table.owner)

    response = client().get(reverse("calendar_feed", args=[feed.token]))

    assert response["Content-Type"].startswith("text/calendar")
    events = Calendar.from_ical(response.content).walk("VEVENT")
    starts = [event.decoded("dtstart") for event in events]
    assert [s.astimezone(STOCKHOLM).time() for s in starts] == [time(20)] * 4
    assert [s.astimezone(zoneinfo.ZoneInfo("UTC")).hour for s in starts] == [19, 19, 18, 18]
    assert [s.date() for s in starts] == [date(2027, 3, d) for d in (18, 25)] + [
        date(2027, 4, d) for d in (1, 8)
    ]


def test_a_reset_calendar_address_no_longer_answers():
    table = TableFactory()
    old = calendar_feed_reset(user=table.owner).token
    calendar_feed_reset(user=table.owner)

    assert client().get(reverse("calendar_feed", args=[old])).status_code == 404


def test_a_night_ahead_downloads_as_an_ics_file_for_its_members_only():
    schedule = ScheduleFactory(place="Bob's")
    ann = link_player(PlayerFactory(table=schedule.table, name="Ann")).user
    url = reverse("night_ahead_ics", args=[schedule.pk, schedule.first_date])

    event = Calendar.from_ical(client(ann).get(url).content).walk("VEVENT")[0]

    assert str(event["location"]) == "Bob's"
    assert event.decoded("dtstart").astimezone(STOCKHOLM).time() == time(20)
    assert client(TableFactory().owner).get(url).status_code == 404


def test_a_player_answers_from_my_games_and_moves_up_when_a_seat_frees_and_is_told():
    table = TableFactory(rules=rules.HouseRules(max_players=2).to_dict())
    schedule = ScheduleFactory(table=table)
    ann, bob, cy = (PlayerFactory(table=table, name=n) for n in ("Ann", "Bob", "Cy"))
    accounts = {p.name: link_player(p).user for p in (ann, bob, cy)}
    answer = reverse("my_answer", args=[schedule.pk, schedule.first_date])
    for name in ("Ann", "Bob", "Cy"):
        client(accounts[name]).post(answer, {"answer": "yes"})

    waiting = client(accounts["Cy"]).get(reverse("my_games")).content.decode()
    assert "You are number 1 on the waiting list." in waiting

    response = client(accounts["Bob"]).post(answer, {"answer": "no"}, follow=True)

    assert "Answered: No." in response.content.decode()
    told = Notice.objects.filter(recipient=accounts["Cy"], kind=NoticeKind.SEAT_FREED)
    assert told.count() == 1
    assert "A seat opened for you" in told.get().subject
    assert "You have a seat." in client(accounts["Cy"]).get(reverse("my_games")).content.decode()


def test_an_answer_link_answers_for_its_player_only_and_a_revoked_one_like_an_unknown_one():
    schedule = ScheduleFactory()
    dee = PlayerFactory(table=schedule.table, name="Dee")
    eve = PlayerFactory(table=schedule.table, name="Eve")
    link = rsvp_link_create(player=dee, by=schedule.table.owner)
    url = reverse("answer_link", args=[link.token])
    data = {"schedule": schedule.pk, "day": schedule.first_date.isoformat(), "answer": "yes"}

    shown = client().get(url)
    assert "Answering for <b>Dee</b>" in shown.content.decode()
    assert shown["X-Robots-Tag"] == "noindex, nofollow"
    client().post(url, {**data, "player": eve.pk})

    assert list(RsvpAnswer.objects.values_list("player_id", "answer")) == [(dee.pk, "yes")]
    rsvp_link_revoke(link=link, by=schedule.table.owner)
    revoked = client().get(url)
    unknown = client().get(reverse("answer_link", args=["no-such-link"]))
    assert revoked.status_code == unknown.status_code == 404
    assert revoked.content == unknown.content
    assert client().post(url, data).status_code == 404
    assert RsvpAnswer.objects.count() == 1


def test_start_a_night_offers_the_yes_players_in_last_nights_order():
    last_night = night_with(("Ann", "Bob", "Cy", "Dee"))
    table = last_night.table
    night_services.night_close(night=last_night, by=table.owner)
    soon = timezone.now().astimezone(STOCKHOLM) + timedelta(hours=1)
    schedule = ScheduleFactory(table=table, first_date=soon.date(), at=time(soon.hour, soon.minute))
    players = {p.name: p for p in table.players.all()}
    eve = PlayerFactory(table=table, name="Eve")
    for player in (eve, players["Dee"], players["Bob"], players["Ann"]):
        rsvp_answer(
            schedule=schedule,
            day=schedule.first_date,
            player=player,
            answer="yes",
            by=table.owner,
        )

    page = client(table.owner).get(reverse("night_start", args=[table.pk]))

    seats = {k: v for k, v in page.context["form"].initial.items() if k.startswith("seat_")}
    # Last night's order (Ann, Bob, Dee; Cy said nothing), then Eve, new tonight.
    order = [players["Ann"], players["Bob"], players["Dee"], eve]
    assert seats == {f"seat_{p.pk}": str(n) for n, p in enumerate(order, start=1)}
