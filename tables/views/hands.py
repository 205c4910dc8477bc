"""The night's main screen: record a hand, check it live, undo the last one, correct one."""

import re
import uuid
from dataclasses import dataclass, field

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString
from django.utils.translation import gettext, ngettext, npgettext, pgettext_lazy
from django.views.decorators.http import require_http_methods, require_POST, require_safe
from django_htmx.http import HttpResponseClientRedirect, replace_url

from ledger import errors as err
from ledger.errors import Conflict, InvalidInput, ServiceError
from ledger.models import Hand, Night
from ledger.models.nights import REASON_MAX_LENGTH
from ledger.rules.errors import Code, gettext_noop
from ledger.selectors.hand_changes import CorrectScreen, correct_screen, undo_screen
from ledger.selectors.hand_screen import HandScreen, hand_problems, hand_screen, screen_after
from ledger.selectors.seats import ids_of
from ledger.services import corrections as correction_services
from ledger.services import hands as hand_services
from tables import forms_hand, presenters
from tables.access import hand_screen_for_host, night_for_host
from tables.forms_hand import HandForm
from tables.problems import sentence, sentences
from tables.seat_words import seat_extras, seat_words
from tables.views.night_common import links

UNDO_STALE = Code(
    "undo_stale", gettext_noop("Hand {number} is now the last hand: check it before undoing it.")
)
CORRECTION_STALE = Code(
    "correction_stale",
    gettext_noop("Hand {number} was changed since this page was opened: check it again."),
)
HAND_UNDONE = pgettext_lazy(
    "hand played", "Hand %(number)s was undone; record it again when ready."
)
HAND_CORRECTED = pgettext_lazy("hand played", "Hand %(number)s was corrected.")

_KEY = re.compile(r"[0-9a-f]{1,64}")


# A hand that moves no card needs a second, deliberate tap: an untouched form would
# otherwise carry the pot over, and Misdeal sits next to Record.
CONFIRM_NOBODY = "nobody"
CONFIRM_MISDEAL = "misdeal"


@dataclass
class Check:
    summary: str
    problems: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # what the check read into the hand
    # Recording this hand asks again first ("nobody stays"); ``confirm``: it is asking now.
    asks: bool = False
    confirm: str = ""

    @property
    def ok(self) -> bool:
        return not self.problems


def _whole(value: str) -> int | None:
    value = value.strip()
    # int() refuses over 4,300 digits (a 500), and no hand number needs 19.
    return int(value) if value.isascii() and value.isdecimal() and len(value) <= 18 else None


def _posted_int(request: HttpRequest, name: str) -> int | None:
    return _whole(request.POST.get(name, ""))


def _go(request: HttpRequest, to: str) -> HttpResponse:
    """A redirect; to htmx, one for the whole page (the messages are shown on it)."""
    if request.htmx:
        return HttpResponseClientRedirect(to)
    return redirect(to)


def _closed(request: HttpRequest, night: Night) -> HttpResponse:
    messages.error(request, sentence(err.NIGHT_CLOSED()))
    return _go(request, reverse("night_settlement", args=[night.pk]))


def _summary(form: HandForm, tricks_per_hand: int) -> str:
    names = {row.person.id: row.person.name for row in form.rows}
    if form.misdeal:
        if form.dealer not in names:
            return gettext("Misdeal: the dealer deals again.")
        return gettext("Misdeal: %(dealer)s deals again.") % {"dealer": names[form.dealer]}
    stayers = form.stayers
    if not stayers:
        return gettext("Nobody stays: the pot carries over.")
    if len(stayers) == 1:
        return gettext("%(player)s stays alone and takes the pot.") % {
            "player": stayers[0].person.name
        }
    # Translators: the tricks entered so far against the tricks a hand has ("Tricks 3 of 5").
    return gettext("Tricks %(total)s of %(tricks)s") % {
        "total": form.tricks_total(),
        "tricks": tricks_per_hand,
    }


def _check(screen: HandScreen, form: HandForm, confirm: str = "") -> Check:
    problems = list(form.problems)
    if form.number < screen.next.number:
        problems.insert(0, err.HAND_ALREADY_RECORDED(number=form.number))
    if form.data is not None:
        problems.extend(hand_problems(screen, form.data))
    notes = [
        gettext("%(player)s stays with no tricks: bourré.") % {"player": row.person.name}
        for row in form.counted_bourre
    ]
    return Check(
        _summary(form, screen.house.tricks_per_hand),
        sentences(problems, screen.names),
        notes=notes,
        asks=not form.misdeal and not form.stayers,
        confirm=confirm if not problems else "",
    )


def _unconfirmed(request: HttpRequest, form: HandForm) -> str:
    """What a record must ask again before it writes (a misdeal, a hand nobody stayed
    in), unless the host already said yes to it; "" when it may record."""
    if form.misdeal:
        return "" if request.POST.get("misdeal") == CONFIRM_MISDEAL else CONFIRM_MISDEAL
    if not form.stayers:
        return "" if request.POST.get("confirm") == CONFIRM_NOBODY else CONFIRM_NOBODY
    return ""


def _dealer_choices(screen: HandScreen):
    previous = screen.last_hand.dealer_id if screen.last_hand else None
    for person in screen.at_table:
        if person.id == screen.next.dealer_id:
            yield person.id, gettext("%(name)s (deals by turn)") % {"name": person.name}
        elif person.id == previous:
            yield person.id, gettext("%(name)s (same dealer)") % {"name": person.name}
        else:
            yield person.id, person.name


def _ante_text(screen: HandScreen) -> list[str]:
    nxt, names = screen.next, screen.names
    ante = {"ante": presenters.whole(nxt.ante), "count": nxt.carry_streak}
    if not (screen.house.escalating_ante and nxt.carry_streak):
        lines = [gettext("Ante %(ante)s each") % ante]
    elif nxt.carry_streak == 1:
        lines = [gettext("Ante %(ante)s each, doubled once after carryovers") % ante]
    else:
        lines = [
            ngettext(
                "Ante %(ante)s each, doubled %(count)s time after carryovers",
                "Ante %(ante)s each, doubled %(count)s times after carryovers",
                nxt.carry_streak,
            )
            % ante
        ]
    if nxt.exempt:
        who = [names[p] for p in nxt.exempt if p in names]
        lines.append(
            npgettext(
                "hand played",
                "%(players)s skips the ante (bourré or tied for most last hand).",
                "%(players)s skip the ante (bourré or tied for most last hand).",
                len(who),
            )
            % {"players": presenters.join_names(who)}
        )
    return lines


def _screen(
    request: HttpRequest,
    screen: HandScreen,
    form: HandForm | None = None,
    *,
    status: int = 200,
    part: bool = False,
    confirm: str = "",
) -> HttpResponse:
    """The hand screen, from what its one selector read; a POST passes the form it read.
    ``part``: only what htmx swaps into the page's main element (the screen, its title).
    ``confirm``: the record asks again before writing (CONFIRM_NOBODY, CONFIRM_MISDEAL)."""
    nxt = screen.next
    if form is None:
        last = screen.last_hand
        form = forms_hand.initial(
            screen.in_turn,
            number=nxt.number,
            dealer=nxt.dealer_id,
            exempt=nxt.exempt,
            last_hand=(
                {"seated": last.input.get("seated", []), "roster": last.roster}
                if last is not None and last.input
                else None
            ),
        )
        forms_hand.premark_renege(form, request.GET.get("renege", ""))
    check = _check(screen, form, confirm)
    context = {
        "night": screen.night,
        "house": screen.house,
        "next": nxt,
        "form": form,
        "dealer_choices": list(_dealer_choices(screen)),
        "ante_lines": _ante_text(screen),
        "check": check,
        "trick_counts": _trick_counts(screen.house.tricks_per_hand),
        "seat_words": seat_words(),
        "seat_extras": seat_extras(form),
        "after": presenters.hand_text(screen.after, screen.names) if screen.after else None,
        "standings": screen.standings,
        "last_hand": screen.last_hand,
        "key": uuid.uuid4().hex,
        "links": links(screen.night),
        "part": part,
    }
    template = "nights/night.html#screen" if part else "nights/night.html"
    return render(request, template, context, status=status)


@dataclass(frozen=True)
class TrickCount:
    """A count a stayer's tricks are tapped from, as every seat row writes it: escaped for
    HTML once for the screen, not at each of the rows."""

    value: SafeString  # as the form posts it
    label: SafeString  # as a screen reader says it ("3 tricks")
    css: SafeString  # its button's classes (0 is bourré)


def _trick_counts(tricks_per_hand: int) -> list[TrickCount]:
    """The counts a stayer's tricks are tapped from, 0 to the hand's tricks, each worded
    once for the whole screen rather than once a player."""
    return [
        TrickCount(
            conditional_escape(str(count)),
            conditional_escape(
                ngettext("%(counter)s trick", "%(counter)s tricks", count) % {"counter": count}
            ),
            conditional_escape("choice count" if count else "choice count zero"),
        )
        for count in range(tricks_per_hand + 1)
    ]


@login_required
@require_safe
def night_detail(request: HttpRequest, night_id: int) -> HttpResponse:
    screen = hand_screen_for_host(request, night_id, after=_whole(request.GET.get("after", "")))
    if screen.night.is_closed:
        return redirect("night_settlement", screen.night.pk)
    return _screen(request, screen)


def _posted_hand(request: HttpRequest, screen: HandScreen, number: int) -> HandForm:
    """The hand as tapped, read one way for the live check and for Record: whatever the
    check calls ready is what Record writes."""
    return forms_hand.from_post(
        request.POST,
        screen.roster,
        number=number,
        exempt=screen.next.exempt,
        tricks_per_hand=screen.house.tricks_per_hand,
    )


@login_required
@require_POST
def hand_check(request: HttpRequest, night_id: int) -> HttpResponse:
    """The live check as the host taps: the referee's verdict, nothing written."""
    screen = hand_screen_for_host(request, night_id)
    night = screen.night
    if night.is_closed and not request.htmx:
        return redirect("night_settlement", night.pk)
    number = _posted_int(request, "number") or screen.next.number
    form = _posted_hand(request, screen, number)
    if not request.htmx:
        return _screen(request, screen, form)
    return render(request, "nights/night.html#hand_check", {"check": _check(screen, form)})


@login_required
@require_POST
def hand_record(request: HttpRequest, night_id: int) -> HttpResponse:
    """Record the next hand. Without JavaScript the answer is a redirect to the screen;
    to htmx, the screen itself (one request per hand), the address set to the one the
    redirect would have led to.

    A refused hand is shown again as it was, since nothing was written: with a 400, or to
    htmx with a 200 (it swaps no 4xx answer in: base.html's responseHandling)."""
    # Read once, with the access check: the form needs the roster, the service settles
    # the hand from the state read with it, and the screen shown next is made from both.
    screen = hand_screen_for_host(request, night_id)
    night = screen.night
    if night.is_closed:
        return _closed(request, night)
    number = _posted_int(request, "number")
    if number is None:
        messages.error(request, sentence(forms_hand.NUMBER_MISSING()))
        return _go(request, reverse("night_detail", args=[night.pk]))
    form = _posted_hand(request, screen, number)
    refused = 200 if request.htmx else 400
    if form.data is None:
        return _screen(request, screen, form, status=refused, part=bool(request.htmx))
    if request.POST.get("confirm") == CONFIRM_NOBODY and form.stayers:
        # "Yes, nobody stayed" answered a hand that has a stayer now (a tap after the
        # question, no live check without JavaScript): nothing written, the hand shown
        # again as it is.
        return _screen(request, screen, form, part=bool(request.htmx))
    confirm = _unconfirmed(request, form)
    if confirm:
        # Nothing written: the same hand shown again, asking for the second tap.
        return _screen(request, screen, form, part=bool(request.htmx), confirm=confirm)
    key = request.POST.get("key", "")
    try:
        hand = hand_services.hand_record(
            night=night,
            expected_number=number,
            hand=form.data,
            by=request.user,
            idempotency_key=key if _KEY.fullmatch(key) else "",
            seen=screen.snapshot,
        )
    except Conflict as error:
        for message in sentences(error.problems, screen.names):
            messages.error(request, message)
        return _go(request, reverse("night_detail", args=[night.pk]))
    except InvalidInput as error:
        form.problems = error.problems
        return _screen(request, screen, form, status=refused, part=bool(request.htmx))
    shown = reverse("night_detail", args=[night.pk]) + f"?after={hand.number}"
    if not request.htmx:
        return redirect(shown)
    # The hand just recorded on top of the screen read above, unless the service found
    # the night changed meanwhile (or the hand was an earlier tap's): then read it again.
    if hand.number == screen.next.number and list(hand.roster) == ids_of(screen.roster):
        after = screen_after(screen, hand)
    else:
        after = hand_screen(night, after=hand.number)
    return replace_url(_screen(request, after, part=True), shown)


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def hand_undo(request: HttpRequest, night_id: int) -> HttpResponse:
    night = night_for_host(request, night_id)
    if night.is_closed:
        return _closed(request, night)
    errors: list[str] = []
    refused: ServiceError | None = None
    status = 200
    screen = None
    if request.method == "POST":
        status = 400
        number = _posted_int(request, "number")
        revision = _posted_int(request, "revision")
        if number is None or revision is None:
            screen = undo_screen(night)
            last = screen.last
            problem = UNDO_STALE(number=last.number) if last else err.NOTHING_TO_UNDO()
            errors = [sentence(problem)]
        else:
            # The service compares what the page showed with the live hand under the
            # night's lock: checked here, another phone could still slip in between.
            try:
                undone = correction_services.hand_undo_last(
                    night=night,
                    by=request.user,
                    reason=request.POST.get("reason", ""),
                    expected_number=number,
                    expected_revision=revision,
                )
            except ServiceError as error:
                refused = error
                status = 409 if isinstance(error, Conflict) else 400
            else:
                messages.success(request, HAND_UNDONE % {"number": undone.number})
                return redirect("night_detail", night.pk)
    # Read after a refused undo, not before: the page shows the last hand as it now is.
    screen = screen or undo_screen(night)
    last = screen.last
    if refused is not None:
        errors = sentences(refused.problems, screen.names)
    context = {
        "night": night,
        "last": last,
        "last_text": presenters.hand_text(last, screen.names) if last else None,
        "errors": errors,
        "nothing": sentence(err.NOTHING_TO_UNDO()),
        "reason_max": REASON_MAX_LENGTH,
        "links": links(night),
    }
    return render(request, "nights/undo.html", context, status=status)


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def hand_correct(request: HttpRequest, night_id: int, number: int) -> HttpResponse:
    night = night_for_host(request, night_id)
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
    people = screen.players
    preview = None
    reason = ""
    status = 200
    if request.method != "POST":
        form = forms_hand.from_input(people, number=number, data=hand.input)
    else:
        form = forms_hand.from_post(
            request.POST, people, number=number, tricks_per_hand=screen.house.tricks_per_hand
        )
        try:
            reason = correction_services.clean_reason(
                request.POST.get("reason"), required_for=number
            )
        except InvalidInput as error:
            form.problems.extend(error.problems)
        # The revision this page showed; the service compares it with the live one
        # under the night's lock, so of two phones confirming at once only one wins.
        revision = _posted_int(request, "revision")
        if revision is None:
            form.problems.insert(0, CORRECTION_STALE(number=number))
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
                    messages.success(request, HAND_CORRECTED % {"number": number})
                    return redirect("night_detail", night.pk)
                preview = _preview(screen, number, form, revision)
            except Conflict as error:
                form.problems = error.problems
                status = 409
                # Another phone changed the hand: show it as it is now, so the host
                # checks it and may try again.
                screen = correct_screen(night, number)
                hand = screen.hand or hand
            except InvalidInput as error:
                form.problems = error.problems
        if not hand.live:
            return _changed(request, night, form.errors)
    context = {
        "night": night,
        "house": screen.house,
        "hand": hand,
        "form": form,
        "reason": reason,
        "reason_max": REASON_MAX_LENGTH,
        "was": presenters.hand_text(hand, screen.names),
        "dealer_choices": [(p.id, p.name) for p in people],
        "trick_counts": _trick_counts(screen.house.tricks_per_hand),
        "seat_words": seat_words(),
        "seat_extras": seat_extras(form),
        "preview": preview,
        "links": links(night),
    }
    if form.errors and status == 200:
        status = 400
    return render(request, "nights/correct.html", context, status=status)


def _hand_changed(hand: Hand) -> str:
    return sentence(err.HAND_CHANGED[hand.kind](number=hand.number, revision=hand.revision))


def _changed(request: HttpRequest, night: Night, errors: list[str]) -> HttpResponse:
    """The hand being corrected is no longer live: say why on the hand screen."""
    for message in errors:
        messages.error(request, message)
    return redirect("night_detail", night.pk)


def _preview(screen: CorrectScreen, number: int, form: HandForm, revision: int) -> dict:
    effect = correction_services.hand_correction_preview(
        night=screen.night, number=number, hand=form.data, expected_revision=revision
    )
    rows = []
    for row in screen.standings.rows:
        change = effect.balance_changes.get(row.player.id, 0)
        rows.append(
            {
                "name": row.player.name,
                "now": presenters.chips(row.chips),
                "change": presenters.chips(change),
                "after": presenters.chips(row.chips + change),
                "css": presenters.sign_class(change),
            }
        )
    return {"rows": rows, "pot_before": effect.pot_before, "pot_after": effect.pot_after}
