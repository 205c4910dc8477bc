"""tables.problems: problems become sentences there, each player by their current name."""

from django.utils import translation
from django.utils.translation import trans_real

from ledger import errors as err
from ledger.rules import errors as rule_errors
from tables.problems import sentence, sentences

NAMES = {1: "Ann", 2: "Bob"}


def test_each_player_id_is_shown_by_the_name_given_for_it():
    problems = [
        rule_errors.TRICKS_MISSING(hand=3, player=2),
        err.PLAYER_ALREADY_LEFT(player=1),
    ]

    assert sentences(problems, NAMES) == [
        "Hand 3: Bob stayed but has no tricks entered.",
        "Ann has already left tonight.",
    ]


def test_a_rename_shows_at_once_since_problems_carry_ids_not_names():
    problem = err.PLAYER_RETIRED(player=2)

    assert (
        sentence(problem, {2: "Robert"}) == "Robert is retired; bring them back before they play."
    )


def test_an_id_nobody_is_named_for_reads_as_a_player_number():
    assert sentence(rule_errors.DEALER_NOT_ON_ROSTER(hand=1, player=999), NAMES) == (
        "Hand 1: the dealer player #999 is not on tonight's roster."
    )


def test_a_night_files_names_are_shown_as_they_are():
    assert sentence(rule_errors.DEALER_NOT_ON_ROSTER(hand=5, player="Zed"), NAMES) == (
        "Hand 5: the dealer Zed is not on tonight's roster."
    )


def test_true_is_nobodys_key_though_it_equals_1():
    assert sentence(rule_errors.SEATED_NOT_ON_ROSTER(hand=1, player=True), NAMES) == (
        "Hand 1: True is seated but is not on tonight's roster."
    )


def test_a_value_that_cannot_be_looked_up_is_shown_not_raised():
    assert sentence(rule_errors.SEATED_NOT_ON_ROSTER(hand=1, player=[1]), NAMES) == (
        "Hand 1: [1] is seated but is not on tonight's roster."
    )


def test_a_problem_without_players_needs_no_names():
    assert sentence(err.NIGHT_CLOSED()) == (
        "This night is closed: nothing more can be recorded or changed."
    )


def test_a_sentence_is_made_in_the_active_language_with_the_players_names(monkeypatch):
    # The Swedish catalog given one entry: the template as the engine marks it.
    swedish = trans_real.translation("sv")._catalog._catalogs[0]
    monkeypatch.setitem(
        swedish,
        rule_errors.TRICKS_MISSING.template,
        "Giv {hand}: {player} stannade men har inga stick angivna.",
    )

    with translation.override("sv"):
        shown = sentence(rule_errors.TRICKS_MISSING(hand=3, player=2), NAMES)

    assert shown == "Giv 3: Bob stannade men har inga stick angivna."


def test_a_count_the_template_groups_is_grouped_as_the_active_language_groups_digits():
    problem = rule_errors.RULE_TOO_LARGE(key="ante", limit=1_000_000)

    assert sentence(problem) == "ante can be at most 1,000,000 chips."
    with translation.override("sv"):
        swedish = sentence(problem)
    assert "1\u00a0000\u00a0000" in swedish
    assert swedish != "ante can be at most 1\u00a0000\u00a0000 chips."  # the words are Swedish


def test_a_translation_that_cannot_be_filled_shows_the_english_sentence(monkeypatch):
    # The catalog tests refuse such an entry; should one slip through, no error page.
    swedish = trans_real.translation("sv")._catalog._catalogs[0]
    monkeypatch.setitem(
        swedish, rule_errors.TRICKS_MISSING.template, "Giv {hand}: {spelare} har inga stick."
    )

    with translation.override("sv"):
        shown = sentence(rule_errors.TRICKS_MISSING(hand=3, player=2), NAMES)

    assert shown == "Hand 3: Bob stayed but has no tricks entered."
