"""Every bad input docs/rules.md lists is rejected with its problem code, nothing settled."""

import copy
from pathlib import Path

import pytest

from ledger.rules import (
    MAX_HANDS,
    MAX_ROSTER,
    HandInput,
    HouseRules,
    NightState,
    RulesError,
    close_night,
    describe,
    hand_errors,
    settle_hand,
)
from ledger.rules import errors as e

ROSTER = ("Ann", "Bob", "Cy", "Dee")
RULES = HouseRules()


def problems(hand, rules=RULES, state=None):
    """Settle ``hand`` expecting a rejection; check the state is untouched; return the
    problems."""
    state = state or NightState.start(ROSTER)
    before = copy.deepcopy(state)
    with pytest.raises(RulesError) as caught:
        settle_hand(rules, state, hand)
    assert state == before
    assert str(caught.value) == "; ".join(caught.value.errors)
    assert caught.value.problems == rules.errors() + hand_errors(rules, state, hand)
    return caught.value.problems


def test_it_rejects_a_hand_with_fewer_than_two_seated():
    errors = problems(HandInput("Ann", seated=("Ann",), stayed={}))
    assert errors == [e.HAND_TOO_FEW_SEATED(hand=1, count=1)]


def test_it_rejects_more_seated_than_the_house_allows():
    rules = HouseRules(max_players=3)
    errors = problems(HandInput("Ann", stayed={}), rules=rules)
    assert errors == [e.HAND_TOO_MANY_SEATED(hand=1, count=4, max_players=3)]


def test_it_rejects_more_cards_than_a_deck_holds():
    roster = tuple(f"P{i}" for i in range(8))
    rules = HouseRules(tricks_per_hand=7, max_players=8)  # itself invalid: 56 cards
    errors = problems(HandInput("P0", stayed={}), rules=rules, state=NightState.start(roster))
    assert errors == [
        e.MAX_PLAYERS_TOO_MANY_CARDS(max_players=8, tricks_per_hand=7, cards=56),
        e.HAND_TOO_MANY_CARDS(hand=1, count=8, tricks_per_hand=7, cards=56),
    ]


def test_it_rejects_a_dealer_who_is_not_seated():
    errors = problems(HandInput("Dee", seated=("Ann", "Bob", "Cy"), stayed={}))
    assert errors == [e.DEALER_NOT_SEATED(hand=1, player="Dee")]


def test_it_rejects_a_dealer_who_is_not_on_the_roster():
    errors = problems(HandInput("Zed", stayed={}))
    assert errors == [e.DEALER_NOT_ON_ROSTER(hand=1, player="Zed")]


def test_it_rejects_a_seated_player_who_is_not_on_the_roster():
    errors = problems(HandInput("Ann", seated=("Ann", "Bob", "Zed"), stayed={}))
    assert errors == [e.SEATED_NOT_ON_ROSTER(hand=1, player="Zed")]


def test_it_rejects_a_player_seated_twice():
    errors = problems(HandInput("Ann", seated=("Ann", "Bob", "Bob"), stayed={}))
    assert errors == [e.SEATED_TWICE(hand=1, player="Bob")]


def test_it_rejects_a_stayer_who_is_not_seated():
    hand = HandInput("Ann", seated=("Ann", "Bob", "Cy"), stayed={"Ann": 3, "Dee": 2})
    assert problems(hand) == [e.STAYER_NOT_SEATED(hand=1, player="Dee")]


def test_it_rejects_tricks_given_to_a_player_who_folded_as_not_seated():
    # A folded player is seated but not a stayer; tricks for a player who was not even
    # dealt in is the only way to give "tricks to a folded player" in this model.
    hand = HandInput("Ann", seated=("Ann", "Bob"), stayed={"Ann": 3, "Bob": 1, "Cy": 1})
    assert problems(hand) == [e.STAYER_NOT_SEATED(hand=1, player="Cy")]


def test_it_rejects_a_stayer_who_is_not_on_the_roster():
    hand = HandInput("Ann", stayed={"Ann": 3, "Zed": 2})
    assert problems(hand) == [e.STAYER_NOT_ON_ROSTER(hand=1, player="Zed")]


def test_it_rejects_tricks_that_are_missing():
    hand = HandInput("Ann", stayed={"Ann": 5, "Bob": None})
    assert problems(hand) == [e.TRICKS_MISSING(hand=1, player="Bob")]


def test_it_rejects_stayers_listed_without_any_tricks():
    hand = HandInput("Ann", stayed=["Ann", "Bob"])
    assert problems(hand) == [
        e.TRICKS_MISSING(hand=1, player="Ann"),
        e.TRICKS_MISSING(hand=1, player="Bob"),
    ]


@pytest.mark.parametrize("value", [True, "3", 2.0, [2]])
def test_it_rejects_tricks_that_are_not_a_whole_number(value):
    hand = HandInput("Ann", stayed={"Ann": 3, "Bob": value})
    assert problems(hand) == [e.TRICKS_NOT_WHOLE_NUMBER(hand=1, player="Bob", value=value)]


def test_it_rejects_negative_tricks():
    hand = HandInput("Ann", stayed={"Ann": 5, "Bob": -1, "Cy": 1})
    assert problems(hand) == [e.TRICKS_NEGATIVE(hand=1, player="Bob", tricks=-1)]


def test_it_rejects_more_tricks_than_a_hand_has():
    hand = HandInput("Ann", stayed={"Ann": 6, "Bob": 0})
    assert problems(hand) == [
        e.TRICKS_OVER(hand=1, player="Ann", tricks=6, tricks_per_hand=5),
        e.TRICKS_DO_NOT_ADD_UP(hand=1, total=6, tricks_per_hand=5),
    ]


def test_it_rejects_tricks_that_do_not_add_up():
    hand = HandInput("Ann", stayed={"Ann": 2, "Bob": 2})
    assert problems(hand) == [e.TRICKS_DO_NOT_ADD_UP(hand=1, total=4, tricks_per_hand=5)]


def test_it_rejects_tricks_that_do_not_add_up_to_seven_in_seven_card():
    hand = HandInput("Ann", stayed={"Ann": 3, "Bob": 2})
    rules = HouseRules(tricks_per_hand=7)
    assert problems(hand, rules=rules) == [
        e.TRICKS_DO_NOT_ADD_UP(hand=1, total=5, tricks_per_hand=7)
    ]


def test_it_rejects_a_renege_by_someone_who_did_not_stay():
    hand = HandInput("Ann", stayed={"Ann": 3, "Bob": 2}, reneged=("Cy",))
    assert problems(hand) == [e.RENEGE_WITHOUT_STAYING(hand=1, player="Cy")]


def test_it_rejects_a_renege_in_a_hand_with_one_stayer():
    hand = HandInput("Ann", stayed={"Ann": None}, reneged=("Ann",))
    assert problems(hand) == [e.RENEGE_TOO_FEW_STAYERS(hand=1, player="Ann", count=1)]


def test_it_rejects_a_renege_in_a_hand_nobody_stayed_in():
    hand = HandInput("Ann", stayed={}, reneged=("Bob",))
    assert problems(hand) == [
        e.RENEGE_WITHOUT_STAYING(hand=1, player="Bob"),
        e.RENEGE_TOO_FEW_STAYERS(hand=1, player="Bob", count=0),
    ]


def test_it_rejects_more_reneges_by_one_player_than_a_hand_has_tricks():
    hand = HandInput("Ann", stayed={"Ann": 3, "Bob": 2}, reneged=("Bob",) * 1_000_000)
    errors = problems(hand)
    assert errors == [e.RENEGED_TOO_OFTEN(hand=1, player="Bob", count=1_000_000, tricks_per_hand=5)]
    assert "1,000,000 times" in describe(errors[0])


def test_a_player_may_renege_once_a_trick():
    hand = HandInput("Ann", stayed={"Ann": 3, "Bob": 2}, reneged=("Bob",) * 5)
    result, _ = settle_hand(RULES, NightState.start(ROSTER), hand)
    assert result.renege_payments == {"Bob": 4 * 5}


def test_a_night_holds_at_most_two_thousand_hands():
    state = NightState.start(ROSTER)
    state = NightState(**{**vars(state), "hands": MAX_HANDS - 1})
    _, state = settle_hand(RULES, state, HandInput("Ann", stayed={}))
    assert state.hands == MAX_HANDS == 2_000
    errors = problems(HandInput("Bob", stayed={}), state=state)
    assert errors == [e.NIGHT_TOO_LONG(hand=2_001, limit=2_000)]


def test_it_rejects_a_reneger_who_is_not_on_the_roster():
    hand = HandInput("Ann", stayed={"Ann": 3, "Bob": 2}, reneged=("Zed",))
    assert problems(hand) == [e.RENEGER_NOT_ON_ROSTER(hand=1, player="Zed")]


def test_it_lists_every_problem_of_a_hand_at_once():
    hand = HandInput(
        "Zed",
        seated=("Ann", "Bob", "Cy", "Cy"),
        stayed={"Ann": -1, "Dee": 2, "Bob": None},
        reneged=("Cy",),
    )
    assert problems(hand) == [
        e.DEALER_NOT_ON_ROSTER(hand=1, player="Zed"),
        e.SEATED_TWICE(hand=1, player="Cy"),
        e.STAYER_NOT_SEATED(hand=1, player="Dee"),
        e.TRICKS_NEGATIVE(hand=1, player="Ann", tricks=-1),
        e.TRICKS_MISSING(hand=1, player="Bob"),
        e.RENEGE_WITHOUT_STAYING(hand=1, player="Cy"),
    ]


def test_messages_name_the_number_of_the_hand_being_recorded():
    state = NightState.start(ROSTER)
    for _ in range(4):
        _, state = settle_hand(RULES, state, HandInput("Ann", stayed={}))
    hand = HandInput("Ann", stayed={"Ann": 3, "Bob": 3})
    errors = problems(hand, state=state)
    assert errors == [e.TRICKS_DO_NOT_ADD_UP(hand=5, total=6, tricks_per_hand=5)]
    assert errors[0].params["hand"] == 5


def test_it_rejects_invalid_house_rules_before_settling():
    rules = HouseRules(ante=0)
    errors = problems(HandInput("Ann", stayed={}), rules=rules)
    assert errors == [e.ANTE_TOO_SMALL(value=0)]


def test_a_misdeal_needs_only_a_dealer_on_the_roster():
    state = NightState.start(ROSTER)
    hand = HandInput("Ann", stayed={"Zed": -4}, reneged=("Nobody",), misdeal=True)
    result, after = settle_hand(RULES, state, hand)
    assert result.misdeal and after.hands == 1 and after.balances == state.balances
    assert problems(HandInput("Zed", misdeal=True)) == [
        e.DEALER_NOT_ON_ROSTER(hand=1, player="Zed")
    ]


def test_a_misdeal_with_seated_players_needs_its_dealer_among_them():
    hand = HandInput("Dee", seated=("Ann", "Bob"), misdeal=True)
    assert problems(hand) == [e.DEALER_NOT_SEATED(hand=1, player="Dee")]


def test_it_rejects_a_roster_that_is_empty():
    with pytest.raises(RulesError) as caught:
        NightState.start([])
    assert caught.value.problems == [e.ROSTER_EMPTY()]


def test_it_rejects_keys_that_cannot_be_players_and_repeated_keys_on_the_roster():
    with pytest.raises(RulesError) as caught:
        NightState.start(["Ann", None, "Ann", True, ["Bob"], "Ann", 7])
    assert caught.value.problems == [
        e.PLAYER_KEY_INVALID(value=None),
        e.PLAYER_ON_ROSTER_TWICE(player="Ann"),
        e.PLAYER_KEY_INVALID(value=True),
        e.PLAYER_KEY_INVALID(value=["Bob"]),
    ]


def test_a_roster_holds_at_most_forty_players_and_says_so_without_listing_them():
    assert len(NightState.start([f"P{i}" for i in range(MAX_ROSTER)]).roster) == MAX_ROSTER == 40
    with pytest.raises(RulesError) as caught:
        NightState.start([f"P{i}" for i in range(15_000)])
    assert caught.value.problems == [e.ROSTER_TOO_LARGE(limit=40, count=15_000)]


def test_a_late_arrival_cannot_join_a_full_roster():
    state = NightState.start([f"P{i}" for i in range(MAX_ROSTER)])
    with pytest.raises(RulesError) as caught:
        state.with_player("Eve")
    assert caught.value.problems == [e.ROSTER_TOO_LARGE(limit=40, count=41)]


def test_a_one_player_roster_is_allowed_but_cannot_play_a_hand():
    state = NightState.start(["Ann"])
    assert state.balances == {"Ann": 0}
    assert problems(HandInput("Ann", stayed={}), state=state) == [
        e.HAND_TOO_FEW_SEATED(hand=1, count=1)
    ]


def test_it_rejects_a_late_arrival_who_is_already_on_the_roster_or_has_no_seat():
    state = NightState.start(ROSTER)
    with pytest.raises(RulesError) as caught:
        state.with_player("Bob", 2)
    assert caught.value.problems == [e.PLAYER_ALREADY_ON_ROSTER(player="Bob")]
    with pytest.raises(RulesError) as caught:
        state.with_player("Eve", 5)
    assert caught.value.problems == [e.SEAT_OUT_OF_RANGE(player="Eve", seat=5, last=4)]
    with pytest.raises(RulesError) as caught:
        state.with_player(None, True)
    assert caught.value.problems == [
        e.PLAYER_KEY_INVALID(value=None),
        e.SEAT_OUT_OF_RANGE(player=None, seat=True, last=4),
    ]


def test_it_rejects_an_unknown_leftover_policy_at_closing():
    state = NightState.start(ROSTER)
    with pytest.raises(RulesError) as caught:
        close_night(RULES, state, "keep")
    assert caught.value.problems == [e.LEFTOVER_POT_INVALID(value="keep")]


def test_it_cannot_split_a_pot_when_no_hand_was_settled():
    state = NightState(roster=("Ann", "Bob"), balances={"Ann": -3, "Bob": 0}, pot=3)
    with pytest.raises(RulesError) as caught:
        close_night(RULES, state, "split")
    assert caught.value.problems == [e.SPLIT_WITHOUT_HAND(pot=3)]


def test_every_problem_code_is_checked_by_some_rules_test():
    names = [n for n in vars(e) if isinstance(getattr(e, n), e.Code)]
    sources = "".join(
        path.read_text()
        for path in Path(__file__).parent.glob("test_*.py")
        if path.name != "test_errors.py"  # wording only, not when the engine reports
    )
    unchecked = [n for n in names if f"e.{n}(" not in sources]
    assert unchecked == []
