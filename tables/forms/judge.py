"""The trick referee's form: what the host picked, read from the query string.

Parsing only. Whether the cards make sense (a card twice, the card played not in the hand,
an empty hand…) is the engine's business (ledger.rules.play); this module reports only
what it alone can check: who played, against tonight's roster, and a trick longer than
tonight's table can play.

Fields: ``trump`` (S H D C), ``trick`` (repeated, in the order played: the trick grid's
hidden inputs), ``tap`` (a card of the trick grid tapped without JavaScript: added to the
trick, or taken out if it is there), ``hand`` (repeated: the cards they held), ``played``
(the card they played, one of the hand's), ``player`` (a player id; optional: the renege
can name the player when it is marked) and ``ask``: ``judge`` ("Was that legal?") or
``legal`` ("What may I play?"); without ``ask`` the form is blank. ``live``: asked by
htmx as the host taps, the answer alone.

The hand screen's taps (``number``, ``dealer``, ``play_<id>``…) ride along untouched
(``carried``), so that "Mark the renege" and "Back to hand N" take the host back to the
hand as they left it.
"""

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from django.http import QueryDict
from django.utils.translation import gettext_lazy, pgettext_lazy

from ledger.rules.play import DECK, MAX_TRICK
from ledger.selectors.seats import RosterPlayer
from tables import verdict_text

ASK_JUDGE = "judge"
ASK_LEGAL = "legal"
ASKS = (ASK_JUDGE, ASK_LEGAL)
# Bounds on what a forged query can make the engine read: one past each limit is enough
# for the engine to say the list is too long (a trick of 8 is already full).
MOST_HAND_CARDS = len(DECK) + 1
MOST_TRICK_CARDS = MAX_TRICK

# The fields, as the refusals name them (their legends on the screen) and the ids the
# refusal's lines link to.
TRUMP, TRICK, HAND, PLAYED, PLAYER = "trump", "trick", "hand", "played", "player"
LABELS = {
    TRUMP: pgettext_lazy("trump suit", "Trump"),
    TRICK: gettext_lazy("The trick so far, in the order played"),
    HAND: gettext_lazy("The cards they held, the card played included"),
    PLAYED: gettext_lazy("The card they played"),
}
FIELD_IDS = {TRUMP: "judge-trump", TRICK: "judge-trick", HAND: "judge-hand", PLAYED: "judge-played"}

PLAYER_NOT_AT_TABLE = gettext_lazy("Pick a player who is at the table tonight.")

# The hand screen's fields (tables.forms.hand), carried there and back. At most one of
# each per player of a night of 40, plus the hand's number and dealer.
_CARRIED = re.compile(r"(number|dealer|(seated|play|tricks|renege)_\d{1,18})")
MOST_CARRIED = 4 * 40 + 2


@dataclass(frozen=True)
class FieldProblem:
    """What is wrong, and with which field (one of LABELS' keys; "" when none)."""

    field: str
    text: str


@dataclass
class JudgeForm:
    ask: str | None  # None: nothing asked yet (a blank form)
    trump: str = ""
    trick: list[str] = field(default_factory=list)  # in the order played
    player: RosterPlayer | None = None
    player_value: str = ""
    hand: list[str] = field(default_factory=list)
    played: str = ""
    live: bool = False
    carried: list[tuple[str, str]] = field(default_factory=list)  # the hand screen's taps
    problems: list[FieldProblem] = field(default_factory=list)  # what only this form can check


TOO_LONG = "?"  # stands for a value no card, suit or id can be


def _text(value: str, limit: int = 8) -> str:
    # No card, suit or id is longer: anything longer is none of them (and is not echoed;
    # cut short, it could turn into one).
    value = value.strip()
    return value if len(value) <= limit else TOO_LONG


def _tapped(trick: list[str], tap: str) -> list[str]:
    """The trick after a tap on the grid: the card added last, or taken out."""
    if not tap:
        return trick
    if tap in trick:
        return [card for card in trick if card != tap]
    return [*trick, tap]


def _carried(query: QueryDict) -> list[tuple[str, str]]:
    pairs = []
    for key in query:
        if _CARRIED.fullmatch(key):
            pairs.append((key, _text(query.get(key, ""))))
            if len(pairs) == MOST_CARRIED:
                break
    return pairs


def from_query(
    query: QueryDict, players: Sequence[RosterPlayer], *, most_before: int = MAX_TRICK - 1
) -> JudgeForm:
    """Read the query string; ``most_before``: how many cards tonight's table can put in a
    trick before the last player's (a table of seven, six)."""
    ask = query.get("ask")
    trick = [_text(card) for card in query.getlist("trick")[:MOST_TRICK_CARDS]]
    trick = _tapped([card for card in trick if card], _text(query.get("tap", "")))
    form = JudgeForm(
        ask=ask if ask in ASKS else None,
        trump=_text(query.get("trump", "")),
        trick=trick[:MOST_TRICK_CARDS],
        player_value=_text(query.get("player", ""), 18),
        hand=[_text(card) for card in query.getlist("hand")[:MOST_HAND_CARDS]],
        played=_text(query.get("played", "")),
        live=bool(query.get("live")),
        carried=_carried(query),
    )
    if form.player_value:
        form.player = next((p for p in players if str(p.id) == form.player_value), None)
        if form.player is None:
            form.problems.append(FieldProblem("", str(PLAYER_NOT_AT_TABLE)))
    if len(form.trick) > most_before:
        form.problems.append(
            FieldProblem(TRICK, str(verdict_text.TRICK_FULL % {"count": len(form.trick)}))
        )
    return form


def asked(form: JudgeForm) -> str | None:
    """What the form asks the engine: its ``ask``, or, asked live, a verdict once the card
    played is picked (and nothing before: the host is still tapping)."""
    if form.ask is not None:
        return form.ask
    if form.live and form.played:
        return ASK_JUDGE
    return None
