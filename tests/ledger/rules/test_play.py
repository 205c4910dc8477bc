"""The trick referee: legal cards, the trick's winner and judging a card played (RULES.md,
"Play obligations"), on hand-built positions and on random ones."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ledger.rules import (
    DECK,
    PLAY_OBLIGATIONS,
    Card,
    RulesError,
    Verdict,
    judge,
    legal_cards,
    parse_card,
    play,
    trick_winner,
)
from ledger.rules import errors as e

BEAT_WINNER, BEAT_LED_SUIT, NO_BEAT = "beat_winner", "beat_led_suit", "no_beat"


def legal_by_obligation(hand, trick, trump="S"):
    return {rule: legal_cards(hand, trick, trump, rule) for rule in PLAY_OBLIGATIONS}


def every_house(cards):
    return {rule: list(cards) for rule in PLAY_OBLIGATIONS}


def problems(call, *args):
    with pytest.raises(RulesError) as caught:
        call(*args)
    return caught.value.problems


# --- Cards --------------------------------------------------------------------------------


def test_a_card_is_its_rank_then_its_suit_with_the_ace_high():
    assert parse_card("10H") == Card(rank=10, suit="H")
    assert parse_card("AS") == Card(rank=14, suit="S")
    assert parse_card("KD") == Card(rank=13, suit="D")
    assert parse_card("QC").rank == 12 and parse_card("JC").rank == 11
    assert parse_card("2C") == Card(rank=2, suit="C")
    assert str(Card(rank=10, suit="H")) == "10H"


def test_the_deck_holds_each_card_once_suit_by_suit_from_the_ace_down():
    assert len(DECK) == len(set(DECK)) == 52
    assert play.RANKS == ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")
    assert DECK[:13] == tuple(rank + "S" for rank in play.RANKS)
    assert [card[-1] for card in DECK[::13]] == ["S", "H", "D", "C"]
    assert all(str(parse_card(card)) == card for card in DECK)


@pytest.mark.parametrize("text", ["10h", "as", "1H", "11H", "TH", "01H", "AS ", "A♠", "", None, 10])
def test_a_card_written_any_other_way_is_refused_by_name(text):
    with pytest.raises(RulesError) as caught:
        parse_card(text)
    assert caught.value.problems == [e.CARD_UNKNOWN(card=text)]
    assert not play.is_card(text)


# --- Leading and following suit -------------------------------------------------------------


def test_the_leader_may_play_any_card_whatever_the_house():
    hand = ["AS", "2H", "9D"]
    assert legal_by_obligation(hand, []) == every_house(hand)
    assert judge(hand, [], "2H", "S") == Verdict(True, None, ("AS", "2H", "9D"), None)


def test_beat_winner_makes_a_follower_beat_the_card_now_winning():
    hand, trick = ["8H", "10H", "KS", "2C"], ["7H", "9H"]
    assert legal_cards(hand, trick, "S") == ["10H"]
    assert judge(hand, trick, "10H", "S", BEAT_WINNER) == Verdict(True, None, ("10H",), "9H")
    assert judge(hand, trick, "8H", "S", BEAT_WINNER) == Verdict(
        False, play.BEAT_WINNER, ("10H",), "9H"
    )


def test_the_card_to_beat_is_the_winner_wherever_it_sits_in_the_trick():
    assert legal_cards(["10H", "QH"], ["7H", "JH", "9H"], "S") == ["QH"]


def test_a_follower_who_cannot_beat_may_play_any_card_of_the_led_suit():
    hand, trick = ["8H", "10H", "KS"], ["7H", "QH"]
    assert legal_by_obligation(hand, trick) == every_house(["8H", "10H"])
    assert judge(hand, trick, "KS", "S").broken == play.FOLLOW_SUIT
    assert judge(hand, trick, "KS", "S").to_beat is None


def test_a_follower_who_plays_another_suit_broke_follow_suit_even_with_a_trump():
    hand, trick = ["8H", "10H", "KS", "2C"], ["7H", "9H"]
    for rule in PLAY_OBLIGATIONS:
        assert judge(hand, trick, "KS", "S", rule).broken == play.FOLLOW_SUIT
        assert judge(hand, trick, "2C", "S", rule).broken == play.FOLLOW_SUIT


def test_no_beat_lets_a_follower_play_any_card_of_the_led_suit():
    hand, trick = ["8H", "10H", "KS"], ["7H", "9H"]
    assert legal_cards(hand, trick, "S", NO_BEAT) == ["8H", "10H"]
    assert judge(hand, trick, "8H", "S", NO_BEAT).legal


def test_beat_led_suit_and_beat_winner_agree_on_a_trick_nobody_has_trumped():
    hand, trick = ["8H", "10H", "AH", "KS"], ["7H", "9H", "2D"]
    rules = legal_by_obligation(hand, trick)
    assert rules[BEAT_WINNER] == rules[BEAT_LED_SUIT] == ["10H", "AH"]
    assert rules[NO_BEAT] == ["8H", "10H", "AH"]


# --- A trumped non-trump trick: where beat_winner and beat_led_suit differ -----------------


def test_a_trumped_trick_frees_the_led_suit_under_beat_winner_but_not_under_beat_led_suit():
    hand, trick = ["9H", "2H", "AS", "4D"], ["7H", "3S"]
    rules = legal_by_obligation(hand, trick)
    assert rules[BEAT_WINNER] == ["9H", "2H"]
    assert rules[BEAT_LED_SUIT] == ["9H"]
    assert rules[NO_BEAT] == ["9H", "2H"]
    assert judge(hand, trick, "2H", "S", BEAT_WINNER) == Verdict(True, None, ("9H", "2H"), None)
    assert judge(hand, trick, "2H", "S", BEAT_LED_SUIT) == Verdict(
        False, play.BEAT_LED_SUIT, ("9H",), "7H"
    )
    # Over-trumping instead of following is still a failure to follow suit.
    assert judge(hand, trick, "AS", "S", BEAT_WINNER).broken == play.FOLLOW_SUIT


def test_beat_led_suit_counts_the_led_suit_played_after_the_trump():
    hand, trick = ["9H", "JH"], ["7H", "3S", "10H"]
    assert legal_cards(hand, trick, "S", BEAT_LED_SUIT) == ["JH"]
    assert legal_cards(hand, trick, "S", BEAT_WINNER) == ["9H", "JH"]
    assert judge(hand, trick, "9H", "S", BEAT_LED_SUIT).to_beat == "10H"


def test_beat_led_suit_without_a_card_high_enough_allows_any_of_the_led_suit():
    assert legal_cards(["9H", "2H", "AS"], ["KH", "3S"], "S", BEAT_LED_SUIT) == ["9H", "2H"]


# --- Void in the led suit: trump, over-trump if able -----------------------------------------


def test_a_void_player_must_over_trump_when_able_unless_no_beat():
    hand, trick = ["2S", "9S", "AD"], ["7H", "5S"]
    rules = legal_by_obligation(hand, trick)
    assert rules[BEAT_WINNER] == rules[BEAT_LED_SUIT] == ["9S"]
    assert rules[NO_BEAT] == ["2S", "9S"]
    assert judge(hand, trick, "2S", "S") == Verdict(False, play.OVER_TRUMP, ("9S",), "5S")
    assert judge(hand, trick, "2S", "S", NO_BEAT).legal


def test_a_void_player_who_cannot_over_trump_must_still_trump():
    hand, trick = ["2S", "9S", "AD"], ["7H", "QS"]
    assert legal_by_obligation(hand, trick) == every_house(["2S", "9S"])
    for rule in PLAY_OBLIGATIONS:
        assert judge(hand, trick, "AD", "S", rule) == Verdict(False, play.TRUMP, ("2S", "9S"), None)
        assert judge(hand, trick, "2S", "S", rule).legal


def test_a_void_player_may_play_any_trump_on_an_untrumped_trick():
    assert legal_by_obligation(["2S", "JS", "AD"], ["7H", "KH"]) == every_house(["2S", "JS"])


def test_a_player_without_the_led_suit_or_a_trump_may_play_any_card():
    hand = ["2D", "AC", "10D"]
    assert legal_by_obligation(hand, ["7H", "3S"]) == every_house(hand)


# --- A trump lead: over-trump if able, whatever the house ---------------------------------


def test_on_a_trump_lead_every_house_must_over_trump_when_able():
    hand, trick = ["10S", "QS", "AH"], ["9S", "JS"]
    assert legal_by_obligation(hand, trick) == every_house(["QS"])
    for rule in PLAY_OBLIGATIONS:
        assert judge(hand, trick, "10S", "S", rule) == Verdict(
            False, play.BEAT_TRUMP, ("QS",), "JS"
        )
        assert judge(hand, trick, "AH", "S", rule).broken == play.FOLLOW_SUIT


def test_on_a_trump_lead_a_player_who_cannot_over_trump_plays_any_trump():
    hand, trick = ["2S", "QS", "AH"], ["KS"]
    assert legal_by_obligation(hand, trick) == every_house(["2S", "QS"])


def test_on_a_trump_lead_a_player_without_trumps_may_play_any_card():
    assert legal_cards(["AH", "2D"], ["KS"], "S") == ["AH", "2D"]


def test_trump_is_whichever_suit_the_dealer_turned_up():
    hand, trick = ["2H", "9D", "KS"], ["5C", "3H"]
    assert legal_cards(hand, trick, "H") == ["2H"]
    assert legal_cards(hand, trick, "D") == ["9D"]
    assert legal_cards(hand, trick, "S") == ["KS"]


def test_judging_changes_nothing_it_was_given():
    hand, trick = ["9H", "2H", "AS"], ["7H", "3S"]
    judge(hand, trick, "2H", "S", BEAT_LED_SUIT)
    legal_cards(hand, trick, "S")
    assert hand == ["9H", "2H", "AS"] and trick == ["7H", "3S"]


# --- Who wins a trick -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("trick", "trump", "winner"),
    [
        (["2S"], "H", 0),
        (["7H", "JH", "9H"], "S", 1),
        (["9H", "10H"], "S", 1),
        (["10H", "9H"], "S", 0),
        (["7H", "AD", "2C"], "S", 0),
        (["7H", "3S", "AH"], "S", 1),
        (["7H", "3S", "AH", "4S"], "S", 3),
        (["9S", "JS", "AH"], "S", 1),
        (["2C", "3C", "4C", "5C", "6C", "7C", "8C", "2D"], "D", 7),
    ],
)
def test_the_highest_trump_wins_else_the_highest_card_of_the_led_suit(trick, trump, winner):
    assert trick_winner(trick, trump) == winner


def test_trick_winner_refuses_an_empty_trick_or_one_of_nine_cards():
    assert problems(trick_winner, [], "S") == [e.TRICK_EMPTY()]
    nine = DECK[:9]
    assert problems(trick_winner, list(nine), "S") == [e.TRICK_TOO_LONG(count=9, limit=8)]


def test_trick_winner_names_every_bad_card_and_a_bad_trump():
    assert problems(trick_winner, ["7H", "7H", "7X"], "spades") == [
        e.TRUMP_INVALID(value="spades"),
        e.CARD_UNKNOWN(card="7X"),
        e.CARD_TWICE_IN_TRICK(card="7H"),
    ]
    assert problems(trick_winner, "7H", "S") == [e.TRICK_NOT_A_LIST(value="7H")]


# --- Bad input ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "trick", "played", "problem"),
    [
        (["9H", "ah"], ["7H"], "9H", e.CARD_UNKNOWN(card="ah")),
        (["9H"], ["7h"], "9H", e.CARD_UNKNOWN(card="7h")),
        (["9H"], ["7H"], "9h", e.CARD_UNKNOWN(card="9h")),
        (["9H", 9], ["7H"], "9H", e.CARD_UNKNOWN(card=9)),
        (["9H", "9H"], ["7H"], "9H", e.CARD_TWICE_IN_HAND(card="9H")),
        (["9H"], ["7H", "7H"], "9H", e.CARD_TWICE_IN_TRICK(card="7H")),
        (["9H", "7H"], ["7H"], "9H", e.CARD_IN_HAND_AND_TRICK(card="7H")),
        (["9H"], ["7H"], "KH", e.PLAYED_NOT_IN_HAND(card="KH")),
        (["9H"], ["7H"], "7H", e.PLAYED_NOT_IN_HAND(card="7H")),
        ([], ["7H"], "9H", e.PLAY_HAND_EMPTY()),
        (list(DECK[:8]), [], "AS", e.PLAY_HAND_TOO_LARGE(count=8, limit=7)),
        (["2C"], list(DECK[:8]), "2C", e.TRICK_ALREADY_FULL(count=8, limit=7)),
        ("9H", ["7H"], "9H", e.PLAY_HAND_NOT_A_LIST(value="9H")),
        (["9H"], {"7H": 1}, "9H", e.TRICK_NOT_A_LIST(value={"7H": 1})),
        (["9H"], None, "9H", e.TRICK_NOT_A_LIST(value=None)),
    ],
)
def test_judge_refuses_a_position_that_cannot_be_naming_the_card(hand, trick, played, problem):
    assert problem in problems(judge, hand, trick, played, "S", BEAT_WINNER)


@pytest.mark.parametrize(
    ("hand", "trick", "problem"),
    [
        (["9H", "ah"], ["7H"], e.CARD_UNKNOWN(card="ah")),
        (["9H", "7H"], ["7H"], e.CARD_IN_HAND_AND_TRICK(card="7H")),
        ([], [], e.PLAY_HAND_EMPTY()),
        (["2C"], list(DECK[:8]), e.TRICK_ALREADY_FULL(count=8, limit=7)),
    ],
)
def test_legal_cards_refuses_the_same_bad_positions(hand, trick, problem):
    assert problems(legal_cards, hand, trick, "S") == [problem]


@pytest.mark.parametrize("trump", ["s", "Spades", "♠", "", None, 1])
def test_a_trump_that_is_not_a_suit_letter_is_refused(trump):
    assert problems(legal_cards, ["9H"], [], trump) == [e.TRUMP_INVALID(value=trump)]


@pytest.mark.parametrize("obligation", ["beat", "BEAT_WINNER", None, 0])
def test_an_unknown_play_obligation_is_refused_naming_the_setting(obligation):
    assert problems(legal_cards, ["9H"], [], "S", obligation) == [
        e.PLAY_OBLIGATION_INVALID(value=obligation)
    ]


def test_a_full_hand_and_a_trick_of_seven_are_accepted():
    assert legal_cards(list(DECK[:7]), list(DECK[13:20]), "C") == list(DECK[:7])


def test_every_problem_is_reported_at_once():
    assert problems(judge, ["9H", "9H", "ah"], ["9H", "10X"], "5S", "s", "x") == [
        e.TRUMP_INVALID(value="s"),
        e.PLAY_OBLIGATION_INVALID(value="x"),
        e.CARD_UNKNOWN(card="ah"),
        e.CARD_UNKNOWN(card="10X"),
        e.CARD_TWICE_IN_HAND(card="9H"),
        e.CARD_IN_HAND_AND_TRICK(card="9H"),
        e.PLAYED_NOT_IN_HAND(card="5S"),
    ]


# --- Properties over random positions -------------------------------------------------------


@st.composite
def positions(draw):
    """A trump, a trick of 0-7 cards and a hand of 1-7 other cards, from a shuffled deck.

    Half the time the deck is cut to two or three suits, so that following suit, being void
    and over-trumping all come up often."""
    trump = draw(st.sampled_from(play.SUITS))
    deck = list(DECK)
    if draw(st.booleans()):
        suits = draw(st.sets(st.sampled_from(play.SUITS), min_size=2, max_size=3))
        deck = [card for card in deck if card[-1] in suits | {trump}]
    deck = draw(st.permutations(deck))
    trick_size = draw(st.integers(0, 7))
    hand_size = draw(st.integers(1, 7))
    return deck[trick_size : trick_size + hand_size], deck[:trick_size], trump


def suit(card):
    return card[-1]


def rank(card):
    return parse_card(card).rank


def base_cards(hand, trick, trump):
    """The cards RULES.md's suit steps allow, before any beating: the led suit if held,
    else trumps if held, else anything."""
    if not trick:
        return list(hand)
    for wanted in (suit(trick[0]), trump):
        held = [card for card in hand if suit(card) == wanted]
        if held:
            return held
    return list(hand)


def takes_the_trick(card, trick, trump):
    return trick_winner([*trick, card], trump) == len(trick)


PROPERTY = settings(max_examples=400, deadline=None)


@PROPERTY
@given(positions())
def test_the_legal_cards_are_never_empty_and_come_from_the_hand_in_its_order(position):
    hand, trick, trump = position
    for rule in PLAY_OBLIGATIONS:
        legal = legal_cards(hand, trick, trump, rule)
        assert legal
        assert legal == [card for card in hand if card in legal]


@PROPERTY
@given(positions())
def test_a_card_is_judged_legal_exactly_when_it_is_among_the_legal_cards(position):
    hand, trick, trump = position
    for rule in PLAY_OBLIGATIONS:
        legal = legal_cards(hand, trick, trump, rule)
        for card in hand:
            verdict = judge(hand, trick, card, trump, rule)
            assert verdict.legal == (card in legal)
            assert verdict.legal_cards == tuple(legal)
            assert (verdict.broken is None) == verdict.legal
            if not verdict.legal:
                assert verdict.broken in play.BROKEN_CODES


@PROPERTY
@given(positions())
def test_each_obligation_allows_no_more_than_the_looser_one(position):
    # beat_led_suit differs from beat_winner only on a trumped non-trump trick, where it asks
    # more; no_beat asks least. The reverse containments fail (tested on hand-built tricks).
    hand, trick, trump = position
    rules = {rule: set(cards) for rule, cards in legal_by_obligation(hand, trick, trump).items()}
    assert rules[BEAT_LED_SUIT] <= rules[BEAT_WINNER] <= rules[NO_BEAT]


@PROPERTY
@given(positions())
def test_the_obligations_differ_only_where_the_rules_say(position):
    hand, trick, trump = position
    rules = legal_by_obligation(hand, trick, trump)
    if not trick:
        assert rules == every_house(list(hand))
    elif suit(trick[0]) == trump:
        assert rules[BEAT_WINNER] == rules[BEAT_LED_SUIT] == rules[NO_BEAT]
    elif not any(suit(card) == trump for card in trick):
        assert rules[BEAT_WINNER] == rules[BEAT_LED_SUIT]


@PROPERTY
@given(positions())
def test_every_house_keeps_to_the_led_suit_then_trumps(position):
    hand, trick, trump = position
    base = base_cards(hand, trick, trump)
    for rule in PLAY_OBLIGATIONS:
        assert set(legal_cards(hand, trick, trump, rule)) <= set(base)
    if trick and suit(trick[0]) != trump:
        assert legal_cards(hand, trick, trump, NO_BEAT) == base


@PROPERTY
@given(positions())
def test_beat_winner_means_take_the_trick_with_a_card_of_the_right_suit_if_you_can(position):
    hand, trick, trump = position
    base = base_cards(hand, trick, trump)
    winning = [card for card in base if trick and takes_the_trick(card, trick, trump)]
    assert legal_cards(hand, trick, trump, BEAT_WINNER) == (winning or base)


@PROPERTY
@given(positions())
def test_beat_led_suit_means_top_the_led_suit_when_following_a_plain_lead(position):
    hand, trick, trump = position
    if not trick or suit(trick[0]) == trump or suit(base_cards(hand, trick, trump)[0]) == trump:
        return
    led = suit(trick[0])
    following = [card for card in hand if suit(card) == led]
    if not following:
        return
    top = max(rank(card) for card in trick if suit(card) == led)
    higher = [card for card in following if rank(card) > top]
    assert legal_cards(hand, trick, trump, BEAT_LED_SUIT) == (higher or following)


@PROPERTY
@given(positions(), st.sampled_from(PLAY_OBLIGATIONS))
def test_a_card_not_in_the_hand_is_never_judged(position, rule):
    hand, trick, trump = position
    outside = next(card for card in DECK if card not in hand)
    assert problems(judge, hand, trick, outside, trump, rule) == [
        e.PLAYED_NOT_IN_HAND(card=outside)
    ]


@PROPERTY
@given(positions())
def test_the_winning_card_is_the_top_trump_else_the_top_of_the_led_suit(position):
    hand, trick, trump = position
    cards = [*trick, hand[0]]
    winner = cards[trick_winner(cards, trump)]
    trumps = [card for card in cards if suit(card) == trump]
    wanted = trump if trumps else suit(cards[0])
    assert suit(winner) == wanted
    assert rank(winner) == max(rank(card) for card in cards if suit(card) == wanted)
