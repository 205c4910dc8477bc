"""Nights ahead: scheduling (refusals named, nothing written), answers and the waiting
list, answer links, skipped dates, and the calendar address."""

from datetime import UTC, date, datetime, time, timedelta

import pytest

from ledger.errors import Conflict, InvalidInput
from ledger.models import RsvpAnswer, Schedule
from ledger.selectors.schedules import night_seating, tonights_players
from ledger.services.schedules import (
    FIRST_DATE_TOO_FAR,
    FIRST_NIGHT_PAST,
    NIGHT_BEGUN,
    NO_NIGHT_THAT_DAY,
    TIME_ZONE_UNKNOWN,
    UNTIL_BEFORE_FIRST,
    UNTIL_TOO_FAR,
    calendar_feed_reset,
    rsvp_answer,
    rsvp_link_create,
    schedule_create,
    schedule_skip,
)
from tests.factories import PlayerFactory, ScheduleFactory, TableFactory

pytestmark = pytest.mark.django_db

NOW = datetime(2026, 12, 6, 12, 0, tzinfo=UTC)
THURSDAY = date(2026, 12, 10)


def eight_players(limit: int = 6):
    from ledger import rules

    table = TableFactory(rules=rules.HouseRules(max_players=limit).to_dict())
    players = [PlayerFactory(table=table, name=name) for name in "ABCDEFGH"]
    schedule = schedule_create(
        table=table,
        by=table.owner,
        first_date=THURSDAY,
        at=time(20),
        time_zone="Europe/Stockholm",
        repeat="weekly",
        now=NOW,
    )
    return schedule, players


def test_a_schedule_refuses_what_is_wrong_naming_each_and_writes_nothing():
    table = TableFactory()

    with pytest.raises(InvalidInput) as refusal:
        schedule_create(
            table=table,
            by=table.owner,
            first_date=date(2026, 12, 1),
            at=time(20),
            time_zone="Mars/Olympus",
            repeat="weekly",
            until=date(2026, 11, 1),
            now=NOW,
        )

    codes = {problem.code for problem in refusal.value.problems}
    assert codes == {TIME_ZONE_UNKNOWN.code, UNTIL_BEFORE_FIRST.code}
    with pytest.raises(InvalidInput) as refusal:
        schedule_create(
            table=table,
            by=table.owner,
            first_date=date(2026, 12, 6),
            at=time(12, 30),  # 11:30 UTC: begun already
            time_zone="Europe/Stockholm",
            repeat="once",
            now=NOW,
        )
    assert [p.code for p in refusal.value.problems] == [FIRST_NIGHT_PAST.code]
    assert not Schedule.objects.exists()


def test_a_date_more_than_five_years_ahead_is_refused_first_night_or_last():
    table = TableFactory()
    with pytest.raises(InvalidInput) as refusal:
        schedule_create(
            table=table,
            by=table.owner,
            first_date=date(9999, 12, 30),  # a thumb's 9999 for 2026
            at=time(20, 0),
            time_zone="Europe/Stockholm",
            repeat="weekly",
            until=date(9999, 12, 31),
            now=NOW,
        )
    assert [p.code for p in refusal.value.problems] == [
        FIRST_DATE_TOO_FAR.code,
        UNTIL_TOO_FAR.code,
    ]
    assert refusal.value.problems[0].params["date"] == "9999-12-30"
    with pytest.raises(InvalidInput) as refusal:
        schedule_create(
            table=table,
            by=table.owner,
            first_date=date(2026, 12, 10),
            at=time(20, 0),
            time_zone="Europe/Stockholm",
            repeat="weekly",
            until=date(2032, 1, 1),
            now=NOW,
        )
    assert [p.code for p in refusal.value.problems] == [UNTIL_TOO_FAR.code]
    assert not Schedule.objects.exists()

    # Five years to the day is still taken.
    schedule_create(
        table=table,
        by=table.owner,
        first_date=date(2026, 12, 10),
        at=time(20, 0),
        time_zone="Europe/Stockholm",
        repeat="weekly",
        until=date(2031, 12, 5),
        now=NOW,
    )


def test_eight_yes_for_six_seats_leave_two_waiting_and_a_drop_moves_the_first_up():
    schedule, players = eight_players()
    for minute, player in enumerate(players):
        rsvp_answer(
            schedule=schedule,
            day=THURSDAY,
            player=player,
            answer="yes",
            by=schedule.table.owner,
            now=NOW + timedelta(minutes=minute),
        )
    seating = night_seating(schedule, THURSDAY)
    assert [len(seating.seated), len(seating.waiting)] == [6, 2]

    answered = rsvp_answer(
        schedule=schedule,
        day=THURSDAY,
        player=players[2],
        answer="no",
        by=schedule.table.owner,
        now=NOW + timedelta(hours=1),
    )

    assert answered.moved_up == [players[6].pk]
    assert answered.seating.waiting == [players[7].pk]


def test_an_answer_is_only_for_a_night_of_the_schedule_not_begun():
    schedule, players = eight_players()

    with pytest.raises(InvalidInput) as refusal:
        rsvp_answer(
            schedule=schedule,
            day=THURSDAY + timedelta(days=1),
            player=players[0],
            answer="yes",
            by=schedule.table.owner,
            now=NOW,
        )
    assert refusal.value.problems[0].code == NO_NIGHT_THAT_DAY.code
    with pytest.raises(Conflict) as refusal:
        rsvp_answer(
            schedule=schedule,
            day=THURSDAY,
            player=players[0],
            answer="yes",
            by=schedule.table.owner,
            now=datetime(2026, 12, 10, 19, 30, tzinfo=UTC),
        )
    assert refusal.value.problems[0].code == NIGHT_BEGUN.code
    assert not RsvpAnswer.objects.exists()


def test_a_skipped_date_has_no_night_and_the_repeat_goes_on():
    schedule, players = eight_players()

    schedule_skip(schedule=schedule, day=THURSDAY, by=schedule.table.owner, now=NOW)

    with pytest.raises(InvalidInput):
        rsvp_answer(
            schedule=schedule,
            day=THURSDAY,
            player=players[0],
            answer="yes",
            by=schedule.table.owner,
            now=NOW,
        )
    rsvp_answer(
        schedule=schedule,
        day=THURSDAY + timedelta(days=7),
        player=players[0],
        answer="yes",
        by=schedule.table.owner,
        now=NOW,
    )


def test_tonights_yes_players_are_found_near_the_nights_time():
    schedule, players = eight_players()
    for minute, player in enumerate(players[:3]):
        rsvp_answer(
            schedule=schedule,
            day=THURSDAY,
            player=player,
            answer="yes",
            by=schedule.table.owner,
            now=NOW + timedelta(minutes=minute),
        )

    evening = datetime(2026, 12, 10, 18, 45, tzinfo=UTC)  # 19:45 in Stockholm
    assert tonights_players(schedule.table, evening) == [p.pk for p in players[:3]]
    assert tonights_players(schedule.table, evening - timedelta(days=2)) is None


def test_a_new_answer_link_revokes_the_old_one_and_a_new_calendar_address_too():
    schedule = ScheduleFactory()
    player = PlayerFactory(table=schedule.table)
    first = rsvp_link_create(player=player, by=schedule.table.owner)

    second = rsvp_link_create(player=player, by=schedule.table.owner)

    first.refresh_from_db()
    assert first.revoked_at is not None and second.revoked_at is None
    feed = calendar_feed_reset(user=player.table.owner)
    assert calendar_feed_reset(user=player.table.owner).token != feed.token
