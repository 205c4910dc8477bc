"""The night's main screen: record a hand, check it live, undo the last one, correct one."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext_lazy, pgettext_lazy
from django.views.decorators.http import require_http_methods, require_POST, require_safe
from django_htmx.http import replace_url

from ledger import errors as err
from ledger.errors import Conflict, InvalidInput, ServiceError
from ledger.models import Night
from ledger.rules.errors import Code, gettext_noop
from ledger.selectors.hand_changes import correct_screen, undo_screen, undone_input
from ledger.services import corrections as correction_services
from tables import hand_entry, responses, service_worker
from tables.access import hand_screen_for_runner, night_for_runner
from tables.forms import hand as hand_form
from tables.forms.correction_reason import reason_from_post
from tables.pages.hand_correct import hand_correct_page
from tables.pages.hand_screen import SCREEN, check_page, hand_screen_page
from tables.pages.hand_undo import hand_undo_page
from tables.problems import sentence, sentences

UNDO_STALE = Code(
    "undo_stale", gettext_noop("Hand {number} is now the last hand: check it before undoing it.")
)
CORRECTION_STALE = Code(
    "correction_stale",
    gettext_noop("Hand {number} was changed since this page was opened: check it again."),
)
HAND_UNDONE = pgettext_lazy(
    "hand played",
    "Hand %(number)s was undone: its taps are back on the screen; correct them and record it "
    "again.",
)
HAND_CORRECTED = pgettext_lazy("hand played", "Hand %(number)s was corrected.")
# What a refusal says first (templates/_refusal.html).
HAND_NOT_RECORDED = pgettext_lazy("hand played", "Hand %(number)s was not recorded.")
NOTHING_WRITTEN = gettext_lazy("Nothing was written; fix this and record again:")
NOTHING_CHANGED = gettext_lazy("Nothing was changed.")
# The hand screen's query after an undo: the undone hand's number, its taps shown again.
AGAIN = "again"
FIX_FIRST = gettext_lazy("Fix this first:")


def _closed(request: HttpRequest, night: Night) -> HttpResponse:
    return responses.go(
        request,
        reverse("night_settlement", args=[night.pk]),
        sentence(err.NIGHT_CLOSED()),
        level=messages.ERROR,
    )


@login_required
@require_safe
def night_detail(request: HttpRequest, night_id: int) -> HttpResponse:
    after = hand_entry.whole_number(request.GET.get("after", ""))
    screen = hand_screen_for_runner(request, night_id, after=after)
    if screen.night.is_closed:
        return redirect("night_settlement", screen.night.pk)
    # The card judge's links bring the hand back as the host left it, a renege maybe marked;
    # just undone (?again=<its number>), the hand's taps come back, to correct and record.
    again = hand_entry.whole_number(request.GET.get(AGAIN, ""))
    undone = undone_input(screen.night, again) if again == screen.next.number else None
    page = hand_screen_page(
        screen, renege=request.GET.get("renege", ""), carried=request.GET, again=undone
    )
    response = responses.show(request, page)
    # The host's own open night: the service worker keeps it to open with no connection.
    response[service_worker.KEEP_HEADER] = service_worker.KEEP_HAND_SCREEN
    return response


@login_required
@require_POST
def hand_check(request: HttpRequest, night_id: int) -> HttpResponse:
    """The live check as the host taps: the referee's verdict, nothing written. Without
    JavaScript (the Check button) the whole screen, the hand as tapped."""
    screen = hand_screen_for_runner(request, night_id)
    if screen.night.is_closed and not request.htmx:
        return redirect("night_settlement", screen.night.pk)
    number = hand_entry.posted_number(request.POST) or screen.next.number
    form = hand_entry.tapped(screen, request.POST, number)
    if request.htmx:
        return responses.show(request, check_page(screen, form))
    return responses.show(request, hand_screen_page(screen, form))


@login_required
@require_POST
def hand_record(request: HttpRequest, night_id: int) -> HttpResponse:
    """Record the next hand (tables.hand_entry). Without JavaScript the answer is a
    redirect to the screen; to htmx, the next hand's screen itself (one request a hand),
    the address set to the one the redirect would have led to."""
    # Read once, with the access check: the hand is read and settled from it, and the
    # screen shown next is made from it and the hand recorded.
    screen = hand_screen_for_runner(request, night_id)
    night = screen.night
    if night.is_closed:
        return _closed(request, night)
    outcome = hand_entry.record(screen, request.POST, by=request.user)
    part = responses.swapped(request, SCREEN)
    match outcome:
        case hand_entry.Recorded(hand=hand, screen=after):
            shown = reverse("night_detail", args=[night.pk]) + f"?after={hand.number}"
            if not request.htmx:
                return redirect(shown)
            page = hand_screen_page(after, part=SCREEN)
            return replace_url(responses.show(request, page), shown)
        case hand_entry.Asked(form=form, confirm=confirm):
            page = hand_screen_page(screen, form, confirm=confirm, part=part)
            return responses.show(request, page)
        case hand_entry.Refused(form=form):
            return responses.refuse(
                request,
                hand_screen_page(screen, form, part=part),
                form.errors,
                title=(HAND_NOT_RECORDED % {"number": form.number}, NOTHING_WRITTEN),
            )
        case hand_entry.Stale(problems=problems):
            for message in sentences(problems, screen.names):
                messages.error(request, message)
            return responses.go(request, reverse("night_detail", args=[night.pk]))


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def hand_undo(request: HttpRequest, night_id: int) -> HttpResponse:
    night = night_for_runner(request, night_id)
    if night.is_closed:
        return _closed(request, night)
    if request.method != "POST":
        return responses.show(request, hand_undo_page(undo_screen(night)))
    number = hand_entry.whole_number(request.POST.get("number", ""))
    revision = hand_entry.whole_number(request.POST.get("revision", ""))
    if number is None or revision is None:
        screen = undo_screen(night)
        last = screen.last
        problem = UNDO_STALE(number=last.number) if last else err.NOTHING_TO_UNDO()
        return responses.refuse(request, hand_undo_page(screen), [sentence(problem)])
    # The service compares what the page showed with the live hand under the night's
    # lock: checked here, another phone could still slip in between.
    try:
        undone = correction_services.hand_undo_last(
            night=night,
            by=request.user,
            reason=request.POST.get("reason", ""),
            expected_number=number,
            expected_revision=revision,
        )
    except ServiceError as error:
        # Read after the refusal, not before: the page shows the last hand as it now is.
        screen = undo_screen(night)
        return responses.refuse(
            request,
            hand_undo_page(screen),
            sentences(error.problems, screen.names),
            status=responses.CONFLICT if isinstance(error, Conflict) else responses.REFUSED,
        )
    return responses.go(
        request,
        reverse("night_detail", args=[night.pk]) + f"?{AGAIN}={undone.number}",
        HAND_UNDONE % {"number": undone.number},
    )


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def hand_correct(request: HttpRequest, night_id: int, number: int) -> HttpResponse:
    night = night_for_runner(request, night_id)
    if night.is_closed:
        return _closed(request, night)
    screen = correct_screen(night, number)
    # The newest revision: live, or the undo that took the hand back.
    hand = screen.hand
    if hand is None or (not hand.live and request.method != "POST"):
        raise Http404(sentence(err.HAND_NOT_FOUND(number=number)))
    if not hand.live:
        # Undone since this page was opened (the service refuses it too, under the lock).
        return _changed(request, night, [_hand_changed(hand)])
    # The hand is corrected among the players on the roster when it was played.
    if request.method != "POST":
        form = hand_form.from_input(screen.players, number=number, data=hand.input)
        return responses.show(request, hand_correct_page(screen, form))
    form = hand_form.from_post(
        request.POST, screen.players, number=number, tricks_per_hand=screen.house.tricks_per_hand
    )
    reason = ""
    written, picked, typed = reason_from_post(request.POST)
    try:
        reason = correction_services.clean_reason(written, required_for=number)
    except InvalidInput as error:
        form.problems.extend(error.problems)
    # The revision this page showed; the service compares it with the live one under
    # the night's lock, so of two phones confirming at once only one wins.
    revision = hand_entry.whole_number(request.POST.get("revision", ""))
    if revision is None:
        form.problems.insert(0, CORRECTION_STALE(number=number))
    status = responses.REFUSED
    effect = None
    if not form.problems:
        try:
            if request.POST.get("action") == "confirm":
                correction_services.hand_correct(
                    night=night,
                    number=number,
                    hand=form.data,
                    reason=reason,
                    by=request.user,
                    expected_revision=revision,
                )
                return responses.go(
                    request,
                    reverse("night_detail", args=[night.pk]),
                    HAND_CORRECTED % {"number": number},
                )
            effect = correction_services.hand_correction_preview(
                night=night, number=number, hand=form.data, expected_revision=revision
            )
        except Conflict as error:
            form.problems = error.problems
            status = responses.CONFLICT
            # Another phone changed the hand: show it as it is now, so the host checks it
            # and may try again.
            screen = correct_screen(night, number)
            if screen.hand is None or not screen.hand.live:
                return _changed(request, night, form.errors)
        except InvalidInput as error:
            form.problems = error.problems
    page = hand_correct_page(screen, form, reason=reason, picked=picked, typed=typed, effect=effect)
    if not form.problems:
        return responses.show(request, page)
    return responses.refuse(
        request, page, form.errors, title=(NOTHING_CHANGED, FIX_FIRST), status=status
    )


def _hand_changed(hand) -> str:
    return sentence(err.HAND_CHANGED[hand.kind](number=hand.number, revision=hand.revision))


def _changed(request: HttpRequest, night: Night, errors: list[str]) -> HttpResponse:
    """The hand being corrected is no longer live: say why on the hand screen."""
    for message in errors:
        messages.error(request, message)
    return redirect("night_detail", night.pk)
