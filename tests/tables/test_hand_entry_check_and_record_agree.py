"""Whatever the live check calls ready, Record takes (issue 15): the check and the record
read the hand screen's taps with the same form and ask the same referee.

Hypothesis taps a row of choices (Fold, Stay with no tricks, or 0 to 5 tricks), seats and
a renege; each combination is posted to the live check, then to Record with the second
tap a hand nobody stayed in asks for. A check that says "Ready to record." must record.
"""

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from ledger.models import Hand
from tests.factories import night_with
from tests.ledger.helpers import ids
from tests.tables.night_helpers import url

pytestmark = pytest.mark.django_db

NAMES = ("Ann", "Bob", "Cy", "Dee")
CHOICES = ["fold", "stay", "0", "1", "2", "3", "4", "5"]
HTMX = {"HX-Request": "true"}

taps = st.fixed_dictionaries(
    {
        "choices": st.lists(st.sampled_from(CHOICES), min_size=4, max_size=4),
        "seated": st.lists(st.booleans(), min_size=4, max_size=4),
        "renege": st.sampled_from([None, *NAMES]),
    }
)


@settings(
    max_examples=60,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(tapped=taps)
# The bourré left at "stay" once the others' tricks make 5; the same with a renege.
@example(tapped={"choices": ["3", "2", "stay", "fold"], "seated": [True] * 4, "renege": None})
@example(tapped={"choices": ["stay", "4", "1", "fold"], "seated": [True] * 4, "renege": "Ann"})
def test_a_hand_the_check_calls_ready_is_recorded(client, tapped):
    night = night_with(NAMES)
    client.force_login(night.table.owner)
    by_name = ids(night)
    post = {"number": "1", "dealer": str(by_name["Ann"])}
    for name, choice, seated in zip(NAMES, tapped["choices"], tapped["seated"], strict=True):
        post[f"play_{by_name[name]}"] = choice
        if seated:
            post[f"seated_{by_name[name]}"] = "1"
    if tapped["renege"]:
        post[f"renege_{by_name[tapped['renege']]}"] = "1"

    check = client.post(url("hand_check", night), post, headers=HTMX).content.decode()
    ready = "Ready to record." in check or "Record asks again first." in check
    # A hand nobody stayed in is recorded with the second tap the check asks for.
    asked = "Record asks again first." in check
    record = client.post(url("hand_record", night), post | ({"confirm": "nobody"} if asked else {}))

    assert ready == (record.status_code == 302), check
    assert Hand.objects.filter(night=night).exists() == ready
