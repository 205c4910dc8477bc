"""The night's main screen: record a hand, check it live, undo the last one, correct one."""

import re
import uuid
from dataclasses import dataclass, field

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from ledger import errors as err
from ledger import selectors
from ledger.errors import Conflict, InvalidInput, ServiceError
from ledger.models import Hand, Night
from ledger.models.nights import REASON_MAX_LENGTH
from ledger.rules.errors import Code, gettext_noop
from ledger.services import corrections as correction_services
from ledger.services import hands as hand_services
from tables import forms_hand, presenters
from tables.access import night_for_host
from tables.forms_hand import HandForm, Person
from tables.problems import sentence, sentences
from tables.views.night_common import links, roster, standings

UNDO_STALE = Code(
    "undo_stale", gettext_noop("Hand {number} is now the last hand: check it before undoing it.")
)
CORRECTION_STALE = Code(
    "correction_stale",
    gettext_noop("Hand {number} was changed since this page was opened: check it again."),
)
HAND_UNDONE = "Hand {number} was undone; record it again when ready."
HAND_CORRECTED = "Hand {number} was corrected."

_KEY = re.compile(r"[0-9a-f]{1,64}")


@dataclass
class Check:
    summary: str
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems


def _posted_int(request: HttpRequest, name: str) -> int | None:
    value = request.POST.get(name, "").strip()
    # int() refuses over 4,300 digits (a 500), and no hand number needs 19.
    return int(value) if value.isascii() and value.isdecimal() and len(value) <= 18 else None


def _closed(request: HttpRequest, night: Night) -> HttpResponse:
    messages.error(request, sentence(err.NIGHT_CLOSED()))
    return redirect("night_settlement", night.pk)


def _summary(form: HandForm, tricks_per_hand: int) -> str:
    names = {row.person.id: row.person.name for row in form.rows}
    if form.misdeal:
        return f"Misdeal: {names.get(form.dealer, 'the dealer')} deals again."
    stayers = form.stayers
    if not stayers:
        return "Nobody stays: the pot carries over."
    if len(stayers) == 1:
        return f"{stayers[0].person.name} stays alone and takes the pot."
    return f"Tricks {form.tricks_total()} of {tricks_per_hand}"


def _check(night: Night, form: HandForm, *, number: int, tricks_per_hand: int) -> Check:
    problems = list(form.problems)
    if form.number < number:
        problems.insert(0, err.HAND_ALREADY_RECORDED(number=form.number))
    if form.data is not None:
        problems.extend(selectors.hand_check(night, form.data))
    return Check(_summary(form, tricks_per_hand), sentences(problems, form.names))


def _dealer_choices(people: list[Person], default: int | None, last: Hand | None):
    previous = last.dealer_id if last else None
    for person in people:
        note = ""
        if person.id == default:
            note = " (deals by turn)"
        elif person.id == previous:
            note = " (same dealer)"
        yield person.id, person.name + note


def _ante_text(nxt: selectors.NextHand, house, names: dict[int, str]) -> list[str]:
    lines = [f"Ante {nxt.ante} each"]
    if house.escalating_ante and nxt.carry_streak:
        times = "once" if nxt.carry_streak == 1 else f"{nxt.carry_streak} times"
        lines[0] += f", doubled {times} after carryovers"
    if nxt.exempt:
        who = [names[p] for p in nxt.exempt if p in names]
        verb = "skips" if len(who) == 1 else "skip"
        lines.append(
            f"{presenters.join_names(who)} {verb} the ante (bourré or tied for most last hand)."
        )
    return lines


def _after(request: HttpRequest, hands: list[Hand], names: dict[int, str]) -> str | None:
    wanted = request.GET.get("after", "")
    hand = next((h for h in hands if str(h.number) == wanted), None)
    if hand is None:
        return None
    return f"Hand {hand.number}: " + presenters.describe_hand(hand.input, hand.result, names)


def _screen(
    request: HttpRequest,
    night: Night,
    form: HandForm | None = None,
    *,
    nxt: selectors.NextHand | None = None,
    people: list[Person] | None = None,
    status: int = 200,
) -> HttpResponse:
    """The hand screen; a POST that read the next hand and the roster passes them on."""
    house = night.house_rules
    nxt = nxt or selectors.next_hand(night)
    people = people if people is not None else roster(night)
    names = {p.id: p.name for p in people}
    if form is None:
        form = forms_hand.initial(
            people, number=nxt.number, dealer=nxt.dealer_id, exempt=nxt.exempt
        )
    recent = list(selectors.live_hands(night).only("number", "input", "result", "dealer_id"))
    last = recent[-1] if recent else None
    rows, pot = standings(night)
    context = {
        "night": night,
        "house": house,
        "next": nxt,
        "form": form,
        "dealer_choices": list(
            _dealer_choices([p for p in people if p.active], nxt.dealer_id, last)
        ),
        "ante_lines": _ante_text(nxt, house, names),
        "check": _check(night, form, number=nxt.number, tricks_per_hand=house.tricks_per_hand),
        "after": _after(request, recent, names),
        "standings": rows,
        "pot": pot,
        "last_hand": last,
        "key": uuid.uuid4().hex,
        "links": links(night),
    }
    return render(request, "nights/night.html", context, status=status)


@login_required
@require_safe
def night_detail(request: HttpRequest, night_id: int) -> HttpResponse:
    night = night_for_host(request, night_id)
    if night.is_closed:
        return redirect("night_settlement", night.pk)
    return _screen(request, night)


@login_required
@require_POST
def hand_check(request: HttpRequest, night_id: int) -> HttpResponse:
    """The live check as the host taps: the referee's verdict, nothing written."""
    night = night_for_host(request, night_id)
    if night.is_closed and not request.htmx:
        return redirect("night_settlement", night.pk)
    nxt = selectors.next_hand(night)
    people = roster(night)
    number = _posted_int(request, "number") or nxt.number
    form = forms_hand.from_post(request.POST, people, number=number, exempt=nxt.exempt)
    if not request.htmx:
        return _screen(request, night, form, nxt=nxt, people=people)
    house = night.house_rules
    check = _check(night, form, number=nxt.number, tricks_per_hand=house.tricks_per_hand)
    return render(request, "nights/night.html#hand_check", {"check": check})


@login_required
@require_POST
def hand_record(request: HttpRequest, night_id: int) -> HttpResponse:
    night = night_for_host(request, night_id)
    if night.is_closed:
        return _closed(request, night)
    number = _posted_int(request, "number")
    if number is None:
        messages.error(request, sentence(forms_hand.NUMBER_MISSING()))
        return redirect("night_detail", night.pk)
    nxt = selectors.next_hand(night)
    people = roster(night)
    form = forms_hand.from_post(request.POST, people, number=number, exempt=nxt.exempt)
    if form.data is None:
        return _screen(request, night, form, nxt=nxt, people=people, status=400)
    key = request.POST.get("key", "")
    try:
        hand = hand_services.hand_record(
            night=night,
            expected_number=number,
            hand=form.data,
            by=request.user,
            idempotency_key=key if _KEY.fullmatch(key) else "",
        )
    except Conflict as error:
        for message in sentences(error.problems, form.names):
            messages.error(request, message)
        return redirect("night_detail", night.pk)
    except InvalidInput as error:
        form.problems = error.problems
        return _screen(request, night, form, nxt=nxt, people=people, status=400)
    return redirect(reverse("night_detail", args=[night.pk]) + f"?after={hand.number}")


def _hand_lines(hand: Hand, names: dict[int, str]) -> str:
    return presenters.describe_hand(hand.input, hand.result, names)


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def hand_undo(request: HttpRequest, night_id: int) -> HttpResponse:
    night = night_for_host(request, night_id)
    if night.is_closed:
        return _closed(request, night)
    names = {p.id: p.name for p in roster(night)}
    errors: list[str] = []
    status = 200
    if request.method == "POST":
        status = 400
        number = _posted_int(request, "number")
        revision = _posted_int(request, "revision")
        if number is None or revision is None:
            last = selectors.live_hands(night).last()
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
                errors = sentences(error.problems, names)
                status = 409 if isinstance(error, Conflict) else 400
            else:
                messages.success(request, HAND_UNDONE.format(number=undone.number))
                return redirect("night_detail", night.pk)
    last = selectors.live_hands(night).last()
    context = {
        "night": night,
        "last": last,
        "last_text": _hand_lines(last, names) if last else None,
        "last_dealer": names.get(last.dealer_id) if last else None,
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
    # The newest revision: live, or the undo that took the hand back.
    hand = _newest_revision(night, number)
    if hand is None or (not hand.live and request.method != "POST"):
        raise Http404(sentence(err.HAND_NOT_FOUND(number=number)))
    if not hand.live:
        # Undone since this page was opened (the service refuses it too, under the lock).
        return _changed(request, night, [_hand_changed(hand)])
    everyone = roster(night)
    names = {p.id: p.name for p in everyone}
    # The hand is corrected among the players on the roster when it was played.
    people = [Person(p.id, p.name, p.position) for p in everyone if p.id in hand.roster]
    preview = None
    reason = ""
    status = 200
    if request.method != "POST":
        form = forms_hand.from_input(people, number=number, data=hand.input)
    else:
        form = forms_hand.from_post(request.POST, people, number=number)
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
                    messages.success(request, HAND_CORRECTED.format(number=number))
                    return redirect("night_detail", night.pk)
                preview = _preview(night, number, form, names, revision)
            except Conflict as error:
                form.problems = error.problems
                status = 409
                # Show the hand as it is now, so the host checks it and may try again.
                hand = _newest_revision(night, number) or hand
            except InvalidInput as error:
                form.problems = error.problems
        if not hand.live:
            return _changed(request, night, form.errors)
    context = {
        "night": night,
        "hand": hand,
        "form": form,
        "reason": reason,
        "reason_max": REASON_MAX_LENGTH,
        "was": _hand_lines(hand, names),
        "dealer_choices": [(p.id, p.name) for p in people],
        "preview": preview,
        "links": links(night),
    }
    if form.errors and status == 200:
        status = 400
    return render(request, "nights/correct.html", context, status=status)


def _newest_revision(night: Night, number: int) -> Hand | None:
    return Hand.objects.filter(night=night, number=number).order_by("-revision").first()


def _hand_changed(hand: Hand) -> str:
    return sentence(err.HAND_CHANGED[hand.kind](number=hand.number, revision=hand.revision))


def _changed(request: HttpRequest, night: Night, errors: list[str]) -> HttpResponse:
    """The hand being corrected is no longer live: say why on the hand screen."""
    for message in errors:
        messages.error(request, message)
    return redirect("night_detail", night.pk)


def _preview(
    night: Night, number: int, form: HandForm, names: dict[int, str], revision: int
) -> dict:
    effect = correction_services.hand_correction_preview(
        night=night, number=number, hand=form.data, expected_revision=revision
    )
    balances = selectors.night_balances(night)
    rows = []
    for player_id, now in balances.items():
        change = effect.balance_changes.get(player_id, 0)
        rows.append(
            {
                "name": names[player_id],
                "now": presenters.chips(now),
                "change": presenters.chips(change),
                "after": presenters.chips(now + change),
                "css": presenters.sign_class(change),
            }
        )
    return {"rows": rows, "pot_before": effect.pot_before, "pot_after": effect.pot_after}
