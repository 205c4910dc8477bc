"""The nights the bench plays: night files (``bourre-night/1``, docs/night-file.md) of
made-up hands, and a hand as the phone's form posts it (field names in
tables/forms/hand.py)."""

import json
import random

from ledger import rules
from ledger.management.commands import bench_ledger as ledger_bench

PLAYERS = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"]
# Capped, so hundreds of random hands cannot grow the pot past what a column holds.
RULES = rules.PRESETS["limit"].rules.to_dict()


def dealer_of(number: int) -> str:
    """The deal passes to the left each hand."""
    return PLAYERS[(number - 1) % len(PLAYERS)]


def random_hand(rng: random.Random, number: int) -> dict:
    """A valid night-file hand for hand ``number``, everyone dealt in: the ledger bench's."""
    return ledger_bench.random_hand(rng, dealer_of(number), list(PLAYERS))


def night_document(table: str, hands: int, *, seed: int) -> dict:
    rng = random.Random(seed)  # noqa: S311 - made-up hands, not secrets
    return {
        "format": "bourre-night/1",
        "table": table,
        "rules": RULES,
        "players": PLAYERS,
        "hands": [random_hand(rng, number) for number in range(1, hands + 1)],
        "closed": False,
    }


def night_file(table: str, hands: int, *, seed: int) -> bytes:
    return json.dumps(night_document(table, hands, seed=seed), indent=2).encode()


def hand_fields(hand: dict, ids: dict[str, int]) -> dict[str, str]:
    """The hand form's fields for a night-file hand, as the hand screen posts them: every
    row's Dealt in box and its one choice (Fold, or the stayer's tricks tapped directly;
    a lone stayer's count is never read), reneges counted, or the misdeal button."""
    fields = {"dealer": str(ids[hand["dealer"]])}
    fields |= {f"seated_{ids[name]}": "1" for name in PLAYERS}
    fields |= {f"play_{ids[name]}": "fold" for name in PLAYERS}
    if hand.get("misdeal"):
        fields["misdeal"] = "1"
        return fields
    for name, tricks in hand.get("stayed", {}).items():
        fields[f"play_{ids[name]}"] = "stay" if tricks is None else str(tricks)
    for name in hand.get("reneged", []):
        fields[f"renege_{ids[name]}"] = "1"
    return fields
    for name, tricks in hand.get("stayed", {}).items():
        fields[f"play_{ids[name]}"] = "stay"
        fields[f"tricks_{ids[name]}"] = str(tricks)
    for name in hand.get("reneged", []):
        fields[f"renege_{ids[name]}"] = "1"
    return fields
