"""What the services refuse, and why. Messages are constants so tests and views share them."""

from collections.abc import Iterable


class ServiceError(Exception):
    """The request was refused and nothing was written. ``errors`` lists every reason."""

    def __init__(self, errors: Iterable[str] | str) -> None:
        self.errors = [errors] if isinstance(errors, str) else list(errors)
        super().__init__("; ".join(self.errors))


class InvalidInput(ServiceError):
    """The host's input breaks the rules, or the night cannot take it."""


class Conflict(ServiceError):
    """Another device or an earlier submission got there first: reload and retry."""


NIGHT_CLOSED = "This night is closed: nothing more can be recorded or changed."
HAND_ALREADY_RECORDED = "Hand {number} was already recorded."
HAND_NOT_NEXT = "The next hand is hand {expected}, not hand {number}."
IDEMPOTENCY_KEY_REUSED = (
    "This submission was already used to record hand {number} differently; reload and retry."
)
CHIPS_OVERFLOW = (
    "Hand {number} would put more chips in play than the ledger can hold; "
    "set a pot or bourré cap for this table."
)
NOTHING_TO_UNDO = "There is no hand to undo."
UNDO_NOT_LAST = "Hand {number} is no longer the last hand (hand {last} is): nothing was undone."
# A correction or an undo carries the revision the host saw; another device got there first.
HAND_CHANGED = (
    "Hand {number} was {change} on another device (now revision {revision}): "
    "check it again; nothing was changed."
)
# What the newest revision of a hand did, by Hand.kind, for HAND_CHANGED.
HAND_CHANGES = {
    "record": "recorded again",
    "correct": "corrected",
    "replay": "settled again after an earlier hand was corrected",
    "undo": "undone",
}
HAND_NOT_FOUND = "There is no hand {number} in this night."
REASON_REQUIRED = "Say why hand {number} is being corrected."
# PostgreSQL refuses NUL in text; refused here by name instead of failing there.
REASON_HAS_NUL = "The reason cannot contain a NUL character."
REASON_TOO_LONG = "The reason can be at most {limit} characters long (this one has {length})."
CORRECTION_CHANGES_NOTHING = "The corrected hand {number} is the same as the recorded one."
PLAYER_NOT_AT_TABLE = "Player #{player} does not play at this table."
PLAYER_NOT_ON_ROSTER = "Player {player} is not on tonight's roster."
PLAYER_RETIRED = "{player} is retired; bring them back before they play."
NIGHT_KEY_REUSED = (
    "This form already started a night with other seats or another first dealer; "
    "open it from the table page, or start a new one."
)
ROSTER_TOO_SMALL = "A night needs at least two players."
ROSTER_DUPLICATE = "{player} is on the roster twice."
FIRST_DEALER_NOT_PLAYING = "The first dealer {player} is not playing tonight."
PLAYER_ALREADY_SEATED = "{player} is already on tonight's roster."
SEAT_POSITION_INVALID = "Seat {position} does not exist: choose 1 to {last}."
PLAYER_ALREADY_LEFT = "{player} has already left tonight."
PLAYER_NOT_SEATED_TONIGHT = "{player} is not on tonight's roster."
LEFTOVER_POLICY_INVALID = "Choose refund or split for the pot left in the middle."
SETTLEMENT_POT_NOT_EMPTY = "Chips are still in the pot: close the night to settle up."
