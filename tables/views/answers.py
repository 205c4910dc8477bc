"""Answering a night ahead (Yes, No, Maybe) from an account's My games or from a player's
own link; each night as a calendar file; an account's calendar address and its feed."""

from datetime import date

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext, gettext_lazy, pgettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from ledger.errors import ServiceError
from ledger.models import RsvpChoice
from ledger.selectors.schedules import (
    calendar_feed_for_token,
    calendar_feed_of,
    feed_nights,
    night_ahead,
)
from ledger.services import schedules as schedule_services
from tables import responses
from tables.access import (
    answer_link_for_token,
    schedule_for_link,
    schedule_for_member,
    schedule_for_seat,
)
from tables.calendars import ics_response
from tables.forms.schedules import AnswerForm
from tables.notices.announce import announce
from tables.notices.tasks import seat_freed_notices
from tables.pages.account_calendar import account_calendar_page
from tables.pages.answer_link import answer_link_page
from tables.pages.my_games import my_games_page
from tables.problems import sentences

CALENDAR_RESET = gettext_lazy(
    "Your calendar has a new address: add it to your calendar app. The old one stopped working."
)


def _answered(request: HttpRequest, answered, back: str) -> HttpResponse:
    if answered.moved_up:
        announce(request, seat_freed_notices, answered.answer.pk)
    choice = RsvpChoice(answered.answer.answer).label
    if answered.answer.player_id in answered.seating.waiting:
        place = answered.seating.waiting.index(answered.answer.player_id) + 1
        message = gettext(
            "Yes, but the seats are taken: you are number %(place)s on the waiting list."
        ) % {"place": place}
    else:
        message = pgettext("coming to a night", "Answered: %(answer)s.") % {"answer": choice}
    return responses.go(request, back, message)


@login_required
@require_POST
def my_answer(request: HttpRequest, schedule_id: int, day: date) -> HttpResponse:
    schedule, player = schedule_for_seat(request, schedule_id, day)
    form = AnswerForm(request.POST)
    back = reverse("my_games") + "#ahead-heading"
    problems = []
    if form.is_valid():
        try:
            answered = schedule_services.rsvp_answer(
                schedule=schedule,
                day=day,
                player=player,
                answer=form.cleaned_data["answer"],
                by=request.user,
            )
        except ServiceError as error:
            problems = sentences(error.problems, {})
        else:
            return _answered(request, answered, back)
    page = my_games_page(request.user)
    return responses.refuse(request, page, problems, form=form)


# The token is a credential, as a live link's: its pages stay out of search engines.
NOT_INDEXED = "noindex, nofollow"


@never_cache
@require_http_methods(["GET", "HEAD", "POST"])
def answer_link(request: HttpRequest, answer_token: str) -> HttpResponse:
    response = _answer_link(request, answer_token)
    response["X-Robots-Tag"] = NOT_INDEXED
    return response


def _answer_link(request: HttpRequest, token: str) -> HttpResponse:
    link = answer_link_for_token(token)
    page = answer_link_page(link.player, token)
    if request.method != "POST":
        return responses.show(request, page)
    form = AnswerForm(request.POST)
    problems = []
    try:
        schedule_id = int(request.POST.get("schedule", ""))
        day = date.fromisoformat(request.POST.get("day", ""))
    except ValueError:
        return responses.refuse(request, page, [gettext("That night is not on this page.")])
    schedule = schedule_for_link(link, schedule_id, day)
    if form.is_valid():
        try:
            answered = schedule_services.rsvp_answer(
                schedule=schedule,
                day=day,
                player=link.player,
                answer=form.cleaned_data["answer"],
                link=link,
            )
        except ServiceError as error:
            problems = sentences(error.problems, {})
        else:
            return _answered(request, answered, reverse("answer_link", args=[token]))
    return responses.refuse(request, page, problems, form=form)


def _ics(request: HttpRequest, schedule, day: date) -> HttpResponse:
    night = night_ahead(schedule, day).night
    return ics_response(
        [night],
        name=schedule.table.name,
        domain=request.get_host(),
        filename=f"bourre-{day.isoformat()}.ics",
    )


@login_required
@require_safe
def night_ahead_ics(request: HttpRequest, schedule_id: int, day: date) -> HttpResponse:
    return _ics(request, schedule_for_member(request, schedule_id, day), day)


@require_safe
def answer_link_ics(
    request: HttpRequest, answer_token: str, schedule_id: int, day: date
) -> HttpResponse:
    link = answer_link_for_token(answer_token)
    return _ics(request, schedule_for_link(link, schedule_id, day), day)


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def account_calendar(request: HttpRequest) -> HttpResponse:
    if request.method == "POST":
        schedule_services.calendar_feed_reset(user=request.user)
        return responses.go(request, reverse("account_calendar"), str(CALENDAR_RESET))
    feed = calendar_feed_of(request.user)
    url = (
        request.build_absolute_uri(reverse("calendar_feed", args=[feed.token]))
        if feed is not None
        else ""
    )
    return responses.show(request, account_calendar_page(feed, url))


@never_cache
@require_safe
def calendar_feed(request: HttpRequest, feed_token: str) -> HttpResponse:
    """The feed a calendar app follows: the secret address is the only key to it."""
    feed = calendar_feed_for_token(feed_token)
    if feed is None or not feed.user.is_active:
        raise Http404
    nights = feed_nights(feed.user, timezone.now())
    response = ics_response(
        nights,
        name=gettext("Bourré nights"),
        domain=request.get_host(),
        filename="bourre.ics",
    )
    response["X-Robots-Tag"] = NOT_INDEXED
    return response
