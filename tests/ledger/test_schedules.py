"""The nights ahead, worked out with no database: the dates a schedule falls on, and who
sits and who waits from the answers given."""

from datetime import UTC, date, datetime, timedelta

from hypothesis import given
from hypothesis import strategies as st

from ledger import schedules
from ledger.schedules import MAYBE, NO, YES, Answer, moved_up, occurrences, seating


def dates_of(repeat, first=date(2026, 12, 10), **kwargs):
    window = {"start": first, "end": first + timedelta(days=70), "until": None, "skips": []}
    return occurrences(first=first, repeat=repeat, **{**window, **kwargs})


def test_a_night_once_is_its_date_only():
    assert dates_of(schedules.ONCE) == [date(2026, 12, 10)]


def test_a_weekly_night_falls_every_thursday_but_the_skipped_one_until_its_end():
    found = dates_of(schedules.WEEKLY, skips=[date(2026, 12, 24)], until=date(2027, 1, 14))
    assert found == [
        date(2026, 12, 10),
        date(2026, 12, 17),
        date(2026, 12, 31),
        date(2027, 1, 7),
        date(2027, 1, 14),
    ]


def test_every_other_week_is_fourteen_days_apart():
    assert dates_of(schedules.FORTNIGHTLY)[:3] == [
        date(2026, 12, 10),
        date(2026, 12, 24),
        date(2027, 1, 7),
    ]


def test_monthly_is_the_same_weekday_of_the_month():
    # The 2nd Thursday of December 2026, then of each month after.
    assert dates_of(schedules.MONTHLY)[:3] == [
        date(2026, 12, 10),
        date(2027, 1, 14),
        date(2027, 2, 11),
    ]


def test_a_month_without_a_fifth_friday_has_no_night():
    fifth_friday = date(2027, 1, 29)
    found = occurrences(
        first=fifth_friday,
        repeat=schedules.MONTHLY,
        until=None,
        skips=[],
        start=fifth_friday,
        end=date(2027, 12, 31),
    )
    assert found == [
        date(2027, 1, 29),
        date(2027, 4, 30),
        date(2027, 7, 30),
        date(2027, 10, 29),
        date(2027, 12, 31),
    ]


@given(
    st.sampled_from(schedules.REPEATS),
    st.dates(min_value=date(2025, 1, 1), max_value=date(2030, 1, 1)),
    st.integers(min_value=0, max_value=400),
)
def test_every_date_found_is_in_the_window_on_the_first_nights_weekday(repeat, first, days):
    found = occurrences(
        first=first,
        repeat=repeat,
        until=None,
        skips=[],
        start=first,
        end=first + timedelta(days=days),
    )
    assert found[0] == first
    assert found == sorted(set(found))
    assert all(first <= day <= first + timedelta(days=days) for day in found)
    assert all(day.weekday() == first.weekday() for day in found)


def at(minute: int) -> datetime:
    return datetime(2026, 12, 1, 12, minute, tzinfo=UTC)


def test_eight_yes_for_six_seats_leave_two_waiting_in_the_order_they_answered():
    answers = [Answer(player=p, answer=YES, at=at(p)) for p in range(1, 9)]

    got = seating(answers, seats=6)

    assert (got.seated, got.waiting) == ([1, 2, 3, 4, 5, 6], [7, 8])


def test_one_dropping_out_moves_the_first_who_waits_up():
    answers = [Answer(player=p, answer=YES, at=at(p)) for p in range(1, 9)]
    before = seating(answers, seats=6)

    after = seating([*answers, Answer(player=3, answer=NO, at=at(30))], seats=6)

    assert after.seated == [1, 2, 4, 5, 6, 7]
    assert after.waiting == [8]
    assert after.no == [3]
    assert moved_up(before, after) == [7]


def test_yes_again_keeps_the_place_and_yes_after_maybe_goes_to_the_back():
    answers = [
        Answer(1, YES, at(1)),
        Answer(2, YES, at(2)),
        Answer(1, YES, at(3)),  # said again: still first
        Answer(3, YES, at(4)),
        Answer(2, MAYBE, at(5)),
        Answer(2, YES, at(6)),  # back after a Maybe: last
    ]

    got = seating(answers, seats=2)

    assert (got.seated, got.waiting) == ([1, 3], [2])


def test_answers_count_by_time_not_by_the_order_given():
    answers = [Answer(2, YES, at(2)), Answer(1, YES, at(1))]
    assert seating(answers, seats=1).seated == [1]
