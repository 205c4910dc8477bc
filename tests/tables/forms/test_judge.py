"""The card judge's form: the trick as tapped, the hand screen's taps carried along, and
what only the form can refuse. The engine's own checks are tests/ledger/rules/test_play.py's."""

from django.http import QueryDict

from ledger.selectors.seats import RosterPlayer
from tables.forms import judge as forms_judge

PEOPLE = [RosterPlayer(1, "Ann", 0), RosterPlayer(2, "Bob", 1), RosterPlayer(4, "Dee", 3)]


def read(query: str, **kwargs) -> forms_judge.JudgeForm:
    return forms_judge.from_query(QueryDict(query), PEOPLE, **kwargs)


def test_the_trick_is_read_in_the_order_played():
    form = read("trick=7H&trick=&trick=2S&trick=KH")

    assert form.trick == ["7H", "2S", "KH"]
    assert form.problems == []


def test_a_tap_adds_a_card_last_and_a_second_tap_takes_it_out():
    assert read("trick=7H&tap=2S").trick == ["7H", "2S"]
    assert read("trick=7H&trick=2S&trick=KH&tap=2S").trick == ["7H", "KH"]
    assert read("tap=7H").trick == ["7H"]


def test_a_tap_is_read_as_a_card_is_no_longer_than_one():
    assert read("tap=" + "7H" * 50).trick == [forms_judge.TOO_LONG]


def test_a_trick_longer_than_tonights_table_can_play_is_a_problem_of_the_trick_field():
    form = read("&".join(f"trick={rank}C" for rank in range(2, 9)), most_before=6)

    assert len(form.trick) == 7
    assert [problem.field for problem in form.problems] == [forms_judge.TRICK]
    assert "7 cards" in form.problems[0].text


def test_a_forged_trick_is_cut_where_the_engine_still_calls_it_too_long():
    form = read("&".join(["trick=7H"] * 100) + "&tap=2S")

    assert len(form.trick) == forms_judge.MOST_TRICK_CARDS


def test_the_player_is_optional_but_must_be_at_the_table_when_named():
    assert read("ask=judge").player is None
    assert read("ask=judge").problems == []
    assert read("player=4").player.name == "Dee"
    assert read("player=3").problems == [
        forms_judge.FieldProblem("", str(forms_judge.PLAYER_NOT_AT_TABLE))
    ]


def test_the_hand_screens_taps_ride_along_and_nothing_else_does():
    form = read(
        "number=3&dealer=1&seated_1=1&play_2=stay&play_4=2&renege_4=1&tricks_2=3"
        "&csrfmiddlewaretoken=x&key=k&after=2&play_x=1&seated_12345678901234567890=1&trump=S"
    )

    assert form.carried == [
        ("number", "3"),
        ("dealer", "1"),
        ("seated_1", "1"),
        ("play_2", "stay"),
        ("play_4", "2"),
        ("renege_4", "1"),
        ("tricks_2", "3"),
    ]


def test_carried_taps_are_bounded():
    form = read("&".join(f"seated_{pid}=1" for pid in range(1000)))

    assert len(form.carried) == forms_judge.MOST_CARRIED


def test_a_live_question_is_a_verdict_once_the_card_played_is_picked():
    assert forms_judge.asked(read("live=1&hand=9H")) is None
    assert forms_judge.asked(read("live=1&hand=9H&played=9H")) == forms_judge.ASK_JUDGE
    assert forms_judge.asked(read("hand=9H&played=9H")) is None  # a blank form, not live
    assert forms_judge.asked(read("ask=legal&hand=9H")) == forms_judge.ASK_LEGAL
