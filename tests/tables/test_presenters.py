from decimal import Decimal

import pytest
from django.utils import translation
from django.utils.translation import trans_real

from ledger import rules
from tables import presenters
from tests.ledger.worked_examples import EXAMPLE_1, EXAMPLE_2, EXAMPLE_3


def _described(example) -> list[str]:
    """Each hand of a worked example, settled by the engine and told in words."""
    roster = example["roster"]
    to_id = {name: i for i, name in enumerate(roster, start=1)}
    names = {i: name for name, i in to_id.items()}
    inputs = [rules.HandInput(**hand) for hand, _, _ in example["hands"]]
    results, _ = rules.replay(example["rules"], roster, inputs)
    told = []
    for hand, result in zip(inputs, results, strict=True):
        stored_input = {
            "dealer": to_id[hand.dealer],
            "seated": [to_id[n] for n in roster],
            "stayed": {str(to_id[n]): t for n, t in hand.stayed.items()},
            "reneged": [to_id[n] for n in hand.reneged],
            "misdeal": hand.misdeal,
        }
        told.append(
            presenters.describe_hand(
                stored_input, rules.result_to_json(result, key=to_id.__getitem__), names
            )
        )
    return told


def _catalog_with(monkeypatch, language: str, entries: dict) -> None:
    """The language's catalog given a few entries, as a translator would write them."""
    catalog = trans_real.translation(language)._catalog._catalogs[0]
    for msgid, translated in entries.items():
        monkeypatch.setitem(catalog, msgid, translated)


def _hand(**result) -> dict:
    return {
        "misdeal": False, "dealer": 1, "ante_refunds": {}, "winner": None, "winner_takes": 0,
        "pot_before": 4, "pot_after": 4, "bourre_payments": {}, "renege_payments": {},
        "penalty_refunds": {}, **result,
    }  # fmt: skip


def test_it_tells_every_hand_of_worked_example_1():
    assert _described(EXAMPLE_1) == [
        "Nobody wins (Bob and Cy tie on 2 tricks): the pot of 4 carries over.",
        "Dee is bourré: pays 8 into the next pot. Cy wins 8.",
        "Ann and Bob are bourré: each pays 12 into the next pot. Dee wins 12.",
        "Ann stays alone and takes 28.",
        "Nobody stays: the pot of 4 carries over.",
        "Misdeal: Bob deals again.",
        "Cy reneged: pays 8. Nobody wins (Ann and Bob tie on 2 tricks): the pot of 16 "
        "carries over.",
    ]


def test_it_tells_ante_refunds_too_few_tricks_and_penalty_refunds():
    told = _described(EXAMPLE_2)

    assert told[1] == (
        "The pot is capped: Ann 1, Bob 1, Cy 1 and Dee 1 back from the antes. "
        "Nobody wins (Cy and Ann tie on 2 tricks): the pot of 20 carries over."
    )
    assert told[3] == (
        "The pot is capped: Ann 1, Bob 1 and Cy 1 back from the antes. "
        "Bob and Cy are bourré: each pays 15 into the next pot. Dee wins 20. "
        "The pot is capped: Bob 5 and Cy 5 back from the payments."
    )


def test_it_says_what_a_capped_win_leaves_in_the_pot():
    told = _described(EXAMPLE_3)

    assert told[2] == "Ann wins 10; 2 stay in the pot."


def test_too_few_tricks_to_win_is_said_so():
    example = {
        **EXAMPLE_2,
        "hands": [({"dealer": "Ann", "stayed": {"Bob": 2, "Cy": 1, "Dee": 1, "Ann": 1}}, 0, [])],
    }

    assert _described(example) == [
        "Nobody wins (Bob's 2 tricks are too few to win): the pot of 8 carries over."
    ]


def test_a_double_renege_is_counted():
    result = {
        "misdeal": False, "dealer": 1, "ante_refunds": {}, "winner": 2, "winner_takes": 4,
        "pot_before": 4, "pot_after": 8, "bourre_payments": {}, "renege_payments": {"1": 8},
        "penalty_refunds": {},
    }  # fmt: skip
    hand = {"stayed": {"1": 1, "2": 4}, "reneged": [1, 1]}

    told = presenters.describe_hand(hand, result, {1: "Ann", 2: "Bob"})

    assert told == "Ann reneged twice: pays 8. Bob wins 4."


def test_the_log_lists_each_hands_chips():
    roster = ["Ann", "Bob", "Cy", "Dee"]
    to_id = {name: i for i, name in enumerate(roster, start=1)}
    hands = [rules.HandInput(**hand) for hand, _, _ in EXAMPLE_1["hands"][:3]]
    results, _ = rules.replay(EXAMPLE_1["rules"], roster, hands)
    names = {i: name for name, i in to_id.items()}

    lines = presenters.payments(rules.result_to_json(results[2], key=to_id.__getitem__), names)

    assert lines == [
        "Ante 1 from Dee, Ann, Bob and Cy",
        "Dee takes 12",
        "Bourré: Ann 12 and Bob 12",
    ]


@pytest.mark.parametrize(
    ("amount", "currency", "shown"),
    [
        ("3.00", "USD", "$3.00"),
        ("-16.00", "USD", "-$16.00"),
        ("1.50", "EUR", "€1.50"),
        ("1200.00", "GBP", "£1,200.00"),
        # CLDR's English: a currency without an English symbol goes first, by its code,
        # kept from the digits by a no-break space; the yen has its symbol.
        ("25.00", "SEK", "SEK\u00a025.00"),
        ("-300", "JPY", "-¥300"),
        ("0.00", "USD", "$0.00"),
    ],
)
def test_money_is_written_with_its_currency(amount, currency, shown):
    assert presenters.money(Decimal(amount), currency) == shown


def test_money_in_several_currencies_is_listed_side_by_side_and_never_added():
    totals = {"USD": Decimal("12.00"), "EUR": Decimal("-3.50")}
    assert presenters.money_totals(totals) == "$12.00 + -€3.50"
    assert presenters.money_totals({}) == "0"


def test_chips_carry_their_sign():
    assert [presenters.chips(n) for n in (12, -16, 0)] == ["+12", "-16", "0"]


def test_names_are_joined_in_plain_english():
    assert presenters.join_names([]) == ""
    assert presenters.join_names(["Ann"]) == "Ann"
    assert presenters.join_names(["Ann", "Bob"]) == "Ann and Bob"
    assert presenters.join_names(["Ann", "Bob", "Cy"]) == "Ann, Bob and Cy"


def test_in_turn_orders_players_from_the_dealers_left_with_the_dealer_last():
    from tables.presenters import in_turn

    assert in_turn(["4", "1", "3"], [1, 2, 3, 4], dealer=2) == ["3", "4", "1"]
    assert in_turn([1, 2, 3, 4], [1, 2, 3, 4], dealer=4) == [1, 2, 3, 4]
    assert in_turn([2, 1], [1, 2], dealer=None) == [2, 1]


def test_more_reneges_than_three_are_counted_in_figures():
    hand = {"stayed": {"1": 1, "2": 4}, "reneged": [1, 1, 1, 1]}
    result = _hand(winner=2, winner_takes=4, renege_payments={"1": 16})

    assert presenters.describe_hand(hand, result, {1: "Ann", 2: "Bob"}) == (
        "Ann reneged 4 times: pays 16. Bob wins 4."
    )


def test_one_trick_and_one_chip_are_singular():
    names = {1: "Ann", 2: "Bob"}
    too_few = presenters.describe_hand({"stayed": {"1": 1, "2": 0}}, _hand(), names)
    capped = presenters.describe_hand(
        {"stayed": {"1": 4, "2": 1}}, _hand(winner=1, winner_takes=3, pot_before=4), names
    )

    assert too_few == "Nobody wins (Ann's 1 trick is too few to win): the pot of 4 carries over."
    assert capped == "Ann wins 3; 1 stays in the pot."


def test_a_hand_is_told_in_the_active_language(monkeypatch):
    _catalog_with(
        monkeypatch,
        "sv",
        {
            "%(players)s are bourré: each pays %(amount)s into the next pot.": (
                "%(players)s är bourré: var och en betalar %(amount)s till nästa pott."
            ),
            "%(winner)s wins %(amount)s.": "%(winner)s vinner %(amount)s.",
            "%(items)s and %(last)s": "%(items)s och %(last)s",
        },
    )

    with translation.override("sv"):
        told = _described(EXAMPLE_1)[2]

    assert told == "Ann och Bob är bourré: var och en betalar 12 till nästa pott. Dee vinner 12."


def test_chips_in_a_sentence_are_grouped_as_the_language_groups_digits():
    result = _hand(winner=1, winner_takes=1234, pot_before=1234)

    with translation.override("sv"):
        told = presenters.describe_hand({"stayed": {"1": 3, "2": 2}}, result, {1: "Ann", 2: "Bob"})

    assert told.startswith("Ann ")
    assert told.endswith(" 1\u00a0234.")


def test_a_list_is_joined_with_the_active_languages_words(monkeypatch):
    _catalog_with(
        monkeypatch, "fr", {", ": ", ", "%(items)s and %(last)s": "%(items)s et %(last)s"}
    )

    with translation.override("fr"):
        assert presenters.join_names(["Ann", "Bob", "Cy"]) == "Ann, Bob et Cy"


def test_a_player_nobody_is_named_for_reads_as_a_player_number():
    assert presenters.describe_hand(
        {"stayed": {"7": None}}, _hand(winner=7, winner_takes=4), {}
    ) == ("player #7 stays alone and takes 4.")


@pytest.mark.parametrize(
    ("kind", "value", "shown"),
    [
        # A mobile number is stored in international form and read in the national one.
        ("swish", "46701234567", "070-123 45 67"),
        ("swish", "46761234599", "076-123 45 99"),
        # A Swish business number, in its groups.
        ("swish", "1234567890", "123 456 78 90"),
        ("bizum", "+34612345678", "+34612345678"),
        ("paypal_me", "ann", "ann"),
    ],
)
def test_a_way_of_getting_paid_shows_its_number_as_its_country_writes_it(kind, value, shown):
    assert presenters.payment_value(kind, value) == shown
