"""The stored form of a night's state, a hand's input and a hand's result (stored.py):
JSON, players as the keys they were settled by, read back with a key parser."""

import json

from ledger.rules import (
    HandInput,
    HouseRules,
    NightState,
    input_from_json,
    input_to_json,
    result_to_json,
    settle_hand,
    state_from_json,
    state_to_json,
)

RULES = HouseRules(ante=1, ante_exemptions=True)
ROSTER = [12, 7, 30, 4]  # player ids, seat order: deliberately not sorted


def _after_a_tie() -> tuple:
    hand = HandInput(dealer=12, stayed={7: 2, 30: 2, 4: 1}, reneged=(4,))
    result, state = settle_hand(RULES, NightState.start(ROSTER), hand)
    return hand, result, state


def test_a_state_written_by_id_reads_back_equal_with_int_as_the_key_parser():
    _, _, state = _after_a_tie()

    data = json.loads(json.dumps(state_to_json(state)))

    assert state_from_json(data, key=int, balances=state.balances) == state


def test_a_state_is_stored_without_its_balances_and_read_back_at_the_ones_given():
    _, _, state = _after_a_tie()
    assert any(state.balances.values())

    data = state_to_json(state)

    assert "balances" not in data
    # A player the balances leave out is at 0; one off the roster is not read.
    given = {12: 5, 7: -5, 99: 3}
    assert state_from_json(data, key=int, balances=given).balances == {12: 5, 7: -5, 30: 0, 4: 0}


def test_players_are_json_numbers_in_lists_and_strings_as_object_keys():
    _, _, state = _after_a_tie()

    data = state_to_json(state)

    assert data["roster"] == [12, 7, 30, 4]
    assert list(data["shares"]) == ["12", "7", "30", "4"]
    assert data["last_dealer"] == 12


def test_the_exempt_players_are_written_in_seat_order_so_equal_states_are_equal_json():
    _, _, state = _after_a_tie()

    assert state.exempt == {7, 30}
    assert state_to_json(state)["exempt"] == [7, 30]


def test_a_state_settled_by_name_reads_back_with_str_as_the_key_parser():
    names = NightState.start(["Ann", "Bob"])

    assert state_from_json(state_to_json(names), key=str, balances={}) == names


def test_a_key_writer_stores_a_state_settled_by_name_by_player_id():
    state = NightState.start(["Ann", "Bob"]).with_player("Cy", 1)
    ids = {"Ann": 12, "Bob": 7, "Cy": 30}

    data = state_to_json(state, key=ids.__getitem__)

    assert data["roster"] == [12, 30, 7]
    assert state_from_json(data, key=int, balances={}).roster == (12, 30, 7)


def test_a_hand_input_round_trips_every_field_even_a_misdeals():
    misdeal = HandInput(dealer=7, seated=(12, 7), stayed={30: 1}, reneged=(30,), misdeal=True)
    whole_roster = HandInput(dealer=12, stayed={7: None})

    for hand in (misdeal, whole_roster):
        data = json.loads(json.dumps(input_to_json(hand)))
        assert input_from_json(data, key=int) == hand


def test_a_hand_input_is_stored_in_the_shape_the_ledger_has_always_kept():
    hand, _, _ = _after_a_tie()

    assert input_to_json(HandInput(12, (12, 7, 30, 4), hand.stayed, (4,))) == {
        "dealer": 12,
        "seated": [12, 7, 30, 4],
        "stayed": {"7": 2, "30": 2, "4": 1},
        "reneged": [4],
        "misdeal": False,
    }


def test_a_result_keeps_every_figure_what_it_changed_and_no_movements_nor_balances():
    _, result, _ = _after_a_tie()

    data = result_to_json(result)

    assert data["number"] == 1
    assert data["winner"] is None
    assert data["renege_payments"] == {"4": 4}
    assert data["seated"] == [12, 7, 30, 4]
    # The renege paid 4 to the pot; everyone paid the ante (the tie carried the pot over).
    assert data["changes"] == {"12": -1, "7": -1, "30": -1, "4": -5}
    assert data["changes"] == {str(p): c for p, c in result.balances.items() if c}
    assert "movements" not in data and "balances" not in data


def test_a_late_arrival_is_seated_where_the_roster_says():
    state = NightState.start([12, 7]).with_roster([12, 30, 7, 4])

    assert state.roster == (12, 30, 7, 4)
    assert state.balances == {12: 0, 30: 0, 7: 0, 4: 0}
    assert state.with_roster([12, 30, 7, 4]) == state
