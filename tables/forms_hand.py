"""The hand form: what the host tapped, read into a ledger.services.hands.HandData.

Parsing only. Whether the hand is allowed (tricks adding up, the dealer seated, a renege
by a stayer…) is the referee's business: ledger.selectors.hand_check and the services
say so, in the engine's own words. This module reports only what it cannot read.

Field names, one set per player id: ``seated_<id>`` (checkbox, dealt in), ``play_<id>``
(radio, "stay" or "fold"; nothing chosen means fold), ``tricks_<id>`` (a number),
``renege_<id>`` (checkbox, its value the number of reneges). Then ``dealer`` (a player
id) and ``misdeal`` (the misdeal submit button, or a checkbox on the correction form).
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from ledger import rules
from ledger.rules import errors as rules_errors
from ledger.rules.errors import Code, gettext_noop
from ledger.rules.house_rules import TRICKS_CHOICES
from ledger.selectors.seats import RosterPlayer, names_of
from ledger.services.hands import HandData
from tables.problems import sentences

STAY = "stay"
FOLD = "fold"
# One renege a trick at most. The bound also keeps a forged count from building a list of
# a billion ids (the stored input names a reneger once per renege).
MOST_RENEGES = max(TRICKS_CHOICES)

# What the form cannot read, as problems like the referee's (players are their ids).
DEALER_MISSING = Code("dealer_missing", gettext_noop("Hand {hand}: choose the dealer."))
TRICKS_FOR_FOLDED = Code(
    "tricks_for_folded",
    gettext_noop(
        "Hand {hand}: {player} folded but has {tricks} tricks entered; mark them as staying "
        "or set their tricks to 0."
    ),
)
RENEGE_NOT_A_COUNT = Code(
    "renege_not_a_count",
    gettext_noop("Hand {hand}: {player}'s renege mark must be a count (got {value!r})."),
)
RENEGE_TOO_MANY = Code(
    "renege_too_many",
    gettext_noop(
        "Hand {hand}: {player} cannot renege {value} times in a hand of at most {most} tricks."
    ),
)
NUMBER_MISSING = Code(
    "number_missing",
    gettext_noop("The form has no hand number; reload the page and try again."),
)


@dataclass
class Row:
    """One player's controls, as they will be shown (the host's input kept)."""

    person: RosterPlayer
    seated: bool = True
    play: str = FOLD
    tricks: str = ""
    reneges: int = 0
    exempt: bool = False
    is_dealer: bool = False

    @property
    def stays(self) -> bool:
        return self.play == STAY


@dataclass
class HandForm:
    number: int
    dealer: int | None
    rows: list[Row]  # from the dealer's left, dealer last
    misdeal: bool = False
    # What is wrong: the form's own problems, and the services' when they refuse the hand.
    problems: list[rules.Problem] = field(default_factory=list)
    data: HandData | None = None
    names: Mapping[int, str] = field(default_factory=dict)  # player id -> name, the roster's

    @property
    def errors(self) -> list[str]:
        """The problems in words, each player by name."""
        return sentences(self.problems, self.names)

    @property
    def stayers(self) -> list[Row]:
        # Seated or not, as the referee counts them (a stayer left out is its error).
        return [row for row in self.rows if row.stays]

    def tricks_total(self) -> int:
        return sum(int(row.tricks) for row in self.stayers if _whole(row.tricks))


def _whole(text: str) -> bool:
    text = text.strip()
    digits = text[1:] if text.startswith("-") else text
    # int() refuses over 4,300 digits (a 500), and no count or id here needs 19.
    return digits.isascii() and digits.isdecimal() and len(digits) <= 18


def from_dealers_left(people: Sequence[RosterPlayer], dealer: int | None) -> list[RosterPlayer]:
    """``people`` (seat order, clockwise) starting after the dealer, dealer last."""
    return rules.order_from_left([p.id for p in people], dealer, people, key=lambda p: p.id)


def _rows(people, dealer, exempt) -> list[Row]:
    return [
        Row(person=p, exempt=p.id in exempt, is_dealer=p.id == dealer)
        for p in from_dealers_left(people, dealer)
    ]


def initial(
    people: Sequence[RosterPlayer], *, number: int, dealer: int | None, exempt=()
) -> HandForm:
    """A blank hand: everyone still at the table dealt in and folding, from the dealer's
    left. ``people`` in seat order, or already in turn (the hand screen's ``in_turn``):
    the turn is the same from any rotation of the seats."""
    rows = [row for row in _rows(people, dealer, set(exempt)) if row.person.active]
    return HandForm(number=number, dealer=dealer, rows=rows, names=names_of(people))


def premark_renege(form: HandForm, player: str) -> None:
    """Tick ``player``'s renege (an id, from the trick referee's "mark the renege") on a
    blank hand, with them staying: only a stayer can renege. Nothing is recorded until the
    host records the hand; an id not at the table is ignored."""
    for row in form.rows:
        if str(row.person.id) == player:
            row.play = STAY
            row.reneges = max(row.reneges, 1)


def from_input(people: Sequence[RosterPlayer], *, number: int, data: Mapping) -> HandForm:
    """A stored hand input (Hand.input) as the form, for a correction."""
    dealer = data["dealer"]
    rows = _rows(people, dealer, set())
    stayed = {int(p): tricks for p, tricks in data.get("stayed", {}).items()}
    reneged = [int(p) for p in data.get("reneged", [])]
    for row in rows:
        pid = row.person.id
        row.seated = pid in data.get("seated", [])
        row.play = STAY if pid in stayed else FOLD
        row.tricks = "" if stayed.get(pid) is None else str(stayed[pid])
        row.reneges = reneged.count(pid)
    return HandForm(
        number=number,
        dealer=dealer,
        rows=rows,
        misdeal=bool(data.get("misdeal", False)),
        names=names_of(people),
    )


def _int(text: str) -> int | None:
    text = (text or "").strip()
    return int(text) if _whole(text) else None


def from_post(
    post: Mapping[str, str], people: Sequence[RosterPlayer], *, number: int, exempt=()
) -> HandForm:
    """Read a posted hand. ``form.data`` is the HandData, or None with ``form.problems``."""
    problems: list[rules.Problem] = []
    dealer = _int(post.get("dealer", ""))
    if dealer is None:
        problems.append(DEALER_MISSING(hand=number))
    rows = _rows(people, dealer, set(exempt))
    for row in rows:
        pid = row.person.id
        row.seated = bool(post.get(f"seated_{pid}"))
        row.play = STAY if post.get(f"play_{pid}") == STAY else FOLD
        row.tricks = (post.get(f"tricks_{pid}") or "").strip()
        renege = (post.get(f"renege_{pid}") or "").strip()
        if renege:
            count = 1 if renege == "on" else _int(renege)
            if count is None or count < 0:
                problems.append(RENEGE_NOT_A_COUNT(hand=number, player=pid, value=renege))
                count = 0
            elif count > MOST_RENEGES:
                problems.append(
                    RENEGE_TOO_MANY(hand=number, player=pid, value=count, most=MOST_RENEGES)
                )
                count = 0
            row.reneges = count
    # Someone who left since the page was drawn still counts if the host dealt them in.
    rows = [row for row in rows if row.person.active or row.seated or row.stays]
    misdeal = bool(post.get("misdeal"))
    form = HandForm(
        number=number,
        dealer=dealer,
        rows=rows,
        misdeal=misdeal,
        problems=problems,
        names=names_of(people),
    )
    if not misdeal:
        problems.extend(_tricks_problems(form))
    if not problems:
        form.data = _hand_data(form)
    return form


def _tricks_problems(form: HandForm) -> list[rules.Problem]:
    problems = []
    counted = len(form.stayers) >= 2  # a lone stayer's tricks are never counted
    for row in form.rows:
        pid = row.person.id
        if row.stays:
            if counted and row.tricks and not _whole(row.tricks):
                problems.append(
                    rules_errors.TRICKS_NOT_WHOLE_NUMBER(
                        hand=form.number, player=pid, value=row.tricks
                    )
                )
        elif row.tricks and row.tricks != "0":
            problems.append(TRICKS_FOR_FOLDED(hand=form.number, player=pid, tricks=row.tricks))
    return problems


def _hand_data(form: HandForm) -> HandData:
    # Rows come in the dealer's order; the stored input keeps seat order.
    rows = sorted(form.rows, key=lambda row: row.person.position)
    seated = [row.person.id for row in rows if row.seated]
    if form.misdeal:
        return HandData(dealer=form.dealer, seated=seated, stayed={}, misdeal=True)
    # A stayer the host left out of the hand still reaches the referee, who says so.
    stayers = [row for row in rows if row.stays]
    lone = len(stayers) == 1
    stayed = {row.person.id: None if lone else _int(row.tricks) for row in stayers}
    reneged = [row.person.id for row in rows for _ in range(row.reneges)]
    return HandData(dealer=form.dealer, seated=seated, stayed=stayed, reneged=reneged)
