"""Worlds for the proofs: a long night recorded hand by hand through the services."""

import random

from ledger import rules
from ledger.management.commands.bench_ledger import random_hand
from ledger.models import Night
from tests.factories import NightFactory

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"]
# Capped, so a thousand random hands keep the pot within an int column.
LONG_RULES = rules.PRESETS["limit"].rules


def long_night(hands: int = 1000, *, players: int = 4, seed: int = 7) -> Night:
    """A night of ``hands`` random hands, each recorded by services.hands.hand_record as the
    hand screen records it, so the rows are the services' own and verify_night must
    find the night clean."""
    rng = random.Random(seed)  # made-up hands, not secrets
    names = NAMES[:players]
    return NightFactory(
        names=names,
        house_rules=LONG_RULES,
        hands=[random_hand(rng, names[number % len(names)], names) for number in range(hands)],
    )
