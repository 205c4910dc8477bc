"""Problems are codes with parameters; ``describe`` words each one exactly as the engine's
messages always read, and ``RulesError.errors`` still gives that English."""

import ast
from decimal import Decimal
from pathlib import Path

import pytest

from ledger.rules import (
    Code,
    HandInput,
    HouseRules,
    NightState,
    Problem,
    ProblemsError,
    RulesError,
    describe,
    gettext_noop,
    settle_hand,
)
from ledger.rules import errors as e

WORDING = [
    (
        e.RULES_NOT_MAPPING(value=["ante", 1]),
        "The house rules must be an object of setting: value (got ['ante', 1]).",
    ),
    (e.RULE_UNKNOWN(key="jokers"), "jokers is not a house rule."),
    (e.RULE_NOT_WHOLE_NUMBER(key="ante", value="1.5"), "ante must be a whole number (got '1.5')."),
    (
        e.RULE_NOT_YES_NO(key="escalating_ante", value="yes"),
        "escalating_ante must be true or false (got 'yes').",
    ),
    (
        e.RULE_CAP_NOT_WHOLE_NUMBER(key="pot_cap", value=2.5),
        "pot_cap must be a whole number of chips, or null for no cap (got 2.5).",
    ),
    (e.RULE_TOO_LARGE(key="ante", limit=1000000), "ante can be at most 1,000,000 chips."),
    (e.ANTE_TOO_SMALL(value=0), "ante must be at least 1 chip (got 0)."),
    (e.TRICKS_PER_HAND_INVALID(value=6), "tricks_per_hand must be 5 or 7 (got 6)."),
    (e.MAX_PLAYERS_OUT_OF_RANGE(value=9), "max_players must be between 2 and 8 (got 9)."),
    (
        e.MAX_PLAYERS_TOO_MANY_CARDS(max_players=8, tricks_per_hand=7, cards=56),
        "max_players 8 with tricks_per_hand 7 needs 56 cards; a deck has only 52.",
    ),
    (
        e.MIN_TRICKS_OUT_OF_RANGE(tricks_per_hand=5, value=6),
        "min_tricks_to_win must be between 1 and tricks_per_hand (5) (got 6).",
    ),
    (
        e.CAP_TOO_SMALL(key="win_cap", value=-5),
        "win_cap must be at least 1 chip, or null for no cap (got -5).",
    ),
    (
        e.LEFTOVER_POT_INVALID(value="keep"),
        "leftover_pot must be 'refund' or 'split' (got 'keep').",
    ),
    (
        e.CHIP_VALUE_NOT_DECIMAL(value=Decimal("NaN")),
        "chip_value must be a decimal amount such as \"0.25\" (got Decimal('NaN')).",
    ),
    (e.CHIP_VALUE_NOT_POSITIVE(value=Decimal("0")), "chip_value must be more than zero (got 0)."),
    (
        e.CHIP_VALUE_TOO_LARGE(limit=Decimal(1_000_000)),
        "chip_value can be at most 1,000,000 a chip.",
    ),
    (
        e.CHIP_VALUE_TOO_PRECISE(value=Decimal("0.001"), currency="USD", places=2),
        "chip_value 0.001 has more decimal places than USD uses (2).",
    ),
    (
        e.CURRENCY_INVALID(value="usd"),
        "currency must be a three-letter code in capitals, such as USD (got 'usd').",
    ),
    (
        e.PLAY_OBLIGATION_INVALID(value="beat_all"),
        "play_obligation must be 'beat_winner', 'beat_led_suit' or 'no_beat' (got 'beat_all').",
    ),
    (e.ROSTER_EMPTY(), "A night needs at least one player on the roster."),
    (e.PLAYER_ON_ROSTER_TWICE(player="Ann"), "Ann is on the roster more than once."),
    (e.PLAYER_ALREADY_ON_ROSTER(player="Bob"), "Bob is already on the roster."),
    (
        e.SEAT_OUT_OF_RANGE(player="Eve", seat=5, last=4),
        "Eve cannot join at seat 5: seats run from 0 to 4.",
    ),
    (
        e.ROSTER_TOO_LARGE(limit=40, count=15_000),
        "A night's roster can hold at most 40 players (got 15,000).",
    ),
    (e.HAND_TOO_FEW_SEATED(hand=1, count=1), "Hand 1: 1 seated; a hand needs at least 2 players."),
    (
        e.HAND_TOO_MANY_SEATED(hand=2, count=4, max_players=3),
        "Hand 2: 4 seated; the house allows at most 3.",
    ),
    (
        e.HAND_TOO_MANY_CARDS(hand=1, count=8, tricks_per_hand=7, cards=56),
        "Hand 1: 8 seated with 7 cards each need 56 cards; a deck has only 52.",
    ),
    (e.SEATED_TWICE(hand=1, player="Bob"), "Hand 1: Bob is seated twice."),
    (
        e.DEALER_NOT_ON_ROSTER(hand=5, player="Zed"),
        "Hand 5: the dealer Zed is not on tonight's roster.",
    ),
    (
        e.SEATED_NOT_ON_ROSTER(hand=6, player="Wu"),
        "Hand 6: Wu is seated but is not on tonight's roster.",
    ),
    (
        e.STAYER_NOT_ON_ROSTER(hand=5, player="Yan"),
        "Hand 5: Yan stayed but is not on tonight's roster.",
    ),
    (
        e.RENEGER_NOT_ON_ROSTER(hand=5, player="Xi"),
        "Hand 5: Xi reneged but is not on tonight's roster.",
    ),
    (e.DEALER_NOT_SEATED(hand=1, player="Dee"), "Hand 1: the dealer Dee is not seated."),
    (e.STAYER_NOT_SEATED(hand=3, player="Bob"), "Hand 3: Bob stayed but is not seated."),
    (e.TRICKS_MISSING(hand=1, player="Cy"), "Hand 1: Cy stayed but has no tricks entered."),
    (
        e.TRICKS_NOT_WHOLE_NUMBER(hand=1, player="Bob", value="three"),
        "Hand 1: Bob's tricks must be a whole number (got 'three').",
    ),
    (e.TRICKS_NEGATIVE(hand=1, player="Cy", tricks=-1), "Hand 1: Cy cannot take -1 tricks."),
    (
        e.TRICKS_OVER(hand=1, player="Bob", tricks=6, tricks_per_hand=5),
        "Hand 1: Bob took 6 tricks, but a hand has only 5.",
    ),
    (
        e.TRICKS_DO_NOT_ADD_UP(hand=2, total=4, tricks_per_hand=5),
        "Hand 2: the stayers' tricks add up to 4, not 5.",
    ),
    (e.RENEGE_WITHOUT_STAYING(hand=7, player="Dee"), "Hand 7: Dee reneged but did not stay."),
    (
        e.RENEGED_TOO_OFTEN(hand=1, player="Bob", count=1_000_000, tricks_per_hand=5),
        "Hand 1: Bob reneged 1,000,000 times, but a hand has only 5 tricks.",
    ),
    (
        e.NIGHT_TOO_LONG(hand=2_001, limit=2_000),
        "Hand 2001: a night can hold at most 2,000 hands; start another night.",
    ),
    (
        e.RENEGE_TOO_FEW_STAYERS(hand=1, player="Ann", count=1),
        "Hand 1: Ann reneged, but a renege needs at least two stayers (1 stayed).",
    ),
    (
        e.HAND_NOT_MAPPING(hand=2, value="Bob deals"),
        "Hand 2: must be an object with a dealer (got 'Bob deals').",
    ),
    (e.HAND_UNKNOWN_FIELD(hand=4, key="folded"), "Hand 4: folded is not a hand field."),
    (e.HAND_FIELD_MISSING(hand=3, key="dealer"), "Hand 3: dealer is missing."),
    (
        e.HAND_FIELD_WRONG_TYPE(hand=3, key="seated", expected="a list of names", value="Ann"),
        "Hand 3: seated must be a list of names (got 'Ann').",
    ),
    (
        e.CARD_UNKNOWN(card="10h"),
        "'10h' is not a card: write its rank (A K Q J 10 9 8 7 6 5 4 3 2), then its suit "
        "(S H D C), such as 10H.",
    ),
    (e.TRUMP_INVALID(value="spades"), "Trump must be one suit: S, H, D or C (got 'spades')."),
    (e.PLAY_HAND_NOT_A_LIST(value="9H"), "The hand must be a list of cards (got '9H')."),
    (e.TRICK_NOT_A_LIST(value=None), "The trick must be a list of cards (got None)."),
    (e.PLAY_HAND_EMPTY(), "The hand holds no cards; a player who plays holds at least one."),
    (
        e.PLAY_HAND_TOO_LARGE(count=8, limit=7),
        "The hand holds 8 cards; a player holds at most 7.",
    ),
    (e.TRICK_EMPTY(), "No card has been played to the trick yet, so nobody is winning it."),
    (
        e.TRICK_TOO_LONG(count=9, limit=8),
        "The trick holds 9 cards; a trick holds one card per player, 8 at most.",
    ),
    (
        e.TRICK_ALREADY_FULL(count=8, limit=7),
        "The trick already holds 8 cards, so nobody is left to play to it (8 players at most).",
    ),
    (e.CARD_TWICE_IN_HAND(card="9H"), "9H is in the hand twice; a deck has one of each card."),
    (e.CARD_TWICE_IN_TRICK(card="7H"), "7H is in the trick twice; a deck has one of each card."),
    (
        e.CARD_IN_HAND_AND_TRICK(card="7H"),
        "7H is both in the hand and in the trick; a deck has one of each.",
    ),
    (e.PLAYED_NOT_IN_HAND(card="KH"), "KH was played but is not in the hand."),
    (
        e.SPLIT_WITHOUT_HAND(pot=3),
        "The pot holds 3 chips but no hand was settled to split it among.",
    ),
    (
        e.BALANCE_NOT_WHOLE_NUMBER(player="Cy", value=True),
        "Cy's balance must be a whole number of chips (got True).",
    ),
    (
        e.BALANCES_DO_NOT_ADD_UP(total=1),
        "The balances add up to 1, not 0, so they cannot be settled.",
    ),
]
WORDING.append(
    (
        e.PLAYER_KEY_INVALID(value=None),
        "A player's key must be hashable and not None, true or false (got None).",
    )
)


@pytest.mark.parametrize(("problem", "sentence"), WORDING, ids=[p.code for p, _ in WORDING])
def test_describe_words_each_problem_as_its_message_always_read(problem, sentence):
    assert describe(problem) == sentence


def test_every_problem_code_has_a_wording_test():
    codes = {c.code for c in vars(e).values() if isinstance(c, Code)}
    assert codes == {problem.code for problem, _ in WORDING}


def test_codes_are_stable_snake_case_and_unique():
    constants = {n: c for n, c in vars(e).items() if isinstance(c, Code)}
    assert all(c.code == n.lower() for n, c in constants.items())
    assert len({c.code for c in constants.values()}) == len(constants)


def test_every_template_is_marked_for_translation_where_it_is_defined():
    # makemessages finds a template only as the literal argument of a gettext_noop call.
    source = Path(e.__file__).read_text()
    marked = {
        call.args[0].value
        for call in ast.walk(ast.parse(source))
        if isinstance(call, ast.Call)
        and getattr(call.func, "id", None) == "gettext_noop"
        and isinstance(call.args[0], ast.Constant)
    }
    templates = {c.template for c in vars(e).values() if isinstance(c, Code)}
    assert templates <= marked
    assert gettext_noop("Hand {hand}") == "Hand {hand}"


def test_describe_shows_players_through_name_of():
    problem = e.STAYER_NOT_SEATED(hand=3, player=17)
    names = {17: "Bob"}
    assert describe(problem) == "Hand 3: 17 stayed but is not seated."
    assert describe(problem, name_of=names.get) == "Hand 3: Bob stayed but is not seated."
    # Only the player is a key: a value is shown as given, even if it looks like one.
    problem = e.TRICKS_NOT_WHOLE_NUMBER(hand=1, player=17, value=17)
    assert describe(problem, name_of=names.get) == (
        "Hand 1: Bob's tricks must be a whole number (got 17)."
    )


def test_describe_translates_the_template_and_only_the_parameters_that_hold_words():
    catalog = {
        e.HAND_FIELD_WRONG_TYPE.template: "Giv {hand}: {key} ska vara {expected} (fick {value!r}).",
        "a name": "ett namn",
    }
    problem = e.HAND_FIELD_WRONG_TYPE(hand=3, key="dealer", expected="a name", value="a name")

    assert e.HAND_FIELD_WRONG_TYPE.words == {"expected"}
    # The value given is shown as given, though the catalog has the same words.
    assert describe(problem, translate=lambda text: catalog.get(text, text)) == (
        "Giv 3: dealer ska vara ett namn (fick 'a name')."
    )
    assert describe(problem) == "Hand 3: dealer must be a name (got 'a name')."


def test_a_player_is_named_not_translated():
    catalog = {e.TRICKS_MISSING.template: "Giv {hand}: {player} spelade utan stick.", "Bob": "X"}

    assert (
        describe(
            e.TRICKS_MISSING(hand=2, player="Bob"), translate=lambda text: catalog.get(text, text)
        )
        == "Giv 2: Bob spelade utan stick."
    )


def test_a_problem_is_its_code_and_parameters():
    problem = e.STAYER_NOT_SEATED(hand=3, player="Bob")
    assert problem == Problem("stayer_not_seated", {"player": "Bob", "hand": 3}, "other words")
    assert problem != e.STAYER_NOT_SEATED(hand=4, player="Bob")
    assert problem != e.STAYER_NOT_ON_ROSTER(hand=3, player="Bob")
    assert (problem.code, problem.params) == ("stayer_not_seated", {"hand": 3, "player": "Bob"})
    assert hash(problem) == hash(e.STAYER_NOT_SEATED(player="Bob", hand=3))
    assert repr(problem) == "Problem('stayer_not_seated', hand=3, player='Bob')"
    with pytest.raises(AttributeError):
        problem.code = "other"  # type: ignore[misc]


def test_a_setting_problem_carries_its_setting_even_where_the_sentence_names_it():
    assert e.ANTE_TOO_SMALL(value=0).params == {"key": "ante", "value": 0}
    assert e.RULE_TOO_LARGE(key="pot_cap", limit=9).params == {"key": "pot_cap", "limit": 9}
    problems = HouseRules(
        ante=0, currency="us", chip_value=Decimal(0), play_obligation="beat"
    ).errors()
    assert [p.params["key"] for p in problems] == [
        "ante",
        "currency",
        "chip_value",
        "play_obligation",
    ]


def test_a_rules_error_keeps_its_problems_and_words_them_in_english():
    state = NightState.start(["Ann", "Bob"])
    with pytest.raises(RulesError) as caught:
        settle_hand(HouseRules(), state, HandInput("Ann", stayed={"Ann": 2, "Zed": 2}))
    error = caught.value
    assert error.problems == [
        e.STAYER_NOT_ON_ROSTER(hand=1, player="Zed"),
        e.TRICKS_DO_NOT_ADD_UP(hand=1, total=4, tricks_per_hand=5),
    ]
    assert error.errors == [
        "Hand 1: Zed stayed but is not on tonight's roster.",
        "Hand 1: the stayers' tricks add up to 4, not 5.",
    ]
    assert str(error) == "; ".join(error.errors)
    with pytest.raises(AttributeError):
        error.errors = []  # type: ignore[misc]


# --- ProblemsError: the base of every refusal that carries problems, tested here once ---


def test_a_refusal_takes_one_problem_or_several_and_joins_their_english():
    one = ProblemsError(e.ROSTER_EMPTY())
    several = ProblemsError(
        problem for problem in [e.ROSTER_EMPTY(), e.TRICKS_MISSING(hand=2, player="Cy")]
    )

    assert one.problems == [e.ROSTER_EMPTY()]
    assert several.problems == [e.ROSTER_EMPTY(), e.TRICKS_MISSING(hand=2, player="Cy")]
    assert several.errors == [
        "A night needs at least one player on the roster.",
        "Hand 2: Cy stayed but has no tricks entered.",
    ]
    assert str(several) == "; ".join(several.errors)
    with pytest.raises(AttributeError):
        several.errors = []  # type: ignore[misc]


@pytest.mark.parametrize("error", [ProblemsError, RulesError])
def test_a_refusal_needs_at_least_one_problem_and_only_problems(error):
    with pytest.raises(ValueError, match=f"{error.__name__} needs at least one"):
        error([])
    for given in (["Hand 1: something."], "Hand 1: something.", [e.ROSTER_EMPTY]):
        with pytest.raises(TypeError, match="Problem"):
            error(given)


def test_a_refusal_shows_a_players_key_as_its_class_says():
    class ByNumber(ProblemsError):
        key_shown = staticmethod(lambda key: f"#{key}")

    problem = e.TRICKS_MISSING(hand=2, player=7)

    assert ProblemsError(problem).errors == ["Hand 2: 7 stayed but has no tricks entered."]
    assert ByNumber(problem).errors == ["Hand 2: #7 stayed but has no tricks entered."]
    assert str(ByNumber(problem)) == "Hand 2: #7 stayed but has no tricks entered."


def test_a_rules_error_is_a_refusal_with_problems():
    assert issubclass(RulesError, ProblemsError)
    assert not issubclass(RulesError, ValueError)
