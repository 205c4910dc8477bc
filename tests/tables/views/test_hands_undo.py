import pytest

from ledger import errors as err
from ledger import selectors
from ledger.models import Hand
from ledger.services import corrections as correction_services
from ledger.services import nights as night_services
from tables.views.hands import HAND_UNDONE, UNDO_STALE
from tests.factories import NightFactory, UserFactory, night_with
from tests.ledger.helpers import hand_data
from tests.tables.night_helpers import example_1_hands, play, said, url

pytestmark = pytest.mark.django_db


@pytest.fixture
def night():
    return NightFactory(hands=2)


# --- who may undo -----------------------------------------------------------------


def test_the_host_is_asked_to_confirm_first(client, host, night):
    response = client.get(url("hand_undo", night))

    assert response.status_code == 200
    html = response.content.decode()
    assert "Undo hand 2?" in html
    assert "Hand 2, dealt by Bob: Dee is bourré: pays 8 into the next pot. Cy wins 8." in html
    assert '<input type="hidden" name="number" value="2">' in html
    assert Hand.objects.filter(live=True).count() == 2


def test_another_host_gets_a_404_and_nothing_is_undone(client, night):
    client.force_login(UserFactory())

    assert client.get(url("hand_undo", night)).status_code == 404
    assert client.post(url("hand_undo", night), {"number": "2", "revision": "1"}).status_code == 404
    assert Hand.objects.filter(live=True).count() == 2


def test_an_anonymous_visitor_is_sent_to_sign_in(client, night):
    response = client.post(url("hand_undo", night), {"number": "2", "revision": "1"})

    assert response["Location"].startswith("/accounts/login/")
    assert Hand.objects.filter(live=True).count() == 2


# --- undoing ----------------------------------------------------------------------


def test_confirming_undoes_the_last_hand_and_frees_its_number(client, host, night):
    response = client.post(
        url("hand_undo", night), {"number": "2", "revision": "1", "reason": "Wrong tricks"}
    )

    assert response.status_code == 302
    assert response["Location"] == url("night_detail", night) + "?again=2"
    assert selectors.night_pot(night) == 4
    assert list(selectors.night_balances(night).values()) == [-1, -1, -1, -1]
    undo = Hand.objects.get(kind=Hand.UNDO)
    assert (undo.number, undo.reason, undo.created_by) == (2, "Wrong tricks", host)
    html = client.get(response["Location"]).content.decode()
    assert HAND_UNDONE % {"number": 2} in html
    assert "<h1>Hand 2</h1>" in html


def _taps(form) -> dict[str, str]:
    return {row.person.name: row.choice for row in form.rows}


def test_after_an_undo_the_hand_screen_comes_back_with_the_undone_hands_taps(client, host, night):
    response = client.post(url("hand_undo", night), {"number": "2", "revision": "1"}, follow=True)

    form = response.context["form"]
    # Hand 2 of worked example 1: Bob dealt, Cy took 3, Dee none, Ann 2.
    assert form.number == 2
    assert form.dealer == night.table.players.get(name="Bob").pk
    assert _taps(form) == {"Cy": "3", "Dee": "0", "Ann": "2", "Bob": "fold"}
    assert response.context["check"].ok


def test_the_taps_come_back_only_for_the_hand_just_undone(client, host, night):
    client.post(url("hand_undo", night), {"number": "2", "revision": "1"})
    play(night, [example_1_hands(2)[1]], start=2)

    # Hand 2 is recorded again: hand 3 is next, blank, whatever the address asks.
    for again in ("2", "3", "x"):
        form = client.get(url("night_detail", night), {"again": again}).context["form"]

        assert form.number == 3
        assert set(_taps(form).values()) == {"fold"}


def test_a_hand_never_undone_comes_back_blank(client, host, night):
    form = client.get(url("night_detail", night), {"again": "3"}).context["form"]

    assert set(_taps(form).values()) == {"fold"}


def test_the_hand_screen_offers_the_undo_with_its_confirm_in_place(client, host, night):
    html = client.get(url("night_detail", night), {"after": "2"}).content.decode()

    confirm = html.split('<details class="undo-here">')[1].split("</details>")[0]
    assert f'action="{url("hand_undo", night)}"' in confirm
    assert '<input type="hidden" name="number" value="2">' in confirm
    assert '<input type="hidden" name="revision" value="1">' in confirm
    assert "Yes, undo hand 2" in confirm


def test_the_undone_hand_can_be_recorded_again(client, host, night):
    client.post(url("hand_undo", night), {"number": "2", "revision": "1"})

    play(night, [example_1_hands(2)[1]], start=2)

    assert selectors.night_pot(night) == 8


def test_a_stale_confirmation_does_not_undo_a_newer_hand(client, host, night):
    play(night, [example_1_hands(3)[2]], start=3)

    response = client.post(url("hand_undo", night), {"number": "2", "revision": "1"})

    assert response.status_code == 409
    assert said(err.UNDO_NOT_LAST, number=2, last=3) in response.content.decode()
    assert Hand.objects.filter(live=True).count() == 3


def test_the_form_carries_the_revision_the_host_saw(client, host, night):
    html = client.get(url("hand_undo", night)).content.decode()

    assert '<input type="hidden" name="revision" value="1">' in html


def test_a_confirmation_without_the_hand_it_saw_undoes_nothing(client, host, night):
    response = client.post(url("hand_undo", night), {"number": "2"})

    assert response.status_code == 400
    assert said(UNDO_STALE, number=2) in response.content.decode()
    assert Hand.objects.filter(live=True).count() == 2


def test_an_undo_of_a_hand_corrected_since_the_page_was_opened_undoes_nothing(client, host, night):
    correction_services.hand_correct(
        night=night,
        number=2,
        hand=hand_data(night, {"dealer": "Bob", "stayed": {"Cy": 3, "Dee": 1, "Ann": 1}}),
        reason="Dee took a trick",
        by=host,
    )

    response = client.post(url("hand_undo", night), {"number": "2", "revision": "1"})

    assert response.status_code == 409
    html = response.content.decode()
    assert said(err.HAND_CHANGED[Hand.CORRECT], number=2, revision=2) in html
    assert Hand.objects.get(number=2, live=True).kind == Hand.CORRECT
    # The page now shows the corrected hand, so a second tap undoes what the host sees.
    assert '<input type="hidden" name="revision" value="2">' in html


def test_a_reason_longer_than_the_limit_is_refused_by_name(client, host, night):
    response = client.post(
        url("hand_undo", night), {"number": "2", "revision": "1", "reason": "x" * 2_000_000}
    )

    assert response.status_code == 400
    assert said(err.REASON_TOO_LONG, limit=200, length=2_000_000) in response.content.decode()
    assert Hand.objects.filter(live=True).count() == 2


def test_a_reason_with_a_nul_character_is_refused_not_a_server_error(client, host, night):
    response = client.post(
        url("hand_undo", night), {"number": "2", "revision": "1", "reason": "oops\x00"}
    )

    assert response.status_code == 400
    assert said(err.REASON_HAS_NUL) in response.content.decode()
    assert Hand.objects.filter(live=True).count() == 2


def test_with_no_hands_there_is_nothing_to_undo(client):
    night = night_with()
    client.force_login(night.table.owner)

    page = client.get(url("hand_undo", night))
    posted = client.post(url("hand_undo", night), {"number": "1"})

    assert said(err.NOTHING_TO_UNDO) in page.content.decode()
    assert posted.status_code == 400
    assert said(err.NOTHING_TO_UNDO) in posted.content.decode()


def test_a_closed_night_cannot_be_undone(client, host, night):
    night_services.night_close(night=night, by=host)

    response = client.post(url("hand_undo", night), {"number": "2"})

    assert response["Location"] == url("night_settlement", night)
    assert Hand.objects.filter(live=True).count() == 2
