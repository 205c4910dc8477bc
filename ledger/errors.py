"""What the services refuse, and why.

A refusal carries problems, not sentences: each a code with its parameters, made with
the rules engine's own machinery (``ledger.rules.errors``: ``Code``, ``Problem``,
``describe``), so the engine's problems pass through the services as they are and both
kinds are worded in one place. A player parameter (``player``) is the player's key — an
id from the database, a name in a night file — never a name looked up here: the web layer
words problems with each player's current name (``tables/problems.py``); ``errors`` words
them in English for the management commands.
"""

from ledger.rules.errors import Code, ProblemsError, gettext_noop


def key_shown(key: object) -> str:
    """A player's key as shown where no roster names it: an id as "player #12" (the
    number alone would read as a count), a name as itself."""
    if isinstance(key, int) and not isinstance(key, bool):
        return f"player #{key}"
    return str(key)


class ServiceError(ProblemsError):
    """The request was refused and nothing was written. ``problems`` lists every reason;
    ``errors`` words them in English for the commands, an id as "player #12"."""

    key_shown = staticmethod(key_shown)


class InvalidInput(ServiceError):
    """The host's input breaks the rules, or the night cannot take it."""


class Conflict(ServiceError):
    """Another device or an earlier submission got there first: reload and retry."""


NIGHT_CLOSED = Code(
    "night_closed",
    gettext_noop("This night is closed: nothing more can be recorded or changed."),
)
HAND_ALREADY_RECORDED = Code(
    "hand_already_recorded", gettext_noop("Hand {number} was already recorded.")
)
HAND_NOT_NEXT = Code(
    "hand_not_next", gettext_noop("The next hand is hand {expected}, not hand {number}.")
)
IDEMPOTENCY_KEY_REUSED = Code(
    "idempotency_key_reused",
    gettext_noop(
        "This submission was already used to record hand {number} differently; reload and retry."
    ),
)
CHIPS_OVERFLOW = Code(
    "chips_overflow",
    gettext_noop(
        "Hand {number} would put more chips in play than the ledger can hold; "
        "set a pot or bourré cap for this table."
    ),
)
NOTHING_TO_UNDO = Code("nothing_to_undo", gettext_noop("There is no hand to undo."))
UNDO_NOT_LAST = Code(
    "undo_not_last",
    gettext_noop("Hand {number} is no longer the last hand (hand {last} is): nothing was undone."),
)
# A correction or an undo carries the revision the host saw; another device got there
# first. One code for each thing the newest revision of the hand did (by Hand.kind), so
# each is a whole sentence to translate.
HAND_CHANGED = {
    "record": Code(
        "hand_recorded_again_elsewhere",
        gettext_noop(
            "Hand {number} was recorded again on another device (now revision {revision}): "
            "check it again; nothing was changed."
        ),
    ),
    "correct": Code(
        "hand_corrected_elsewhere",
        gettext_noop(
            "Hand {number} was corrected on another device (now revision {revision}): "
            "check it again; nothing was changed."
        ),
    ),
    "replay": Code(
        "hand_replayed_elsewhere",
        gettext_noop(
            "Hand {number} was settled again after an earlier hand was corrected on another "
            "device (now revision {revision}): check it again; nothing was changed."
        ),
    ),
    "undo": Code(
        "hand_undone_elsewhere",
        gettext_noop(
            "Hand {number} was undone on another device (now revision {revision}): "
            "check it again; nothing was changed."
        ),
    ),
}
HAND_NOT_FOUND = Code("hand_not_found", gettext_noop("There is no hand {number} in this night."))
REASON_REQUIRED = Code("reason_required", gettext_noop("Say why hand {number} is being corrected."))
# PostgreSQL refuses NUL in text; refused here by name instead of failing there.
REASON_HAS_NUL = Code("reason_has_nul", gettext_noop("The reason cannot contain a NUL character."))
REASON_TOO_LONG = Code(
    "reason_too_long",
    gettext_noop("The reason can be at most {limit} characters long (this one has {length})."),
)
CORRECTION_CHANGES_NOTHING = Code(
    "correction_changes_nothing",
    gettext_noop("The corrected hand {number} is the same as the recorded one."),
)
# ``id`` is a player id that is deliberately not named: it may be anyone's (another
# table's player, or a number a forged form made up).
PLAYER_NOT_AT_TABLE = Code(
    "player_not_at_table", gettext_noop("Player #{id} does not play at this table.")
)
PLAYER_NOT_ON_ROSTER = Code(
    "player_not_on_roster", gettext_noop("Player #{id} is not on tonight's roster.")
)
PLAYER_RETIRED = Code(
    "player_retired", gettext_noop("{player} is retired; bring them back before they play.")
)
NIGHT_KEY_REUSED = Code(
    "night_key_reused",
    gettext_noop(
        "This form already started a night with other seats or another first dealer; "
        "open it from the table page, or start a new one."
    ),
)
ROSTER_TOO_SMALL = Code("roster_too_small", gettext_noop("A night needs at least two players."))
ROSTER_DUPLICATE = Code("roster_duplicate", gettext_noop("{player} is on the roster twice."))
FIRST_DEALER_NOT_PLAYING = Code(
    "first_dealer_not_playing", gettext_noop("The first dealer {player} is not playing tonight.")
)
PLAYER_ALREADY_SEATED = Code(
    "player_already_seated", gettext_noop("{player} is already on tonight's roster.")
)
SEAT_POSITION_INVALID = Code(
    "seat_position_invalid", gettext_noop("Seat {position} does not exist: choose 1 to {last}.")
)
PLAYER_ALREADY_LEFT = Code(
    "player_already_left", gettext_noop("{player} has already left tonight.")
)
PLAYER_NOT_SEATED_TONIGHT = Code(
    "player_not_seated_tonight", gettext_noop("{player} is not on tonight's roster.")
)
LEFTOVER_POLICY_INVALID = Code(
    "leftover_policy_invalid",
    gettext_noop("Choose refund or split for the pot left in the middle."),
)
SETTLEMENT_POT_NOT_EMPTY = Code(
    "settlement_pot_not_empty",
    gettext_noop("Chips are still in the pot: close the night to settle up."),
)

# What is still owed (ledger.services.debts).
DEBT_NIGHT_NOT_CLOSED = Code(
    "debt_night_not_closed",
    gettext_noop("This night is not closed yet: its transfers can be marked once it is."),
)
DEBT_NO_SUCH_TRANSFER = Code(
    "debt_no_such_transfer",
    gettext_noop("There is no such transfer in this settle-up."),
)
DEBT_AMOUNT_NOT_POSITIVE = Code(
    "debt_amount_not_positive", gettext_noop("The amount paid must be more than zero.")
)
DEBT_AMOUNT_TOO_PRECISE = Code(
    "debt_amount_too_precise",
    gettext_noop("{currency} has {places} decimal places: the amount cannot have more."),
)
DEBT_AMOUNT_ABOVE_OPEN = Code(
    "debt_amount_above_open",
    gettext_noop("Only {open} of this transfer is still open: mark at most that."),
)
DEBT_ALREADY_PAID = Code(
    "debt_already_paid", gettext_noop("This transfer is already marked paid in full.")
)
DEBT_POOLED = Code(
    "debt_pooled",
    gettext_noop(
        "This debt was carried into a later “settle everything”: "
        "mark the transfers that replaced it."
    ),
)
DEBT_NOTE_TOO_LONG = Code(
    "debt_note_too_long", gettext_noop("Keep it to {limit} characters (it has {count}).")
)
DEBT_REASON_MISSING = Code("debt_reason_missing", gettext_noop("Say why the mark is taken back."))
DEBT_MARK_ALREADY_REVERSED = Code(
    "debt_mark_already_reversed", gettext_noop("This mark was already taken back.")
)
DEBT_NOTHING_TO_POOL = Code(
    "debt_nothing_to_pool",
    gettext_noop(
        "Nothing in {currency} is left to settle: the open debts are already the fewest transfers."
    ),
)
DEBT_CHANGED = Code(
    "debt_changed",
    gettext_noop(
        "The open debts changed since this page was shown (a payment was marked or a night "
        "closed): nothing was written. Check them again and confirm."
    ),
)
SIGN_IN_CODE_WRONG = Code(
    "sign_in_code_wrong",
    gettext_noop("That is not the code we mailed. Tries left for this code: {left}."),
)
SIGN_IN_CODE_SPENT = Code(
    "sign_in_code_spent",
    gettext_noop(
        "This code no longer works: it was used, it expired, or it was typed wrong too many "
        "times. Ask for a new one."
    ),
)
ACCOUNT_NAME_TAKEN = Code(
    "account_name_taken",
    gettext_noop("Someone took the name {name} a moment ago: choose another."),
)
PASSKEY_ALREADY_ADDED = Code(
    "passkey_already_added", gettext_noop("This passkey is already added to an account.")
)
PASSKEY_LAST_WAY_IN = Code(
    "passkey_last_way_in",
    gettext_noop(
        "This passkey is the account's only way in: it has no password and no e-mail "
        "address for a code. Add another passkey first."
    ),
)
