import pytest

from ledger import errors as err
from ledger import selectors
from ledger.models import Entry, Hand
from ledger.rules import errors as rule_errors
from ledger.services import corrections as correction_services
from ledger.services import nights as night_services
from tables.views.hands import CORRECTION_STALE, HAND_CORRECTED
from tests.factories import NightFactory, UserFactory
from tests.ledger.helpers import ids
from tests.tables.night_helpers import example_1_hands, hand_post, said, url

pytestmark = pytest.mark.django_db

# Hand 2 of worked example 1 with Dee taking a trick instead of Ann: no bourré.
NEW_HAND_2 = {"dealer": "Bob", "stayed": {"Cy": 3, "Dee": 1, "Ann": 1}}
NEW_HAND_3 = {"dealer": "Cy", "stayed": {"Ann": 5, "Bob": 0}}


@pytest.fixture
def night():
    return NightFactory(hands=3)


def _post(client, night, hand, *, number=2, action="preview", reason="Dee took a trick", **more):
    data = {**hand_post(night, hand, number=number), "action": action, "reason": reason}
    data.setdefault("revision", "1")
    data.update(more)
    return client.post(url("hand_correct", night, number), data)


def _text(response) -> str:
    return response.content.decode().replace("&#x27;", "'")


# --- who may correct --------------------------------------------------------------


def test_the_host_gets_the_form_prefilled_with_the_hand(client, host, night):
    response = client.get(url("hand_correct", night, 2))

    assert response.status_code == 200
    html = response.content.decode()
    by_name = ids(night)
    assert "Correct hand 2" in html
    assert "Dee is bourré: pays 8 into the next pot. Cy wins 8." in html
    assert f'name="play_{by_name["Cy"]}" value="3" checked' in html
    assert f'name="play_{by_name["Dee"]}" value="0" checked' in html
    assert f'name="play_{by_name["Bob"]}" value="fold" checked' in html
    assert f'<option value="{by_name["Bob"]}" selected>Bob</option>' in html
    assert html.count('value="5"><span aria-hidden="true">5</span>') == 4


def test_another_host_gets_a_404_and_nothing_changes(client, night):
    client.force_login(UserFactory())

    assert client.get(url("hand_correct", night, 2)).status_code == 404
    assert _post(client, night, NEW_HAND_2, action="confirm").status_code == 404
    assert not Hand.objects.filter(kind=Hand.CORRECT).exists()


def test_an_anonymous_visitor_is_sent_to_sign_in(client, night):
    response = _post(client, night, NEW_HAND_2, action="confirm")

    assert response["Location"].startswith("/accounts/login/")
    assert not Hand.objects.filter(kind=Hand.CORRECT).exists()


def test_a_hand_that_does_not_exist_is_a_404(client, host, night):
    assert client.get(url("hand_correct", night, 9)).status_code == 404


# --- preview, then confirm --------------------------------------------------------


def test_the_preview_shows_each_balance_change_and_the_pot_and_writes_nothing(client, host, night):
    entries = Entry.objects.count()

    response = _post(client, night, NEW_HAND_2)

    assert response.status_code == 200
    html = _text(response)
    assert "What this correction does" in html
    # Without Dee's bourré Cy takes the whole pot of 8; hand 3 then starts from an empty
    # pot, so Ann's and Bob's bourrés cost 4 each instead of 12: -15 becomes -7.
    assert '<th scope="row">Ann</th><td class="num">-15</td><td class="num pos">+8</td>' in html
    assert '<th scope="row">Dee</th><td class="num">+1</td><td class="num ">0</td>' in html
    assert "Pot now <b>24</b>, after the correction <b>8</b>." in html
    assert 'name="action" value="confirm"' in html
    assert Entry.objects.count() == entries
    assert not Hand.objects.filter(kind=Hand.CORRECT).exists()


def test_confirming_corrects_the_hand_and_replays_the_later_ones(client, host, night):
    response = _post(client, night, NEW_HAND_2, action="confirm")

    assert response.status_code == 302
    assert response["Location"] == url("night_detail", night)
    corrected = Hand.objects.get(number=2, live=True)
    assert (corrected.kind, corrected.revision, corrected.reason) == (
        Hand.CORRECT,
        2,
        "Dee took a trick",
    )
    assert Hand.objects.get(number=3, live=True).kind == Hand.REPLAY
    assert selectors.night_pot(night) == 8
    assert list(selectors.night_balances(night).values()) == [-7, -7, 5, 1]
    assert HAND_CORRECTED % {"number": 2} in client.get(response["Location"]).content.decode()


def test_the_confirm_form_carries_exactly_the_previewed_hand(client, host, night):
    html = _text(_post(client, night, NEW_HAND_2))
    confirm = html[
        html.index('name="action" value="confirm"') : html.index("Confirm the correction")
    ]
    by_name = ids(night)

    assert f'name="tricks_{by_name["Dee"]}" value="1"' in confirm
    assert f'name="seated_{by_name["Ann"]}" value="1"' in confirm
    assert 'name="reason" value="Dee took a trick"' in confirm


def test_a_reason_is_required(client, host, night):
    response = _post(client, night, NEW_HAND_2, action="confirm", reason="  ")

    assert response.status_code == 400
    assert said(err.REASON_REQUIRED, number=2) in _text(response)
    assert not Hand.objects.filter(kind=Hand.CORRECT).exists()


@pytest.mark.parametrize(
    ("picked", "typed", "kept"),
    [
        ("misdeal", "", "Misdeal"),
        ("tricks", "Dee took one", "Wrong tricks: Dee took one"),
        ("other", "Cy came late", "Cy came late"),
        ("no such reason", "typed alone", "typed alone"),
    ],
)
def test_a_reason_picked_is_kept_with_the_words_typed(client, host, night, picked, typed, kept):
    response = _post(client, night, NEW_HAND_2, action="confirm", reason=typed, reason_pick=picked)

    assert response.status_code == 302
    assert Hand.objects.get(kind=Hand.CORRECT).reason == kept


def test_other_picked_with_no_words_is_refused_as_no_reason(client, host, night):
    response = _post(client, night, NEW_HAND_2, action="confirm", reason="", reason_pick="other")

    assert response.status_code == 400
    assert said(err.REASON_REQUIRED, number=2) in _text(response)
    assert 'value="other" checked' in _text(response)
    assert not Hand.objects.filter(kind=Hand.CORRECT).exists()


def test_a_reason_with_a_nul_character_is_refused_not_a_server_error(client, host, night):
    response = _post(client, night, NEW_HAND_2, action="confirm", reason="typo\x00")

    assert response.status_code == 400
    assert said(err.REASON_HAS_NUL) in _text(response)
    assert not Hand.objects.filter(kind=Hand.CORRECT).exists()


def test_the_referees_rejections_are_named(client, host, night):
    response = _post(client, night, {"dealer": "Bob", "stayed": {"Cy": 3, "Dee": 1}})

    assert response.status_code == 400
    html = _text(response)
    assert said(rule_errors.TRICKS_DO_NOT_ADD_UP, hand=2, total=4, tricks_per_hand=5) in html
    assert "What this correction does" not in html


def test_a_correction_that_changes_nothing_is_refused(client, host, night):
    response = _post(client, night, example_1_hands(2)[1], action="confirm")

    assert response.status_code == 400
    assert said(err.CORRECTION_CHANGES_NOTHING, number=2) in _text(response)


def test_a_hand_changed_meanwhile_must_be_checked_again(client, host, night):
    _post(client, night, NEW_HAND_2, action="confirm")

    response = _post(client, night, example_1_hands(2)[1], action="confirm", revision="1")

    assert response.status_code == 409
    html = _text(response)
    assert said(err.HAND_CHANGED[Hand.CORRECT], number=2, revision=2) in html
    assert Hand.objects.get(number=2, live=True).revision == 2
    # The page now shows the hand as corrected and carries its revision for another try.
    assert 'name="revision" value="2"' in html


def test_a_stale_preview_is_refused_before_showing_any_effect(client, host, night):
    _post(client, night, NEW_HAND_2, action="confirm")

    response = _post(client, night, example_1_hands(2)[1], revision="1")

    assert response.status_code == 409
    html = _text(response)
    assert said(err.HAND_CHANGED[Hand.CORRECT], number=2, revision=2) in html
    assert "What this correction does" not in html


def test_a_correction_without_the_revision_it_saw_changes_nothing(client, host, night):
    response = _post(client, night, NEW_HAND_2, action="confirm", revision="")

    assert response.status_code == 400
    assert said(CORRECTION_STALE, number=2) in _text(response)
    assert not Hand.objects.filter(kind=Hand.CORRECT).exists()


def test_a_correction_of_a_hand_undone_since_the_page_was_opened_says_so(client, host, night):
    correction_services.hand_undo_last(night=night, by=host)

    response = _post(client, night, NEW_HAND_3, number=3, action="confirm")

    assert response.status_code == 302
    assert response["Location"] == url("night_detail", night)
    page = _text(client.get(response["Location"]))
    assert said(err.HAND_CHANGED[Hand.UNDO], number=3, revision=2) in page
    assert not Hand.objects.filter(kind=Hand.CORRECT).exists()


def test_a_reason_longer_than_the_limit_is_refused_by_name(client, host, night):
    response = _post(client, night, NEW_HAND_2, action="confirm", reason="x" * 201)

    assert response.status_code == 400
    assert said(err.REASON_TOO_LONG, limit=200, length=201) in _text(response)
    assert 'maxlength="200"' in _text(response)
    assert not Hand.objects.filter(kind=Hand.CORRECT).exists()


def test_a_hand_can_be_turned_into_a_misdeal(client, host, night):
    response = _post(client, night, {"dealer": "Bob", "misdeal": True}, action="confirm")

    assert response.status_code == 302
    assert Hand.objects.get(number=2, live=True).input["misdeal"] is True


def test_a_closed_night_cannot_be_corrected(client, host, night):
    night_services.night_close(night=night, by=host)

    response = client.get(url("hand_correct", night, 2))

    assert response["Location"] == url("night_settlement", night)
