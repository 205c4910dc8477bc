"""ledger.errors: the services refuse with problems (codes with parameters), like the engine."""

import importlib

import pytest

from ledger import errors as err
from ledger.errors import Conflict, InvalidInput, ServiceError, key_shown
from ledger.rules import Code, ProblemsError
from ledger.rules import errors as rule_errors

# Every module that defines problem codes, the engine's and the app's.
CODE_MODULES = [
    "ledger.rules.errors",
    "ledger.rules.play",
    "ledger.errors",
    "ledger.names",
    "ledger.nightfile",
    "ledger.backup",
    "ledger.services.tables",
    "ledger.services.share_links",
    "tables.forms.hand",
    "tables.views.hands",
]


def _codes() -> list[Code]:
    found = []
    for name in CODE_MODULES:
        for value in vars(importlib.import_module(name)).values():
            if isinstance(value, Code):
                found.append(value)
            elif isinstance(value, dict):
                found += [code for code in value.values() if isinstance(code, Code)]
    return found


def test_a_refusal_carries_problems_and_words_them_in_english_for_the_commands():
    error = InvalidInput(
        [err.PLAYER_RETIRED(player=7), rule_errors.TRICKS_MISSING(hand=2, player="Cy")]
    )

    assert error.problems == [
        err.PLAYER_RETIRED(player=7),
        rule_errors.TRICKS_MISSING(hand=2, player="Cy"),
    ]
    assert error.errors == [
        "player #7 is retired; bring them back before they play.",
        "Hand 2: Cy stayed but has no tricks entered.",
    ]
    assert str(error) == "; ".join(error.errors)


@pytest.mark.parametrize("refusal", [ServiceError, InvalidInput, Conflict])
def test_a_refusal_is_a_problems_error_that_shows_keys_its_own_way(refusal):
    # The constructor, the English and its checks are the base's (tests/ledger/rules).
    assert issubclass(refusal, ProblemsError)
    assert not {"__init__", "errors"} & set(vars(refusal))
    assert refusal(err.NOTHING_TO_UNDO()).problems == [err.NOTHING_TO_UNDO()]
    assert refusal(err.PLAYER_RETIRED(player=7)).errors == [
        "player #7 is retired; bring them back before they play."
    ]
    with pytest.raises(ValueError, match=f"{refusal.__name__} needs at least one problem"):
        refusal([])


def test_a_key_without_a_roster_shows_an_id_as_a_player_number_and_a_name_as_itself():
    assert [key_shown(12), key_shown("Ann"), key_shown(True)] == ["player #12", "Ann", "True"]


def test_every_code_names_one_kind_of_problem():
    codes = [code.code for code in _codes()]

    assert len(codes) > 100
    assert len(codes) == len(set(codes))
