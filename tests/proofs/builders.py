"""Worlds for the proofs: a long night written in bulk, and one of everything for URL walks."""

import random

from django.utils import timezone

from ledger import bridge, rules, services
from ledger.management.commands.bench_ledger import random_hand
from ledger.models import Hand, Night
from tests.factories import night_with

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"]
# Capped, so a thousand random hands keep the pot within an int column.
LONG_RULES = rules.PRESETS["limit"].rules


def long_night(hands: int = 1000, *, players: int = 4, seed: int = 7) -> Night:
    """A night of ``hands`` random hands, settled by the engine exactly as
    services.hand_record settles them, but written in three bulk inserts.

    Recording a thousand hands one by one takes longer than the whole proof suite
    may; the rows here are the services' own (their _settle, _double_entries and
    _post build them), so verify_night must find the night clean.
    """
    rng = random.Random(seed)  # made-up hands, not secrets
    names = NAMES[:players]
    night = night_with(names, house_rules=LONG_RULES)
    by = night.started_by
    to_name = bridge.roster_names(night)
    to_id = {name: player_id for player_id, name in to_name.items()}
    roster = list(to_name)  # seat order
    state = rules.NightState.start(names)
    now = timezone.now()
    rows, results = [], []
    for number in range(1, hands + 1):
        hand = random_hand(rng, names[(number - 1) % len(names)], names)
        data = services.HandData(
            dealer=to_id[hand["dealer"]],
            seated=roster,
            stayed={to_id[name]: tricks for name, tricks in hand.get("stayed", {}).items()},
            reneged=[to_id[name] for name in hand.get("reneged", [])],
            misdeal=hand.get("misdeal", False),
        )
        result, state = services._settle(night, data, roster, state, to_name)
        rows.append(
            Hand(
                night=night,
                number=number,
                revision=1,
                live=True,
                kind=Hand.RECORD,
                input=data.as_json(),
                dealer_id=data.dealer,
                roster=roster,
                result=bridge.result_to_json(result, to_id),
                state_after=bridge.state_to_json(state, to_id),
                created_by=by,
                created_at=now,
            )
        )
        results.append(result)
    created = Hand.objects.bulk_create(rows)
    movements = [
        movement
        for hand, result in zip(created, results, strict=True)
        for movement in services._double_entries(hand, result.movements, to_id)
    ]
    services._post(night, movements, by=by, now=now)
    return night
