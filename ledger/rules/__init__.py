"""The Bourré money rules engine: pure Python, no Django. See ledger/rules/README.md.

Chips are ints, money is Decimal, players are their names (unique within a night).
"""

from .errors import RulesError
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
    PRESETS,
    RULE_FIELDS,
    RULE_HELP,
    HouseRules,
    Preset,
)
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
    "MAX_CHIP_VALUE",
    "MAX_HANDS",
    "MAX_ROSTER",
    "MOVEMENT_KINDS",
    "PENALTY_REFUND",
    "PRESETS",
    "RENEGE",
    "RULE_FIELDS",
    "RULE_HELP",
    "WIN",
    "HandInput",
    "HandResult",
    "HouseRules",
    "Movement",
    "NightState",
    "Preset",
    "RulesError",
    "Transfer",
    "apportion",
    "close_night",
    "currency_places",
    "hand_errors",
    "order_from_left",
    "replay",
    "settle_hand",
    "settle_up",
    "to_money",
]
