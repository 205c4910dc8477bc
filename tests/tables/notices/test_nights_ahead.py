"""The messages of nights ahead, over simulated hours: the reminder the day before, once,
to those who said Yes or Maybe; the host's nudge to those who have not answered, once a
day; and the player moved up from the waiting list."""

from datetime import timedelta

import pytest

from ledger.models import Notice, NoticeKind
from ledger.selectors.schedules import starts_at
from ledger.services.schedules import rsvp_answer
from tables.notices import tasks
from tests.factories import PlayerFactory, ScheduleFactory, UserFactory, link_player

pytestmark = pytest.mark.django_db

ORIGIN = "https://bourre.example"


@pytest.fixture
def night(settings):
    """A night next week; Ann said Yes, Bob Maybe, Cy No, Dee nothing (each an account)."""
    settings.SITE_URL = ORIGIN
    schedule = ScheduleFactory(place="Ann's kitchen")
    accounts = {}
    for name, answer in (("Ann", "yes"), ("Bob", "maybe"), ("Cy", "no"), ("Dee", None)):
        player = PlayerFactory(table=schedule.table, name=name)
        accounts[name] = link_player(player, UserFactory(email=f"{name.lower()}@example.com")).user
        if answer:
            rsvp_answer(
                schedule=schedule,
                day=schedule.first_date,
                player=player,
                answer=answer,
                by=accounts[name],
            )
    return schedule, accounts


def _remind(schedule, hours_before: float) -> int:
    moment = starts_at(schedule, schedule.first_date) - timedelta(hours=hours_before)
    return tasks.night_ahead_reminders.call(moment.isoformat())


def test_the_day_before_those_who_said_yes_or_maybe_are_reminded_once(mailbox, night):
    schedule, accounts = night

    sent = {hours: _remind(schedule, hours) for hours in (48, 30, 23.5, 20, 2)}

    assert sent == {48: 0, 30: 0, 23.5: 2, 20: 0, 2: 0}
    told = Notice.objects.filter(kind=NoticeKind.NIGHT_AHEAD)
    assert sorted(n.recipient.username for n in told) == sorted(
        [accounts["Ann"].username, accounts["Bob"].username]
    )
    text = mailbox.text(mailbox.messages[0])
    assert "plays tomorrow" in text and "Ann's kitchen" in text
    assert f"{ORIGIN}/me/" in text


def test_the_host_asks_those_who_have_not_answered_once_a_day(mailbox, night):
    schedule, accounts = night
    day = schedule.first_date.isoformat()

    first = tasks.rsvp_asked_notices.call(schedule.pk, day, ORIGIN)
    again = tasks.rsvp_asked_notices.call(schedule.pk, day, ORIGIN)

    assert (first, again) == (1, 0)
    asked = Notice.objects.get(kind=NoticeKind.RSVP_ASKED)
    assert asked.recipient == accounts["Dee"]
    assert "asks whether you are coming" in asked.body
