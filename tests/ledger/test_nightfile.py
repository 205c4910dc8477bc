import copy
import hashlib
import json
from decimal import Decimal

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from hypothesis import given, settings
from hypothesis import strategies as st

from ledger import errors as err
from ledger import nightfile, rules, selectors
from ledger.errors import InvalidInput
from ledger.models import Entry, Night, NightImport, Player, Table
from ledger.nightfile import night_export, night_import
from ledger.rules import describe
from ledger.services import corrections as correction_services
from ledger.services import hands as hand_services
from ledger.services import roster as roster_services
from ledger.services import tables as table_services
from ledger.verify import verify_night
from tests.factories import PlayerFactory, TableFactory, UserFactory, night_with
from tests.ledger.helpers import hand_data, ids
from tests.ledger.nights import long_night_document, row_counts
from tests.ledger.worked_examples import EXAMPLES

pytestmark = pytest.mark.django_db

FORMAT_EXAMPLE = {
    "format": "bourre-night/1",
    "table": "Thursday Bourré",
    "rules": {
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
    },
    "players": ["Ann", "Bob", "Cy", "Dee"],
    "hands": [
        {"dealer": "Ann", "stayed": {"Bob": 2, "Cy": 2, "Dee": 1}},
        {"dealer": "Bob", "seated": ["Ann", "Bob", "Cy"], "stayed": {"Cy": 3, "Ann": 2}},
        {"dealer": "Cy", "stayed": {"Ann": None}},
        {"dealer": "Dee", "stayed": {}},
        {"dealer": "Ann", "misdeal": True},
        {"dealer": "Ann", "stayed": {"Ann": 2, "Bob": 2, "Cy": 1}, "reneged": ["Cy"]},
    ],
    "closed": True,
}


def example_document(name: str) -> dict:
    example = EXAMPLES[name]
    return {
        "format": "bourre-night/1",
        "table": f"Worked {name}",
        "rules": example["rules"].to_dict(),
        "players": example["roster"],
        "hands": [hand for hand, _, _ in example["hands"]],
        "closed": True,
    }


def document(**changes) -> dict:
    doc = copy.deepcopy(FORMAT_EXAMPLE)
    doc.update(changes)
    return doc


def import_problems(doc, owner, **kwargs) -> list[rules.Problem]:
    with pytest.raises(InvalidInput) as caught:
        night_import(document=doc, owner=owner, **kwargs)
    return caught.value.problems


# --- Import ---


@pytest.mark.parametrize("name", EXAMPLES)
def test_each_worked_example_imported_from_a_night_file_matches_to_the_chip(name):
    example = EXAMPLES[name]

    night = night_import(document=example_document(name), owner=UserFactory())

    balances = selectors.night_balances(night)
    by_name = ids(night)
    assert [balances[by_name[p]] for p in example["roster"]] == example["final"]
    assert selectors.night_pot(night) == 0
    assert night.is_closed
    results = night_export(night)["results"]
    for hand, (_, pot_after, after) in zip(results["hands"], example["hands"], strict=True):
        assert hand["pot_after"] == pot_after, f"pot after hand {hand['number']}"
        assert list(hand["balances"].values()) == after, f"balances after hand {hand['number']}"
    assert results["leftover"] == example["leftover"]
    assert list(results["balances"].values()) == example["final"]


def test_it_records_the_format_example_through_the_same_services_as_the_phone():
    owner = UserFactory()

    night = night_import(document=document(), owner=owner)

    assert night.table.name == "Thursday Bourré"
    assert night.table.owner == owner
    assert night.started_by == owner
    assert night.first_dealer.name == "Ann"
    assert [s.player.name for s in night.seats.order_by("position")] == ["Ann", "Bob", "Cy", "Dee"]
    assert selectors.live_hands(night).count() == 6
    assert all(h.kind == "record" for h in night.hands.all())
    assert night.leftover_policy == "refund"


def test_a_new_table_gets_the_files_rules():
    night = night_import(document=document(), owner=UserFactory())

    assert night.table.rules == rules.HouseRules.from_dict(FORMAT_EXAMPLE["rules"]).to_dict()
    assert night.rules == night.table.rules


def test_a_file_without_a_play_obligation_plays_by_beat_winner_and_exports_it():
    assert "play_obligation" not in FORMAT_EXAMPLE["rules"]

    night = night_import(document=document(), owner=UserFactory())

    assert night.rules["play_obligation"] == "beat_winner"
    assert night_export(night)["rules"]["play_obligation"] == "beat_winner"


def test_the_play_obligation_goes_from_the_file_to_the_night_and_back():
    doc = document(rules={**FORMAT_EXAMPLE["rules"], "play_obligation": "beat_led_suit"})

    night = night_import(document=doc, owner=UserFactory())
    exported = night_export(night)

    assert night.rules["play_obligation"] == night.table.rules["play_obligation"]
    assert night.house_rules.play_obligation == "beat_led_suit"
    assert exported["rules"]["play_obligation"] == "beat_led_suit"
    again = night_export(night_import(document=copy.deepcopy(exported), owner=UserFactory()))
    assert again == exported


def test_an_existing_table_is_found_by_name_and_its_players_are_reused():
    owner = UserFactory()
    table = TableFactory(owner=owner, name="THURSDAY BOURRÉ")
    ann = PlayerFactory(table=table, name="ann")

    night = night_import(document=document(), owner=owner)

    assert night.table == table
    assert night.seats.get(position=0).player == ann
    assert Player.objects.filter(table=table).count() == 4


def test_names_from_a_file_are_stored_as_a_typed_name_would_be_and_found_by_look_alike():
    owner = UserFactory()
    table = TableFactory(owner=owner, name="Thursday Bourré")
    ann = PlayerFactory(table=table, name="Ann")
    doc = document(
        table=" Thursday  Bourre\u0301 ",  # the accent typed as its own character
        # A full-width A; hands name the players as the file's players list spells them.
        players=["\uff21nn", "Bob", " Cy  ", "Zoe\u0301"],
        hands=[{"dealer": "\uff21nn", "stayed": {"Zoe\u0301": 5}}],
    )

    night = night_import(document=doc, owner=owner)

    assert night.table == table
    seated = [seat.player for seat in night.seats.order_by("position")]
    assert seated[0] == ann
    assert [p.name for p in seated[1:]] == ["Bob", "Cy", "Zo\u00e9"]
    assert night_export(night)["players"] == ["Ann", "Bob", "Cy", "Zo\u00e9"]


def test_the_night_runs_on_the_files_rules_even_when_the_table_has_changed_its_own():
    owner = UserFactory()
    table = TableFactory(owner=owner, name="Thursday Bourré", rules={"ante": 5})
    table.rules = rules.HouseRules(ante=5).to_dict()
    table.save()

    night = night_import(document=document(), owner=owner)

    assert night.table == table
    assert night.house_rules.ante == 1
    assert table.rules["ante"] == 5


def test_a_table_name_given_to_the_import_wins_over_the_files():
    owner = UserFactory()

    night = night_import(document=document(), owner=owner, table_name="Friday")

    assert night.table.name == "Friday"
    assert not Table.objects.filter(name="Thursday Bourré").exists()


def test_a_file_without_a_table_can_be_imported_with_one_named():
    doc = document()
    del doc["table"]

    night = night_import(document=doc, owner=UserFactory(), table_name="Friday")

    assert night.table.name == "Friday"


def test_seated_defaults_to_the_whole_roster_and_a_lone_stayer_needs_no_tricks():
    night = night_import(document=document(), owner=UserFactory())

    first, _, third = list(selectors.live_hands(night))[:3]
    assert len(first.input["seated"]) == 4
    assert list(third.input["stayed"].values()) == [None]


def test_the_results_part_is_ignored_on_import():
    doc = document(results={"balances": {"Ann": 1_000_000}, "anything": "at all"})

    night = night_import(document=doc, owner=UserFactory())

    assert selectors.night_balances(night)[ids(night)["Ann"]] == 1


def test_an_open_night_stays_open():
    night = night_import(document=document(closed=False), owner=UserFactory())

    assert not night.is_closed
    assert selectors.night_pot(night) == 16


def test_a_night_without_hands_is_just_started():
    night = night_import(document=document(hands=[], closed=False), owner=UserFactory())

    assert night.first_dealer.name == "Ann"
    assert not night.hands.exists()


def test_a_bad_hand_rejects_the_whole_night_and_writes_nothing():
    owner = UserFactory()
    doc = document()
    doc["hands"][2] = {"dealer": "Cy", "stayed": {"Ann": 3, "Bob": 3}}
    before = row_counts()

    problems = import_problems(doc, owner=owner)

    assert problems == [rules.errors.TRICKS_DO_NOT_ADD_UP(hand=3, total=6, tricks_per_hand=5)]
    assert row_counts() == before


def test_a_bad_hand_deep_in_the_night_names_its_number():
    doc = example_document("example_1")
    doc["hands"][6] = {"dealer": "Bob", "stayed": {"Ann": 5, "Bob": 0}, "reneged": ["Dee"]}
    owner = UserFactory()
    before = row_counts()

    problems = import_problems(doc, owner)

    assert problems == [rules.errors.RENEGE_WITHOUT_STAYING(hand=7, player="Dee")]
    assert row_counts() == before


def test_a_retired_player_stops_the_import_with_a_message():
    owner = UserFactory()
    table = TableFactory(owner=owner, name="Thursday Bourré")
    bob = PlayerFactory(table=table, name="Bob")
    table_services.player_retire(player=bob)
    before = row_counts()

    problems = import_problems(document(), owner=owner)

    assert problems == [err.PLAYER_RETIRED(player="Bob")]
    assert row_counts() == before


@pytest.mark.parametrize(
    ("changes", "expected"),
    [
        ({"format": "bourre-night/2"}, [nightfile.FORMAT_INVALID(value="bourre-night/2")]),
        ({"format": None}, [nightfile.FORMAT_INVALID(value=None)]),
        ({"rules": {"ante": 1, "antes": 2}}, [rules.errors.RULE_UNKNOWN(key="antes")]),
        ({"rules": {"ante": 0}}, [rules.errors.ANTE_TOO_SMALL(value=0)]),
        ({"rules": [1]}, [rules.errors.RULES_NOT_MAPPING(value=[1])]),
        (
            {"rules": {"play_obligation": "beat_all"}},
            [rules.errors.PLAY_OBLIGATION_INVALID(value="beat_all")],
        ),
        (
            {"players": ["Ann", "Bob", "ann"]},
            [nightfile.PLAYER_LISTED_TWICE(name="ann")],
        ),
        ({"players": "Ann, Bob"}, [nightfile.PLAYERS_INVALID(value="Ann, Bob")]),
        ({"players": [], "hands": []}, [err.ROSTER_TOO_SMALL()]),
        (
            {"players": ["Ann", " ", 7]},
            [
                nightfile.PLAYER_NAME_INVALID(value=" "),
                nightfile.PLAYER_NAME_INVALID(value=7),
            ],
        ),
        (
            {"players": ["Ann", "B" * 41]},
            [nightfile.PLAYER_NAME_TOO_LONG(name="B" * 41, limit=40)],
        ),
        (
            {"players": ["Ann", "Bob", "Ann\u200b", "\u202e"]},
            [
                nightfile.PLAYER_NAME_HIDDEN_CHARACTER(
                    value="Ann\u200b", char="U+200B ZERO WIDTH SPACE"
                ),
                nightfile.PLAYER_NAME_HIDDEN_CHARACTER(
                    value="\u202e", char="U+202E RIGHT-TO-LEFT OVERRIDE"
                ),
            ],
        ),
        (  # "ANN" in full-width letters, and an "Ann" with a Hangul filler
            {"players": ["Ann", "Bob", "\uff21\uff2e\uff2e", "Ann\u3164", "\u3164"]},
            [
                nightfile.PLAYER_LISTED_TWICE(name="\uff21\uff2e\uff2e"),
                nightfile.PLAYER_LISTED_TWICE(name="Ann\u3164"),
                nightfile.PLAYER_NAME_INVALID(value="\u3164"),
            ],
        ),
        (
            {"table": "Thursday\u00ad"},
            [
                nightfile.TABLE_NAME_HIDDEN_CHARACTER(
                    value="Thursday\u00ad", char="U+00AD SOFT HYPHEN"
                )
            ],
        ),
        ({"hands": {"1": {}}}, [nightfile.HANDS_INVALID(value={"1": {}})]),
        ({"closed": "yes"}, [nightfile.CLOSED_INVALID(value="yes")]),
        ({"table": ""}, [nightfile.TABLE_INVALID(value="")]),
        ({"table": None}, [nightfile.TABLE_MISSING()]),
        ({"notes": "x"}, [nightfile.FIELD_UNKNOWN(key="notes")]),
    ],
)
def test_a_badly_shaped_file_is_refused_with_a_clear_message(changes, expected):
    doc = document(**changes)
    doc = {k: v for k, v in doc.items() if v is not None or k == "format"}
    owner = UserFactory()
    before = row_counts()

    assert import_problems(doc, owner) == expected
    assert row_counts() == before


def test_hand_shape_problems_name_their_hand_and_are_all_reported():
    doc = document(
        hands=[
            {"dealer": "Ann", "stayed": {"Bob": 5, "Cy": 0}},
            "Bob deals",
            {"stayed": {"Bob": 5}},
            {"dealer": "Dee", "stayed": {}, "folded": ["Ann"]},
            {"dealer": "Zed", "stayed": {"Yan": 5, "Bob": 0}, "reneged": ["Xi"]},
            {"dealer": "Ann", "misdeal": True, "seated": ["Ann", "Wu", "Wu"]},
        ]
    )

    assert import_problems(doc, UserFactory()) == [
        rules.errors.HAND_NOT_MAPPING(hand=2, value="Bob deals"),
        rules.errors.HAND_FIELD_MISSING(hand=3, key="dealer"),
        rules.errors.HAND_UNKNOWN_FIELD(hand=4, key="folded"),
        rules.errors.DEALER_NOT_ON_ROSTER(hand=5, player="Zed"),
        rules.errors.STAYER_NOT_ON_ROSTER(hand=5, player="Yan"),
        rules.errors.RENEGER_NOT_ON_ROSTER(hand=5, player="Xi"),
        rules.errors.SEATED_NOT_ON_ROSTER(hand=6, player="Wu"),
    ]


def test_a_document_that_is_not_an_object_is_refused():
    assert import_problems([1, 2], UserFactory()) == [nightfile.DOCUMENT_NOT_OBJECT(kind="a list")]


# --- Export ---


def test_exporting_an_imported_export_gives_the_same_document():
    first = night_export(night_import(document=document(), owner=UserFactory()))

    again = night_export(night_import(document=copy.deepcopy(first), owner=UserFactory()))

    assert again == first


def test_a_night_with_corrections_an_undo_and_a_late_arrival_round_trips():
    night = night_with(["Ann", "Bob", "Cy"], house_rules=rules.HouseRules(win_cap=3))
    by = night.started_by

    def record(number, hand):
        hand_services.hand_record(
            night=night, expected_number=number, hand=hand_data(night, hand), by=by
        )

    record(1, {"dealer": "Ann", "stayed": {"Bob": 2, "Cy": 2, "Ann": 1}})
    record(2, {"dealer": "Bob", "stayed": {"Cy": 3, "Ann": 2}})
    dee = PlayerFactory(table=night.table, name="Dee")
    roster_services.night_seat_join(night=night, player=dee, position=2, by=by)
    record(3, {"dealer": "Cy", "stayed": {"Dee": 4, "Ann": 0, "Bob": 1}, "reneged": ["Bob"]})
    record(4, {"dealer": "Dee", "misdeal": True})
    record(5, {"dealer": "Dee", "stayed": {"Ann": 5, "Dee": 0}})
    correction_services.hand_undo_last(night=night, by=by)
    record(5, {"dealer": "Dee", "stayed": {"Ann": 1, "Dee": 4}})
    correction_services.hand_correct(
        night=night,
        number=2,
        hand=hand_data(night, {"dealer": "Bob", "seated": ["Ann", "Bob", "Cy"], "stayed": {}}),
        reason="nobody stayed",
        by=by,
    )
    first = night_export(night)

    imported = night_import(document=copy.deepcopy(first), owner=UserFactory())

    assert night_export(imported) == first
    assert first["players"] == ["Ann", "Dee", "Bob", "Cy"]
    assert first["hands"][0]["seated"] == ["Ann", "Bob", "Cy"]
    assert "seated" not in first["hands"][2]
    assert selectors.night_balances(imported) == {
        ids(imported)[name]: chips for name, chips in first["results"]["balances"].items()
    }


def test_the_export_uses_the_players_current_names():
    night = night_import(document=document(), owner=UserFactory())
    table_services.player_rename(
        player=Player.objects.get(table=night.table, name="Bob"), name="Rob"
    )

    exported = night_export(night)

    assert exported["players"] == ["Ann", "Rob", "Cy", "Dee"]
    assert exported["hands"][1]["dealer"] == "Rob"
    assert "Rob" in exported["results"]["balances"]


def test_the_export_writes_hands_as_the_night_file_does():
    exported = night_export(night_import(document=document(), owner=UserFactory()))

    assert exported["hands"] == [
        {"dealer": "Ann", "stayed": {"Bob": 2, "Cy": 2, "Dee": 1}},
        {"dealer": "Bob", "seated": ["Ann", "Bob", "Cy"], "stayed": {"Ann": 2, "Cy": 3}},
        {"dealer": "Cy", "stayed": {"Ann": None}},
        {"dealer": "Dee", "stayed": {}},
        {"dealer": "Ann", "misdeal": True},
        {"dealer": "Ann", "stayed": {"Ann": 2, "Bob": 2, "Cy": 1}, "reneged": ["Cy"]},
    ]
    assert exported["closed"] is True
    assert exported["rules"] == rules.HouseRules(chip_value=Decimal("0.25")).to_dict()


def test_the_export_results_follow_the_engine_shape():
    results = night_export(night_import(document=document(), owner=UserFactory()))["results"]

    assert results["hands"][1] == {
        "number": 2,
        "dealer": "Bob",
        "ante": 1,
        "ante_refunds": {},
        "pot_before": 7,
        "winner": "Cy",
        "bourre_payments": {},
        "renege_payments": {},
        "penalty_refunds": {},
        "pot_after": 0,
        "balances": {"Ann": -2, "Bob": -2, "Cy": 5, "Dee": -1},
    }
    assert results["hands"][4] == {
        "number": 5,
        "dealer": "Ann",
        "misdeal": True,
        "pot_after": 4,
        "balances": {"Ann": 0, "Bob": -4, "Cy": 3, "Dee": -3},
    }
    assert results["hands"][5]["winner"] is None
    assert results["hands"][5]["renege_payments"] == {"Cy": 8}
    assert results["leftover"] == {"Ann": 2, "Bob": 2, "Cy": 10, "Dee": 2}
    assert results["pot"] == 0
    assert results["balances"] == {"Ann": 1, "Bob": -3, "Cy": 4, "Dee": -2}
    assert results["settlement"] == [
        {"from": "Bob", "to": "Cy", "amount": "0.75"},
        {"from": "Dee", "to": "Ann", "amount": "0.25"},
        {"from": "Dee", "to": "Cy", "amount": "0.25"},
    ]


def test_the_settlement_is_empty_while_chips_are_in_the_pot():
    results = night_export(night_import(document=document(closed=False), owner=UserFactory()))[
        "results"
    ]

    assert results["pot"] == 16
    assert results["settlement"] == []
    assert results["leftover"] == {}


def test_an_open_night_between_pots_is_settled():
    doc = document(hands=[{"dealer": "Ann", "stayed": {"Bob": None}}], closed=False)

    results = night_export(night_import(document=doc, owner=UserFactory()))["results"]

    assert results["pot"] == 0
    assert results["settlement"] != []


def test_money_has_the_currencys_decimal_places():
    doc = document(rules={"chip_value": "5", "currency": "JPY"})
    doc["hands"] = [{"dealer": "Ann", "stayed": {"Bob": None}}]

    results = night_export(night_import(document=doc, owner=UserFactory()))["results"]

    assert {t["amount"] for t in results["settlement"]} == {"5"}


def test_a_leftover_split_is_exported():
    doc = document(rules={"leftover_pot": "split"})

    night = night_import(document=doc, owner=UserFactory())

    assert night.leftover_policy == "split"
    leftover = night_export(night)["results"]["leftover"]
    assert sum(leftover.values()) == 16
    assert leftover == dict(
        Entry.objects.filter(night=night, kind=Entry.LEFTOVER, player__isnull=False).values_list(
            "player__name", "amount"
        )
    )


def test_the_import_is_one_night_among_others():
    owner = UserFactory()
    night_import(document=document(), owner=owner)
    night_import(document=document(), owner=owner, again=True)

    assert Night.objects.filter(table__owner=owner).count() == 2
    assert Table.objects.filter(owner=owner).count() == 1


# --- Files that are not night files, and files too big to be one ---


def test_a_file_nested_ten_thousand_deep_is_refused_as_not_a_night_file():
    with pytest.raises(InvalidInput) as caught:
        nightfile.night_parse("[" * 10_000 + "]" * 10_000)

    assert caught.value.problems == [nightfile.FILE_TOO_DEEP(limit=10)]


def test_a_document_nested_deeper_than_a_night_file_is_refused_before_it_is_read():
    nested: list = []
    for _ in range(900):
        nested = [nested]
    owner = UserFactory()
    before = row_counts()

    problems = import_problems(document(results={"hands": nested}), owner)

    assert problems == [nightfile.FILE_TOO_DEEP(limit=nightfile.DEPTH_LIMIT)]
    assert row_counts() == before


def test_a_night_file_is_deep_enough_to_be_read():
    exported = night_export(night_import(document=document(), owner=UserFactory()))

    assert nightfile.night_parse(json.dumps(exported)) == exported


def test_fifteen_thousand_players_are_refused_by_their_count_alone(django_assert_max_num_queries):
    doc = document(players=[f"P{i:05d}" for i in range(15_000)], hands=[], closed=False)
    owner = UserFactory()
    before = row_counts()

    with django_assert_max_num_queries(0):
        problems = import_problems(doc, owner)

    assert problems == [nightfile.PLAYERS_TOO_MANY(limit=40, count=15_000)]
    assert row_counts() == before


def test_forty_players_fit_in_a_night_file():
    names = [f"Player {i}" for i in range(rules.MAX_ROSTER)]
    hand = {"dealer": "Player 3", "seated": names[3:10], "stayed": {"Player 9": None}}
    doc = document(players=names, hands=[hand])

    night = night_import(document=doc, owner=UserFactory())

    assert night.seats.count() == 40
    assert night.first_dealer.name == "Player 3"


def test_more_than_two_thousand_hands_are_refused_by_their_count_alone():
    doc = document(hands=[{"dealer": "Ann", "misdeal": True}] * 2_001)

    assert import_problems(doc, UserFactory()) == [
        nightfile.HANDS_TOO_MANY(limit=2_000, count=2_001)
    ]


def test_a_file_of_a_thousand_bad_hands_lists_the_first_twenty_problems_and_counts_the_rest():
    doc = document(hands=[{"dealer": "Zed", "stayed": {}}] * 1_000)

    problems = import_problems(doc, UserFactory())

    assert problems == [
        *[rules.errors.DEALER_NOT_ON_ROSTER(hand=n, player="Zed") for n in range(1, 21)],
        nightfile.MORE_PROBLEMS(count=980, shown=20),
    ]
    assert describe(problems[-1]) == "… and 980 more (only the first 20 are listed)."


def test_a_problem_quoting_a_huge_value_quotes_both_ends_of_it_only():
    long_name = "Zed" + "z" * 500_000
    doc = document(hands=[{"dealer": long_name, "stayed": {}}])

    (problem,) = import_problems(doc, UserFactory())

    assert problem.code == rules.errors.DEALER_NOT_ON_ROSTER.code
    quoted = str(problem.params["player"])
    assert len(quoted) == nightfile.QUOTE_LENGTH
    sentence = describe(problem)
    assert sentence.startswith("Hand 1: the dealer Zedzzz")
    assert sentence.endswith("zzz is not on tonight's roster.")
    assert len(sentence) < nightfile.QUOTE_LENGTH + 50


def test_a_chip_value_beyond_a_million_is_refused_naming_the_limit():
    for value in ("1E+1000000", "1000000.01"):
        doc = document(rules={"chip_value": value})

        assert import_problems(doc, UserFactory()) == [
            rules.errors.CHIP_VALUE_TOO_LARGE(limit=1_000_000)
        ]


def test_a_player_reneging_more_often_than_there_are_tricks_is_refused():
    doc = document()
    doc["hands"][0] = {"dealer": "Ann", "stayed": {"Bob": 2, "Cy": 3}, "reneged": ["Bob"] * 6}

    assert import_problems(doc, UserFactory()) == [
        rules.errors.RENEGED_TOO_OFTEN(hand=1, player="Bob", count=6, tricks_per_hand=5)
    ]


# --- Settled before anything is written, written in bulk ---


def test_a_bad_hand_is_found_before_a_single_row_is_written():
    doc = example_document("example_1")
    doc["hands"][6] = {"dealer": "Bob", "stayed": {"Ann": 5, "Bob": 0}, "reneged": ["Dee"]}
    owner = UserFactory()

    with CaptureQueriesContext(connection) as queries:
        import_problems(doc, owner)

    writes = [q["sql"] for q in queries if not q["sql"].lstrip().upper().startswith("SELECT")]
    assert writes == []


def test_a_long_night_is_written_in_a_fixed_number_of_queries():
    def queries_for(hands: int) -> int:
        with CaptureQueriesContext(connection) as queries:
            night_import(document=long_night_document(hands, seed=hands), owner=UserFactory())
        return len(queries)

    # Only the bulk inserts' batches may add a query or two, never one per hand.
    assert queries_for(300) <= queries_for(30) + 2


def test_a_long_imported_night_verifies_and_exports_what_was_imported():
    doc = long_night_document(500)

    night = night_import(document=copy.deepcopy(doc), owner=UserFactory())

    assert verify_night(night) == []
    exported = night_export(night)
    assert exported["hands"] == doc["hands"]
    results, final = rules.replay(
        rules.PRESETS["limit"].rules,
        doc["players"],
        [rules.HandInput.from_dict(hand, n) for n, hand in enumerate(doc["hands"], start=1)],
    )
    assert exported["results"]["hands"] == [
        result.to_dict() | {"dealer": result.dealer} for result in results
    ]
    assert selectors.night_pot(night) == 0
    assert sum(exported["results"]["leftover"].values()) == final.pot


def test_the_phone_carries_on_where_an_imported_night_stops():
    night = night_import(document=long_night_document(40, closed=False), owner=UserFactory())

    hand = hand_services.hand_record(
        night=night,
        expected_number=41,
        hand=hand_data(night, {"dealer": "Eve", "stayed": {"Ann": 3, "Bob": 2}}),
        by=night.started_by,
    )

    assert hand.number == 41
    assert verify_night(night) == []


def test_hands_recorded_in_bulk_must_follow_the_last_one():
    night = night_import(document=document(closed=False), owner=UserFactory())
    house = night.house_rules
    names = ["Ann", "Bob", "Cy", "Dee"]
    result, state = rules.settle_hand(
        house, rules.NightState.start(names), rules.HandInput("Ann", stayed={})
    )
    to_id = ids(night)
    before = row_counts()

    with pytest.raises(err.Conflict) as caught:
        hand_services.hands_record_settled(
            night=night,
            hands=[
                hand_services.SettledHand(
                    data=hand_data(night, {"dealer": "Ann", "stayed": {}}),
                    roster=[to_id[n] for n in names],
                    result=result,
                    state_after=state,
                )
            ],
            player_ids=to_id,
            by=night.started_by,
        )

    assert caught.value.problems == [err.HAND_NOT_NEXT(expected=7, number=1)]
    assert row_counts() == before


# --- The same file twice ---


def test_a_file_its_owner_already_imported_is_refused_and_nothing_is_written():
    owner = UserFactory()
    first = night_import(document=document(), owner=owner)
    before = row_counts()

    with pytest.raises(nightfile.AlreadyImported) as caught:
        night_import(document=document(), owner=owner)

    assert caught.value.problems == [
        nightfile.ALREADY_IMPORTED(
            date=f"{timezone.localtime(first.import_record.imported_at):%Y-%m-%d}",
            night=first.pk,
            table="Thursday Bourré",
        )
    ]
    assert row_counts() == before


def test_the_same_content_written_out_differently_is_the_same_file():
    owner = UserFactory()
    night_import(document=document(), owner=owner)
    reordered = json.loads(json.dumps(dict(reversed(document().items())), indent=4))

    with pytest.raises(nightfile.AlreadyImported):
        night_import(document=reordered, owner=owner, table_name="Another table")


def test_the_owner_may_import_a_file_again_on_purpose():
    owner = UserFactory()
    first = night_import(document=document(), owner=owner)

    again = night_import(document=document(), owner=owner, again=True)

    assert again.pk != first.pk
    assert again.import_record.digest == first.import_record.digest


def test_another_owner_may_import_the_same_file():
    night_import(document=document(), owner=UserFactory())

    night = night_import(document=document(), owner=UserFactory())

    assert selectors.live_hands(night).count() == 6


def test_a_changed_file_is_a_new_file():
    owner = UserFactory()
    night_import(document=document(), owner=owner)

    night = night_import(document=document(closed=False), owner=owner)

    assert not night.is_closed


def test_each_import_is_recorded_with_the_files_digest_who_and_when():
    owner = UserFactory()
    by = UserFactory()

    night = night_import(document=document(), owner=owner, by=by)

    record = NightImport.objects.get(night=night)
    assert record.digest == nightfile.night_digest(document())
    assert (
        record.digest
        == hashlib.sha256(
            json.dumps(
                document(), sort_keys=True, ensure_ascii=False, separators=(",", ":")
            ).encode()
        ).hexdigest()
    )
    assert record.imported_by == by
    assert record.imported_at >= night.started_at


def test_an_import_record_can_be_neither_changed_nor_deleted():
    night = night_import(document=document(), owner=UserFactory())
    record = night.import_record

    with pytest.raises(PermissionError):
        record.save()
    with pytest.raises(PermissionError):
        record.delete()
    with pytest.raises(PermissionError):
        NightImport.objects.filter(pk=record.pk).update(digest="0" * 64)
    with pytest.raises(PermissionError):
        NightImport.objects.filter(pk=record.pk).delete()


@pytest.mark.parametrize(
    "text",
    [
        '{"format": "bourre-night/1", "players": ["Ann", "B\\ud800"]}',
        '{"format": "bourre-night/1", "results": {"\\udfff": 1}}',
    ],
)
def test_text_that_is_not_unicode_is_refused_as_not_a_night_file(text):
    with pytest.raises(InvalidInput) as caught:
        nightfile.night_parse(text)

    assert caught.value.problems == [nightfile.FILE_NOT_UNICODE()]


def test_a_document_with_a_lone_surrogate_is_refused_before_anything_is_written():
    doc = document()
    doc["hands"][0]["dealer"] = "\ud800"
    owner = UserFactory()
    before = row_counts()

    assert import_problems(doc, owner) == [nightfile.FILE_NOT_UNICODE()]
    assert row_counts() == before


# --- A key given twice in one object ---

KEY_TWICE_IN_A_HAND = (
    '{"format": "bourre-night/1", "table": "T", "players": ["Ann", "Bob", "Cy"], "hands": ['
    '{"dealer": "Ann", "stayed": {"Bob": 5}},'
    '{"dealer": "Bob", "stayed": {"Ann": 5}, "stayed": {"Cy": 5}}]}'
)


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ('{"rules": {"ante": 1, "ante": 50}}', nightfile.FILE_KEY_TWICE(path="rules.ante")),
        ('{"format": "bourre-night/1", "format": "x"}', nightfile.FILE_KEY_TWICE(path="format")),
        (KEY_TWICE_IN_A_HAND, nightfile.FILE_KEY_TWICE_IN_LIST(path="hands[1].stayed")),
        (
            '{"hands": [{"stayed": {"Ann Lee": 1, "Ann Lee": 2}}]}',
            nightfile.FILE_KEY_TWICE_IN_LIST(path='hands[0].stayed["Ann Lee"]'),
        ),
        ('{"results": {"": 1, "": 2}}', nightfile.FILE_KEY_TWICE(path='results[""]')),
        ('{"\\ud800": 1, "\\ud800": 2}', nightfile.FILE_KEY_TWICE(path='["\\ud800"]')),
    ],
)
def test_a_key_given_twice_is_refused_naming_where_it_is(text, problem):
    with pytest.raises(InvalidInput) as caught:
        nightfile.night_parse(text)

    assert caught.value.problems == [problem]


def test_a_key_given_twice_says_lists_are_counted_from_0():
    with pytest.raises(InvalidInput) as caught:
        nightfile.night_parse(KEY_TWICE_IN_A_HAND)

    assert caught.value.errors == [
        "The file gives hands[1].stayed twice (lists counted from 0): each key may appear "
        "only once in an object."
    ]


def test_every_key_given_twice_is_listed_in_the_files_order():
    text = '{"a": {"b": 1, "b": 2, "c": [{"d": 0, "d": 0, "d": 0}]}, "a": {}, "e": 1, "e": 2}'

    with pytest.raises(InvalidInput) as caught:
        nightfile.night_parse(text)

    assert caught.value.problems == [
        nightfile.FILE_KEY_TWICE(path="a.b"),
        nightfile.FILE_KEY_TWICE_IN_LIST(path="a.c[0].d"),
        nightfile.FILE_KEY_TWICE(path="a"),
        nightfile.FILE_KEY_TWICE(path="e"),
    ]


def test_a_file_giving_a_key_twice_is_neither_imported_nor_mistaken_for_an_import():
    owner = UserFactory()
    night_import(document=nightfile.night_parse(json.dumps(FORMAT_EXAMPLE)), owner=owner)
    before = row_counts()
    # The same night, but its first hand's stayers given twice: read as a plain dict, the
    # last would win and the digest would be the imported file's.
    text = json.dumps(FORMAT_EXAMPLE).replace(
        '"stayed": {"Bob": 2, "Cy": 2, "Dee": 1}',
        '"stayed": {"Bob": 5}, "stayed": {"Bob": 2, "Cy": 2, "Dee": 1}',
        1,
    )

    with pytest.raises(InvalidInput) as caught:
        nightfile.night_parse(text)

    assert caught.value.problems == [nightfile.FILE_KEY_TWICE_IN_LIST(path="hands[0].stayed")]
    assert row_counts() == before


def test_a_huge_key_given_twice_is_quoted_by_its_ends():
    key = "k" * 100_000

    with pytest.raises(InvalidInput) as caught:
        nightfile.night_parse(
            json.dumps({"rules": {}}).replace("{}", f'{{"{key}": 1, "{key}": 2}}')
        )

    (message,) = caught.value.errors
    assert len(message) < 2 * nightfile.QUOTE_LENGTH
    assert " … " in message


# Keys that a JSON path writes after a dot; the quoted kind is in the cases above.
KEYS = st.from_regex(r"[a-z][a-z0-9_]{0,5}", fullmatch=True)
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=4),
    lambda children: st.lists(children, max_size=3) | st.dictionaries(KEYS, children, max_size=3),
    max_leaves=20,
)


def _objects(value, path=()):
    """(path, object) for every non-empty object in ``value``."""
    if isinstance(value, dict):
        if value:
            yield path, value
        for key, child in value.items():
            yield from _objects(child, (*path, key))
    elif isinstance(value, list):
        for index, child in enumerate(value):
            yield from _objects(child, (*path, index))


def _dumped_with_a_key_twice(value, target) -> str:
    """``value`` as JSON text, ``target`` (one of its objects) giving its first key again."""
    if isinstance(value, dict):
        pairs = [
            f"{json.dumps(k)}: {_dumped_with_a_key_twice(v, target)}" for k, v in value.items()
        ]
        if value is target:
            pairs.append(f"{json.dumps(next(iter(value)))}: 0")
        return "{" + ", ".join(pairs) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_dumped_with_a_key_twice(v, target) for v in value) + "]"
    return json.dumps(value)


@settings(max_examples=200, deadline=None)
@given(document=JSON_VALUES, data=st.data())
def test_a_key_given_twice_at_any_depth_is_refused_with_its_path(document, data):
    objects = list(_objects(document))
    if not objects:  # a document with no object to give a key twice: put it in one
        document = {"x": document}
        objects = list(_objects(document))
    path, target = data.draw(st.sampled_from(objects))
    steps = [*path, next(iter(target))]
    expected = "".join(f"[{s}]" if isinstance(s, int) else f".{s}" for s in steps).lstrip(".")
    code = (
        nightfile.FILE_KEY_TWICE_IN_LIST
        if any(isinstance(s, int) for s in steps)
        else nightfile.FILE_KEY_TWICE
    )

    with pytest.raises(InvalidInput) as caught:
        nightfile.night_parse(_dumped_with_a_key_twice(document, target))

    assert caught.value.problems == [code(path=expected)]
