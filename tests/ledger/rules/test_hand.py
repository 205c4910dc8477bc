"""Settling hands and closing nights, rule by rule (beyond the worked examples)."""

import copy

import pytest

from ledger.rules import (
    ANTE,
    BOURRE,
    LEFTOVER,
    RENEGE,
    WIN,
    HandInput,
    HouseRules,
    Movement,
    NightState,
    RulesError,
    ante_for,
    apportion,
    close_night,
    order_from_left,
    replay,
    settle_hand,
)
from ledger.rules import errors as e

ROSTER = ("Ann", "Bob", "Cy", "Dee")


def night(rules, hands, roster=ROSTER):
    results, state = replay(rules, roster, hands)
    return results, state


def test_the_order_from_the_dealers_left_ends_with_the_dealer():
    assert order_from_left(ROSTER, "Bob") == ["Cy", "Dee", "Ann", "Bob"]
    assert order_from_left(ROSTER, "Dee") == ["Ann", "Bob", "Cy", "Dee"]


def test_the_order_of_play_sorts_any_players_by_seat_with_strangers_after():
    seats = [12, 3, 40, 7]  # ids in seat order, not in numeric order
    assert order_from_left(seats, 3, ["7", "12", "99", "40"], key=int) == ["40", "7", "12", "99"]
    assert order_from_left(seats, 7, [3, 12, 40]) == [12, 3, 40]


def test_the_order_of_play_keeps_the_order_given_when_the_dealer_is_not_seated():
    assert order_from_left(ROSTER, None) == list(ROSTER)
    assert order_from_left(ROSTER, "Zed", ["Cy", "Ann"]) == ["Cy", "Ann"]


def test_the_order_of_play_orders_rows_by_their_player_key():
    rows = [{"id": "Ann"}, {"id": "Bob"}, {"id": "Cy"}]
    ordered = order_from_left(["Ann", "Bob", "Cy"], "Ann", rows, key=lambda row: row["id"])
    assert ordered == [{"id": "Bob"}, {"id": "Cy"}, {"id": "Ann"}]


def test_returning_an_excess_gives_floors_then_the_largest_remainders():
    # 7 over payments 5, 3, 2 (S = 10): floors 3, 2, 1; remainders 5, 1, 4; one chip left.
    assert apportion(7, {"Ann": 5, "Bob": 3, "Cy": 2}, ["Ann", "Bob", "Cy"]) == {
        "Ann": 4,
        "Bob": 2,
        "Cy": 1,
    }


def test_returning_an_excess_breaks_equal_remainders_in_the_order_given():
    paid = {"Ann": 1, "Bob": 1, "Cy": 1}
    assert apportion(2, paid, ["Bob", "Cy", "Ann"]) == {"Bob": 1, "Cy": 1}
    assert apportion(2, paid, ["Cy", "Ann", "Bob"]) == {"Cy": 1, "Ann": 1}


def test_returning_an_excess_uses_exact_integer_remainders():
    # 1/3 and 1/3 + tiny: floats would call these equal; 10**18 + 1 wins the chip exactly.
    paid = {"Ann": 10**18, "Bob": 10**18 + 1, "Cy": 10**18}
    assert apportion(1, paid, ["Ann", "Bob", "Cy"]) == {"Bob": 1}


def test_returning_an_excess_refuses_more_than_was_paid():
    with pytest.raises(ValueError, match="cannot apportion"):
        apportion(5, {"Ann": 2, "Bob": 2}, ["Ann", "Bob"])


def test_when_nobody_stays_the_pot_carries_over_whole():
    [result], state = night(HouseRules(ante=3), [HandInput("Ann", stayed={})])
    assert (result.pot_before, result.pot_after, result.winner, result.carryover) == (
        12,
        12,
        None,
        True,
    )
    assert state.carry_streak == 1


def test_a_lone_stayer_takes_the_pot_without_play_and_their_tricks_are_ignored():
    [result], state = night(HouseRules(), [HandInput("Ann", stayed={"Bob": 9})])
    assert (result.winner, result.winner_takes, result.pot_after) == ("Bob", 4, 0)
    assert result.bourre_payments == {} and not result.carryover
    assert state.balances == {"Ann": -1, "Bob": 3, "Cy": -1, "Dee": -1}


def test_a_tie_for_most_tricks_carries_the_pot_and_bourres_still_pay():
    [result], _ = night(HouseRules(), [HandInput("Ann", stayed={"Ann": 2, "Bob": 2, "Cy": 1})])
    assert result.winner is None and result.carryover
    hands = [HandInput("Ann", stayed={"Ann": 2, "Bob": 0, "Cy": 3, "Dee": 0})]
    [result], _ = night(HouseRules(min_tricks_to_win=4), hands)
    assert result.winner is None
    assert result.bourre_payments == {"Bob": 4, "Dee": 4}
    assert result.pot_after == 12


def test_a_leader_short_of_the_three_trick_minimum_does_not_win():
    rules = HouseRules(min_tricks_to_win=3)
    [result], state = night(
        rules, [HandInput("Ann", stayed={"Ann": 2, "Bob": 1, "Cy": 1, "Dee": 1})]
    )
    assert result.winner is None and result.pot_after == 4
    assert state.exempt == frozenset()  # a single leader is not "tied for most"


def test_a_bourre_cap_limits_what_each_bourre_pays():
    hands = [
        HandInput("Ann", stayed={}),
        HandInput("Bob", stayed={}),
        HandInput("Cy", stayed={"Ann": 5, "Bob": 0, "Cy": 0}),
    ]
    results, _ = night(HouseRules(bourre_cap=5), hands)
    assert results[2].pot_before == 12
    assert results[2].bourre_payments == {"Bob": 5, "Cy": 5}
    assert results[2].pot_after == 10


def test_a_bourre_who_also_reneged_twice_pays_three_matches():
    hands = [HandInput("Ann", stayed={"Ann": 5, "Bob": 0}, reneged=("Bob", "Bob"))]
    [result], state = night(HouseRules(), hands, roster=("Ann", "Bob", "Cy"))
    assert result.bourre_payments == {"Bob": 3}
    assert result.renege_payments == {"Bob": 6}
    assert result.movements[-2:] == (Movement("Bob", -3, BOURRE), Movement("Bob", -6, RENEGE))
    assert state.balances == {"Ann": 2, "Bob": -10, "Cy": -1}
    assert state.pot == 9 and state.shares == {"Ann": 0, "Bob": 9, "Cy": 0}


def test_the_escalating_ante_doubles_per_carryover_ignores_misdeals_and_resets_on_a_win():
    rules = HouseRules(escalating_ante=True)
    hands = [
        HandInput("Ann", stayed={}),
        HandInput("Bob", misdeal=True),
        HandInput("Bob", stayed={"Ann": 2, "Bob": 2, "Cy": 1}),
        HandInput("Cy", stayed={"Ann": None}),
        HandInput("Dee", stayed={}),
    ]
    results, _ = night(rules, hands)
    assert [r.ante for r in results] == [1, 0, 2, 4, 1]
    assert results[3].pot_before == 4 + 8 + 16
    assert results[3].winner_takes == 28


def test_ante_for_is_the_ante_the_next_hand_will_charge():
    rules = HouseRules(ante=3, escalating_ante=True)
    hands = [HandInput("Ann", stayed={}), HandInput("Bob", misdeal=True)] * 2
    state = NightState.start(ROSTER)
    charged = []
    for hand in hands:
        expected = ante_for(rules, state)
        result, state = settle_hand(rules, state, hand)
        charged.append((expected, result.ante))
    assert charged == [(3, 3), (6, 0), (6, 6), (12, 0)]
    assert ante_for(rules, state) == 12
    assert ante_for(HouseRules(ante=3), state) == 3  # a fixed ante never escalates


def test_antes_over_the_pot_cap_go_back_to_this_hands_payers():
    rules = HouseRules(ante=5, pot_cap=12)
    [result], state = night(rules, [HandInput("Bob", stayed={})])
    # 20 in, 8 over: 2 each back.
    assert result.ante_refunds == {"Ann": 2, "Bob": 2, "Cy": 2, "Dee": 2}
    assert result.pot_before == state.pot == 12
    assert state.shares == {"Ann": 3, "Bob": 3, "Cy": 3, "Dee": 3}


def test_penalties_over_the_pot_cap_go_back_with_ties_from_the_dealers_left():
    rules = HouseRules(pot_cap=11)
    hands = [
        HandInput("Ann", stayed={}),
        HandInput("Bob", stayed={"Cy": 3, "Dee": 2, "Ann": 0, "Bob": 0}),
    ]
    results, state = night(rules, hands)
    # Ann and Bob each pay 8 into 0 left by Cy's win: 16, 5 over. 2 each, and the odd chip
    # to Ann, who comes before Bob from dealer Bob's left.
    assert results[1].bourre_payments == {"Ann": 8, "Bob": 8}
    assert results[1].penalty_refunds == {"Ann": 3, "Bob": 2}
    assert state.pot == 11
    assert state.balances == {"Ann": -7, "Bob": -8, "Cy": 6, "Dee": -2}
    assert state.shares == {"Ann": 5, "Bob": 6, "Cy": 0, "Dee": 0}


def test_a_win_cap_also_limits_a_lone_stayer_and_the_rest_is_reshared():
    rules = HouseRules(ante=2, win_cap=5)
    hands = [HandInput("Ann", stayed={}), HandInput("Bob", stayed={"Ann": None})]
    results, state = night(rules, hands)
    assert (results[1].pot_before, results[1].winner_takes, results[1].pot_after) == (16, 5, 11)
    # 11 over equal shares of 4: 2 each, 3 odd chips from dealer Bob's left: Cy, Dee, Ann.
    assert state.shares == {"Ann": 3, "Bob": 2, "Cy": 3, "Dee": 3}


def test_ante_exemptions_last_only_for_the_next_settled_hand():
    rules = HouseRules(ante_exemptions=True)
    hands = [
        HandInput("Ann", stayed={"Ann": 2, "Bob": 2, "Cy": 1}),  # Ann, Bob tied
        HandInput("Bob", misdeal=True),  # does not count
        HandInput("Bob", seated=("Bob", "Cy", "Dee"), stayed={"Cy": 5, "Dee": 0}),
        HandInput("Cy", stayed={}),
    ]
    results, _ = night(rules, hands)
    assert results[2].ante_payers == ("Cy", "Dee")  # Bob exempt, Ann sat out
    assert results[3].ante_payers == ("Ann", "Bob", "Cy")  # Dee was bourré; Ann's is gone


def test_without_ante_exemptions_everyone_seated_antes():
    hands = [
        HandInput("Ann", stayed={"Ann": 2, "Bob": 2, "Cy": 1, "Dee": 0}),
        HandInput("Bob", stayed={}),
    ]
    results, _ = night(HouseRules(), hands)
    assert results[1].ante_payers == ("Cy", "Dee", "Ann", "Bob")


def test_a_hand_moves_chips_antes_first_from_the_dealers_left():
    [result], _ = night(HouseRules(), [HandInput("Cy", stayed={"Ann": 4, "Bob": 1, "Dee": 0})])
    assert result.movements == (
        Movement("Dee", -1, ANTE),
        Movement("Ann", -1, ANTE),
        Movement("Bob", -1, ANTE),
        Movement("Cy", -1, ANTE),
        Movement("Ann", 4, WIN),
        Movement("Dee", -4, BOURRE),
    )


def test_settling_never_changes_the_state_it_was_given():
    state = NightState.start(ROSTER)
    _, state = settle_hand(HouseRules(), state, HandInput("Ann", stayed={}))
    before = copy.deepcopy(state)
    settle_hand(HouseRules(), state, HandInput("Bob", stayed={"Ann": 5, "Bob": 0}))
    assert state == before


def test_a_hand_input_keeps_its_own_copy_of_what_it_was_given():
    stayed = {"Ann": 3, "Bob": 2}
    seated = ["Ann", "Bob", "Cy"]
    hand = HandInput("Ann", seated=seated, stayed=stayed)
    stayed["Cy"] = 0
    seated.append("Dee")
    assert hand.stayed == {"Ann": 3, "Bob": 2} and hand.seated == ("Ann", "Bob", "Cy")


def test_a_late_arrival_joins_at_their_seat_with_nothing():
    state = NightState.start(("Ann", "Bob", "Cy"))
    _, state = settle_hand(HouseRules(), state, HandInput("Ann", stayed={}))
    state = state.with_player("Dee", 1)
    assert state.roster == ("Ann", "Dee", "Bob", "Cy")
    assert state.balances == {"Ann": -1, "Dee": 0, "Bob": -1, "Cy": -1}
    assert state.shares == {"Ann": 1, "Dee": 0, "Bob": 1, "Cy": 1}
    assert state.next_dealer() == "Dee"
    result, state = settle_hand(HouseRules(), state, HandInput("Dee", stayed={}))
    assert result.ante_payers == ("Bob", "Cy", "Ann", "Dee")
    assert state.with_player("Eve").roster[-1] == "Eve"


def test_the_deal_passes_clockwise_to_the_next_seated_player():
    state = NightState.start(ROSTER)
    assert state.next_dealer() == "Ann"
    assert state.next_dealer(["Cy", "Bob"]) == "Bob"
    assert state.next_dealer([]) is None
    _, state = settle_hand(HouseRules(), state, HandInput("Dee", stayed={}))
    assert state.next_dealer() == "Ann"
    assert state.next_dealer(["Bob", "Cy"]) == "Bob"
    _, state = settle_hand(HouseRules(), state, HandInput("Ann", misdeal=True))
    assert state.next_dealer() == "Ann"
    assert state.next_dealer(["Bob", "Cy"]) == "Bob"


def test_closing_with_split_shares_the_pot_equally_odd_chips_from_the_dealers_left():
    hands = [HandInput("Ann", stayed={}), HandInput("Bob", seated=("Ann", "Bob", "Cy"), stayed={})]
    _, state = night(HouseRules(leftover_pot="split"), hands)
    assert state.pot == 7
    movements, closed = close_night(HouseRules(leftover_pot="split"), state)
    # 2 each, the odd chip to Cy: first from dealer Bob's left among Ann, Bob, Cy.
    assert movements == (
        Movement("Ann", 2, LEFTOVER),
        Movement("Bob", 2, LEFTOVER),
        Movement("Cy", 3, LEFTOVER),
    )
    assert closed.balances == {"Ann": 0, "Bob": 0, "Cy": 1, "Dee": -1}
    assert closed.pot == 0 and set(closed.shares.values()) == {0}


def test_the_closing_policy_given_overrides_the_house_rule():
    _, state = night(HouseRules(), [HandInput("Ann", stayed={})])
    movements, _ = close_night(HouseRules(leftover_pot="split"), state, "refund")
    assert [m.amount for m in movements] == [1, 1, 1, 1]


def test_closing_an_empty_pot_moves_nothing():
    _, state = night(HouseRules(), [HandInput("Ann", stayed={"Ann": None})])
    movements, closed = close_night(HouseRules(), state)
    assert movements == () and closed.balances == state.balances


NIGHT_FILE_HANDS = [
    {"dealer": "Ann", "stayed": {"Bob": 2, "Cy": 2, "Dee": 1}},
    {"dealer": "Bob", "seated": ["Ann", "Bob", "Cy"], "stayed": {"Cy": 3, "Ann": 2}},
    {"dealer": "Cy", "stayed": {"Ann": None}},
    {"dealer": "Dee", "stayed": {}},
    {"dealer": "Ann", "misdeal": True},
    {"dealer": "Ann", "stayed": {"Ann": 2, "Bob": 2, "Cy": 1}, "reneged": ["Cy"]},
]


def test_the_night_file_example_plays_through_and_closes():
    hands = [HandInput.from_dict(data, hand=n) for n, data in enumerate(NIGHT_FILE_HANDS, 1)]
    assert [hand.to_dict() for hand in hands] == NIGHT_FILE_HANDS
    results, state = night(HouseRules(), hands)
    assert [r.winner for r in results] == [None, "Cy", "Ann", None, None, None]
    assert results[-1].balances == {"Ann": -1, "Bob": -5, "Cy": -6, "Dee": -4}
    _, closed = close_night(HouseRules(), state)
    assert closed.balances == {"Ann": 1, "Bob": -3, "Cy": 4, "Dee": -2}


def test_a_hand_object_must_have_the_fields_and_types_of_the_night_file():
    with pytest.raises(RulesError) as caught:
        HandInput.from_dict(
            {"dealer": 7, "seated": "Ann", "stayed": ["Ann"], "misdeal": "no", "notes": 1}, hand=3
        )
    assert caught.value.problems == [
        e.HAND_UNKNOWN_FIELD(hand=3, key="notes"),
        e.HAND_FIELD_WRONG_TYPE(hand=3, key="misdeal", expected="true or false", value="no"),
        e.HAND_FIELD_WRONG_TYPE(hand=3, key="dealer", expected="a name", value=7),
        e.HAND_FIELD_WRONG_TYPE(hand=3, key="seated", expected="a list of names", value="Ann"),
        e.HAND_FIELD_WRONG_TYPE(
            hand=3, key="stayed", expected="an object of name: tricks", value=["Ann"]
        ),
    ]


def test_a_hand_object_needs_a_dealer_and_unless_a_misdeal_who_stayed():
    with pytest.raises(RulesError) as caught:
        HandInput.from_dict({}, hand=2)
    assert caught.value.problems == [
        e.HAND_FIELD_MISSING(hand=2, key="dealer"),
        e.HAND_FIELD_MISSING(hand=2, key="stayed"),
    ]
    assert HandInput.from_dict({"dealer": "Ann", "misdeal": True}, hand=2).misdeal
    with pytest.raises(RulesError) as caught:
        HandInput.from_dict("Ann deals", hand=4)
    assert caught.value.problems == [e.HAND_NOT_MAPPING(hand=4, value="Ann deals")]


def test_a_pot_cap_lowered_mid_night_gives_back_at_most_what_was_paid():
    _, state = night(HouseRules(), [HandInput("Ann", stayed={}), HandInput("Bob", stayed={})])
    assert state.pot == 8
    result, state = settle_hand(HouseRules(pot_cap=5), state, HandInput("Cy", stayed={}))
    assert result.ante_refunds == {"Ann": 1, "Bob": 1, "Cy": 1, "Dee": 1}
    assert state.pot == 8 and sum(state.shares.values()) == 8
