"""Nights ahead, for the host: schedule one (once or repeating), see who is coming, skip a
date or stop the repeats, nudge those who have not answered, and make or revoke a
player's own answer link."""

from datetime import date

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from ledger.errors import ServiceError
from ledger.models import Schedule
from ledger.services import schedules as schedule_services
from tables import responses
from tables.access import player_for_host, schedule_for_host, table_for_host
from tables.forms.schedules import ScheduleForm, likely_zone
from tables.notices.announce import announce
from tables.notices.tasks import rsvp_asked_notices
from tables.pages.night_ahead import night_ahead_page
from tables.pages.schedule_form import schedule_form_page
from tables.problems import sentences

SCHEDULED = gettext_lazy(
    "Scheduled. Send the players their answer links, or let them answer from My games."
)
SKIPPED = gettext_lazy("No night on that date: the repeat goes on after it.")
STOPPED = gettext_lazy("These nights are called off: no more dates, in no calendar.")
ASKED = gettext_lazy("Asked: each player with an account who has not answered gets a message.")
LINK_MADE = gettext_lazy(
    "A new answer link for %(player)s: copy it and send it. The old one no longer works."
)
LINK_REVOKED = gettext_lazy("%(player)s's answer link no longer works.")


def _night_url(schedule: Schedule, day: date) -> str:
    return reverse("night_ahead", args=[schedule.pk, day])


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def schedule_create(request: HttpRequest, table_id: int) -> HttpResponse:
    table = table_for_host(request, table_id)
    if request.method != "POST":
        last = table.schedules.order_by("-created_at").values_list("time_zone", flat=True).first()
        zone = likely_zone(request.LANGUAGE_CODE, last)
        form = ScheduleForm(initial={"time_zone": zone, "time": "20:00"})
        return responses.show(request, schedule_form_page(table, form))
    form = ScheduleForm(request.POST)
    if form.is_valid():
        data = form.cleaned_data
        try:
            schedule = schedule_services.schedule_create(
                table=table,
                by=request.user,
                first_date=data["first_date"],
                at=data["time"],
                time_zone=data["time_zone"],
                repeat=data["repeat"],
                place=data["place"],
                note=data["note"],
                until=data["until"],
            )
        except ServiceError as error:
            form.add_service_errors(error.problems)
        else:
            return responses.go(request, _night_url(schedule, schedule.first_date), str(SCHEDULED))
    return responses.refuse(request, schedule_form_page(table, form), form=form)


@login_required
@require_safe
def night_ahead(request: HttpRequest, schedule_id: int, day: date) -> HttpResponse:
    schedule = schedule_for_host(request, schedule_id, day)
    return responses.show(request, night_ahead_page(schedule, day))


@login_required
@require_POST
def night_ahead_skip(request: HttpRequest, schedule_id: int, day: date) -> HttpResponse:
    schedule = schedule_for_host(request, schedule_id, day)
    try:
        schedule_services.schedule_skip(schedule=schedule, day=day, by=request.user)
    except ServiceError as error:
        page = night_ahead_page(schedule, day)
        return responses.refuse(request, page, sentences(error.problems, {}))
    return responses.go(request, reverse("table_detail", args=[schedule.table_id]), str(SKIPPED))


@login_required
@require_POST
def schedule_stop(request: HttpRequest, schedule_id: int) -> HttpResponse:
    schedule = schedule_for_host(request, schedule_id)
    schedule_services.schedule_stop(schedule=schedule, by=request.user)
    return responses.go(request, reverse("table_detail", args=[schedule.table_id]), str(STOPPED))


@login_required
@require_POST
def night_ahead_ask(request: HttpRequest, schedule_id: int, day: date) -> HttpResponse:
    schedule = schedule_for_host(request, schedule_id, day)
    announce(request, rsvp_asked_notices, schedule.pk, day.isoformat())
    return responses.go(request, _night_url(schedule, day), str(ASKED))


def _back(request: HttpRequest, fallback: str) -> str:
    """Back to the night the host came from (its address, posted), else ``fallback``."""
    back = request.POST.get("next", "")
    return back if back.startswith("/ahead/") else fallback


@login_required
@require_POST
def answer_link_create(request: HttpRequest, player_id: int) -> HttpResponse:
    player = player_for_host(request, player_id)
    schedule_services.rsvp_link_create(player=player, by=request.user)
    message = str(LINK_MADE) % {"player": player.name}
    back = _back(request, reverse("table_detail", args=[player.table_id]))
    return responses.go(request, back, message)


@login_required
@require_POST
def answer_link_revoke(request: HttpRequest, player_id: int) -> HttpResponse:
    player = player_for_host(request, player_id)
    for link in player.rsvp_links.filter(revoked_at=None):
        schedule_services.rsvp_link_revoke(link=link, by=request.user)
    message = str(LINK_REVOKED) % {"player": player.name}
    back = _back(request, reverse("table_detail", args=[player.table_id]))
    return responses.go(request, back, message)
