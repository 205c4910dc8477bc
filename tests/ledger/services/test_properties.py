"""Random nights through the services on the real database, checked after every step.

Each example starts a night on random house rules and runs up to 12 random operations
(record, correct, undo, a late arrival, someone leaving) and maybe a close. After every
operation: the balances and the pot sum to zero, they equal what the pure engine gets by
replaying the live hands from scratch, and verify_night finds nothing wrong.
"""

from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ledger import errors as err
from ledger import rules, selectors
from ledger.errors import InvalidInput
from ledger.models import Seat
from ledger.selectors.hand_screen import hand_screen
from ledger.selectors.seats import chips_of, ids_of, night_roster
from ledger.services import corrections as correction_services
from ledger.services import hands as hand_services
from ledger.services import nights as night_services
from ledger.services import roster as roster_services
from ledger.verify import verify_night
from tests.factories import PlayerFactory, TableFactory

pytestmark = pytest.mark.django_db

NAMES = ["Ann", "Bob", "Cy", "Dee"]
LATE = "Eve"
RULES = [
    rules.HouseRules(),
    rules.HouseRules(tricks_per_hand=7, min_tricks_to_win=3),
    rules.HouseRules(ante=2, escalating_ante=True, pot_cap=20, bourre_cap=15),
    rules.HouseRules(ante=2, win_cap=10, bourre_cap=10, ante_exemptions=True),
    rules.HouseRules(pot_cap=12, leftover_pot="split"),
    rules.PRESETS["limit"].rules,
]
OPERATIONS = ["record"] * 4 + ["correct"] * 2 + ["undo", "join", "leave"]
STATS: Counter = Counter()


@pytest.fixture(scope="module", autouse=True)
def _report_how_much_ran(request):
    yield
    reporter = request.config.pluginmanager.get_plugin("terminalreporter")
    capture = request.config.pluginmanager.get_plugin("capturemanager")
    if STATS and reporter is not None and capture is not None:
        summary = ", ".join(f"{count} {what}" for what, count in sorted(STATS.items()))
        with capture.global_and_fixture_disabled():
            reporter.write_line(f"\nledger properties: {summary}")


def hands(draw, house: rules.HouseRules, dealer_pool: list[int], players: list[int]) -> dict:
    """A valid hand input (ids) among ``players``."""
    seated = draw(
        st.lists(st.sampled_from(players), min_size=2, max_size=len(players), unique=True)
    )
    dealer = draw(st.sampled_from([p for p in seated if p in dealer_pool] or seated))
    if draw(st.integers(0, 9)) == 0:
        return rules.HandInput(dealer=dealer, seated=seated, stayed={}, misdeal=True)
    stayers = draw(st.lists(st.sampled_from(seated), max_size=len(seated), unique=True))
    stayed: dict[int, int | None] = {}
    if len(stayers) == 1:
        stayed = {stayers[0]: None}
    elif stayers:
        left = house.tricks_per_hand
        for player in stayers[:-1]:
            stayed[player] = draw(st.integers(0, left))
            left -= stayed[player]
        stayed[stayers[-1]] = left
    reneged = []
    if len(stayers) >= 2 and draw(st.booleans()):
        reneged = [draw(st.sampled_from(stayers))]
    return rules.HandInput(dealer=dealer, seated=seated, stayed=stayed, reneged=reneged)


def check(night) -> None:
    """The invariants of docs/rules.md, against the database and the pure engine."""
    night.refresh_from_db()
    balances = selectors.night_balances(night)
    pot = selectors.night_pot(night)
    assert sum(balances.values()) + pot == 0
    assert pot >= 0

    # Each seat's running balance is what its entries sum to, after every operation.
    assert chips_of(night_roster(night)) == balances
    roster = ids_of(night_roster(night))
    house = night.house_rules
    inputs = [hand.hand_input() for hand in selectors.live_hands(night)]
    _, state = rules.replay(house, roster, inputs)
    if night.is_closed:
        _, state = rules.close_night(house, state, night.leftover_policy)
    assert balances == {player_id: state.balances[player_id] for player_id in roster}
    assert pot == state.pot
    if house.pot_cap is not None:
        assert pot <= house.pot_cap

    assert verify_night(night) == []


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_random_nights_keep_every_invariant_after_every_operation(data):
    draw = data.draw
    house = draw(st.sampled_from(RULES))
    table = TableFactory(rules=house.to_dict())
    roster = [PlayerFactory(table=table, name=n) for n in NAMES[: draw(st.integers(2, 4))]]
    night = night_services.night_start(
        table=table, players=roster, first_dealer=roster[0], by=table.owner
    )
    by = table.owner
    STATS["nights"] += 1

    for operation in draw(st.lists(st.sampled_from(OPERATIONS), min_size=4, max_size=12)):
        seats = list(Seat.objects.filter(night=night).order_by("position"))
        active = [s.player_id for s in seats if s.active]
        number = hand_screen(night).next.number
        if operation == "record" and len(active) >= 2:
            hand = hands(draw, house, active, active)
            hand_services.hand_record(night=night, expected_number=number, hand=hand, by=by)
        elif operation == "correct" and number > 1:
            k = draw(st.integers(1, number - 1))
            old = selectors.live_hands(night).get(number=k)
            hand = hands(draw, house, old.roster, old.roster)
            inputs = [h.input for h in selectors.live_hands(night)]
            try:
                correction_services.hand_correct(
                    night=night, number=k, hand=hand, reason="property", by=by
                )
            except InvalidInput as error:
                # Drawing the very hand that is recorded is the only refusal expected.
                assert error.problems == [err.CORRECTION_CHANGES_NOTHING(number=k)]
                continue
            # The live inputs are the night's with hand k's replaced, as a replay of every
            # later hand would leave them, whichever hands it kept (check() below: their
            # balances and pot are a fresh replay's, and verify_night passes).
            inputs[k - 1] = rules.input_to_json(hand_services.with_seats(hand, old.roster))
            assert [h.input for h in selectors.live_hands(night)] == inputs
        elif operation == "undo" and number > 1:
            correction_services.hand_undo_last(night=night, by=by)
        elif operation == "join" and len(seats) == len(roster):
            late = PlayerFactory(table=table, name=LATE)
            position = draw(st.integers(1, len(seats) + 1))
            roster_services.night_seat_join(night=night, player=late, position=position, by=by)
        elif operation == "leave" and len(active) > 2:
            leaving = draw(st.sampled_from([s for s in seats if s.active])).player
            roster_services.night_seat_leave(night=night, player=leaving, by=by)
        else:
            continue
        STATS["operations"] += 1
        STATS[operation] += 1
        check(night)

    if draw(st.booleans()):
        policy = draw(st.sampled_from([None, "refund", "split"]))
        try:
            night_services.night_close(night=night, by=by, policy=policy)
        except InvalidInput as error:
            # A split needs a settled hand to split among; refund always works.
            assert error.problems == [
                rules.errors.SPLIT_WITHOUT_HAND(pot=selectors.night_pot(night))
            ]
            return
        STATS["operations"] += 1
        STATS["close"] += 1
        check(night)
