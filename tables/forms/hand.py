"""The hand form: what the host tapped, read into the rules engine's ``HandInput`` (players
by id), as the services record it.

Parsing only. Whether the hand is allowed (tricks adding up, the dealer seated, a renege
by a stayer…) is the referee's business: ledger.selectors.hand_screen.hand_problems and the services
say so, in the engine's own words. This module reports only what it cannot read.

Field names, one set per player id: ``seated_<id>`` (checkbox, dealt in), ``play_<id>``
(radio: "fold", "stay", or the stayer's tricks "0", "1"… tapped directly; nothing chosen
means fold), ``tricks_<id>`` (a number, read with "stay"), ``renege_<id>`` (checkbox, its
value the number of reneges). Then ``dealer`` (a player id) and ``misdeal`` (the misdeal
submit button, or a checkbox on the correction form).

A stayer left without tricks, when the other stayers' tricks already make the hand's
tricks, took none: bourré (``_bourre_by_count``). The live check and the record read the
form the same way, so what the check calls ready records.
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from ledger import rules
from ledger.rules import errors as rules_errors
from ledger.rules.errors import Code, gettext_noop
from ledger.rules.house_rules import TRICKS_CHOICES
from ledger.selectors.seats import RosterPlayer, names_of
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
    # Left without tricks, counted bourré since the others' tricks make the hand's.
    counted_bourre: bool = False

    @property
    def stays(self) -> bool:
        return self.play == STAY

    @property
    def choice(self) -> str:
        """The one choice the hand screen shows checked: "fold", "stay" (no tricks given
        yet) or the stayer's tricks."""
        if not self.stays:
            return FOLD
        return self.tricks if _whole(self.tricks) else STAY


@dataclass
class HandForm:
    number: int
    dealer: int | None
    rows: list[Row]  # from the dealer's left, dealer last
    misdeal: bool = False
    # What is wrong: the form's own problems, and the services' when they refuse the hand.
    problems: list[rules.Problem] = field(default_factory=list)
    data: rules.HandInput | None = None
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

    @property
    def has_extras(self) -> bool:
        """A renege is marked: the folded Dealt in / Renege controls are shown open."""
        return any(row.reneges for row in self.rows)

    @property
    def counted_bourre(self) -> list[Row]:
        return [row for row in self.rows if row.counted_bourre]


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
    people: Sequence[RosterPlayer],
    *,
    number: int,
    dealer: int | None,
    exempt=(),
    last_hand: Mapping | None = None,
) -> HandForm:
    """A blank hand: everyone still at the table folding, from the dealer's left, dealt
    in as they were in the last hand (``last_hand``: its stored input and roster), so the
    host changes only what changed; whoever joined since is dealt in. ``people`` in seat
    order, or already in turn (the hand screen's ``in_turn``): the turn is the same from
    any rotation of the seats."""
    rows = [row for row in _rows(people, dealer, set(exempt)) if row.person.active]
    if last_hand is not None:
        seated, roster = set(last_hand["seated"]), set(last_hand["roster"])
        for row in rows:
            row.seated = row.person.id in seated or row.person.id not in roster
        if not any(row.seated for row in rows):
            for row in rows:
                row.seated = True
    return HandForm(number=number, dealer=dealer, rows=rows, names=names_of(people))


def taps_of(form: HandForm) -> list[tuple[str, str]]:
    """The form as the hand screen posts it: its number, dealer and each row's taps. A
    link carries them to the trick referee and back, so the hand comes back as it was."""
    taps = [("number", str(form.number))]
    if form.dealer is not None:
        taps.append(("dealer", str(form.dealer)))
    for row in form.rows:
        pid = row.person.id
        if row.seated:
            taps.append((f"seated_{pid}", "1"))
        if row.stays:
            # A stayer the check counted bourré goes back as it was tapped, without tricks.
            taps.append((f"play_{pid}", STAY if row.counted_bourre else row.choice))
        if row.reneges:
            taps.append((f"renege_{pid}", str(row.reneges)))
    return taps


def premark_renege(taps: Mapping[str, str], player: str, people: Sequence[RosterPlayer]):
    """``taps`` with ``player``'s renege ticked (an id, from the trick referee's "mark the
    renege"), and them staying: only a stayer can renege. The others stay as they were.
    Nothing is recorded until the host records the hand; an id not at the table changes
    nothing."""
    marked = dict(taps)
    person = next((p for p in people if p.active and str(p.id) == player), None)
    if person is None:
        return marked
    pid = person.id
    if (marked.get(f"play_{pid}") or FOLD).strip() == FOLD:
        marked[f"play_{pid}"] = STAY
    marked[f"seated_{pid}"] = "1"  # a stayer was dealt in
    reneges = _int(marked.get(f"renege_{pid}", ""))
    marked[f"renege_{pid}"] = str(max(reneges or 0, 1))
    return marked


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


def again(people: Sequence[RosterPlayer], *, number: int, exempt=(), data: Mapping) -> HandForm:
    """An undone hand's stored input (Hand.input) back on the hand screen, to correct
    and record again: the players still at the table, each with the host's taps."""
    form = from_input([p for p in people if p.active], number=number, data=data)
    skip = set(exempt)
    for row in form.rows:
        row.exempt = row.person.id in skip
    return form


def _int(text: str) -> int | None:
    text = (text or "").strip()
    return int(text) if _whole(text) else None


def from_post(
    post: Mapping[str, str],
    people: Sequence[RosterPlayer],
    *,
    number: int,
    exempt=(),
    tricks_per_hand: int | None = None,
) -> HandForm:
    """Read a posted hand. ``form.data`` is the rules.HandInput, or None with ``form.problems``.
    With ``tricks_per_hand``, a stayer left without tricks when the others' make the
    hand's is counted bourré."""
    problems: list[rules.Problem] = []
    dealer = _int(post.get("dealer", ""))
    if dealer is None:
        problems.append(DEALER_MISSING(hand=number))
    rows = _rows(people, dealer, set(exempt))
    for row in rows:
        pid = row.person.id
        row.seated = bool(post.get(f"seated_{pid}"))
        play = (post.get(f"play_{pid}") or "").strip()
        if play not in (STAY, FOLD) and _whole(play) and not play.startswith("-"):
            # A trick count tapped directly: they stayed and took that many.
            row.play, row.tricks = STAY, play
        else:
            row.play = STAY if play == STAY else FOLD
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
        if tricks_per_hand is not None and not problems:
            _bourre_by_count(form, tricks_per_hand)
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


def _bourre_by_count(form: HandForm, tricks_per_hand: int) -> None:
    """Stayers left without tricks took none when the others' tricks already add up to
    the hand's: the host taps the winners' tricks and leaves the bourré at "stay"."""
    stayers = [row for row in form.stayers if row.seated]
    if len(stayers) < 2:
        return
    blank = [row for row in stayers if not row.tricks]
    counted = [row for row in stayers if row.tricks]
    if blank and counted and form.tricks_total() == tricks_per_hand:
        for row in blank:
            row.tricks, row.counted_bourre = "0", True


def _hand_data(form: HandForm) -> rules.HandInput:
    # Rows come in the dealer's order; the stored input keeps seat order.
    rows = sorted(form.rows, key=lambda row: row.person.position)
    seated = [row.person.id for row in rows if row.seated]
    if form.misdeal:
        return rules.HandInput(dealer=form.dealer, seated=seated, stayed={}, misdeal=True)
    # A stayer the host left out of the hand still reaches the referee, who says so.
    stayers = [row for row in rows if row.stays]
    lone = len(stayers) == 1
    stayed = {row.person.id: None if lone else _int(row.tricks) for row in stayers}
    reneged = [row.person.id for row in rows for _ in range(row.reneges)]
    return rules.HandInput(dealer=form.dealer, seated=seated, stayed=stayed, reneged=reneged)
