"""A hand sent from a phone's outbox: entered with no connection, sent once it is back.

The phone sends each hand as the hand screen's form would post it, with its key and the
hand it was entered after (``after``, ``after_revision``: the number and revision of the
night's last hand on that phone). The answer says what became of it, for hand.js's outbox
to act on:

- ``recorded``: written now, or already (the same key: an answer lost on the way);
- ``stale``: the night changed on another phone since the hand was entered; nothing is
  written, and both versions come back in words, for the host to record it again on top
  or to drop it;
- ``refused``: the referee refuses it (the server's sentences), to correct or drop.
"""

from collections.abc import Mapping
from dataclasses import dataclass, field

from django.utils.translation import gettext, pgettext

from ledger.selectors.hand_screen import HandScreen, hand_with_key
from ledger.selectors.last_hand import live_hand
from tables import hand_entry, presenters
from tables.forms import hand as hand_form
from tables.forms.hand import HandForm
from tables.pages.hand_screen import check
from tables.problems import sentence, sentences
from tables.submission_keys import posted_key

RECORDED = "recorded"
STALE = "stale"
REFUSED = "refused"


@dataclass(frozen=True)
class Sent:
    """What became of a hand sent from the outbox, as hand.js reads it (``as_data``)."""

    status: str
    number: int | None = None
    revision: int | None = None
    problems: list[str] = field(default_factory=list)
    # A stale hand: the night's last hand now (its number and revision, what a hand
    # recorded again on top is entered after), and both versions of the hand in words.
    after: int = 0
    after_revision: int = 0
    theirs: str = ""
    ours: str = ""

    def as_data(self) -> dict:
        return {
            "status": self.status,
            "number": self.number,
            "revision": self.revision,
            "problems": self.problems,
            "after": self.after,
            "after_revision": self.after_revision,
            "theirs": self.theirs,
            "ours": self.ours,
        }


def _last(screen: HandScreen) -> tuple[int, int]:
    last = screen.last_hand
    return (last.number, last.revision) if last is not None else (0, 0)


def send(screen: HandScreen, post: Mapping[str, str], *, by) -> Sent:
    """Record the hand ``post`` carries if the night is still as the phone last knew it;
    answer as recorded a hand its key already recorded."""
    number = hand_entry.posted_number(post)
    key = posted_key(post)
    if number is None or not key:
        return Sent(REFUSED, problems=[sentence(hand_form.NUMBER_MISSING())])
    earlier = hand_with_key(screen.night, key)
    if earlier is not None:
        return _answered(screen, post, number, earlier)
    after = (
        hand_entry.whole_number(post.get("after", "")),
        hand_entry.whole_number(post.get("after_revision", "")),
    )
    if after != _last(screen):
        return _stale(screen, post, number, [])
    outcome = hand_entry.record(screen, post, by=by)
    match outcome:
        case hand_entry.Recorded(hand=hand):
            return Sent(RECORDED, number=hand.number, revision=hand.revision)
        case hand_entry.Refused(form=form):
            return Sent(REFUSED, number=number, problems=form.errors)
        case hand_entry.Asked(form=form):
            # The outbox sends the host's "yes" with the hand; asked again, the hand
            # changed under it: said as the live check would say it.
            return Sent(REFUSED, number=number, problems=[_asked(screen, form)])
        case hand_entry.Stale(problems=problems):
            return _stale(screen, post, number, sentences(problems, screen.names))


def _answered(screen: HandScreen, post: Mapping[str, str], number: int, earlier) -> Sent:
    """A key already used: the same hand, recorded (never twice), or the key of another."""
    if earlier.number == number:
        return Sent(RECORDED, number=earlier.number, revision=earlier.revision)
    return _stale(screen, post, number, [])


def _stale(screen: HandScreen, post: Mapping[str, str], number: int, problems) -> Sent:
    last_number, last_revision = _last(screen)
    theirs = live_hand(screen.night, number) if number <= last_number else screen.last_hand
    return Sent(
        STALE,
        number=number,
        problems=list(problems),
        after=last_number,
        after_revision=last_revision,
        theirs=_described(theirs, screen.names) if theirs is not None else "",
        ours=tapped_text(hand_entry.tapped(screen, post, number)),
    )


def _described(hand, names) -> str:
    text = presenters.hand_text(hand, names)
    return pgettext("hand played", "Hand %(number)s, dealt by %(dealer)s: %(summary)s") % {
        "number": text.number,
        "dealer": text.dealer,
        "summary": text.summary,
    }


def tapped_text(form: HandForm) -> str:
    """A hand as this phone entered it, in words: its dealer, and who stayed with how many
    tricks, before the referee has settled it."""
    names = {row.person.id: row.person.name for row in form.rows}
    dealer = names.get(form.dealer, "?")
    if form.misdeal:
        summary = gettext("Misdeal: %(dealer)s deals again.") % {"dealer": dealer}
    elif not form.stayers:
        summary = gettext("Nobody stays: the pot carries over.")
    else:
        stayers = ", ".join(f"{row.person.name} {row.tricks or '?'}" for row in form.stayers)
        summary = gettext("Stayed, with their tricks: %(stayers)s; the others folded.") % {
            "stayers": stayers
        }
    return pgettext(
        "hand played", "Hand %(number)s as entered here, dealt by %(dealer)s: %(summary)s"
    ) % {
        "number": form.number,
        "dealer": dealer,
        "summary": summary,
    }


def _asked(screen: HandScreen, form: HandForm) -> str:
    return check(screen, form).summary
