"""The Bourré money rules engine: pure Python, no Django. See ledger/rules/README.md.

Chips are ints, money is Decimal, players are opaque keys (ids or names, unique within a
night), and problems are codes with parameters (``Problem``), worded by ``describe``.
"""

from .errors import Code, Problem, RulesError, describe, gettext_noop
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
    PRESETS,
    RULE_FIELDS,
    RULE_HELP,
    HouseRules,
    Preset,
)
from .keys import PlayerKey, is_player_key
from .money import CURRENCY_PLACES, currency_places, to_money
from .night import close_night, replay
from .settle_up import Transfer, settle_up
from .state import NightState

__all__ = [
    "ANTE",
    "ANTE_REFUND",
    "BOURRE",
    "CURRENCY_PLACES",
    "LEFTOVER",
    "LEFTOVER_POLICIES",
    "LEFTOVER_REFUND",
    "LEFTOVER_SPLIT",
    "MOVEMENT_KINDS",
    "PENALTY_REFUND",
    "PRESETS",
    "RENEGE",
    "RULE_FIELDS",
    "RULE_HELP",
    "WIN",
    "Code",
    "HandInput",
    "HandResult",
    "HouseRules",
    "Movement",
    "NightState",
    "PlayerKey",
    "Preset",
    "Problem",
    "RulesError",
    "Transfer",
    "ante_for",
    "apportion",
    "close_night",
    "currency_places",
    "describe",
    "gettext_noop",
    "hand_errors",
    "is_player_key",
    "order_from_left",
    "replay",
    "settle_hand",
    "settle_up",
    "to_money",
]
