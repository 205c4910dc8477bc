from datetime import date

from django.urls import path, register_converter

from tables.views import answers, schedules


class IsoDate:
    """A night's date in an address: 2026-12-10. A year a night cannot have (the service
    takes none more than five years ahead) is a 404, as is a day that is none."""

    regex = r"(19|20)[0-9]{2}-[0-9]{2}-[0-9]{2}"

    def to_python(self, value: str) -> date:
        return date.fromisoformat(value)  # a ValueError is a 404

    def to_url(self, value: date) -> str:
        return value.isoformat()


register_converter(IsoDate, "day")

urlpatterns = [
    path("tables/<int:table_id>/ahead/new/", schedules.schedule_create, name="schedule_create"),
    path("ahead/<int:schedule_id>/<day:day>/", schedules.night_ahead, name="night_ahead"),
    path(
        "ahead/<int:schedule_id>/<day:day>/skip/",
        schedules.night_ahead_skip,
        name="night_ahead_skip",
    ),
    path(
        "ahead/<int:schedule_id>/<day:day>/ask/", schedules.night_ahead_ask, name="night_ahead_ask"
    ),
    path("ahead/<int:schedule_id>/stop/", schedules.schedule_stop, name="schedule_stop"),
    path(
        "ahead/<int:schedule_id>/<day:day>/night.ics",
        answers.night_ahead_ics,
        name="night_ahead_ics",
    ),
    path("ahead/<int:schedule_id>/<day:day>/answer/", answers.my_answer, name="my_answer"),
    path(
        "players/<int:player_id>/answer-link/",
        schedules.answer_link_create,
        name="answer_link_create",
    ),
    path(
        "players/<int:player_id>/answer-link/revoke/",
        schedules.answer_link_revoke,
        name="answer_link_revoke",
    ),
    path("answer/<str:answer_token>/", answers.answer_link, name="answer_link"),
    path(
        "answer/<str:answer_token>/<int:schedule_id>/<day:day>/night.ics",
        answers.answer_link_ics,
        name="answer_link_ics",
    ),
    path("account/calendar/", answers.account_calendar, name="account_calendar"),
    path("calendar/<str:feed_token>/bourre.ics", answers.calendar_feed, name="calendar_feed"),
]
