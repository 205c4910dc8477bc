import pytest

from ledger import rules
from ledger.rules import errors as rule_errors
from ledger.selectors.seats import RosterPlayer
from tables.forms import hand as forms_hand

PEOPLE = [
    RosterPlayer(1, "Ann", 0),
    RosterPlayer(2, "Bob", 1),
    RosterPlayer(3, "Cy", 2),
    RosterPlayer(4, "Dee", 3),
]


def _post(**fields):
    post = {"dealer": "1", **{f"seated_{p.id}": "1" for p in PEOPLE}}
    post.update(fields)
    return post


def test_a_blank_form_has_everyone_dealt_in_and_folding_from_the_dealers_left():
    form = forms_hand.initial(PEOPLE, number=1, dealer=2)

    assert [row.person.name for row in form.rows] == ["Cy", "Dee", "Ann", "Bob"]
    assert all(row.seated and not row.stays for row in form.rows)
    assert [row.is_dealer for row in form.rows] == [False, False, False, True]


def test_players_who_left_are_not_offered():
    people = [*PEOPLE[:3], RosterPlayer(4, "Dee", 3, active=False)]

    form = forms_hand.initial(people, number=1, dealer=1)

    assert [row.person.name for row in form.rows] == ["Bob", "Cy", "Ann"]


def test_a_posted_hand_becomes_hand_data_in_seat_order():
    post = _post(play_3="stay", tricks_3="3", play_2="stay", tricks_2="2", renege_2="on")

    form = forms_hand.from_post(post, PEOPLE, number=1)

    assert form.problems == []
    assert rules.input_to_json(form.data) == {
        "dealer": 1,
        "seated": [1, 2, 3, 4],
        "stayed": {"2": 2, "3": 3},
        "reneged": [2],
        "misdeal": False,
    }


def test_a_lone_stayers_tricks_are_not_kept():
    form = forms_hand.from_post(_post(play_4="stay", tricks_4="4"), PEOPLE, number=1)

    assert form.data.stayed == {4: None}


def test_a_misdeal_keeps_only_the_dealer_and_who_was_dealt_in():
    post = _post(misdeal="1", play_2="stay", tricks_2="9", renege_2="1")
    del post["seated_4"]

    form = forms_hand.from_post(post, PEOPLE, number=1)

    assert rules.input_to_json(form.data) == {
        "dealer": 1,
        "seated": [1, 2, 3],
        "stayed": {},
        "reneged": [],
        "misdeal": True,
    }


def test_a_renege_count_counts_twice():
    post = _post(play_2="stay", tricks_2="4", play_3="stay", tricks_3="1", renege_3="2")

    assert forms_hand.from_post(post, PEOPLE, number=1).data.reneged == (3, 3)


def test_a_renege_count_beyond_one_a_trick_is_refused_without_building_it():
    post = _post(play_2="stay", tricks_2="4", play_3="stay", tricks_3="1")
    post["renege_3"] = "999999999999999999"

    form = forms_hand.from_post(post, PEOPLE, number=1)

    assert form.data is None
    assert form.problems == [
        forms_hand.RENEGE_TOO_MANY(
            hand=1, player=3, value=999999999999999999, most=forms_hand.MOST_RENEGES
        )
    ]


def test_what_cannot_be_read_is_named():
    post = _post(dealer="", play_2="stay", tricks_2="x", play_3="stay", tricks_3="5")
    post.update(tricks_4="2", renege_1="lots")

    form = forms_hand.from_post(post, PEOPLE, number=3)

    assert form.data is None
    assert form.problems == [
        forms_hand.DEALER_MISSING(hand=3),
        forms_hand.RENEGE_NOT_A_COUNT(hand=3, player=1, value="lots"),
        rule_errors.TRICKS_NOT_WHOLE_NUMBER(hand=3, player=2, value="x"),
        forms_hand.TRICKS_FOR_FOLDED(hand=3, player=4, tricks="2"),
    ]


def test_the_forms_problems_name_the_players():
    post = _post(play_2="stay", tricks_2="x", play_3="stay", tricks_3="5")

    form = forms_hand.from_post(post, PEOPLE, number=3)

    assert form.errors == ["Hand 3: Bob's tricks must be a whole number (got 'x')."]


def test_a_stored_hand_fills_the_form_for_a_correction():
    stored = {"dealer": 2, "seated": [1, 2, 3], "stayed": {"3": 3, "1": 2}, "reneged": [3]}

    form = forms_hand.from_input(PEOPLE, number=2, data=stored)

    rows = {row.person.name: row for row in form.rows}
    assert [row.person.name for row in form.rows] == ["Cy", "Dee", "Ann", "Bob"]
    assert (rows["Cy"].play, rows["Cy"].tricks, rows["Cy"].reneges) == ("stay", "3", 1)
    assert (rows["Dee"].seated, rows["Bob"].play) == (False, "fold")


@pytest.mark.parametrize("typed", ["--3", "²", "3.0", "1e2", " "])
def test_anything_but_a_plain_whole_number_of_tricks_is_refused(typed):
    post = _post(play_2="stay", tricks_2=typed, play_3="stay", tricks_3="2")

    form = forms_hand.from_post(post, PEOPLE, number=1)

    if typed.strip():
        assert form.problems == [rule_errors.TRICKS_NOT_WHOLE_NUMBER(hand=1, player=2, value=typed)]
    else:
        assert form.data.stayed[2] is None  # blank: the referee says tricks are missing


# --- one tap a player (issue 15) ---------------------------------------------------


def test_a_tapped_trick_count_is_a_stay_with_those_tricks():
    post = _post(play_2="3", play_3="2", play_4="fold")

    form = forms_hand.from_post(post, PEOPLE, number=1)

    assert form.data.stayed == {2: 3, 3: 2}
    assert [row.choice for row in form.rows] == ["3", "2", "fold", "fold"]


def test_zero_tapped_is_a_bourre():
    form = forms_hand.from_post(_post(play_2="5", play_3="0"), PEOPLE, number=1)

    assert form.data.stayed == {2: 5, 3: 0}


def test_a_stayer_without_tricks_is_bourre_once_the_others_make_the_hands_tricks():
    post = _post(play_2="3", play_3="2", play_4="stay")

    form = forms_hand.from_post(post, PEOPLE, number=1, tricks_per_hand=5)

    assert form.data.stayed == {2: 3, 3: 2, 4: 0}
    assert [row.person.name for row in form.counted_bourre] == ["Dee"]


@pytest.mark.parametrize(
    "post",
    [
        {"play_2": "3", "play_3": "1", "play_4": "stay"},  # the others make 4, not 5
        {"play_2": "stay", "play_3": "stay"},  # nobody's tricks given
    ],
)
def test_a_stayer_without_tricks_is_left_to_the_referee_otherwise(post):
    form = forms_hand.from_post(_post(**post), PEOPLE, number=1, tricks_per_hand=5)

    assert None in form.data.stayed.values()
    assert form.counted_bourre == []


def test_without_the_hands_tricks_nothing_is_counted_bourre():
    post = _post(play_2="3", play_3="2", play_4="stay")

    assert forms_hand.from_post(post, PEOPLE, number=1).data.stayed[4] is None


def test_the_next_hand_deals_in_who_was_dealt_in_last_hand_and_anyone_new():
    last = {"seated": [1, 2, 4], "roster": [1, 2, 3, 4]}
    newcomer = RosterPlayer(5, "Eve", 4)

    form = forms_hand.initial([*PEOPLE, newcomer], number=2, dealer=2, last_hand=last)

    assert {row.person.name: row.seated for row in form.rows} == {
        "Ann": True,
        "Bob": True,
        "Cy": False,
        "Dee": True,
        "Eve": True,
    }


# --- the card judge's mark, on the hand as the host left it --------------------------------


def test_the_taps_of_a_form_read_back_as_the_same_hand():
    post = _post(play_3="stay", play_2="2", renege_2="on", play_4="3")
    form = forms_hand.from_post(post, PEOPLE, number=5)

    again = forms_hand.from_post(dict(forms_hand.taps_of(form)), PEOPLE, number=5)

    assert dict(forms_hand.taps_of(form))["number"] == "5"
    assert again.data == form.data
    assert [(row.play, row.tricks, row.reneges) for row in again.rows] == [
        (row.play, row.tricks, row.reneges) for row in form.rows
    ]


def test_a_stayer_counted_bourre_is_carried_as_tapped_without_tricks():
    post = _post(play_2="stay", play_3="5")
    form = forms_hand.from_post(post, PEOPLE, number=1, tricks_per_hand=5)
    assert form.rows[0].counted_bourre  # Bob, from Ann's left

    assert ("play_2", "stay") in forms_hand.taps_of(form)


def test_a_marked_renege_makes_the_reneger_stay_and_leaves_the_others_as_they_were():
    taps = _post(play_2="stay", play_3="3", play_4="fold")

    marked = forms_hand.premark_renege(taps, "4", PEOPLE)
    form = forms_hand.from_post(marked, PEOPLE, number=1)

    assert marked["renege_4"] == "1" and marked["play_4"] == "stay"
    assert form.data.stayed == {2: None, 3: 3, 4: None}
    assert form.data.reneged == (4,)
    assert taps["play_4"] == "fold"  # the taps given are not changed


def test_a_marked_renege_keeps_a_stayers_tricks_and_a_count_already_marked():
    taps = _post(play_4="2", renege_4="2")

    marked = forms_hand.premark_renege(taps, "4", PEOPLE)

    assert (marked["play_4"], marked["renege_4"]) == ("2", "2")


def test_a_renege_marked_for_someone_not_at_the_table_changes_nothing():
    taps = _post(play_2="stay")
    people = [*PEOPLE[:3], RosterPlayer(4, "Dee", 3, active=False)]

    assert forms_hand.premark_renege(taps, "99", PEOPLE) == taps
    assert forms_hand.premark_renege(taps, "4", people) == taps
