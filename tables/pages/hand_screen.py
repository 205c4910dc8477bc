"""The night's hand screen: the next hand to tap, the live check and Record in the bar at
its foot, what the last hand did, tonight's balances. With htmx a recorded hand answers
with the next hand's screen (SCREEN, swapped into <main>) and each tap's live check with
the check alone (CHECK)."""

import json
from collections.abc import Mapping
from dataclasses import dataclass, field

from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext, ngettext, npgettext, pgettext

from ledger import rules
from ledger.rules import errors as rules_errors
from ledger.selectors.hand_screen import HandScreen
from ledger.selectors.seats import ids_of
from tables import hand_entry, presenters, service_worker
from tables.forms import hand as hand_form
from tables.forms.hand import HandForm
from tables.night_links import links
from tables.phone_referee import phone_texts, referee_data
from tables.problems import sentence, sentences
from tables.responses import Page
from tables.seat_words import seat_extras, seat_words, trick_counts
from tables.submission_keys import new_key

TEMPLATE = "nights/night.html"
SCREEN = "screen"
CHECK = "hand_check"


@dataclass
class Check:
    summary: str
    problems: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # what the check read into the hand
    # Recording this hand asks again first ("nobody stays"); ``confirm``: it is asking now.
    asks: bool = False
    confirm: str = ""
    # What Record will do, said before it, when the hand is not plain (``plain``).
    will: str = ""

    @property
    def ok(self) -> bool:
        return not self.problems


def hand_screen_page(
    screen: HandScreen,
    form: HandForm | None = None,
    *,
    confirm: str = "",
    renege: str = "",
    carried: Mapping[str, str] | None = None,
    again: Mapping | None = None,
    part: str | None = None,
) -> Page:
    """The screen from what its one selector read; a POST passes the form it read.
    ``confirm``: the record asks again before writing (hand_entry.CONFIRM_*); ``renege``:
    a player id whose renege the card judge marked; ``carried``: the hand's taps the card
    judge brought back (its link's query); ``again``: the stored input of the next hand,
    just undone, its taps shown to record again."""
    if form is None and again is not None:
        form = hand_form.again(
            screen.roster, number=screen.next.number, exempt=screen.next.exempt, data=again
        )
    if form is None:
        form = carried_hand(screen, carried or {}, renege)
    context = {
        "night": screen.night,
        "house": screen.house,
        "next": screen.next,
        "form": form,
        "dealer_choices": list(_dealer_choices(screen)),
        "ante_lines": _ante_text(screen),
        "check": check(screen, form, confirm),
        "trick_counts": trick_counts(screen.house.tricks_per_hand),
        "seat_words": seat_words(),
        "seat_extras": seat_extras(form),
        "after": presenters.hand_text(screen.after, screen.names) if screen.after else None,
        "standings": screen.standings,
        "last_hand": screen.last_hand,
        "key": new_key(),
        "links": links(screen.night),
        "judge_url": _judge_url(screen, form),
        "offline": json.dumps(offline_data(screen)),
        "phone_words": json.dumps(phone_texts()),
    }
    return Page(TEMPLATE, context, part)


def carried_hand(screen: HandScreen, carried: Mapping[str, str], renege: str) -> HandForm:
    """The next hand: blank, or as the host left it for the card judge (``carried``, the
    taps its link brings back, for this hand only), with ``renege`` marked on it. A hand
    the judge touched is read as a posted one, so the check says what Record would: a
    reneger and the others who stayed, never a lone stayer who takes the pot unasked."""
    number = hand_entry.posted_number(carried)
    taps = None
    if number == screen.next.number and carried.get("dealer"):
        taps = {key: carried.get(key, "") for key in carried}
    if taps is None and not renege:
        return blank_hand(screen)
    if taps is None:
        taps = dict(hand_form.taps_of(blank_hand(screen)))
    if renege:
        taps = hand_form.premark_renege(taps, renege, screen.roster)
    return hand_entry.tapped(screen, taps, screen.next.number)


def _judge_url(screen: HandScreen, form: HandForm) -> str:
    """The card judge, carrying the hand as tapped when someone stays (without
    JavaScript: as the Check last read it; hand.js carries the taps of the moment)."""
    address = reverse("night_judge", args=[screen.night.pk])
    if not any(row.stays or row.reneges for row in form.rows):
        return address
    return f"{address}?{urlencode(hand_form.taps_of(form))}"


def check_page(screen: HandScreen, form: HandForm) -> Page:
    """The live check alone, for htmx as the host taps."""
    return Page(TEMPLATE, {"check": check(screen, form)}, CHECK)


def blank_hand(screen: HandScreen) -> HandForm:
    nxt, last = screen.next, screen.last_hand
    return hand_form.initial(
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


def check(screen: HandScreen, form: HandForm, confirm: str = "") -> Check:
    problems = hand_entry.problems(screen, form)
    notes = [
        gettext("%(player)s stays with no tricks: bourré.") % {"player": row.person.name}
        for row in form.counted_bourre
    ]
    asks = hand_entry.asks(form)
    will = ""
    if not problems and not asks and form.data is not None:
        result, _ = rules.settle_hand(screen.house, screen.state, form.data)
        if not plain(form.data, result):
            will = presenters.describe_hand(
                rules.input_to_json(form.data), rules.result_to_json(result), screen.names
            )
    return Check(
        _summary(form, screen.house.tricks_per_hand),
        sentences(problems, screen.names),
        notes=notes,
        asks=asks,
        confirm=confirm if not problems else "",
        will=will,
    )


def plain(hand: rules.HandInput, result: rules.HandResult) -> bool:
    """A hand the check's summary says all of: a misdeal, or one winner takes the pot,
    nobody reneged, no ante given back. Otherwise Record says first what it will do
    (and the phone's referee the same: static/js/hand_check.js, plain)."""
    return result.misdeal or (
        result.winner is not None and not hand.reneged and not any(result.ante_refunds.values())
    )


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
        if stayers[0].reneges:
            # Marked from the card judge: cards were played, so others stayed too.
            return gettext("%(player)s reneged: tap the others who stayed, and the tricks.") % {
                "player": stayers[0].person.name
            }
        return gettext("%(player)s stays alone and takes the pot.") % {
            "player": stayers[0].person.name
        }
    # Translators: the tricks entered so far against the tricks a hand has ("Tricks 3 of 5").
    return gettext("Tricks %(total)s of %(tricks)s") % {
        "total": form.tricks_total(),
        "tricks": tricks_per_hand,
    }


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


# Where a number goes in a text hand.js fills in (the outbox's status, the next hand's
# heading): a mark no translation has.
NUMBER = "{number}"
COUNT = "{count}"
NAME = "{name}"


def offline_data(screen: HandScreen) -> dict:
    """What hand.js needs to keep the screen working with no connection: the night as this
    screen shows it (its last hand, its seats for the next deal, static/js/next_deal.js),
    where to send the outbox, and the words it shows, in the host's language."""
    last = screen.last_hand
    night = screen.night
    return {
        "night": night.pk,
        "user": service_worker.user_tag(night.table.owner_id),
        "send": reverse("hand_send", args=[night.pk]),
        "page": reverse("night_detail", args=[night.pk]),
        "after": last.number if last else 0,
        "afterRevision": last.revision if last else 0,
        "number": screen.next.number,
        "limit": rules.MAX_HANDS,
        "roster": ids_of(screen.roster),
        "active": [player.id for player in screen.at_table],
        "names": {player.id: player.name for player in screen.at_table},
        "dealer": screen.next.dealer_id,
        "lastDealer": last.dealer_id if last else None,
        "texts": _offline_texts(),
        "tooMany": sentence(
            rules_errors.NIGHT_TOO_LONG(hand=rules.MAX_HANDS + 1, limit=rules.MAX_HANDS)
        ),
        # The live check, the pot and the balances after each hand, worked out on the phone.
        "referee": referee_data(screen),
    }


def _offline_texts() -> dict[str, str]:
    number = {"number": NUMBER}
    # Every language here says "1 hand" with its singular and 2 or more with its plural
    # (tests/tables/pages/test_hand_screen_offline.py checks so): the status is shown
    # only with a hand waiting.
    return {
        "hand": pgettext("hand played", "Hand %(number)s") % number,
        "record": pgettext("hand played", "Record hand %(number)s") % number,
        # The dealer's choices, as _dealer_choices words them.
        "byTurn": gettext("%(name)s (deals by turn)") % {"name": NAME},
        "sameDealer": gettext("%(name)s (same dealer)") % {"name": NAME},
        "offline": gettext("Offline"),
        "sending": gettext("Sending"),
        "waitingOne": _waiting(1),
        "waitingMany": _waiting(2),
        "asOf": pgettext("hand played", "pot and balances as of hand %(number)s") % number,
        "asOfStart": gettext("pot and balances as of the night's start"),
        "kept": pgettext("hand played", "Hand %(number)s is kept on this phone, to be sent.")
        % number,
        "undo": pgettext("hand played", "Undo hand %(number)s") % number,
        "stale": pgettext(
            "hand played", "Hand %(number)s was not sent: another phone changed the night."
        )
        % number,
        "recordAgain": gettext("Record it again on top"),
        "drop": gettext("Drop it"),
        "refused": pgettext("hand played", "Hand %(number)s was not recorded.") % number,
        "correct": gettext("Correct it"),
        "correcting": pgettext(
            "hand played", "Correct hand %(number)s and record it again: it keeps its place."
        )
        % number,
    }


def _waiting(count: int) -> str:
    return npgettext(
        "hand played",
        "%(count)s hand waiting to be sent",
        "%(count)s hands waiting to be sent",
        count,
    ) % {"count": COUNT}
