import pytest

from ledger import errors as err
from ledger.models import Entry, Hand
from ledger.rules import errors as rule_errors
from ledger.services import nights as night_services
from tests.factories import UserFactory
from tests.ledger.helpers import ids
from tests.tables.night_helpers import example_1_hands, hand_post, play, said, url

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def _check(client, night, hand, number=1, **headers):
    data = hand_post(night, hand, number=number)
    return client.post(url("hand_check", night), data, **headers)


def _text(response) -> str:
    return response.content.decode().replace("&#x27;", "'")


# --- who may check ----------------------------------------------------------------


def test_the_host_gets_the_check_partial(client, host, night):
    response = _check(client, night, {"dealer": "Ann", "stayed": {"Bob": 2, "Cy": 2}}, **HTMX)

    assert response.status_code == 200
    html = _text(response)
    assert html.lstrip().startswith('<div id="hand-check"')
    assert "<html" not in html
    assert "Tricks 4 of 5" in html
    assert said(rule_errors.TRICKS_DO_NOT_ADD_UP, hand=1, total=4, tricks_per_hand=5) in html


def test_another_host_gets_a_404(client, night):
    client.force_login(UserFactory())

    assert _check(client, night, {"dealer": "Ann"}, **HTMX).status_code == 404


def test_an_anonymous_visitor_is_sent_to_sign_in(client, night):
    response = _check(client, night, {"dealer": "Ann"}, **HTMX)

    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")


# --- what it says -----------------------------------------------------------------


def test_a_good_hand_is_ready_to_record_and_nothing_is_written(client, host, night):
    response = _check(client, night, {"dealer": "Ann", "stayed": {"Bob": 3, "Cy": 2}}, **HTMX)

    html = _text(response)
    assert 'class="check ok"' in html
    assert "Tricks 5 of 5" in html
    assert "Ready to record." in html
    assert not Hand.objects.exists()
    assert not Entry.objects.exists()


@pytest.mark.parametrize(
    ("hand", "message"),
    [
        (
            {"dealer": "Ann", "seated": ["Bob", "Cy"], "stayed": {"Bob": 3, "Cy": 2}},
            lambda night: said(rule_errors.DEALER_NOT_SEATED, night, hand=1, player="Ann"),
        ),
        (
            {"dealer": "Ann", "seated": ["Ann", "Bob"], "stayed": {"Bob": 3, "Cy": 2}},
            lambda night: said(rule_errors.STAYER_NOT_SEATED, night, hand=1, player="Cy"),
        ),
        (
            {"dealer": "Ann", "stayed": {"Bob": 3, "Cy": None}},
            lambda night: said(rule_errors.TRICKS_MISSING, night, hand=1, player="Cy"),
        ),
        (
            {"dealer": "Ann", "stayed": {"Bob": 6, "Cy": -1}},
            lambda night: said(
                rule_errors.TRICKS_OVER, night, hand=1, player="Bob", tricks=6, tricks_per_hand=5
            ),
        ),
        (
            {"dealer": "Ann", "stayed": {"Bob": 6, "Cy": -1}},
            lambda night: said(rule_errors.TRICKS_NEGATIVE, night, hand=1, player="Cy", tricks=-1),
        ),
        (
            {"dealer": "Ann", "stayed": {"Bob": 3, "Cy": 2}, "reneged": ["Dee"]},
            lambda night: said(rule_errors.RENEGE_WITHOUT_STAYING, night, hand=1, player="Dee"),
        ),
        (
            {"dealer": "Ann", "stayed": {"Bob": None}, "reneged": ["Bob"]},
            lambda night: said(
                rule_errors.RENEGE_TOO_FEW_STAYERS, night, hand=1, player="Bob", count=1
            ),
        ),
        (
            {"dealer": "Ann", "seated": ["Ann"], "stayed": {}},
            lambda night: said(rule_errors.HAND_TOO_FEW_SEATED, hand=1, count=1),
        ),
    ],
)
def test_the_referees_rejections_are_named(client, host, night, hand, message):
    html = _text(_check(client, night, hand, **HTMX))

    assert message(night) in html
    assert 'class="check ok"' not in html


def test_it_sums_up_a_lone_stayer_nobody_staying_and_a_misdeal(client, host, night):
    lone = _text(_check(client, night, {"dealer": "Ann", "stayed": {"Bob": None}}, **HTMX))
    nobody = _text(_check(client, night, {"dealer": "Ann", "stayed": {}}, **HTMX))
    misdeal = _text(_check(client, night, {"dealer": "Cy", "misdeal": True}, **HTMX))

    assert "Bob stays alone and takes the pot." in lone
    assert "Nobody stays: the pot carries over." in nobody
    assert "Misdeal: Cy deals again." in misdeal


def test_a_stale_form_warns_that_the_hand_was_already_recorded(client, host, night):
    play(night, example_1_hands(1))

    html = _text(_check(client, night, {"dealer": "Bob", "stayed": {"Cy": 5, "Dee": 0}}, **HTMX))

    assert said(err.HAND_ALREADY_RECORDED, number=1) in html


def test_a_closed_night_says_so(client, host, night):
    night_services.night_close(night=night, by=host)

    html = _text(_check(client, night, {"dealer": "Ann", "stayed": {}}, **HTMX))

    assert said(err.NIGHT_CLOSED) in html


def test_without_htmx_it_shows_the_whole_screen_with_the_input_kept(client, host, night):
    response = _check(client, night, {"dealer": "Ann", "stayed": {"Bob": 2, "Cy": 2}})

    assert response.status_code == 200
    html = _text(response)
    assert "<html" in html
    assert f'name="play_{ids(night)["Cy"]}" value="2" checked' in html
    assert "Tricks 4 of 5" in html
    assert not Hand.objects.exists()


def test_checking_needs_a_post(client, host, night):
    assert client.get(url("hand_check", night)).status_code == 405


def test_a_stayer_left_without_tricks_is_called_bourre_and_ready_as_the_record_takes_it(
    client, host, night
):
    hand = {"dealer": "Ann", "stayed": {"Bob": 3, "Cy": 2, "Dee": None}}

    html = _text(_check(client, night, hand, **HTMX))

    assert "Dee stays with no tricks: bourré." in html
    assert "Ready to record." in html


def test_an_untouched_hand_is_not_called_ready(client, host, night):
    html = _text(_check(client, night, {"dealer": "Ann", "stayed": {}}, **HTMX))

    assert "Nobody stays: the pot carries over." in html
    assert "Ready to record." not in html
    assert "Record asks again first." in html
