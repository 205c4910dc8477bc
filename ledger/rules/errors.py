"""The one exception of the rules engine, and every message it can carry.

Each message is a module-level format string so callers and tests can build the exact text
(``STAYER_NOT_SEATED.format(hand=3, player="Bob")``). Hand messages name the hand number
and, where one player is at fault, the player.
"""

from __future__ import annotations

from collections.abc import Iterable


class RulesError(Exception):
    """Invalid input of any kind. ``errors`` lists every problem found, not just the first."""

    def __init__(self, errors: Iterable[str]) -> None:
        self.errors: list[str] = list(errors)
        if not self.errors:
            raise ValueError("RulesError needs at least one message")
        super().__init__("; ".join(self.errors))


# --- House rules (messages name the setting, which is also its key in the night file) ---
RULES_NOT_MAPPING = "The house rules must be an object of setting: value (got {value!r})."
RULE_UNKNOWN = "{key} is not a house rule."
RULE_NOT_WHOLE_NUMBER = "{key} must be a whole number (got {value!r})."
RULE_NOT_YES_NO = "{key} must be true or false (got {value!r})."
RULE_CAP_NOT_WHOLE_NUMBER = (
    "{key} must be a whole number of chips, or null for no cap (got {value!r})."
)
RULE_TOO_LARGE = "{key} can be at most {limit:,} chips."
ANTE_TOO_SMALL = "ante must be at least 1 chip (got {value})."
TRICKS_PER_HAND_INVALID = "tricks_per_hand must be 5 or 7 (got {value})."
MAX_PLAYERS_OUT_OF_RANGE = "max_players must be between 2 and 8 (got {value})."
MAX_PLAYERS_TOO_MANY_CARDS = (
    "max_players {max_players} with tricks_per_hand {tricks_per_hand} needs {cards} cards; "
    "a deck has only 52."
)
MIN_TRICKS_OUT_OF_RANGE = (
    "min_tricks_to_win must be between 1 and tricks_per_hand ({tricks_per_hand}) (got {value})."
)
CAP_TOO_SMALL = "{key} must be at least 1 chip, or null for no cap (got {value})."
LEFTOVER_POT_INVALID = "leftover_pot must be 'refund' or 'split' (got {value!r})."
CHIP_VALUE_NOT_DECIMAL = 'chip_value must be a decimal amount such as "0.25" (got {value!r}).'
CHIP_VALUE_NOT_POSITIVE = "chip_value must be more than zero (got {value})."
CHIP_VALUE_TOO_LARGE = "chip_value can be at most {limit:,} a chip."
CHIP_VALUE_TOO_PRECISE = (
    "chip_value {value} has more decimal places than {currency} uses ({places})."
)
CURRENCY_INVALID = "currency must be a three-letter code in capitals, such as USD (got {value!r})."

# --- Roster ---
ROSTER_EMPTY = "A night needs at least one player on the roster."
PLAYER_NAME_INVALID = "A player's name must be non-empty text (got {value!r})."
PLAYER_ON_ROSTER_TWICE = "{player} is on the roster more than once."
PLAYER_ALREADY_ON_ROSTER = "{player} is already on the roster."
SEAT_OUT_OF_RANGE = "{player} cannot join at seat {seat}: seats run from 0 to {last}."
ROSTER_TOO_LARGE = "A night's roster can hold at most {limit} players (got {count:,})."

# --- One hand ---
HAND_TOO_FEW_SEATED = "Hand {hand}: {count} seated; a hand needs at least 2 players."
HAND_TOO_MANY_SEATED = "Hand {hand}: {count} seated; the house allows at most {max_players}."
HAND_TOO_MANY_CARDS = (
    "Hand {hand}: {count} seated with {tricks_per_hand} cards each need {cards} cards; "
    "a deck has only 52."
)
SEATED_TWICE = "Hand {hand}: {player} is seated twice."
DEALER_NOT_ON_ROSTER = "Hand {hand}: the dealer {player} is not on tonight's roster."
SEATED_NOT_ON_ROSTER = "Hand {hand}: {player} is seated but is not on tonight's roster."
STAYER_NOT_ON_ROSTER = "Hand {hand}: {player} stayed but is not on tonight's roster."
RENEGER_NOT_ON_ROSTER = "Hand {hand}: {player} reneged but is not on tonight's roster."
DEALER_NOT_SEATED = "Hand {hand}: the dealer {player} is not seated."
STAYER_NOT_SEATED = "Hand {hand}: {player} stayed but is not seated."
TRICKS_MISSING = "Hand {hand}: {player} stayed but has no tricks entered."
TRICKS_NOT_WHOLE_NUMBER = "Hand {hand}: {player}'s tricks must be a whole number (got {value!r})."
TRICKS_NEGATIVE = "Hand {hand}: {player} cannot take {tricks} tricks."
TRICKS_OVER = "Hand {hand}: {player} took {tricks} tricks, but a hand has only {tricks_per_hand}."
TRICKS_DO_NOT_ADD_UP = "Hand {hand}: the stayers' tricks add up to {total}, not {tricks_per_hand}."
RENEGE_WITHOUT_STAYING = "Hand {hand}: {player} reneged but did not stay."
RENEGED_TOO_OFTEN = (
    "Hand {hand}: {player} reneged {count:,} times, but a hand has only {tricks_per_hand} tricks."
)
NIGHT_TOO_LONG = "Hand {hand}: a night can hold at most {limit:,} hands; start another night."
RENEGE_TOO_FEW_STAYERS = (
    "Hand {hand}: {player} reneged, but a renege needs at least two stayers ({count} stayed)."
)

# --- A hand as an object of the night file (HandInput.from_dict) ---
HAND_NOT_MAPPING = "Hand {hand}: must be an object with a dealer (got {value!r})."
HAND_UNKNOWN_FIELD = "Hand {hand}: {key} is not a hand field."
HAND_FIELD_MISSING = "Hand {hand}: {key} is missing."
HAND_FIELD_WRONG_TYPE = "Hand {hand}: {key} must be {expected} (got {value!r})."

# --- Closing a night ---
SPLIT_WITHOUT_HAND = "The pot holds {pot} chips but no hand was settled to split it among."

# --- Settle-up ---
BALANCE_NOT_WHOLE_NUMBER = "{player}'s balance must be a whole number of chips (got {value!r})."
BALANCES_DO_NOT_ADD_UP = "The balances add up to {total}, not 0, so they cannot be settled."
