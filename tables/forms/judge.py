"""The trick referee's form: what the host picked, read from the query string.

Parsing only. Whether the cards make sense (a card twice, the card played not in the hand,
an empty hand…) is the engine's business (ledger.rules.play); this module reports only
who played, which it alone can check against tonight's roster.

Fields: ``trump`` (S H D C), ``trick`` (repeated, in the order played; empty ones are
skipped), ``player`` (a player id), ``hand`` (repeated: the cards they held), ``played``
(the card they played) and ``ask``: ``judge`` ("Was that legal?") or ``legal`` ("What may I
play?"); without ``ask`` the form is blank.
"""

from collections.abc import Sequence
from dataclasses import dataclass, field

from django.http import QueryDict
from django.utils.translation import gettext_lazy

from ledger.rules.play import DECK, MAX_TRICK
from ledger.selectors.seats import RosterPlayer

ASK_JUDGE = "judge"
ASK_LEGAL = "legal"
ASKS = (ASK_JUDGE, ASK_LEGAL)
# Bounds on what a forged query can make the engine read: one past each limit is enough
# for the engine to say the list is too long (a trick of 8 is already full).
MOST_HAND_CARDS = len(DECK) + 1
MOST_TRICK_CARDS = MAX_TRICK

PLAYER_MISSING = gettext_lazy("Pick the player who played the card.")
PLAYER_NOT_AT_TABLE = gettext_lazy("Pick a player who is at the table tonight.")


@dataclass
class JudgeForm:
    ask: str | None  # None: nothing asked yet (a blank form)
    trump: str = ""
    slots: list[str] = field(default_factory=list)  # the trick's selects as shown, in order
    player: RosterPlayer | None = None
    player_value: str = ""
    hand: list[str] = field(default_factory=list)
    played: str = ""
    problems: list[str] = field(default_factory=list)  # what only this form can check

    @property
    def trick(self) -> list[str]:
        """The trick's cards in the order played (the selects left empty skipped)."""
        return [card for card in self.slots if card]


TOO_LONG = "?"  # stands for a value no card, suit or id can be


def _text(value: str, limit: int = 8) -> str:
    # No card, suit or id is longer: anything longer is none of them (and is not echoed;
    # cut short, it could turn into one).
    value = value.strip()
    return value if len(value) <= limit else TOO_LONG


def from_query(query: QueryDict, players: Sequence[RosterPlayer], *, slots: int) -> JudgeForm:
    """Read the query string; ``slots`` is how many trick selects the screen shows."""
    ask = query.get("ask")
    # Cards picked in later selects move up, so the trick shows as it was read.
    trick = [_text(card) for card in query.getlist("trick")[:MOST_TRICK_CARDS]]
    trick = [card for card in trick if card]
    form = JudgeForm(
        ask=ask if ask in ASKS else None,
        trump=_text(query.get("trump", "")),
        slots=trick + [""] * max(slots - len(trick), 0),
        player_value=_text(query.get("player", ""), 18),
        hand=[_text(card) for card in query.getlist("hand")[:MOST_HAND_CARDS]],
        played=_text(query.get("played", "")),
    )
    if form.player_value:
        form.player = next((p for p in players if str(p.id) == form.player_value), None)
    if form.ask is not None:
        if not form.player_value:
            form.problems.append(str(PLAYER_MISSING))
        elif form.player is None:
            form.problems.append(str(PLAYER_NOT_AT_TABLE))
    return form
