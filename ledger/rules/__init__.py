"""The Bourré rules engine (money, and the trick referee): pure Python, no Django.
See ledger/rules/README.md.

Chips are ints, money is Decimal, players are opaque keys (ids or names, unique within a
night), and problems are codes with parameters (``Problem``), worded by ``describe``.
"""

from .errors import Code, Problem, ProblemsError, RulesError, describe, gettext_noop
from .excess import apportion, order_from_left
from .hand import (
    ANTE,
    ANTE_REFUND,
    BOURRE,
    LEFTOVER,
    MOVEMENT_KINDS,
    PENALTY_REFUND,
    RENEGE,
    WIN,
    HandInput,
    HandResult,
    Movement,
    ante_for,
    hand_errors,
    settle_hand,
)
from .house_rules import (
    LEFTOVER_POLICIES,
    LEFTOVER_REFUND,
    LEFTOVER_SPLIT,
    MAX_CHIP_VALUE,
    MAX_HANDS,
    MAX_ROSTER,
    PLAY_BEAT_LED_SUIT,
    PLAY_BEAT_WINNER,
    PLAY_NO_BEAT,
    PLAY_OBLIGATIONS,
    PRESETS,
    RULE_FIELDS,
    RULE_HELP,
    HouseRules,
    Preset,
)
from .keys import PlayerKey, is_player_key
from .money import CURRENCIES, CURRENCY_PLACES, currency_places, to_money
from .night import close_night, replay
from .play import DECK, Card, Verdict, judge, legal_cards, parse_card, trick_winner
from .settle_up import Transfer, settle_up
from .state import NightState
from .stored import (
    input_from_json,
    input_to_json,
    result_to_json,
    state_from_json,
    state_to_json,
)

__all__ = [
    "ANTE",
    "ANTE_REFUND",
    "BOURRE",
    "CURRENCIES",
    "CURRENCY_PLACES",
    "DECK",
    "LEFTOVER",
    "LEFTOVER_POLICIES",
    "LEFTOVER_REFUND",
    "LEFTOVER_SPLIT",
    "MAX_CHIP_VALUE",
    "MAX_HANDS",
    "MAX_ROSTER",
    "MOVEMENT_KINDS",
    "PENALTY_REFUND",
    "PLAY_BEAT_LED_SUIT",
    "PLAY_BEAT_WINNER",
    "PLAY_NO_BEAT",
    "PLAY_OBLIGATIONS",
    "PRESETS",
    "RENEGE",
    "RULE_FIELDS",
    "RULE_HELP",
    "WIN",
    "Card",
    "Code",
    "HandInput",
    "HandResult",
    "HouseRules",
    "Movement",
    "NightState",
    "PlayerKey",
    "Preset",
    "Problem",
    "ProblemsError",
    "RulesError",
    "Transfer",
    "Verdict",
    "ante_for",
    "apportion",
    "close_night",
    "currency_places",
    "describe",
    "gettext_noop",
    "hand_errors",
    "input_from_json",
    "input_to_json",
    "is_player_key",
    "judge",
    "legal_cards",
    "order_from_left",
    "parse_card",
    "replay",
    "result_to_json",
    "settle_hand",
    "settle_up",
    "state_from_json",
    "state_to_json",
    "to_money",
    "trick_winner",
]
