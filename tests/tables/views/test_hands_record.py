import re

import pytest

from ledger import errors as err
from ledger import rules
from ledger.models import Entry, Hand
from ledger.rules import errors as rule_errors
from ledger.services import corrections as correction_services
from ledger.services import hands as hand_services
from ledger.services import nights as night_services
from ledger.services import tables as table_services
from tables.forms import hand as forms_hand
from tests.factories import UserFactory
from tests.ledger.helpers import hand_data, ids
from tests.tables.night_helpers import example_1_hands, hand_post, play, said, url
from tests.tables.refusals import refused

pytestmark = pytest.mark.django_db

HAND_1 = {"dealer": "Ann", "stayed": {"Bob": 2, "Cy": 2, "Dee": 1}}
HAND_1_TEXT = "Hand 1: Nobody wins (Bob and Cy tie on 2 tricks): the pot of 4 carries over."
# What htmx sends with the Record button's request.
HTMX = {"HX-Request": "true"}


def _record(client, night, hand, number=1, *, key="", follow=False, htmx=False):
    data = hand_post(night, hand, number=number, key=key)
    headers = HTMX if htmx else None
    return client.post(url("hand_record", night), data, follow=follow, headers=headers)


# --- who may record ---------------------------------------------------------------


def test_the_host_records_a_hand_and_sees_what_happened(client, host, night):
    response = _record(client, night, HAND_1)

    assert response.status_code == 302
    assert response["Location"] == url("night_detail", night) + "?after=1"
    html = client.get(response["Location"]).content.decode()
    assert HAND_1_TEXT in html


def test_another_host_gets_a_404_and_nothing_is_written(client, night):
    client.force_login(UserFactory())

    assert _record(client, night, HAND_1).status_code == 404
    assert not Hand.objects.exists()


def test_an_anonymous_visitor_is_sent_to_sign_in(client, night):
    response = _record(client, night, HAND_1)

    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")
    assert not Hand.objects.exists()


def test_recording_needs_a_post(client, host, night):
    assert client.get(url("hand_record", night)).status_code == 405


# --- what gets recorded -----------------------------------------------------------


@pytest.mark.parametrize("number", range(1, 8))
def test_the_form_records_each_worked_example_hand_as_entered(client, host, night, number):
    hands = example_1_hands()
    play(night, hands[: number - 1])

    response = _record(client, night, hands[number - 1], number=number)

    assert response.status_code == 302
    hand = Hand.objects.get(night=night, number=number, live=True)
    expected = hand_data(night, hands[number - 1])
    if number == 6:  # a misdeal keeps who was dealt in, nothing else
        expected = rules.HandInput(
            dealer=expected.dealer, seated=expected.seated, stayed={}, misdeal=True
        )
    assert hand.input == rules.input_to_json(expected)


def test_a_player_can_sit_a_hand_out(client, host, night):
    hand = {"dealer": "Ann", "seated": ["Ann", "Bob", "Cy"], "stayed": {"Bob": 3, "Cy": 2}}

    _record(client, night, hand)

    by_name = ids(night)
    assert Hand.objects.get().input["seated"] == [by_name[n] for n in ("Ann", "Bob", "Cy")]
    assert Entry.objects.filter(player_id=by_name["Dee"]).count() == 0


def test_the_host_can_choose_another_dealer(client, host, night):
    _record(client, night, {**HAND_1, "dealer": "Cy"})

    assert Hand.objects.get().dealer_id == ids(night)["Cy"]


def test_the_misdeal_button_records_a_misdeal(client, host, night):
    data = hand_post(night, HAND_1, number=1)
    data["misdeal"] = "1"

    # The first tap asks again, writing nothing; the second records.
    asked = client.post(url("hand_record", night), data)

    assert asked.status_code == 200
    assert not Hand.objects.exists()
    assert 'name="misdeal" value="misdeal"' in asked.content.decode()
    data["misdeal"] = "misdeal"
    client.post(url("hand_record", night), data)
    hand = Hand.objects.get()
    assert hand.input["misdeal"] is True
    assert hand.input["stayed"] == {}
    html = client.get(url("night_detail", night) + "?after=1").content.decode()
    assert "Misdeal: Ann deals again." in html


def test_a_renege_mark_is_recorded(client, host, night):
    hand = {"dealer": "Ann", "stayed": {"Bob": 3, "Cy": 2}, "reneged": ["Cy"]}

    _record(client, night, hand)

    assert Hand.objects.get().input["reneged"] == [ids(night)["Cy"]]


def test_more_reneges_than_tricks_are_refused_in_the_engines_words(client, host, night):
    data = hand_post(night, {"dealer": "Ann", "stayed": {"Bob": 3, "Cy": 2}}, number=1)
    data[f"renege_{ids(night)['Cy']}"] = "6"

    response = client.post(url("hand_record", night), data)

    assert response.status_code == 400
    message = said(
        rule_errors.RENEGED_TOO_OFTEN, night, hand=1, player="Cy", count=6, tricks_per_hand=5
    )
    assert message in response.content.decode()
    assert not Hand.objects.exists()


def test_a_checked_renege_box_counts_as_one_renege(client, host, night):
    data = hand_post(night, {"dealer": "Ann", "stayed": {"Bob": 3, "Cy": 2}}, number=1)
    data[f"renege_{ids(night)['Cy']}"] = "on"

    client.post(url("hand_record", night), data)

    assert Hand.objects.get().input["reneged"] == [ids(night)["Cy"]]


# --- bad input --------------------------------------------------------------------


def test_tricks_that_do_not_add_up_are_named_and_nothing_is_written(client, host, night):
    response = _record(client, night, {"dealer": "Ann", "stayed": {"Bob": 2, "Cy": 2}})

    assert response.status_code == 400
    html = response.content.decode()
    message = said(rule_errors.TRICKS_DO_NOT_ADD_UP, hand=1, total=4, tricks_per_hand=5)
    assert message.replace("'", "&#x27;") in html
    assert "Hand 1 was not recorded." in html
    assert not Hand.objects.exists()
    assert not Entry.objects.exists()


def test_a_refused_hand_reads_the_next_hand_and_the_roster_once(
    client, host, night, django_assert_max_num_queries
):
    play(night, example_1_hands(6))
    refused = hand_post(night, {"dealer": "Ann", "stayed": {"Bob": 2, "Cy": 2}}, number=7)

    # 20 when the view read the next hand and the roster apart, and again for the screen.
    with django_assert_max_num_queries(11):
        response = client.post(url("hand_record", night), refused)

    assert response.status_code == 400


def test_the_hosts_input_is_kept_on_an_error(client, host, night):
    by_name = ids(night)

    html = _record(client, night, {"dealer": "Ann", "stayed": {"Bob": 2, "Cy": 2}}).content.decode()

    assert f'name="play_{by_name["Bob"]}" value="2" checked' in html
    assert f'name="play_{by_name["Dee"]}" value="fold" checked' in html


def test_every_problem_is_listed_at_once(client, host, night):
    hand = {"dealer": "Ann", "seated": ["Bob", "Cy"], "stayed": {"Bob": 7, "Cy": None}}

    html = _record(client, night, hand).content.decode().replace("&#x27;", "'")

    assert said(rule_errors.DEALER_NOT_SEATED, night, hand=1, player="Ann") in html
    assert said(rule_errors.TRICKS_MISSING, night, hand=1, player="Cy") in html
    assert (
        said(rule_errors.TRICKS_OVER, night, hand=1, player="Bob", tricks=7, tricks_per_hand=5)
        in html
    )


def test_a_refusal_names_a_renamed_player_by_their_name_now(client, host, night):
    table_services.player_rename(player=night.seats.get(position=2).player, name="Cyrus")

    response = _record(client, night, {"dealer": "Ann", "stayed": {"Bob": 3, "Cyrus": None}})

    assert response.status_code == 400
    html = response.content.decode()
    assert said(rule_errors.TRICKS_MISSING, night, hand=1, player="Cyrus") in html
    assert "Hand 1: Cyrus stayed but has no tricks entered." in html
    assert not Hand.objects.exists()


def test_tricks_given_to_a_folded_player_are_refused(client, host, night):
    data = hand_post(night, {"dealer": "Ann", "stayed": {"Bob": 3, "Cy": 2}}, number=1)
    data[f"tricks_{ids(night)['Dee']}"] = "2"

    response = client.post(url("hand_record", night), data)

    assert response.status_code == 400
    message = said(forms_hand.TRICKS_FOR_FOLDED, night, hand=1, player="Dee", tricks="2")
    assert message in response.content.decode()
    assert not Hand.objects.exists()


def test_tricks_that_are_not_a_number_are_named(client, host, night):
    data = hand_post(night, {"dealer": "Ann", "stayed": {"Bob": 3, "Cy": 2}}, number=1)
    data[f"tricks_{ids(night)['Bob']}"] = "three"

    response = client.post(url("hand_record", night), data)

    assert response.status_code == 400
    message = said(rule_errors.TRICKS_NOT_WHOLE_NUMBER, night, hand=1, player="Bob", value="three")
    assert message.replace("'", "&#x27;") in response.content.decode()


def test_a_form_without_a_hand_number_is_refused(client, host, night):
    data = hand_post(night, HAND_1, number=1)
    del data["number"]

    response = client.post(url("hand_record", night), data, follow=True)

    assert said(forms_hand.NUMBER_MISSING) in response.content.decode()
    assert not Hand.objects.exists()


# --- double taps and other devices ------------------------------------------------


def test_a_double_post_with_the_same_key_records_once(client, host, night):
    first = _record(client, night, HAND_1, key="ab" * 16)
    second = _record(client, night, HAND_1, key="ab" * 16)

    assert first["Location"] == second["Location"] == url("night_detail", night) + "?after=1"
    assert Hand.objects.count() == 1
    assert Entry.objects.count() == 8


def test_a_stale_hand_number_says_it_was_already_recorded(client, host, night):
    play(night, example_1_hands(1))

    response = _record(client, night, HAND_1, number=1, key="cd" * 16)

    assert response.status_code == 302
    html = client.get(response["Location"]).content.decode()
    assert said(err.HAND_ALREADY_RECORDED, number=1) in html
    assert "<h1>Hand 2</h1>" in html
    assert Hand.objects.count() == 1


def test_a_bad_key_is_ignored_rather_than_stored(client, host, night):
    _record(client, night, HAND_1, key="<not a key>")

    assert Hand.objects.get().idempotency_key == ""


def test_a_closed_night_takes_no_more_hands(client, host, night):
    night_services.night_close(night=night, by=host)

    response = _record(client, night, HAND_1, follow=True)

    assert said(err.NIGHT_CLOSED) in response.content.decode()
    assert response.redirect_chain[-1][0] == url("night_settlement", night)
    assert not Hand.objects.exists()


# --- one request per hand, with htmx ----------------------------------------------


def _main(html: str) -> str:
    """The page's <main> element's content, or a fragment, without what differs from one
    answer to the next by design (the form's keys, the CSRF token) or is only on one of
    the two (the fragment's title, the page's messages and script)."""
    if "<main" in html:
        html = html.split('<main id="main">', 1)[1].split("</main>", 1)[0]
    html = re.sub(r"<title>.*?</title>", "", html)
    html = re.sub(r'<ul class="messages".*?</ul>', "", html, flags=re.S)
    html = re.sub(r"<script[^>]*></script>", "", html)
    html = re.sub(r'(name="(?:key|csrfmiddlewaretoken)" value=)"[^"]*"', r"\1", html)
    return "\n".join(line.strip() for line in html.splitlines() if line.strip())


def test_with_htmx_recording_answers_with_the_next_hands_screen(client, host, night):
    response = _record(client, night, HAND_1, htmx=True)

    assert response.status_code == 200
    assert response["HX-Replace-Url"] == url("night_detail", night) + "?after=1"
    html = _text(response)
    assert "<html" not in html
    assert html.lstrip().startswith(f"<title>Hand 2 · {night.table.name} · Bourré ledger</title>")
    assert HAND_1_TEXT in html
    assert "<h1>Hand 2</h1>" in html
    assert "Record hand 2" in html
    assert Hand.objects.get().number == 1


def test_the_htmx_answer_is_the_screen_the_redirect_leads_to(client, host, night):
    play(night, example_1_hands(3))
    answer = _record(client, night, example_1_hands(4)[3], number=4, htmx=True)

    page = client.get(answer["HX-Replace-Url"])

    assert _main(_text(answer)) == _main(_text(page))


def test_the_htmx_answer_shows_a_correction_another_phone_made_while_the_hand_was_sent(
    client, host, night, monkeypatch
):
    play(night, example_1_hands(5))
    record = hand_services.hand_record

    def corrected_first(**kwargs):
        # Another phone: hand 4 was Bob alone, not Ann. He takes the pot she took, so
        # hand 5 stands as it was, the last hand still; every balance moves.
        correction_services.hand_correct(
            night=night,
            number=4,
            hand=hand_data(night, {"dealer": "Dee", "stayed": {"Bob": None}}),
            reason="Bob stayed",
            by=night.started_by,
        )
        return record(**kwargs)

    monkeypatch.setattr(hand_services, "hand_record", corrected_first)
    answer = _record(client, night, example_1_hands(6)[5], number=6, htmx=True)
    monkeypatch.undo()

    page = client.get(answer["HX-Replace-Url"])
    assert _main(_text(answer)) == _main(_text(page))
    assert Hand.objects.filter(night=night, number=5, revision=1, live=True).exists()


def test_the_htmx_answer_carries_a_new_key_for_the_next_hand(client, host, night):
    posted = "ab" * 16

    html = _record(client, night, HAND_1, key=posted, htmx=True).content.decode()

    key = re.search(r'name="key" value="([0-9a-f]+)"', html).group(1)
    assert key != posted
    assert len(key) == 32


def test_the_htmx_answer_moves_the_focus_to_the_hand_just_recorded(client, host, night):
    html = _record(client, night, HAND_1, htmx=True).content.decode()

    after = re.search(r'<div class="after"[^>]*>', html).group(0)
    assert 'role="status"' in after
    assert "autofocus" in after
    assert 'tabindex="-1"' in after


def test_with_htmx_a_refused_hand_is_shown_again_with_its_problems(client, host, night):
    by_name = ids(night)

    response = _record(client, night, {"dealer": "Ann", "stayed": {"Bob": 2, "Cy": 2}}, htmx=True)

    # A 200, or htmx would not swap it in; the screen stays at hand 1, nothing written.
    problems = refused(response, 200)
    assert "HX-Replace-Url" not in response
    html = _text(response)
    assert "<html" not in html
    assert "Hand 1 was not recorded." in html
    assert problems == [said(rule_errors.TRICKS_DO_NOT_ADD_UP, hand=1, total=4, tricks_per_hand=5)]
    assert f'name="play_{by_name["Bob"]}" value="2" checked' in html
    assert not Hand.objects.exists()
    assert not Entry.objects.exists()


def test_with_htmx_a_refused_hands_check_in_the_bar_says_each_problem_once(client, host, night):
    response = _record(client, night, {"dealer": "Ann", "stayed": {"Bob": 2, "Cy": 2}}, htmx=True)

    bar = re.search(r'<div id="hand-check".*?</ul>', _text(response), re.S)
    assert bar is not None
    lines = re.findall(r"<li>(.*?)</li>", bar.group(0), re.S)
    assert lines == [said(rule_errors.TRICKS_DO_NOT_ADD_UP, hand=1, total=4, tricks_per_hand=5)]


def test_with_htmx_a_stale_hand_number_reloads_the_page_with_the_message(client, host, night):
    play(night, example_1_hands(1))

    response = _record(client, night, HAND_1, number=1, key="cd" * 16, htmx=True)

    assert response.status_code == 200
    assert response["HX-Redirect"] == url("night_detail", night)
    html = client.get(response["HX-Redirect"]).content.decode()
    assert said(err.HAND_ALREADY_RECORDED, number=1) in html
    assert Hand.objects.count() == 1


def test_with_htmx_a_double_tap_records_once_and_both_answers_show_it(client, host, night):
    first = _record(client, night, HAND_1, key="ef" * 16, htmx=True)
    second = _record(client, night, HAND_1, key="ef" * 16, htmx=True)

    for answer in (first, second):
        assert answer["HX-Replace-Url"] == url("night_detail", night) + "?after=1"
        html = _text(answer)
        assert HAND_1_TEXT in html
        assert "<h1>Hand 2</h1>" in html
    assert Hand.objects.count() == 1
    assert Entry.objects.count() == 8


def test_with_htmx_a_closed_night_sends_the_page_to_the_settle_up(client, host, night):
    night_services.night_close(night=night, by=host)

    response = _record(client, night, HAND_1, htmx=True)

    assert response["HX-Redirect"] == url("night_settlement", night)
    assert said(err.NIGHT_CLOSED) in client.get(response["HX-Redirect"]).content.decode()
    assert not Hand.objects.exists()


def test_with_htmx_another_host_gets_a_404_and_nothing_is_written(client, night):
    client.force_login(UserFactory())

    assert _record(client, night, HAND_1, htmx=True).status_code == 404
    assert not Hand.objects.exists()


def test_with_htmx_an_anonymous_visitor_is_sent_to_sign_in(client, night):
    response = _record(client, night, HAND_1, htmx=True)

    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")
    assert not Hand.objects.exists()


# --- a second tap before a hand that moves no card (issue 15) -----------------------


def test_a_hand_nobody_stayed_in_asks_again_and_writes_nothing(client, host, night):
    data = hand_post(night, {"dealer": "Ann", "stayed": {}}, number=1)
    del data["confirm"]

    response = client.post(url("hand_record", night), data)

    assert response.status_code == 200
    html = response.content.decode()
    assert "Nobody stayed? The pot carries over." in html
    assert 'name="confirm" value="nobody"' in html
    assert not Hand.objects.exists()


def test_with_htmx_the_second_tap_is_asked_in_place(client, host, night):
    data = hand_post(night, {"dealer": "Ann", "stayed": {}}, number=1)
    del data["confirm"]

    response = client.post(url("hand_record", night), data, headers=HTMX)

    assert response.status_code == 200
    assert "HX-Replace-Url" not in response
    html = response.content.decode()
    assert "<html" not in html
    assert re.search(r'<button type="submit" name="confirm" value="nobody"[^>]*autofocus', html)
    assert not Hand.objects.exists()


def test_saying_yes_records_the_hand_nobody_stayed_in(client, host, night):
    response = _record(client, night, {"dealer": "Ann", "stayed": {}}, follow=True)

    assert Hand.objects.get().input["stayed"] == {}
    assert "Hand 1: Nobody stays: the pot of 4 carries over." in response.content.decode()


def test_a_yes_to_nobody_staying_does_not_let_a_misdeal_through(client, host, night):
    data = hand_post(night, {"dealer": "Ann", "stayed": {}}, number=1)
    data["misdeal"] = "1"

    client.post(url("hand_record", night), data)

    assert not Hand.objects.exists()


def test_a_yes_to_nobody_staying_with_a_stayer_tapped_since_writes_nothing(client, host, night):
    data = hand_post(night, {"dealer": "Ann", "stayed": {"Bob": 5}}, number=1)
    data["confirm"] = "nobody"

    response = client.post(url("hand_record", night), data)

    assert response.status_code == 200
    assert "Ready to record." in response.content.decode()
    assert not Hand.objects.exists()


# --- a stayer left without tricks (issue 15) -----------------------------------------


def test_a_stayer_left_without_tricks_when_the_others_make_five_is_recorded_bourre(
    client, host, night
):
    by_name = ids(night)

    response = _record(client, night, {"dealer": "Ann", "stayed": {"Bob": 4, "Cy": 1, "Dee": None}})

    assert response.status_code == 302
    assert Hand.objects.get().input["stayed"] == {
        str(by_name["Bob"]): 4,
        str(by_name["Cy"]): 1,
        str(by_name["Dee"]): 0,
    }


def test_a_stayer_left_without_tricks_short_of_five_is_still_refused(client, host, night):
    response = _record(client, night, {"dealer": "Ann", "stayed": {"Bob": 3, "Cy": 1, "Dee": None}})

    assert response.status_code == 400
    assert said(rule_errors.TRICKS_MISSING, night, hand=1, player="Dee") in _text(response)
    assert not Hand.objects.exists()


def _text(response) -> str:
    return response.content.decode().replace("&#x27;", "'")
