"""The referee in the phone (static/js/rules.js, hand_check.js) and the server's agree: over
thousands of hands of random nights (tests/rules_vectors.py), Node's test runner reads,
checks, settles and words each hand on the phone's side and compares it with the server's,
to the chip and to the word. A rule changed on either side fails here."""

import json
import os
import re
import subprocess

import pytest
from django.conf import settings

from tests.node import node
from tests.rules_vectors import vectors

pytestmark = pytest.mark.database_independent

HANDS = 12_000
RUNNER = settings.BASE_DIR / "tests" / "js" / "rules_vectors.test.js"


def run_vectors(path) -> subprocess.CompletedProcess:
    return subprocess.run(  # noqa: S603 - Node and a file of this repository
        [node(), "--test", "--test-reporter=tap", str(RUNNER)],
        env={**os.environ, "BOURRE_RULES_VECTORS": str(path)},
        capture_output=True,
        text=True,
        timeout=300,
    )


@pytest.fixture(scope="module")
def generated():
    return vectors(HANDS, seed=30)


def test_the_phone_and_the_server_referee_over_twelve_thousand_generated_hands(generated, tmp_path):
    path = tmp_path / "vectors.json"
    path.write_text(json.dumps(generated))

    ran = run_vectors(path)

    assert ran.returncode == 0, ran.stdout[-6000:] + ran.stderr[-2000:]
    said = re.search(r"# (\d+) hands: (\d+) settled, (\d+) worded", ran.stdout)
    assert said is not None, ran.stdout[-2000:]
    total, settled, worded = map(int, said.groups())
    assert total == HANDS
    assert settled >= 10_000
    assert worded >= HANDS // 10


def test_the_vectors_reach_every_rule_the_phone_follows(generated):
    cases = generated["cases"]
    codes = {p["code"] for c in cases for p in c["expect"]["problems"]}
    results = [c["expect"]["result"] for c in cases if "result" in c["expect"]]
    rules_seen = [c["screen"]["rules"] for c in cases]
    assert {
        "tricks_do_not_add_up",
        "stayer_not_seated",
        "dealer_not_seated",
        "renege_without_staying",
        "renege_too_few_stayers",
        "dealer_missing",
        "tricks_for_folded",
        "hand_already_recorded",
        "dealer_not_on_roster",
        "tricks_not_whole_number",
        "renege_not_a_count",
        "renege_too_many",
    } <= codes
    assert any(r["misdeal"] for r in results)
    assert any(r["bourre_payments"] for r in results)
    assert any(r["renege_payments"] for r in results)
    assert any(r["ante_refunds"] for r in results)
    assert any(r["penalty_refunds"] for r in results)
    assert any(r["carryover"] and r["seated"] for r in results)
    assert any(r["winner"] is not None and r["winner_takes"] < r["pot_before"] for r in results)
    assert any(len(c["people"]) == 8 for c in cases)
    assert any(r["tricks_per_hand"] == 7 for r in rules_seen)
    assert any(r["escalating_ante"] for r in rules_seen)
    assert any(r["ante_exemptions"] for r in rules_seen)
