"""The one exception of the rules engine, the base of every refusal that carries problems,
and every problem the engine can report.

A problem is a value, not a sentence: a stable ``code`` (snake case, never reworded), its
parameters (the hand number, the player's *key*, the value given, the limit...) and an
English template. Callers decide how to word it: ``describe`` gives the English sentence,
with each player shown through ``name_of``; the web layer passes its ``translate`` (Django's
``gettext``) to word it in the reader's language. Each template is wrapped in
``gettext_noop`` so Django's ``makemessages`` finds them without this package importing
Django. A few parameters hold words rather than values ("a list of names"): their code
names them in ``words``, each such word is marked with ``gettext_noop`` where it is
written, and ``translate`` words them with the template.

Each code is a module-level constant called like a function:
``STAYER_NOT_SEATED(hand=3, player="Bob")`` is that problem, and
``describe(STAYER_NOT_SEATED(hand=3, player="Bob"))`` is ``"Hand 3: Bob stayed but is not
seated."``. Hand problems carry the hand number; house-rule problems carry the setting as
``key`` (also its key in the night file).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

# The one parameter that holds a player's key, which ``describe`` shows through ``name_of``.
PLAYER_PARAMS = frozenset({"player"})


def gettext_noop(message: str) -> str:
    """Mark ``message`` for translation without translating it (Django's makemessages
    extracts calls by this name); it returns ``message`` unchanged."""
    return message


@dataclass(frozen=True, repr=False)
class Problem:
    """One thing wrong with the input. Equal problems have the same code and parameters.

    ``params`` is a plain dict (like every map in the engine): treat it as read-only.
    """

    code: str
    params: Mapping[str, Any]
    template: str = field(compare=False)
    # The parameters that hold English words, translated with the template (see ``Code``).
    words: frozenset[str] = field(default=frozenset(), compare=False)

    def __hash__(self) -> int:  # raises TypeError if a parameter is unhashable (a list)
        return hash((self.code, frozenset(self.params.items())))

    def __repr__(self) -> str:
        params = ", ".join(f"{name}={value!r}" for name, value in self.params.items())
        return f"Problem({self.code!r}, {params})" if params else f"Problem({self.code!r})"


@dataclass(frozen=True, init=False)
class Code:
    """A kind of problem: ``code``, the English ``template`` that words it, and any
    parameters every problem of this kind carries (``fixed``, such as the setting's key).
    ``words`` names the parameters whose values are English words to translate with the
    template (each value marked with ``gettext_noop`` where the caller writes it).

    Call it with the parameters to get a ``Problem``.
    """

    code: str
    template: str
    fixed: Mapping[str, Any]
    words: frozenset[str]

    def __init__(
        self, code: str, template: str, /, *, words: Iterable[str] = (), **fixed: Any
    ) -> None:
        object.__setattr__(self, "code", code)
        object.__setattr__(self, "template", template)
        object.__setattr__(self, "fixed", fixed)
        object.__setattr__(self, "words", frozenset(words))

    def __call__(self, **params: Any) -> Problem:
        return Problem(self.code, {**self.fixed, **params}, self.template, self.words)


def _as_is(text: str) -> str:
    return text


def describe(
    problem: Problem,
    name_of: Callable[[Any], str] = str,
    translate: Callable[[str], str] = _as_is,
) -> str:
    """``problem`` as a sentence: in English, or through ``translate`` (Django's ``gettext``
    in the web layer), which words the template and the parameters that hold words.
    ``name_of`` turns a player key into the text to show (default ``str``: a name shows as
    itself); it may be given a key that is not on the roster (that is what some problems
    are about)."""

    def shown(name: str, value: Any) -> Any:
        if name in PLAYER_PARAMS:
            return name_of(value)
        if name in problem.words and isinstance(value, str):
            return translate(value)
        return value

    params = {name: shown(name, value) for name, value in problem.params.items()}
    return translate(problem.template).format(**params)


class ProblemsError(Exception):
    """A refusal that carries its reasons: ``problems`` lists every problem found (never
    empty), ``errors`` words them in English and ``str()`` joins those. The engine's, the
    payments package's and the services' refusals are each a subclass.

    Takes one ``Problem`` or an iterable of them. In ``errors`` a player's key is shown
    through ``key_shown``, ``str`` unless a subclass says otherwise (the services show an
    id as "player #12")."""

    def __init__(self, problems: Iterable[Problem] | Problem) -> None:
        self.problems: list[Problem] = (
            [problems] if isinstance(problems, Problem) else list(problems)
        )
        name = type(self).__name__
        if not self.problems:
            raise ValueError(f"{name} needs at least one problem")
        if not all(isinstance(problem, Problem) for problem in self.problems):
            raise TypeError(f"{name} takes Problem values (a Code called with parameters)")
        super().__init__("; ".join(self.errors))

    @staticmethod
    def key_shown(key: Any) -> str:
        return str(key)

    @property
    def errors(self) -> list[str]:
        """Every problem in English, players shown by ``key_shown``."""
        return [describe(problem, name_of=self.key_shown) for problem in self.problems]


class RulesError(ProblemsError):
    """Invalid input of any kind. ``problems`` lists every problem found, not just the first."""


# --- House rules (messages name the setting, which is also its key in the night file) ---
RULES_NOT_MAPPING = Code(
    "rules_not_mapping",
    gettext_noop("The house rules must be an object of setting: value (got {value!r})."),
)
RULE_UNKNOWN = Code("rule_unknown", gettext_noop("{key} is not a house rule."))
RULE_NOT_WHOLE_NUMBER = Code(
    "rule_not_whole_number",
    gettext_noop("{key} must be a whole number (got {value!r})."),
)
RULE_NOT_YES_NO = Code(
    "rule_not_yes_no",
    gettext_noop("{key} must be true or false (got {value!r})."),
)
RULE_CAP_NOT_WHOLE_NUMBER = Code(
    "rule_cap_not_whole_number",
    gettext_noop("{key} must be a whole number of chips, or null for no cap (got {value!r})."),
)
RULE_TOO_LARGE = Code("rule_too_large", gettext_noop("{key} can be at most {limit:,} chips."))
ANTE_TOO_SMALL = Code(
    "ante_too_small",
    gettext_noop("ante must be at least 1 chip (got {value})."),
    key="ante",
)
TRICKS_PER_HAND_INVALID = Code(
    "tricks_per_hand_invalid",
    gettext_noop("tricks_per_hand must be 5 or 7 (got {value})."),
    key="tricks_per_hand",
)
MAX_PLAYERS_OUT_OF_RANGE = Code(
    "max_players_out_of_range",
    gettext_noop("max_players must be between 2 and 8 (got {value})."),
    key="max_players",
)
MAX_PLAYERS_TOO_MANY_CARDS = Code(
    "max_players_too_many_cards",
    gettext_noop(
        "max_players {max_players} with tricks_per_hand {tricks_per_hand} needs {cards} cards; "
        "a deck has only 52."
    ),
    key="max_players",
)
MIN_TRICKS_OUT_OF_RANGE = Code(
    "min_tricks_out_of_range",
    gettext_noop(
        "min_tricks_to_win must be between 1 and tricks_per_hand ({tricks_per_hand}) (got {value})."
    ),
    key="min_tricks_to_win",
)
CAP_TOO_SMALL = Code(
    "cap_too_small",
    gettext_noop("{key} must be at least 1 chip, or null for no cap (got {value})."),
)
LEFTOVER_POT_INVALID = Code(
    "leftover_pot_invalid",
    gettext_noop("leftover_pot must be 'refund' or 'split' (got {value!r})."),
    key="leftover_pot",
)
CHIP_VALUE_NOT_DECIMAL = Code(
    "chip_value_not_decimal",
    gettext_noop('chip_value must be a decimal amount such as "0.25" (got {value!r}).'),
    key="chip_value",
)
CHIP_VALUE_NOT_POSITIVE = Code(
    "chip_value_not_positive",
    gettext_noop("chip_value must be more than zero (got {value})."),
    key="chip_value",
)
CHIP_VALUE_TOO_LARGE = Code(
    "chip_value_too_large",
    gettext_noop("chip_value can be at most {limit:,} a chip."),
    key="chip_value",
)
CHIP_VALUE_TOO_PRECISE = Code(
    "chip_value_too_precise",
    gettext_noop("chip_value {value} has more decimal places than {currency} uses ({places})."),
    key="chip_value",
)
CURRENCY_INVALID = Code(
    "currency_invalid",
    gettext_noop("currency must be a three-letter code in capitals, such as USD (got {value!r})."),
    key="currency",
)
PLAY_OBLIGATION_INVALID = Code(
    "play_obligation_invalid",
    gettext_noop(
        "play_obligation must be 'beat_winner', 'beat_led_suit' or 'no_beat' (got {value!r})."
    ),
    key="play_obligation",
)

# --- Roster ---
ROSTER_EMPTY = Code(
    "roster_empty",
    gettext_noop("A night needs at least one player on the roster."),
)
PLAYER_KEY_INVALID = Code(
    "player_key_invalid",
    gettext_noop("A player's key must be hashable and not None, true or false (got {value!r})."),
)
PLAYER_ON_ROSTER_TWICE = Code(
    "player_on_roster_twice",
    gettext_noop("{player} is on the roster more than once."),
)
PLAYER_ALREADY_ON_ROSTER = Code(
    "player_already_on_roster",
    gettext_noop("{player} is already on the roster."),
)
SEAT_OUT_OF_RANGE = Code(
    "seat_out_of_range",
    gettext_noop("{player} cannot join at seat {seat}: seats run from 0 to {last}."),
)
ROSTER_TOO_LARGE = Code(
    "roster_too_large",
    gettext_noop("A night's roster can hold at most {limit} players (got {count:,})."),
)

# --- One hand ---
HAND_TOO_FEW_SEATED = Code(
    "hand_too_few_seated",
    gettext_noop("Hand {hand}: {count} seated; a hand needs at least 2 players."),
)
HAND_TOO_MANY_SEATED = Code(
    "hand_too_many_seated",
    gettext_noop("Hand {hand}: {count} seated; the house allows at most {max_players}."),
)
HAND_TOO_MANY_CARDS = Code(
    "hand_too_many_cards",
    gettext_noop(
        "Hand {hand}: {count} seated with {tricks_per_hand} cards each need {cards} cards; "
        "a deck has only 52."
    ),
)
SEATED_TWICE = Code("seated_twice", gettext_noop("Hand {hand}: {player} is seated twice."))
DEALER_NOT_ON_ROSTER = Code(
    "dealer_not_on_roster",
    gettext_noop("Hand {hand}: the dealer {player} is not on tonight's roster."),
)
SEATED_NOT_ON_ROSTER = Code(
    "seated_not_on_roster",
    gettext_noop("Hand {hand}: {player} is seated but is not on tonight's roster."),
)
STAYER_NOT_ON_ROSTER = Code(
    "stayer_not_on_roster",
    gettext_noop("Hand {hand}: {player} stayed but is not on tonight's roster."),
)
RENEGER_NOT_ON_ROSTER = Code(
    "reneger_not_on_roster",
    gettext_noop("Hand {hand}: {player} reneged but is not on tonight's roster."),
)
DEALER_NOT_SEATED = Code(
    "dealer_not_seated",
    gettext_noop("Hand {hand}: the dealer {player} is not seated."),
)
STAYER_NOT_SEATED = Code(
    "stayer_not_seated",
    gettext_noop("Hand {hand}: {player} stayed but is not seated."),
)
TRICKS_MISSING = Code(
    "tricks_missing",
    gettext_noop("Hand {hand}: {player} stayed but has no tricks entered."),
)
TRICKS_NOT_WHOLE_NUMBER = Code(
    "tricks_not_whole_number",
    gettext_noop("Hand {hand}: {player}'s tricks must be a whole number (got {value!r})."),
)
TRICKS_NEGATIVE = Code(
    "tricks_negative",
    gettext_noop("Hand {hand}: {player} cannot take {tricks} tricks."),
)
TRICKS_OVER = Code(
    "tricks_over",
    gettext_noop(
        "Hand {hand}: {player} took {tricks} tricks, but a hand has only {tricks_per_hand}."
    ),
)
TRICKS_DO_NOT_ADD_UP = Code(
    "tricks_do_not_add_up",
    gettext_noop("Hand {hand}: the stayers' tricks add up to {total}, not {tricks_per_hand}."),
)
RENEGE_WITHOUT_STAYING = Code(
    "renege_without_staying",
    gettext_noop("Hand {hand}: {player} reneged but did not stay."),
)
RENEGED_TOO_OFTEN = Code(
    "reneged_too_often",
    gettext_noop(
        "Hand {hand}: {player} reneged {count:,} times, but a hand has only {tricks_per_hand} "
        "tricks."
    ),
)
NIGHT_TOO_LONG = Code(
    "night_too_long",
    gettext_noop("Hand {hand}: a night can hold at most {limit:,} hands; start another night."),
)
RENEGE_TOO_FEW_STAYERS = Code(
    "renege_too_few_stayers",
    gettext_noop(
        "Hand {hand}: {player} reneged, but a renege needs at least two stayers ({count} stayed)."
    ),
)

# --- A hand as an object of the night file (HandInput.from_dict) ---
HAND_NOT_MAPPING = Code(
    "hand_not_mapping",
    gettext_noop("Hand {hand}: must be an object with a dealer (got {value!r})."),
)
HAND_UNKNOWN_FIELD = Code(
    "hand_unknown_field",
    gettext_noop("Hand {hand}: {key} is not a hand field."),
)
HAND_FIELD_MISSING = Code("hand_field_missing", gettext_noop("Hand {hand}: {key} is missing."))
# ``expected`` is words ("a list of names"), marked where HandInput.from_dict writes them.
HAND_FIELD_WRONG_TYPE = Code(
    "hand_field_wrong_type",
    gettext_noop("Hand {hand}: {key} must be {expected} (got {value!r})."),
    words=("expected",),
)

# --- Closing a night ---
SPLIT_WITHOUT_HAND = Code(
    "split_without_hand",
    gettext_noop("The pot holds {pot} chips but no hand was settled to split it among."),
)

# --- Play: judging how a card was played (play.py) ---
# A card is named as written, rank then suit ("10H"); the screens may format it another way.
# A bad play_obligation is reported with PLAY_OBLIGATION_INVALID (house rules, above).
CARD_UNKNOWN = Code(
    "card_unknown",
    gettext_noop(
        "{card!r} is not a card: write its rank (A K Q J 10 9 8 7 6 5 4 3 2), then its suit "
        "(S H D C), such as 10H."
    ),
)
TRUMP_INVALID = Code(
    "trump_invalid",
    gettext_noop("Trump must be one suit: S, H, D or C (got {value!r})."),
)
PLAY_HAND_NOT_A_LIST = Code(
    "play_hand_not_a_list",
    gettext_noop("The hand must be a list of cards (got {value!r})."),
)
TRICK_NOT_A_LIST = Code(
    "trick_not_a_list",
    gettext_noop("The trick must be a list of cards (got {value!r})."),
)
PLAY_HAND_EMPTY = Code(
    "play_hand_empty",
    gettext_noop("The hand holds no cards; a player who plays holds at least one."),
)
PLAY_HAND_TOO_LARGE = Code(
    "play_hand_too_large",
    gettext_noop("The hand holds {count} cards; a player holds at most {limit}."),
)
TRICK_EMPTY = Code(
    "trick_empty",
    gettext_noop("No card has been played to the trick yet, so nobody is winning it."),
)
TRICK_TOO_LONG = Code(
    "trick_too_long",
    gettext_noop("The trick holds {count} cards; a trick holds one card per player, 8 at most."),
)
TRICK_ALREADY_FULL = Code(
    "trick_already_full",
    gettext_noop(
        "The trick already holds {count} cards, so nobody is left to play to it "
        "(8 players at most)."
    ),
)
CARD_TWICE_IN_HAND = Code(
    "card_twice_in_hand",
    gettext_noop("{card} is in the hand twice; a deck has one of each card."),
)
CARD_TWICE_IN_TRICK = Code(
    "card_twice_in_trick",
    gettext_noop("{card} is in the trick twice; a deck has one of each card."),
)
CARD_IN_HAND_AND_TRICK = Code(
    "card_in_hand_and_trick",
    gettext_noop("{card} is both in the hand and in the trick; a deck has one of each."),
)
PLAYED_NOT_IN_HAND = Code(
    "played_not_in_hand",
    gettext_noop("{card} was played but is not in the hand."),
)

# --- Settle-up ---
BALANCE_NOT_WHOLE_NUMBER = Code(
    "balance_not_whole_number",
    gettext_noop("{player}'s balance must be a whole number of chips (got {value!r})."),
)
BALANCES_DO_NOT_ADD_UP = Code(
    "balances_do_not_add_up",
    gettext_noop("The balances add up to {total}, not 0, so they cannot be settled."),
)
