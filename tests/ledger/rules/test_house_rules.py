"""House rules: validation, the night file's rules object, presets and the host's help."""

from dataclasses import fields, replace
from decimal import Decimal

import pytest

from ledger.rules import (
    CURRENCIES,
    MAX_CHIP_VALUE,
    PRESETS,
    RULE_FIELDS,
    RULE_HELP,
    HouseRules,
    RulesError,
    to_money,
)
from ledger.rules import errors as e

NAN = Decimal("NaN")

NIGHT_FILE_KEYS = [
    "ante",
    "tricks_per_hand",
    "max_players",
    "min_tricks_to_win",
    "escalating_ante",
    "bourre_cap",
    "win_cap",
    "pot_cap",
    "ante_exemptions",
    "leftover_pot",
    "chip_value",
    "currency",
    "play_obligation",
]


def test_the_defaults_are_the_louisiana_standard_and_valid():
    rules = HouseRules()
    assert rules.errors() == []
    rules.validate()
    assert rules == PRESETS["louisiana"].rules
    assert (rules.ante, rules.tricks_per_hand, rules.max_players, rules.min_tricks_to_win) == (
        1,
        5,
        7,
        1,
    )
    assert rules.leftover_pot == "refund"
    assert rules.chip_value == Decimal("1.00") and rules.currency == "USD"
    assert rules.play_obligation == "beat_winner"


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"ante": 0}, e.ANTE_TOO_SMALL(value=0)),
        ({"ante": True}, e.RULE_NOT_WHOLE_NUMBER(key="ante", value=True)),
        ({"tricks_per_hand": 6}, e.TRICKS_PER_HAND_INVALID(value=6)),
        ({"max_players": 1}, e.MAX_PLAYERS_OUT_OF_RANGE(value=1)),
        ({"max_players": 9}, e.MAX_PLAYERS_OUT_OF_RANGE(value=9)),
        (
            {"max_players": 8, "tricks_per_hand": 7},
            e.MAX_PLAYERS_TOO_MANY_CARDS(max_players=8, tricks_per_hand=7, cards=56),
        ),
        ({"min_tricks_to_win": 0}, e.MIN_TRICKS_OUT_OF_RANGE(tricks_per_hand=5, value=0)),
        ({"min_tricks_to_win": 6}, e.MIN_TRICKS_OUT_OF_RANGE(tricks_per_hand=5, value=6)),
        ({"escalating_ante": 1}, e.RULE_NOT_YES_NO(key="escalating_ante", value=1)),
        ({"ante_exemptions": "no"}, e.RULE_NOT_YES_NO(key="ante_exemptions", value="no")),
        ({"bourre_cap": 0}, e.CAP_TOO_SMALL(key="bourre_cap", value=0)),
        ({"win_cap": -5}, e.CAP_TOO_SMALL(key="win_cap", value=-5)),
        ({"pot_cap": 2.5}, e.RULE_CAP_NOT_WHOLE_NUMBER(key="pot_cap", value=2.5)),
        ({"leftover_pot": "keep"}, e.LEFTOVER_POT_INVALID(value="keep")),
        ({"chip_value": 0.25}, e.CHIP_VALUE_NOT_DECIMAL(value=0.25)),
        # The same NaN object on both sides: a NaN is not equal to another NaN.
        ({"chip_value": NAN}, e.CHIP_VALUE_NOT_DECIMAL(value=NAN)),
        ({"chip_value": Decimal("0")}, e.CHIP_VALUE_NOT_POSITIVE(value=Decimal("0"))),
        (
            {"chip_value": Decimal("0.001")},
            e.CHIP_VALUE_TOO_PRECISE(value=Decimal("0.001"), currency="USD", places=2),
        ),
        (
            {"chip_value": Decimal("0.5"), "currency": "JPY"},
            e.CHIP_VALUE_TOO_PRECISE(value=Decimal("0.5"), currency="JPY", places=0),
        ),
        ({"currency": "usd"}, e.CURRENCY_INVALID(value="usd")),
        ({"currency": "EURO"}, e.CURRENCY_INVALID(value="EURO")),
        ({"play_obligation": "beat_highest"}, e.PLAY_OBLIGATION_INVALID(value="beat_highest")),
        ({"play_obligation": "BEAT_WINNER"}, e.PLAY_OBLIGATION_INVALID(value="BEAT_WINNER")),
        ({"play_obligation": None}, e.PLAY_OBLIGATION_INVALID(value=None)),
    ],
)
def test_it_rejects_each_invalid_setting_with_a_problem_naming_it(changes, message):
    rules = replace(HouseRules(), **changes)
    assert rules.errors() == [message]
    with pytest.raises(RulesError) as caught:
        rules.validate()
    assert caught.value.problems == [message]


def test_seven_card_allows_at_most_seven_seated_and_five_card_allows_eight():
    assert HouseRules(tricks_per_hand=7, max_players=7).errors() == []
    assert HouseRules(tricks_per_hand=5, max_players=8).errors() == []


def test_min_tricks_to_win_may_be_as_high_as_the_tricks_in_a_hand():
    assert HouseRules(tricks_per_hand=7, min_tricks_to_win=7).errors() == []


def test_it_lists_every_invalid_setting_at_once():
    rules = HouseRules(ante=0, tricks_per_hand=4, win_cap=0, currency="us")
    assert rules.errors() == [
        e.ANTE_TOO_SMALL(value=0),
        e.TRICKS_PER_HAND_INVALID(value=4),
        e.CAP_TOO_SMALL(key="win_cap", value=0),
        e.CURRENCY_INVALID(value="us"),
    ]


def test_the_night_file_rules_object_has_exactly_the_documented_keys_in_order():
    data = HouseRules(chip_value=Decimal("0.25")).to_dict()
    assert list(data) == NIGHT_FILE_KEYS == list(RULE_FIELDS)
    assert data["chip_value"] == "0.25"
    assert data["bourre_cap"] is None


def test_rules_round_trip_through_the_night_file():
    for preset in PRESETS.values():
        assert HouseRules.from_dict(preset.rules.to_dict()) == preset.rules
    rules = HouseRules(ante=3, pot_cap=40, chip_value=Decimal("0.05"), currency="EUR")
    assert HouseRules.from_dict(rules.to_dict()).to_dict() == rules.to_dict()


def test_missing_keys_take_the_defaults():
    assert HouseRules.from_dict({}) == HouseRules()
    assert HouseRules.from_dict({"ante": 2}) == HouseRules(ante=2)


def test_it_reads_the_night_format_example():
    data = {
        "ante": 1,
        "tricks_per_hand": 5,
        "max_players": 7,
        "min_tricks_to_win": 1,
        "escalating_ante": False,
        "bourre_cap": None,
        "pot_cap": None,
        "leftover_pot": "refund",
        "chip_value": "0.25",
        "currency": "USD",
    }
    assert HouseRules.from_dict(data) == HouseRules(chip_value=Decimal("0.25"))


@pytest.mark.parametrize(("value", "expected"), [("0.25", "0.25"), (2, "2"), (" 1.50 ", "1.50")])
def test_chip_value_may_be_a_string_or_a_whole_number(value, expected):
    assert HouseRules.from_dict({"chip_value": value}).chip_value == Decimal(expected)


@pytest.mark.parametrize("value", [0.25, True, "a quarter", None, [1]])
def test_it_rejects_a_chip_value_that_is_not_an_exact_amount(value):
    with pytest.raises(RulesError) as caught:
        HouseRules.from_dict({"chip_value": value})
    assert caught.value.problems == [e.CHIP_VALUE_NOT_DECIMAL(value=value)]


@pytest.mark.parametrize(
    ("key", "value"),
    [("ante", "2"), ("ante", True), ("ante", 2.0), ("max_players", None), ("tricks_per_hand", "7")],
)
def test_it_rejects_a_number_of_the_wrong_type_naming_the_key(key, value):
    with pytest.raises(RulesError) as caught:
        HouseRules.from_dict({key: value})
    assert caught.value.problems == [e.RULE_NOT_WHOLE_NUMBER(key=key, value=value)]


def test_it_rejects_caps_and_switches_of_the_wrong_type_naming_the_key():
    with pytest.raises(RulesError) as caught:
        HouseRules.from_dict({"bourre_cap": "10", "escalating_ante": "yes", "leftover_pot": 1})
    assert caught.value.problems == [
        e.RULE_NOT_YES_NO(key="escalating_ante", value="yes"),
        e.RULE_CAP_NOT_WHOLE_NUMBER(key="bourre_cap", value="10"),
        e.LEFTOVER_POT_INVALID(value=1),
    ]


def test_it_rejects_unknown_keys_naming_them():
    with pytest.raises(RulesError) as caught:
        HouseRules.from_dict({"ante": 0, "jokers": True, "Ante": 1})
    assert caught.value.problems == [
        e.RULE_UNKNOWN(key="jokers"),
        e.RULE_UNKNOWN(key="Ante"),
        e.ANTE_TOO_SMALL(value=0),
    ]


def test_it_rejects_rules_that_are_not_an_object():
    with pytest.raises(RulesError) as caught:
        HouseRules.from_dict(["ante", 1])
    assert caught.value.problems == [e.RULES_NOT_MAPPING(value=["ante", 1])]


def test_each_preset_is_valid_and_named():
    assert list(PRESETS) == [
        "louisiana",
        "seven_card",
        "three_trick",
        "escalating",
        "capped_pot",
        "swedish",
        "reno",
        "limit",
        "no_beat",
    ]
    for slug, preset in PRESETS.items():
        assert preset.slug == slug
        assert preset.label and preset.description
        assert preset.rules.errors() == []


def test_the_presets_set_the_documented_values():
    default = HouseRules()
    assert PRESETS["seven_card"].rules == replace(default, tricks_per_hand=7)
    assert PRESETS["three_trick"].rules == replace(default, min_tricks_to_win=3)
    assert PRESETS["escalating"].rules == replace(default, escalating_ante=True)
    assert PRESETS["capped_pot"].rules == replace(default, pot_cap=20)
    assert PRESETS["swedish"].rules == replace(
        default, max_players=8, bourre_cap=10, play_obligation="beat_led_suit", currency="SEK"
    )
    assert PRESETS["reno"].rules == replace(default, escalating_ante=False)
    assert PRESETS["limit"].rules == replace(
        default, bourre_cap=20, win_cap=20, ante_exemptions=True
    )
    assert PRESETS["no_beat"].rules == replace(default, play_obligation="no_beat")


def test_a_preset_is_played_in_the_hosts_currency_unless_it_has_its_own():
    own = {slug for slug, preset in PRESETS.items() if preset.own_currency}
    assert own == {"swedish"}
    assert PRESETS["limit"].house_rules(currency="EUR") == replace(
        PRESETS["limit"].rules, currency="EUR"
    )
    assert PRESETS["swedish"].house_rules(currency="EUR").currency == "SEK"
    assert PRESETS["limit"].house_rules(currency="BRL", ante=5) == replace(
        PRESETS["limit"].for_ante(5), currency="BRL"
    )


def test_every_currency_offered_is_a_valid_code_and_every_preset_valid_in_each():
    for currency in CURRENCIES:
        for preset in PRESETS.values():
            assert preset.house_rules(currency=currency).errors() == []


def test_only_the_swedish_and_no_obligation_presets_change_how_cards_are_played():
    changed = {
        slug: preset.rules.play_obligation
        for slug, preset in PRESETS.items()
        if preset.rules.play_obligation != "beat_winner"
    }
    assert changed == {"swedish": "beat_led_suit", "no_beat": "no_beat"}
    assert PRESETS["swedish"].for_ante(3).play_obligation == "beat_led_suit"


def test_the_play_obligation_takes_each_documented_value():
    for value in ("beat_winner", "beat_led_suit", "no_beat"):
        rules = HouseRules.from_dict({"play_obligation": value})
        assert rules.play_obligation == value
        assert HouseRules.from_dict(rules.to_dict()) == rules


def test_rules_written_before_the_play_obligation_existed_mean_beat_winner():
    old = HouseRules(ante=2, chip_value=Decimal("0.25")).to_dict()
    del old["play_obligation"]
    assert HouseRules.from_dict(old).play_obligation == "beat_winner"
    assert HouseRules.from_dict(old) == HouseRules(ante=2, chip_value=Decimal("0.25"))


@pytest.mark.parametrize("value", [1, True, ["no_beat"], " no_beat"])
def test_it_rejects_a_play_obligation_of_the_wrong_kind_naming_the_setting(value):
    with pytest.raises(RulesError) as caught:
        HouseRules.from_dict({"play_obligation": value})
    assert caught.value.problems == [e.PLAY_OBLIGATION_INVALID(value=value)]
    assert caught.value.problems[0].params["key"] == "play_obligation"


def test_a_preset_scales_its_caps_with_the_ante():
    limit = PRESETS["limit"].for_ante(5)
    assert (limit.ante, limit.bourre_cap, limit.win_cap) == (5, 100, 100)
    assert limit.ante_exemptions
    assert PRESETS["swedish"].for_ante(2).bourre_cap == 20
    assert PRESETS["louisiana"].for_ante(3) == HouseRules(ante=3)


def test_every_setting_has_one_line_of_help_for_the_host():
    assert list(RULE_HELP) == [f.name for f in fields(HouseRules)]
    for text in RULE_HELP.values():
        assert text and "\n" not in text and len(text) < 120


@pytest.mark.parametrize(
    ("currency", "chip_value", "chips", "money"),
    [
        ("USD", "0.25", 12, "3.00"),
        ("EUR", "1", -7, "-7.00"),
        ("GBP", "0.10", 3, "0.30"),
        ("SEK", "5", 4, "20.00"),
        ("BRL", "0.5", 3, "1.50"),
        ("JPY", "100", 3, "300"),
        ("KRW", "1000", 2, "2000"),
        ("KWD", "0.125", 3, "0.375"),
        ("CHF", "1", 0, "0.00"),
    ],
)
def test_money_has_the_currencys_decimal_places(currency, chip_value, chips, money):
    rules = HouseRules(chip_value=Decimal(chip_value), currency=currency)
    assert rules.errors() == []
    amount = to_money(chips, rules)
    assert isinstance(amount, Decimal)
    assert str(amount) == money


@pytest.mark.parametrize("value", ["1E+1000000", "1000000.01", "1" + "0" * 100_000, 10**4000])
def test_a_chip_value_over_a_million_is_refused_naming_the_limit(value):
    with pytest.raises(RulesError) as caught:
        HouseRules.from_dict({"chip_value": value})

    assert caught.value.problems == [e.CHIP_VALUE_TOO_LARGE(limit=1_000_000)]
    assert caught.value.problems[0].params["key"] == "chip_value"
    assert caught.value.errors == ["chip_value can be at most 1,000,000 a chip."]


def test_a_chip_value_of_a_million_is_allowed_and_written_out_in_full():
    assert HouseRules.from_dict({"chip_value": "1000000"}).chip_value == MAX_CHIP_VALUE
    rules = HouseRules.from_dict({"chip_value": "1E+3", "currency": "KRW"})
    assert rules.to_dict()["chip_value"] == "1000"


def test_a_chip_value_as_a_tiny_exponent_is_refused_as_too_precise():
    with pytest.raises(RulesError) as caught:
        HouseRules.from_dict({"chip_value": "1E-1000000"})

    assert caught.value.problems == [
        e.CHIP_VALUE_TOO_PRECISE(value=Decimal("1E-1000000"), currency="USD", places=2)
    ]


def test_the_most_chips_a_ledger_holds_at_the_highest_chip_value_is_still_money():
    rules = HouseRules(chip_value=MAX_CHIP_VALUE, currency="KWD")  # 3 decimal places
    amount = to_money(2**62, rules)
    # Pages work in Decimal's default 28-digit context: it must hold the amount exactly.
    assert amount.quantize(Decimal("0.001")) == amount == Decimal(2**62) * 1_000_000


def test_an_ante_or_cap_beyond_a_million_chips_is_refused_by_name():
    from ledger.rules import HouseRules
    from ledger.rules import errors as e

    problems = HouseRules(ante=1_000_001, pot_cap=10**12).errors()

    assert e.RULE_TOO_LARGE(key="ante", limit=1_000_000) in problems
    assert e.RULE_TOO_LARGE(key="pot_cap", limit=1_000_000) in problems
