"""The hand loop: a hand tapped on the hand screen, read, checked, confirmed, recorded.

Everything between the host's taps and ``ledger.services.hands.hand_record`` happens here,
in one place, so the live check and Record read a hand the same way and agree on it:

- **read** (``tapped``): the posted taps as a ``tables.forms.hand.HandForm``, its hand
  data or the problems it could not read;
- **checked** (``problems``): what the referee would refuse, against the state the screen
  was read with (nothing more is read);
- **confirmed** (``unconfirmed``): a hand that moves no card — nobody stayed, a misdeal —
  needs a second, deliberate tap, since an untouched form would otherwise carry the pot
  over, and Misdeal sits next to Record;
- **recorded** (``record``): with the form's key (a retry writes once) and the screen's
  snapshot (the service checks under the night's lock that no other phone changed the
  night since, and reads nothing more otherwise); the next hand's screen follows from the
  hand just written.

``record`` answers with what happened (``Recorded``, ``Asked``, ``Refused``, ``Stale``);
the view turns that into a response.
"""

from collections.abc import Mapping
from dataclasses import dataclass

from ledger import errors as err
from ledger import rules
from ledger.errors import Conflict, InvalidInput
from ledger.models import Hand
from ledger.selectors.hand_screen import HandScreen, hand_problems, hand_screen, screen_after
from ledger.services import hands as hand_services
from tables.forms import hand as hand_form
from tables.forms.hand import HandForm
from tables.submission_keys import posted_key

CONFIRM_NOBODY = "nobody"
CONFIRM_MISDEAL = "misdeal"


def whole_number(value: str) -> int | None:
    """A number the form posts (a hand's number, a revision), or None."""
    value = value.strip()
    # int() refuses over 4,300 digits (a 500), and no hand number needs 19.
    return int(value) if value.isascii() and value.isdecimal() and len(value) <= 18 else None


def posted_number(post: Mapping[str, str]) -> int | None:
    """The hand number the form was drawn for."""
    return whole_number(post.get("number", ""))


def tapped(screen: HandScreen, post: Mapping[str, str], number: int) -> HandForm:
    """The hand as tapped, read one way for the live check and for Record: whatever the
    check calls ready is what Record writes."""
    return hand_form.from_post(
        post,
        screen.roster,
        number=number,
        exempt=screen.next.exempt,
        tricks_per_hand=screen.house.tricks_per_hand,
    )


def problems(screen: HandScreen, form: HandForm) -> list[rules.Problem]:
    """What is wrong with the tapped hand as the screen's next hand: what the form could
    not read, a number already recorded, and what the referee refuses."""
    found = list(form.problems)
    if form.number < screen.next.number:
        found.insert(0, err.HAND_ALREADY_RECORDED(number=form.number))
    if form.data is not None:
        # A hand Record was refused for carries the service's problems already, which
        # are the referee's: each is said once.
        for problem in hand_problems(screen, form.data):
            if problem not in found:
                found.append(problem)
    return found


def asks(form: HandForm) -> bool:
    """Recording this hand asks again first."""
    return not form.misdeal and not form.stayers


def unconfirmed(post: Mapping[str, str], form: HandForm) -> str:
    """What a record must ask again before it writes (CONFIRM_MISDEAL, CONFIRM_NOBODY),
    unless the host already said yes to it; "" when it may record."""
    if form.misdeal:
        return "" if post.get("misdeal") == CONFIRM_MISDEAL else CONFIRM_MISDEAL
    if not form.stayers:
        return "" if post.get("confirm") == CONFIRM_NOBODY else CONFIRM_NOBODY
    return ""


@dataclass(frozen=True)
class Recorded:
    hand: Hand
    screen: HandScreen  # the next hand's, describing the one just recorded


@dataclass(frozen=True)
class Asked:
    """Nothing written: the same hand shown again. ``confirm``: the question it asks
    ("" when a "yes" answered a question the hand no longer raises)."""

    form: HandForm
    confirm: str = ""


@dataclass(frozen=True)
class Refused:
    """Nothing written: the hand breaks a rule (``form.problems`` say which)."""

    form: HandForm


@dataclass(frozen=True)
class Stale:
    """Nothing written: the screen is out of date (another phone recorded, or the form
    lost its number). The host is sent to the screen as it now is, these problems on top
    of it (an alert that takes the focus, base.html)."""

    problems: list[rules.Problem]


def record(
    screen: HandScreen, post: Mapping[str, str], *, by
) -> Recorded | Asked | Refused | Stale:
    """Record the tapped hand as the screen's next one, if it may be."""
    number = posted_number(post)
    if number is None:
        return Stale([hand_form.NUMBER_MISSING()])
    form = tapped(screen, post, number)
    if form.data is None:
        return Refused(form)
    if post.get("confirm") == CONFIRM_NOBODY and form.stayers:
        # "Yes, nobody stayed" answered a hand that has a stayer now (a tap after the
        # question, no live check without JavaScript): the hand shown again as it is.
        return Asked(form)
    confirm = unconfirmed(post, form)
    if confirm:
        return Asked(form, confirm)
    seen = screen.snapshot
    try:
        hand = hand_services.hand_record(
            night=screen.night,
            expected_number=number,
            hand=form.data,
            by=by,
            idempotency_key=posted_key(post),
            seen=seen,
        )
    except Conflict as error:
        return Stale(error.problems)
    except InvalidInput as error:
        form.problems = error.problems
        return Refused(form)
    # The hand just recorded on top of the screen read above, unless the service found
    # the night changed meanwhile (another phone's correction may have moved the balances
    # and left the last hand as it was) or the hand was an earlier tap's: then read it again.
    if getattr(hand, "settled_on", None) is seen:
        return Recorded(hand, screen_after(screen, hand))
    return Recorded(hand, hand_screen(screen.night, after=hand.number))
