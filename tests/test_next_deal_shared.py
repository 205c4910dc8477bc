"""The hand screen's outbox deals the next hand on the phone (static/js/next_deal.js) as the
server deals it (ledger.selectors.hand_screen.next_deal): over many random hands — rosters
of 2 to 8, players sitting out or gone, misdeals, dealers anywhere — the two agree.

The JavaScript runs in Node, once for every hand; no database, no browser."""

import json
import random
import subprocess
from dataclasses import replace

import pytest
from django.conf import settings

from ledger import rules
from ledger.selectors.hand_screen import next_deal
from tests.node import node

pytestmark = pytest.mark.database_independent

HANDS = 2000
RUN = """
const deal = require(process.argv[1]);
const cases = JSON.parse(require("fs").readFileSync(0, "utf8"));
process.stdout.write(JSON.stringify(cases.map((c) => deal.nextDeal(c.night, c.hand))));
"""


def _random_hand(chance: random.Random) -> dict:
    roster = chance.sample(range(1, 60), chance.randint(2, 8))
    active = [p for p in roster if chance.random() < 0.85] or roster[:1]
    # The hand before: its roster (a late arrival is not on it), who it dealt in, its
    # dealer (maybe gone since), a misdeal or not.
    last_roster = [p for p in roster if chance.random() < 0.9] or roster[:]
    seated = [p for p in last_roster if chance.random() < 0.7]
    dealer = chance.choice([*roster, None]) if chance.random() < 0.95 else 999
    return {
        "night": {"roster": roster, "active": active},
        "hand": {
            "dealer": dealer,
            "misdeal": chance.random() < 0.25,
            "seated": seated,
            "roster": last_roster,
        },
    }


def _server(case: dict) -> dict:
    night, hand = case["night"], case["hand"]
    state = replace(
        rules.NightState.start(night["roster"]),
        previous_dealer=hand["dealer"],
        previous_misdeal=hand["misdeal"],
    )
    dealer, dealt_in = next_deal(state, hand["seated"], hand["roster"], night["active"])
    # The screen's default when the rule names nobody (hand_screen._next_hand).
    if dealer is None and night["active"]:
        dealer = night["active"][0]
    return {"dealer": dealer, "seated": dealt_in}


def test_the_phone_and_the_server_deal_the_next_hand_alike_over_many_random_hands():
    chance = random.Random(23)
    cases = [_random_hand(chance) for _ in range(HANDS)]
    script = settings.BASE_DIR / "static" / "js" / "next_deal.js"

    ran = subprocess.run(  # noqa: S603 - Node and a file of this repository
        [node(), "-e", RUN, str(script)],
        input=json.dumps(cases),
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    phone = json.loads(ran.stdout)

    differing = [
        (case, answer, _server(case))
        for case, answer in zip(cases, phone, strict=True)
        if answer != _server(case)
    ]
    assert differing == []
    # The cases reach every branch: the dealer kept after a misdeal, the deal passed on, and
    # everyone dealt in when nobody was remembered.
    kept = {
        (case["hand"]["misdeal"], answer["dealer"] == case["hand"]["dealer"])
        for case, answer in zip(cases, phone, strict=True)
    }
    assert {(True, True), (True, False), (False, False)} <= kept
    assert any(
        answer["seated"] == case["night"]["active"]
        for case, answer in zip(cases, phone, strict=True)
    )
